//! GZOI2017 取石子游戏 (notes 003, section 2.1.3, the typical problem of Nim: "从N堆中选出M堆,
//! 并指定第一次操作的堆,使得先手必败"): count the ways to choose piles and the pile of the first
//! move so that the first player loses.
//!
//! `n` piles of stones, `a_1 … a_n`. Choose a non-empty set of the piles (any number of them:
//! the notes' "M 堆" is not a given number, see below) and one pile `x` of the set. Then play
//! Nim on the chosen piles (a move takes any positive number of stones from one pile; who
//! cannot move loses), except that the first move must take from pile `x`. How many choices
//! (set, `x`) make the first player lose? The answer is printed modulo 10^9 + 7, as the notes'
//! program does.
//!
//! Method (the notes' reasoning). After the first move, the game is plain Nim, lost by the
//! player to move iff the XOR of the piles is 0. Let `y` be the XOR of the other chosen piles:
//! the first move leaves pile `x` with any `r < a_x` stones, and wins iff some `r` makes the XOR
//! 0, that is iff `y < a_x`. So the first player loses iff `y ≥ a_x` (with `a_x = 0` he cannot
//! move at all and loses). For each `x`, count the subsets of the other piles whose XOR is at
//! least `a_x`: a table of the number of subsets with each XOR value, one pile at a time
//! (`f'[v] = f[v] + f[v xor a]`).
//!
//! The notes' program builds the table anew for each `x`: O(n² · K) with `K` the power of two
//! above the largest pile (values 0..K−1). Here the tables "all piles but `x`" come from a
//! divide and conquer: the table of the piles outside a range is passed down, and each half
//! adds the other half's piles before it recurses, so each pile is added O(log n) times:
//! O(n · K · log n) time, O(K · log n) memory. Inputs whose `n · K · (⌈log₂ n⌉ + 1)` exceeds
//! 2·10^9 are refused.
//!
//! Input: `n`, then the `n` pile sizes. Run it with a file, `-` for standard input, or nothing
//! for the piles `1 2 3 4 5`:
//!
//! ```sh
//! cargo run --release -p grundy --example gzoi2017_stones
//! echo "3 1 2 3" | cargo run --release -p grundy --example gzoi2017_stones -- -
//! ```

use std::process::ExitCode;

use common::read_input;

mod common;

/// The notes' modulus.
const MODULUS: u64 = 1_000_000_007;

/// The largest pile accepted (the table has one entry per XOR value below the next power of two).
const MAX_PILE: u64 = (1 << 24) - 1;

/// The most table updates accepted: `n · K · (⌈log₂ n⌉ + 1)`.
const MAX_WORK: u128 = 2_000_000_000;

/// The piles solved without input.
const SAMPLE: &str = "5\n1 2 3 4 5\n";

/// Reads `n` and `n` pile sizes.
fn parse(text: &str) -> Result<Vec<u32>, String> {
    let mut numbers = text.split_whitespace().map(|w| {
        w.parse::<u64>()
            .map_err(|_| format!("'{w}' is not a non-negative integer"))
    });
    let n = numbers
        .next()
        .unwrap_or_else(|| Err("the input is empty: give n, then n pile sizes".to_string()))?;
    if n == 0 {
        return Err("n = 0: at least one pile is needed".to_string());
    }
    let mut piles = Vec::new();
    for i in 1..=n {
        let a = numbers
            .next()
            .unwrap_or_else(|| Err(format!("the input ends before pile {i} of {n}")))?;
        if a > MAX_PILE {
            return Err(format!(
                "pile {i}: {a} stones, at most {MAX_PILE} are accepted"
            ));
        }
        piles.push(a as u32);
    }
    if let Some(extra) = numbers.next() {
        let extra = extra.map_or_else(|e| e, |v| v.to_string());
        return Err(format!("unexpected '{extra}' after the {n} piles"));
    }
    let work = work(&piles);
    if work > MAX_WORK {
        return Err(format!(
            "{n} piles up to {}: about {work} table updates, more than the {MAX_WORK} accepted",
            piles.iter().max().unwrap()
        ));
    }
    Ok(piles)
}

/// The number of XOR values: the power of two above the largest pile.
fn table_size(piles: &[u32]) -> usize {
    (piles.iter().copied().max().unwrap_or(0) as usize + 1).next_power_of_two()
}

