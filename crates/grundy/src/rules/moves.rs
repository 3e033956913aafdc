//! The list a game writes one position's moves into, with a cap: a position with more moves
//! than a budget allows (a Nim pile of 10^18) is refused after the cap, never listed whole.

use std::ops::{Deref, DerefMut};

/// One position's moves, as [`Game::moves`](super::Game::moves) and
/// [`Impartial::options`](super::Impartial::options) write them: a list that holds at most
/// `most` entries. Past the cap, pushes are dropped and the list is marked
/// [`over`](Moves::is_over), and `extend` stops reading its iterator, so a generator of
/// 10^18 moves costs one step past the cap, not 10^18. A caller that sees `is_over` refuses
/// the position; games need not know about the cap.
///
/// Reading is as a slice (`len`, `iter`, indexing, sorting); the few `Vec` methods games use
/// to write are here too.
///
/// ```
/// use grundy::rules::Moves;
///
/// let mut moves = Moves::with_most(3);
/// moves.extend(0..u64::MAX); // stops at the cap
/// assert!(moves.is_over());
/// assert_eq!(&moves[..], &[0, 1, 2]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moves<P> {
    items: Vec<P>,
    most: usize,
    over: bool,
}

impl<P> Default for Moves<P> {
    fn default() -> Moves<P> {
        Moves::new()
    }
}

impl<P> Moves<P> {
    /// An empty list without a cap (for callers whose positions are known to be small).
    pub fn new() -> Moves<P> {
        Moves::with_most(usize::MAX)
    }

    /// An empty list that holds at most `most` moves.
    pub fn with_most(most: usize) -> Moves<P> {
        Moves {
            items: Vec::new(),
            most,
            over: false,
        }
    }

    /// Sets the cap for the next position (the list should be empty). O(1).
    pub fn set_most(&mut self, most: usize) {
        self.most = most;
    }

    /// How many more moves the list holds before its cap: the cap to give a list of a part's
    /// moves that are then copied here. O(1).
    pub fn room(&self) -> usize {
        self.most - self.items.len().min(self.most)
    }

    /// Marks the list over: a caller that listed moves elsewhere (a part's, in a sum) found
    /// more than the room. O(1).
    pub fn set_over(&mut self) {
        self.over = true;
    }

    /// Whether a move was dropped at the cap. O(1).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Adds a move, or marks the list over if it is full. O(1) amortised. The list grows by
    /// doubling but never past the cap, so a full list holds no more than the cap allows.
    pub fn push(&mut self, p: P) {
        let len = self.items.len();
        if len >= self.most {
            self.over = true;
            return;
        }
        if len == self.items.capacity() {
            let grown = len.saturating_mul(2).max(4).min(self.most);
            self.items.reserve_exact(grown - len);
        }
        self.items.push(p);
    }

    /// Adds moves until the cap; past it, marks the list over and stops reading `moves`.
    /// Once the list is full, whether a move is left is read from the iterator's size hint
    /// where it tells, so that a full list costs no copy of a position: a sum of 10^5 piles
    /// lists its first moves in O(cap + piles), not O(piles²). O(moves added + 1).
    pub fn extend(&mut self, moves: impl IntoIterator<Item = P>) {
        let mut moves = moves.into_iter();
        loop {
            if self.items.len() >= self.most {
                let (lower, upper) = moves.size_hint();
                if lower > 0 || (upper != Some(0) && moves.next().is_some()) {
                    self.over = true;
                }
                return;
            }
            match moves.next() {
                Some(p) => self.push(p),
                None => return,
            }
        }
    }

    /// Adds copies of `moves`, up to the cap.
    pub fn extend_from_slice(&mut self, moves: &[P])
    where
        P: Clone,
    {
        self.extend(moves.iter().cloned());
    }

    /// Empties the list and clears the mark, keeping the cap and the allocation. O(len).
    pub fn clear(&mut self) {
        self.items.clear();
        self.over = false;
    }

    /// Keeps the moves for which `keep` holds. O(len).
    pub fn retain(&mut self, keep: impl FnMut(&P) -> bool) {
        self.items.retain(keep);
    }

    /// Removes consecutive repeats. O(len).
    pub fn dedup(&mut self)
    where
        P: PartialEq,
    {
        self.items.dedup();
    }

    /// Takes the moves in `range` out. O(len).
    pub fn drain(&mut self, range: impl std::ops::RangeBounds<usize>) -> std::vec::Drain<'_, P> {
        self.items.drain(range)
    }

    /// The moves, as a vector.
    pub fn into_vec(self) -> Vec<P> {
        self.items
    }
}

impl<P> Deref for Moves<P> {
    type Target = [P];
    fn deref(&self) -> &[P] {
        &self.items
    }
}

impl<P> DerefMut for Moves<P> {
    fn deref_mut(&mut self) -> &mut [P] {
        &mut self.items
    }
}

impl<P> Extend<P> for Moves<P> {
    fn extend<I: IntoIterator<Item = P>>(&mut self, moves: I) {
        Moves::extend(self, moves);
    }
}

impl<'a, P> IntoIterator for &'a Moves<P> {
    type Item = &'a P;
    type IntoIter = std::slice::Iter<'a, P>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<P> IntoIterator for Moves<P> {
    type Item = P;
    type IntoIter = std::vec::IntoIter<P>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_drops_moves_and_marks_the_list() {
        let mut moves = Moves::with_most(2);
        moves.push(1);
        moves.push(2);
        assert!(!moves.is_over());
        moves.push(3);
        assert!(moves.is_over());
        assert_eq!(moves.len(), 2);
        moves.clear();
        assert!(!moves.is_over());
        moves.extend_from_slice(&[7, 8]);
        assert_eq!(&moves[..], &[7, 8]);
        assert!(!moves.is_over());
    }

    #[test]
    fn an_endless_generator_stops_at_the_cap() {
        let mut moves = Moves::with_most(1000);
        moves.extend(std::iter::repeat(5u8));
        assert!(moves.is_over());
        assert_eq!(moves.len(), 1000);
        assert!(
            moves.items.capacity() <= 1000,
            "never allocated past the cap"
        );
    }

    #[test]
    fn a_full_list_makes_no_move_to_learn_that_more_are_left() {
        use std::cell::Cell;
        let made = Cell::new(0);
        let mut moves = Moves::with_most(2);
        moves.extend(0..2);
        // A mapped range tells its length: no move is made past the cap.
        moves.extend((0..1_000_000).inspect(|_| made.set(made.get() + 1)));
        assert!(moves.is_over());
        assert_eq!(made.get(), 0);
        // A filter cannot tell: it is read as far as its first move, and an empty one leaves
        // the list exact.
        let mut exact = Moves::with_most(2);
        exact.extend([1, 2]);
        exact.extend((0..10).filter(|_| false));
        assert!(!exact.is_over(), "exactly at the cap, nothing more");
        exact.extend((0..10).filter(|&i| i == 9));
        assert!(exact.is_over());
    }
}
