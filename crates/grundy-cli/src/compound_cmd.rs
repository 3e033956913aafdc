//! `grundy nim-k` and `grundy misere`: compound impartial games by their rules.

use std::io::{self, Write};

use anyhow::{bail, Result};
use clap::Args;
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
