//! A transposition table of fixed size, shared by every thread of a search without locks.
//!
//! **Layout.** A position's key (a number of at most `n` bits that tells positions apart, such
//! as the catalogue's `Connect4::key`, whose `n` is the board's cells and spare row) is first
//! mixed by a bijection of the `n`-bit numbers (a multiplication by an odd constant modulo
//! `2^n` and xor-shifts, each invertible), so that the top `k` bits of the mixed key choose a
//! bucket of two entries (16 bytes, in one cache line) among `2^k`, and its other `n − k` bits,
//! stored in the entry, tell the key apart from every other key of that bucket: since the mix
//! is a bijection, bucket and stored bits together are the whole key, so a probe never mistakes
//! one position for another (no hash collision can give a wrong answer). An entry is one `u64`:
//! those `n − k` bits (at most 42), 6 bits of work (the base-2 logarithm of the nodes the
//! stored result cost) and 16 bits of value, which the caller encodes (a bound and its kind, a
//! best move). Written and read as one atomic word, an entry is never torn between threads.
//!
//! **Replacement.** The first entry of a bucket keeps the costlier of the old and the new
//! result (a new result that cost at least as much takes it, and the old one moves to the
//! second entry), the second is replaced always: deep results survive, and recent shallow
//! ones still find a place (the two-tier scheme of Breuker, Uiterwijk and van den Herik). A
//! key in the first entry is updated where it is.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::budget::{Budget, Exhausted, Resource};

/// Bytes of one bucket: two entries of 8 bytes.
pub const BUCKET_BYTES: u64 = 16;

/// The fewest buckets, `2^16` (1 MiB), unless the keys are fewer.
const MIN_BITS: u32 = 16;

/// Bits of an entry's value and work: the rest of the word holds the key's bits.
const VALUE_BITS: u32 = 16;
const WORK_BITS: u32 = 6;

/// The most bits of a key an entry holds: more buckets are taken where keys are longer.
const TAG_BITS: u32 = 64 - VALUE_BITS - WORK_BITS;

/// A transposition table of `2^k` buckets (see the module). Every operation is O(1): one
/// bucket, two atomic words.
#[derive(Debug)]
pub struct Table {
    /// Two entries a bucket, bucket `b` at `2b` and `2b + 1`; 0 is an empty entry.
    entries: Vec<AtomicU64>,
    /// `k`: bits of the mixed key that choose the bucket.
    bits: u32,
    /// `n`: the bits of a key.
    key_bits: u32,
}

/// Mixes `key`, a number of `n` bits, by a bijection of the `n`-bit numbers (each step is
/// invertible modulo `2^n`), spreading keys that differ in a few bits over every bucket.
fn mix(key: u64, n: u32) -> u64 {
    let mask = u64::MAX >> (64 - n);
    let shift = n.div_ceil(2);
    let mut z = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) & mask;
    z ^= z >> shift;
    z = z.wrapping_mul(0xBF58_476D_1CE4_E5B9) & mask;
    z ^ (z >> shift)
}

/// `n` empty entries, on pages of 2 MiB where the system gives them, or none if the system
/// refuses the memory: the memory is taken zeroed and untouched (the allocator maps fresh
/// pages for a block this large), the kernel is asked for large pages over it before the
/// first write, and then every page is written once, in order. A probe is a random access:
/// with pages of 4 KiB nearly every one also misses the processor's table of pages, with
/// pages of 2 MiB few do. The pages are written at once because a search reads a page
/// before it writes it: the kernel maps a page first read to its shared page of zeros, and
/// the first write then faults again to give the page its own memory. Measured on the empty
/// 7 × 6 board of Connect Four with 1 GiB, those faults took up to 3 s of the kernel's time
/// in some searches of 35 s; written in order first, the pages took 0.2 to 1.3 s. O(n).
pub(crate) fn zeroed_entries(n: usize) -> Option<Vec<AtomicU64>> {
    let layout = std::alloc::Layout::array::<AtomicU64>(n).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout's size is not zero.
    let ptr = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<AtomicU64>();
    if ptr.is_null() {
        return None;
    }
    advise_large_pages(ptr as usize, layout.size());
    // SAFETY: the memory was allocated by the global allocator with the layout of `n`
    // AtomicU64s, and all zeros is a valid AtomicU64; the vector owns it from here.
    let entries = unsafe { Vec::from_raw_parts(ptr, n, n) };
    // One word of every page of 4 KiB.
    for e in entries.iter().step_by(512) {
        e.store(0, Ordering::Relaxed);
    }
    Some(entries)
}

/// Asks the processor to bring the cache line of `word` into the cache (a hint, which never
/// faults; nothing on processors without it). O(1).
pub(crate) fn prefetch(word: &AtomicU64) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch is a hint that never faults, and the pointer is to a word of
        // the caller's; SSE is part of every x86_64 processor.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(word).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = word;
}

