//! Norton's product `G·U`, integer multiples, and ordinal sums.
//!
//! - `n·U` for an integer `n` is the sum of `n` copies of `U` (of `−U` if `n < 0`), built by
//!   doubling: O(log |n|) sums.
//! - Norton's product for a non-integer `G`: `G·U = {G^L·U + U + Δ | G^R·U − (U + Δ)}`, `Δ`
//!   ranging over the incentives of `U` (for `U > 0`; it depends on the form of `G`, so it is
//!   computed on canonical forms). Overheating uses it, and so does the atomic weight check.
//! - The ordinal sum `G:H = {G^L, G:H^L | G^R, G:H^R}`: `G` followed by `H` where a move in
//!   `G` ends `H`.

use rustc_hash::FxHashMap;

use super::error::ValueError;
use super::store::{GameId, GameStore};
use super::Side;

impl GameStore {
    /// `n` copies of `g` added together (`−n` copies of `−g` when `n < 0`). O(log |n|) sums.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3||2|1}").unwrap();
    /// let five = store.multiple(g, 5).unwrap();
    /// assert_eq!(store.display(five), "{12|||11||10,{11|10}|9Tiny({2|1})}");
    /// ```
    pub fn multiple(&mut self, g: GameId, n: i64) -> Result<GameId, ValueError> {
        let mut base = if n < 0 { self.neg(g)? } else { g };
        let mut k = n.unsigned_abs();
        let mut total = GameId::ZERO;
        while k > 0 {
            if k & 1 == 1 {
                total = self.sum(total, base)?;
            }
            k >>= 1;
            if k > 0 {
                base = self.sum(base, base)?;
            }
        }
        Ok(total)
    }

    /// Norton's product `g·u` (`g` copies of `u` for an integer `g`). O(followers of g ×
    /// incentives of u) sums.
    pub fn norton_multiply(&mut self, g: GameId, u: GameId) -> Result<GameId, ValueError> {
        let depth = (self.depth(g) + 2) * (self.depth(u) + 2);
        self.guarded(depth, |s| s.norton_in(g, u))
    }

    pub(crate) fn norton_in(&mut self, g: GameId, u: GameId) -> Result<GameId, ValueError> {
        if let Some(n) = self.as_number(g).and_then(|x| x.to_integer()) {
            return self.multiple(u, n);
        }
        let incentives = self.incentives(u, true, true)?;
        let mut shifts = Vec::with_capacity(incentives.len());
        for d in incentives {
            shifts.push(self.sum(u, d)?);
        }
        self.norton_walk(g, u, &shifts, &mut FxHashMap::default())
    }

    fn norton_walk(
        &mut self,
        g: GameId,
        u: GameId,
        shifts: &[GameId],
        done: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, ValueError> {
        if let Some(n) = self.as_number(g).and_then(|x| x.to_integer()) {
            return self.multiple(u, n);
        }
        if let Some(&known) = done.get(&g) {
            return Ok(known);
        }
        let mut left = self.take_vec();
        let mut right = self.take_vec();
        self.ensure_options(g)?;
        for side in [Side::Left, Side::Right] {
            for i in 0..self.count(g, side) {
                let o = self.option(g, side, i);
                let product = self.norton_walk(o, u, shifts, done)?;
                for &shift in shifts {
                    match side {
                        Side::Left => left.push(self.sum(product, shift)?),
                        Side::Right => right.push(self.sub(product, shift)?),
                    }
                }
            }
        }
        let result = self.canonical(left, right)?;
        done.insert(g, result);
        Ok(result)
    }

    /// The ordinal sum `g:h`. O(followers of h) canonical forms; the recursion follows h's
    /// tree, so its birthday bounds the depth.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let star = store.nimber(1);
    /// let one = store.integer(1);
    /// // *:1 = {0, *:0 | 0} = {0, * | 0}
    /// let up_star = store.ordinal_sum(star, one).unwrap();
    /// assert_eq!(store.display(up_star), "^*");
    /// ```
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> Result<GameId, ValueError> {
        let depth = self
            .birthday(h)
            .saturating_add(self.depth(g))
            .saturating_add(2);
        self.guarded(depth, |s| s.ordinal_in(g, h, &mut FxHashMap::default()))
    }

    fn ordinal_in(
        &mut self,
        g: GameId,
        h: GameId,
        done: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, ValueError> {
        if h == GameId::ZERO {
            return Ok(g);
        }
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            // A number + nimber followed by a nimber: the nimbers' heights add.
            if a.ups == 0 && b.ups == 0 && b.number == super::Dyadic::ZERO {
                let nimber = a
                    .nimber
                    .checked_add(b.nimber)
                    .ok_or(ValueError::UpsOverflow)?;
                return self.nus_game(super::Nus::new(a.number, 0, nimber)?);
            }
        }
        if let Some(&known) = done.get(&h) {
            return Ok(known);
        }
        let mut left = self.options(g, Side::Left)?;
        let mut right = self.options(g, Side::Right)?;
        self.ensure_options(h)?;
        for side in [Side::Left, Side::Right] {
            for i in 0..self.count(h, side) {
                let o = self.option(h, side, i);
                let s = self.ordinal_in(g, o, done)?;
                match side {
                    Side::Left => left.push(s),
                    Side::Right => right.push(s),
                }
            }
        }
        let result = self.canonical(left, right)?;
        done.insert(h, result);
        Ok(result)
    }
}
