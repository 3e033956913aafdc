//! Canonical stoppers: the simplest form of a stopper, numbered so that equal stoppers are
//! identical, with the order between them.

use std::fmt;

use super::canonical::canonical;
use super::error::LoopyError;
use super::graph::LoopyGame;
use super::order::survivors;
use super::print::notation_in;
use super::short::short_forms;
use super::simplify::simplify;
use super::stopper::check_stopper;
use crate::budget::Budget;
use crate::partizan::{Comparison, GameId, GameStore};

/// The bytes a printed form may take in [`fmt::Display`].
const DISPLAY_BYTES: u64 = 64 << 20;

/// A stopper in its simplest form (Siegel, *Combinatorial Game Theory*, ch. VI.3): no
/// dominated or reversible options, no two positions equal, numbered canonically. Two
/// stoppers are equal exactly when their canonical forms are identical (`==`), and then
/// they print the same.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{LoopyGame, Stopper};
///
/// let budget = Budget::default();
/// let read = |text| Stopper::new(&LoopyGame::parse(text, &budget).unwrap(), &budget).unwrap();
/// assert_eq!(read("{0|pass}").to_string(), "over");
/// assert_eq!(read("a{0|{0|a}}"), read("over")); // the same game, named differently
/// assert_eq!(read("{on|on}").to_string(), "on");
/// assert_eq!(read("1 + over"), read("{1|pass}"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Stopper {
    game: LoopyGame,
}

impl Stopper {
    /// The simplest form of `game`, an error if it is not a stopper. O(n² (n + m)) for the
    /// order of every pair of positions, within `budget`, then the rewriting (see
    /// [`LoopyGame`]'s module).
    pub fn new(game: &LoopyGame, budget: &Budget) -> Result<Stopper, LoopyError> {
        let simplest = simplify(game, budget)?;
        let mut store = GameStore::with_budget(budget.clone());
        Ok(Stopper::numbered(&simplest, &mut store)?.0)
    }

    /// The stopper of `simplest`, a simplest form not yet numbered canonically, with the
    /// canonical form of each loopfree position of the result (`None` for the others), built
    /// in `store`. See [`canonical`].
    pub(crate) fn numbered(
        simplest: &LoopyGame,
        store: &mut GameStore,
    ) -> Result<(Stopper, Vec<Option<GameId>>), LoopyError> {
        let (game, forms) = canonical(simplest, store)?;
        Ok((Stopper { game }, forms))
    }

    /// The canonical form as a game graph. O(1).
    pub fn game(&self) -> &LoopyGame {
        &self.game
    }

    /// Whether `self ≤ other`: Right, moving second in `self − other`, never loses. O(n m)
    /// positions of the difference, within `budget`.
    pub fn leq(&self, other: &Stopper, budget: &Budget) -> Result<bool, LoopyError> {
        stopper_leq(&self.game, &other.game, budget)
    }

    /// How `self` compares with `other`: one retrograde pass over their difference. O(n m)
    /// positions, within `budget`.
    pub fn compare(&self, other: &Stopper, budget: &Budget) -> Result<Comparison, LoopyError> {
        compare(&self.game, &other.game, budget)
    }

    /// The canonical form in the notation, within `budget`'s memory (a position reached by
    /// two paths is written twice). O(length of the text).
    pub fn to_notation(&self, budget: &Budget) -> Result<String, LoopyError> {
        let mut store = GameStore::with_budget(budget.clone());
        let forms = short_forms(&self.game, &mut store)?;
        notation_in(&self.game, &mut store, &forms, true, budget)
    }

    /// [`Stopper::to_notation`], the canonical form of each loopfree position given
    /// (`forms`, built in `store`, as [`Stopper::numbered`] returns them).
    pub(crate) fn notation_in(
        &self,
        store: &mut GameStore,
        forms: &[Option<GameId>],
        budget: &Budget,
    ) -> Result<String, LoopyError> {
        notation_in(&self.game, store, forms, true, budget)
    }
}

impl fmt::Display for Stopper {
    /// The canonical form in the notation (at most 64 MiB of it; past that, a note in angle
    /// brackets).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let budget = Budget::default().with_memory(DISPLAY_BYTES);
        match self.to_notation(&budget) {
            Ok(text) => f.write_str(&text),
            Err(e) => write!(f, "<{e}>"),
        }
    }
}

/// Whether the stopper `g` is at most the stopper `h`, an error if either is not a
/// stopper. One retrograde pass over the positions of `g − h` reachable from its start,
/// O(n_g n_h) at most, within `budget`.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::partizan::loopy::{stopper_leq, LoopyGame};
///
/// let budget = Budget::default();
/// let [on, over, zero] = ["on", "over", "0"].map(|t| LoopyGame::parse(t, &budget).unwrap());
/// assert!(stopper_leq(&zero, &over, &budget).unwrap());
/// assert!(stopper_leq(&over, &on, &budget).unwrap());
/// assert!(!stopper_leq(&on, &over, &budget).unwrap());
/// ```
pub fn stopper_leq(g: &LoopyGame, h: &LoopyGame, budget: &Budget) -> Result<bool, LoopyError> {
    check_stopper(g)?;
    check_stopper(h)?;
    Ok(survivors(g, h, budget)?.0)
}

/// How the stopper `g` compares with the stopper `h`: one retrograde pass over the positions
/// of `g − h` reachable from its start, O(n_g n_h) at most, within `budget`.
pub fn compare(g: &LoopyGame, h: &LoopyGame, budget: &Budget) -> Result<Comparison, LoopyError> {
    check_stopper(g)?;
    check_stopper(h)?;
    Ok(match survivors(g, h, budget)? {
        (true, true) => Comparison::Equal,
        (true, false) => Comparison::Less,
        (false, true) => Comparison::Greater,
        (false, false) => Comparison::Incomparable,
    })
}
