//! The one-pile games whose next take is limited by the last one (Fibonacci Nim, k-multiple
//! dynamic subtraction, the +k game): their positions and moves, shared.

use std::fmt;

use serde::Serialize;

/// A position: the pile, and how many counters the player to move may take at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct LimitedPile {
    /// The counters left.
    pub pile: u64,
    /// The most the player to move may take, at most `pile` (a larger limit means the same).
    pub limit: u64,
}

impl LimitedPile {
    /// The position with `pile` counters and limit `limit`, the limit capped at the pile (so
    /// that it fits in 64 bits whatever rule made it). O(1).
    pub fn new(pile: u64, limit: u128) -> LimitedPile {
        LimitedPile {
            pile,
            limit: limit.min(u128::from(pile)) as u64,
        }
    }

    /// The position after taking `take` counters, with the opponent's limit `next_limit`, if
    /// the take is allowed (1 ≤ take ≤ limit).
    pub fn after(self, take: u64, next_limit: u128) -> Option<LimitedPile> {
        (1..=self.limit)
            .contains(&take)
            .then(|| LimitedPile::new(self.pile - take, next_limit))
    }
}

/// A move: take `take` counters, leaving `pile`, after which the opponent may take at most
/// `limit` (saturating at 2^64 − 1, which allows any pile anyway).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct LimitedTake {
    /// The counters taken.
    pub take: u64,
    /// The counters left.
    pub pile: u64,
    /// The opponent's limit.
    pub limit: u64,
}

impl LimitedTake {
    /// Taking `take` from `pile` counters, the opponent then limited to `next_limit`.
    pub fn new(pile: u64, take: u64, next_limit: u128) -> LimitedTake {
        LimitedTake {
            take,
            pile: pile - take,
            limit: u64::try_from(next_limit).unwrap_or(u64::MAX),
        }
    }

    /// The position this move leads to from `from`, if it is a legal move there.
    pub fn play(&self, from: &LimitedPile) -> Option<LimitedPile> {
        let to = from.after(self.take, u128::from(self.limit))?;
        (to.pile == self.pile).then_some(to)
    }
}

impl fmt::Display for LimitedTake {
    /// `take 3 (leaves 5, the opponent takes at most 6)`, or `take 8 (leaves 0)` when the
    /// pile is emptied (the limit then says nothing). One wording for all the limited-take
    /// games, so that their answers read alike.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.pile == 0 {
            write!(f, "take {} (leaves 0)", self.take)
        } else {
            write!(
                f,
                "take {} (leaves {}, the opponent takes at most {})",
                self.take, self.pile, self.limit
            )
        }
    }
}
