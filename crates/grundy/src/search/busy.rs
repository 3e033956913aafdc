//! The positions the threads of a search are searching now, so that a thread can leave a
//! move another thread is already searching for later (ABDADA, Weill 1996, in the simplified
//! form of a small table of keys): the threads then search different subtrees of a node
//! whose every move must be searched, and each finds the other's results in the shared
//! transposition table when it comes to the move it left.
//!
//! The table is a fixed number of slots, each one key (plus 1, so that 0 is free), chosen by
//! the key's mixed bits; a key that meets another in its slot overwrites it. A lost or
//! mistaken entry only changes the order in which a thread searches its moves, never a
//! result.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots of the table: 2^13, 64 KiB, ample for the few hundred positions two threads are
/// inside at once (one a ply of each thread's line, where deferral is used).
const SLOTS: usize = 1 << 13;

/// Keys being searched now, shared by the threads of one search. Every operation is one
/// atomic access, O(1).
#[derive(Debug)]
pub struct Busy {
    slots: Vec<AtomicU64>,
}

impl Default for Busy {
    fn default() -> Busy {
        Busy {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Busy {
    /// The slot of `key`.
    fn slot(&self, key: u64) -> &AtomicU64 {
        let mixed = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.slots[(mixed >> (64 - SLOTS.trailing_zeros())) as usize]
    }

    /// Whether some thread is searching `key` now (never for `u64::MAX`, whose entry would
    /// be 0, the free slot).
    pub fn contains(&self, key: u64) -> bool {
        key != u64::MAX && self.slot(key).load(Ordering::Relaxed) == key + 1
    }

    /// Marks `key` as being searched.
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key.wrapping_add(1), Ordering::Relaxed);
    }

    /// Marks `key` as no longer searched, unless its slot has since been taken by another.
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(
            key.wrapping_add(1),
            0,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_busy_from_enter_to_leave() {
        let busy = Busy::default();
        assert!(!busy.contains(7));
        busy.enter(7);
        assert!(busy.contains(7));
        assert!(!busy.contains(8));
        busy.leave(7);
        assert!(!busy.contains(7));
        // Key u64::MAX would be stored as 0, the free slot: it never reads as busy, which
        // only costs a deferral.
        assert!(!busy.contains(u64::MAX));
        busy.enter(u64::MAX);
        assert!(!busy.contains(u64::MAX));
    }
}
