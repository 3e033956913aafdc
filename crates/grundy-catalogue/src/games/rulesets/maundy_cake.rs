//! Maundy Cake: Left cuts a cake along its second side into equal pieces, Right along its
//! first (see [`grundy::partizan::rulesets::maundy_cake`]).

use super::cutcake::{cake_table, drawing, CAKES, NOTATION};
use super::{generic, Play, RulesetGame};
use crate::games::cgsuite::Cgsuite;
use grundy::partizan::rulesets::maundy_cake::MaundyCake;

/// `grundy maundy-cake CAKES`: cakes `MxN` separated by spaces.
pub static MAUNDY_CAKE: RulesetGame<MaundyCake> = RulesetGame {
    rules: MaundyCake,
    name: "maundy-cake",
    about: "Maundy Cake (cakes 'MxN', a sum separated by spaces: Left cuts a cake along its \
            second side into k >= 2 equal pieces, Right along its first): canonical form, \
            outcome class, both players' winning cuts; tables of cakes",
    example: &[("position", "8x3 2x4")],
    params: CAKES,
    players: [
        "cuts along the second side into equal pieces",
        "cuts along the first side into equal pieces",
    ],
    play: Play {
        about: "Maundy Cake: Left cuts a cake MxN into k equal cakes Mx(N/k), Right into k \
                cakes (M/k)xN, k >= 2 dividing the side",
        notation: NOTATION,
        start: "4x6 left",
        drawing,
    },
    table: Some(cake_table(
        "Maundy Cake (a x b)",
        // A cake reaches only the cakes whose sides divide its own.
        1000,
        8,
        |spec| MAUNDY_CAKE.table_game(spec),
    )),
    search: generic,
    plays: &[&MAUNDY_CAKE],
    cgsuite: Cgsuite {
        names: &["game.heap.MaundyCake"],
        position: super::cutcake::cake_position,
    },
};
