//! A game as play knows it by name: the words help and the page show, and the function that
//! sets it up from a start. Each family of the catalogue declares its own
//! (`games::Family::plays`); the registry finds one by name.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::{Match, PlayError};
use grundy::budget::{Budget, Resource};

/// Sets a game up from the argument of its name (`1,3,4` in `subtraction:1,3,4`, empty when
/// there is none) and its start, within a budget.
pub type Build = fn(argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError>;

/// The line of [`Playable::why`] for one game: from a position's name, why it is won or lost
/// (`None` for a position it cannot read). What the line needs of the game (a period) is
/// found at most once, when first asked, and kept with the game.
#[derive(Clone)]
pub struct WhyLine(pub Arc<WhyFn>);

/// The function of a [`WhyLine`]: a position's name to its line.
pub type WhyFn = dyn Fn(&str) -> Option<String> + Send + Sync;

impl fmt::Debug for WhyLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WhyLine")
    }
}

/// A why line by the Sprague–Grundy theorem: a sum of games is worth the nim-sum (XOR) of
/// its parts' values, and the player to move loses exactly when that is 0. `values` says what
/// the values are (`the heaps' values (Kayles)`), `parts` names each part with its value
/// (`heap 7`, 2). O(parts).
pub fn nim_sum_line(values: &str, parts: &[(String, u64)]) -> String {
    let named: Vec<String> = (parts.iter())
        .map(|(part, v)| format!("{part} → {v}"))
        .collect();
    let terms: Vec<String> = parts.iter().map(|(_, v)| v.to_string()).collect();
    let sum = parts.iter().fold(0, |x, (_, v)| x ^ v);
    match parts {
        [] => "nothing is left to move in: the player to move loses".to_string(),
        [_] => format!("{values}: {}{}", named[0], nim_sum_verdict(sum)),
        _ => format!(
            "{values}: {}; their nim-sum {} = {sum}{}",
            named.join(", "),
            terms.join(" ⊕ "),
            nim_sum_verdict(sum)
        ),
    }
}

/// What a nim-sum says of the player to move, after it: `: every move makes it nonzero, and
/// the player to move loses` for 0, else `, not 0: a move that makes it 0 wins`.
pub fn nim_sum_verdict(sum: u64) -> &'static str {
    if sum == 0 {
        ": every move makes it nonzero, and the player to move loses"
    } else {
        ", not 0: a move that makes it 0 wins"
    }
}

/// A table of `grundy table` whose cells are a game's positions.
#[derive(Debug, Clone)]
pub struct PlayTable {
    /// The table's name, as `grundy table` reads it: `nim2`, `subtraction:1,3,4`.
    pub name: String,
    /// Its number of parameters: 1 (n) or 2 (a, b).
    pub parameters: usize,
    /// The position of the cell of these parameters (n, or a and b), as the game writes its
    /// positions; `None` for a cell that is no position (a board of no rows).
    pub position: fn(cell: &[u64]) -> Option<String>,
}

impl PlayTable {
    /// The table `name` of `parameters` parameters whose cells are piles: a cell's position is
    /// its parameters separated by a space (`3 5`).
    pub fn of_piles(name: impl Into<String>, parameters: usize) -> Option<PlayTable> {
        let piles = |cell: &[u64]| {
            Some(
                cell.iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        };
        Some(PlayTable {
            name: name.into(),
            parameters,
            position: piles,
        })
    }
}

/// A game that can be played, as help and the page list it, and how it is set up. Each is a
/// unit struct implementing it, listed by its family ([`crate::games::Family::plays`]). What
/// every game has is a required method; each optional surface (other names, a formula, a
/// table, a why line) is a provided method whose default says the game has none.
pub trait Playable: Sync {
    /// How the game is named: `nim`, `subtraction:S` (with its parameters).
    fn syntax(&self) -> &'static str;

    /// A name that works as it is, for examples: `subtraction:1,3,4`.
    fn example(&self) -> &'static str;

    /// The game in a few words.
    fn about(&self) -> &'static str;

    /// How a position is written.
    fn position(&self) -> &'static str;

    /// A position to start from, for examples.
    fn start(&self) -> &'static str;

    /// Sets the game up from the argument of its name (`1,3,4` in `subtraction:1,3,4`, empty
    /// when there is none) and its start, within a budget: explored and solved where the
    /// start fits the budget, else played by the formula where the family has one.
    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError>;

