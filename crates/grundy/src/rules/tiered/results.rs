//! The results of a tier, in one of two layouts: 2 bits of outcome a position, or a 16-bit
//! record a position holding the outcome and the remoteness (or a draw's level).

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::outcome::Outcome;
use crate::solve::DrawLevel;

/// The value of one position: its outcome for the player to move, its remoteness (moves to
/// the end under best play) when the solution keeps it and the position is not a draw, and a
/// draw's level where one is recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value {
    /// Win, loss or draw for the player to move.
    pub outcome: Outcome,
    /// Moves until the game ends (`None` for draws, and for every position of a solution
    /// without remoteness).
    pub remoteness: Option<u32>,
    /// A draw's level, where the record holds one (the same 14 bits as a remoteness:
    /// [`PURE_LEVEL`] a pure draw); `None` for wins and losses, for draws whose level is not
    /// computed (tiers solved by un-moves) and in the [`Layout::Value2`] layout.
    pub draw_level: Option<DrawLevel>,
}

/// How a tier's results are laid out, in memory and in its file (whose header names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Layout {
    /// `value2`: 2 bits a position, the outcome (0 win, 1 loss, 2 draw; 3 never written),
    /// four positions a byte (position `i` in bits `2(i mod 4)..`). For the largest games:
    /// no remoteness.
    #[serde(rename = "value2")]
    Value2,
    /// `value16`: a 16-bit record a position: the outcome in the top 2 bits (0 win, 1 loss,
    /// 2 draw; 3 never written), and in the low 14 bits the remoteness of a win or loss (at
    /// most [`MAX_REMOTENESS`]) or a draw's level ([`NO_LEVEL`] for none).
    #[serde(rename = "value16")]
    Value16,
}

impl Layout {
    /// The layout that keeps remoteness or not.
    pub fn new(remoteness: bool) -> Layout {
        if remoteness {
            Layout::Value16
        } else {
            Layout::Value2
        }
    }

    /// The layout's name, as the header and the manifest write it.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Value2 => "value2",
            Layout::Value16 => "value16",
        }
    }

    /// Whether records hold the remoteness.
    pub fn remoteness(self) -> bool {
        self == Layout::Value16
    }

    /// Bytes of `len` positions' results (a multiple of 4 positions, or a tier's last
    /// block). O(1).
    pub fn bytes_for(self, len: u64) -> u64 {
        match self {
            Layout::Value2 => len.div_ceil(4),
            Layout::Value16 => 2 * len,
        }
    }
}

/// The low 14 bits of a draw's record when its level is not computed, or of every draw the
/// solver writes.
pub const NO_LEVEL: u32 = (1 << 14) - 1;
/// The largest remoteness a record holds: 16,382 (16,383 is [`NO_LEVEL`]).
pub const MAX_REMOTENESS: u32 = NO_LEVEL - 1;
/// The low 14 bits of a pure draw's record (16,382); finite draw levels up to 16,381 are
/// kept, larger ones are recorded as [`NO_LEVEL`].
pub const PURE_LEVEL: u32 = NO_LEVEL - 1;

/// The low 14 bits that record a draw's level.
#[inline]
fn level_bits(level: DrawLevel) -> u32 {
    match level {
        DrawLevel::Plies(k) if k < PURE_LEVEL => k,
        DrawLevel::Plies(_) => NO_LEVEL,
        DrawLevel::Pure => PURE_LEVEL,
    }
}

/// The 2-bit code of an outcome (3 is never written: a file holding it is damaged).
#[inline]
pub(crate) fn outcome_code(o: Outcome) -> u8 {
    match o {
        Outcome::Win => 0,
        Outcome::Loss => 1,
        Outcome::Draw => 2,
    }
}

/// The outcome of a 2-bit code, `None` for 3.
#[inline]
pub(crate) fn code_outcome(code: u8) -> Option<Outcome> {
    match code {
        0 => Some(Outcome::Win),
        1 => Some(Outcome::Loss),
        2 => Some(Outcome::Draw),
        _ => None,
    }
}

/// The record of a value: `remoteness` (at most [`MAX_REMOTENESS`]) for a win or a loss,
/// [`NO_LEVEL`] for a draw.
#[inline]
fn record(outcome: Outcome, remoteness: u32) -> u16 {
    let low = if outcome == Outcome::Draw {
        NO_LEVEL
    } else {
        remoteness
    };
    debug_assert!(
        low <= NO_LEVEL,
        "a remoteness checked against MAX_REMOTENESS"
    );
    (u16::from(outcome_code(outcome)) << 14) | low as u16
}

/// The value of a record, `None` for a record never written (code 3, or a win or loss
/// without a remoteness).
#[inline]
pub(crate) fn record_value(record: u16) -> Option<Value> {
    let outcome = code_outcome((record >> 14) as u8)?;
    let low = u32::from(record) & NO_LEVEL;
    match outcome {
        Outcome::Draw => Some(Value {
            outcome,
            remoteness: None,
            draw_level: match low {
                NO_LEVEL => None,
                PURE_LEVEL => Some(DrawLevel::Pure),
                k => Some(DrawLevel::Plies(k)),
            },
        }),
        _ if low == NO_LEVEL => None,
        _ => Some(Value {
            outcome,
            remoteness: Some(low),
            draw_level: None,
        }),
    }
}

