//! The multiples game's values: a head at x is worth `g(⌊n/x⌋)`, tabulated over the O(√n)
//! distinct ⌊n/i⌋ in O(n^(3/4)); a table of its own because, unlike the other rules, its values
//! depend on the row's length and take time to compute.

use super::error::CoinsError;
use grundy::math::mex::Mex;

/// The longest row of the multiples game: its table takes about 5·n^(3/4) steps (0.3 s at
/// 10^9 coins, 1.6 s at 10^10 with the release build; 5.6 times more for each factor of 10).
pub const MULTIPLES_MAX_LENGTH: u64 = 10_000_000_000;

/// Sprague–Grundy values of the multiples game on a row of n coins: a head at x is worth
/// `g(⌊n/x⌋)`, computed for every distinct ⌊n/i⌋ up to ⌊n/from⌋ in increasing order (see
/// `docs/coins.md`). O(n^(3/4)) time at worst, O(√n) memory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultiplesTable {
    n: u64,
    from: u64,
    root: u64,
    /// `g(q)` for q ≤ root.
    small: Vec<u32>,
    /// `g(⌊n/i⌋)` at index i, for the ⌊n/i⌋ above root.
    large: Vec<u32>,
}

impl MultiplesTable {
    /// The values of the coins `from..=n` of a row of n coins (all of them for `from` = 1;
    /// none when from > n). Fails when n exceeds [`MULTIPLES_MAX_LENGTH`].
    ///
    /// ```
    /// use grundy_catalogue::games::coins::MultiplesTable;
    /// let table = MultiplesTable::new(10, 1).unwrap();
    /// let values: Vec<u64> = (1..=10).map(|x| table.value(x).unwrap()).collect();
    /// assert_eq!(values, [4, 1, 2, 2, 2, 1, 1, 1, 1, 1]);
    /// ```
    pub fn new(n: u64, from: u64) -> Result<MultiplesTable, CoinsError> {
        if n > MULTIPLES_MAX_LENGTH {
            return Err(CoinsError::MultiplesTooLong { length: n });
        }
        let from = from.max(1);
        let root = n.isqrt();
        let top = n.checked_div(from).unwrap_or(0);
        let mut table = MultiplesTable {
            n,
            from,
            root,
            small: vec![0; root.min(top) as usize + 1],
            large: vec![0; root as usize + 1],
        };
        let mut mex = Mex::new();
        for q in 1..=root.min(top) {
            table.small[q as usize] = table.compute(q, &mut mex);
        }
        for i in (1..=root).rev() {
            let q = n / i;
            if q <= root {
                continue;
            }
            if q > top {
                break;
            }
            table.large[i as usize] = table.compute(q, &mut mex);
        }
        Ok(table)
    }

    /// The row's length n.
    pub fn length(&self) -> u64 {
        self.n
    }

    /// The first coin the table values: a row's coins before it cannot be valued.
    pub(super) fn first(&self) -> u64 {
        self.from
    }

    /// The value of a head at coin x, or `None` outside `from..=n`. O(1).
    pub fn value(&self, x: u64) -> Option<u64> {
        (self.from..=self.n)
            .contains(&x)
            .then(|| self.value_of_checked(x))
    }

    /// The value of a head at x, for a coin the row was checked to hold (from ≤ x ≤ n).
    pub(super) fn value_of_checked(&self, x: u64) -> u64 {
        u64::from(self.g(self.n / x))
    }

    /// `g(q)` for a q = ⌊n/i⌋ already computed.
    fn g(&self, q: u64) -> u32 {
        if q <= self.root {
            self.small[q as usize]
        } else {
            self.large[(self.n / q) as usize]
        }
    }

    /// Calls `f(lo, hi, w)` for the blocks `lo..=hi` of j in `2..=q` with equal ⌊q/j⌋, of
    /// value `w = g(⌊q/j⌋)`, in increasing order.
    fn for_each_block(&self, q: u64, mut f: impl FnMut(u64, u64, u32)) {
        let mut j = 2;
        while j <= q {
            let t = q / j;
            let hi = q / t;
            f(j, hi, self.g(t));
            j = hi + 1;
        }
    }

    /// The number of blocks of `2..=q`, at most 2√q: the cost of a pass over them.
    pub(super) fn block_count(q: u64) -> u64 {
        2 * q.isqrt() + 1
    }

    /// `g(q)`: the mex of the prefix XORs.
    fn compute(&self, q: u64, mex: &mut Mex) -> u32 {
        mex.begin();
        mex.insert(0);
        let mut prefix = 0u32;
        self.for_each_block(q, |lo, hi, w| {
            mex.insert(prefix ^ w);
            if (hi - lo) % 2 == 0 {
                prefix ^= w;
            }
        });
        mex.result()
    }

    /// The k in `1..=⌊n/x⌋` whose prefix `⊕_{j=2..k} g(⌊q/j⌋)` is `target`: their number,
    /// and the first `limit` of them appended to `out`, in increasing order.
    pub(super) fn moves_with(&self, x: u64, target: u64, limit: usize, out: &mut Vec<u64>) -> u128 {
        // The k = first, first + step, ... up to hi.
        let mut count = 0u128;
        let mut add = |first: u64, step: u64, hi: u64, out: &mut Vec<u64>| {
            let n = (hi - first) / step + 1;
            let listed = (limit.saturating_sub(out.len()) as u64).min(n);
            out.extend((0..listed).map(|i| first + i * step));
            count += u128::from(n);
        };
        if target == 0 {
            add(1, 1, 1, out);
        }
        let mut prefix = 0u64;
        self.for_each_block(self.n / x, |lo, hi, w| {
            let w = u64::from(w);
            // k = lo, lo + 2, ... reach prefix ⊕ w; k = lo + 1, lo + 3, ... keep prefix.
            if w == 0 {
                if prefix == target {
                    add(lo, 1, hi, out);
                }
            } else if prefix ^ w == target {
                add(lo, 2, hi, out);
            } else if prefix == target && lo < hi {
                add(lo + 1, 2, hi, out);
            }
            if (hi - lo) % 2 == 0 {
                prefix ^= w;
            }
        });
        count
    }

    /// The distinct prefix XORs `⊕_{j=2..k} g(⌊q/j⌋)`, k in `1..=⌊n/x⌋`, sorted.
    pub(super) fn prefixes(&self, x: u64) -> Vec<u64> {
        let mut values = vec![0u64];
        let mut prefix = 0u32;
        self.for_each_block(self.n / x, |lo, hi, w| {
            values.push(u64::from(prefix ^ w));
            if (hi - lo) % 2 == 0 {
                prefix ^= w;
            }
        });
        values.sort_unstable();
        values.dedup();
        values
    }
}
