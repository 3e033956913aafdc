//! Domineering: Left places vertical dominoes, Right horizontal ones. Its table is of the
//! empty rectangles' canonical forms; its search, on boards of at most 64 cells, is its own
//! bitboard search.

use super::table::{board_cells, empty_board, empty_board_left_to_move};
use super::{generic, Play, RulesetGame, TableSpec, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::budget::{Budget, Exhausted};
use grundy::partizan::rulesets::domineering::{Board, Domineering};
use grundy::partizan::search::domineering::{self, DomineeringSearch};
use grundy::partizan::search::{PositionSearch, SearchOptions};
use grundy::pattern::table::Span;

/// `grundy domineering BOARD`: `.` empty, `#` filled, at most 128 cells.
pub static DOMINEERING: RulesetGame<Domineering> = RulesetGame {
    rules: Domineering,
    name: "domineering",
    about: "Domineering (Left vertical, Right horizontal dominoes; '.' empty, '#' filled): \
            canonical form, outcome class, both players' winning moves; tables of rectangles",
    example: &[("position", "...|...|...")],
    params: &POSITION,
    players: ["vertical dominoes", "horizontal dominoes"],
    play: Play {
        about: "Domineering: Left places vertical dominoes, Right horizontal ones",
        notation: "the board (. empty, # filled, rows separated by |), then who moves: \
                   ...|...|... left",
        start: "....|....|....|.... left",
        drawing: grid,
    },
    table: Some(TableSpec {
        about: "(a, b): the empty a × b board: canonical forms (small boards)",
        title: "Domineering (rows x columns)",
        position: empty_board,
        size: board_cells,
        // An empty board of 28 cells takes seconds; every further cell multiplies the time.
        limit: 28,
        unit: "cells",
        default_span: Span { first: 1, last: 5 },
        nimbers: false,
        parse: |spec| DOMINEERING.table_game(spec),
        played: Some(empty_board_left_to_move),
    }),
    search: own_search,
    plays: &[&DOMINEERING],
    cgsuite: Cgsuite {
        names: &["game.grid.Domineering"],
        position: cgsuite::grid,
    },
};

/// Domineering's own search ([`DomineeringSearch`]) on a board it takes (at most 128 cells),
/// the generic search on a larger one.
fn own_search(
    rules: &Domineering,
    p: &Board,
    options: SearchOptions,
    budget: &Budget,
) -> Result<Box<dyn PositionSearch<Domineering>>, Exhausted> {
    let own = domineering::Options {
        table_bytes: options.search.table_bytes,
        threads: options.search.threads,
        small: options.small,
        ..domineering::Options::default()
    };
    Ok(match DomineeringSearch::new(p.shape, own, budget) {
        Some(search) => Box::new(search?),
        None => generic(rules, p, options, budget)?,
    })
}
