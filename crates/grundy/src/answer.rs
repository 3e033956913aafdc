//! The common shape of a catalogue answer: the outcome, the value, the winning moves. A room
//! of its own below the catalogue (the crate `grundy-catalogue`, whose `games` re-exports it)
//! and the reports that render it ([`crate::report`]).

use serde::Serialize;

use crate::outcome::Outcome;

/// What a catalogue game says about one position: the outcome for the player to move, the
/// Sprague–Grundy value where the game is impartial and its value is known, and the winning
/// moves (`M` is the family's description of a move).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Answer<M> {
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The Sprague–Grundy value, for impartial games in normal play.
    pub value: Option<u64>,
    /// Winning moves: all of them, or the first ones when `winning_move_count` says there are
    /// more.
    pub winning_moves: Vec<M>,
    /// The number of winning moves, when they are not all listed (in JSON a number, or a
    /// decimal string above 2^64 - 1).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "count_as_number_or_text"
    )]
    pub winning_move_count: Option<u128>,
}

impl<M> Answer<M> {
    /// An answer listing all its winning moves; the outcome is a win iff there is one.
    pub fn from_moves(value: Option<u64>, winning_moves: Vec<M>) -> Answer<M> {
        Answer {
            outcome: if winning_moves.is_empty() {
                Outcome::Loss
            } else {
                Outcome::Win
            },
            value,
            winning_moves,
            winning_move_count: None,
        }
    }
}

/// A count as a JSON number when it fits in 64 bits, else as a decimal string (JSON readers
/// lose precision on larger numbers, and some refuse them).
fn count_as_number_or_text<S: serde::Serializer>(
    count: &Option<u128>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match count {
        Some(c) => match u64::try_from(*c) {
            Ok(small) => serializer.serialize_u64(small),
            Err(_) => serializer.serialize_str(&c.to_string()),
        },
        None => serializer.serialize_none(),
    }
}

/// A position of a game with draws and remoteness, solved: the answer for the player to move,
/// how fast the game ends, the best moves, and the positions the answer took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteAnswer<M> {
    /// The outcome for the player to move, and every winning move.
    pub answer: Answer<M>,
    /// Moves until the game ends under best play (the winner hurries, the loser delays);
    /// `None` for a draw.
    pub remoteness: Option<u32>,
    /// The best moves: fastest wins, slowest losses, or the moves that keep a draw.
    pub best_moves: Vec<M>,
    /// The positions explored, or those of the strong solution the answer was read from.
    pub positions: u64,
}

impl<M> RemoteAnswer<M> {
    /// The answer worth `outcome` and `remoteness` at a position, with every winning move
    /// listed, its best moves, and the positions it took.
    pub fn new(
        outcome: Outcome,
        remoteness: Option<u32>,
        winning_moves: Vec<M>,
        best_moves: Vec<M>,
        positions: u64,
    ) -> RemoteAnswer<M> {
        RemoteAnswer {
            answer: Answer {
                outcome,
                value: None,
                winning_moves,
                winning_move_count: None,
            },
            remoteness,
            best_moves,
            positions,
        }
    }
}
