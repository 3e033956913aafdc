//! CGSuite's coin-turning classes in a worksheet line: `game.heap.Spawning("1-3")(12)`, a
//! heads coin at place 12 under the turning code `1-3` (a heap of Spawning), and
//! `game.strip.Turning("1-3")("htththtth")`, a row of tails `t` and heads `h` (CGSuite's
//! letters). Either is the nimber of its heads' values XORed ([`spawning_values`]); the code
//! may be a name too (`Spawning("Mock Turtles")(12)`).

use super::{spawning_values, CoinsFamily, TurningCode};
use crate::games::cgsuite::{Cgsuite, CgsuiteClass, Position};
use grundy::partizan::notation::call::Value;
use grundy::partizan::notation::{Argument, Call, CallError};
use grundy::partizan::{GameId, GameStore};

static CGSUITE: Cgsuite = Cgsuite {
    names: &["game.heap.Spawning", "game.strip.Turning"],
    position,
};

/// The position of the call's second list: a coin's place (`(12)`) or a row (`("htth")`).
fn position(call: &Call) -> Result<Position, CallError> {
    let usage = || {
        call.error(format!(
            "{} takes its code, then the position: {}(\"1-3\")({})",
            call.class(),
            call.class(),
            if call.class().eq_ignore_ascii_case("Spawning") {
                "12"
            } else {
                "\"htth\""
            }
        ))
    };
    let [_, list] = call.arguments.as_slice() else {
        return Err(usage());
    };
    let [argument] = list.as_slice() else {
        return Err(usage());
    };
    match &argument.value {
        Value::Integer(n) if *n >= 1 => Ok(Position::made(n.to_string())),
        Value::Text(row) => Ok(Position {
            text: row.clone(),
            origin: Some(argument.column),
        }),
        _ => Err(argument.error("expected a coin's place (from 1) or a row of t and h in quotes")),
    }
}

/// The turning code an argument writes, with the column of its first character: a text
/// (`"1-3"`), or CGSuite's heap ruleset of it (`game.heap.Spawning("1-3")`, as
/// `Turning(game.heap.Spawning("1-3"))` names its rules).
fn code_text(argument: &Argument) -> Option<(&str, usize)> {
    match &argument.value {
        Value::Text(text) => Some((text, argument.column)),
        Value::Call(inner) if inner.class().eq_ignore_ascii_case("Spawning") => {
            match inner.arguments.as_slice() {
                [list] => match list.as_slice() {
                    [code] => code_text(code),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

impl CgsuiteClass for CoinsFamily {
    fn cgsuite(&self) -> &Cgsuite {
        &CGSUITE
    }

    /// The nimber of the heads' values XORed, each valued with every place up to the last
    /// head ([`spawning_values`], within the store's budget).
    fn value(
        &self,
        call: &Call,
        position: &Position,
        store: &mut GameStore,
    ) -> Result<GameId, CallError> {
        let code = match call.arguments.first().map(Vec::as_slice) {
            Some([argument]) => match code_text(argument) {
                Some((text, column)) => TurningCode::named(text)
                    .map(Ok)
                    .unwrap_or_else(|| TurningCode::parse(text))
                    .map_err(|(at, message)| CallError::at(column + at.max(1) - 1, message))?,
                None => return Err(argument.error(
                    "expected a turning code in quotes (\"1-3\") or game.heap.Spawning(\"1-3\")",
                )),
            },
            _ => return Err(call.error(format!("{} takes one turning code", call.class()))),
        };
        // The heads' places, from 1.
        let heads: Vec<u64> = match position.text.parse::<u64>() {
            Ok(n) => vec![n],
            Err(_) => {
                let mut heads = Vec::new();
                for (i, c) in position.text.chars().enumerate() {
                    match c {
                        'h' | 'H' => heads.push(i as u64 + 1),
                        't' | 'T' => {}
                        _ => {
                            let column = position.origin.map_or(call.column, |o| o + i);
                            return Err(CallError::at(
                                column,
                                format!("expected t (tails) or h (heads), found {c:?}"),
                            ));
                        }
                    }
                }
                heads
            }
        };
        let last = heads.iter().copied().max().unwrap_or(0);
        let values = spawning_values(&code, last, store.budget()).map_err(|e| call.failed(e))?;
        let value = heads.iter().fold(0, |x, &h| x ^ values[h as usize]);
        let value = u32::try_from(value)
            .map_err(|_| call.failed(format!("the value {value} is too large a nimber")))?;
        Ok(store.nimber(value))
    }
}
