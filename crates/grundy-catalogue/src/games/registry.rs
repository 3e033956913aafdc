//! Every family of the catalogue, in one list: the command line's catalogue commands, the
//! games `grundy table` knows, the games `grundy play` and the web page play, the strong
//! solutions of `grundy strong` and the Python package's entries are made from it.

use super::strong::{Checked, Strong};
use super::Family;
use crate::play::{Match, PlayError, PlayTable, Playable};
use grundy::budget::Budget;
use grundy::impartial::octal;
use grundy::input;
use grundy::pattern::table::{TableError, TableSource, Tabulate};
use grundy::progress::Progress;
use grundy::rules::tiered::file::{self, Manifest};
use std::path::Path;

/// The families, in the order help lists them within their groups.
pub static FAMILIES: &[&dyn Family] = &[
    &super::compounds::NimKFamily,
    &super::compounds::MisereFamily,
    &super::compounds::CornersFamily,
    &super::misere_form::MisereFormFamily,
    &super::misere_form::MisereCensusFamily,
    &super::nim::NimFamily,
    &super::wythoff::WythoffFamily,
    &super::subtraction::SubtractionFamily,
    &super::square_subtraction::SquareSubtractionFamily,
    &super::mem::MemFamily,
    &super::wind_up::WindUpFamily,
    &super::fibonacci::FibonacciNimFamily,
    &super::fibonacci::MisereFibonacciNimFamily,
    &super::dynamic_subtraction::DynamicSubtractionFamily,
    &super::plus_k_nim::PlusKNimFamily,
    &super::candy_piles::CandyPilesFamily,
    &super::staircase::StaircaseFamily,
    &super::circle_take::CircleTakeFamily,
    &super::flip_run::FlipRunFamily,
    &super::zero_runs::ZeroRunsFamily,
    &super::quicksort::QuicksortFamily,
    &super::rectangle_cut::RectangleCutFamily,
    &super::coins::CoinsFamily,
    &super::ends::FoxCardsFamily,
    &super::ends::CarrotsFamily,
    &super::ends::EndsSumFamily,
    &super::ends::TwoQueuesFamily,
    &super::geography::GeographyFamily,
    &super::rabbit_egg::RabbitEggFamily,
    &super::connect4::Connect4Family,
    &super::cards::CardsFamily,
    &super::boards::tic_tac_toe::TIC_TAC_TOE,
    &super::boards::gobblet::GOBBLET,
    &super::boards::dobutsu::DOBUTSU,
    &super::boards::quixo::QUIXO,
    &super::boards::morris::MORRIS,
    &super::boards::teeko::TEEKO,
    &super::increasing_distance::IncreasingDistanceFamily,
    &super::mex_mat::MexMatFamily,
    &super::josephus::JosephusFamily,
    &super::partizan_piles::PartizanPilesFamily,
    &super::rulesets::domineering::DOMINEERING,
    &super::rulesets::cram::CRAM,
    &super::rulesets::clobber::CLOBBER,
    &super::rulesets::anticlobber::ANTICLOBBER,
    &super::rulesets::hot_clobber::HOT_CLOBBER,
    &super::rulesets::kings::KINGS,
    &super::rulesets::knights::KNIGHTS,
    &super::rulesets::rooks::ROOKS,
    &super::rulesets::queens::QUEENS,
    &super::rulesets::toads_and_frogs::TOADS_AND_FROGS,
    &super::rulesets::elephants_and_rhinos::ELEPHANTS_AND_RHINOS,
    &super::rulesets::hackenbush::HACKENBUSH,
    &super::rulesets::snort::SNORT,
    &super::rulesets::col::COL,
    &super::rulesets::childish_hackenbush::CHILDISH_HACKENBUSH,
    &super::rulesets::fjords::FJORDS,
    &super::rulesets::arc_kayles::ARC_KAYLES,
    &super::rulesets::weighted_arc_kayles::WEIGHTED_ARC_KAYLES,
    &super::rulesets::partizan_arc_kayles::PARTIZAN_ARC_KAYLES,
    &super::rulesets::digraph_placement::DIGRAPH_PLACEMENT,
    &super::rulesets::konane::KONANE,
    &super::rulesets::amazons::AMAZONS,
    &super::rulesets::fission::FISSION,
    &super::rulesets::ski_jumps::SKI_JUMPS,
    &super::toppling_dominoes::TOPPLING_DOMINOES,
    &super::rulesets::cutcake::CUTCAKE,
    &super::rulesets::eatcake::EATCAKE,
    &super::rulesets::maundy_cake::MAUNDY_CAKE,
    &super::rulesets::turn_and_eatcake::TURN_AND_EATCAKE,
    &super::rulesets::partizan_subtraction::PARTIZAN_SUBTRACTION,
    &super::rulesets::partizan_splittles::PARTIZAN_SPLITTLES,
    &super::rulesets::partizan_take_and_break::PARTIZAN_TAKE_AND_BREAK,
    &super::rulesets::partizan_euclid::PARTIZAN_EUCLID,
    &super::take_and_break::OctalFamily,
    &super::misere_quotient::MisereQuotientFamily,
    &super::search::SearchFamily {
        families: &FAMILIES,
    },
];

