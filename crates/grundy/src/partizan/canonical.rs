//! Canonical forms: a game `{L|R}` built from canonical options, simplified.
//!
//! The canonical form of a short game is the unique form without dominated options (a left
//! option `≤` another one, a right option `≥` another one) and without reversible options
//! (a left option `G^L` with some `G^{LR} ≤ G`, replaced by the left options of that
//! `G^{LR}`; symmetrically on the right). [`GameStore::game`] removes the dominated options,
//! bypasses the reversible ones (checking the options the bypass brings in as well) and
//! removes the dominated ones again; neither step changes the value, so reversibility is
//! always tested against the current form. The result is then recognised as a
//! number + ups + nimber when it is one (their option lists have known shapes), so that every value has
//! exactly one id.
//!
//! Two cases are settled without comparisons of games: options that are all numbers
//! (`{a|b}` with the largest left `a` and smallest right `b`: the simplest number between
//! them if `a < b`, `a*` if `a = b`, the switch `{a|b}` otherwise), and options that are all
//! nimbers with the same mex `m` on both sides (`*m`).

use super::compare::stops_decide;
use super::error::ValueError;
use super::number::Dyadic;
use super::nus::Nus;
use super::store::{GameId, GameStore};
use super::Side;

impl GameStore {
    /// The canonical form of `{left | right}`, whose options are games of this store.
    /// Comparisons: O((|L| + |R|)²) `≤` tests for the dominated options, plus one per option
    /// of an option for the reversible ones.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let zero = store.integer(0);
    /// let star = store.nimber(1);
    /// let up = store.game(&[zero], &[star]).unwrap();
    /// assert_eq!(store.display(up), "^");
    /// // {*|*}: * is reversible on both sides (its option 0 is G itself), so this is 0.
    /// assert_eq!(store.game(&[star], &[star]).unwrap(), zero);
    /// ```
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, ValueError> {
        let depth = 2
            * (1 + left
                .iter()
                .chain(right)
                .map(|&o| self.depth(o))
                .max()
                .unwrap_or(0));
        self.guarded(depth, |s| {
            let mut l = s.take_vec();
            let mut r = s.take_vec();
            l.extend_from_slice(left);
            r.extend_from_slice(right);
            s.canonical(l, r)
        })
    }

    /// The canonical form of `{left | right}` (consumes the two vectors, which go back to the
    /// spare pool). Counts against the store's budget.
    pub(crate) fn canonical(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId, ValueError> {
        self.tick()?;
        let result = self.simplify(&mut left, &mut right);
        self.give_vec(left);
        self.give_vec(right);
        result
    }

    fn simplify(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
    ) -> Result<GameId, ValueError> {
        sort_dedup(left);
        sort_dedup(right);
        if let Some(g) = self.numbers_only(left, right)? {
            return Ok(g);
        }
        if let Some(g) = self.nimbers_only(left, right) {
            return Ok(g);
        }
        self.remove_dominated(left, Side::Left)?;
        self.remove_dominated(right, Side::Right)?;
        let bypassed_left = self.bypass_reversible(left, right, Side::Left)?;
        let bypassed_right = self.bypass_reversible(left, right, Side::Right)?;
        if bypassed_left {
            sort_dedup(left);
            self.remove_dominated(left, Side::Left)?;
        }
        if bypassed_right {
            sort_dedup(right);
            self.remove_dominated(right, Side::Right)?;
        }
        if let Some(g) = self.numbers_only(left, right)? {
            return Ok(g);
        }
        if let Some(g) = self.recognise_nus(left, right)? {
            return Ok(g);
        }
        Ok(self.intern_moves(left, right))
    }

    /// When every option is a number: the value, found without comparing games.
    fn numbers_only(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<GameId>, ValueError> {
        let mut best_left: Option<Dyadic> = None;
        for &l in left {
            let Some(x) = self.as_number(l) else {
                return Ok(None);
            };
            best_left = Some(best_left.map_or(x, |b| b.max(x)));
        }
        let mut best_right: Option<Dyadic> = None;
        for &r in right {
            let Some(x) = self.as_number(r) else {
                return Ok(None);
            };
            best_right = Some(best_right.map_or(x, |b| b.min(x)));
        }
        Ok(Some(match (best_left, best_right) {
            (Some(a), Some(b)) if a >= b => {
                if a == b {
                    self.intern_nus(Nus::new(a, 0, 1)?)
                } else {
                    let (a, b) = (self.number(a), self.number(b));
                    self.intern_moves(&[a], &[b])
                }
            }
            (low, high) => {
                let x = Dyadic::simplest_between(low, high)?;
                self.number(x)
            }
        }))
    }

    /// When every option is a nimber `*k` and both sides have the same mex `m`: `*m`.
    fn nimbers_only(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let m = self.mex(left)?;
        if self.mex(right)? != m {
            return None;
        }
        Some(self.intern_nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nimber: m,
        }))
    }

    /// The mex of a list of nimbers sorted by id, or `None` if one option is not a nimber.
    /// Without allocating: the nimbers below 64 go into a bit set, which is all a mex below
    /// 64 needs; a larger mex is found by sorting.
    fn mex(&self, side: &[GameId]) -> Option<u32> {
        let mut small = 0u64;
        for &o in side {
            let n = self.nus(o)?;
            if n.ups != 0 || n.number != Dyadic::ZERO {
                return None;
            }
            if n.nimber < 64 {
                small |= 1 << n.nimber;
            }
        }
        let m = small.trailing_ones();
        if m < 64 {
            return Some(m);
        }
        let mut seen: Vec<u32> = side
            .iter()
            .filter_map(|&o| self.nus(o))
            .map(|n| n.nimber)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        Some(
            seen.iter()
                .enumerate()
                .take_while(|&(i, &k)| i as u32 == k)
                .count() as u32,
        )
    }

