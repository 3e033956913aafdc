//! The mex (minimum excludant): the least non-negative integer not in a set of values. Every
//! Sprague–Grundy value is the mex of its options' values, so this is the engine's innermost
//! loop: one implementation, reused everywhere.

/// A reusable mex calculator. It stamps the values seen in a scratch array with a round
/// number, so a mex of k values costs O(k) and allocates nothing once the array has grown to
/// the largest k seen (a mex of k values is at most k, so larger values need no slot).
///
/// ```
/// use grundy::math::mex::Mex;
/// let mut mex = Mex::new();
/// assert_eq!(mex.of([0, 1, 3]), 2);
/// assert_eq!(mex.of([5, 1_000_000, 0, 1, 2, 3, 4]), 6);
/// assert_eq!(mex.of([]), 0);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Mex {
    stamp: Vec<u32>,
    round: u32,
    /// The values of this round that had no slot: used only when every slot is taken.
    large: Vec<u32>,
    count: usize,
}

impl Mex {
    /// A calculator with no slot yet; it grows as needed.
    pub fn new() -> Mex {
        Mex::default()
    }

    /// A calculator with slots for sets of up to `count` values, so that it never grows.
    pub fn with_capacity(count: usize) -> Mex {
        Mex {
            stamp: vec![0; count + 1],
            ..Mex::default()
        }
    }

    /// Starts a new set of values (for [`Mex::insert`] and [`Mex::result`]). O(1), but O(size
    /// of the array) once in 2^32 rounds.
    pub fn begin(&mut self) {
        if self.round == u32::MAX {
            self.stamp.fill(0);
            self.round = 0;
        }
        self.round += 1;
        self.large.clear();
        self.count = 0;
    }

    /// Adds a value to the current set. O(1).
    #[inline]
    pub fn insert(&mut self, value: u32) {
        self.count += 1;
        match self.stamp.get_mut(value as usize) {
            Some(s) => *s = self.round,
            None => self.large.push(value),
        }
    }

    /// The mex of the current set. O(k) for a set of k values (O(k log k) when all of the
    /// array's slots are taken and the larger values must be sorted); the array grows to k + 1
    /// slots for the next sets.
    pub fn result(&mut self) -> u32 {
        let scan = (self.count + 1).min(self.stamp.len());
        if let Some(free) = self.stamp[..scan].iter().position(|&s| s != self.round) {
            return free as u32;
        }
        // Every slot is taken: the mex is at least the array's length; look among the rest.
        let mut mex = self.stamp.len() as u32;
        self.large.sort_unstable();
        for &v in &self.large {
            if v == mex {
                mex += 1;
            } else if v > mex {
                break;
            }
        }
        if self.stamp.len() <= self.count {
            // Grown here, not in `insert`, so that the round's stamps stay valid meanwhile.
            self.stamp.resize(self.count + 1, 0);
        }
        mex
    }

    /// The mex of `values`: [`Mex::begin`], [`Mex::insert`] each, [`Mex::result`].
    pub fn of<I: IntoIterator<Item = u32>>(&mut self, values: I) -> u32 {
        self.begin();
        for v in values {
            self.insert(v);
        }
        self.result()
    }
}

/// The mex of a set of small values given as a bit set of 64-bit words (bit v of the set is
/// bit v % 64 of word v / 64): the first clear bit, or 64 · words when all are set. O(words).
///
/// ```
/// use grundy::math::mex::mex_of_bits;
/// assert_eq!(mex_of_bits(&[0b1011]), 2);
/// assert_eq!(mex_of_bits(&[u64::MAX, 1]), 65);
/// ```
#[inline]
pub fn mex_of_bits(words: &[u64]) -> usize {
    for (w, &word) in words.iter().enumerate() {
        if word != u64::MAX {
            return w * 64 + (!word).trailing_zeros() as usize;
        }
    }
    words.len() * 64
}
