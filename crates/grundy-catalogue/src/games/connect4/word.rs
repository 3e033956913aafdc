//! The word a Connect Four board is held in: `u64` for boards whose cells and spare row fit 64
//! bits ((height + 1)·width ≤ 64, as 7 × 6 or 8 × 7), `u128` for boards up to 128 bits (10 × 6,
//! 9 × 7, 8 × 8 ...). The search is written once over [`Word`] and compiled for each word, so
//! the `u64` search is the same machine code as one written for `u64` alone; the front end
//! picks the word by the board's size.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{
    Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

use grundy::search::{KeyTable, Table, WideTable};

/// A board word: the bit operations the rules and the search use, and what the search keeps
/// of each word's size (its transposition table, the room for a position's moves). Implemented
/// by `u64` and `u128`.
pub trait Word:
    Copy
    + Eq
    + Ord
    + Default
    + Debug
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
{
    /// Bits of the word.
    const BITS: u32;
    /// No bit.
    const ZERO: Self;
    /// Bit 0.
    const ONE: Self;
    /// Every bit.
    const MAX: Self;

    /// The transposition table of keys of this word.
    type Table: KeyTable<Self>;
    /// One item for each column a board of this word can have (at most `BITS / 2`).
    type Columns<T: Copy>: Copy + AsRef<[T]> + AsMut<[T]>;
    /// Twice the columns: a node's moves and those it leaves for later.
    type Queue: Copy + AsRef<[u8]> + AsMut<[u8]>;

    /// `fill` in every column's place.
    fn columns<T: Copy>(fill: T) -> Self::Columns<T>;
    /// A queue of zeros.
    fn queue() -> Self::Queue;
    /// Set bits.
    fn count_ones(self) -> u32;
    /// Zero bits below the lowest set bit (`BITS` for 0).
    fn trailing_zeros(self) -> u32;
    /// Zero bits above the highest set bit (`BITS` for 0).
    fn leading_zeros(self) -> u32;
    /// The word shifted left by `k`, or none where `k` ≥ `BITS`.
    fn checked_shl(self, k: u32) -> Option<Self>;
    /// The word shifted right by `k`, or none where `k` ≥ `BITS`.
    fn checked_shr(self, k: u32) -> Option<Self>;
    /// The two's complement negation (`x & x.wrapping_neg()` is the lowest set bit).
    fn wrapping_neg(self) -> Self;
    /// The word of the number `x`.
    fn from_u64(x: u64) -> Self;
    /// 64 bits that tell most words apart (the word itself for `u64`, a mix for `u128`): for
    /// uses where two words alike cost time, never a result (the threads' busy marks).
    fn digest(self) -> u64;
}

/// The methods of the primitive integer, for both words.
macro_rules! word {
    ($t:ty, $columns:literal, $table:ty, |$x:ident| $digest:expr) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const MAX: $t = <$t>::MAX;
            type Table = $table;
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
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn checked_shl(self, k: u32) -> Option<$t> {
                <$t>::checked_shl(self, k)
            }
            #[inline(always)]
            fn checked_shr(self, k: u32) -> Option<$t> {
                <$t>::checked_shr(self, k)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> $t {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn from_u64(x: u64) -> $t {
                <$t>::from(x)
            }
            #[inline(always)]
            fn digest(self) -> u64 {
                let $x = self;
                $digest
            }
        }
    };
}

word!(u64, 32, Table, |x| x);
word!(u128, 64, WideTable, |x| (x as u64)
    ^ ((x >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_words_shift_and_count_alike() {
        for x in [
            0u64,
            1,
            0x8000_0000_0000_0001,
            u64::MAX,
            0x0123_4567_89AB_CDEF,
        ] {
            let w = u128::from(x);
            assert_eq!(Word::count_ones(x), Word::count_ones(w));
            if x != 0 {
                assert_eq!(Word::trailing_zeros(x), Word::trailing_zeros(w));
            }
            assert_eq!(Word::checked_shl(x, 64), None);
            assert_eq!(Word::checked_shl(w, 64), Some(w << 64));
            assert_eq!(Word::checked_shr(w, 128), None);
            assert_eq!(x.digest(), x);
        }
        assert_eq!(<u64 as Word>::columns(0u8).len(), 32);
        assert_eq!(<u128 as Word>::queue().len(), 128);
    }
}
