//! What a store holds counted against its budget: its bytes by its own estimate (each table
//! with the reallocation it is about to make), and the check every [`CHECK_EVERY`] operations.

use super::{GameId, GameStore, Node};
use crate::budget::Budget;
use crate::partizan::error::ValueError;

/// Operations (canonical forms, comparisons, sums computed) between two checks of the
/// budget: a check costs a few memory reads and, with a deadline, a clock reading, which is
/// nothing against thousands of comparisons.
pub const CHECK_EVERY: u32 = 4096;

/// What a store's caller holds beside it, counted with the store's own against its budget.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Held {
    /// Bytes, by the caller's estimate.
    pub bytes: u64,
    /// Positions (an evaluator's regions valued).
    pub positions: u64,
}

/// What a store's budget errors say it was doing.
const WORK: &str = "computing canonical forms";

/// The bytes of a growing vector or hash table of `len` entries of `entry` bytes with room
/// for `capacity`, counted with the reallocation it makes within [`CHECK_EVERY`] entries of
/// full ([`budget::growing_bytes`](crate::budget::growing_bytes) with that headroom), so
/// that growth between two checks of the budget is counted before it happens. O(1).
pub fn growing_bytes(len: usize, capacity: usize, entry: u64) -> u64 {
    crate::budget::growing_bytes(len, capacity, entry, CHECK_EVERY as usize)
}

impl GameStore {
    /// The budget the store works within.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Replaces the budget the store works within, its forms kept: a caller gives one call a
    /// deadline of its own, then the store's usual budget back; one that keeps what was
    /// finished when a budget ran out (a partial table) writes its forms under a budget that
    /// has not. The next operation checks the new budget. O(1).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.until_check = 1;
    }

    /// The bytes the store holds, by its own estimate: its nodes, option arena, hash index
    /// and memo tables at their capacities (the memos of single games' properties at a few
    /// dozen bytes an entry), each counted with the reallocation it is about to make (see
    /// [`growing_bytes`]), so that the check comes before the peak, not after it. O(1).
    pub fn bytes(&self) -> u64 {
        use std::mem::size_of;
        let vec =
            |len: usize, capacity: usize, entry: usize| growing_bytes(len, capacity, entry as u64);
        let table = |len: usize, capacity: usize, entry: usize| {
            // A hash table has 8 buckets for 7 entries, each with a control byte.
            growing_bytes(len, capacity, (entry as u64 + 1) * 8 / 7)
        };
        vec(self.nodes.len(), self.nodes.capacity(), size_of::<Node>())
            + vec(
                self.options.len(),
                self.options.capacity(),
                size_of::<GameId>(),
            )
            + vec(
                self.negatives.len(),
                self.negatives.capacity(),
                size_of::<u32>(),
            )
            + table(self.index.len(), self.index.capacity(), size_of::<GameId>())
            + table(
                self.sums.len(),
                self.sums.capacity(),
                size_of::<(u64, GameId)>(),
            )
            + table(
                self.leqs.len(),
                self.leqs.capacity(),
                size_of::<(u64, bool)>(),
            )
            + (self.memo.sizes())
                .map(|(len, capacity, entry)| table(len, capacity, entry))
                .sum::<u64>()
    }

    /// Checks the budget now, `outside` being held beside the store by its caller (an
    /// evaluator's memo: its bytes and its positions; they are counted again at every later
    /// check until told anew): an error if the store's games and the positions outside are
    /// more than the position budget, its bytes and those outside more than the memory
    /// budget, the deadline has passed or the cancel flag is set. O(1).
    pub fn check_budget(&mut self, outside: Held) -> Result<(), ValueError> {
        self.outside = outside;
        let positions = (self.nodes.len() as u64).saturating_add(outside.positions);
        let checked =
            self.budget
                .check(WORK, positions, self.bytes().saturating_add(outside.bytes));
        // Once out of budget, every later operation checks again and fails at once: a caller
        // that sets an error aside (printing falls back to braces) must not do another
        // `CHECK_EVERY` operations for each one it tries.
        self.until_check = if checked.is_ok() { CHECK_EVERY } else { 1 };
        checked.map_err(ValueError::Budget)
    }

    /// Counts one operation, and checks the budget every [`CHECK_EVERY`] (see
    /// [`GameStore::check_budget`]). O(1).
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), ValueError> {
        self.tick_by(1)
    }

    /// Counts `work` operations at once (a step whose cost grows with its input, such as
    /// copying a long expansion), checking the budget when [`CHECK_EVERY`] have passed.
    /// O(1).
    #[inline]
    pub(crate) fn tick_by(&mut self, work: u32) -> Result<(), ValueError> {
        self.until_check = self.until_check.saturating_sub(work.max(1));
        if self.until_check == 0 {
            return self.check_budget(self.outside);
        }
        Ok(())
    }
}
