//! Taking from the ends: `grundy fox-cards`, `grundy carrots`, `grundy ends-sum` and
//! `grundy two-queues`.
//!
//! `fox-cards` and `carrots` answer with numbers (the players' sums; the value left for each
//! k), in text or as JSON objects of their own (`{"first": .., "second": ..}`,
//! `{"values": [..]}`). `ends-sum` and `two-queues` ask who wins and print the common answer;
//! `ends-sum` adds `odd_sum` and `even_sum` (JSON numbers, or decimal strings above 2^64 - 1).
//! The number lists can also come from a file (`--file`, `-` for standard input) in the
//! format of the contest problem.

use std::io::{self, Write};

use anyhow::{anyhow, bail, Result};
use clap::Args;
use grundy::games::ends::{carrots, fox_cards, parity_sums, sum_game, two_queues};
use serde::Serialize;

/// Arguments of `grundy fox-cards`.
#[derive(Debug, Args)]
pub struct FoxCardsArgs {
    /// The piles, each as its card values from top to bottom separated by commas (`1,10`).
    #[arg(value_name = "PILE", allow_negative_numbers = true)]
    pub piles: Vec<String>,
    /// Read the piles from a file (`-`: standard input) in the format of Codeforces 388C:
    /// n, then n lines `s c1 ... cs`.
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `grundy carrots`.
#[derive(Debug, Args)]
pub struct CarrotsArgs {
    /// The values of the row, in order.
    #[arg(value_name = "VALUE", allow_negative_numbers = true)]
    pub values: Vec<String>,
    /// Read the values from a file (`-`: standard input) in the format of Codeforces 794E:
    /// n, then n values.
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `grundy ends-sum`.
#[derive(Debug, Args)]
pub struct EndsSumArgs {
    /// The values of the row, in order: an even number of them, with an odd total.
    #[arg(value_name = "VALUE", allow_negative_numbers = true)]
    pub values: Vec<String>,
    /// Read the values from a file (`-`: standard input): n, then n values.
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `grundy two-queues`.
#[derive(Debug, Args)]
pub struct TwoQueuesArgs {
    /// The threshold: whoever brings the sum of the values popped to it or beyond loses
    /// (from 1 to the sum of both queues).
    #[arg(value_name = "THRESHOLD", allow_negative_numbers = true)]
    pub threshold: String,
    /// The first queue, head first, values separated by commas (`''` for an empty queue).
    #[arg(value_name = "QUEUE1", allow_negative_numbers = true)]
    pub first: String,
    /// The second queue, head first, values separated by commas.
    #[arg(value_name = "QUEUE2", allow_negative_numbers = true)]
    pub second: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads a value: a decimal integer from 0 to 2^64 - 1; `place` says where it was.
fn parse_value(place: &str, text: &str) -> Result<u64> {
    text.parse::<u64>().map_err(|_| {
        anyhow!(
            "{place}: '{text}' is not a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// Reads a comma-separated list of values (`""` is the empty list).
fn parse_list(place: &str, text: &str) -> Result<Vec<u64>> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|t| parse_value(place, t.trim()))
        .collect()
}

/// The whitespace-separated numbers of a file, with their places for messages.
struct Tokens {
    path: String,
    tokens: Vec<(usize, String)>,
    next: usize,
}

impl Tokens {
    /// Reads a file, or standard input for `-`.
    fn read(path: &str) -> Result<Tokens> {
        let text = if path == "-" {
            io::read_to_string(io::stdin())?
        } else {
            std::fs::read_to_string(path).map_err(|e| anyhow!("{path}: {e}"))?
        };
        let tokens = text
            .lines()
            .enumerate()
            .flat_map(|(i, line)| line.split_whitespace().map(move |t| (i + 1, t.to_string())))
            .collect();
        Ok(Tokens {
            path: if path == "-" {
                "<stdin>".into()
            } else {
                path.into()
            },
            tokens,
            next: 0,
        })
    }

    /// The next number; `what` names it for the message when it is missing.
    fn value(&mut self, what: &str) -> Result<u64> {
        let Some((line, text)) = self.tokens.get(self.next) else {
            bail!("{}: expected {what}, found the end of the input", self.path);
        };
        self.next += 1;
        parse_value(&format!("{}:{line}", self.path), text)
    }

    /// A count followed by that many values.
    fn counted(&mut self, what: &str) -> Result<Vec<u64>> {
        let n = self.value("the count of values")?;
        (0..n).map(|_| self.value(what)).collect()
    }

    /// Fails if anything is left.
    fn finish(&self) -> Result<()> {
        match self.tokens.get(self.next) {
            Some((line, text)) => bail!(
                "{}:{line}: unexpected '{text}' after the last number expected",
                self.path
            ),
            None => Ok(()),
        }
    }
}

/// The values given as arguments, or by `--file` as a count and the values; at least one.
pub(super) fn values_from(args: &[String], file: Option<&str>, what: &str) -> Result<Vec<u64>> {
    let values = match file {
        Some(_) if !args.is_empty() => {
            bail!("give the {what}s as arguments or with --file, not both")
        }
        Some(path) => {
            let mut tokens = Tokens::read(path)?;
            let values = tokens.counted(&format!("a {what}"))?;
            tokens.finish()?;
            values
        }
        None => args
            .iter()
            .enumerate()
            .map(|(i, a)| parse_value(&format!("{what} {}", i + 1), a))
            .collect::<Result<_>>()?,
    };
    if values.is_empty() {
        bail!("no {what} given");
    }
    Ok(values)
}

/// A sum as a JSON number, or as a decimal string when it does not fit in 64 bits.
fn json_sum(x: u128) -> serde_json::Value {
    match u64::try_from(x) {
        Ok(x) => x.into(),
        Err(_) => x.to_string().into(),
    }
}

/// Runs `grundy fox-cards`.
pub fn run_fox_cards(args: &FoxCardsArgs) -> Result<()> {
    let piles: Vec<Vec<u64>> = match &args.file {
        Some(_) if !args.piles.is_empty() => {
            bail!("give the piles as arguments or with --file, not both")
        }
        Some(path) => {
            let mut tokens = Tokens::read(path)?;
            let n = tokens.value("the number of piles")?;
            let piles = (0..n)
                .map(|_| tokens.counted("a card value"))
                .collect::<Result<_>>()?;
            tokens.finish()?;
            piles
        }
        None => args
            .piles
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let place = format!("pile {}", i + 1);
                let pile = parse_list(&place, a)?;
                if pile.is_empty() {
                    bail!("{place}: a pile needs at least one card");
                }
                Ok(pile)
            })
            .collect::<Result<_>>()?,
    };
    if piles.is_empty() {
        bail!("no pile given");
    }
    let scores = fox_cards(&piles);
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &scores).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        writeln!(out, "first player (takes from the tops): {}", scores.first)?;
        writeln!(
            out,
            "second player (takes from the bottoms): {}",
            scores.second
        )?;
    }
    Ok(())
}

#[derive(Serialize)]
struct CarrotValues {
    values: Vec<u64>,
}

/// Runs `grundy carrots`.
pub fn run_carrots(args: &CarrotsArgs) -> Result<()> {
    let values = values_from(&args.values, args.file.as_deref(), "value")?;
    let left = CarrotValues {
        values: carrots(&values),
    };
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &left).map_err(io::Error::from)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "value left after k = 0, 1, ..., {} extra moves of the first player:",
            values.len() - 1
        )?;
        let mut line = String::new();
        for (k, v) in left.values.iter().enumerate() {
            if k > 0 {
                line.push(' ');
            }
            line.push_str(itoa::Buffer::new().format(*v));
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Runs `grundy ends-sum`.
pub fn run_ends_sum(args: &EndsSumArgs) -> Result<()> {
    let values = values_from(&args.values, args.file.as_deref(), "value")?;
    let answer = sum_game(&values)?;
    let (odd, even) = parity_sums(&values);
    let extra = [("odd_sum", json_sum(odd)), ("even_sum", json_sum(even))];
    super::emit(&answer, &extra, args.json)
}

/// Runs `grundy two-queues`.
pub fn run_two_queues(args: &TwoQueuesArgs) -> Result<()> {
    let threshold = args.threshold.parse::<u128>().map_err(|_| {
        anyhow!(
            "threshold: '{}' is not a threshold (expected a whole number from 1 to {})",
            args.threshold,
            u128::MAX
        )
    })?;
    let first = parse_list("queue 1", &args.first)?;
    let second = parse_list("queue 2", &args.second)?;
    let answer = two_queues(first, second, threshold)?;
    super::emit(&answer, &[], args.json)
}
