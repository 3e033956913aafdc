//! Partizan Subtraction: Left removes a number of tokens in her set from a heap, Right a
//! number in his (see [`grundy::partizan::rulesets::partizan_heaps`]); and what the heap
//! rulesets with sets of removals share (Partizan Splittles takes the same parameters).

use super::cutcake::drawing;
use super::parameterised::RulesetFamily;
use super::table::left_to_move;
use super::{Play, TableSpec, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::{Inputs, Param, RunError};
use grundy::input::InputError;
use grundy::partizan::rulesets::partizan_heaps::{read_set, PartizanHeaps};
use grundy::pattern::table::Span;

/// `grundy partizan-subtraction --left L --right R HEAPS`: heaps separated by spaces.
pub static PARTIZAN_SUBTRACTION: RulesetFamily<PartizanHeaps> = RulesetFamily {
    name: "partizan-subtraction",
    about: "Partizan Subtraction (heaps '6 4': Left removes a number of her set from a heap, \
            Right of his; with allbut, any number not in the set): canonical form, outcome \
            class, both players' winning moves; tables of two heaps",
    example: &[("left", "1,3"), ("right", "2,3"), ("position", "6")],
    params: &SET_PARAMS,
    players: ["removes a number of her set", "removes a number of his set"],
    rules: |inputs| {
        let (left, right, allbut) = sets(inputs)?;
        Ok(PartizanHeaps::subtraction(&left, &right, allbut))
    },
    named: |argument| {
        let (left, right, allbut) = named_sets(argument)?;
        Ok(PartizanHeaps::subtraction(&left, &right, allbut))
    },
    syntax: "partizan-subtraction:L/R[/allbut]",
    named_example: "partizan-subtraction:1,3/2,3",
    play: Play {
        about: "Partizan Subtraction: Left removes a number of her set L from a heap, Right \
                of his set R (with allbut: any number not in the set)",
        notation: "the heaps (separated by spaces), then who moves: 6 4 left",
        start: "6 left",
        drawing,
    },
    table: Some(heap_table(
        "Partizan Subtraction (a + b)",
        |spec| PARTIZAN_SUBTRACTION.table_game(spec),
        1000,
    )),
    plays: &[&PARTIZAN_SUBTRACTION],
    cgsuite: Cgsuite {
        names: &["game.heap.PartizanSubtraction"],
        position: cgsuite::heaps,
    },
};

/// The parameters of a heap ruleset with sets of removals: Left's, Right's, `allbut`, the
/// heaps and the longest form written.
pub const SET_PARAMS: [Param; 5] = [
    Param::option(
        "left",
        "SET",
        "Left's removals: numbers from 1 to 10000 separated by commas (1,3), or none",
    )
    .required(),
    Param::option(
        "right",
        "SET",
        "Right's removals: numbers from 1 to 10000 separated by commas (2,3), or none",
    )
    .required(),
    Param::flag(
        "allbut",
        "Each player removes any positive number not in their set (CGSuite's allbut)",
    ),
    HEAPS,
    MAX_LENGTH,
];

/// The position of a heap ruleset.
pub const HEAPS: Param = Param::arg(
    "position",
    "HEAPS",
    "The heaps (6 4), a sum separated by spaces or '+': from 0 to 1000 tokens each, at most \
     128 heaps",
);

/// The sets of the parameters `left` and `right`, and whether `allbut` is given.
pub fn sets(inputs: &Inputs) -> Result<(Vec<u16>, Vec<u16>, bool), RunError> {
    let set = |name: &str| {
        read_set(inputs.value(name).unwrap_or_default())
            .map_err(|e| InputError::invalid(inputs.shown(name), e))
    };
    Ok((set("left")?, set("right")?, inputs.given("allbut")))
}

/// The sets named after a game's name: `L/R` or `L/R/allbut` (`1,3/2,3`).
pub fn named_sets(argument: &str) -> Result<(Vec<u16>, Vec<u16>, bool), String> {
    let mut parts = argument.split('/');
    let (Some(left), Some(right)) = (parts.next(), parts.next()) else {
        return Err(format!(
            "expected Left's set and Right's separated by '/' (1,3/2,3), found '{argument}'"
        ));
    };
    let allbut = match parts.next() {
        None => false,
        Some(word) if word.eq_ignore_ascii_case("allbut") && parts.next().is_none() => true,
        Some(_) => {
            return Err(format!(
                "expected L/R or L/R/allbut (1,3/2,3), found '{argument}'"
            ))
        }
    };
    let read = |text: &str, whose: &str| read_set(text).map_err(|e| format!("{whose} set: {e}"));
    Ok((read(left, "Left's")?, read(right, "Right's")?, allbut))
}

/// The table of a heap ruleset: the sums of two heaps, `a` and `b`, up to `limit` tokens.
pub const fn heap_table(
    title: &'static str,
    parse: fn(&str) -> Option<grundy::pattern::table::TableGame>,
    limit: u64,
) -> TableSpec {
    TableSpec {
        about: "(a, b): the heaps a and b: canonical forms",
        title,
        position: heaps,
        size: |a, b| a.max(b),
        limit,
        unit: "tokens in its larger heap",
        default_span: Span { first: 0, last: 8 },
        nimbers: false,
        parse,
        played: Some(|cell| left_to_move(heaps(cell[0], cell[1]))),
    }
}

/// The heaps `a` and `b`.
fn heaps(a: u64, b: u64) -> Option<String> {
    Some(format!("{a} {b}"))
}
