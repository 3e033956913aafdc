//! The loopy rulesets played (Backsliding Toads and Frogs, Fox and Geese: the engine's
//! [`LOOPY_RULESETS`](grundy::partizan::rulesets::loopy_registry::LOOPY_RULESETS)): a
//! position explored by its ruleset into a loopy game, each of its positions taken once with
//! each player to move, and solved like every other game, so that play may go round a cycle
//! for ever: a draw, which the engine keeps when it cannot win. Its moves are named by the
//! piece that moves, read off the boards before and after.

use std::sync::Arc;

use grundy::budget::{Budget, Exhausted, Resource};
use grundy::outcome::{Player, Side};
use grundy::partizan::loopy::LoopyGame;
use grundy::partizan::rulesets::loopy_registry::{LoopyPositionError, LoopyRuleset};

use super::rulesets::{side_word, split_side, Forms};
use super::{Drawing, Match, PlayError};

/// A loopy ruleset's game from `position` (the ruleset's notation, then `left` or `right` for
/// who moves first), explored within `budget` (its positions counted with each player to
/// move) and solved. Positions are drawn as the rows of their notation (a strip is one row).
/// O(positions × moves).
pub fn build(ruleset: &LoopyRuleset, position: &str, budget: &Budget) -> Result<Match, PlayError> {
    let (text, side) = split_side(position);
    // Each position of the loopy game is two of play's, one with each player to move.
    let halved = budget.clone().with_positions(budget.positions() / 2);
    let (game, boards) = ruleset.explore(text, &halved).map_err(|e| match e {
        LoopyPositionError::Board(e) => PlayError::Game(format!("{}: {e}", ruleset.title)),
        LoopyPositionError::Budget(e) => too_large(e, budget),
    })?;
    // Position 2v is v with Left to move, 2v + 1 with Right: the graph the engine's loopy
    // outcomes are solved on, so that play and `LoopyGame`'s outcomes agree.
    let players = (0..2 * game.len())
        .map(|p| Some(if p % 2 == 0 { Player::One } else { Player::Two }))
        .collect();
    let graph = game.alternating().with_players(players);
    let (names, drawings) = (0..2 * game.len())
        .map(|p| {
            let (board, side) = (&boards[p / 2], side_of(p as u32));
            let drawing = Drawing::Board {
                rows: board.split('|').map(str::to_string).collect(),
                note: None,
                chess: false,
            };
            (
                format!("{board} {}", side_word(side)),
                drawing.with_note(format!("{side} to move")),
            )
        })
        .unzip();
    let start = u32::from(side == Side::Right);
    let forms: Arc<dyn Forms> = Arc::new(LoopyMoves { game, boards });
    Match::solved(
        ruleset.title.to_string(),
        graph,
        names,
        drawings,
        start,
        false,
        Some(forms),
    )
}

/// The player to move at position `p` of play's graph.
fn side_of(p: u32) -> Side {
    if p % 2 == 0 {
        Side::Left
    } else {
        Side::Right
    }
}

/// A budget's error while exploring, as play's: running out of positions is
/// [`PlayError::TooLarge`], naming the whole budget's positions.
fn too_large(e: Exhausted, budget: &Budget) -> PlayError {
    if e.resource == Resource::Positions {
        PlayError::TooLarge {
            limit: usize::try_from(budget.positions()).unwrap_or(usize::MAX),
        }
    } else {
        PlayError::Budget(e)
    }
}

/// The names of a loopy game's moves, read off its boards (the engine values no loopy
/// position for play: it has no canonical form, temperature or thermograph to show).
#[derive(Debug)]
struct LoopyMoves {
    game: LoopyGame,
    boards: Vec<String>,
}

impl Forms for LoopyMoves {
    fn move_names(&self, p: u32) -> Vec<String> {
        let v = p / 2;
        let before = &self.boards[v as usize];
        (self.game.options(v, side_of(p)).iter())
            .map(|&w| move_name(before, &self.boards[w as usize]))
            .collect()
    }
}

/// The move from board `before` to board `after` (rows separated by `|`), as the rulesets
/// name a piece's move: on a strip, the piece and its cells from 1 (`T 3->4`, as Toads and
/// Frogs names them); on a board, its cells as (row,column) from 1 (`(4,1)->(3,2)`, as the
/// grid rulesets do); else the board it leads to. O(cells).
fn move_name(before: &str, after: &str) -> String {
    let board = |text: &str| Drawing::Board {
        rows: text.split('|').map(str::to_string).collect(),
        note: None,
        chess: false,
    };
    let touch = board(before).touched(&board(after));
    let path = touch.map(|t| t.path).unwrap_or_default();
    match &path[..] {
        [from, to] if !before.contains('|') => {
            let piece = before.chars().nth(from[1] as usize).unwrap_or('?');
            format!("{piece} {}->{}", from[1] + 1, to[1] + 1)
        }
        [from, to] => format!("{}->{}", cell(from), cell(to)),
        _ => format!("to {after}"),
    }
}

/// A board's cell, `[row, column]` from 0, as `(row,column)` from 1.
fn cell(part: &[u64]) -> String {
    format!("({},{})", part[0] + 1, part[1] + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_named_by_the_piece_that_moves() {
        assert_eq!(move_name("TT..FF", "T.T.FF"), "T 2->3");
        assert_eq!(move_name("T.TF", "TFT."), "F 4->2");
        assert_eq!(move_name(".G|..", "..|G."), "(1,2)->(2,1)");
    }
}
