//! `grundy staircase STONES... [--kam]`: Staircase Nim by the XOR of the odd steps, and POI2009
//! KAM (piles kept non-decreasing) by its staircase of differences, with every winning move.
//!
//! Text prints the outcome, the value and the winning moves as `move 1 stone from step 2 to
//! step 1` (or `pile 4: 9 -> 5 (take 4)` with `--kam`, which also prints the staircase); JSON
//! is the common answer with moves `{"step": 2, "stones": 1}` (or `{"pile": 4, "from": 9,
//! "to": 5}`, and `"staircase": [...]`). Steps and piles are numbered from 1.

use anyhow::{Context, Result};
use clap::Args;
use grundy::games::staircase::{answer, kam_answer, kam_staircase};

/// Arguments of `grundy staircase`.
#[derive(Debug, Args)]
pub struct StaircaseArgs {
    /// The stones on steps 1, 2, ..., n (0 to 2^64 - 1 each); stones move from a step to the
    /// one below, and leave the game from step 1. With --kam: the piles, non-decreasing.
    #[arg(value_name = "STONES", required = true, allow_negative_numbers = true)]
    pub stones: Vec<String>,
    /// POI2009 KAM: the numbers are piles a_1 <= ... <= a_n, and a move takes stones from one
    /// pile so that they stay non-decreasing.
    #[arg(long)]
    pub kam: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads counts: decimal integers from 0 to 2^64 - 1; `what` names them in messages (`step`,
/// `pile`, `entry`), numbered from 1.
pub(super) fn parse_counts(what: &str, texts: &[String]) -> Result<Vec<u64>> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            text.parse::<u64>().ok().with_context(|| {
                format!(
                    "{what} {}: '{text}' is not a whole number from 0 to {}",
                    i + 1,
                    u64::MAX
                )
            })
        })
        .collect()
}

/// Runs `grundy staircase`.
pub fn run(args: &StaircaseArgs) -> Result<()> {
    if !args.kam {
        let steps = parse_counts("step", &args.stones)?;
        return super::emit(&answer(&steps), &[], args.json);
    }
    let piles = parse_counts("pile", &args.stones)?;
    let steps = kam_staircase(&piles)?;
    let extra = if args.json {
        vec![("staircase", serde_json::to_value(&steps)?)]
    } else {
        let steps: Vec<String> = steps.iter().map(u64::to_string).collect();
        vec![(
            "staircase (step 1 = last pile's excess)",
            steps.join(" ").into(),
        )]
    };
    super::emit(&kam_answer(&piles)?, &extra, args.json)
}
