//! CGSuite's impartial heap classes, read from a worksheet line and valued by the
//! take-and-break family ([`super`]): `TakeAndBreak("0.77")(10)`,
//! `Kayles(10)`, `DawsonsKayles(10)`, `GrundysGame(10)`, `Nim(10)`,
//! `Subtraction([1,3])(10)` and `Splittles([1,3])(10)` (each with CGSuite's optional
//! `allbut`, `Subtraction([1,3], true)(10)` or `Subtraction([1,3], allbut => true)(10)`). CGSuite defines every one of them as a
//! take-and-break code (its `heap/constants.cgs`), and so does this module: the code and
//! the heap make the position, `0.77 10`, and its value is the heap's nimber.

use super::{heap_values, MAX_HEAP, MAX_HEAP_THREE_WAY};
use crate::games::cgsuite::{self, Cgsuite, CgsuiteClass, Position};
use grundy::impartial::octal::Rule;
use grundy::partizan::notation::call::Value;
use grundy::partizan::notation::{Argument, Call, CallError};
use grundy::partizan::{GameId, GameStore};

/// The classes and the code each one is, for the classes that take no rules of their own.
const NAMED: [(&str, &str); 4] = [
    ("Kayles", "0.77"),
    ("DawsonsKayles", "0.07"),
    ("GrundysGame", "4!.0"),
    ("Nim", "0.[3]"),
];

/// CGSuite's impartial heap classes that are take-and-break codes: what
/// [`OctalFamily`](super::OctalFamily) declares.
pub struct HeapClasses;

/// The names, with CGSuite's package.
static CGSUITE: Cgsuite = Cgsuite {
    names: &[
        "game.heap.TakeAndBreak",
        "game.heap.Kayles",
        "game.heap.DawsonsKayles",
        "game.heap.GrundysGame",
        "game.heap.Nim",
        "game.heap.Subtraction",
        "game.heap.Splittles",
    ],
    position,
};

/// The position a call names: the class's code and the heap, `0.77 10`. O(largest removal).
fn position(call: &Call) -> Result<Position, CallError> {
    let class = call.class();
    if let Some((_, code)) = NAMED.iter().find(|(n, _)| n.eq_ignore_ascii_case(class)) {
        let n = cgsuite::heap(call)?;
        return Ok(Position::made(format!("{code} {n}")));
    }
    let (rules, heap) = match call.arguments.as_slice() {
        [rules, heap] => (rules, heap),
        _ => {
            return Err(call.error(format!(
                "{class} takes its rules, then the heap: {class}(…)(10)"
            )))
        }
    };
    let n = match heap.as_slice() {
        [n] => cgsuite::whole(n)?,
        _ => return Err(call.error(format!("{class}: expected one heap, {class}(…)(10)"))),
    };
    let rule = if class.eq_ignore_ascii_case("TakeAndBreak") {
        code(call, rules)?
    } else {
        let digit = if class.eq_ignore_ascii_case("Splittles") {
            7
        } else {
            3
        };
        removals(call, rules, digit)?
    };
    Ok(Position::made(format!("{rule} {n}")))
}

/// `TakeAndBreak("0.77")`: one code in quotes, read as `grundy octal` reads it (the error
/// points into the code).
fn code(call: &Call, rules: &[Argument]) -> Result<Rule, CallError> {
    let [argument] = rules else {
        return Err(call.error("TakeAndBreak takes one code in quotes: TakeAndBreak(\"0.77\")"));
    };
    let Value::Text(text) = &argument.value else {
        return Err(argument.error("expected a code in quotes: TakeAndBreak(\"0.77\")"));
    };
    Rule::parse(text).map_err(|e| {
        // The argument's column is its text's first character, the code's column 1.
        CallError::at(argument.column + e.column - 1, &e.message)
    })
}

/// `Subtraction([1,3])` or `Splittles([1,3], true)`: a list of removals and CGSuite's
/// optional `allbut` (`true`/`false`), as [`Rule::from_removals`] makes them.
fn removals(call: &Call, rules: &[Argument], digit: u8) -> Result<Rule, CallError> {
    let class = call.class();
    let usage = || {
        call.error(format!(
            "{class} takes a list of removals: {class}([1,3])(10)"
        ))
    };
    let (set, allbut) = match rules {
        [set] => (set, false),
        [set, flag] => (set, allbut(flag)?),
        _ => return Err(usage()),
    };
    let Value::List(items) = &set.value else {
        return Err(set.error(format!("expected a list of removals: {class}([1,3])")));
    };
    let removals: Vec<u64> = (items.iter())
        .map(|n| cgsuite::whole(n).map(|n| n as u64))
        .collect::<Result<_, _>>()?;
    Rule::from_removals(&removals, digit, allbut).map_err(|e| set.error(e.message))
}

/// CGSuite's `allbut` argument ([`cgsuite::allbut`]), or an error at it.
fn allbut(flag: &Argument) -> Result<bool, CallError> {
    cgsuite::allbut(flag).ok_or_else(|| {
        flag.error(format!(
            "expected allbut, true or false, found {}",
            flag.value
        ))
    })
}

impl CgsuiteClass for HeapClasses {
    fn cgsuite(&self) -> &Cgsuite {
        &CGSUITE
    }

    /// The heap's nimber, from the values of every heap up to it: O(n · removals) for an
    /// octal code, O(n²) for Grundy's game and codes that repeat, O(n³) for three-way
    /// splits (heaps checked against the family's limits first).
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        let failed = |e: &dyn std::fmt::Display| call.error(format!("{call}: {e}"));
        let (code, n) = (position.text.rsplit_once(' '))
            .ok_or_else(|| failed(&"expected a code and a heap"))?;
        let rule = Rule::parse(code).map_err(|e| failed(&e))?;
        let n: u64 = n.parse().map_err(|e| failed(&e))?;
        let limit = match rule.splits_in_three() {
            true => MAX_HEAP_THREE_WAY,
            false => MAX_HEAP,
        };
        if n > limit {
            return Err(failed(&format!(
                "a heap is at most {limit} tokens here, not {n}"
            )));
        }
        let values = heap_values(&rule, n as usize, store.budget()).map_err(|e| failed(&e))?;
        Ok(store.nimber(u32::from(values[n as usize])))
    }
}
