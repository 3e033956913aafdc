//! `grundy nim-k` and `grundy misere`: compound impartial games by their rules.

use std::io::{self, Write};

use anyhow::{bail, Result};
use clap::Args;
use grundy::impartial::product::{corner_move, corners_value, CornerMove};
use grundy::impartial::{misere, nim_k};
use grundy::Outcome;
use serde::Serialize;

/// Arguments of `grundy nim-k`.
#[derive(Debug, Args)]
pub struct NimKArgs {
    /// How many piles a move may take from (at least 1).
    pub k: u64,
    /// The pile sizes.
    #[arg(required = true)]
    pub piles: Vec<u64>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `grundy misere`.
#[derive(Debug, Args)]
pub struct MisereArgs {
    /// The values of the components (for Anti-Nim: the pile sizes). The last player to move
    /// loses; the rule is exact when a component of value 0 has no move (see the README).
    #[arg(required = true)]
    pub values: Vec<u64>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `grundy corners`.
#[derive(Debug, Args)]
pub struct CornersArgs {
    /// The heads, each as comma-separated 0-based coordinates (`x,y` on a board, `x,y,z` in
    /// a box; all of one dimension). `-` reads them from standard input, one per line, with
    /// coordinates separated by commas or spaces.
    #[arg(required = true)]
    pub heads: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Answer<M: Serialize> {
    outcome: Outcome,
    value: Option<u64>,
    winning_moves: Vec<M>,
}

#[derive(Serialize)]
struct PilesMove {
    piles: Vec<u64>,
}

#[derive(Serialize)]
struct ComponentMove {
    component: usize,
    from: u64,
    to: u64,
}

/// Runs `grundy nim-k`.
pub fn run_nim_k(args: &NimKArgs) -> Result<()> {
    if args.k == 0 {
        bail!("k must be at least 1: a move takes from 1 to k piles");
    }
    let mv = nim_k::winning_move(&args.piles, args.k);
    let answer = Answer {
        outcome: if nim_k::wins(&args.piles, args.k) {
            Outcome::Win
        } else {
            Outcome::Loss
        },
        value: None,
        winning_moves: mv.iter().map(|p| PilesMove { piles: p.clone() }).collect(),
    };
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{}", answer.outcome)?;
    if let Some(next) = mv {
        let taken: Vec<String> = (0..next.len())
            .filter(|&i| next[i] != args.piles[i])
            .map(|i| format!("pile {} from {} to {}", i + 1, args.piles[i], next[i]))
            .collect();
        let sizes: Vec<String> = next.iter().map(u64::to_string).collect();
        writeln!(
            out,
            "winning move: {} (leaves {})",
            taken.join(", "),
            sizes.join(" ")
        )?;
    }
    Ok(())
}

/// Runs `grundy misere`.
pub fn run_misere(args: &MisereArgs) -> Result<()> {
    let wins = misere::anti_sg_wins(&args.values);
    let mv = misere::anti_sg_move(&args.values);
    let answer = Answer {
        outcome: if wins { Outcome::Win } else { Outcome::Loss },
        value: None,
        winning_moves: mv
            .iter()
            .map(|&(i, to)| ComponentMove {
                component: i + 1,
                from: args.values[i],
                to,
            })
            .collect(),
    };
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{}", answer.outcome)?;
    match mv {
        Some((i, to)) => writeln!(
            out,
            "winning move: component {} from value {} to {to}",
            i + 1,
            args.values[i]
        )?,
        None if args.values.iter().all(|&v| v == 0) => writeln!(
            out,
            "no move is left: the opponent made the last move, so the player to move has won"
        )?,
        None => {}
    }
    Ok(())
}

#[derive(Serialize)]
struct BoxMove {
    far: Vec<u64>,
    near: Vec<u64>,
}

/// How many nim products the search for a winning move may spend.
const CORNER_BUDGET: u64 = 1 << 22;

/// Runs `grundy corners`.
pub fn run_corners(args: &CornersArgs) -> Result<()> {
    let heads = read_heads(&args.heads)?;
    let value = corners_value(&heads);
    let found = corner_move(&heads, CORNER_BUDGET);
    let moves: Vec<BoxMove> = match &found {
        CornerMove::Found { head, lower } => vec![BoxMove {
            far: heads[*head].clone(),
            near: lower.clone(),
        }],
        _ => Vec::new(),
    };
    let answer = Answer {
        outcome: if value.get() == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        },
        value: Some(value.get()),
        winning_moves: moves,
    };
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &answer)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{} (value {value})", answer.outcome)?;
    let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    match found {
        CornerMove::Found { head, lower } => writeln!(
            out,
            "winning move: turn the corners of the box from {} to {}",
            join(&lower),
            join(&heads[head])
        )?,
        CornerMove::NotFound => writeln!(
            out,
            "a winning move exists; the search for one gave up after {CORNER_BUDGET} products"
        )?,
        CornerMove::None => {}
    }
    Ok(())
}

/// Heads from the arguments, or from standard input for `-`.
fn read_heads(args: &[String]) -> Result<Vec<Vec<u64>>> {
    let mut lines: Vec<(String, String)> = Vec::new();
    for (i, a) in args.iter().enumerate() {
        if a == "-" {
            let text = io::read_to_string(io::stdin())?;
            for (j, line) in text.lines().enumerate() {
                if !line.trim().is_empty() {
                    lines.push((format!("<stdin>:{}", j + 1), line.to_string()));
                }
            }
        } else {
            lines.push((format!("argument {}", i + 1), a.clone()));
        }
    }
    let mut heads = Vec::with_capacity(lines.len());
    for (place, line) in &lines {
        let coords: Vec<u64> = line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<u64>().map_err(|_| {
                    anyhow::anyhow!(
                        "{place}: '{t}' is not a coordinate: expected a whole number from 0 to {}",
                        u64::MAX
                    )
                })
            })
            .collect::<Result<_>>()?;
        if coords.is_empty() {
            bail!("{place}: expected coordinates like 3,5");
        }
        if let Some(first) = heads.first() {
            let first: &Vec<u64> = first;
            if first.len() != coords.len() {
                bail!(
                    "{place}: {} coordinates, but the first head has {}: all heads have the same dimension",
                    coords.len(),
                    first.len()
                );
            }
        }
        heads.push(coords);
    }
    Ok(heads)
}
