//! Turn-and-Eatcake: Eatcake with the cake turned after each bite: Left eats along the first
//! side, Right along the second (see [`grundy::partizan::rulesets::eatcake`]).

use super::cutcake::{cake_table, drawing, CAKES, NOTATION};
use super::{generic, Play, RulesetGame};
use crate::games::cgsuite::Cgsuite;
use grundy::partizan::rulesets::eatcake::Eatcake;

/// `grundy turn-and-eatcake CAKES`: cakes `MxN` separated by spaces.
pub static TURN_AND_EATCAKE: RulesetGame<Eatcake> = RulesetGame {
    rules: Eatcake::TURN_AND_EATCAKE,
    name: "turn-and-eatcake",
    about: "Turn-and-Eatcake (cakes 'MxN', a sum separated by spaces: Left eats a row along \
            the first side, Right along the second, the rest left in one piece or two and \
            turned): canonical form, outcome class, both players' winning bites; tables of \
            cakes",
    example: &[("position", "8x3 2x4")],
    params: CAKES,
    players: ["eats along the first side", "eats along the second side"],
    play: Play {
        about: "Turn-and-Eatcake: Left eats a row of a cake MxN, leaving Nxa and Nxb with \
                a+b = M-1; Right leaves axM and bxM with a+b = N-1",
        notation: NOTATION,
        start: "4x3 3x2 left",
        drawing,
    },
    table: Some(cake_table(
        "Turn-and-Eatcake (a x b)",
        // A cake of side n costs about n³ sums.
        100,
        8,
        |spec| TURN_AND_EATCAKE.table_game(spec),
    )),
    search: generic,
    plays: &[&TURN_AND_EATCAKE],
    cgsuite: Cgsuite {
        names: &["game.heap.TurnAndEatcake"],
        position: super::cutcake::cake_position,
    },
};