/// The family named `name`, by its name or one of its aliases ([`Family::aliases`]), in any
/// case. O(families).
pub fn family(name: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|f| f.answers_to(name))
}

/// Every name of every family (its name, then its aliases), in the registry's order: what
/// a name no family answers to is compared with. O(families).
pub fn family_names() -> impl Iterator<Item = &'static str> {
    (FAMILIES.iter()).flat_map(|f| std::iter::once(f.name()).chain(f.aliases().iter().copied()))
}

/// The game of a table named `spec` (`0.77`, `subtraction:1,3,4`, `wythoff`...), read by the
/// first family whose table source recognises it; names are case-insensitive.
pub fn table_game(spec: &str) -> Result<Box<dyn Tabulate>, TableError> {
    let spec = spec.trim();
    for family in FAMILIES {
        if let Some(source) = family.table() {
            if let Some(game) = (source.parse)(spec) {
                return game;
            }
        }
    }
    let hint = nearest(spec, table_names());
    Err(TableError::UnknownGame {
        spec: spec.to_string(),
        hint: hint.map(|h| format!(" ({h})")).unwrap_or_default(),
        known: table_syntaxes().join(", "),
    })
}

/// `did you mean 'kayles'?` for the names nearest to the name of `spec` (its part before a
/// `:`), if any is near ([`input::nearest`]).
fn nearest(spec: &str, names: impl IntoIterator<Item = &'static str>) -> Option<String> {
    let (name, _) = spec.split_once(':').unwrap_or((spec, ""));
    input::did_you_mean(&input::nearest(name, names, 3))
}

/// The names a table is read by, for suggestions: those of the families that have tables
/// (each family's table answers to them, `squares` and `square-subtraction`), and the
/// take-and-break games' names. O(families).
fn table_names() -> impl Iterator<Item = &'static str> {
    let families = FAMILIES.iter().filter(|f| f.table().is_some());
    let names = families.flat_map(|f| std::iter::once(f.name()).chain(f.aliases().iter().copied()));
    names
        .chain(octal::NAMED.iter().map(|(name, _, _)| *name))
        .chain(["grundy", "misere"])
}

/// Every family's table source, in the registry's order: its names and what they tabulate.
pub fn table_sources() -> impl Iterator<Item = TableSource> {
    FAMILIES.iter().filter_map(|f| f.table())
}

/// The forms of every table name, for help: `0.77`, `subtraction:1,3,4`, ...
pub fn table_syntaxes() -> Vec<&'static str> {
    table_sources().map(|t| t.syntax).collect()
}

/// Every game that can be played, family by family in the registry's order, then the
/// engine's loopy rulesets (no family of the catalogue: [`super::loopy_rulesets`]).
pub fn playables() -> impl Iterator<Item = &'static dyn Playable> {
    let families = FAMILIES.iter().flat_map(|f| f.plays());
    families.chain(super::loopy_rulesets::LOOPY_PLAYS).copied()
}

/// The playable game `spec` names (`nim`, `subtraction:1,3,4`; the part before the `:` in
/// any case), and the argument after its `:` (empty when there is none); an error naming
/// every game when it names none. O(games).
pub fn playable(spec: &str) -> Result<(&'static dyn Playable, &str), PlayError> {
    let spec = spec.trim();
    let (name, argument) = spec.split_once(':').unwrap_or((spec, ""));
    let Some(game) = playables().find(|g| g.answers_to(name)) else {
        let known: Vec<&str> = playables().map(|g| g.syntax()).collect();
        let names =
            playables().flat_map(|g| std::iter::once(g.name()).chain(g.aliases().iter().copied()));
        let hint = nearest(spec, names)
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        return Err(PlayError::Game(format!(
            "unknown game '{spec}'{hint}: the games are {} (or a position graph)",
            known.join("; ")
        )));
    };
    if !game.takes_argument() && spec.contains(':') {
        return Err(PlayError::Game(format!(
            "{name} takes no parameters: name it as {}",
            game.syntax()
        )));
    }
    Ok((game, argument))
}

