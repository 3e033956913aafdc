//! Disjunctive sums `G + H` (a move is made in exactly one component) and differences.
//!
//! `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, then canonicalised. Two numbers + ups +
//! nimbers add in closed form; a number `x` plus a game `H` that is not a number is
//! `{x + H^L | x + H^R}` (number translation: moving in a number never helps), which keeps
//! the recursion on the other component only. Sums are memoised by unordered pair of ids.

use super::error::ValueError;
use super::store::{GameId, GameStore};
use super::Side;

impl GameStore {
    /// `g + h`. Memoised; O(1) for two numbers + ups + nimbers; otherwise one canonical
    /// form per pair of followers `(g', h')` reached, each O(options²) comparisons. Errors if
    /// a number or multiple of up leaves its range, or the sum would be deeper than
    /// [`MAX_DEPTH`](super::store::MAX_DEPTH).
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// // {1|0} is 1/2 ± 1/2, and two equal switches cancel.
    /// let g = store.parse("{1|0}").unwrap();
    /// let twice = store.sum(g, g).unwrap();
    /// assert_eq!(store.display(twice), "1");
    /// ```
    pub fn sum(&mut self, g: GameId, h: GameId) -> Result<GameId, ValueError> {
        let depth = self.depth(g) + self.depth(h);
        self.guarded(2 * depth, |s| s.add(g, h))
    }

    /// `g − h = g + (−h)`. As [`GameStore::sum`].
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId, ValueError> {
        let depth = self.depth(g) + self.depth(h);
        self.guarded(2 * depth, |s| {
            let minus_h = s.neg_in(h);
            s.add(g, minus_h)
        })
    }

    /// `g + h`, unguarded (the caller checked the depth).
    pub(crate) fn add(&mut self, g: GameId, h: GameId) -> Result<GameId, ValueError> {
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            let value = a.checked_add(b)?;
            super::store::check_depth(value.depth())?;
            return Ok(self.intern_nus(value));
        }
        if g == GameId::ZERO {
            return Ok(h);
        }
        if h == GameId::ZERO {
            return Ok(g);
        }
        if let Some(known) = self.known_sum(g, h) {
            return Ok(known);
        }
        self.tick()?;
        let mut left = self.take_vec();
        let mut right = self.take_vec();
        // Number translation: a number component contributes no options of its own.
        for (moving, other) in [(g, h), (h, g)] {
            if self.is_number(moving) {
                continue;
            }
            self.ensure_options(moving)?;
            for side in [Side::Left, Side::Right] {
                for i in 0..self.count(moving, side) {
                    let option = self.option(moving, side, i);
                    let s = self.add(option, other)?;
                    match side {
                        Side::Left => left.push(s),
                        Side::Right => right.push(s),
                    }
                }
            }
        }
        let result = self.canonical(left, right)?;
        self.remember_sum(g, h, result);
        Ok(result)
    }
}
