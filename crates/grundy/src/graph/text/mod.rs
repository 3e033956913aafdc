//! The text format for position graphs: one move or one position per line.
//!
//! ```text
//! # A comment runs from '#' to the end of the line; blank lines are ignored.
//! a b              # a move from position a to position b
//! b c
//! c                # a position named on its own: it exists even with no moves
//! d result=draw    # attributes follow a lone position as key=value
//! e player=2       # player 2 is to move at e
//! f payoff=-3      # for payoff solving: the game ends at f with payoff -3
//! ```
//!
//! - **Positions** are ids: non-negative integers (`0` to `4294967294`; an all-digit id is an
//!   integer, so `007` and `7` are the same position) or names made of `A-Z a-z 0-9 _ . : -`.
//!   The positions of the graph are exactly those the file names.
//! - **Moves**: a line `u v` is a move from `u` to `v`. Repeated lines add parallel moves,
//!   which change no outcome; `u u` is a move that passes.
//! - **Attributes** stand on a line with a single position, after it, as `key=value`:
//!   - `result=win|loss|draw`: the game ends at this position and the player to move there
//!     wins, loses or draws. The fixed result takes precedence over any moves the position has.
//!   - `player=1|2`: which player is to move at the position, for games in which the players
//!     have different moves (the position then includes whose turn it is). Moves need not
//!     alternate: a move to a position of the same player is an extra turn.
//!
//!   - `payoff=N` (an integer): for payoff solving, the game ends at this position with
//!     payoff N, which player 1 maximises and player 2 minimises.
//!
//!   An attribute may be repeated with the same value; a different value is an error.
//! - **Order**: when every id is an integer, positions are ordered by id; otherwise by first
//!   mention in the file.
//!
//! Errors name the place as `file:line:column` (1-based; columns count bytes, which are
//! characters since ids are ASCII) and say what was expected there.
//!
//! ```
//! use grundy::graph::text::{parse_str, write};
//! use grundy::{Outcome, Player};
//!
//! let game = parse_str("a b   # a move\nb c\nd result=draw\ne player=2\n").unwrap();
//! assert_eq!(game.position_count(), 5);
//! assert_eq!(game.fixed_result(game.index_of("d").unwrap()), Some(Outcome::Draw));
//! assert_eq!(game.player(game.index_of("e").unwrap()), Some(Player::Two));
//!
//! // Writing and reading again gives the same graph.
//! let mut text = Vec::new();
//! write(&game, &mut text).unwrap();
//! assert_eq!(parse_str(&String::from_utf8(text).unwrap()).unwrap(), game);
//! ```

mod reader;
mod writer;

pub use reader::{parse_str, read, read_path, scan, Attribute, Id, ReadError, Sink, SinkError};
pub use writer::write;
