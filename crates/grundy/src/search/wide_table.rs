//! A transposition table for keys of up to 128 bits, shared by every thread of a search:
//! for positions that one word does not hold (a Domineering board of more than 64 cells),
//! where [`Table`](super::Table)'s scheme (the key's bits beyond the bucket's stored in a
//! 42-bit tag) would need more buckets than any memory holds.
//!
//! **Layout.** A bucket is one cache line of 8 words: a sequence number, then two entries of
//! three words each (the whole key in two, and a word of work and value). The bucket is
//! chosen by a mix of the key, and an entry is believed only when its whole key is the
//! probe's: no two positions are ever mistaken for each other.
//!
//! **Threads.** An entry spans three words, which no atomic operation writes at once, so each
//! bucket is a sequence lock: a writer makes the number odd (waiting, rarely, for another
//! writer), writes, and makes it even again; a reader reads the number, the entries and the
//! number again, and takes what it read only where the number was even and unchanged (else
//! it counts a miss and searches on). A reader never waits and never sees half an entry.
//!
//! **Replacement** as [`Table`](super::Table)'s: the first entry keeps the costlier result,
//! the second takes the rest.

use std::sync::atomic::{fence, AtomicU64, Ordering};

use super::table::{prefetch, zeroed_entries, KeyTable};
use crate::budget::{Budget, Exhausted, Resource};

/// Words of a bucket: the sequence number and two entries of three words.
const WORDS: usize = 8;

/// Bytes of a bucket: one cache line.
pub const WIDE_BUCKET_BYTES: u64 = WORDS as u64 * 8;

/// Bits of an entry's value; the work (the base-2 logarithm of the nodes the result cost)
/// is above them.
const VALUE_BITS: u32 = 16;

/// The fewest buckets, `2^14` (1 MiB).
const MIN_BITS: u32 = 14;

/// A transposition table of `2^k` buckets of whole keys (see the module). Every operation is
/// O(1): one bucket, one cache line.
#[derive(Debug)]
pub struct WideTable {
    /// Bucket `b` at words `8b .. 8b + 8`: its sequence number, then the entries (key's low
    /// word, key's high word, work and value); a value of 0 is an empty entry.
    words: Vec<AtomicU64>,
    /// `k`: bits of the mixed key that choose the bucket.
    bits: u32,
}

/// A mix of a 128-bit key into 64 bits, spreading keys that differ in a few bits over every
/// bucket (the bucket only: the entry holds the whole key).
fn mix(key: u128) -> u64 {
    let (lo, hi) = (key as u64, (key >> 64) as u64);
    let mut z = lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    z = (z ^ (z >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 29)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 32)
}

