//! Cutcake: Left cuts a cake along its second side, Right along its first (CGSuite's code's
//! orientation, see [`grundy::partizan::rulesets::cutcake`]).

use super::table::left_to_move;
use super::{generic, Play, RulesetGame, TableSpec, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite, Position};
use crate::games::Param;
use crate::play::Drawing;
use grundy::partizan::notation::{Call, CallError};
use grundy::partizan::rulesets::cutcake::Cutcake;
use grundy::partizan::rulesets::Ruleset;
use grundy::pattern::table::{Span, TableGame};

/// `grundy cutcake CAKES`: cakes `MxN` separated by spaces.
pub static CUTCAKE: RulesetGame<Cutcake> = RulesetGame {
    rules: Cutcake,
    name: "cutcake",
    about: "Cutcake (cakes 'MxN', a sum separated by spaces: Left cuts a cake along its second \
            side, Right along its first): canonical form, outcome class, both players' winning \
            cuts; tables of cakes",
    example: &[("position", "8x3 2x4")],
    params: CAKES,
    players: ["cuts along the second side", "cuts along the first side"],
    play: Play {
        about: "Cutcake: Left cuts a cake MxN into Mxa and Mx(N-a), Right into axN and \
                (M-a)xN",
        notation: NOTATION,
        start: "4x3 3x2 left",
        drawing,
    },
    table: Some(cake_table(
        "Cutcake (a x b)",
        // A cake of side n costs about n³ sums: 100 × 100 takes a second.
        100,
        8,
        |spec| CUTCAKE.table_game(spec),
    )),
    search: generic,
    plays: &[&CUTCAKE],
    cgsuite: Cgsuite {
        names: &["game.heap.Cutcake"],
        position: cake_position,
    },
};

/// The cake of CGSuite's coordinates `((a,b))`: `Cutcake((8,3))` is `8x3`, for every cake
/// ruleset.
pub(super) fn cake_position(call: &Call) -> Result<Position, CallError> {
    let (a, b) = cgsuite::pair(call)?;
    Ok(Position::made(format!("{a}x{b}")))
}

/// The parameters of every cake ruleset's command: the cakes, and [`MAX_LENGTH`].
pub(super) const CAKES: &[Param] = &[
    Param::arg(
        "position",
        "CAKES",
        "The cakes MxN (8x3), a sum separated by spaces or '+': sides from 0 to 1000, at most \
         128 cakes",
    ),
    MAX_LENGTH,
];

/// The notation of every cake ruleset's game played.
pub(super) const NOTATION: &str =
    "the cakes (MxN, separated by spaces), then who moves: 4x3 2x2 left";

/// A cake ruleset's table of the cakes a × b, named `title`, up to cakes of side `limit`,
/// from 1 to `last` when no span is given; `parse` is the declaration's own
/// (`|spec| NAME.table_game(spec)`). Every cake ruleset's table is this one but for these.
pub(super) const fn cake_table(
    title: &'static str,
    limit: u64,
    last: u64,
    parse: fn(&str) -> Option<TableGame>,
) -> TableSpec {
    TableSpec {
        about: "(a, b): the cake a × b: canonical forms",
        title,
        position: cake,
        size: |a, b| a.max(b),
        limit,
        unit: "cells along its longer side",
        default_span: Span { first: 1, last },
        nimbers: false,
        parse,
        played: Some(|cell| left_to_move(cake(cell[0], cell[1]))),
    }
}

/// The cake `a` × `b`: the cells of the cake rulesets' tables.
pub fn cake(a: u64, b: u64) -> Option<String> {
    Some(format!("{a}x{b}"))
}

/// A position drawn as its text: cakes (and heaps, and pairs) have no board of cells.
pub fn drawing<R: Ruleset>(rules: &R, p: &R::Position) -> Drawing {
    Drawing::Graph {
        position: rules.show(p),
        vertices: Vec::new(),
        links: Vec::new(),
    }
}
