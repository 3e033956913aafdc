//! `grundy rectangle-cut AxB...`: rectangle cutting (a move cuts one side of a rectangle into
//! d equal pieces, d ≥ 2 a divisor of it), valued by the prime-factor counts of the sides.
//!
//! Text prints the outcome, the value, each rectangle's value (`values: 6x4 = 2, 9x15 = 0`)
//! and the winning moves as `rectangle 1 (6x4): cut side A into 2 pieces 3x4`; JSON is the
//! common answer with `"values": [2, 0]` and moves
//! `{"rectangle": 1, "from": [6, 4], "side": "a", "parts": 2, "piece": [3, 4]}`. The first
//! 1000 moves are listed (`rectangle_cut::LISTED_MOVES`), with `winning_move_count` when
//! there are more.

use anyhow::{anyhow, Result};
use clap::Args;
use grundy::games::rectangle_cut::{answer, Rectangle};

/// Arguments of `grundy rectangle-cut`.
#[derive(Debug, Args)]
pub struct RectangleCutArgs {
    /// The rectangles, each as `AxB` (sides from 1 to 2^64 - 1, e.g. `6x4`).
    #[arg(
        value_name = "RECTANGLES",
        required = true,
        allow_negative_numbers = true
    )]
    pub rectangles: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads `AxB` (also `AXB` or `A×B`); `place` names it in messages.
fn parse_rectangle(place: &str, text: &str) -> Result<Rectangle> {
    let bad = || {
        anyhow!(
            "{place}: '{text}' is not a rectangle (expected AxB with sides from 1 to {}, e.g. 6x4)",
            u64::MAX
        )
    };
    let (a, b) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let a = a.trim().parse::<u64>().map_err(|_| bad())?;
    let b = b.trim().parse::<u64>().map_err(|_| bad())?;
    Rectangle::new(a, b).map_err(|e| anyhow!("{place}: {e}"))
}

/// Runs `grundy rectangle-cut`.
pub fn run(args: &RectangleCutArgs) -> Result<()> {
    let rects: Vec<Rectangle> = args
        .rectangles
        .iter()
        .enumerate()
        .map(|(i, t)| parse_rectangle(&format!("rectangle {}", i + 1), t))
        .collect::<Result<_>>()?;
    let values: Vec<u64> = rects.iter().map(|r| r.value()).collect();
    let extra = if args.json {
        vec![("values", serde_json::to_value(&values)?)]
    } else {
        let listed: Vec<String> = rects
            .iter()
            .zip(&values)
            .map(|(r, v)| format!("{r} = {v}"))
            .collect();
        vec![("values", listed.join(", ").into())]
    };
    super::emit(&answer(&rects), &extra, args.json)
}