/// The game named `spec` (see [`playables`]) played from `start`, explored and solved within
/// [`play_budget`]`(limit)`, or played by its formula where it has one and the start is
/// larger. O(positions × moves).
pub fn play(spec: &str, start: &str, limit: usize) -> Result<Match, PlayError> {
    play_within(spec, start, &play_budget(limit))
}

/// The budget of play within `limit` positions: those positions, and 1 KiB of memory a
/// position within the default memory budget, so that a start whose positions have many
/// moves stops at the memory its limit allows. A front end names how to raise it
/// ([`Budget::named`]). O(1).
pub fn play_budget(limit: usize) -> Budget {
    let budget = Budget::default().with_positions(limit as u64);
    let memory = budget.memory().min((limit as u64).saturating_mul(1 << 10));
    budget.with_memory(memory)
}

/// The game named `spec` (see [`playables`]) played from `start` within `budget`. A start too
/// large to explore is played by its family's formula where it has one, else refused before
/// anything is explored ([`PlayError::StartTooLarge`]). O(positions × moves).
pub fn play_within(spec: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let (game, argument) = playable(spec)?;
    let why = game.why(argument);
    Ok(game.build(argument, start, budget)?.with_why(why))
}

/// The game named `spec` played from `start` by its family's formula whatever the start's
/// size (numbering at most the budget's positions), for the games that have one
/// ([`Playable::formula`]). O(1) before play.
pub fn play_by_formula(spec: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let (game, argument) = playable(spec)?;
    let formula = (game.formula())
        .ok_or_else(|| PlayError::Game(format!("{} is not played by a formula", game.syntax())))?;
    let why = game.why(argument);
    Ok(formula(argument, start, budget)?.with_why(why))
}

/// The game named `spec` played from `start` (its start where empty) by reading its strong
/// solution in the folder `dir` ([`Playable::build_solved`]: a board game's), numbering at
/// most the budget's positions. O(moves of the start) reads before play.
pub fn play_solved(
    spec: &str,
    start: &str,
    dir: &std::path::Path,
    budget: &Budget,
) -> Result<Match, PlayError> {
    let (game, argument) = playable(spec)?;
    game.build_solved(argument, start, dir, budget)
}

/// The table of `grundy table` whose cells are positions of the game `spec`, if there is one
/// (its name is read by [`table_game`]).
pub fn play_table(spec: &str) -> Option<PlayTable> {
    let (game, argument) = playable(spec).ok()?;
    game.table(argument)
}

/// Every family that can be solved strongly into files, with its strong solution, in the
/// registry's order.
pub fn strong_families() -> impl Iterator<Item = (&'static dyn Family, Strong)> {
    FAMILIES.iter().filter_map(|f| Some((*f, f.strong()?)))
}

/// A solution found in a folder and checked: the family that solves it, its manifest, and
/// what the check found.
#[derive(Debug)]
pub struct Found {
    /// The family's name: `connect4`.
    pub family: &'static str,
    /// The folder's manifest.
    pub manifest: Manifest,
    /// The check.
    pub checked: Checked,
}

/// Checks the solution in `dir`: its manifest read, the family that knows its game found in
/// the registry, every file checked and, with a budget (`reach`), the positions reachable from
/// the start counted. The error of a manifest missing or damaged, or of a game no family
/// knows, says so.
pub fn check_folder(
    dir: &Path,
    reach: Option<&Budget>,
    progress: &dyn Progress,
) -> Result<Found, String> {
    let manifest = file::read_manifest(dir).map_err(|e| e.to_string())?;
    let found = strong_families().find_map(|(family, strong)| {
        Some((
            family.name(),
            (strong.check)(&manifest.game, dir, reach, progress)?,
        ))
    });
    let Some((family, checked)) = found else {
        let known: Vec<&str> = (strong_families()).map(|(f, _)| f.name()).collect();
        return Err(format!(
            "{}: a solution of {}, a game no family of the catalogue solves strongly (expected one of {})",
            dir.join(file::MANIFEST).display(),
            manifest.game,
            known.join(", ")
        ));
    };
    Ok(Found {
        family,
        manifest,
        checked,
    })
}
