//! Elephants and Rhinos (CGSuite's `ElephantsAndRhinos`): Toads and Frogs without jumps,
//! Left's elephants `T` stepping right and Right's rhinos `F` left. Its table is of the strips
//! T^a.F^b.

use super::table::left_to_move;
use super::{generic, Play, RulesetGame, TableSpec, POSITION};
use crate::games::cgsuite::{self, Cgsuite};
use crate::play::rulesets::grid;
use grundy::partizan::rulesets::toads_frogs::ElephantsAndRhinos;
use grundy::pattern::table::Span;

/// `grundy elephants-and-rhinos STRIP`: `T` elephants, `F` rhinos, `.` empty.
pub static ELEPHANTS_AND_RHINOS: RulesetGame<ElephantsAndRhinos> = RulesetGame {
    rules: ElephantsAndRhinos,
    name: "elephants-and-rhinos",
    about: "Elephants and Rhinos (Toads and Frogs without jumps: Left's elephants 'T' step \
            right, Right's rhinos 'F' left, into an empty cell '.'): canonical form, outcome \
            class, both players' winning moves",
    example: &[("position", "TTTT..FFF")],
    params: &POSITION,
    players: ["elephants", "rhinos"],
    play: Play {
        about: "Elephants and Rhinos: elephants (Left's) step right, rhinos (Right's) left, \
                into an empty cell",
        notation: "the strip (T an elephant, F a rhino, . empty), then who moves: TT..FF left",
        start: "TTT..FFF left",
        drawing: grid,
    },
    table: Some(TableSpec {
        about: "(a, b): the strip of a elephants, one empty cell, b rhinos: canonical forms",
        title: "Elephants and Rhinos (a elephants, a gap, b rhinos)",
        position: strip,
        size: |a, b| a.saturating_add(b),
        // The most pieces of a strip tabulated: with one gap, a strip's positions are few (the
        // gap only moves), and a strip holds 128 cells.
        limit: 100,
        unit: "pieces",
        default_span: Span { first: 0, last: 8 },
        nimbers: false,
        parse: |spec| ELEPHANTS_AND_RHINOS.table_game(spec),
        played: Some(|cell| left_to_move(strip(cell[0], cell[1]))),
    }),
    search: generic,
    plays: &[&ELEPHANTS_AND_RHINOS],
    cgsuite: Cgsuite {
        names: &["game.strip.ElephantsAndRhinos"],
        position: cgsuite::text,
    },
};

/// The strip of `elephants` elephants, an empty cell and `rhinos` rhinos.
fn strip(elephants: u64, rhinos: u64) -> Option<String> {
    Some(format!(
        "{}.{}",
        "T".repeat(elephants as usize),
        "F".repeat(rhinos as usize)
    ))
}
