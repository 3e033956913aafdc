//! `grundy candy-piles A1 ... An`: Candy Piles (take one stone from every pile, or a largest
//! pile; whoever takes the last stone loses), by the diagonal walk of notes 000.
//!
//! Prints the common answer: the outcome and the winning moves (at most two). The piles can
//! also come from a file (`--file`, `-` for standard input) in the format of AtCoder AGC002 E:
//! N, then N pile sizes.

use anyhow::Result;
use clap::Args;
use grundy::games::candy_piles::answer;

use super::ends::values_from;

/// Arguments of `grundy candy-piles`.
#[derive(Debug, Args)]
pub struct CandyPilesArgs {
    /// The pile sizes (0 to 2^64 - 1 stones each), in any order.
    #[arg(value_name = "PILE", allow_negative_numbers = true)]
    pub piles: Vec<String>,
    /// Read the piles from a file (`-`: standard input): N, then N pile sizes.
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy candy-piles`.
pub fn run(args: &CandyPilesArgs) -> Result<()> {
    let piles = values_from(&args.piles, args.file.as_deref(), "pile")?;
    super::emit(&answer(&piles), &[], args.json)
}
