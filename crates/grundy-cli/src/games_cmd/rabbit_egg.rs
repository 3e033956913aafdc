//! `grundy rabbit-egg FILE`: [NOI2011] 兔兔与蛋蛋游戏, a game record in the contest's input
//! format (`n m`, the board, `k`, then 2k moves `x y`; the moves may be left out).
//!
//! The common answer is for the position reached at the end of the record (outcome and every
//! winning move, as `M(x, y)`: the piece at row x, column y slides into the empty cell). Text
//! adds who is to move, one line per move (who wins before and after it, and whether it threw a
//! win away) and the mistakes of each player by round; JSON adds `"to_move"`, `"moves":
//! [{"number": 1, "side": "rabbit", "round": 1, "cell": [1, 2], "before": "win", "after":
//! "win", "mistake": true}, ...]`, `"mistakes"` (the rabbit's rounds: the contest's answer)
//! and `"egg_mistakes"`. `--noi` prints only the contest's output: the number of the
//! rabbit's mistakes, then their rounds, one per line.

use std::io::{self, Write};

use anyhow::{anyhow, Result};
use clap::Args;
use grundy::games::rabbit_egg::{Record, Side};

use super::geography::read_text;

/// Arguments of `grundy rabbit-egg`.
#[derive(Debug, Args)]
pub struct RabbitEggArgs {
    /// The game record in the contest's input format (`-`: standard input): `n m`, n rows of
    /// `X` (black), `O` (white) and one `.`, then `k` and 2k moves `x y`, the rabbit's first.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Print only the contest's answer: the number of the rabbit's mistakes, then their rounds.
    #[arg(long, conflicts_with = "json")]
    pub noi: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `1 (round 1)`, `2 (rounds 1, 2)` or `0`.
fn rounds_text(rounds: &[usize]) -> String {
    match rounds {
        [] => "0".into(),
        [one] => format!("1 (round {one})"),
        many => format!(
            "{} (rounds {})",
            many.len(),
            many.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Runs `grundy rabbit-egg`.
pub fn run(args: &RabbitEggArgs) -> Result<()> {
    let (origin, text) = read_text(&args.file)?;
    let record = Record::parse(&text).map_err(|e| anyhow!("{origin}:{e}"))?;
    let analysis = record.analyse();
    let rabbit = analysis.mistakes(Side::Rabbit);
    let egg = analysis.mistakes(Side::Egg);
    if args.noi {
        let mut out = io::BufWriter::new(io::stdout().lock());
        writeln!(out, "{}", rabbit.len())?;
        for round in &rabbit {
            writeln!(out, "{round}")?;
        }
        out.flush()?;
        return Ok(());
    }
    let extra: Vec<(String, serde_json::Value)> = if args.json {
        vec![
            ("to_move".into(), serde_json::to_value(analysis.to_move)?),
            ("moves".into(), serde_json::to_value(&analysis.moves)?),
            ("mistakes".into(), serde_json::to_value(&rabbit)?),
            ("egg_mistakes".into(), serde_json::to_value(&egg)?),
        ]
    } else {
        let pieces = match analysis.to_move {
            Side::Rabbit => "white pieces, O",
            Side::Egg => "black pieces, X",
        };
        let mut extra = vec![(
            "to move".to_string(),
            format!(
                "{} ({pieces}), after {} moves",
                analysis.to_move,
                analysis.moves.len()
            )
            .into(),
        )];
        for report in &analysis.moves {
            extra.push((format!("move {}", report.number), report.to_string().into()));
        }
        extra.push(("rabbit's mistakes".into(), rounds_text(&rabbit).into()));
        extra.push(("egg's mistakes".into(), rounds_text(&egg).into()));
        extra
    };
    let extra: Vec<(&str, serde_json::Value)> =
        extra.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    super::emit(&analysis.answer, &extra, args.json)
}
