//! A transposition table for keys of up to 128 bits (boards that do not fit one `u64`), as
//! sound as [`Table`](super::Table): a probe never mistakes one position for another.
//!
//! **Layout.** A key of `n` bits (`n` ≤ 128) is mixed by a bijection of the `n`-bit numbers
//! (multiplications by odd constants modulo `2^n` and xor-shifts, each invertible); the top `k`
//! bits of the mixed key choose a bucket of two entries among `2^k`, and its other `n − k`
//! bits are stored in the entry: their low 64 bits as a *check* word, the rest (at most 42)
//! beside 6 bits of work and 16 bits of value in a *data* word laid out as a
//! [`Table`](super::Table)'s entry. A bucket is four `u64` (32 bytes, aligned within one cache
//! line of 64). `k` is at least `n − 106`, so that check and data always hold the whole rest:
//! bucket, check and stored bits together are the whole key, and since the mix is a
//! bijection, an entry whose stored bits equal a probe's is that key's entry. No hash
//! collision is possible at all, whatever the search's length (the least table for keys of
//! 128 bits is 2^22 buckets, 128 MiB).
//!
//! **Torn entries.** The two words of an entry are written one after the other, without a
//! lock, and threads may write one entry at once, so a reader may see the check word of one
//! write with the data word of another. The first word is therefore stored as check ⊕ data
//! (Hyatt's lockless hashing): a reader takes check = first ⊕ data. A pair from two writes,
//! of keys `a` (first word) and `b` (data), is believed only if check(a) ⊕ data(a) ⊕ data(b)
//! equals the probe's check and data(b)'s stored bits equal the probe's: if data(a) =
//! data(b), then a = b (the stored bits and the check tell keys apart) or the value read is
//! the value written for the probe's key anyway; else it needs the 64 bits of
//! check(a) ⊕ check(probe) to equal data(a) ⊕ data(b), two words the mix makes independent:
//! a chance of 2^-64 for each torn read, of which a search has a few at most.
//!
//! **Replacement** is [`Table`](super::Table)'s: the first entry keeps the costlier result,
//! the second is replaced always.

use std::sync::atomic::{AtomicU64, Ordering};

use super::table::zeroed_entries;
use crate::budget::{Budget, Exhausted, Resource};

/// Bytes of one bucket: two entries of two words.
pub const WIDE_BUCKET_BYTES: u64 = 32;

/// The fewest buckets, `2^16` (2 MiB), unless the keys are fewer.
const MIN_BITS: u32 = 16;

/// Bits of a data word's value and work: the rest of the word holds stored bits of the key.
const VALUE_BITS: u32 = 16;
const WORK_BITS: u32 = 6;

/// The most bits of a key an entry holds: 64 in the check word, 42 in the data word.
const STORED_BITS: u32 = 64 + 64 - VALUE_BITS - WORK_BITS;

/// A transposition table of `2^k` buckets for keys of up to 128 bits (see the module). Every
/// operation is O(1): one bucket, four atomic words.
#[derive(Debug)]
pub struct WideTable {
    /// Four words a bucket: entry `i` of bucket `b` is `4b + 2i` (check ⊕ data) and
    /// `4b + 2i + 1` (data); a data word of 0 is an empty entry.
    entries: Vec<AtomicU64>,
    /// `k`: bits of the mixed key that choose the bucket.
    bits: u32,
    /// `n`: the bits of a key.
    key_bits: u32,
}

/// Mixes `key`, a number of `n` bits (1 to 128), by a bijection of the `n`-bit numbers (each
/// step is invertible modulo `2^n`), spreading keys that differ in a few bits over every
/// bucket and every check bit.
fn mix(key: u128, n: u32) -> u128 {
    let mask = u128::MAX >> (128 - n);
    let shift = n.div_ceil(2);
    // Odd constants: multiplication by them is a bijection modulo 2^n.
    let mut z = key.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835) & mask;
    z ^= z >> shift;
    z = z.wrapping_mul(0xBF58_476D_1CE4_E5B9_94D0_49BB_1331_11EB) & mask;
    z ^ (z >> shift)
}