/// The value of position `i` of a block's bytes in `layout` (position 0 at the block's
/// start), `None` for a record never written. The caller keeps `i` within the block.
#[inline]
pub(crate) fn value_in(layout: Layout, bytes: &[u8], i: usize) -> Option<Value> {
    match layout {
        Layout::Value2 => {
            let code = (bytes[i / 4] >> (2 * (i % 4))) & 3;
            Some(Value {
                outcome: code_outcome(code)?,
                remoteness: None,
                draw_level: None,
            })
        }
        Layout::Value16 => record_value(u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]])),
    }
}

/// The results of every position of a tier: in [`Layout::Value2`], `outcomes` packs four
/// positions a byte and `records` is empty; in [`Layout::Value16`], `records` holds a record
/// a position and `outcomes` is empty. 2 bits a position, or 2 bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Results {
    len: u64,
    layout: Layout,
    pub(crate) outcomes: Vec<u8>,
    pub(crate) records: Vec<u16>,
}

impl Results {
    /// Results for `len` positions in `layout`, all wins of remoteness 0 until set. O(len).
    pub fn new(len: u64, layout: Layout) -> Results {
        let (outcomes, records) = match layout {
            Layout::Value2 => (vec![0; len.div_ceil(4) as usize], Vec::new()),
            Layout::Value16 => (Vec::new(), vec![0; len as usize]),
        };
        Results {
            len,
            layout,
            outcomes,
            records,
        }
    }

    /// Bytes held for `len` positions in the layout that keeps remoteness or not.
    pub(crate) fn bytes_for(len: u64, remoteness: bool) -> u64 {
        Layout::new(remoteness).bytes_for(len)
    }

    /// The number of positions.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the tier is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The layout of the results.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The value of position `i` (below `len`). O(1).
    #[inline]
    pub fn get(&self, i: u64) -> Value {
        let value = match self.layout {
            Layout::Value2 => value_in(self.layout, &self.outcomes, i as usize),
            Layout::Value16 => record_value(self.records[i as usize]),
        };
        // Results are written by the solver or read from a file whose every record was
        // checked, so no record is code 3.
        value.expect("results hold no record of code 3")
    }

    /// Writers for consecutive chunks of `chunk` positions (a multiple of 4), each with the
    /// range of positions it covers, so that threads fill disjoint parts. O(len / chunk).
    pub(crate) fn chunk_writers(&mut self, chunk: usize) -> Vec<(Range<u64>, ChunkWriter<'_>)> {
        let len = self.len;
        let starts = (0..len).step_by(chunk);
        let range = move |start: u64| start..(start + chunk as u64).min(len);
        match self.layout {
            Layout::Value2 => self
                .outcomes
                .chunks_mut(chunk / 4)
                .zip(starts)
                .map(|(outcomes, start)| {
                    let writer = ChunkWriter {
                        outcomes,
                        records: &mut [],
                    };
                    (range(start), writer)
                })
                .collect(),
            Layout::Value16 => self
                .records
                .chunks_mut(chunk)
                .zip(starts)
                .map(|(records, start)| {
                    let writer = ChunkWriter {
                        outcomes: &mut [],
                        records,
                    };
                    (range(start), writer)
                })
                .collect(),
        }
    }

    /// Stores position `i`'s outcome and, where records are kept, its remoteness (at most
    /// [`MAX_REMOTENESS`], which the caller checks: [`TierError::Remoteness`](super::TierError::Remoteness);
    /// ignored for a draw, whose level is none). O(1).
    pub fn set(&mut self, i: u64, outcome: Outcome, remoteness: u32) {
        self.writer().set(i as usize, outcome, remoteness);
    }

