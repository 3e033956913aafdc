//! `grundy plus-k-nim N --k K [--limit L]` and `grundy plus-k-nim --k K --count L R`: the game
//! whose first move takes one counter and each later move at most k more than the one before
//! (notes 000).
//!
//! For a position, besides the common answer: `k`, `pile`, `limit`, `representation` (the pile
//! as a sum of losing sizes, largest first, each more than k above the next) and `period` (of
//! the outcomes). `--count L R` prints how many starts in [L, R] are P-positions (the second
//! player wins); JSON `{"k", "l", "r", "losses", "period", "runs"}`, `runs` being the lengths
//! of the runs of P-positions in one period, each after one N-position, from n = 1. Numbers
//! beyond 2^64 - 1 (a period for K near 2^64) are strings in JSON.

use std::io::{self, Write};

use anyhow::{bail, Result};
use clap::Args;
use grundy::games::plus_k_nim::Pattern;
use serde_json::{json, Value};

use super::fibonacci::parse_number;

/// Arguments of `grundy plus-k-nim`.
#[derive(Debug, Args)]
pub struct PlusKNimArgs {
    /// The pile (0 to 2^64 - 1 counters); omit it with --count.
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub pile: Option<String>,
    /// After a take of c the next player takes at most c + K (K ≥ 0).
    #[arg(long, value_name = "K", required = true, allow_hyphen_values = true)]
    pub k: String,
    /// In the middle of play: the most the player to move may take (c + K after the opponent
    /// took c). Default: the start, where the first move takes exactly one counter.
    #[arg(
        long,
        value_name = "L",
        allow_hyphen_values = true,
        conflicts_with = "count"
    )]
    pub limit: Option<String>,
    /// Count the P-positions (second player wins) among the starts L..=R.
    #[arg(long, num_args = 2, value_names = ["L", "R"], allow_hyphen_values = true)]
    pub count: Option<Vec<String>>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// A JSON number, or a string when it is beyond 2^64 - 1 (a period for K near 2^64).
fn number(v: u128) -> Value {
    u64::try_from(v).map_or_else(|_| Value::from(v.to_string()), Value::from)
}

/// Runs `grundy plus-k-nim`.
pub fn run(args: &PlusKNimArgs) -> Result<()> {
    let k = parse_number("--k", &args.k)?;
    let pattern = Pattern::new(k);
    match (&args.pile, &args.count) {
        (Some(_), Some(_)) => bail!("give either a pile N or --count L R, not both"),
        (None, None) => bail!("give a pile N, or --count L R"),
        (None, Some(range)) => {
            let l = parse_number("--count L", &range[0])?;
            let r = parse_number("--count R", &range[1])?;
            if l > r {
                bail!("--count: the range {l}..{r} is empty (L must be at most R)");
            }
            let losses = pattern.losses_in(l, r);
            let mut out = io::stdout().lock();
            if args.json {
                let object = json!({
                    "k": k,
                    "l": l,
                    "r": r,
                    "losses": number(losses),
                    "period": number(pattern.period()),
                    "runs": pattern.runs().into_iter().map(number).collect::<Vec<_>>(),
                });
                writeln!(out, "{object}")?;
            } else {
                writeln!(out, "{losses}")?;
            }
            Ok(())
        }
        (Some(pile), None) => {
            let pile = parse_number("N", pile)?;
            let limit = match &args.limit {
                None => 1,
                Some(text) => match parse_number("--limit", text)? {
                    0 => bail!("--limit: the limit must be at least 1"),
                    limit => limit,
                },
            };
            let extra = [
                ("k", k.into()),
                ("pile", pile.into()),
                ("limit", limit.into()),
                ("representation", pattern.representation(pile).into()),
                ("period", number(pattern.period())),
            ];
            super::emit(&pattern.answer(pile, limit), &extra, args.json)
        }
    }
}
