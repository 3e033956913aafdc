//! `grundy play coins:RULE`: a short row set up from its start and solved by the generic solver,
//! and why a row is won or lost: the values of its heads.

use std::sync::Arc;

use super::args::{heads_of_row, parse_rule};
use super::code::TurningCode;
use super::row::Row;
use super::rule::Rule;
use super::rules::CoinRow;
use super::spawning::all_moves;
use crate::play::playable::{game_error, nim_sum_line};
use crate::play::{coin_text, Drawing, Match, PlayError, WhyLine};
use grundy::budget::Budget;
use grundy::rules::Impartial;

/// The rule the argument names (`ruler:K` bounds the run).
fn rule_of(argument: &str) -> Result<Rule, PlayError> {
    let (rule, max_run) = argument.split_once(':').unwrap_or((argument, ""));
    let max_run = (!max_run.is_empty()).then_some(max_run);
    parse_rule("coins:RULE", rule, "K", max_run).map_err(game_error)
}

/// A row of coins under the rule the argument names played from `start` (`0110101`, 1 for
/// heads), explored and solved. O(positions × moves).
pub(super) fn play_from(argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let rule = rule_of(argument)?;
    let (heads, length) = heads_of_row(start.trim()).map_err(game_error)?;
    if !(1..=64).contains(&length) {
        return Err(PlayError::Game("a row has 1 to 64 coins".into()));
    }
    let start = heads.iter().fold(0u64, |set, &c| set | 1 << (c - 1));
    let title = format!("coins ({rule})");
    let describe = |&set: &u64| {
        let heads: Vec<bool> = (0..length).map(|c| set >> c & 1 == 1).collect();
        (coin_text(&heads), Drawing::Coins { heads })
    };
    match rule {
        Rule::Code(code) => {
            let rules = CodeRow::new(&code, length).ok_or_else(|| {
                PlayError::Game(format!(
                    "{rule} has more than {PLAY_MOVES} sets of coins to look at on a row of \
                     {length} coins: play a shorter row"
                ))
            })?;
            Match::from_rules(title, &rules, start, false, budget, describe)
        }
        _ => {
            let rules = CoinRow {
                rule,
                length: length as u32,
            };
            Match::from_rules(title, &rules, start, false, budget, describe)
        }
    }
}

/// The most sets of coins a code's row is looked at for in play, all heads together.
const PLAY_MOVES: u64 = 1 << 22;

/// A row under a turning code for play: each head's moves found once, as bit sets.
struct CodeRow {
    moves: Vec<Vec<u64>>,
}

impl CodeRow {
    /// The moves of every head of a row of `length` coins (at most 64), or `None` past
    /// [`PLAY_MOVES`] sets looked at.
    fn new(code: &TurningCode, length: u64) -> Option<CodeRow> {
        let moves = (1..=length)
            .map(|x| {
                let sets = all_moves(code, x, PLAY_MOVES / length)?;
                Some(
                    sets.iter()
                        .map(|m| m.iter().fold(0, |s, &c| s | 1 << (c - 1)))
                        .collect(),
                )
            })
            .collect::<Option<_>>()?;
        Some(CodeRow { moves })
    }
}

impl Impartial for CodeRow {
    type Position = u64;

    fn options(&self, p: &u64, out: &mut grundy::rules::Moves<u64>) {
        for (c, sets) in self.moves.iter().enumerate() {
            if p >> c & 1 == 1 {
                out.extend(sets.iter().map(|s| p ^ s));
            }
        }
    }
}

/// Why a row under the rule the argument names is won or lost: a row is the sum of its
/// heads, each worth its value by the rule's closed form (or table), and their nim-sum
/// decides. O(heads) a row (and the table of multiples, of at most 64 coins).
pub(super) fn why(argument: &str) -> Option<WhyLine> {
    let rule = rule_of(argument).ok()?;
    let values = format!("a row is the sum of its heads, each worth its value under {rule}");
    Some(WhyLine(Arc::new(move |position| {
        let (heads, length) = heads_of_row(position.trim()).ok()?;
        let row = Row::new(rule, length, 1).ok()?;
        let parts = (heads.iter())
            .map(|&x| Some((format!("coin {x}"), row.value(x).ok()?)))
            .collect::<Option<Vec<_>>>()?;
        Some(nim_sum_line(&values, &parts))
    })))
}
