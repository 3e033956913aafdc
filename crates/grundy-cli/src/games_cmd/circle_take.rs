//! `grundy circle-take N K`: N stones in a circle, a move takes 1 to K consecutive stones.
//!
//! Text prints the outcome, the value and the winning first move as `take 5 consecutive
//! stones (leaves a row of 0)`; JSON is the common answer with moves `{"take": 5, "leaves":
//! 0}`. All placements of a first move are the same up to rotation.

use anyhow::{Context, Result};
use clap::Args;
use grundy::games::circle_take::answer;

/// Arguments of `grundy circle-take`.
#[derive(Debug, Args)]
pub struct CircleTakeArgs {
    /// The number of stones in the circle (0 to 2^64 - 1).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: String,
    /// The most consecutive stones a move may take (1 to 2^64 - 1).
    #[arg(value_name = "K", allow_negative_numbers = true)]
    pub k: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads N or K: a decimal integer from 0 to 2^64 - 1.
fn parse(name: &str, text: &str) -> Result<u64> {
    text.parse::<u64>().ok().with_context(|| {
        format!(
            "{name}: '{text}' is not a number (expected a whole number from 0 to {})",
            u64::MAX
        )
    })
}

/// Runs `grundy circle-take`.
pub fn run(args: &CircleTakeArgs) -> Result<()> {
    let n = parse("N", &args.n)?;
    let k = parse("K", &args.k)?;
    super::emit(&answer(n, k)?, &[], args.json)
}
