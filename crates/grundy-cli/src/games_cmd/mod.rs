//! Subcommands of the catalogue games: `grundy <game> [parameters] POSITION...`.
//!
//! Every game prints, in text, the outcome for the player to move, the Sprague–Grundy value
//! where the game is impartial, and the winning moves; with `--json`, one object
//! `{"outcome": "win"|"loss", "value": <int or null>, "winning_moves": [...], ...}` with the
//! game's own fields after these.

pub mod candy_piles;
pub mod circle_take;
pub mod coins;
pub mod dynamic_subtraction;
pub mod ends;
pub mod fibonacci;
pub mod flip_run;
pub mod geography;
pub mod increasing_distance;
pub mod josephus;
pub mod mex_mat;
pub mod nim;
pub mod partizan_piles;
pub mod plus_k_nim;
pub mod rabbit_egg;
pub mod rectangle_cut;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;
pub mod zero_runs;

use std::fmt::Display;
use std::io::{self, Write};

use anyhow::Result;
use grundy::games::Answer;
use serde::Serialize;

/// How many winning moves text output lists before saying how many there are.
const LISTED: usize = 20;

/// Prints a catalogue answer, with the game's own fields (`extra`: name and value) after the
/// common ones.
pub fn emit<M: Serialize + Display>(
    answer: &Answer<M>,
    extra: &[(&str, serde_json::Value)],
    json: bool,
) -> Result<()> {
    let mut out = io::stdout().lock();
    if json {
        let mut object = serde_json::to_value(answer)?;
        if let Some(map) = object.as_object_mut() {
            for (key, value) in extra {
                map.insert((*key).to_string(), value.clone());
            }
        }
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
        return Ok(());
    }
    match answer.value {
        Some(v) => writeln!(out, "{} (Sprague-Grundy value {v})", answer.outcome)?,
        None => writeln!(out, "{}", answer.outcome)?,
    }
    for (key, value) in extra {
        match value {
            serde_json::Value::String(s) => writeln!(out, "{key}: {s}")?,
            other => writeln!(out, "{key}: {other}")?,
        }
    }
    write_winning_moves(&mut out, answer)?;
    Ok(())
}

/// Writes an answer's winning moves as text: their number, the first [`LISTED`], and `...`
/// when there are more. Nothing when there are none.
pub fn write_winning_moves<M: Display>(out: &mut impl Write, answer: &Answer<M>) -> io::Result<()> {
    let total = answer
        .winning_move_count
        .unwrap_or(answer.winning_moves.len() as u128);
    if total > 0 {
        writeln!(out, "winning moves ({total}):")?;
        for m in answer.winning_moves.iter().take(LISTED) {
            writeln!(out, "  {m}")?;
        }
        if total > LISTED.min(answer.winning_moves.len()) as u128 {
            writeln!(out, "  ...")?;
        }
    }
    Ok(())
}