/// The table updates of [`losing_choices`]: `n · K · (⌈log₂ n⌉ + 1)`.
fn work(piles: &[u32]) -> u128 {
    let n = piles.len() as u128;
    let depth = u128::from(piles.len().next_power_of_two().trailing_zeros()) + 1;
    n * table_size(piles) as u128 * depth
}

/// Adds one pile to a table of subset counts by XOR value: each subset is taken with or
/// without the pile.
fn add_pile(table: &mut [u64], a: u32) {
    let a = a as usize;
    if a == 0 {
        for c in table.iter_mut() {
            *c = *c * 2 % MODULUS;
        }
        return;
    }
    for v in 0..table.len() {
        let w = v ^ a;
        if v < w {
            let sum = (table[v] + table[w]) % MODULUS;
            table[v] = sum;
            table[w] = sum;
        }
    }
}

/// The number of choices (set of piles, pile of the first move) that lose for the first
/// player, modulo [`MODULUS`].
fn losing_choices(piles: &[u32]) -> u64 {
    let mut table = vec![0u64; table_size(piles)];
    table[0] = 1;
    let mut total = 0;
    all_but_one(piles, 0, piles.len(), table, &mut total);
    total
}

/// `table` counts the subsets of the piles outside `lo..hi`; adds to `total`, for each `x` in
/// `lo..hi`, the subsets of the other piles with XOR at least `a_x`.
fn all_but_one(piles: &[u32], lo: usize, hi: usize, table: Vec<u64>, total: &mut u64) {
    if hi - lo == 1 {
        let at_least = table[piles[lo] as usize..]
            .iter()
            .fold(0, |s, &c| (s + c) % MODULUS);
        *total = (*total + at_least) % MODULUS;
        return;
    }
    let mid = lo + (hi - lo) / 2;
    let mut left = table.clone();
    for &a in &piles[mid..hi] {
        add_pile(&mut left, a);
    }
    all_but_one(piles, lo, mid, left, total);
    let mut right = table;
    for &a in &piles[lo..mid] {
        add_pile(&mut right, a);
    }
    all_but_one(piles, mid, hi, right, total);
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let piles = match read_input(&args, SAMPLE).and_then(|text| parse(&text)) {
        Ok(p) => p,
        Err(message) => {
            eprintln!("gzoi2017_stones: error: {message}");
            eprintln!("usage: gzoi2017_stones [FILE|-]   (input: n, then n pile sizes)");
            return ExitCode::from(2);
        }
    };
    let shown: Vec<String> = piles.iter().take(20).map(u32::to_string).collect();
    let more = if piles.len() > 20 { " ..." } else { "" };
    println!("{} piles: {}{more}", piles.len(), shown.join(" "));
    println!(
        "choices of piles and first pile that lose for the first player, modulo {MODULUS}: {}",
        losing_choices(&piles)
    );
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::budget::Budget;
    use grundy::progress::NoProgress;
    use grundy::rules::{explore, Impartial};
    use grundy::solve::{solve, Outcome, SolveOptions};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The game itself: the chosen piles, and the pile the next move must take from (only
    /// before the first move).
    struct FirstPileNim;

    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Position {
        piles: Vec<u32>,
        forced: Option<usize>,
    }

    impl Impartial for FirstPileNim {
        type Position = Position;

        fn options(&self, p: &Position, out: &mut grundy::rules::Moves<Position>) {
            for i in 0..p.piles.len() {
                if p.forced.is_some_and(|f| f != i) {
                    continue;
                }
                for r in 0..p.piles[i] {
                    let mut piles = p.piles.clone();
                    piles[i] = r;
                    out.push(Position {
                        piles,
                        forced: None,
                    });
                }
            }
        }
    }

    /// Brute force: every non-empty set of piles and every pile of it, played out by
    /// [`explore`] and [`solve`].
    fn brute_force(piles: &[u32]) -> u64 {
        let n = piles.len();
        let mut losses = 0;
        for set in 1..1u32 << n {
            let chosen: Vec<u32> = (0..n)
                .filter(|&i| set >> i & 1 == 1)
                .map(|i| piles[i])
                .collect();
            let starts: Vec<Position> = (0..chosen.len())
                .map(|x| Position {
                    piles: chosen.clone(),
                    forced: Some(x),
                })
                .collect();
            let explored = explore(
                &FirstPileNim,
                starts.clone(),
                &Budget::default(),
                &NoProgress,
            )
            .unwrap();
            let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
            losses += starts
                .iter()
                .filter(|s| solution.outcome(explored.id(s).unwrap()) == Outcome::Loss)
                .count() as u64;
        }
        losses
    }

    /// The criterion "XOR of the others ≥ a_x" over every choice.
    fn by_criterion(piles: &[u32]) -> u64 {
        let n = piles.len();
        let mut count = 0u64;
        for set in 1..1u32 << n {
            let xor = (0..n)
                .filter(|&i| set >> i & 1 == 1)
                .fold(0, |x, i| x ^ piles[i]);
            for i in (0..n).filter(|&i| set >> i & 1 == 1) {
                if xor ^ piles[i] >= piles[i] {
                    count += 1;
                }
            }
        }
        count
    }

    /// The notes' program: for each `x`, a table of the other piles from scratch.
    fn notes_program(piles: &[u32]) -> u64 {
        let k = table_size(piles);
        let mut total = 0;
        for x in 0..piles.len() {
            let mut table = vec![0u64; k];
            table[0] = 1;
            for (i, &a) in piles.iter().enumerate() {
                if i != x {
                    add_pile(&mut table, a);
                }
            }
            total = table[piles[x] as usize..]
                .iter()
                .fold(total, |s, &c| (s + c) % MODULUS);
        }
        total
    }

    /// Every vector of up to 3 piles of at most 4 stones, and random ones of 4 and 5 piles:
    /// the count against the game played out.
    #[test]
    fn small_inputs_against_the_game() {
        let mut all: Vec<Vec<u32>> = vec![vec![]];
        for _ in 0..3 {
            all = all
                .iter()
                .flat_map(|p| {
                    (0..=4).map(move |a| {
                        let mut q = p.clone();
                        q.push(a);
                        q
                    })
                })
                .collect();
            for piles in &all {
                assert_eq!(losing_choices(piles), brute_force(piles), "{piles:?}");
            }
        }
        let mut rng = StdRng::seed_from_u64(0x6a_2017);
        for _ in 0..12 {
            let n = rng.random_range(4..=5usize);
            let piles: Vec<u32> = (0..n).map(|_| rng.random_range(0..=4)).collect();
            assert_eq!(losing_choices(&piles), brute_force(&piles), "{piles:?}");
        }
    }

    /// Up to 14 piles of up to 100 stones: the count against the criterion over every choice.
    #[test]
    fn medium_inputs_against_the_criterion() {
        let mut rng = StdRng::seed_from_u64(0x6a_2018);
        for _ in 0..60 {
            let n = rng.random_range(1..=14usize);
            let max = rng.random_range(0..=100);
            let piles: Vec<u32> = (0..n).map(|_| rng.random_range(0..=max)).collect();
            assert_eq!(losing_choices(&piles), by_criterion(&piles), "{piles:?}");
        }
    }

    /// The original's sizes (200 piles of at most 200 stones): the divide and conquer against
    /// the notes' quadratic program.
    #[test]
    fn contest_sizes_against_the_notes_program() {
        let mut rng = StdRng::seed_from_u64(0x6a_2019);
        for n in [1usize, 2, 3, 7, 64, 200] {
            let piles: Vec<u32> = (0..n).map(|_| rng.random_range(1..=200)).collect();
            assert_eq!(losing_choices(&piles), notes_program(&piles), "{piles:?}");
        }
    }

    #[test]
    fn the_default_piles() {
        let piles = parse(SAMPLE).unwrap();
        assert_eq!(losing_choices(&piles), by_criterion(&piles));
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(parse("").unwrap_err().contains("empty"));
        assert!(parse("0").unwrap_err().contains("n = 0"));
        assert!(parse("3 1 2").unwrap_err().contains("pile 3 of 3"));
        assert!(parse("2 1 x").unwrap_err().contains("'x'"));
        assert!(parse("1 1 1").unwrap_err().contains("unexpected '1'"));
        assert!(parse("1 16777216").unwrap_err().contains("at most"));
        assert!(parse("100000 16777215")
            .unwrap_err()
            .contains("ends before pile 2"));
        let big = format!("1000 {}", vec!["16777215"; 1000].join(" "));
        assert!(parse(&big).unwrap_err().contains("table updates"));
        assert_eq!(parse("2\n0 7\n").unwrap(), vec![0, 7]);
    }
}
