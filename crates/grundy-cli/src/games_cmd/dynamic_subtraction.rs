//! `grundy dynamic-subtraction N --k K [--limit L]`: the k-multiple dynamic subtraction game
//! (notes 004), for a rational k ≥ 1 (`2`, `3/2`, `1.5`).
//!
//! Besides the common answer: `k` (as a string, `3/2`), `pile`, `limit`, `representation` (the
//! pile as a sum of losing sizes, largest first, each more than k times the next),
//! `min_winning_first_move` (from the start only: the notes' f(n), or null when the first
//! player loses), `losing_size_count` (how many losing starts are at most N) and
//! `losing_sizes` (the first 100 of them).

use anyhow::{bail, Result};
use clap::Args;
use grundy::games::dynamic_subtraction::{answer, Ratio};
use serde_json::Value;

use super::fibonacci::parse_number;

/// How many losing sizes are listed at most.
const LISTED_SIZES: usize = 100;

/// Arguments of `grundy dynamic-subtraction`.
#[derive(Debug, Args)]
pub struct DynamicSubtractionArgs {
    /// The pile (0 to 2^64 - 1 counters).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub pile: String,
    /// The multiplier k ≥ 1: after a take of c the next player takes at most ⌊k·c⌋. An integer,
    /// a fraction a/b or a decimal.
    #[arg(long, value_name = "K", required = true, allow_hyphen_values = true)]
    pub k: String,
    /// In the middle of play: the most the player to move may take (⌊k·c⌋ after the opponent
    /// took c). Default: the start, where the first player may take anything but the whole
    /// pile (N - 1).
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub limit: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy dynamic-subtraction`.
pub fn run(args: &DynamicSubtractionArgs) -> Result<()> {
    let k: Ratio = args.k.parse().map_err(|e| anyhow::anyhow!("--k: {e}"))?;
    let pile = parse_number("N", &args.pile)?;
    let limit = match &args.limit {
        None => None,
        Some(text) => match parse_number("--limit", text)? {
            0 => bail!("--limit: the limit must be at least 1"),
            limit => Some(limit),
        },
    };
    let (reply, sizes) = answer(k, pile, limit)?;
    let mut extra = vec![
        ("k", Value::from(k.to_string())),
        ("pile", pile.into()),
        ("limit", limit.unwrap_or(pile.saturating_sub(1)).into()),
        ("representation", sizes.representation(pile).into()),
    ];
    if limit.is_none() {
        let first = sizes.min_winning_take(pile).filter(|&f| f < pile);
        extra.push(("min_winning_first_move", first.into()));
    }
    extra.push(("losing_size_count", sizes.len().into()));
    extra.push((
        "losing_sizes",
        sizes.iter().take(LISTED_SIZES).collect::<Vec<_>>().into(),
    ));
    super::emit(&reply, &extra, args.json)
}
