//! `grundy fibonacci-nim N [--limit L]`: Fibonacci Nim, from the start or in the middle of
//! play; `grundy misere-fibonacci-nim`: its misère form with a bounded first move
//! (「SNOI2020」取石子), for one position, a count of P-positions, or a batch of counts.
//!
//! `fibonacci-nim` adds to the common answer `pile`, `limit`, `zeckendorf` (the terms of the
//! pile, largest first) and `fibonacci` (whether the pile is a Fibonacci number: from the start
//! the first player loses iff it is). `misere-fibonacci-nim N --k K` adds `pile`, `limit` and
//! `zeckendorf_of_pile_minus_one`; `--count M` prints the number of P-positions among the
//! starts 1..=M (JSON: `{"k", "m", "losses"}`); `--batch` reads T and then T lines `k m` from
//! standard input and prints one count per line.

use std::fmt::Write as _;
use std::io::{self, Read, Write};

use anyhow::{bail, Context, Result};
use clap::Args;
use grundy::games::fibonacci::{answer, misere_answer, misere_losses_up_to, start_answer};
use grundy::math::zeckendorf::{is_fibonacci, zeckendorf};

/// Arguments of `grundy fibonacci-nim`.
#[derive(Debug, Args)]
pub struct FibonacciNimArgs {
    /// The pile (0 to 2^64 - 1 counters).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub pile: String,
    /// In the middle of play: the most the player to move may take (twice the opponent's last
    /// take; a limit at least N allows taking the whole pile). Default: the start, where the
    /// first player may take anything but the whole pile (N - 1).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub limit: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `grundy misere-fibonacci-nim`.
#[derive(Debug, Args)]
pub struct MisereFibonacciNimArgs {
    /// The pile (0 to 2^64 - 1 counters); omit it with --count or --batch.
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub pile: Option<String>,
    /// The most the first move may take (later: twice the opponent's last take).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub k: Option<String>,
    /// Count the P-positions (second player wins) among the starts 1..=M.
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub count: Option<String>,
    /// Read T, then T lines `k m` from standard input; print each count, one per line.
    #[arg(long, conflicts_with_all = ["pile", "k", "count", "json"])]
    pub batch: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads a count: a decimal integer from 0 to 2^64 - 1. `what` names it in the message.
pub(super) fn parse_number(what: &str, text: &str) -> Result<u64> {
    text.parse::<u64>().ok().with_context(|| {
        format!(
            "{what}: '{text}' is not a number (expected a whole number from 0 to {})",
            u64::MAX
        )
    })
}

/// Runs `grundy fibonacci-nim`.
pub fn run(args: &FibonacciNimArgs) -> Result<()> {
    let pile = parse_number("N", &args.pile)?;
    let limit = match &args.limit {
        None => pile.saturating_sub(1),
        Some(text) => match parse_number("--limit", text)? {
            0 => bail!("--limit: the limit must be at least 1 (it is twice a take)"),
            limit => limit,
        },
    };
    let reply = match args.limit {
        None => start_answer(pile),
        Some(_) => answer(pile, limit),
    };
    let extra = [
        ("pile", pile.into()),
        ("limit", limit.into()),
        ("zeckendorf", zeckendorf(pile).into()),
        ("fibonacci", is_fibonacci(pile).into()),
    ];
    super::emit(&reply, &extra, args.json)
}

/// Reads k of the misère game (named `what` in messages): at least 1.
fn parse_k(what: &str, text: &str) -> Result<u64> {
    let k = parse_number(what, text)?;
    if k == 0 {
        bail!("{what}: the first move must be allowed at least 1 counter (k ≥ 1)");
    }
    Ok(k)
}

/// Runs `grundy misere-fibonacci-nim`.
pub fn run_misere(args: &MisereFibonacciNimArgs) -> Result<()> {
    if args.batch {
        return run_batch();
    }
    let Some(k) = &args.k else {
        bail!("--k K is needed (the most the first move may take), or --batch");
    };
    let k = parse_k("--k", k)?;
    match (&args.pile, &args.count) {
        (Some(_), Some(_)) => bail!("give either a pile N or --count M, not both"),
        (None, None) => bail!("give a pile N, or --count M"),
        (None, Some(m)) => {
            let m = parse_number("--count", m)?;
            let losses = misere_losses_up_to(k, m);
            let mut out = io::stdout().lock();
            if args.json {
                let object = serde_json::json!({"k": k, "m": m, "losses": losses});
                writeln!(out, "{object}")?;
            } else {
                writeln!(out, "{losses}")?;
            }
            Ok(())
        }
        (Some(pile), None) => {
            let pile = parse_number("N", pile)?;
            let extra = [
                ("pile", pile.into()),
                ("limit", k.into()),
                (
                    "zeckendorf_of_pile_minus_one",
                    zeckendorf(pile.saturating_sub(1)).into(),
                ),
            ];
            super::emit(&misere_answer(pile, k), &extra, args.json)
        }
    }
}

/// `--batch`: T, then T lines `k m`; one count per line.
fn run_batch() -> Result<()> {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .context("reading standard input")?;
    let mut lines = input
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty());
    let Some((first, t)) = lines.next() else {
        bail!("standard input is empty: expected T, then T lines 'k m'");
    };
    let t = parse_number(&format!("line {first}: T"), t)?;
    // The answers are printed only once every line has been read without error.
    let mut out = String::new();
    let mut answered = 0u64;
    for (number, line) in lines {
        if answered == t {
            bail!("line {number}: more than T = {t} queries");
        }
        let mut words = line.split_whitespace();
        let (Some(k), Some(m), None) = (words.next(), words.next(), words.next()) else {
            bail!("line {number}: expected two numbers 'k m', got '{line}'");
        };
        let k = parse_k("k", k).with_context(|| format!("line {number}"))?;
        let m = parse_number("m", m).with_context(|| format!("line {number}"))?;
        writeln!(out, "{}", misere_losses_up_to(k, m))?;
        answered += 1;
    }
    if answered < t {
        bail!("standard input ended after {answered} of T = {t} queries");
    }
    io::stdout().lock().write_all(out.as_bytes())?;
    Ok(())
}
