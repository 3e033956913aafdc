//! Atomic weights of infinitesimals: how many ups a game is worth, in the atomic-weight
//! calculus of Norton and Conway.
//!
//! For an uptimal (a number + ups + nimber, `^<n>`, `^[n]`, …) the atomic weight is its
//! coefficient of `↑` when its number part is 0 (none otherwise). For another game `G` with
//! both stops 0:
//!
//! - the *naive* weight is `G'' = {G^L'' − 2 | G^R'' + 2}` over the options' naive weights,
//!   except in the eccentric case: when that is an integer and `G` is below (above) the far
//!   star `*N` (N one more than the largest nimber among `G`'s followers), it is the least
//!   integer `n` with `n ⧐ G^L'' − 2` for every left option (the greatest with `n ⧏ G^R'' + 2`
//!   for every right option), or 0 without such options;
//! - the naive weight is the atomic weight when `G` is all small; otherwise only if
//!   `G − G''·↑` lies within `±(↑* + *P:−1)` (`P` the least power of two ≥ N and ≥ 2), which
//!   is how the reference tool decides that a game is atomic.

use rustc_hash::FxHashMap;

use super::error::ValueError;
use super::number::Dyadic;
use super::store::{GameId, GameStore};
use super::Side;

impl GameStore {
    /// The atomic weight of `g`, or [`ValueError::NotAtomic`] where it has none (numbers
    /// other than 0, games that are not infinitesimal, some infinitesimals that are not all
    /// small). O(followers) canonical forms.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{^^^|vv}").unwrap();
    /// let w = store.atomic_weight(g).unwrap();
    /// assert_eq!(store.display(w), "{1|0}");
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId, ValueError> {
        if let Some(e) = self.uptimal_expansion(g)? {
            if e.number != Dyadic::ZERO {
                return Err(ValueError::NotAtomic);
            }
            return Ok(self.integer(e.digit(1)));
        }
        if !self.is_infinitesimal(g) {
            return Err(ValueError::NotAtomic);
        }
        let depth = 2 * self.depth(g) + 4;
        let naive = self.guarded(depth, |s| s.naive_weight(g, &mut FxHashMap::default()))?;
        if self.is_all_small(g)? {
            return Ok(naive);
        }
        let up = self.nus_game(super::Nus::new(Dyadic::ZERO, 1, 0)?)?;
        let weighted = self.norton_multiply(naive, up)?;
        let difference = self.sub(g, weighted)?;
        let n = self.far_star(g)?;
        let p = n
            .max(2)
            .checked_next_power_of_two()
            .ok_or(ValueError::UpsOverflow)?;
        let star_p = self.nimber(p);
        let minus_one = self.integer(-1);
        let kite = self.ordinal_sum(star_p, minus_one)?;
        let up_star = self.nus_game(super::Nus::new(Dyadic::ZERO, 1, 1)?)?;
        let epsilon = self.sum(up_star, kite)?;
        let minus_epsilon = self.neg(epsilon)?;
        if self.leq(difference, epsilon)? && self.leq(minus_epsilon, difference)? {
            Ok(naive)
        } else {
            Err(ValueError::NotAtomic)
        }
    }

    /// Whether `g` has an atomic weight (see [`GameStore::atomic_weight`]).
    pub fn is_atomic(&mut self, g: GameId) -> Result<bool, ValueError> {
        match self.atomic_weight(g) {
            Ok(_) => Ok(true),
            Err(ValueError::NotAtomic) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// One more than the largest nimber among the followers of `g` (1 if there is none but
    /// 0): the far star `*N` of the atomic weight calculus. O(followers).
    pub fn far_star(&mut self, g: GameId) -> Result<u32, ValueError> {
        let depth = self.depth(g);
        self.guarded(depth, |s| s.far_star_in(g, &mut FxHashMap::default()))
    }

    fn far_star_in(
        &mut self,
        g: GameId,
        done: &mut FxHashMap<GameId, u32>,
    ) -> Result<u32, ValueError> {
        if let Some(v) = self.nus(g) {
            if v.is_number() {
                return Ok(1);
            }
            if v.ups == 0 && v.number == Dyadic::ZERO {
                return Ok(v.nimber.saturating_add(1));
            }
        }
        if let Some(&known) = done.get(&g) {
            return Ok(known);
        }
        self.ensure_options(g)?;
        let mut far = 1;
        for side in [Side::Left, Side::Right] {
            for i in 0..self.count(g, side) {
                let o = self.option(g, side, i);
                far = far.max(self.far_star_in(o, done)?);
            }
        }
        done.insert(g, far);
        Ok(far)
    }

    /// The naive atomic weight `G''` (module documentation).
    fn naive_weight(
        &mut self,
        g: GameId,
        done: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, ValueError> {
        if let Some(v) = self.nus(g) {
            return Ok(self.integer(v.ups as i64));
        }
        if let Some(&known) = done.get(&g) {
            return Ok(known);
        }
        let two = self.integer(2);
        let minus_two = self.integer(-2);
        let mut shifted = [Vec::new(), Vec::new()];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            for i in 0..self.count(g, side) {
                let o = self.option(g, side, i);
                let w = self.naive_weight(o, done)?;
                let shift = if side == Side::Left { minus_two } else { two };
                shifted[k].push(self.add(w, shift)?);
            }
        }
        let [left, right] = shifted;
        let g0 = self.game(&left, &right)?;
        let mut result = g0;
        if self.is_integer(g0) {
            let n = self.far_star_in(g, &mut FxHashMap::default())?;
            let far = self.nimber(n);
            let below = self.leq_in(g, far)?;
            let above = self.leq_in(far, g)?;
            if below && !above {
                result = self.eccentric(&left, Side::Left)?;
            } else if above && !below {
                result = self.eccentric(&right, Side::Right)?;
            }
        }
        done.insert(g, result);
        Ok(result)
    }

    /// The eccentric case: for `Side::Left`, the least integer `n` with `n ⧐ h` (not
    /// `n ≤ h`) for every `h` in `list`; for `Side::Right`, the greatest with `n ⧏ h`; 0 for
    /// an empty list.
    fn eccentric(&mut self, list: &[GameId], side: Side) -> Result<GameId, ValueError> {
        let mut best: Option<i64> = None;
        for &h in list {
            let n = match side {
                Side::Left => {
                    let c = self.right_stop(h).ceil();
                    let c_id = self.integer(c);
                    if self.leq_in(c_id, h)? {
                        c + 1
                    } else {
                        c
                    }
                }
                Side::Right => {
                    let f = self.left_stop(h).floor();
                    let f_id = self.integer(f);
                    if self.leq_in(h, f_id)? {
                        f - 1
                    } else {
                        f
                    }
                }
            };
            best = Some(match (best, side) {
                (None, _) => n,
                (Some(b), Side::Left) => b.max(n),
                (Some(b), Side::Right) => b.min(n),
            });
        }
        Ok(self.integer(best.unwrap_or(0)))
    }
}
