//! Reading what the user gives: a rule and its bound, a row of 0s and 1s, a board's heads, a
//! row's length. One wording of errors for the command, the table names and play.

use super::code::{TurningCode, TURNING_NAMES};
use super::error::CoinsError;
use super::rule::Rule;
use crate::games::Inputs;
use grundy::input::{self, InputError};

/// The coins showing heads in a row written as `0` (tails) and `1` (heads), or as CGSuite's
/// strips write them, `t` and `h`, numbered from 1, with the row's length.
///
/// ```
/// use grundy_catalogue::games::coins::heads_of_row;
/// assert_eq!(heads_of_row("01101").unwrap(), (vec![2, 3, 5], 5));
/// assert_eq!(heads_of_row("thhth").unwrap(), (vec![2, 3, 5], 5));
/// ```
pub fn heads_of_row(row: &str) -> Result<(Vec<u64>, u64), CoinsError> {
    let mut heads = Vec::new();
    let mut length = 0u64;
    for (i, c) in row.chars().enumerate() {
        length += 1;
        match c {
            '0' | 't' | 'T' => {}
            '1' | 'h' | 'H' => heads.push(length),
            found => {
                return Err(CoinsError::NotBinary {
                    position: i + 1,
                    found,
                })
            }
        }
    }
    Ok((heads, length))
}

/// Reads a rule and its bound on the runs (`option` names the rule's option, `bound` the
/// bound's): `two`, `mock-turtles`, `ruler`, `multiples`, a name of the literature
/// ([`TURNING_NAMES`], any case) or a turning code (`1-3C(5)`, [`TurningCode::parse`]).
pub(super) fn parse_rule(
    option: &str,
    name: &str,
    bound: &str,
    max_run: Option<&str>,
) -> Result<Rule, InputError> {
    let rule = match name {
        "two" => Rule::Two,
        "mock-turtles" => Rule::MockTurtles,
        "multiples" => Rule::Multiples,
        _ => match TurningCode::named(name) {
            Some(code) => Rule::of_code(code),
            None => parse_code(option, name)?,
        },
    };
    match (rule, max_run) {
        (_, None) => Ok(rule),
        (Rule::Ruler { max_run: None }, Some(k)) => Ok(Rule::Ruler {
            max_run: Some(input::whole(bound, k, "a longest run", 0)?),
        }),
        _ => Err(InputError::usage(format!(
            "{bound} bounds the runs of the ruler rule, and the rule is {name}"
        ))),
    }
}

/// Reads a turning code given for the rule: a word that is no code gets the list of names,
/// a code with an error the column and what is wrong.
fn parse_code(option: &str, text: &str) -> Result<Rule, InputError> {
    match TurningCode::parse(text) {
        Ok(code) => Ok(Rule::of_code(code)),
        Err(_) if !text.starts_with(|c: char| c.is_ascii_digit()) => {
            let names: Vec<&str> = ["two", "mock-turtles", "ruler", "multiples"]
                .into_iter()
                .chain(TURNING_NAMES.iter().map(|(n, _, _)| *n))
                .collect();
            let hint = input::did_you_mean(&input::nearest(text, names, 3))
                .map(|d| format!("; {d}"))
                .unwrap_or_default();
            Err(InputError::Malformed {
                place: option.to_string(),
                text: text.to_string(),
                noun: "a rule".to_string(),
                expected: format!(
                    "two, mock-turtles, ruler, multiples, a name such as turnips or grunt, or a \
                     turning code such as 1-3C(5){hint}"
                ),
            })
        }
        Err((column, message)) => Err(InputError::invalid(
            format!("{option}: column {column} of '{text}'"),
            message,
        )),
    }
}

/// The length the parameter `param` gives, or the largest head.
pub(super) fn length_or(
    inputs: &Inputs,
    param: &str,
    rule: Rule,
    heads: &[u64],
) -> Result<u64, InputError> {
    match inputs.optional_whole(param)? {
        Some(length) => Ok(length),
        None if rule == Rule::Multiples => Err(InputError::usage(format!(
            "the multiples game's values depend on the number of coins: give {}",
            inputs.shown(param)
        ))),
        None => Ok(heads.iter().copied().max().unwrap_or(0)),
    }
}

/// Reads a board's head `X:Y`.
pub(super) fn parse_coin(text: &str) -> Result<(u64, u64), InputError> {
    let place = format!("head '{text}'");
    match text.split_once(':') {
        Some((x, y)) => Ok((
            input::whole(&place, x, "a coordinate", 0)?,
            input::whole(&place, y, "a coordinate", 0)?,
        )),
        None => Err(InputError::invalid(
            place,
            "a board's heads are X:Y, like 2:3",
        )),
    }
}