/// Asks the kernel for large pages over the whole pages of the `length` bytes at `start`
/// (Linux; a hint, which the kernel may decline).
#[cfg(target_os = "linux")]
fn advise_large_pages(start: usize, length: usize) {
    const PAGE: usize = 4096;
    let (first, end) = (start.next_multiple_of(PAGE), start + length);
    if end > first + PAGE {
        let length = (end - first) / PAGE * PAGE;
        // SAFETY: the range lies within one allocation, page-aligned; MADV_HUGEPAGE changes
        // how pages are backed, never their contents.
        unsafe { libc::madvise(first as *mut libc::c_void, length, libc::MADV_HUGEPAGE) };
    }
}

/// Large pages are asked for on Linux only.
#[cfg(not(target_os = "linux"))]
fn advise_large_pages(_start: usize, _length: usize) {}

impl Table {
    /// The largest table of a power of two buckets within `bytes` for keys of `key_bits`
    /// bits (1 to 64): at least `2^16` buckets (1 MiB) and enough that an entry holds the
    /// rest of a key (64 MiB for keys of 64 bits), at most one a key; checked against
    /// `budget`'s memory before it is allocated. Where the system refuses the memory (a
    /// limit on the process's address space below the budget), the table is halved until
    /// it is given, down to the least the keys allow: a smaller table searches the same,
    /// more slowly. O(bytes) to take: every page is written once (about half a second a GiB).
    pub fn with_bytes(bytes: u64, key_bits: u32, budget: &Budget) -> Result<Table, Exhausted> {
        let key_bits = key_bits.clamp(1, 64);
        let buckets = (bytes / BUCKET_BYTES).max(1);
        let least = MIN_BITS
            .max(key_bits.saturating_sub(TAG_BITS))
            .min(key_bits);
        let mut bits = (63 - buckets.leading_zeros())
            .max(least)
            .min(40)
            .min(key_bits);
        let size = |bits: u32| (1u64 << bits) * BUCKET_BYTES;
        budget.check_memory(size(bits), "searching", 0)?;
        loop {
            if let Some(entries) = zeroed_entries(2usize << bits) {
                return Ok(Table {
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

    /// The bucket of `key` and the bits stored to tell it apart, shifted above work and value.
    fn locate(&self, key: u64) -> (usize, u64) {
        let m = mix(key, self.key_bits);
        let rest_bits = self.key_bits - self.bits;
        let bucket = (m >> rest_bits) as usize;
        let rest = m & !(u64::MAX << rest_bits);
        (bucket * 2, rest << (VALUE_BITS + WORK_BITS))
    }

    /// The value stored for `key`, if any (as [`Table::store`] was given it).
    pub fn probe(&self, key: u64) -> Option<u16> {
        let (at, tag) = self.locate(key);
        for e in &self.entries[at..at + 2] {
            let entry = e.load(Ordering::Relaxed);
            if entry != 0 && entry >> (VALUE_BITS + WORK_BITS) == tag >> (VALUE_BITS + WORK_BITS) {
                return Some(entry as u16);
            }
        }
        None
    }

    /// Asks the processor to bring `key`'s bucket into the cache, so that a [`Table::probe`]
    /// made after other work finds it there: a probe is a random access to memory, the
    /// costliest step of a search node. O(1); nothing on processors without the hint.
    pub fn prefetch(&self, key: u64) {
        let (at, _) = self.locate(key);
        prefetch(&self.entries[at]);
    }

    /// Stores `value` (not 0) for `key`, a result that cost `nodes` nodes to find.
    pub fn store(&self, key: u64, value: u16, nodes: u64) {
        debug_assert!(value != 0, "0 marks an empty entry");
        let (at, tag) = self.locate(key);
        let work = u64::from(64 - nodes.leading_zeros()).min((1 << WORK_BITS) - 1);
        let entry = tag | work << VALUE_BITS | u64::from(value);
        let [first, second] = [&self.entries[at], &self.entries[at + 1]];
        let old = first.load(Ordering::Relaxed);
        let work_of = |e: u64| (e >> VALUE_BITS) & ((1 << WORK_BITS) - 1);
        if old == 0 || old >> (VALUE_BITS + WORK_BITS) == tag >> (VALUE_BITS + WORK_BITS) {
            first.store(entry, Ordering::Relaxed);
        } else if work_of(old) <= work {
            // The new result is the costlier: it takes the first entry, and the old one moves
            // to the second (a copy of the new key there is overwritten, so none is stale).
            second.store(old, Ordering::Relaxed);
            first.store(entry, Ordering::Relaxed);
        } else {
            second.store(entry, Ordering::Relaxed);
        }
    }

    /// Empties every entry. O(entries).
    pub fn clear(&self) {
        for e in &self.entries {
            e.store(0, Ordering::Relaxed);
        }
    }
}

/// A transposition table of keys of type `K`, as a search generic over its position's word
/// takes it: [`Table`] for `u64` keys (entries telling keys apart by their bits),
/// [`WideTable`](super::WideTable) for `u128` (entries holding whole keys). Both are sound:
/// a probe never reads another key's entry. Every operation is O(1).
pub trait KeyTable<K>: Sized + Send + Sync + std::fmt::Debug {
    /// A table of about `bytes` for keys of `key_bits` bits, checked against `budget`.
    fn with_bytes(bytes: u64, key_bits: u32, budget: &Budget) -> Result<Self, Exhausted>;
    /// The bytes the table holds.
    fn bytes(&self) -> u64;
    /// Empties the table.
    fn clear(&self);
    /// The value stored for `key`, if any.
    fn probe(&self, key: K) -> Option<u16>;
    /// Brings `key`'s bucket into the cache.
    fn prefetch(&self, key: K);
    /// Stores `value` for `key`, a result that cost `nodes` nodes.
    fn store(&self, key: K, value: u16, nodes: u64);
}

impl KeyTable<u64> for Table {
    fn with_bytes(bytes: u64, key_bits: u32, budget: &Budget) -> Result<Table, Exhausted> {
        Table::with_bytes(bytes, key_bits, budget)
    }
    fn bytes(&self) -> u64 {
        Table::bytes(self)
    }
    fn clear(&self) {
        Table::clear(self);
    }
    #[inline]
    fn probe(&self, key: u64) -> Option<u16> {
        Table::probe(self, key)
    }
    #[inline]
    fn prefetch(&self, key: u64) {
        Table::prefetch(self, key);
    }
    #[inline]
    fn store(&self, key: u64, value: u16, nodes: u64) {
        Table::store(self, key, value, nodes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_finds_its_value_and_no_other_key_finds_it() {
        let table = Table::with_bytes(1 << 20, 64, &Budget::default()).unwrap();
        let mut state = 1u64;
        let mut keys = Vec::new();
        for i in 0..5000u64 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            keys.push(state);
            table.store(state, (i % 65535 + 1) as u16, i);
        }
        let mut found = 0;
        for (i, &key) in keys.iter().enumerate() {
            if let Some(v) = table.probe(key) {
                // Never another key's value: bucket and tag are the whole key.
                assert_eq!(v, (i as u64 % 65535 + 1) as u16);
                found += 1;
            }
        }
        // 5,000 keys in 65,536 buckets of two: nearly all are kept.
        assert!(found > 4900, "{found}");
        assert_eq!(table.probe(12345), None);
    }

    #[test]
    fn the_costlier_result_keeps_the_first_entry() {
        let table = Table::with_bytes(0, 64, &Budget::default()).unwrap();
        // Keys of 64 bits: an entry holds 42 of them, so 2^22 buckets at least.
        assert_eq!(table.bytes(), 64 << 20);
        // Keys of one bucket: search for three keys whose mixes share the top 16 bits.
        let bucket = |k: u64| mix(k, 64) >> 42;
        let b = bucket(1);
        let same: Vec<u64> = (2..).filter(|&k| bucket(k) == b).take(2).collect();
        table.store(1, 7, 1 << 20);
        table.store(same[0], 8, 10);
        table.store(same[1], 9, 10);
        assert_eq!(table.probe(1), Some(7), "the deep result stays");
        assert_eq!(table.probe(same[0]), None, "the shallow one is replaced");
        assert_eq!(table.probe(same[1]), Some(9));
        // A costlier result takes the first entry and moves the old one to the second.
        table.store(same[0], 10, 1 << 30);
        assert_eq!(table.probe(same[0]), Some(10));
        assert_eq!(table.probe(1), Some(7), "moved, not lost");
        assert_eq!(table.probe(same[1]), None);
        table.clear();
        assert_eq!(table.probe(1), None);
    }

    #[test]
    fn the_memory_budget_is_checked_before_allocating() {
        let budget = Budget::default().with_memory(1 << 20);
        assert!(Table::with_bytes(1 << 30, 49, &budget).is_err());
        assert!(Table::with_bytes(1 << 20, 49, &budget).is_ok());
        // Keys of 64 bits need 64 MiB: refused too.
        assert!(Table::with_bytes(1 << 20, 64, &budget).is_err());
    }

    #[test]
    fn short_keys_are_mixed_one_to_one_and_told_apart() {
        for n in [1, 2, 7, 12] {
            let mut seen = vec![false; 1 << n];
            for k in 0..1u64 << n {
                let m = mix(k, n) as usize;
                assert!(
                    m < seen.len() && !seen[m],
                    "n = {n}: {k} mixes onto another key"
                );
                seen[m] = true;
            }
        }
        // Every fourth key of 18 bits stored in a table of 2^16 buckets: a key finds its own
        // value or none, never another's.
        let table = Table::with_bytes(0, 18, &Budget::default()).unwrap();
        for k in (0..1u64 << 18).step_by(4) {
            table.store(k, (k % 65535 + 1) as u16, 1);
        }
        let mut found = 0;
        for k in 0..1u64 << 18 {
            if let Some(v) = table.probe(k) {
                assert_eq!(u64::from(v), k % 65535 + 1, "{k}");
                found += 1;
            }
        }
        // 65,536 keys in 65,536 buckets of two: most are kept.
        assert!(found > 55_000, "{found}");
    }
}
