//! The loopy rulesets, declared once ([`LOOPY_RULESETS`]): each reads a position from text
//! and explores its game, every position named on its board, for the front ends that
//! describe loopy games (`grundy loopy`, the Python package) without naming a ruleset.

use super::backsliding::BackslidingToadsAndFrogs;
use super::fox_geese::{CeyloneseFoxAndGeese, FoxAndGeese};
use super::BoardError;
use crate::budget::{Budget, Exhausted};
use crate::partizan::loopy::LoopyGame;
use crate::partizan::PartizanRules;

/// A position of a loopy ruleset could not be explored: its text is not a position, or the
/// game grew beyond the budget.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoopyPositionError {
    /// The text is not a position: where and why.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The game has more positions, or holds more memory or time, than the budget allows.
    #[error(transparent)]
    Budget(#[from] Exhausted),
}

/// A game explored from a position: the game, and each of its positions in the ruleset's
/// notation (position `v` of the game is `names[v]`).
pub type Explored = (LoopyGame, Vec<String>);

/// A loopy ruleset: its name, what it is, how a position is written, an example, and how a
/// position is explored.
#[derive(Debug)]
pub struct LoopyRuleset {
    /// The name a front end chooses it by: `fox-and-geese`.
    pub name: &'static str,
    /// The game's name in words: `Fox and Geese`.
    pub title: &'static str,
    /// The rules and how a position is written, in a sentence or two.
    pub about: &'static str,
    /// A position, written as [`about`](Self::about) says.
    pub example: &'static str,
    explore: fn(&str, &Budget) -> Result<Explored, LoopyPositionError>,
}

impl LoopyRuleset {
    /// The game of the position `text`: every position reachable by either player, explored
    /// breadth-first within `budget` ([`LoopyGame::explore`]), with their names. O(n + m)
    /// moves generated and hash look-ups.
    pub fn explore(&self, text: &str, budget: &Budget) -> Result<Explored, LoopyPositionError> {
        (self.explore)(text, budget)
    }
}

/// Every loopy ruleset, by name.
pub static LOOPY_RULESETS: &[LoopyRuleset] = &[
    LoopyRuleset {
        name: "backsliding",
        title: "Backsliding Toads and Frogs",
        about: "Toads and Frogs where a toad (T, Left) or frog (F, Right) may also step back \
                into an empty cell; a position is a strip of T, F and . (empty)",
        example: "TT..FF",
        explore: |text, budget| {
            explore_with(
                &BackslidingToadsAndFrogs,
                BackslidingToadsAndFrogs::parse,
                BackslidingToadsAndFrogs::show,
                text,
                budget,
            )
        },
    },
    LoopyRuleset {
        name: "fox-and-geese",
        title: "Fox and Geese",
        about: "the geese (G, Left) step diagonally down, the fox (F, Right) diagonally any \
                way, on the dark squares (the bottom-left corner's colour); a position is a \
                board of G, F and . (empty), rows from the top separated by |",
        example: ".G.G|....|....|F...",
        explore: |text, budget| {
            explore_with(
                &FoxAndGeese,
                FoxAndGeese::parse,
                FoxAndGeese::show,
                text,
                budget,
            )
        },
    },
    LoopyRuleset {
        name: "ceylonese-fox-and-geese",
        title: "Ceylonese Fox and Geese",
        about: "Fox and Geese where the fox (F, Right) goes one or two squares along a \
                diagonal, never over a goose (G, Left); a position is a board of G, F and . \
                (empty), rows from the top separated by |",
        example: ".G.G|....|....|F...",
        explore: |text, budget| {
            explore_with(
                &CeyloneseFoxAndGeese,
                CeyloneseFoxAndGeese::parse,
                CeyloneseFoxAndGeese::show,
                text,
                budget,
            )
        },
    },
];

/// A name that is not one of [`LOOPY_RULESETS`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown loopy ruleset '{0}': the loopy rulesets are {names}", names = names())]
pub struct UnknownLoopyRuleset(pub String);

/// The loopy ruleset named `name`, or an error listing the names. O(rulesets).
pub fn loopy_ruleset(name: &str) -> Result<&'static LoopyRuleset, UnknownLoopyRuleset> {
    LOOPY_RULESETS
        .iter()
        .find(|r| r.name == name)
        .ok_or_else(|| UnknownLoopyRuleset(name.to_string()))
}

/// The names of the loopy rulesets, separated by commas.
fn names() -> String {
    let names: Vec<&str> = LOOPY_RULESETS.iter().map(|r| r.name).collect();
    names.join(", ")
}

/// The game of `rules` from the position `text` reads (`parse`), every position named by
/// `show`.
fn explore_with<R: PartizanRules>(
    rules: &R,
    parse: fn(&str) -> Result<R::Position, BoardError>,
    show: fn(&R::Position) -> String,
    text: &str,
    budget: &Budget,
) -> Result<Explored, LoopyPositionError> {
    let start = parse(text)?;
    let (game, positions) = LoopyGame::explore(rules, start, budget)?;
    Ok((game, positions.iter().map(show).collect()))
}
