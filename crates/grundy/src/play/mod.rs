//! Playing a game against the engine, or two people with hints: one model for every front end
//! (the terminal's `grundy play`, the web page's JSON API).
//!
//! - [`Played`] is a game being played, object-safe: its start position, and at any position
//!   (given as text, so that a stateless server can be sent it) an [`Analysis`]: the position
//!   drawn ([`Drawing`]), its evaluation ([`Eval`]: outcome, remoteness where known, value
//!   where known), and its legal moves ([`Choice`]), each with the evaluation of the position
//!   it leads to, marked when it is a mistake, and the engine's choice among them.
//! - Two kinds of games implement it: a position graph ([`graph::GraphMatch`]: exact outcomes
//!   and remoteness from [`crate::solve::solve`], draws on cycles), and the catalogue's
//!   families ([`catalogue::CatalogueMatch`] over a [`catalogue::Playable`] game: outcome and
//!   value from the formula at any size, remoteness from the generic solver where the reachable
//!   positions fit a budget).
//! - [`Session`] keeps a game's history: moves typed or chosen by the engine, undo, and the
//!   review of the moves that threw a win (or a draw) away.
//!
//! The engine plays a best move ([`engine_choice`]): the fastest win, the slowest loss, a move
//! that keeps a draw. Where remoteness is unknown (positions too large to solve) it plays a
//! winning move from a win and, from a loss, the first legal move in the game's order (the
//! smallest take from the first pile that allows one), which keeps the game long in the
//! games of the catalogue.

pub mod catalogue;
mod drawing;
pub mod graph;
pub mod piles;
mod session;

use serde::Serialize;

pub use drawing::Drawing;
pub use session::{Mover, Session, Turn};

use crate::outcome::Outcome;

/// How many moves an [`Analysis`] lists by default: a pile of 10^18 has too many to list, so
/// front ends ask for at most this many (the winning moves are always among them).
pub const LISTED_MOVES: usize = 100;

/// What is known of a position, for the player to move there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Eval {
    /// The outcome with best play.
    pub outcome: Outcome,
    /// Moves until the game ends with best play (the winner hurries, the loser delays);
    /// `None` for a draw, or where the game is too large to solve exactly.
    pub remoteness: Option<u32>,
    /// The Sprague–Grundy value, where the formula gives one.
    pub value: Option<u64>,
}

/// One legal move at a position, evaluated.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// What a user types to make the move (`2-3`: take 3 from pile 2).
    pub key: String,
    /// The move in words (`pile 2: 5 -> 2 (take 3)`).
    pub text: String,
    /// The move as the catalogue's JSON describes it (`{"pile": 2, "from": 5, "to": 2}`).
    #[serde(rename = "move")]
    pub json: serde_json::Value,
    /// The position after the move, as text.
    pub to: String,
    /// The position after the move, drawn.
    pub drawing: Drawing,
    /// The position after the move, for the opponent who moves there.
    pub after: Eval,
    /// What the move gives its player: the opponent's outcome turned round.
    pub result: Outcome,
    /// Whether the move throws away a win (or a draw) that the position offered.
    pub mistake: bool,
}

impl Choice {
    /// A move leading to a position evaluated `after` (for the opponent); its `result` is
    /// `after` turned round, and it is marked a mistake later by [`Analysis::new`].
    pub fn new(
        key: String,
        text: String,
        json: serde_json::Value,
        to: String,
        drawing: Drawing,
        after: Eval,
    ) -> Choice {
        Choice {
            key,
            text,
            json,
            to,
            drawing,
            after,
            result: after.outcome.flip(),
            mistake: false,
        }
    }

    /// Moves until the game ends if this move is played and both sides then play well
    /// (this move counted), where known.
    pub fn moves_to_end(&self) -> Option<u32> {
        self.after.remoteness.map(|r| r + 1)
    }
}

/// Whether a move whose player gets `result` from a position of outcome `before` is a
/// mistake: it turns a win into a draw or a loss, or a draw into a loss.
pub fn is_mistake(before: Outcome, result: Outcome) -> bool {
    matches!(
        (before, result),
        (Outcome::Win, Outcome::Draw | Outcome::Loss) | (Outcome::Draw, Outcome::Loss)
    )
}

/// A position with everything a player may ask about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    /// The position as text (the notation the game reads back).
    pub position: String,
    /// The position drawn.
    pub drawing: Drawing,
    /// The position for the player to move.
    #[serde(flatten)]
    pub eval: Eval,
    /// Legal moves: all of them, or the first ones in the game's order and every winning
    /// move, when there are more than the listing allows (see `move_count`).
    pub moves: Vec<Choice>,
    /// The number of legal moves (in JSON a number, or a decimal string beyond 2^64 - 1).
    #[serde(serialize_with = "count_json")]
    pub move_count: u128,
    /// Whether remoteness is known (the game was solved exactly from here).
    pub exact: bool,
    /// The index in `moves` of the engine's choice; `None` where the game has ended.
    pub best: Option<usize>,
}