impl WideTable {
    /// The largest table of a power of two buckets within `bytes` for keys of `key_bits` bits
    /// (1 to 128): at least `2^16` buckets (2 MiB) and enough that an entry holds the rest of
    /// a key (`2^(key_bits − 106)` buckets: 128 MiB for keys of 128 bits), at most one a key;
    /// checked against `budget`'s memory before it is allocated. Where the system refuses the
    /// memory, the table is halved down to the least the keys allow. O(1) to take: the pages
    /// are zeroed as they are first touched.
    pub fn with_bytes(bytes: u64, key_bits: u32, budget: &Budget) -> Result<WideTable, Exhausted> {
        let key_bits = key_bits.clamp(1, 128);
        let buckets = (bytes / WIDE_BUCKET_BYTES).max(1);
        let least = MIN_BITS
            .max(key_bits.saturating_sub(STORED_BITS))
            .min(key_bits);
        let mut bits = (63 - buckets.leading_zeros())
            .max(least)
            .min(40)
            .min(key_bits);
        let size = |bits: u32| (1u64 << bits) * WIDE_BUCKET_BYTES;
        budget.check_memory(size(bits), "searching", 0)?;
        loop {
            if let Some(entries) = zeroed_entries(4usize << bits) {
                return Ok(WideTable {
                    entries,
                    bits,
                    key_bits,
                });
            }
            if bits <= least {
                return Err(budget.exhausted(Resource::Memory, Some(size(bits)), "searching", 0));
            }
            bits -= 1;
        }
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> u64 {
        self.entries.len() as u64 * 8
    }

    /// The bucket's first word, the check word and the stored bits of the data word (shifted
    /// above work and value) of `key`.
    fn locate(&self, key: u128) -> (usize, u64, u64) {
        let m = mix(key, self.key_bits);
        let rest_bits = self.key_bits - self.bits;
        let bucket = m.checked_shr(rest_bits).unwrap_or(0) as usize;
        let rest = m & !u128::MAX.checked_shl(rest_bits).unwrap_or(0);
        let tag = ((rest >> 64) as u64) << (VALUE_BITS + WORK_BITS);
        (bucket * 4, rest as u64, tag)
    }

    /// Whether the entry `(first, data)` holds the key of check `check` and stored bits `tag`.
    fn holds(first: u64, data: u64, check: u64, tag: u64) -> bool {
        data != 0
            && data >> (VALUE_BITS + WORK_BITS) == tag >> (VALUE_BITS + WORK_BITS)
            && first ^ data == check
    }

    /// The value stored for `key`, if any (as [`WideTable::store`] was given it).
    pub fn probe(&self, key: u128) -> Option<u16> {
        let (at, check, tag) = self.locate(key);
        for e in [at, at + 2] {
            let first = self.entries[e].load(Ordering::Relaxed);
            let data = self.entries[e + 1].load(Ordering::Relaxed);
            if Self::holds(first, data, check, tag) {
                return Some(data as u16);
            }
        }
        None
    }

    /// Asks the processor to bring `key`'s bucket into the cache (see
    /// [`Table::prefetch`](super::Table::prefetch)). O(1).
    pub fn prefetch(&self, key: u128) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let (at, _, _) = self.locate(key);
            let bucket = self.entries[at..].as_ptr().cast::<i8>();
            // SAFETY: a prefetch is a hint that never faults, and the pointer is to the
            // bucket's own entry, in bounds; SSE is part of every x86_64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Stores `value` (not 0) for `key`, a result that cost `nodes` nodes to find.
    pub fn store(&self, key: u128, value: u16, nodes: u64) {
        debug_assert!(value != 0, "0 marks an empty entry");
        let (at, check, tag) = self.locate(key);
        let work = u64::from(64 - nodes.leading_zeros()).min((1 << WORK_BITS) - 1);
        let data = tag | work << VALUE_BITS | u64::from(value);
        let write = |e: usize, first: u64, data: u64| {
            self.entries[e].store(first, Ordering::Relaxed);
            self.entries[e + 1].store(data, Ordering::Relaxed);
        };
        let old = (
            self.entries[at].load(Ordering::Relaxed),
            self.entries[at + 1].load(Ordering::Relaxed),
        );
        let work_of = |d: u64| (d >> VALUE_BITS) & ((1 << WORK_BITS) - 1);
        if old.1 == 0 || Self::holds(old.0, old.1, check, tag) {
            write(at, check ^ data, data);
        } else if work_of(old.1) <= work {
            // The new result is the costlier: it takes the first entry, and the old one moves
            // to the second (a copy of the new key there is overwritten, so none is stale).
            write(at + 2, old.0, old.1);
            write(at, check ^ data, data);
        } else {
            write(at + 2, check ^ data, data);
        }
    }

    /// Empties every entry. O(entries).
    pub fn clear(&self) {
        for e in &self.entries {
            e.store(0, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_keys_are_mixed_one_to_one() {
        for n in [1, 2, 7, 12] {
            let mut seen = vec![false; 1 << n];
            for k in 0..1u128 << n {
                let m = mix(k, n) as usize;
                assert!(
                    m < seen.len() && !seen[m],
                    "n = {n}: {k} mixes onto another"
                );
                seen[m] = true;
            }
        }
    }

    #[test]
    fn a_key_finds_its_value_and_no_other_key_finds_it() {
        // Keys of 40 bits or more: 5,000 random ones are all different.
        for n in [40, 70, 100, 128] {
            let table = WideTable::with_bytes(0, n, &Budget::default()).unwrap();
            let least = 16u32.max(n.saturating_sub(106));
            assert_eq!(table.bytes(), 32 << least, "n = {n}");
            let mask = u128::MAX >> (128 - n);
            let mut state = 0x1234_5678_9ABC_DEF0u64;
            let mut keys = Vec::new();
            for i in 0..5000u64 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let key = (u128::from(state) << 64 | u128::from(state.rotate_left(17))) & mask;
                keys.push(key);
                table.store(key, (i % 65535 + 1) as u16, i);
            }
            let mut found = 0;
            for (i, &key) in keys.iter().enumerate() {
                if let Some(v) = table.probe(key) {
                    assert_eq!(v, (i as u64 % 65535 + 1) as u16, "n = {n}");
                    found += 1;
                }
                // Keys one bit away from a stored key are never found (or only as
                // themselves, when stored).
                let near = key ^ (1 << (i % n as usize));
                if !keys.contains(&near) {
                    assert_eq!(table.probe(near), None, "n = {n}");
                }
            }
            assert!(found > 4900, "n = {n}: {found}");
        }
    }

    #[test]
    fn every_key_of_a_crowded_table_is_told_apart() {
        // Keys of 18 bits in 2^16 buckets: bucket and stored bits are the whole key.
        let table = WideTable::with_bytes(0, 18, &Budget::default()).unwrap();
        for k in (0..1u128 << 18).step_by(4) {
            table.store(k, (k % 65535 + 1) as u16, 1);
        }
        let mut found = 0;
        for k in 0..1u128 << 18 {
            if let Some(v) = table.probe(k) {
                assert_eq!(u128::from(v), k % 65535 + 1, "{k}");
                found += 1;
            }
        }
        assert!(found > 55_000, "{found}");
        table.clear();
        assert_eq!(table.probe(0), None);
    }

    #[test]
    fn the_costlier_result_keeps_the_first_entry() {
        let table = WideTable::with_bytes(0, 128, &Budget::default()).unwrap();
        // Three keys of one bucket.
        let bucket = |k: u128| mix(k, 128) >> 106;
        let b = bucket(1);
        let same: Vec<u128> = (2..).filter(|&k| bucket(k) == b).take(2).collect();
        table.store(1, 7, 1 << 20);
        table.store(same[0], 8, 10);
        table.store(same[1], 9, 10);
        assert_eq!(table.probe(1), Some(7), "the deep result stays");
        assert_eq!(table.probe(same[0]), None, "the shallow one is replaced");
        assert_eq!(table.probe(same[1]), Some(9));
        table.store(same[0], 10, 1 << 30);
        assert_eq!(table.probe(same[0]), Some(10));
        assert_eq!(table.probe(1), Some(7), "moved, not lost");
    }

    #[test]
    fn a_torn_entry_is_not_believed() {
        let table = WideTable::with_bytes(0, 100, &Budget::default()).unwrap();
        let (a, b) = (5u128, 6u128);
        table.store(a, 11, 1);
        let (at, ..) = table.locate(a);
        // Another key's data word under a's first word: neither key reads it.
        let (_, check_b, tag_b) = table.locate(b);
        let data_b = tag_b | 12;
        table.entries[at + 1].store(data_b, Ordering::Relaxed);
        assert_eq!(table.probe(a), None);
        assert_eq!(table.probe(b), None);
        // Whole, b's entry is read where b's bucket is a's.
        table.entries[at].store(check_b ^ data_b, Ordering::Relaxed);
        let expected = (table.locate(b).0 == at).then_some(12);
        assert_eq!(table.probe(b), expected);
    }

    #[test]
    fn the_memory_budget_is_checked_before_allocating() {
        let budget = Budget::default().with_memory(4 << 20);
        assert!(WideTable::with_bytes(1 << 30, 70, &budget).is_err());
        assert!(WideTable::with_bytes(2 << 20, 70, &budget).is_ok());
        // Keys of 128 bits need 128 MiB: refused.
        assert!(WideTable::with_bytes(2 << 20, 128, &budget).is_err());
    }
}
