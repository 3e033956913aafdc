//! Properties read off a canonical form: outcome class, incentives, followers, stop count,
//! companion, parity and the yes/no predicates.
//!
//! Where the reference tool treats uptimals (numbers + ups + nimbers, `^<n>`, `^[n]`, …) by
//! their expansion rather than by their options (parity, companion), so does the engine, so
//! that every property of its test games agrees with it.

use rustc_hash::{FxHashMap, FxHashSet};

use super::error::ValueError;
use super::number::Dyadic;
use super::store::{GameId, GameStore};
use super::uptimal::UptimalExpansion;
use super::{Nus, OutcomeClass, Side};

/// The most followers [`GameStore::followers`] lists.
pub const MAX_LISTED_FOLLOWERS: u128 = 10_000_000;

impl GameStore {
    /// The outcome class under normal play: L if `g > 0`, R if `g < 0`, P if `g = 0`, N if
    /// `g` is confused with 0. Two comparisons.
    ///
    /// ```
    /// use grundy::partizan::{GameStore, OutcomeClass};
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{1|*}").unwrap();
    /// assert_eq!(store.outcome(g).unwrap(), OutcomeClass::Left);
    /// ```
    pub fn outcome(&mut self, g: GameId) -> Result<OutcomeClass, ValueError> {
        let positive_or_zero = self.leq(GameId::ZERO, g)?;
        let negative_or_zero = self.leq(g, GameId::ZERO)?;
        // Left wins moving second iff g ≥ 0; moving first iff not g ≤ 0.
        Ok(OutcomeClass::from_left_wins(
            !negative_or_zero,
            positive_or_zero,
        ))
    }

