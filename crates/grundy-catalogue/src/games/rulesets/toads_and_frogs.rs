//! Toads and Frogs: Left's toads move right, Right's frogs left, by a step or a jump over
//! one of the other kind. Its table is of the strips T^a.F^b.

use super::table::left_to_move;
use super::{generic, Play, RulesetGame, TableSpec, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;
use grundy::pattern::table::Span;

/// `grundy toads-and-frogs STRIP`: `T` toads, `F` frogs, `.` empty.
pub static TOADS_AND_FROGS: RulesetGame<ToadsAndFrogs> = RulesetGame {
    rules: ToadsAndFrogs,
    name: "toads-and-frogs",
    about: "Toads and Frogs (Left's toads 'T' move right, Right's frogs 'F' left): canonical \
            form, outcome class, both players' winning moves",
    example: &[("position", "TT..FF")],
    params: &POSITION,
    players: ["toads", "frogs"],
    play: Play {
        about: "Toads and Frogs: toads (Left's) move right, frogs (Right's) left, by a step \
                or a jump over the other kind",
        notation: "the strip (T toad, F frog, . empty), then who moves: TT..FF left",
        start: "TTT..FF left",
        drawing: grid,
    },
    table: Some(TableSpec {
        about: "(a, b): the strip of a toads, one empty cell, b frogs: canonical forms",
        title: "Toads and Frogs (a toads, a gap, b frogs)",
        position: strip,
        size: |a, b| a.saturating_add(b),
        // The most pieces of a strip tabulated.
        limit: 16,
        unit: "pieces",
        default_span: Span { first: 0, last: 8 },
        nimbers: false,
        parse: |spec| TOADS_AND_FROGS.table_game(spec),
        played: Some(|cell| left_to_move(strip(cell[0], cell[1]))),
    }),
    search: generic,
    plays: &[&TOADS_AND_FROGS],
    cgsuite: Cgsuite {
        names: &["game.strip.ToadsAndFrogs"],
        position: cgsuite::text,
    },
};

/// The strip of `toads` toads, an empty cell and `frogs` frogs.
fn strip(toads: u64, frogs: u64) -> Option<String> {
    Some(format!(
        "{}.{}",
        "T".repeat(toads as usize),
        "F".repeat(frogs as usize)
    ))
}
