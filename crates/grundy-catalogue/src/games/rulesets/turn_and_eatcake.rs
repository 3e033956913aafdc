//! Turn-and-Eatcake: Eatcake with the cake turned after each bite: Left eats along the first
//! side, Right along the second (see [`grundy::partizan::rulesets::eatcake`]).

use super::cutcake::{cake, drawing};
use super::table::left_to_move;
use super::{generic, Play, RulesetGame, TableSpec, MAX_LENGTH};
use crate::games::cgsuite::Cgsuite;
use crate::games::Param;
use grundy::partizan::rulesets::eatcake::Eatcake;
use grundy::pattern::table::Span;

/// `grundy turn-and-eatcake CAKES`: cakes `MxN` separated by spaces.
pub static TURN_AND_EATCAKE: RulesetGame<Eatcake> = RulesetGame {
    rules: Eatcake::TURN_AND_EATCAKE,
    name: "turn-and-eatcake",
    about: "Turn-and-Eatcake (cakes 'MxN', a sum separated by spaces: Left eats a row along \
            the first side, Right along the second, the rest left in one piece or two and \
            turned): canonical form, outcome class, both players' winning bites; tables of \
            cakes",
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
    players: ["eats along the first side", "eats along the second side"],
    play: Play {
        about: "Turn-and-Eatcake: Left eats a row of a cake MxN, leaving Nxa and Nxb with \
                a+b = M-1; Right leaves axM and bxM with a+b = N-1",
        notation: "the cakes (MxN, separated by spaces), then who moves: 4x3 2x2 left",
        start: "4x3 3x2 left",
        drawing,
    },
    table: Some(TableSpec {
        about: "(a, b): the cake a × b: canonical forms",
        title: "Turn-and-Eatcake (a x b)",
        position: cake,
        size: |a, b| a.max(b),
        // A cake of side n costs about n³ sums.
        limit: 100,
        unit: "cells along its longer side",
        default_span: Span { first: 1, last: 8 },
        nimbers: false,
        parse: |spec| TURN_AND_EATCAKE.table_game(spec),
        played: Some(|cell| left_to_move(cake(cell[0], cell[1]))),
    }),
    search: generic,
    plays: &[&TURN_AND_EATCAKE],
    cgsuite: Cgsuite {
        names: &["game.heap.TurnAndEatcake"],
        position: super::cutcake::cake_position,
    },
};
