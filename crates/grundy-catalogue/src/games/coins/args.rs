//! Reading what the user gives: a rule and its bound, a row of 0s and 1s, a board's heads, a
//! row's length. One wording of errors for the command, the table names and play.

use super::error::CoinsError;
use super::rule::Rule;
use crate::games::Inputs;
use grundy::input::{self, InputError};

/// The coins showing heads in a row written as `0` (tails) and `1` (heads), numbered from 1,
/// with the row's length.
///
/// ```
/// use grundy_catalogue::games::coins::heads_of_row;
/// assert_eq!(heads_of_row("01101").unwrap(), (vec![2, 3, 5], 5));
/// ```
pub fn heads_of_row(row: &str) -> Result<(Vec<u64>, u64), CoinsError> {
    let mut heads = Vec::new();
    let mut length = 0u64;
    for (i, c) in row.chars().enumerate() {
        length += 1;
        match c {
            '0' => {}
            '1' => heads.push(length),
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
/// bound's).
pub(super) fn parse_rule(
    option: &str,
    name: &str,
    bound: &str,
    max_run: Option<&str>,
) -> Result<Rule, InputError> {
    let rule = match name {
        "two" => Rule::Two,
        "mock-turtles" => Rule::MockTurtles,
        "ruler" => Rule::Ruler {
            max_run: max_run
                .map(|k| input::whole(bound, k, "a longest run", 0))
                .transpose()?,
        },
        "multiples" => Rule::Multiples,
        other => {
            return Err(InputError::Malformed {
                place: option.to_string(),
                text: other.to_string(),
                noun: "a rule".to_string(),
                expected: "two, mock-turtles, ruler or multiples".to_string(),
            })
        }
    };
    if max_run.is_some() && name != "ruler" {
        return Err(InputError::usage(format!(
            "{bound} bounds the runs of the ruler rule, and the rule is {name}"
        )));
    }
    Ok(rule)
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
