//! Negation, `−g = {−G^R | −G^L}`: an analysis on the store, remembered in its table of
//! negatives (a game and its negative point at each other).

use super::error::ValueError;
use super::store::{GameId, GameStore};
use super::Side;

impl GameStore {
    /// `−g`. O(size of g) the first time, O(1) after.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2|{1|*}}").unwrap();
    /// let minus_g = store.neg(g).unwrap();
    /// assert_eq!(store.display(minus_g), "{*|-1||-2}");
    /// ```
    pub fn neg(&mut self, g: GameId) -> Result<GameId, ValueError> {
        let depth = self.depth(g);
        self.guarded(depth, |s| Ok(s.neg_in(g)))
    }

    /// The negative `−g`: `{−R | −L}`, already canonical, so no simplification is needed.
    /// O(size of g) the first time, O(1) after; recursion as deep as g's tree.
    pub(crate) fn neg_in(&mut self, g: GameId) -> GameId {
        if let Some(value) = self.nus(g) {
            return self.intern_nus(-value);
        }
        if let Some(known) = self.known_negative(g) {
            return known;
        }
        let mut left = self.take_vec();
        let mut right = self.take_vec();
        let (nl, nr) = (self.count(g, Side::Left), self.count(g, Side::Right));
        for i in 0..nr {
            let o = self.option(g, Side::Right, i);
            let n = self.neg_in(o);
            left.push(n);
        }
        for i in 0..nl {
            let o = self.option(g, Side::Left, i);
            let n = self.neg_in(o);
            right.push(n);
        }
        left.sort_unstable();
        right.sort_unstable();
        let result = self.intern_moves(&left, &right);
        self.give_vec(left);
        self.give_vec(right);
        self.remember_negatives(g, result);
        result
    }
}
