//! The reduced canonical form: the simplest game infinitesimally close to a game.
//!
//! `G` and its reduced canonical form differ by an infinitesimal, and two games have the same
//! reduced canonical form iff they do. It is computed as the reference tool does (Siegel,
//! *Combinatorial Game Theory*, II.6): an uptimal reduces to its number part; any other game
//! is heated by `*` and then *star-projected* (every follower `x*` with x a number becomes
//! `x`, recursively).

use rustc_hash::FxHashMap;

use super::error::ValueError;
use super::store::{GameId, GameStore};
use super::Side;

impl GameStore {
    /// The reduced canonical form of `g`. O(followers) canonical forms.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3||2*|1*}").unwrap();
    /// let r = store.reduced(g).unwrap();
    /// assert_eq!(store.display(r), "{3||2|1}");
    /// ```
    pub fn reduced(&mut self, g: GameId) -> Result<GameId, ValueError> {
        if let Some(e) = self.uptimal_expansion(g)? {
            return Ok(self.number(e.number));
        }
        let star = self.nimber(1);
        let heated = self.heat(g, star)?;
        let depth = self.depth(heated);
        self.guarded(depth, |s| {
            s.star_projection(heated, &mut FxHashMap::default())
        })
    }

    fn star_projection(
        &mut self,
        g: GameId,
        done: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId, ValueError> {
        if let Some(v) = self.nus(g) {
            if v.is_number() {
                return Ok(g);
            }
            if v.ups == 0 && v.nimber == 1 {
                return Ok(self.number(v.number));
            }
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
                let p = self.star_projection(o, done)?;
                match side {
                    Side::Left => left.push(p),
                    Side::Right => right.push(p),
                }
            }
        }
        let result = self.canonical(left, right)?;
        done.insert(g, result);
        Ok(result)
    }
}