impl WideTable {
    /// The largest table of a power of two buckets within `bytes` (at least 1 MiB), checked
    /// against `budget`'s memory before it is allocated; where the system refuses the
    /// memory, halved until it is given, down to 1 MiB. O(bytes) to take: every page is
    /// written once (about half a second a GiB).
    pub fn with_bytes(bytes: u64, budget: &Budget) -> Result<WideTable, Exhausted> {
        let buckets = (bytes / WIDE_BUCKET_BYTES).max(1);
        let mut bits = (63 - buckets.leading_zeros()).clamp(MIN_BITS, 40);
        let size = |bits: u32| (1u64 << bits) * WIDE_BUCKET_BYTES;
        budget.check_memory(size(bits), "searching", 0)?;
        loop {
            if let Some(words) = zeroed_entries(WORDS << bits) {
                return Ok(WideTable { words, bits });
            }
            if bits <= MIN_BITS {
                return Err(budget.exhausted(Resource::Memory, Some(size(bits)), "searching", 0));
            }
            bits -= 1;
        }
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> u64 {
        self.words.len() as u64 * 8
    }

    /// The first word of `key`'s bucket.
    fn bucket(&self, key: u128) -> usize {
        (mix(key) >> (64 - self.bits)) as usize * WORDS
    }

    /// The value stored for `key`, if any (as [`WideTable::store`] was given it); `None`
    /// also where a writer was at the bucket meanwhile.
    pub fn probe(&self, key: u128) -> Option<u16> {
        let b = &self.words[self.bucket(key)..][..WORDS];
        let before = b[0].load(Ordering::Acquire);
        if before % 2 == 1 {
            return None;
        }
        let read: [u64; 6] = std::array::from_fn(|i| b[1 + i].load(Ordering::Relaxed));
        // The entries' reads happen before the second read of the number.
        fence(Ordering::Acquire);
        if b[0].load(Ordering::Relaxed) != before {
            return None;
        }
        read.chunks(3)
            .find(|e| e[2] as u16 != 0 && (u128::from(e[1]) << 64 | u128::from(e[0])) == key)
            .map(|e| e[2] as u16)
    }

    /// Stores `value` (not 0) for `key`, a result that cost `nodes` nodes to find.
    pub fn store(&self, key: u128, value: u16, nodes: u64) {
        debug_assert!(value != 0, "0 marks an empty entry");
        let b = &self.words[self.bucket(key)..][..WORDS];
        // Take the bucket: its number from even to odd.
        let mut seq = b[0].load(Ordering::Relaxed);
        loop {
            if seq % 2 == 0 {
                match b[0].compare_exchange_weak(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
                {
                    Ok(_) => break,
                    Err(now) => seq = now,
                }
            } else {
                std::hint::spin_loop();
                seq = b[0].load(Ordering::Relaxed);
            }
        }
        // The entries' writes happen after the number is odd.
        fence(Ordering::Release);
        let work = u64::from(64 - nodes.leading_zeros());
        let data = work << VALUE_BITS | u64::from(value);
        let entry = |i: usize| -> (u128, u64) {
            let lo = b[1 + 3 * i].load(Ordering::Relaxed);
            let hi = b[2 + 3 * i].load(Ordering::Relaxed);
            (
                u128::from(hi) << 64 | u128::from(lo),
                b[3 + 3 * i].load(Ordering::Relaxed),
            )
        };
        let put = |i: usize, key: u128, data: u64| {
            b[1 + 3 * i].store(key as u64, Ordering::Relaxed);
            b[2 + 3 * i].store((key >> 64) as u64, Ordering::Relaxed);
            b[3 + 3 * i].store(data, Ordering::Relaxed);
        };
        let (old_key, old) = entry(0);
        if old as u16 == 0 || old_key == key {
            put(0, key, data);
        } else if old >> VALUE_BITS <= work {
            // The new result is the costlier: it takes the first entry, the old one the second.
            put(1, old_key, old);
            put(0, key, data);
        } else {
            put(1, key, data);
        }
        b[0].store(seq + 2, Ordering::Release);
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a probe made after
    /// other work finds it there. O(1).
    pub fn prefetch(&self, key: u128) {
        prefetch(&self.words[self.bucket(key)]);
    }

    /// Empties every entry. O(entries).
    pub fn clear(&self) {
        for w in &self.words {
            w.store(0, Ordering::Relaxed);
        }
    }
}

/// The table's keys are whole, so it takes any key of up to 128 bits: `key_bits` is unused.
impl KeyTable<u128> for WideTable {
    fn with_bytes(bytes: u64, _: u32, budget: &Budget) -> Result<WideTable, Exhausted> {
        WideTable::with_bytes(bytes, budget)
    }
    fn bytes(&self) -> u64 {
        WideTable::bytes(self)
    }
    fn clear(&self) {
        WideTable::clear(self);
    }
    #[inline]
    fn probe(&self, key: u128) -> Option<u16> {
        WideTable::probe(self, key)
    }
    #[inline]
    fn prefetch(&self, key: u128) {
        WideTable::prefetch(self, key);
    }
    #[inline]
    fn store(&self, key: u128, value: u16, nodes: u64) {
        WideTable::store(self, key, value, nodes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_finds_its_value_and_no_other_key_finds_it() {
        let table = WideTable::with_bytes(1 << 20, &Budget::default()).unwrap();
        assert_eq!(table.bytes(), 1 << 20);
        let mut state = 1u128;
        let mut keys = Vec::new();
        for i in 0..50_000u32 {
            state = state.wrapping_mul(0x2545_F491_4F6C_DD1D_9E37_79B9_7F4A_7C15) + 1;
            let value = (i % 1000 + 1) as u16;
            table.store(state, value, u64::from(i));
            keys.push((state, value));
        }
        // Every key found has its own value; most recent keys are found.
        let found = keys
            .iter()
            .filter(|&&(k, v)| match table.probe(k) {
                Some(got) => {
                    assert_eq!(got, v);
                    true
                }
                None => false,
            })
            .count();
        assert!(found > 10_000, "{found}");
        // Keys differing only in their high word are told apart.
        table.store(7, 1, 0);
        table.store(7 | 1 << 100, 2, 0);
        assert_eq!(table.probe(7 | 1 << 100), Some(2));
        assert!(matches!(table.probe(7), Some(1) | None));
        assert_eq!(table.probe(7 | 1 << 101), None);
        table.clear();
        assert_eq!(table.probe(7 | 1 << 100), None);
    }

    #[test]
    fn threads_writing_at_once_never_give_a_value_of_another_key() {
        let table = WideTable::with_bytes(1 << 20, &Budget::default()).unwrap();
        // Few buckets' worth of keys, each value a function of its key: a torn entry would
        // show a value that is not its key's.
        let value = |k: u128| (mix(k) % 60_000 + 1) as u16;
        std::thread::scope(|s| {
            for t in 0..4u128 {
                let table = &table;
                s.spawn(move || {
                    for i in 0..200_000u128 {
                        let k = ((i * 7 + t) % 5000) | ((i % 3) << 90);
                        table.store(k, value(k), i as u64);
                        if let Some(v) = table.probe(k ^ 1) {
                            assert_eq!(v, value(k ^ 1));
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn the_memory_budget_is_checked_before_allocating() {
        let budget = Budget::default().with_memory(1 << 20);
        assert!(WideTable::with_bytes(1 << 30, &budget).is_err());
    }
}