    /// Sets the game up to be played from its strong solution in the folder `dir` (written
    /// by `grundy strong`), from `start` (the game's start where empty), within `budget`
    /// (the positions play may reach): each position read from the files when play first
    /// reaches it, nothing explored. The folder must hold a solution of the rules the
    /// argument names. By default the game has no strong solution: an error.
    fn build_solved(
        &self,
        _argument: &str,
        _start: &str,
        _dir: &Path,
        _budget: &Budget,
    ) -> Result<Match, PlayError> {
        Err(PlayError::Game(format!(
            "{} is not played from a strong solution: only the board games are solved strongly",
            self.syntax()
        )))
    }

    /// The other names it answers to besides its syntax's (`square-subtraction` for
    /// `squares`: the family's name): none by default.
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    /// Sets the game up to be played by its family's formula whatever the start's size
    /// ([`Match::by_formula`]), if it has one: none by default.
    fn formula(&self) -> Option<Build> {
        None
    }

    /// The table of `grundy table` whose cells are this game's positions, from the argument
    /// of its name; `None` for an argument whose game has no table (`coins:multiples`), and
    /// by default.
    fn table(&self, _argument: &str) -> Option<PlayTable> {
        None
    }

    /// Why a position of the game is won or lost, in a line, from the family's formula (the
    /// nim-sum of Nim's piles, a subtraction game's period): set up from the argument of its
    /// name (`None` for an argument it cannot read, and by default), then asked position by
    /// position.
    fn why(&self, _argument: &str) -> Option<WhyLine> {
        None
    }
}

impl dyn Playable {
    /// Its name: its syntax up to the `:` of its argument (`subtraction`), or the whole.
    pub fn name(&self) -> &'static str {
        let syntax = self.syntax();
        syntax.split([':', ' ']).next().unwrap_or(syntax)
    }

    /// Whether its name takes an argument after a `:` (`subtraction:1,3,4`).
    pub fn takes_argument(&self) -> bool {
        self.syntax().contains(':')
    }

    /// Whether `name` (the part of a game's name before its `:`) names this game, in any
    /// case. O(aliases).
    pub fn answers_to(&self, name: &str) -> bool {
        let mut names = std::iter::once(self.name()).chain(self.aliases().iter().copied());
        names.any(|n| n.eq_ignore_ascii_case(name))
    }
}

impl fmt::Debug for dyn Playable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Playable")
            .field("syntax", &self.syntax())
            .finish_non_exhaustive()
    }
}

/// What help and the page show of a game, as JSON: its syntax, example, about, position and
/// start.
impl Serialize for dyn Playable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut game = serializer.serialize_struct("Playable", 5)?;
        game.serialize_field("syntax", self.syntax())?;
        game.serialize_field("example", self.example())?;
        game.serialize_field("about", self.about())?;
        game.serialize_field("position", self.position())?;
        game.serialize_field("start", self.start())?;
        game.end()
    }
}

/// The words of a start: split at spaces and commas.
pub fn words(start: &str) -> Vec<String> {
    start
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// An error of the game's name or start, as a play error.
pub fn game_error(e: impl std::fmt::Display) -> PlayError {
    PlayError::Game(e.to_string())
}

/// The most moves a start's graph may have, by the bound `reach × size`, to be explored for
/// play rather than played by its formula: about two seconds of exploring, so that a start
/// with few positions but thousands of moves each (Nim with a pile of 6,000) is set up at
/// once rather than after half a minute.
pub const MOST_MOVES_EXPLORED: u128 = 100_000_000;

/// Plays a start by exploring it where it fits the budget (exploring gives each move's
/// remoteness too), else by the family's formula: where the start's `reach` (an upper bound
/// on its positions) or the `size` of its moves (see [`super::piles::counters`]) is more than
/// the budget's positions, their product (a bound on the moves) more than
/// [`MOST_MOVES_EXPLORED`], or exploring runs out of positions or memory. O(1) before the
/// work chosen.
pub fn explore_or_formula(
    budget: &Budget,
    reach: u128,
    size: u64,
    explore: impl FnOnce() -> Result<Match, PlayError>,
    formula: impl FnOnce() -> Result<Match, PlayError>,
) -> Result<Match, PlayError> {
    if reach > u128::from(budget.positions())
        || size > budget.positions()
        || reach.saturating_mul(u128::from(size)) > MOST_MOVES_EXPLORED
    {
        return formula();
    }
    match explore() {
        Err(PlayError::TooLarge { .. } | PlayError::StartTooLarge { .. }) => formula(),
        Err(PlayError::Budget(e)) if e.resource == Resource::Memory => formula(),
        result => result,
    }
}
