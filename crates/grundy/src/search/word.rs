//! The word a bitboard search holds its board in: `u64` for boards of at most 64 bits, `u128`
//! up to 128. A search written once over [`Word`] is compiled for each word, so the `u64`
//! search is the same machine code as one written for `u64` alone, and a board of two words
//! costs only where it is used. Domineering's search and Connect Four's (in the catalogue,
//! which adds its own per-word arrays) take it.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{
    Add, BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub,
};

use super::{KeyTable, Table, WideTable};

/// A board word: the bit operations a bitboard search uses, and the transposition table its
/// keys are kept in ([`Table`] for `u64`, whose entries tell keys apart by their bits;
/// [`WideTable`] for `u128`, whose entries hold whole keys). Every operation is O(1).
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

    /// Set bits.
    fn count_ones(self) -> u32;
    /// Zero bits below the lowest set bit (`BITS` for 0).
    fn trailing_zeros(self) -> u32;
    /// Zero bits above the highest set bit (`BITS` for 0).
    fn leading_zeros(self) -> u32;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// The bytes in reverse order.
    fn swap_bytes(self) -> Self;
    /// The word shifted left by `k`, or none where `k` ≥ `BITS`.
    fn checked_shl(self, k: u32) -> Option<Self>;
    /// The word shifted right by `k`, or none where `k` ≥ `BITS`.
    fn checked_shr(self, k: u32) -> Option<Self>;
    /// The two's complement negation (`x & x.wrapping_neg()` is the lowest set bit).
    fn wrapping_neg(self) -> Self;
    /// The word of the number `x`.
    fn from_u64(x: u64) -> Self;
    /// The word as a rules' board of up to 128 cells holds it.
    fn wide(self) -> u128;
    /// The low `BITS` bits of `x`.
    fn narrow(x: u128) -> Self;
    /// 64 bits that tell most words apart (the word itself for `u64`, a mix for `u128`): for
    /// uses where two words alike cost time, never a result (the threads' busy marks).
    fn digest(self) -> u64;
}

/// The methods of the primitive integer, for both words.
macro_rules! word {
    ($t:ty, $table:ty, |$x:ident| $digest:expr) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: $t = 0;
            const ONE: $t = 1;
            const MAX: $t = <$t>::MAX;
            type Table = $table;

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
            fn reverse_bits(self) -> $t {
                <$t>::reverse_bits(self)
            }
            #[inline(always)]
            fn swap_bytes(self) -> $t {
                <$t>::swap_bytes(self)
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
            fn wide(self) -> u128 {
                u128::from(self)
            }
            #[inline(always)]
            fn narrow(x: u128) -> $t {
                x as $t
            }
            #[inline(always)]
            fn digest(self) -> u64 {
                let $x = self;
                $digest
            }
        }
    };
}

word!(u64, Table, |x| x);
word!(u128, WideTable, |x| (x as u64)
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
                assert_eq!(Word::leading_zeros(x) + 64, Word::leading_zeros(w));
            }
            assert_eq!(
                Word::reverse_bits(w) >> 64,
                u128::from(Word::reverse_bits(x))
            );
            assert_eq!(Word::checked_shl(x, 64), None);
            assert_eq!(Word::checked_shl(w, 64), Some(w << 64));
            assert_eq!(Word::checked_shr(w, 128), None);
            assert_eq!(<u64 as Word>::narrow(w), x);
            assert_eq!(Word::wide(x), w);
            assert_eq!(x.digest(), x);
        }
        // The wide digest mixes the high word in: words that differ only there differ.
        let hi = |h: u64| (u128::from(h) << 64) | 5;
        assert_ne!(hi(1).digest(), hi(2).digest());
    }
}