impl Analysis {
    /// The analysis of a position from its evaluation and its listed moves: marks the
    /// mistakes and the engine's choice. O(moves).
    pub fn new(
        position: String,
        drawing: Drawing,
        eval: Eval,
        mut moves: Vec<Choice>,
        move_count: u128,
        exact: bool,
    ) -> Analysis {
        for m in &mut moves {
            m.mistake = is_mistake(eval.outcome, m.result);
        }
        let best = engine_choice(eval.outcome, &moves);
        Analysis {
            position,
            drawing,
            eval,
            moves,
            move_count,
            exact,
            best,
        }
    }

    /// Whether the game is over: no legal move.
    pub fn is_over(&self) -> bool {
        self.move_count == 0
    }

    /// Whether some legal moves are not listed.
    pub fn is_partial(&self) -> bool {
        self.move_count > self.moves.len() as u128
    }

    /// The listed move typed as `key`, if any.
    pub fn find(&self, key: &str) -> Option<&Choice> {
        self.moves.iter().find(|m| m.key.eq_ignore_ascii_case(key))
    }
}

/// A count as a JSON number, or a decimal string beyond 2^64 - 1.
fn count_json<S: serde::Serializer>(count: &u128, serializer: S) -> Result<S::Ok, S::Error> {
    crate::games::count_as_number_or_text(&Some(*count), serializer)
}

/// The engine's move among `moves` at a position of outcome `outcome`: from a win, a winning
/// move of least remoteness (the fastest win); from a loss, a move of greatest remoteness
/// (the slowest loss); from a draw, a move that keeps the draw. Moves of unknown remoteness
/// come after known ones, and ties go to the first listed. `None` when there is no move.
/// O(moves).
pub fn engine_choice(outcome: Outcome, moves: &[Choice]) -> Option<usize> {
    let ranked = moves.iter().enumerate();
    match outcome {
        Outcome::Win => ranked
            .filter(|(_, m)| m.result == Outcome::Win)
            .min_by_key(|(_, m)| m.after.remoteness.unwrap_or(u32::MAX))
            .map(|(i, _)| i),
        Outcome::Loss => ranked
            .max_by_key(|(i, m)| (m.after.remoteness.map(i64::from), -(*i as i64)))
            .map(|(i, _)| i),
        Outcome::Draw => ranked
            .filter(|(_, m)| m.result == Outcome::Draw)
            .map(|(i, _)| i)
            .next(),
    }
    .or_else(|| (!moves.is_empty()).then_some(0))
}

/// Why a position or a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The parameters or the position are not the game's.
    #[error("{0}")]
    Position(String),
    /// The move is not legal here, or could not be read.
    #[error("{0}")]
    Move(String),
    /// Answering would exceed a limit on size, time or memory.
    #[error("{0}")]
    TooLarge(String),
}

/// A table of the game's values that can start a game from any of its cells: the name
/// `grundy table` reads, and how a cell becomes a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TableOffer {
    /// The table's name for [`crate::games::registry::table_game`]: `wythoff`, `nim2`.
    pub spec: String,
    /// The number of parameters: 1 (n) or 2 (a, b).
    pub parameters: usize,
    /// The position of a cell: `{n}`, or `{a}` and `{b}`, replaced by the cell's parameters.
    pub position: String,
}

impl TableOffer {
    /// The position of the cell at `n` (one parameter) or `(a, b)`.
    pub fn position_at(&self, a: u64, b: Option<u64>) -> String {
        let text = self.position.replace("{n}", &a.to_string());
        let text = text.replace("{a}", &a.to_string());
        match b {
            Some(b) => text.replace("{b}", &b.to_string()),
            None => text,
        }
    }
}

/// A game being played: its parameters are fixed, its positions are text. Object-safe, so
/// that front ends hold any game as `Box<dyn Played>`; `Send + Sync`, so that a server can
/// share one.
pub trait Played: Send + Sync {
    /// The game and its parameters in words: `Nim`, `subtraction game: take 1, 3 or 4`.
    fn title(&self) -> String;

    /// How moves are typed, in one line: `PILE-TAKE, e.g. 2-3: take 3 from pile 2`.
    fn notation(&self) -> String;

    /// The position play starts from.
    fn start(&self) -> String;

    /// Everything about `position`, with at most about `limit` moves listed (every winning
    /// move is listed whatever the limit). Errors for a position that is not the game's.
    fn analyse(&self, position: &str, limit: usize) -> Result<Analysis, PlayError>;

    /// The move typed as `text` at `position`, evaluated (for moves the listing left out).
    /// Errors for an illegal or unreadable move.
    fn read_move(&self, position: &str, text: &str) -> Result<Choice, PlayError>;

    /// A table of values whose cells are positions of this game, if there is one.
    fn table(&self) -> Option<TableOffer> {
        None
    }
}

/// The constructor of a family's game from the user's parameters: what
/// [`crate::games::Family::play`] holds.
pub type PlayHook = fn(&crate::games::Inputs) -> Result<Box<dyn Played>, crate::games::RunError>;
