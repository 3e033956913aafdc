//! Take 1, 3 or 4: the game a user writes first.
//!
//! A pile of `n` counters; a move takes 1, 3 or 4 of them; who takes the last counter wins
//! (normal play). This is the notes' 扩展巴什博弈 (notes 003, section 1.3: one pile, a move takes
//! a number of counters from a given set P, `sg(x) = mex{sg(x - p)}`) with P = {1, 3, 4}; the
//! mex and the SG theorem are stated in notes 000 (平等博弈与 SG 定理). The losing pile sizes are
//! exactly those with `n ≡ 0 or 2 (mod 7)`, and the Sprague–Grundy values repeat
//! `0 1 0 1 2 3 2` with period 7.
//!
//! The rules are a few lines of [`Impartial`]; [`explore`] turns them into a position graph and
//! [`solve`] answers every pile size at once.
//!
//! Run it with the pile size (default 100):
//!
//! ```sh
//! cargo run --release -p grundy --example take_134 -- 100
//! ```

use std::process::ExitCode;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Impartial};
use grundy::solve::{solve, Outcome, SolveOptions};

/// The pile sizes a move may take.
const TAKE: [u32; 3] = [1, 3, 4];

/// The largest pile size accepted on the command line (the graph has one position per size).
const MAX_N: u32 = 10_000_000;

/// The game: a position is the number of counters left.
struct Take134;

impl Impartial for Take134 {
    type Position = u32;

    fn options(&self, n: &u32, out: &mut grundy::rules::Moves<u32>) {
        out.extend(TAKE.iter().filter_map(|&t| n.checked_sub(t)));
    }
}

fn main() -> ExitCode {
    let n = match parse_args(std::env::args().skip(1)) {
        Ok(n) => n,
        Err(message) => {
            eprintln!("take_134: error: {message}");
            eprintln!(
                "usage: take_134 [N]   (a pile of N counters, 0 <= N <= {MAX_N}; default 100)"
            );
            return ExitCode::from(2);
        }
    };
    let explored = match explore(&Take134, [n], &Budget::default(), &NoProgress) {
        Ok(explored) => explored,
        Err(e) => {
            eprintln!("take_134: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let solution = solve(&explored.graph, &SolveOptions::default())
        .expect("an impartial game without players always solves");
    // Every size below n is reachable (take 1 repeatedly), so ids exist for 0..=n.
    let id = |k: u32| explored.id(&k).expect("every size up to n is reached");

    let start = id(n);
    let outcome = solution.outcome(start);
    let remoteness = solution
        .remoteness(start)
        .expect("a finite game has no draws");
    println!("Take 1, 3 or 4 from a pile of {n}; who takes the last counter wins.");
    match solution.best_move(start) {
        None => println!("{n}: loss for the player to move: there is no counter to take."),
        Some(best) => {
            let left = *explored.position(best);
            let (verdict, how) = match outcome {
                Outcome::Win => ("win", "winning move"),
                _ => ("loss", "longest resistance"),
            };
            println!(
                "{n}: {verdict} for the player to move, {remoteness} moves to the end; \
                 {how}: take {} (leaves {left})",
                n - left
            );
        }
    }
    let losing: Vec<String> = (0..=n)
        .filter(|&k| solution.outcome(id(k)) == Outcome::Loss)
        .map(|k| k.to_string())
        .collect();
    println!("losing pile sizes up to {n}: {}", losing.join(" "));
    ExitCode::SUCCESS
}

/// The pile size from the arguments: none (100) or one integer in `0..=MAX_N`.
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<u32, String> {
    let n = match args.next() {
        None => return Ok(100),
        Some(arg) => arg
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_N)
            .ok_or_else(|| format!("'{arg}' is not a pile size (an integer from 0 to {MAX_N})"))?,
    };
    match args.next() {
        None => Ok(n),
        Some(extra) => Err(format!("unexpected argument '{extra}': give one pile size")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::solve::grundy_values;

    /// Sprague–Grundy values of piles 0..=n by the direct recurrence: the mex of the values
    /// of the piles one move away.
    fn mex_table(n: usize) -> Vec<u32> {
        let mut g = Vec::with_capacity(n + 1);
        for k in 0..=n {
            let seen: Vec<u32> = TAKE
                .iter()
                .filter(|&&t| t as usize <= k)
                .map(|&t| g[k - t as usize])
                .collect();
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn losing_sizes_are_0_and_2_mod_7() {
        let n = 300;
        let explored = explore(&Take134, [n], &Budget::default(), &NoProgress).unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        let dp = mex_table(n as usize);
        for k in 0..=n {
            let loses = solution.outcome(explored.id(&k).unwrap()) == Outcome::Loss;
            assert_eq!(loses, k % 7 == 0 || k % 7 == 2, "pile {k}");
            assert_eq!(loses, dp[k as usize] == 0, "pile {k} against the mex table");
        }
    }

    #[test]
    fn grundy_values_equal_the_mex_table() {
        let n = 300;
        let explored = explore(&Take134, [n], &Budget::default(), &NoProgress).unwrap();
        let values = grundy_values(&explored.graph).unwrap();
        let dp = mex_table(n as usize);
        for k in 0..=n {
            let v = values.finite(explored.id(&k).unwrap());
            assert_eq!(v, Some(dp[k as usize]), "pile {k}");
        }
        assert_eq!(&dp[..7], &[0, 1, 0, 1, 2, 3, 2]);
    }

    #[test]
    fn remoteness_is_win_fast_lose_slow() {
        // Direct recurrence: a win ends one move after its fastest losing option, a loss one
        // move after its slowest option; the empty pile ends at once.
        let n = 300;
        let explored = explore(&Take134, [n], &Budget::default(), &NoProgress).unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        let dp = mex_table(n as usize);
        let mut rem: Vec<u32> = Vec::new();
        for k in 0..=n as usize {
            let options: Vec<usize> = TAKE
                .iter()
                .filter(|&&t| t as usize <= k)
                .map(|&t| k - t as usize)
                .collect();
            let r = if options.is_empty() {
                0
            } else if dp[k] != 0 {
                1 + options
                    .iter()
                    .filter(|&&q| dp[q] == 0)
                    .map(|&q| rem[q])
                    .min()
                    .unwrap()
            } else {
                1 + options.iter().map(|&q| rem[q]).max().unwrap()
            };
            rem.push(r);
            let p = explored.id(&(k as u32)).unwrap();
            assert_eq!(solution.remoteness(p), Some(r), "pile {k}");
        }
    }

    #[test]
    fn winning_moves_lead_to_losing_sizes() {
        let n = 100;
        let explored = explore(&Take134, [n], &Budget::default(), &NoProgress).unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        for k in 0..=n {
            let p = explored.id(&k).unwrap();
            if solution.outcome(p) == Outcome::Win {
                let q = solution.best_move(p).unwrap();
                assert!(matches!(explored.position(q) % 7, 0 | 2), "pile {k}");
            }
        }
    }

    #[test]
    fn arguments() {
        let args = |v: &[&str]| parse_args(v.iter().map(|s| s.to_string()));
        assert_eq!(args(&[]), Ok(100));
        assert_eq!(args(&["7"]), Ok(7));
        assert!(args(&["-1"]).is_err());
        assert!(args(&["x"]).is_err());
        assert!(args(&["1", "2"]).is_err());
        assert!(args(&["10000001"]).is_err());
    }
}
