//! `grundy play coins:RULE`: a short row set up from its start and solved by the generic solver.

use super::args::{heads_of_row, parse_rule};
use super::rules::CoinRow;
use crate::budget::Budget;
use crate::play::playable::game_error;
use crate::play::{coin_text, Drawing, Match, PlayError};

/// A row of coins under the rule the argument names (`ruler:K` bounds the run) played from
/// `start` (`0110101`, 1 for heads), explored and solved. O(positions × moves).
pub(super) fn play_from(argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let (rule, max_run) = argument.split_once(':').unwrap_or((argument, ""));
    let max_run = (!max_run.is_empty()).then_some(max_run);
    let rule = parse_rule("coins:RULE", rule, "K", max_run).map_err(game_error)?;
    let (heads, length) = heads_of_row(start.trim()).map_err(game_error)?;
    if !(1..=64).contains(&length) {
        return Err(PlayError::Game("a row has 1 to 64 coins".into()));
    }
    let start = heads.iter().fold(0u64, |set, &c| set | 1 << (c - 1));
    let rules = CoinRow {
        rule,
        length: length as u32,
    };
    let title = format!("coins ({rule})");
    Match::from_rules(title, &rules, start, false, budget, |&set| {
        let heads: Vec<bool> = (0..length).map(|c| set >> c & 1 == 1).collect();
        (coin_text(&heads), Drawing::Coins { heads })
    })
}
