//! Eatcake: Left eats a row of a cake along its second side, Right along its first, each
//! leaving the rest in one piece or two (see [`grundy::partizan::rulesets::eatcake`]).

use super::cutcake::{cake, drawing};
use super::table::left_to_move;
use super::{generic, Play, RulesetGame, TableSpec, MAX_LENGTH};
use crate::games::cgsuite::Cgsuite;
use crate::games::Param;
use grundy::partizan::rulesets::eatcake::Eatcake;
use grundy::pattern::table::Span;

/// `grundy eatcake CAKES`: cakes `MxN` separated by spaces.
pub static EATCAKE: RulesetGame<Eatcake> = RulesetGame {
    rules: Eatcake::EATCAKE,
    name: "eatcake",
    about: "Eatcake (cakes 'MxN', a sum separated by spaces: Left eats a row along the second \
            side, Right along the first, the rest left in one piece or two): canonical form, \
            outcome class, both players' winning bites; tables of cakes",
    example: &[("position", "8x3 2x4")],
    params: &[
        Param::arg(
            "position",
            "CAKES",
            "The cakes MxN (8x3), a sum separated by spaces or '+': sides from 0 to 1000, at \
             most 128 cakes",
        ),
        MAX_LENGTH,
    ],
    players: ["eats along the second side", "eats along the first side"],
    play: Play {
        about: "Eatcake: Left eats a row of a cake MxN, leaving Mxa and Mxb with a+b = N-1; \
                Right leaves axN and bxN with a+b = M-1",
        notation: "the cakes (MxN, separated by spaces), then who moves: 4x3 2x2 left",
        start: "4x3 3x2 left",
        drawing,
    },
    table: Some(TableSpec {
        about: "(a, b): the cake a × b: canonical forms",
        title: "Eatcake (a x b)",
        position: cake,
        size: |a, b| a.max(b),
        // Its forms grow fast: 16 × 16 takes a few hundredths of a second, 30 × 30 a minute.
        limit: 20,
        unit: "cells along its longer side",
        default_span: Span { first: 1, last: 6 },
        nimbers: false,
        parse: |spec| EATCAKE.table_game(spec),
        played: Some(|cell| left_to_move(cake(cell[0], cell[1]))),
    }),
    search: generic,
    plays: &[&EATCAKE],
    cgsuite: Cgsuite {
        names: &["game.heap.Eatcake"],
        position: super::cutcake::cake_position,
    },
};
