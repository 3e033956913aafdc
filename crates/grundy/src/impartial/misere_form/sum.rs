//! Disjunctive sums of misère canonical forms, and the misère outcome of a sum.
//!
//! The sum `G + H` has the options `G' + H` and `G + H'`; its canonical form is the canonical
//! form of those options' sums, themselves canonical. Sums are remembered by the pair of ids,
//! and the recursion runs on an explicit stack, so that a sum of deep games never overflows
//! the caller's stack.

use super::store::{FormId, MisereStore};
use crate::budget::Exhausted;
use crate::outcome::OutcomeClass;

impl MisereStore {
    /// The misère canonical form of `g + h`. Each pair of followers is summed once and
    /// remembered: O(f(g) · f(h)) canonical forms for f followers, O(1) when known. Each pair
    /// remembered counts as an operation of the store's budget, checked every
    /// [`CHECK_EVERY`](super::store::CHECK_EVERY), so a sum that meets only known forms still
    /// reads the clock and counts its memo's memory.
    ///
    /// ```
    /// use grundy::impartial::misere_form::{FormId, MisereStore};
    ///
    /// let mut store = MisereStore::new();
    /// // * + * = 0 in misère play, but *2 + *2 is not 0.
    /// assert_eq!(store.sum(FormId::STAR, FormId::STAR).unwrap(), FormId::ZERO);
    /// let star2 = store.nimber(2).unwrap();
    /// assert_ne!(store.sum(star2, star2).unwrap(), FormId::ZERO);
    /// ```
    pub fn sum(&mut self, g: FormId, h: FormId) -> Result<FormId, Exhausted> {
        let mut stack = vec![(g, h)];
        let mut options = Vec::new();
        while let Some(&(a, b)) = stack.last() {
            if self.known_sum(a, b).is_some() {
                stack.pop();
                continue;
            }
            options.clear();
            let mut missing = false;
            let (left, right) = (self.options(a).to_vec(), self.options(b).to_vec());
            let pairs = left
                .iter()
                .map(|&a1| (a1, b))
                .chain(right.iter().map(|&b1| (a, b1)));
            for (x, y) in pairs {
                match self.known_sum(x, y) {
                    Some(s) => options.push(s),
                    None => {
                        stack.push((x, y));
                        missing = true;
                    }
                }
            }
            if !missing {
                stack.pop();
                let s = self.canonical(&options)?;
                self.sums.insert(key(a, b), s);
                // The memo grows by a pair whether or not the form is new.
                self.tick()?;
            }
        }
        Ok(self.known_sum(g, h).unwrap_or(FormId::ZERO))
    }

    /// The canonical form of the sum of `games` (0 for none), added left to right. O(k) sums
    /// for k games.
    pub fn sum_all(&mut self, games: &[FormId]) -> Result<FormId, Exhausted> {
        games
            .iter()
            .try_fold(FormId::ZERO, |total, &g| self.sum(total, g))
    }

    /// The misère outcome of the sum of `games`: the outcome of its canonical form (see
    /// [`MisereStore::outcome`]). O(k) sums for k games.
    ///
    /// ```
    /// use grundy::impartial::misere_form::{FormId, MisereStore};
    /// use grundy::outcome::OutcomeClass;
    ///
    /// let mut store = MisereStore::new();
    /// let star2 = store.nimber(2).unwrap();
    /// // Misère Nim: heaps 1, 1, 1 lose for the player to move; 2, 2 as well.
    /// let ones = [FormId::STAR; 3];
    /// assert_eq!(store.sum_outcome(&ones).unwrap(), OutcomeClass::Second);
    /// assert_eq!(store.sum_outcome(&[star2, star2]).unwrap(), OutcomeClass::Second);
    /// assert_eq!(store.sum_outcome(&[star2, FormId::STAR]).unwrap(), OutcomeClass::First);
    /// ```
    pub fn sum_outcome(&mut self, games: &[FormId]) -> Result<OutcomeClass, Exhausted> {
        let total = self.sum_all(games)?;
        Ok(self.outcome(total))
    }

    /// The sum of `a` and `b` if it is known without work: one of them 0, or remembered.
    fn known_sum(&self, a: FormId, b: FormId) -> Option<FormId> {
        if a == FormId::ZERO {
            return Some(b);
        }
        if b == FormId::ZERO {
            return Some(a);
        }
        self.sums.get(&key(a, b)).copied()
    }
}

/// The memo's key for a sum: the pair of ids, smaller first (the sum is commutative).
fn key(a: FormId, b: FormId) -> (u32, u32) {
    (a.0.min(b.0), a.0.max(b.0))
}
