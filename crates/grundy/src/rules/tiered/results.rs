//! The results of a tier, packed: 2 bits of outcome a position, and a byte of remoteness
//! when asked.

use crate::outcome::Outcome;

/// The value of one position: its outcome for the player to move, and its remoteness (moves
/// to the end under best play) when the solution keeps it and the position is not a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value {
    /// Win, loss or draw for the player to move.
    pub outcome: Outcome,
    /// Moves until the game ends (`None` for draws, and for every position of a solution
    /// without remoteness).
    pub remoteness: Option<u32>,
}

/// The remoteness byte of a draw, or of a solution without remoteness.
pub(crate) const NO_REMOTENESS: u8 = u8::MAX;
/// The largest remoteness a byte holds.
pub(crate) const MAX_REMOTENESS: u32 = NO_REMOTENESS as u32 - 1;

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

/// The results of every position of a tier: `outcomes` packs four positions a byte (position
/// `i` in bits `2(i mod 4)..`), `remoteness` has a byte a position ([`u8::MAX`] for draws) or
/// is empty. 2.25 bits a position without remoteness' bytes, 10.25 with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Results {
    len: u64,
    pub(crate) outcomes: Vec<u8>,
    pub(crate) remoteness: Vec<u8>,
}

impl Results {
    /// Results for `len` positions, all wins of remoteness 0 until set; with a remoteness
    /// byte a position when `remoteness`. O(len).
    pub(crate) fn new(len: u64, remoteness: bool) -> Results {
        Results {
            len,
            outcomes: vec![0; len.div_ceil(4) as usize],
            remoteness: if remoteness {
                vec![0; len as usize]
            } else {
                Vec::new()
            },
        }
    }

    /// Bytes held for `len` positions.
    pub(crate) fn bytes_for(len: u64, remoteness: bool) -> u64 {
        len.div_ceil(4) + if remoteness { len } else { 0 }
    }

    /// The number of positions.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the tier is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of position `i` (below `len`). O(1).
    #[inline]
    pub fn get(&self, i: u64) -> Value {
        let code = (self.outcomes[(i / 4) as usize] >> (2 * (i % 4))) & 3;
        let remoteness = self
            .remoteness
            .get(i as usize)
            .filter(|&&r| r != NO_REMOTENESS)
            .map(|&r| u32::from(r));
        Value {
            outcome: code_outcome(code).unwrap_or(Outcome::Draw),
            remoteness,
        }
    }

    /// Writers for consecutive chunks of `chunk` positions (a multiple of 4), each with the
    /// range of positions it covers, so that threads fill disjoint parts. O(len / chunk).
    pub(crate) fn chunk_writers(
        &mut self,
        chunk: usize,
    ) -> Vec<(std::ops::Range<u64>, ChunkWriter<'_>)> {
        let len = self.len;
        let remoteness: Box<dyn Iterator<Item = &mut [u8]>> = if self.remoteness.is_empty() {
            Box::new(std::iter::repeat_with(|| &mut [][..]))
        } else {
            Box::new(self.remoteness.chunks_mut(chunk))
        };
        self.outcomes
            .chunks_mut(chunk / 4)
            .zip(remoteness)
            .zip((0..len).step_by(chunk))
            .map(|((outcomes, remoteness), start)| {
                let range = start..(start + chunk as u64).min(len);
                (
                    range,
                    ChunkWriter {
                        outcomes,
                        remoteness,
                    },
                )
            })
            .collect()
    }

    /// How many positions have each outcome: `[wins, losses, draws]`. O(len).
    pub fn counts(&self) -> [u64; 3] {
        let mut counts = [0u64; 4];
        for (k, &byte) in self.outcomes.iter().enumerate() {
            let here = (self.len - 4 * k as u64).min(4);
            for j in 0..here {
                counts[usize::from((byte >> (2 * j)) & 3)] += 1;
            }
        }
        [counts[0], counts[1], counts[2]]
    }
}

/// Packs values into a chunk of a tier's arrays: `outcomes` holds the packed bytes of
/// positions `4k..`, `remoteness` their bytes (or is empty).
pub(crate) struct ChunkWriter<'a> {
    pub outcomes: &'a mut [u8],
    pub remoteness: &'a mut [u8],
}

impl ChunkWriter<'_> {
    /// Stores the value of the chunk's `i`-th position (its outcome code and remoteness byte).
    #[inline]
    pub fn set(&mut self, i: usize, outcome: Outcome, remoteness: u8) {
        let byte = &mut self.outcomes[i / 4];
        let shift = 2 * (i % 4);
        *byte = (*byte & !(3 << shift)) | (outcome_code(outcome) << shift);
        if let Some(r) = self.remoteness.get_mut(i) {
            *r = remoteness;
        }
    }
}
