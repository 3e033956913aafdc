//! `grundy flip-run A1 ... An`: the notes' flipping game (取反游戏): a move takes 1 from some
//! `a_i > 0` and adds 1 to each of the next t entries (t ≥ 0).
//!
//! Text prints the outcome, the value and the winning moves as `a_2 - 1, a_3..a_5 + 1`; JSON
//! is the common answer with moves `{"index": 2, "run": 3}` (indices from 1; `run` entries
//! after `index` gain 1).

use anyhow::Result;
use clap::Args;
use grundy::games::flip_run::answer;

use super::staircase::parse_counts;

/// Arguments of `grundy flip-run`.
#[derive(Debug, Args)]
pub struct FlipRunArgs {
    /// The sequence a_1, ..., a_n (0 to 2^64 - 1 each).
    #[arg(value_name = "A", required = true, allow_negative_numbers = true)]
    pub a: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy flip-run`.
pub fn run(args: &FlipRunArgs) -> Result<()> {
    let a = parse_counts("entry", &args.a)?;
    super::emit(&answer(&a), &[], args.json)
}
