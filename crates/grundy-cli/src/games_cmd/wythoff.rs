//! `grundy wythoff A B`: Wythoff's game on two piles, by the exact Beatty-sequence formula.
//!
//! Besides the common answer, each pile is placed among the P-positions: it is a_k or b_k,
//! with its pair (a_k, b_k). Text prints `pile A: 5 = b_2, in the P-position (3, 5)`; JSON adds
//! `"piles": [{"pile": 5, "sequence": "upper", "k": 2, "pair": [3, 5]}, ...]`.

use anyhow::{Context, Result};
use clap::Args;
use grundy::games::wythoff::{answer, pile_index};

/// Arguments of `grundy wythoff`.
#[derive(Debug, Args)]
pub struct WythoffArgs {
    /// The first pile (0 to 2^64 - 1 counters).
    #[arg(value_name = "A", allow_negative_numbers = true)]
    pub a: String,
    /// The second pile (0 to 2^64 - 1 counters).
    #[arg(value_name = "B", allow_negative_numbers = true)]
    pub b: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads a pile size: a decimal integer from 0 to 2^64 - 1.
fn parse_pile(name: &str, text: &str) -> Result<u64> {
    text.parse::<u64>().ok().with_context(|| {
        format!(
            "pile {name}: '{text}' is not a pile size (expected a whole number from 0 to {})",
            u64::MAX
        )
    })
}

/// Runs `grundy wythoff`.
pub fn run(args: &WythoffArgs) -> Result<()> {
    let a = parse_pile("A", &args.a)?;
    let b = parse_pile("B", &args.b)?;
    let (index_a, index_b) = (pile_index(a), pile_index(b));
    let extra = if args.json {
        vec![("piles", serde_json::to_value([index_a, index_b])?)]
    } else {
        vec![
            ("pile A", index_a.to_string().into()),
            ("pile B", index_b.to_string().into()),
        ]
    };
    super::emit(&answer(a, b), &extra, args.json)
}
