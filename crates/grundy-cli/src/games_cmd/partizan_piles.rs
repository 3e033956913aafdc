//! `grundy partizan-piles --a A --b B PILES...`: Left must take exactly A counters from one
//! pile, Right exactly B; a player who cannot move loses. Prints the outcome class and, for
//! each player moving first, his outcome and every winning move.
//!
//! Text:
//!
//! ```text
//! the first player wins
//! piles: 1 pile hot for Left ({c|0})
//! Left (takes 2) moving first: win
//! winning moves (1):
//!   pile 1: 4 -> 2
//! Right (takes 3) moving first: win
//! winning moves (1):
//!   pile 1: 4 -> 1
//! ```
//!
//! JSON: `{"class": "left"|"right"|"first"|"second", "kinds": {"zero": .., "left_only": ..,
//! "right_only": .., "star": .., "left_hot": .., "right_hot": ..}, "left_first": <answer>,
//! "right_first": <answer>, "a": A, "b": B}`, where each answer is the catalogue's common
//! object (`outcome` for the player moving first, `value` null, `winning_moves` as
//! `{"pile": 1, "from": 4, "to": 2}`). Up to 1000 moves per player are listed
//! (`partizan_piles::LISTED_MOVES`), with `winning_move_count` when there are more; text
//! lists 20.

use std::io::{self, Write};

use anyhow::{anyhow, Result};
use clap::Args;
use grundy::games::partizan_piles::{PartizanPiles, PileMove, Side};
use grundy::games::Answer;

/// Arguments of `grundy partizan-piles`.
#[derive(Debug, Args)]
pub struct PartizanPilesArgs {
    /// How many counters Left (Alice) must take (1 to 2^64 - 1).
    #[arg(long, value_name = "A", allow_negative_numbers = true)]
    pub a: String,
    /// How many counters Right (Bob) must take (1 to 2^64 - 1).
    #[arg(long, value_name = "B", allow_negative_numbers = true)]
    pub b: String,
    /// The pile sizes (0 to 2^64 - 1 counters each).
    #[arg(value_name = "PILES", required = true, allow_negative_numbers = true)]
    pub piles: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads a take: a decimal integer from 1 to 2^64 - 1.
fn parse_take(name: &str, text: &str) -> Result<u64> {
    text.parse::<u64>().ok().filter(|&t| t >= 1).ok_or_else(|| {
        anyhow!(
            "--{name}: '{text}' is not a take (expected a whole number from 1 to {})",
            u64::MAX
        )
    })
}

/// Prints one player's answer: his outcome moving first and his winning moves.
fn write_side(
    out: &mut impl Write,
    side: Side,
    take: u64,
    answer: &Answer<PileMove>,
) -> io::Result<()> {
    writeln!(
        out,
        "{side} (takes {take}) moving first: {}",
        answer.outcome
    )?;
    super::write_winning_moves(out, answer)
}

/// Runs `grundy partizan-piles`.
pub fn run(args: &PartizanPilesArgs) -> Result<()> {
    let a = parse_take("a", &args.a)?;
    let b = parse_take("b", &args.b)?;
    let piles = super::nim::parse_piles(&args.piles)?;
    let game = PartizanPiles::new(a, b)?;
    let answer = game.answer(&piles);
    let mut out = io::stdout().lock();
    if args.json {
        let mut object = serde_json::to_value(&answer)?;
        if let Some(map) = object.as_object_mut() {
            map.insert("a".into(), a.into());
            map.insert("b".into(), b.into());
        }
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{}", answer.class)?;
    writeln!(out, "piles: {}", answer.kinds)?;
    write_side(&mut out, Side::Left, a, &answer.left_first)?;
    write_side(&mut out, Side::Right, b, &answer.right_first)?;
    Ok(())
}
