//! `grundy increasing-distance FILE`: the tree game where every move is longer than the one
//! before, decided by the middle of a diameter.
//!
//! Without `--start`, every start vertex: a table `vertex outcome threshold move`, where the
//! threshold ρ(v) is twice the distance to the middle of the diameters (the player to move on
//! v loses after a move at least that long) and the move is a winning first move. JSON:
//! `{"vertices": .., "diameter": .., "centre": {"vertex": "c"} | {"edge": ["b", "c"]},
//! "positions": [{"vertex": "a", "outcome": "win", "threshold": 4, "move": "c"}, ...]}`.
//!
//! With `--start V` (and `--last L`, the length of the previous move, 0 by default), the common
//! answer with every winning move, then `threshold`, `diameter` and `centre`.

use std::io::{self, Write};

use anyhow::{anyhow, Result};
use clap::Args;
use grundy::games::increasing_distance::{solve, Centre, Tree};
use grundy::Outcome;
use serde::Serialize;

use super::geography::{origin, read_plain_graph};

/// Arguments of `grundy increasing-distance`.
#[derive(Debug, Args)]
pub struct IncreasingDistanceArgs {
    /// The tree, in the position-graph format of `grundy solve`, each move `u v` read as an
    /// undirected edge (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Answer for the token on this vertex, with every winning move.
    #[arg(long, value_name = "VERTEX")]
    pub start: Option<String>,
    /// The length of the previous move (0: the game starts; the next move must be longer).
    #[arg(
        long,
        value_name = "L",
        requires = "start",
        allow_negative_numbers = true
    )]
    pub last: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// One start vertex in the JSON listing.
#[derive(Serialize)]
struct VertexEntry {
    vertex: String,
    outcome: Outcome,
    threshold: u64,
    #[serde(rename = "move")]
    to: Option<String>,
}

/// Runs `grundy increasing-distance`.
pub fn run(args: &IncreasingDistanceArgs) -> Result<()> {
    let graph = read_plain_graph(&args.file)?;
    let tree = Tree::from_game_graph(&graph).map_err(|e| anyhow!("{}: {e}", origin(&args.file)))?;
    let solution = solve(&tree);
    let label = |v: u32| tree.graph().label(v);
    let centre_json = match solution.centre() {
        Centre::Vertex(c) => serde_json::json!({ "vertex": label(c) }),
        Centre::Edge(a, b) => serde_json::json!({ "edge": [label(a), label(b)] }),
    };
    let centre_text = match solution.centre() {
        Centre::Vertex(c) => format!("the vertex {}", label(c)),
        Centre::Edge(a, b) => format!("the middle of the edge {} - {}", label(a), label(b)),
    };
    if let Some(start) = &args.start {
        let v = tree
            .graph()
            .index_of(start)
            .ok_or_else(|| anyhow!("--start {start}: no such vertex in {}", origin(&args.file)))?;
        let last = match &args.last {
            None => 0,
            Some(text) => text.parse::<u64>().map_err(|_| {
                anyhow!(
                    "--last {text}: expected the length of the previous move (a whole number \
                     from 0 to {})",
                    u64::MAX
                )
            })?,
        };
        let threshold = solution.threshold(v);
        let extra = if args.json {
            vec![
                ("threshold", threshold.into()),
                ("diameter", solution.diameter().into()),
                ("centre", centre_json),
            ]
        } else {
            vec![
                (
                    "threshold",
                    format!(
                        "{threshold} (the player to move loses after a move at least this long)"
                    )
                    .into(),
                ),
                ("diameter", solution.diameter().into()),
                ("centre", centre_text.into()),
            ]
        };
        return super::emit(&solution.answer(&tree, v, last), &extra, args.json);
    }
    let n = tree.vertex_count() as u32;
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.json {
        let positions: Vec<VertexEntry> = (0..n)
            .map(|v| VertexEntry {
                vertex: label(v),
                outcome: solution.outcome(v, 0),
                threshold: solution.threshold(v),
                to: solution.first_move(v).map(label),
            })
            .collect();
        let object = serde_json::json!({
            "vertices": n,
            "diameter": solution.diameter(),
            "centre": centre_json,
            "positions": positions,
        });
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
    } else {
        let verdict = match solution.centre() {
            Centre::Vertex(c) => format!("the first player loses only from {}", label(c)),
            Centre::Edge(..) => "the first player wins from every vertex".to_string(),
        };
        writeln!(
            out,
            "{n} vertices, diameter {}, centre {centre_text}: {verdict}",
            solution.diameter()
        )?;
        let labels: Vec<String> = (0..n).map(label).collect();
        let width = labels
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        writeln!(out, "{:<width$}  outcome  threshold  move", "vertex")?;
        for (v, name) in labels.iter().enumerate() {
            let v = v as u32;
            let to = solution
                .first_move(v)
                .map_or("-", |u| labels[u as usize].as_str());
            writeln!(
                out,
                "{name:<width$}  {:<7}  {:>9}  {to}",
                solution.outcome(v, 0).as_str(),
                solution.threshold(v)
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