    /// Removes the options of `side` that another option of the list dominates (for Left,
    /// those `≤` another; for Right, those `≥` another). The list holds distinct values.
    fn remove_dominated(&mut self, list: &mut Vec<GameId>, side: Side) -> Result<(), ValueError> {
        let mut i = 0;
        while i < list.len() {
            let mut dominated = false;
            for j in 0..list.len() {
                if j == i {
                    continue;
                }
                let (a, b) = (list[i], list[j]);
                dominated = match side {
                    Side::Left => self.leq_in(a, b)?,
                    Side::Right => self.leq_in(b, a)?,
                };
                if dominated {
                    break;
                }
            }
            if dominated {
                list.swap_remove(i);
            } else {
                i += 1;
            }
        }
        list.sort_unstable();
        Ok(())
    }

    /// Bypasses the reversible options of `side`: a left option `G^L` with a right option
    /// `G^{LR} ≤ G` is replaced by the left options of `G^{LR}` (which are then checked in
    /// turn). Returns whether anything changed.
    fn bypass_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        side: Side,
    ) -> Result<bool, ValueError> {
        let mut changed = false;
        let mut i = 0;
        loop {
            let list = match side {
                Side::Left => &*left,
                Side::Right => &*right,
            };
            if i >= list.len() {
                break;
            }
            let option = list[i];
            self.ensure_options(option)?;
            let stops = self.form_stops(left, right);
            let mut reversed_through = None;
            for k in 0..self.count(option, side.other()) {
                let back = self.option(option, side.other(), k);
                let back_stops = Some((self.left_stop(back), self.right_stop(back)));
                let (lower, upper) = match side {
                    Side::Left => (back_stops, stops),
                    Side::Right => (stops, back_stops),
                };
                let reverses = match stops_decide(lower, upper) {
                    Some(known) => known,
                    None if side == Side::Left => self.leq_form(back, left, right)?,
                    None => self.form_leq(left, right, back)?,
                };
                if reverses {
                    reversed_through = Some(back);
                    break;
                }
            }
            match reversed_through {
                None => i += 1,
                Some(back) => {
                    changed = true;
                    self.ensure_options(back)?;
                    let list = match side {
                        Side::Left => &mut *left,
                        Side::Right => &mut *right,
                    };
                    list.swap_remove(i);
                    for k in 0..self.count(back, side) {
                        let replacement = self.option(back, side, k);
                        if !list.contains(&replacement) {
                            list.push(replacement);
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// The stops of the form `{left | right}` when its options say them: Left's is the
    /// largest right stop of a left option, Right's the smallest left stop of a right option.
    /// That holds for a form that is not a number, and for one equal to the number `x` only
    /// when both are `x`. So if they come out with Left's below Right's (the form then must
    /// be a number, of unknown value between them: `{{1|*,↓}|2}` is 0, not 1), and when a side
    /// has no options, `None`: the stops decide nothing (see [`stops_decide`]). O(options).
    fn form_stops(&self, left: &[GameId], right: &[GameId]) -> Option<(Dyadic, Dyadic)> {
        let l = left.iter().map(|&o| self.right_stop(o)).max()?;
        let r = right.iter().map(|&o| self.left_stop(o)).min()?;
        (l >= r).then_some((l, r))
    }

    /// If `{left | right}` (canonical) is a number + ups + nimber, its id. The candidates
    /// come from the shapes of their option lists (module documentation of `nus`): `x*m` has
    /// equal lists, `x + n·↑ + *m` with `n ≥ 1` has the single right option
    /// `x + (n−1)·↑ + *(m⊕1)`, and `n ≤ −1` the mirror image; a candidate is accepted when its
    /// own canonical options are exactly the lists.
    fn recognise_nus(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<GameId>, ValueError> {
        if !left.iter().chain(right).all(|&o| self.nus(o).is_some()) {
            return Ok(None);
        }
        let value = |store: &GameStore, list: &[GameId]| match list {
            [o] => store.nus(*o),
            _ => None,
        };
        let nimbers = (left == right && !left.is_empty())
            .then(|| {
                self.nus(left[0])
                    .map(|v| Nus::new(v.number, 0, left.len() as u32))
            })
            .flatten();
        let upward = value(self, right)
            .filter(|r| r.ups >= 0)
            .and_then(|r| Some(Nus::new(r.number, r.ups.checked_add(1)?, r.nimber ^ 1)));
        let downward = value(self, left)
            .filter(|l| l.ups <= 0)
            .map(|l| Nus::new(l.number, l.ups - 1, l.nimber ^ 1));
        for candidate in [nimbers, upward, downward].into_iter().flatten().flatten() {
            let id = self.intern_nus(candidate);
            self.ensure_options(id)?;
            let matches = self.count(id, Side::Left) == left.len()
                && self.count(id, Side::Right) == right.len()
                && (0..left.len()).all(|i| self.option(id, Side::Left, i) == left[i])
                && (0..right.len()).all(|i| self.option(id, Side::Right, i) == right[i]);
            if matches {
                return Ok(Some(id));
            }
        }
        Ok(None)
    }
}

/// Sorts a list of ids and removes repeats.
fn sort_dedup(list: &mut Vec<GameId>) {
    list.sort_unstable();
    list.dedup();
}
