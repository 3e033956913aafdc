//! Every family of the catalogue, in one list: the command line's catalogue commands, the
//! games `grundy table` knows, and (later) the Python package's and the web page's games are
//! made from it.

use super::Family;
use crate::pattern::table::{TableError, Tabulate};

/// The families, in the order help lists them within their groups.
pub static FAMILIES: &[&Family] = &[
    &super::compounds::NIM_K,
    &super::compounds::MISERE,
    &super::compounds::CORNERS,
    &super::nim::FAMILY,
    &super::wythoff::FAMILY,
    &super::subtraction::FAMILY,
    &super::square_subtraction::FAMILY,
    &super::fibonacci::FAMILY,
    &super::fibonacci::MISERE_FAMILY,
    &super::dynamic_subtraction::FAMILY,
    &super::plus_k_nim::FAMILY,
    &super::candy_piles::FAMILY,
    &super::staircase::FAMILY,
    &super::circle_take::FAMILY,
    &super::flip_run::FAMILY,
    &super::zero_runs::FAMILY,
    &super::rectangle_cut::FAMILY,
    &super::coins::FAMILY,
    &super::ends::FOX_CARDS,
    &super::ends::CARROTS,
    &super::ends::ENDS_SUM,
    &super::ends::TWO_QUEUES,
    &super::geography::FAMILY,
    &super::rabbit_egg::FAMILY,
    &super::connect4::FAMILY,
    &super::cards::FAMILY,
    &super::increasing_distance::FAMILY,
    &super::mex_mat::FAMILY,
    &super::josephus::FAMILY,
    &super::partizan_piles::FAMILY,
    &super::rulesets::DOMINEERING,
    &super::rulesets::CRAM,
    &super::rulesets::CLOBBER,
    &super::rulesets::ANTI_CLOBBER,
    &super::rulesets::TOADS_AND_FROGS,
    &super::rulesets::HACKENBUSH,
    &super::rulesets::SNORT,
    &super::rulesets::COL,
    &super::rulesets::KONANE,
    &super::rulesets::AMAZONS,
    &super::take_and_break::FAMILY,
];

/// The family named `name`.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().copied().find(|f| f.name == name)
}

/// The game of a table named `spec` (`0.77`, `subtraction:1,3,4`, `wythoff`...), read by the
/// first family whose table source recognises it; names are case-insensitive.
pub fn table_game(spec: &str) -> Result<Box<dyn Tabulate>, TableError> {
    let spec = spec.trim();
    for family in FAMILIES {
        if let Some(source) = &family.table {
            if let Some(game) = (source.parse)(spec) {
                return game;
            }
        }
    }
    Err(TableError::UnknownGame {
        spec: spec.to_string(),
        known: table_syntaxes().join(", "),
    })
}

/// The forms of every table name, for help: `0.77`, `subtraction:1,3,4`, ...
pub fn table_syntaxes() -> Vec<&'static str> {
    FAMILIES
        .iter()
        .filter_map(|f| f.table.map(|t| t.syntax))
        .collect()
}
