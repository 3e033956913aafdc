//! Partizan Euclid: on a pair (p, q), Left moves to (q, p mod q), Right to
//! (q, q - p mod q) (see [`grundy::partizan::rulesets::partizan_euclid`]).

use super::cutcake::drawing;
use super::table::left_to_move;
use super::{generic, Play, RulesetGame, TableSpec, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite, Position};
use crate::games::Param;
use grundy::partizan::rulesets::partizan_euclid::PartizanEuclid;
use grundy::pattern::table::Span;

/// `grundy partizan-euclid PAIRS`: pairs `P,Q` separated by spaces.
pub static PARTIZAN_EUCLID: RulesetGame<PartizanEuclid> = RulesetGame {
    rules: PartizanEuclid,
    name: "partizan-euclid",
    about: "Partizan Euclid (pairs 'P,Q', a sum separated by spaces: Left moves to \
            (Q, P mod Q), Right to (Q, Q - P mod Q), no move where Q divides P): canonical \
            form, outcome class, both players' winning moves; tables of pairs",
    example: &[("position", "8,3 9,6")],
    params: &[
        Param::arg(
            "position",
            "PAIRS",
            "The pairs P,Q (9,6 or (9,6)), a sum separated by spaces or '+': numbers from 0 \
             to 1000, at most 128 pairs",
        ),
        MAX_LENGTH,
    ],
    players: ["moves to (Q, P mod Q)", "moves to (Q, Q - P mod Q)"],
    play: Play {
        about: "Partizan Euclid: Left moves a pair (P,Q) to (Q, P mod Q), Right to \
                (Q, Q - P mod Q), unless Q divides P",
        notation: "the pairs (P,Q, separated by spaces), then who moves: 8,3 9,6 left",
        start: "13,8 left",
        drawing,
    },
    table: Some(TableSpec {
        about: "(a, b): the pair (a, b): canonical forms",
        title: "Partizan Euclid (a, b)",
        position: pair,
        size: |a, b| a.max(b),
        // A pair (p, q) reaches at most q² pairs.
        limit: 1000,
        unit: "in its larger number",
        default_span: Span { first: 1, last: 8 },
        nimbers: false,
        parse: |spec| PARTIZAN_EUCLID.table_game(spec),
        played: Some(|cell| left_to_move(pair(cell[0], cell[1]))),
    }),
    search: generic,
    plays: &[&PARTIZAN_EUCLID],
    cgsuite: Cgsuite {
        names: &["game.heap.PartizanEuclid"],
        position: |call| {
            let (p, q) = cgsuite::pair(call)?;
            Ok(Position::made(format!("{p},{q}")))
        },
    },
};

/// The pair (a, b).
fn pair(a: u64, b: u64) -> Option<String> {
    Some(format!("{a},{b}"))
}
