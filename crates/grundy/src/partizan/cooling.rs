//! Cooling, freezing, heating and overheating: taxing or subsidising every move.
//!
//! - Cooling by `t > −1`: `G_t = {G^L_t − t | G^R_t + t}`, except that an integer stays
//!   itself and a game whose temperature is below `t` has already frozen into its mean (the
//!   reference tool's definition; the stops of `G_t` are the thermograph's walls at `t`).
//!   Freezing is cooling by the temperature.
//! - Heating by a game `t`: `∫^t G = G` for a number, else `{∫^t G^L + t | ∫^t G^R − t}`.
//! - Overheating from `s` to `t`: `G·s` (Norton's product, `G` copies of `s`) for an integer
//!   `G`, else `{G^L + t | G^R − t}` over the overheated options.
//!
//! Each walk memoises the followers it has done, so it costs one canonical form per follower.

use rustc_hash::FxHashMap;

use super::error::ValueError;
use super::number::Dyadic;
use super::store::{GameId, GameStore};
use super::Side;

impl GameStore {
    /// `g` cooled by `t` (`t > −1`). O(followers of g) canonical forms.
    ///
    /// ```
    /// use grundy::partizan::{Dyadic, GameStore};
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3||2*|1*}").unwrap();
    /// let cooled = store.cool(g, Dyadic::new(1, 1).unwrap()).unwrap();
    /// // {2*|1*} cooled by 1/2 is 3/2*, its temperature reached.
    /// assert_eq!(store.display(cooled), "{5/2|2*}");
    /// let frozen = store.freeze(g).unwrap();
    /// assert_eq!(store.display(frozen), "9/4*");
    /// ```
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, ValueError> {
        if t <= Dyadic::from(-1) {
            return Err(ValueError::CoolingTemperature(t));
        }
        let depth = 2 * self.depth(g) + 64;
        self.guarded(depth, |s| {
            let t_id = s.number(t);
            s.cool_in(g, t, t_id, &mut FxHashMap::default())
        })
    }

    /// `g` cooled by its temperature (a number plus an infinitesimal); a number is its own
    /// freeze. As [`GameStore::cool`].
    pub fn freeze(&mut self, g: GameId) -> Result<GameId, ValueError> {
        if self.is_number(g) {
            return Ok(g);
        }
        let t = self.temperature(g)?;
        self.cool(g, t)
    }

    fn cool_in(
        &mut self,
        g: GameId,
        t: Dyadic,
        t_id: GameId,
        done: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, ValueError> {
        if self.as_number(g).is_some_and(|x| x.is_integer()) {
            return Ok(g);
        }
        if let Some(&known) = done.get(&g) {
            return Ok(known);
        }
        let result = if self.temperature(g)? < t {
            let mean = self.mean(g)?;
            self.number(mean)
        } else {
            let mut left = self.take_vec();
            let mut right = self.take_vec();
            self.ensure_options(g)?;
            for side in [Side::Left, Side::Right] {
                for i in 0..self.count(g, side) {
                    let o = self.option(g, side, i);
                    let c = self.cool_in(o, t, t_id, done)?;
                    match side {
                        Side::Left => {
                            let minus_t = self.neg_in(t_id);
                            left.push(self.add(c, minus_t)?)
                        }
                        Side::Right => right.push(self.add(c, t_id)?),
                    }
                }
            }
            self.canonical(left, right)?
        };
        done.insert(g, result);
        Ok(result)
    }

    /// `g` heated by the game `t`: `∫^t g`. O(followers of g) canonical forms.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let up = store.parse("^").unwrap();
    /// let two = store.integer(2);
    /// let heated = store.heat(up, two).unwrap();
    /// assert_eq!(store.display(heated), "{2||0|-4}");
    /// ```
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId, ValueError> {
        let depth = self.depth(g) * (self.depth(t) + 2) + 2;
        self.guarded(depth, |s| {
            s.shift_walk(g, None, t, &mut FxHashMap::default())
        })
    }

    /// `g` overheated from `s` to `t`. O(followers of g) canonical forms plus the Norton
    /// products of its integer followers.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId, ValueError> {
        let depth = (self.depth(g) + 1) * (self.depth(s) + self.depth(t) + 2);
        self.guarded(depth, |st| {
            st.shift_walk(g, Some(s), t, &mut FxHashMap::default())
        })
    }

    /// Heating (`overheat_from = None`: numbers stay) or overheating (`Some(s)`: an integer
    /// `n` becomes `n·s`): `{walk(G^L) + t | walk(G^R) − t}` otherwise.
    fn shift_walk(
        &mut self,
        g: GameId,
        overheat_from: Option<GameId>,
        t: GameId,
        done: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, ValueError> {
        match (overheat_from, self.as_number(g)) {
            (None, Some(_)) => return Ok(g),
            (Some(s), Some(x)) if x.is_integer() => {
                return self.norton_in(g, s);
            }
            _ => {}
        }
        if let Some(&known) = done.get(&g) {
            return Ok(known);
        }
        let mut left = self.take_vec();
        let mut right = self.take_vec();
        self.ensure_options(g)?;
        let minus_t = self.neg_in(t);
        for side in [Side::Left, Side::Right] {
            for i in 0..self.count(g, side) {
                let o = self.option(g, side, i);
                let w = self.shift_walk(o, overheat_from, t, done)?;
                match side {
                    Side::Left => left.push(self.add(w, t)?),
                    Side::Right => right.push(self.add(w, minus_t)?),
                }
            }
        }
        let result = self.canonical(left, right)?;
        done.insert(g, result);
        Ok(result)
    }
}
