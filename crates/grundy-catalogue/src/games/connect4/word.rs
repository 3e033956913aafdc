//! The word a Connect Four board is held in: `u64` for boards whose cells and spare row fit 64
//! bits ((height + 1)·width ≤ 64, as 7 × 6 or 8 × 7), `u128` for boards up to 128 bits (10 × 6,
//! 9 × 7, 8 × 8 ...). The search is written once over [`Word`] and compiled for each word, so
//! the `u64` search is the same machine code as one written for `u64` alone; the front end
//! picks the word by the board's size.

use grundy::search::Word as BoardWord;

/// A board word ([`grundy::search::Word`]: the bit operations, the transposition table) with
/// what Connect Four's search keeps of each word's size: the room for a board's columns and a
/// node's moves. Implemented by `u64` and `u128`.
pub trait Word: BoardWord {
    /// One item for each column a board of this word can have (at most `BITS / 2`).
    type Columns<T: Copy>: Copy + AsRef<[T]> + AsMut<[T]>;
    /// Twice the columns: a node's moves and those it leaves for later.
    type Queue: Copy + AsRef<[u8]> + AsMut<[u8]>;

    /// `fill` in every column's place.
    fn columns<T: Copy>(fill: T) -> Self::Columns<T>;
    /// A queue of zeros.
    fn queue() -> Self::Queue;
}

/// The arrays of each word's size.
macro_rules! word {
    ($t:ty, $columns:literal) => {
        impl Word for $t {
            type Columns<T: Copy> = [T; $columns];
            type Queue = [u8; 2 * $columns];

            #[inline(always)]
            fn columns<T: Copy>(fill: T) -> [T; $columns] {
                [fill; $columns]
            }
            #[inline(always)]
            fn queue() -> [u8; 2 * $columns] {
                [0; 2 * $columns]
            }
        }
    };
}

word!(u64, 32);
word!(u128, 64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_holds_a_column_for_every_two_bits() {
        assert_eq!(<u64 as Word>::columns(0u8).len(), 32);
        assert_eq!(<u64 as Word>::queue().len(), 64);
        assert_eq!(<u128 as Word>::columns(0u8).len(), 64);
        assert_eq!(<u128 as Word>::queue().len(), 128);
    }
}
