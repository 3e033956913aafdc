//! Partizan Splittles: as Partizan Subtraction, the rest of the heap left whole or split in
//! two (see [`grundy::partizan::rulesets::partizan_heaps`]).

use super::cutcake::drawing;
use super::parameterised::RulesetFamily;
use super::partizan_subtraction::{heap_table, named_sets, sets, SET_PARAMS};
use super::Play;
use crate::games::cgsuite::{self, Cgsuite};
use grundy::partizan::rulesets::partizan_heaps::PartizanHeaps;

/// `grundy partizan-splittles --left L --right R HEAPS`: heaps separated by spaces.
pub static PARTIZAN_SPLITTLES: RulesetFamily<PartizanHeaps> = RulesetFamily {
    name: "partizan-splittles",
    about: "Partizan Splittles (heaps '6 4': Left removes a number of her set from a heap, \
            Right of his, and may split the rest in two; with allbut, any number not in the \
            set): canonical form, outcome class, both players' winning moves; tables of two \
            heaps",
    example: &[("left", "1,2"), ("right", "2,3"), ("position", "10")],
    params: &SET_PARAMS,
    players: ["removes a number of her set", "removes a number of his set"],
    rules: |inputs| {
        let (left, right, allbut) = sets(inputs)?;
        Ok(PartizanHeaps::splittles(&left, &right, allbut))
    },
    named: |argument| {
        let (left, right, allbut) = named_sets(argument)?;
        Ok(PartizanHeaps::splittles(&left, &right, allbut))
    },
    syntax: "partizan-splittles:L/R[/allbut]",
    named_example: "partizan-splittles:1,2/2,3",
    play: Play {
        about: "Partizan Splittles: Left removes a number of her set L from a heap, Right of \
                his set R, the rest left whole or in two heaps (with allbut: any number not \
                in the set)",
        notation: "the heaps (separated by spaces), then who moves: 6 4 left",
        start: "6 left",
        drawing,
    },
    table: Some(heap_table(
        "Partizan Splittles (a + b)",
        |spec| PARTIZAN_SPLITTLES.table_game(spec),
        // A heap of 100 takes a minute: each heap of n has n² splits.
        50,
    )),
    plays: &[&PARTIZAN_SPLITTLES],
    cgsuite: Cgsuite {
        names: &["game.heap.PartizanSplittles"],
        position: cgsuite::heaps,
    },
};