    /// A writer of every position.
    pub(crate) fn writer(&mut self) -> ChunkWriter<'_> {
        ChunkWriter {
            outcomes: &mut self.outcomes,
            records: &mut self.records,
        }
    }

    /// Appends the bytes of positions `range` (its start a multiple of 4) to `out`, as a
    /// block of the file holds them: the packed outcomes, or each record little-endian.
    /// O(range).
    pub(crate) fn block_bytes(&self, range: Range<u64>, out: &mut Vec<u8>) {
        debug_assert_eq!(range.start % 4, 0);
        match self.layout {
            Layout::Value2 => out.extend_from_slice(
                &self.outcomes[(range.start / 4) as usize..range.end.div_ceil(4) as usize],
            ),
            Layout::Value16 => out.extend(
                self.records[range.start as usize..range.end as usize]
                    .iter()
                    .flat_map(|r| r.to_le_bytes()),
            ),
        }
    }

    /// Sets positions `start..` from a block's bytes (as [`Results::block_bytes`] writes
    /// them, `start` a multiple of 4), checking each record: the first position whose record
    /// is never written (code 3, or a win or loss without remoteness) is the error. O(bytes).
    pub(crate) fn set_block(&mut self, start: u64, bytes: &[u8]) -> Result<(), u64> {
        match self.layout {
            Layout::Value2 => {
                let at = (start / 4) as usize;
                self.outcomes[at..at + bytes.len()].copy_from_slice(bytes);
                // A pair of bits 11 is code 3.
                match bytes.iter().position(|&b| b & (b >> 1) & 0x55 != 0) {
                    Some(k) => Err(start + 4 * k as u64),
                    None => Ok(()),
                }
            }
            Layout::Value16 => {
                let records = &mut self.records[start as usize..start as usize + bytes.len() / 2];
                for (k, (slot, pair)) in records.iter_mut().zip(bytes.chunks_exact(2)).enumerate() {
                    *slot = u16::from_le_bytes([pair[0], pair[1]]);
                    if record_value(*slot).is_none() {
                        return Err(start + k as u64);
                    }
                }
                Ok(())
            }
        }
    }

    /// How many positions have each outcome: `[wins, losses, draws]`. O(len).
    pub fn counts(&self) -> [u64; 3] {
        let mut counts = [0u64; 4];
        match self.layout {
            Layout::Value2 => {
                for (k, &byte) in self.outcomes.iter().enumerate() {
                    let here = (self.len - 4 * k as u64).min(4);
                    for j in 0..here {
                        counts[usize::from((byte >> (2 * j)) & 3)] += 1;
                    }
                }
            }
            Layout::Value16 => {
                for &r in &self.records {
                    counts[usize::from(r >> 14)] += 1;
                }
            }
        }
        [counts[0], counts[1], counts[2]]
    }
}

/// Sets values in a chunk of a tier's results: `outcomes` holds the packed bytes of
/// positions `4k..` ([`Layout::Value2`]), or `records` their records ([`Layout::Value16`]);
/// the other is empty.
pub(crate) struct ChunkWriter<'a> {
    outcomes: &'a mut [u8],
    records: &'a mut [u16],
}

impl ChunkWriter<'_> {
    /// Whether the results keep remoteness (records).
    #[inline]
    pub fn keeps_remoteness(&self) -> bool {
        self.outcomes.is_empty()
    }

    /// Stores the value of the chunk's `i`-th position: its outcome and, kept in records, its
    /// remoteness (at most [`MAX_REMOTENESS`], checked by the caller; ignored for a draw,
    /// whose record says [`NO_LEVEL`] until the solver computes draw levels).
    #[inline]
    pub fn set(&mut self, i: usize, outcome: Outcome, remoteness: u32) {
        if self.keeps_remoteness() {
            self.records[i] = record(outcome, remoteness);
        } else {
            let byte = &mut self.outcomes[i / 4];
            let shift = 2 * (i % 4);
            *byte = (*byte & !(3 << shift)) | (outcome_code(outcome) << shift);
        }
    }

    /// Stores the level of the chunk's `i`-th position, a draw, where records are kept
    /// (a no-op in [`Layout::Value2`], which has no room for it).
    #[inline]
    pub fn set_draw_level(&mut self, i: usize, level: DrawLevel) {
        if self.keeps_remoteness() {
            self.records[i] =
                (u16::from(outcome_code(Outcome::Draw)) << 14) | level_bits(level) as u16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip_and_code_three_is_never_a_value() {
        for outcome in [Outcome::Win, Outcome::Loss] {
            for r in [0, 1, 254, 255, 256, 16_000, MAX_REMOTENESS] {
                let v = record_value(record(outcome, r)).unwrap();
                assert_eq!(
                    (v.outcome, v.remoteness, v.draw_level),
                    (outcome, Some(r), None)
                );
            }
            // A win or loss with the draw's mark has no remoteness: never written.
            assert_eq!(
                record_value((u16::from(outcome_code(outcome)) << 14) | NO_LEVEL as u16),
                None
            );
        }
        let draw = record_value(record(Outcome::Draw, 7)).unwrap();
        assert_eq!((draw.remoteness, draw.draw_level), (None, None));
        // A draw level, where a record holds one, is read back.
        assert_eq!(
            record_value((2 << 14) | 12).unwrap().draw_level,
            Some(DrawLevel::Plies(12))
        );
        for level in [
            DrawLevel::Plies(0),
            DrawLevel::Plies(16_381),
            DrawLevel::Pure,
        ] {
            let r = (2 << 14) | level_bits(level) as u16;
            assert_eq!(record_value(r).unwrap().draw_level, Some(level));
        }
        assert_eq!(level_bits(DrawLevel::Plies(16_382)), NO_LEVEL);
        for low in [0u16, 1, 0x3FFF] {
            assert_eq!(record_value((3 << 14) | low), None);
        }
    }
}
