//! Maundy Cake: Left cuts a cake along its second side into equal pieces, Right along its
//! first (see [`grundy::partizan::rulesets::maundy_cake`]).

use super::cutcake::{cake, drawing};
use super::table::left_to_move;
use super::{generic, Play, RulesetGame, TableSpec, MAX_LENGTH};
use crate::games::cgsuite::Cgsuite;
use crate::games::Param;
use grundy::partizan::rulesets::maundy_cake::MaundyCake;
use grundy::pattern::table::Span;

/// `grundy maundy-cake CAKES`: cakes `MxN` separated by spaces.
pub static MAUNDY_CAKE: RulesetGame<MaundyCake> = RulesetGame {
    rules: MaundyCake,
    name: "maundy-cake",
    about: "Maundy Cake (cakes 'MxN', a sum separated by spaces: Left cuts a cake along its \
            second side into k >= 2 equal pieces, Right along its first): canonical form, \
            outcome class, both players' winning cuts; tables of cakes",
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
    players: [
        "cuts along the second side into equal pieces",
        "cuts along the first side into equal pieces",
    ],
    play: Play {
        about: "Maundy Cake: Left cuts a cake MxN into k equal cakes Mx(N/k), Right into k \
                cakes (M/k)xN, k >= 2 dividing the side",
        notation: "the cakes (MxN, separated by spaces), then who moves: 4x3 2x2 left",
        start: "4x6 left",
        drawing,
    },
    table: Some(TableSpec {
        about: "(a, b): the cake a × b: canonical forms",
        title: "Maundy Cake (a x b)",
        position: cake,
        size: |a, b| a.max(b),
        // A cake reaches only the cakes whose sides divide its own.
        limit: 1000,
        unit: "cells along its longer side",
        default_span: Span { first: 1, last: 8 },
        nimbers: false,
        parse: |spec| MAUNDY_CAKE.table_game(spec),
        played: Some(|cell| left_to_move(cake(cell[0], cell[1]))),
    }),
    search: generic,
    plays: &[&MAUNDY_CAKE],
    cgsuite: Cgsuite {
        names: &["game.heap.MaundyCake"],
        position: super::cutcake::cake_position,
    },
};
