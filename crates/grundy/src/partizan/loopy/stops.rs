//! The stops of stoppers (Siegel, *Combinatorial Game Theory*, ch. VI): the pseudonumber
//! reached when one player starts and both play until a pseudonumber is reached. A
//! pseudonumber is a number x, x over = {x|pass}, x under = {pass|x}, on or off.

use std::cmp::Ordering;
use std::fmt;

use super::error::LoopyError;
use super::form::Stopper;
use super::short::short_forms;
use crate::budget::Budget;
use crate::partizan::{Dyadic, GameId, GameStore, Side};

/// A pseudonumber: a number, a number with `over` or `under` added, `on` or `off`. Ordered
/// as values: off < x under < x < x over < y under < … < on for numbers x < y.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pseudonumber {
    /// off = {|pass}, below everything.
    Off,
    /// x under = {pass|x}.
    Under(Dyadic),
    /// A number.
    Number(Dyadic),
    /// x over = {x|pass}.
    Over(Dyadic),
    /// on = {pass|}, above everything.
    On,
}

impl Pseudonumber {
    fn key(self) -> (u8, Option<Dyadic>, i8) {
        match self {
            Pseudonumber::Off => (0, None, 0),
            Pseudonumber::Under(x) => (1, Some(x), -1),
            Pseudonumber::Number(x) => (1, Some(x), 0),
            Pseudonumber::Over(x) => (1, Some(x), 1),
            Pseudonumber::On => (2, None, 0),
        }
    }
}

impl Ord for Pseudonumber {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Pseudonumber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Pseudonumber {
    /// As CGSuite prints it: `on`, `off`, `3/2`, `over`, `3/2under`, `-1over`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let adorned = |f: &mut fmt::Formatter<'_>, x: Dyadic, word: &str| {
            if x == Dyadic::ZERO {
                f.write_str(word)
            } else {
                write!(f, "{x}{word}")
            }
        };
        match *self {
            Pseudonumber::Off => f.write_str("off"),
            Pseudonumber::On => f.write_str("on"),
            Pseudonumber::Number(x) => write!(f, "{x}"),
            Pseudonumber::Over(x) => adorned(f, x, "over"),
            Pseudonumber::Under(x) => adorned(f, x, "under"),
        }
    }
}

impl Stopper {
    /// The left and right stops: with Left (Right) to move, each player in turn moves to
    /// the option with the best stop for him until a position equal to a pseudonumber is
    /// reached. A player without a move there has reached off (Left) or on (Right). One pass
    /// over the alternating graph of the canonical form, which has no cycle. O(n + m), within
    /// `budget` for the loopfree positions' values.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::{LoopyGame, Stopper};
    ///
    /// let budget = Budget::default();
    /// let g = LoopyGame::parse("+-{5|pass}", &budget).unwrap();
    /// let (left, right) = Stopper::new(&g, &budget).unwrap().stops(&budget).unwrap();
    /// assert_eq!((left.to_string(), right.to_string()), ("5over".into(), "-5under".into()));
    /// ```
    pub fn stops(&self, budget: &Budget) -> Result<(Pseudonumber, Pseudonumber), LoopyError> {
        let mut store = GameStore::with_budget(budget.clone());
        let forms = short_forms(self.game(), &mut store)?;
        Ok(self.stops_in(&store, &forms))
    }

    /// [`Stopper::stops`], the canonical form of each loopfree position of the canonical
    /// form given (`forms`, `None` for the others, built in `store`). O(n + m).
    pub(crate) fn stops_in(
        &self,
        store: &GameStore,
        forms: &[Option<GameId>],
    ) -> (Pseudonumber, Pseudonumber) {
        let game = self.game();
        let number = |v: u32| forms[v as usize].and_then(|g| store.as_number(g));
        let pseudo: Vec<Option<Pseudonumber>> = (0..game.len() as u32)
            .map(|v| {
                if let Some(x) = number(v) {
                    return Some(Pseudonumber::Number(x));
                }
                let (l, r) = (game.options(v, Side::Left), game.options(v, Side::Right));
                match (l, r) {
                    ([a], []) if *a == v => Some(Pseudonumber::On),
                    ([], [b]) if *b == v => Some(Pseudonumber::Off),
                    ([a], [b]) if *b == v => number(*a).map(Pseudonumber::Over),
                    ([a], [b]) if *a == v => number(*b).map(Pseudonumber::Under),
                    _ => None,
                }
            })
            .collect();
        // stop[2v] with Left to move at v, stop[2v + 1] with Right; depth-first, options
        // first (the alternating graph of a stopper has no cycle).
        let mut stop: Vec<Option<Pseudonumber>> = vec![None; 2 * game.len()];
        let mut stack = vec![0u32, 1];
        while let Some(&state) = stack.last() {
            if stop[state as usize].is_some() {
                stack.pop();
                continue;
            }
            let (v, side) = (
                state / 2,
                if state % 2 == 0 {
                    Side::Left
                } else {
                    Side::Right
                },
            );
            if let Some(p) = pseudo[v as usize] {
                stop[state as usize] = Some(p);
                stack.pop();
                continue;
            }
            let next = |w: u32| 2 * w + u32::from(side == Side::Left);
            let options = game.options(v, side);
            let missing: Vec<u32> = options
                .iter()
                .map(|&w| next(w))
                .filter(|&s| stop[s as usize].is_none())
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let stops = options
                .iter()
                .map(|&w| stop[next(w) as usize].expect("done"));
            stop[state as usize] = Some(match side {
                Side::Left => stops.max().unwrap_or(Pseudonumber::Off),
                Side::Right => stops.min().unwrap_or(Pseudonumber::On),
            });
            stack.pop();
        }
        (stop[0].expect("solved"), stop[1].expect("solved"))
    }
}