    /// Left's incentives `G^L − G` (`left`) and Right's `G − G^R` (`right`), without repeats
    /// or dominated ones (only the largest are kept), in display order. O(options) sums.
    pub fn incentives(
        &mut self,
        g: GameId,
        left: bool,
        right: bool,
    ) -> Result<Vec<GameId>, ValueError> {
        let mut all = Vec::new();
        if left {
            for o in self.options(g, Side::Left)? {
                all.push(self.sub(o, g)?);
            }
        }
        if right {
            for o in self.options(g, Side::Right)? {
                all.push(self.sub(g, o)?);
            }
        }
        all.sort_unstable();
        all.dedup();
        let mut kept = Vec::with_capacity(all.len());
        for &a in &all {
            let mut dominated = false;
            for &b in &all {
                if a != b && self.leq(a, b)? {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                kept.push(a);
            }
        }
        self.sort_for_display(&mut kept)?;
        Ok(kept)
    }

    /// Every follower of `g` (g itself, its options, theirs, …), in display order. O(number
    /// of followers); an error when there are more than [`MAX_LISTED_FOLLOWERS`] (a large
    /// integer has as many followers as its value).
    pub fn followers(&mut self, g: GameId) -> Result<Vec<GameId>, ValueError> {
        let count = self.follower_count(g)?;
        if count > MAX_LISTED_FOLLOWERS {
            return Err(ValueError::TooManyFollowers(count));
        }
        let (mut list, (low, high)) = self.followers_but_integers(g)?;
        for n in low..=high {
            list.push(self.integer(n));
        }
        self.sort_for_display(&mut list)?;
        Ok(list)
    }

    /// How many followers `g` has. O(followers that are not integers).
    pub fn follower_count(&mut self, g: GameId) -> Result<u128, ValueError> {
        let (list, (low, high)) = self.followers_but_integers(g)?;
        Ok(list.len() as u128 + (high as i128 - low as i128 + 1) as u128)
    }

    /// The followers that are not integers, and the range of the integer ones (every game
    /// reaches 0, and an integer reaches every integer between itself and 0). Iterative.
    fn followers_but_integers(
        &mut self,
        g: GameId,
    ) -> Result<(Vec<GameId>, (i64, i64)), ValueError> {
        let mut seen = FxHashSet::default();
        let mut list = Vec::new();
        let mut stack = vec![g];
        let (mut low, mut high) = (0i64, 0i64);
        while let Some(x) = stack.pop() {
            if let Some(n) = self.as_number(x).and_then(|d| d.to_integer()) {
                low = low.min(n);
                high = high.max(n);
                continue;
            }
            if !seen.insert(x) {
                continue;
            }
            list.push(x);
            stack.extend(self.options(x, Side::Left)?);
            stack.extend(self.options(x, Side::Right)?);
        }
        Ok((list, (low, high)))
    }

    /// The number of stopping positions of `g`'s complete game tree: 1 for a number, the
    /// sum over all options otherwise (`2·3^(m−1)` for `x*m`). Memoised per call; an error
    /// beyond `2^128 − 1`.
    pub fn stop_count(&mut self, g: GameId) -> Result<u128, ValueError> {
        let depth = self.depth(g);
        self.guarded(depth, |s| s.stop_count_in(g, &mut FxHashMap::default()))
    }

    fn stop_count_in(
        &mut self,
        g: GameId,
        done: &mut FxHashMap<GameId, u128>,
    ) -> Result<u128, ValueError> {
        if let Some(v) = self.nus(g).filter(|v| v.ups == 0) {
            if v.nimber == 0 {
                return Ok(1);
            }
            return 3u128
                .checked_pow(v.nimber - 1)
                .and_then(|p| p.checked_mul(2))
                .ok_or(ValueError::CountOverflow);
        }
        if let Some(&known) = done.get(&g) {
            return Ok(known);
        }
        self.ensure_options(g)?;
        let mut total: u128 = 0;
        for side in [Side::Left, Side::Right] {
            for i in 0..self.count(g, side) {
                let o = self.option(g, side, i);
                let c = self.stop_count_in(o, done)?;
                total = total.checked_add(c).ok_or(ValueError::CountOverflow)?;
            }
        }
        done.insert(g, total);
        Ok(total)
    }

    /// The lattice companion of `g` (Siegel, *Combinatorial Game Theory*, III.2): for an
    /// uptimal with number part 0 and nimber 0 or `*`, the same with `*` added; for any other
    /// uptimal, itself; otherwise `{companions of G^L, 0 if G ≥ 0 | companions of G^R, 0 if
    /// G ≤ 0}`. O(followers) canonical forms.
    pub fn companion(&mut self, g: GameId) -> Result<GameId, ValueError> {
        if let Some(e) = self.uptimal_expansion(g)? {
            if e.number == Dyadic::ZERO && e.nimber <= 1 {
                let toggled = UptimalExpansion {
                    nimber: e.nimber ^ 1,
                    ..e
                };
                return self.uptimal(&toggled);
            }
            return Ok(g);
        }
        let depth = 2 * self.depth(g) + 2;
        self.guarded(depth, |s| s.companion_in(g, &mut FxHashMap::default()))
    }

    fn companion_in(
        &mut self,
        g: GameId,
        done: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, ValueError> {
        if let Some(v) = self.nus(g) {
            if v.number == Dyadic::ZERO {
                let nimber = if v.nimber >= 2 {
                    v.nimber
                } else {
                    v.nimber ^ 1
                };
                return self.nus_game(Nus { nimber, ..v });
            }
            if v.is_number() {
                // The recursion below gives every non-zero number back (checked by the
                // tests); taking it as is spares walking down a large integer.
                return Ok(g);
            }
        }
        if let Some(&known) = done.get(&g) {
            return Ok(known);
        }
        let at_most_zero = self.leq_in(g, GameId::ZERO)?;
        let at_least_zero = self.leq_in(GameId::ZERO, g)?;
        let (mut left, mut right) = self.map_options(g, |s, _, o, list| {
            list.push(s.companion_in(o, done)?);
            Ok(())
        })?;
        if at_least_zero {
            left.push(GameId::ZERO);
        }
        if at_most_zero {
            right.push(GameId::ZERO);
        }
        let result = self.canonical(left, right)?;
        done.insert(g, result);
        Ok(result)
    }

    /// Whether `g` is even (0, or every option odd) or, with `even = false`, odd (not 0 and
    /// every option even). An uptimal is even or odd only if it is an integer or an integer
    /// plus `*` (`n` is even iff n is, `n*` iff n is odd). O(followers).
    pub fn parity(&mut self, g: GameId, even: bool) -> Result<bool, ValueError> {
        if let Some(e) = self.uptimal_expansion(g)? {
            return Ok(e.is_empty() && e.nimber <= 1 && {
                e.number
                    .to_integer()
                    .is_some_and(|n| ((n.rem_euclid(2) == 0) == (e.nimber == 0)) == even)
            });
        }
        let depth = self.depth(g);
        self.guarded(depth, |s| {
            s.alternating(g, even, &mut FxHashMap::default(), &|v, even| {
                v.ups == 0
                    && v.nimber <= 1
                    && v.number
                        .to_integer()
                        .is_some_and(|n| ((n.rem_euclid(2) as u32 + v.nimber) % 2 == 0) == even)
            })
        })
    }

    /// Whether `g` has a property that holds at a number-up-star by `leaf` and otherwise
    /// when every option has the opposite one (`even` alternating down the tree): parity and
    /// temper. Memoised in `done` by (game, parity). O(followers).
    fn alternating(
        &mut self,
        g: GameId,
        even: bool,
        done: &mut FxHashMap<(GameId, bool), bool>,
        leaf: &dyn Fn(&Nus, bool) -> bool,
    ) -> Result<bool, ValueError> {
        if let Some(v) = self.nus(g) {
            return Ok(leaf(&v, even));
        }
        if let Some(&known) = done.get(&(g, even)) {
            return Ok(known);
        }
        let mut result = true;
        'sides: for side in [Side::Left, Side::Right] {
            for i in 0..self.count(g, side) {
                let o = self.option(g, side, i);
                if !self.alternating(o, !even, done, leaf)? {
                    result = false;
                    break 'sides;
                }
            }
        }
        done.insert((g, even), result);
        Ok(result)
    }

    /// Whether `g` is even-tempered (a number, or every option odd-tempered) or, with
    /// `even = false`, odd-tempered (a number plus `*`, or every option even-tempered). An
    /// uptimal is even-tempered only if it is a number, odd-tempered only if a number plus
    /// `*`. O(followers).
    pub fn tempered(&mut self, g: GameId, even: bool) -> Result<bool, ValueError> {
        if let Some(e) = self.uptimal_expansion(g)? {
            return Ok(e.is_empty() && e.nimber == u32::from(!even));
        }
        let depth = self.depth(g);
        self.guarded(depth, |s| {
            s.alternating(g, even, &mut FxHashMap::default(), &|v, even| {
                v.ups == 0 && v.nimber == u32::from(!even)
            })
        })
    }

    /// Whether every follower of `g` has moves for both players or none (all small): a
    /// number + ups + nimber is when its number part is 0. O(followers), iterative.
    pub fn is_all_small(&mut self, g: GameId) -> Result<bool, ValueError> {
        let mut seen = FxHashSet::default();
        let mut stack = vec![g];
        while let Some(x) = stack.pop() {
            if let Some(v) = self.nus(x) {
                if v.number != Dyadic::ZERO {
                    return Ok(false);
                }
                continue;
            }
            if seen.insert(x) {
                stack.extend(self.options(x, Side::Left)?);
                stack.extend(self.options(x, Side::Right)?);
            }
        }
        Ok(true)
    }

    /// Whether `g` is infinitesimal: both stops are 0 (0 itself included). O(1).
    pub fn is_infinitesimal(&self, g: GameId) -> bool {
        self.left_stop(g) == Dyadic::ZERO && self.right_stop(g) == Dyadic::ZERO
    }

    /// Whether `g` is numberish (infinitesimally close to a number): equal stops. O(1).
    pub fn is_numberish(&self, g: GameId) -> bool {
        self.left_stop(g) == self.right_stop(g)
    }

    /// Whether `g` is an integer. O(1).
    pub fn is_integer(&self, g: GameId) -> bool {
        self.as_number(g).is_some_and(|x| x.is_integer())
    }

    /// Whether `g` is a nimber `*n` (0 included). O(1).
    pub fn is_nimber(&self, g: GameId) -> bool {
        self.nus(g)
            .is_some_and(|v| v.ups == 0 && v.number == Dyadic::ZERO)
    }

    /// Whether `g` is a non-negative integer (an ordinal). O(1).
    pub fn is_ordinal(&self, g: GameId) -> bool {
        self.as_number(g)
            .and_then(|x| x.to_integer())
            .is_some_and(|n| n >= 0)
    }

    /// Whether `g` is a number, or `x + Tiny(G)` or `x + Miny(G)` in the printed sense:
    /// `{x || x | x − G}` or `{x + G | x || x}` with G of positive mean, and not an uptimal
    /// (the reference tool's `IsNumberTiny`, which counts numbers in). O(options).
    pub fn is_number_tiny(&mut self, g: GameId) -> Result<bool, ValueError> {
        if self.is_number(g) {
            return Ok(true);
        }
        if self.uptimal_expansion(g)?.is_some() {
            return Ok(false);
        }
        let left = self.options(g, Side::Left)?;
        let right = self.options(g, Side::Right)?;
        Ok(self.number_tiny_parts(&left, &right).is_some())
    }

    /// Whether `g` is an uptimal (see [`GameStore::uptimal_expansion`]).
    pub fn is_uptimal(&mut self, g: GameId) -> Result<bool, ValueError> {
        Ok(self.uptimal_expansion(g)?.is_some())
    }
}
