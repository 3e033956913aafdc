//! Boards numbered one to one: the arrangements of a board of `n` cells holding `k₁` pieces
//! of kind 1, `k₂` of kind 2, ... (the other cells empty), numbered `0..n!/(k₁! k₂! … e!)` by
//! the combinatorial number system. The tier rankings of the board games use it: a tier is a
//! count of each kind of piece, and a position's rank within it its arrangement.
//!
//! Kind 1's cells are chosen among all `n` cells (their combination's rank among `C(n, k₁)`),
//! then kind 2's among the `n − k₁` cells left, and so on; the rank is the mixed-radix number
//! of these ranks, the first kind's most significant.

/// The binomial coefficients `C(n, k)` for `n ≤ MAX_CELLS`.
const MAX_CELLS: usize = 64;

/// The arrangements of `cells` cells holding `counts[k]` pieces of kind `k + 1` each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrangements {
    cells: usize,
    counts: Vec<u32>,
    /// `radix[k]`: the number of ways to place kind `k + 1` among the cells left to it.
    radix: Vec<u64>,
    count: u64,
}

/// `C(n, k)`, exactly, for `n ≤ 64` (at most `C(64, 32)`, under 2^63). O(k).
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
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
        Some(Arrangements {
            cells,
            counts: counts.to_vec(),
            radix,
            count,
        })
    }

    /// The number of arrangements.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The rank of `board` (a kind a cell, 0 empty), below [`Arrangements::count`]: `None`
    /// where the board has another size or other counts. O(cells × kinds).
    pub fn rank(&self, board: &[u8]) -> Option<u64> {
        if board.len() != self.cells {
            return None;
        }
        let mut rank = 0;
        // The cells still free, in order: each kind's cells are numbered among them.
        let mut free: u64 = if self.cells == 64 {
            u64::MAX
        } else {
            (1 << self.cells) - 1
        };
        for (k, (&want, &ways)) in self.counts.iter().zip(&self.radix).enumerate() {
            let kind = k as u8 + 1;
            let (mut r, mut seen, mut found) = (0, 0u64, 0u64);
            for (cell, &c) in board.iter().enumerate() {
                if free >> cell & 1 == 0 {
                    continue;
                }
                if c == kind {
                    found += 1;
                    // The combinatorial number system: C(position among the free, found).
                    r += binomial(seen, found);
                    free &= !(1 << cell);
                }
                seen += 1;
            }
            if found != u64::from(want) {
                return None;
            }
            rank = rank * ways + r;
        }
        // Every cell left must be empty.
        let filled = (0..self.cells).any(|cell| free >> cell & 1 == 1 && board[cell] != 0);
        (!filled).then_some(rank)
    }

    /// The board of rank `rank` (below [`Arrangements::count`]), a kind a cell, written into
    /// `board` (of the cells' length). O(cells × kinds).
    pub fn unrank(&self, mut rank: u64, board: &mut [u8]) {
        board.fill(0);
        let mut ranks = vec![0; self.counts.len()];
        for (k, &ways) in self.radix.iter().enumerate().rev() {
            ranks[k] = rank % ways;
            rank /= ways;
        }
        let mut free: Vec<usize> = (0..self.cells).collect();
        for (k, (&want, &r)) in self.counts.iter().zip(&ranks).enumerate() {
            let mut r = r;
            let mut chosen = Vec::with_capacity(want as usize);
            // The largest position first: the greatest p with C(p, j) ≤ r.
            let mut j = u64::from(want);
            let mut p = free.len() as u64;
            while j > 0 {
                p -= 1;
                while binomial(p, j) > r {
                    p -= 1;
                }
                r -= binomial(p, j);
                chosen.push(p as usize);
                j -= 1;
            }
            for &i in &chosen {
                board[free[i]] = k as u8 + 1;
            }
            chosen.sort_unstable();
            for &i in chosen.iter().rev() {
                free.remove(i);
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
