//! The misère outcome class of a canonical form: the player who cannot move wins.
//!
//! Misère play does not respect normal-play equality (`{*|*}` and 0 are equal games with
//! different misère outcomes), so this is a property of the canonical form's own game tree,
//! as the reference tool computes it. By the definition: the player to move wins iff he has
//! no move or has a move to a position the other player, moving first, loses. An integer
//! `n` is decided at once: the side with moves in it must walk down to 0 and hand over a
//! position without moves, so it loses moving first (0 is won by whoever moves first).

use rustc_hash::FxHashMap;

use super::error::ValueError;
use super::store::{GameId, GameStore};
use super::{OutcomeClass, Side};

impl GameStore {
    /// The misère outcome class of `g`'s canonical form. O(followers), memoised per call.
    ///
    /// ```
    /// use grundy::partizan::{GameStore, OutcomeClass};
    ///
    /// let mut store = GameStore::new();
    /// let zero = store.integer(0);
    /// assert_eq!(store.misere_outcome(zero).unwrap(), OutcomeClass::First);
    /// let five = store.integer(5);
    /// assert_eq!(store.misere_outcome(five).unwrap(), OutcomeClass::Right);
    /// ```
    pub fn misere_outcome(&mut self, g: GameId) -> Result<OutcomeClass, ValueError> {
        let depth = self.depth(g) + 2;
        self.guarded(depth, |s| {
            let mut done = FxHashMap::default();
            let left_first = s.misere_wins(g, Side::Left, &mut done)?;
            let right_first = s.misere_wins(g, Side::Right, &mut done)?;
            Ok(OutcomeClass::from_left_wins(left_first, !right_first))
        })
    }

    /// Whether `mover`, moving first in `g`, wins under misère play.
    fn misere_wins(
        &mut self,
        g: GameId,
        mover: Side,
        done: &mut FxHashMap<(GameId, Side), bool>,
    ) -> Result<bool, ValueError> {
        if let Some(n) = self.as_number(g).and_then(|x| x.to_integer()) {
            return Ok(match mover {
                Side::Left => n <= 0,
                Side::Right => n >= 0,
            });
        }
        if let Some(&known) = done.get(&(g, mover)) {
            return Ok(known);
        }
        self.ensure_options(g)?;
        let count = self.count(g, mover);
        let mut wins = count == 0;
        for i in 0..count {
            let o = self.option(g, mover, i);
            if !self.misere_wins(o, mover.other(), done)? {
                wins = true;
                break;
            }
        }
        done.insert((g, mover), wins);
        Ok(wins)
    }
}
