//! The coin-turning games as rules for the generic solver (rows and boards of at most 64 coins
//! as bit sets): what `grundy play` explores and what the tests check the formulas against.

use super::rule::Rule;
use super::spawning::all_moves;
use grundy::rules::Impartial;

/// The rules of a row, for the generic solver: a position is the set of heads as a bit set
/// (bit c − 1 for coin c), on a row of at most 64 coins. Meant for short rows: a head has up
/// to x(x − 1)/2 + x options under Mock Turtles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoinRow {
    /// The rule.
    pub rule: Rule,
    /// The number of coins, at most 64.
    pub length: u32,
}

impl CoinRow {
    /// The sets of coins (bit sets) that a move turning the head x may turn.
    pub fn move_sets(&self, x: u32) -> Vec<u64> {
        let bit = |c: u32| 1u64 << (c - 1);
        let mut sets = vec![bit(x)];
        match self.rule {
            Rule::Two => sets.extend((1..x).map(|a| bit(a) | bit(x))),
            Rule::MockTurtles => {
                for b in 1..x {
                    sets.push(bit(b) | bit(x));
                    sets.extend((1..b).map(|a| bit(a) | bit(b) | bit(x)));
                }
            }
            Rule::Ruler { max_run } => {
                let longest = max_run.map_or(u64::from(x), |k| k.min(u64::from(x))) as u32;
                let mut run = bit(x);
                for from in (x + 1 - longest..x).rev() {
                    run |= bit(from);
                    sets.push(run);
                }
            }
            Rule::Code(code) => {
                // Every subset looked at: meant for the short rows of the checks and play.
                let moves = all_moves(&code, u64::from(x), u64::MAX).unwrap_or_default();
                sets = moves
                    .iter()
                    .map(|m| m.iter().fold(0, |s, &c| s | bit(c as u32)))
                    .collect();
            }
            Rule::Multiples => {
                let mut set = bit(x);
                let mut c = 2 * x;
                while c <= self.length {
                    set |= bit(c);
                    sets.push(set);
                    c += x;
                }
            }
        }
        sets
    }
}

impl Impartial for CoinRow {
    type Position = u64;

    fn options(&self, p: &u64, out: &mut grundy::rules::Moves<u64>) {
        for x in 1..=self.length {
            if (p >> (x - 1)) & 1 == 1 {
                out.extend(self.move_sets(x).into_iter().map(|s| p ^ s));
            }
        }
    }
}

/// The rules of a board, the product of two rows, for the generic solver: a position is the
/// set of heads as a bit set, bit `(x − 1)·y.length + (y − 1)` for the coin (x, y); the board
/// has at most 64 coins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoinBoard {
    /// The first factor (along x).
    pub x: CoinRow,
    /// The second factor (along y).
    pub y: CoinRow,
}

impl CoinBoard {
    /// The bit of the coin (x, y).
    pub fn bit(&self, x: u32, y: u32) -> u64 {
        1u64 << ((x - 1) * self.y.length + (y - 1))
    }
}

impl Impartial for CoinBoard {
    type Position = u64;

    fn options(&self, p: &u64, out: &mut grundy::rules::Moves<u64>) {
        for x in 1..=self.x.length {
            for y in 1..=self.y.length {
                if p & self.bit(x, y) == 0 {
                    continue;
                }
                let ys = self.y.move_sets(y);
                for a in self.x.move_sets(x) {
                    for &b in &ys {
                        let mut set = 0;
                        for i in (1..=self.x.length).filter(|i| (a >> (i - 1)) & 1 == 1) {
                            for j in (1..=self.y.length).filter(|j| (b >> (j - 1)) & 1 == 1) {
                                set |= self.bit(i, j);
                            }
                        }
                        out.push(p ^ set);
                    }
                }
            }
        }
    }
}
