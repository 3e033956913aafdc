//! Partizan Take-and-Break: Left moves by one take-and-break code, Right by another (see
//! [`grundy::partizan::rulesets::partizan_heaps`]); the codes are read as `grundy octal`
//! reads them ([`Rule::parse`]).

use super::cutcake::drawing;
use super::parameterised::RulesetFamily;
use super::partizan_subtraction::{heap_table, HEAPS};
use super::{Play, MAX_LENGTH};
use crate::games::cgsuite::{self, Cgsuite};
use crate::games::Param;
use grundy::impartial::octal::Rule;
use grundy::input::InputError;
use grundy::partizan::rulesets::partizan_heaps::PartizanHeaps;

/// `grundy partizan-take-and-break --left CODE --right CODE HEAPS`: heaps separated by
/// spaces.
pub static PARTIZAN_TAKE_AND_BREAK: RulesetFamily<PartizanHeaps> = RulesetFamily {
    name: "partizan-take-and-break",
    about: "Partizan Take-and-Break (heaps '6 4': Left moves by her take-and-break code, \
            Right by his, codes as octal reads them): canonical form, outcome class, both \
            players' winning moves; tables of two heaps",
    example: &[("left", "0.07"), ("right", "0.77"), ("position", "10")],
    params: &[
        Param::option(
            "left",
            "CODE",
            "Left's take-and-break code: 0.07, 4.07, 0.f (hexadecimal digits leave three \
             heaps), a name (kayles, dawsons-kayles, dawsons-chess, grundy) or splittles:S",
        )
        .required(),
        Param::option(
            "right",
            "CODE",
            "Right's take-and-break code, read as Left's",
        )
        .required(),
        HEAPS,
        MAX_LENGTH,
    ],
    players: ["moves by her code", "moves by his code"],
    rules: |inputs| {
        let code = |name: &str| {
            Rule::parse(inputs.value(name).unwrap_or_default())
                .map_err(|e| InputError::invalid(inputs.shown(name), e))
        };
        Ok(PartizanHeaps::take_and_break(
            &code("left")?,
            &code("right")?,
        ))
    },
    named: |argument| {
        // A code may hold a ':' (`splittles:1,3`), never a '/'.
        let Some((left, right)) = argument.split_once('/') else {
            return Err(format!(
                "expected Left's code and Right's separated by '/' (0.07/0.77), found \
                 '{argument}'"
            ));
        };
        let code =
            |text: &str, whose: &str| Rule::parse(text).map_err(|e| format!("{whose} code: {e}"));
        Ok(PartizanHeaps::take_and_break(
            &code(left, "Left's")?,
            &code(right, "Right's")?,
        ))
    },
    syntax: "partizan-take-and-break:L/R",
    named_example: "partizan-take-and-break:0.07/0.77",
    play: Play {
        about: "Partizan Take-and-Break: Left moves by the take-and-break code L, Right by R",
        notation: "the heaps (separated by spaces), then who moves: 6 4 left",
        start: "6 left",
        drawing,
    },
    table: Some(heap_table(
        "Partizan Take-and-Break (a + b)",
        |spec| PARTIZAN_TAKE_AND_BREAK.table_game(spec),
        // A heap of 300 of 0.07 and 0.77 takes seconds: each heap of n has n² splits.
        100,
    )),
    plays: &[&PARTIZAN_TAKE_AND_BREAK],
    cgsuite: Cgsuite {
        names: &["game.heap.PartizanTakeAndBreak"],
        position: cgsuite::heaps,
    },
};
