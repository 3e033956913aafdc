//! `grundy nim PILES... [--misere]`: Nim by the XOR of the piles, and Anti-Nim (misère play)
//! by the Anti-SG rule, with every winning move.
//!
//! Text prints the outcome, the value in normal play and the winning moves as
//! `pile 1: 3 -> 1 (take 2)`; JSON is the common answer with moves
//! `{"pile": 1, "from": 3, "to": 1}` (piles numbered from 1). The misère value is `null`.

use anyhow::{Context, Result};
use clap::Args;
use grundy::games::nim;

/// Arguments of `grundy nim`.
#[derive(Debug, Args)]
pub struct NimArgs {
    /// The pile sizes (0 to 2^64 - 1 counters each).
    #[arg(value_name = "PILES", required = true, allow_negative_numbers = true)]
    pub piles: Vec<String>,
    /// Misère play (Anti-Nim): whoever takes the last counter loses.
    #[arg(long)]
    pub misere: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads pile sizes: decimal integers from 0 to 2^64 - 1, numbered from 1 in messages.
pub fn parse_piles(texts: &[String]) -> Result<Vec<u64>> {
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            text.parse::<u64>().ok().with_context(|| {
                format!(
                    "pile {}: '{text}' is not a pile size (expected a whole number from 0 to {})",
                    i + 1,
                    u64::MAX
                )
            })
        })
        .collect()
}

/// Runs `grundy nim`.
pub fn run(args: &NimArgs) -> Result<()> {
    let piles = parse_piles(&args.piles)?;
    if !args.misere {
        return super::emit(&nim::answer(&piles), &[], args.json);
    }
    let extra = if piles.iter().all(|&a| a == 0) {
        vec![(
            "note",
            "every pile is empty: the opponent took the last counter, so the player to move has won"
                .into(),
        )]
    } else {
        Vec::new()
    };
    super::emit(&nim::misere_answer(&piles), &extra, args.json)
}
