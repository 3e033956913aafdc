//! The transcript of a game played, in JSON (`grundy play --format json`): each move with the
//! outcome it gave its player, as the engine's analysis has it, then how the game ended.

use std::io::Write;

use anyhow::Result;
use grundy::Outcome;
use grundy_catalogue::play::{Choice, Step};
use serde::Serialize;

use super::table::{End, Played};
use crate::output::write_json_line;

/// A game as its transcript records it. Players are numbered 1 (the side that moved first)
/// and 2.
#[derive(Serialize)]
struct Transcript<'a> {
    /// The game in words: `Nim`.
    game: &'a str,
    /// The start position.
    start: String,
    /// The player the engine played; `None` when two people played.
    engine: Option<usize>,
    /// The moves, in order.
    moves: Vec<Move>,
    /// The position where the game stopped.
    position: String,
    /// How it stopped.
    end: End,
    /// The player who won, where it ended with a winner.
    winner: Option<usize>,
}

/// One move of the transcript.
#[derive(Serialize)]
struct Move {
    /// Its number in the game, from 1.
    number: usize,
    /// The player who made it.
    player: usize,
    /// The position it was made from.
    from: String,
    /// The outcome at `from` for its player, with best play.
    before: Outcome,
    /// The move as the position listed it: `key`, `to`, `text`, `result` (what it gave its
    /// player), `remoteness`, `value`, `canonical_form`, `mistake`.
    #[serde(flatten)]
    choice: Option<Choice>,
}

impl Move {
    /// The `number`th move, `step`, of the game `played`.
    fn new(played: &Played, number: usize, step: &Step) -> Move {
        let game = played.session.game();
        Move {
            number,
            player: step.side + 1,
            from: game.name(step.from),
            before: step.before,
            choice: game.choice(step.from, step.to),
        }
    }
}

/// Writes the transcript of the game `played` (against the engine playing side `engine`,
/// or between two people) as one line of JSON. O(moves × the moves of a position).
pub(super) fn write(out: &mut impl Write, played: &Played, engine: Option<usize>) -> Result<()> {
    let session = &played.session;
    let game = session.game();
    let moves = (session.history().iter().enumerate())
        .map(|(i, step)| Move::new(played, i + 1, step))
        .collect();
    let transcript = Transcript {
        game: game.title(),
        start: game.name(game.start()),
        engine: engine.map(|side| side + 1),
        moves,
        position: game.name(session.position()),
        end: played.end,
        winner: played.winner.map(|side| side + 1),
    };
    write_json_line(out, &transcript)
}
