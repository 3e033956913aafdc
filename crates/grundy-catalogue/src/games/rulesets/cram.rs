//! Cram: Domineering's boards, either domino for either player. Its table is of the empty
//! rectangles' nim values.

use super::table::{board_cells, empty_board, empty_board_left_to_move};
use super::{generic, Play, RulesetGame, TableSpec, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::cram::Cram;
use grundy::pattern::table::Span;

/// `grundy cram BOARD`: Domineering's boards, either domino for either player.
pub static CRAM: RulesetGame<Cram> = RulesetGame {
    rules: Cram,
    name: "cram",
    about: "Cram (either player, either domino; '.' empty, '#' filled): its nim value, both \
            players' winning moves; tables of rectangles",
    example: &[("position", ".........|##.######")],
    params: &POSITION,
    players: ["any domino", "any domino"],
    play: Play {
        about: "Cram: either player places a domino, either way",
        notation: "the board (. empty, # filled, rows separated by |), then who moves: \
                   ...|...|... left",
        start: "....|....|...# left",
        drawing: grid,
    },
    table: Some(TableSpec {
        about: "(a, b): the empty a × b board: nim values (small boards)",
        title: "Cram (rows x columns)",
        position: empty_board,
        size: board_cells,
        // The 5 × 5 board takes a second, and every further cell multiplies the time.
        limit: 25,
        unit: "cells",
        default_span: Span { first: 1, last: 5 },
        nimbers: true,
        parse: |spec| CRAM.table_game(spec),
        played: Some(empty_board_left_to_move),
    }),
    search: generic,
    plays: &[&CRAM],
    cgsuite: Cgsuite {
        names: &["game.grid.Cram"],
        position: cgsuite::grid,
    },
};
