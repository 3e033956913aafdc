//! `grundy zero-runs STRING`: a move deletes a non-empty substring of 0s from a 0/1 string.
//!
//! Text prints the outcome, the value (the XOR of the lengths of the runs of 0s) and the
//! winning moves as `delete 2 zeros at 4..5`; JSON is the common answer with moves
//! `{"start": 4, "length": 2}` (positions from 1). The first 1000 moves are listed
//! (`zero_runs::LISTED_MOVES`), with `winning_move_count` when there are more.

use anyhow::Result;
use clap::Args;
use grundy::games::zero_runs::answer;

/// Arguments of `grundy zero-runs`.
#[derive(Debug, Args)]
pub struct ZeroRunsArgs {
    /// The string, of 0s and 1s.
    #[arg(value_name = "STRING", allow_hyphen_values = true)]
    pub string: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy zero-runs`.
pub fn run(args: &ZeroRunsArgs) -> Result<()> {
    super::emit(&answer(&args.string)?, &[], args.json)
}
