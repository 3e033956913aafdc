//! Boards numbered one to one: the arrangements of a board of `n` cells holding `k₁` pieces
//! of kind 1, `k₂` of kind 2, ... (the other cells empty), numbered `0..n!/(k₁! k₂! … e!)` by
//! the combinatorial number system. The tier rankings of the board games use it: a tier is a
//! count of each kind of piece, and a position's rank within it its arrangement.
//!
//! Kind 1's cells are chosen among all `n` cells (their combination's rank among `C(n, k₁)`),
//! then kind 2's among the `n − k₁` cells left, and so on; the rank is the mixed-radix number
//! of these ranks, the first kind's most significant.

/// The most cells a board may have: a board's free cells are the bits of a `u64`.
const MAX_CELLS: usize = 64;

/// Pascal's triangle to `C(64, k)`: every entry is below 2^63 (`C(64, 32)` is the largest).
/// Ranking a board reads it once a piece, where computing each binomial took a loop of
/// 128-bit divisions (a third of a strong solve's time went there).
static BINOMIALS: [[u64; MAX_CELLS + 1]; MAX_CELLS + 1] = pascal();

/// Builds [`BINOMIALS`] at compile time. O(64²).
const fn pascal() -> [[u64; MAX_CELLS + 1]; MAX_CELLS + 1] {
    let mut table = [[0u64; MAX_CELLS + 1]; MAX_CELLS + 1];
    let mut n = 0;
    while n <= MAX_CELLS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
}

/// The arrangements of `cells` cells holding `counts[k]` pieces of kind `k + 1` each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrangements {
    cells: usize,
    counts: Vec<u32>,
    /// `radix[k]`: the number of ways to place kind `k + 1` among the cells left to it.
    radix: Vec<u64>,
    /// `below[k]`: the product of the radices after `k`, the weight of kind `k + 1`'s rank.
    below: Vec<u64>,
    count: u64,
}

/// `C(n, k)`, exactly, for `n ≤ 64` (at most `C(64, 32)`, under 2^63); 0 where `k > n`.
/// O(1) from a table to 64, O(k) beyond (where the value may be cut to 64 bits).
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    if n <= MAX_CELLS as u64 {
        return BINOMIALS[n as usize][k as usize];
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * u128::from(n - i) / u128::from(i + 1);
    }
    c as u64
}

impl Arrangements {
    /// The arrangements of `counts` on `cells` cells, or `None` where the pieces do not fit,
    /// the board has more than 64 cells, or the count passes 2^64. O(kinds).
    pub fn new(cells: usize, counts: &[u32]) -> Option<Arrangements> {
        if cells > MAX_CELLS {
            return None;
        }
        let mut left = cells as u64;
        let mut radix = Vec::with_capacity(counts.len());
        let mut count: u64 = 1;
        for &k in counts {
            let k = u64::from(k);
            if k > left {
                return None;
            }
            let ways = binomial(left, k);
            count = count.checked_mul(ways)?;
            radix.push(ways);
            left -= k;
        }
        // Each suffix product divides the count, so none overflows.
        let mut below = vec![1; radix.len()];
        for k in (0..radix.len().saturating_sub(1)).rev() {
            below[k] = below[k + 1] * radix[k + 1];
        }
        Some(Arrangements {
            cells,
            counts: counts.to_vec(),
            radix,
            below,
            count,
        })
    }

    /// The number of arrangements.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The cells of the board, as the bits of a `u64`.
    fn all_cells(&self) -> u64 {
        if self.cells == MAX_CELLS {
            u64::MAX
        } else {
            (1 << self.cells) - 1
        }
    }

