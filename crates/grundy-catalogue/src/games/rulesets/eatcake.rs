//! Eatcake: Left eats a row of a cake along its second side, Right along its first, each
//! leaving the rest in one piece or two (see [`grundy::partizan::rulesets::eatcake`]).

use super::cutcake::{cake_table, drawing, CAKES, NOTATION};
use super::{generic, Play, RulesetGame};
use crate::games::cgsuite::Cgsuite;
use grundy::partizan::rulesets::eatcake::Eatcake;

/// `grundy eatcake CAKES`: cakes `MxN` separated by spaces.
pub static EATCAKE: RulesetGame<Eatcake> = RulesetGame {
    rules: Eatcake::EATCAKE,
    name: "eatcake",
    about: "Eatcake (cakes 'MxN', a sum separated by spaces: Left eats a row along the second \
            side, Right along the first, the rest left in one piece or two): canonical form, \
            outcome class, both players' winning bites; tables of cakes",
    example: &[("position", "8x3 2x4")],
    params: CAKES,
    players: ["eats along the second side", "eats along the first side"],
    play: Play {
        about: "Eatcake: Left eats a row of a cake MxN, leaving Mxa and Mxb with a+b = N-1; \
                Right leaves axN and bxN with a+b = M-1",
        notation: NOTATION,
        start: "4x3 3x2 left",
        drawing,
    },
    table: Some(cake_table(
        "Eatcake (a x b)",
        // Its forms grow fast: 16 × 16 takes a few hundredths of a second, 30 × 30 a minute.
        20,
        6,
        |spec| EATCAKE.table_game(spec),
    )),
    search: generic,
    plays: &[&EATCAKE],
    cgsuite: Cgsuite {
        names: &["game.heap.Eatcake"],
        position: super::cutcake::cake_position,
    },
};