    /// The rank of `board` (a kind a cell, 0 empty), below [`Arrangements::count`]: `None`
    /// where the board has another size or other counts. O(cells × kinds), no allocation.
    pub fn rank(&self, board: &[u8]) -> Option<u64> {
        if board.len() != self.cells {
            return None;
        }
        let mut rank = 0;
        // The cells still free, in order: each kind's cells are numbered among them.
        let mut free = self.all_cells();
        for (k, (&want, &ways)) in self.counts.iter().zip(&self.radix).enumerate() {
            let kind = k as u8 + 1;
            let (mut r, mut seen, mut found) = (0, 0usize, 0usize);
            let mut left = free;
            while left != 0 {
                let cell = left.trailing_zeros() as usize;
                left &= left - 1;
                if board[cell] == kind {
                    found += 1;
                    // The combinatorial number system: C(position among the free, found).
                    r += BINOMIALS[seen][found];
                    free &= !(1 << cell);
                }
                seen += 1;
            }
            if found != want as usize {
                return None;
            }
            rank = rank * ways + r;
        }
        // Every cell left must be empty.
        let mut left = free;
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            if board[cell] != 0 {
                return None;
            }
        }
        Some(rank)
    }

    /// The board of rank `rank` (below [`Arrangements::count`]), a kind a cell, written into
    /// `board` (of the cells' length). O(cells × kinds), no allocation.
    pub fn unrank(&self, rank: u64, board: &mut [u8]) {
        board.fill(0);
        let mut free = self.all_cells();
        for (k, ((&want, &ways), &below)) in
            (self.counts.iter().zip(&self.radix).zip(&self.below)).enumerate()
        {
            let mut r = rank / below % ways;
            let mut j = want as usize;
            // The free cells from the highest down, `p` the position among them: the
            // greatest p with C(p, j) ≤ r is the j-th cell of the kind, as the rank sums.
            let mut p = free.count_ones() as usize;
            let mut left = free;
            while j > 0 {
                let cell = 63 - left.leading_zeros() as usize;
                left &= !(1 << cell);
                p -= 1;
                let c = BINOMIALS[p][j];
                if c <= r {
                    r -= c;
                    j -= 1;
                    board[cell] = k as u8 + 1;
                    free &= !(1 << cell);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of a small size, ranked and unranked: a bijection onto `0..count`.
    #[test]
    fn ranks_are_a_bijection() {
        for cells in 0..=7usize {
            for a in 0..=cells as u32 {
                for b in 0..=(cells as u32 - a) {
                    let arr = Arrangements::new(cells, &[a, b]).unwrap();
                    let mut seen = vec![false; arr.count() as usize];
                    let total = 3usize.pow(cells as u32);
                    let mut matching = 0;
                    for code in 0..total {
                        let board: Vec<u8> = (0..cells)
                            .map(|i| (code / 3usize.pow(i as u32) % 3) as u8)
                            .collect();
                        let ones = board.iter().filter(|&&c| c == 1).count() as u32;
                        let twos = board.iter().filter(|&&c| c == 2).count() as u32;
                        let rank = arr.rank(&board);
                        if (ones, twos) != (a, b) {
                            assert_eq!(rank, None, "{board:?} is not of {a}, {b}");
                            continue;
                        }
                        matching += 1;
                        let r = rank.unwrap();
                        assert!(!seen[r as usize], "rank {r} twice");
                        seen[r as usize] = true;
                        let mut back = vec![9; cells];
                        arr.unrank(r, &mut back);
                        assert_eq!(back, board);
                    }
                    assert_eq!(matching as u64, arr.count());
                }
            }
        }
    }

    /// The table equals the product formula, and both agree past the table.
    #[test]
    fn binomials_are_exact() {
        for n in 0..=70u64 {
            let mut c: u128 = 1;
            for k in 0..=n {
                if n <= 64 || c < 1 << 64 {
                    assert_eq!(u128::from(binomial(n, k)), c, "C({n}, {k})");
                }
                c = c * u128::from(n - k) / u128::from(k + 1);
            }
            assert_eq!(binomial(n, n + 1), 0);
        }
    }

    /// Boards of many kinds on many cells rank and unrank back, on random boards.
    #[test]
    fn large_boards_rank_back() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let cells = 1 + (next() % 64) as usize;
            let board: Vec<u8> = (0..cells).map(|_| (next() % 5) as u8).collect();
            let counts: Vec<u32> = (1..5u8)
                .map(|kind| board.iter().filter(|&&c| c == kind).count() as u32)
                .collect();
            let Some(arr) = Arrangements::new(cells, &counts) else {
                continue;
            };
            let rank = arr.rank(&board).unwrap();
            assert!(rank < arr.count());
            let mut back = vec![9; cells];
            arr.unrank(rank, &mut back);
            assert_eq!(back, board);
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Arrangements::new(3, &[2, 2]).is_none());
        assert!(Arrangements::new(65, &[1]).is_none());
        let big = Arrangements::new(64, &[32]).unwrap();
        assert_eq!(big.count(), binomial(64, 32));
        assert_eq!(
            Arrangements::new(24, &[9, 9]).unwrap().count(),
            6_544_057_520
        );
    }
}
