//! HNOI2007 分裂游戏, the splitting game of notes 003 (section 2.6, 分裂博弈).
//!
//! `n` bottles stand in a row, numbered `0..n`, with some beans in each. A move takes one bean
//! out of bottle `i` and puts one bean into bottle `j` and one into bottle `k`, for any
//! `i < j ≤ k < n` (when `j = k` both go into the same bottle). A player who cannot move (all
//! beans in the last bottle) loses. The question: the number of winning first moves
//! `(i, j, k)`, and the lexicographically first one; `-1 -1 -1` and `0` if the first player
//! loses.
//!
//! Each bean is an independent game: a bean in bottle `i` becomes two beans, in `j` and `k`.
//! So the beans are the parts of a [`SplittingGame`], valued by [`GrundyMemo`] as
//! `SG(i) = mex{SG(j) xor SG(k)}` (the notes' formula), and a position is worth the XOR of its
//! beans' values: two beans in one bottle cancel, so only the parity of each count matters. A
//! first move `(i, j, k)` wins when it leaves XOR 0: `total ^ SG(i) ^ SG(j) ^ SG(k) == 0`.
//!
//! Run it with the bean counts, bottle 0 first (the original's sample: `1 0 1 5000` answers
//! `0 2 3` and 1 winning move; `0 0 1` answers `-1 -1 -1` and 0):
//!
//! ```sh
//! cargo run --release -p grundy --example splitting_game -- 1 0 1 5000
//! ```

use std::process::ExitCode;

use grundy::rules::{GrundyMemo, SplittingGame};

/// The most bottles accepted: the answer enumerates every triple, O(n^3).
const MAX_BOTTLES: usize = 200;

/// The bottles; a part is the bottle of one bean.
struct Bottles {
    n: usize,
}

impl SplittingGame for Bottles {
    type Part = usize;

    fn moves(&self, &i: &usize, out: &mut Vec<Vec<usize>>) {
        for j in i + 1..self.n {
            for k in j..self.n {
                out.push(vec![j, k]);
            }
        }
    }
}

/// The answer: the lexicographically first winning move, if any, and how many there are.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Answer {
    first: Option<(usize, usize, usize)>,
    count: u64,
}

/// The winning first moves from the bean counts, by the beans' Sprague–Grundy values.
fn answer(counts: &[u64]) -> Answer {
    let game = Bottles { n: counts.len() };
    let mut memo = GrundyMemo::new(&game);
    // Values are needed for every bottle (j and k range over all); the splitting game is
    // acyclic, since beans only move right, so memoised mex always applies.
    let sg: Vec<u32> = (0..counts.len())
        .map(|i| memo.value(&i).expect("beans only move right: no loops"))
        .collect();
    let odd: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] % 2 == 1).collect();
    let total = memo
        .value_of_sum(&odd)
        .expect("beans only move right: no loops");
    let mut result = Answer {
        first: None,
        count: 0,
    };
    for i in (0..counts.len()).filter(|&i| counts[i] > 0) {
        for j in i + 1..counts.len() {
            for k in j..counts.len() {
                if total ^ sg[i] ^ sg[j] ^ sg[k] == 0 {
                    result.first.get_or_insert((i, j, k));
                    result.count += 1;
                }
            }
        }
    }
    result
}

/// The bean counts from the arguments.
fn parse_args(args: &[String]) -> Result<Vec<u64>, String> {
    if args.is_empty() {
        return Err("give the bean count of each bottle, bottle 0 first (e.g. 1 0 1 5000)".into());
    }
    if args.len() > MAX_BOTTLES {
        return Err(format!(
            "{} bottles: at most {MAX_BOTTLES} are accepted",
            args.len()
        ));
    }
    args.iter()
        .enumerate()
        .map(|(i, a)| {
            a.parse::<u64>().map_err(|_| {
                format!("bottle {i}: '{a}' is not a bean count (a non-negative integer)")
            })
        })
        .collect()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let counts = match parse_args(&args) {
        Ok(c) => c,
        Err(message) => {
            eprintln!("splitting_game: error: {message}");
            eprintln!("usage: splitting_game COUNT...   (beans in bottles 0, 1, ..., n-1)");
            return ExitCode::from(2);
        }
    };
    let a = answer(&counts);
    match a.first {
        Some((i, j, k)) => println!("first winning move (i j k): {i} {j} {k}"),
        None => println!("first winning move (i j k): -1 -1 -1   (the first player loses)"),
    }
    println!("winning first moves: {}", a.count);
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::budget::Budget;
    use grundy::progress::NoProgress;
    use grundy::rules::{explore, Impartial};
    use grundy::solve::{solve, Outcome, SolveOptions};

    /// The whole game, without splitting it into beans: a position is the vector of counts.
    struct Beans;

    impl Impartial for Beans {
        type Position = Vec<u64>;

        fn options(&self, c: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
            for (i, j, k) in triples(c) {
                out.push(after(c, (i, j, k)));
            }
        }
    }

    /// Every move `(i, j, k)` from the counts `c`, in lexicographic order.
    fn triples(c: &[u64]) -> Vec<(usize, usize, usize)> {
        let n = c.len();
        let mut t = Vec::new();
        for i in (0..n).filter(|&i| c[i] > 0) {
            for j in i + 1..n {
                for k in j..n {
                    t.push((i, j, k));
                }
            }
        }
        t
    }

    fn after(c: &[u64], (i, j, k): (usize, usize, usize)) -> Vec<u64> {
        let mut d = c.to_vec();
        d[i] -= 1;
        d[j] += 1;
        d[k] += 1;
        d
    }

    /// The answer by exploring the whole game from `counts`: a winning first move leaves a
    /// position that is a loss for the opponent.
    fn brute_force(counts: &[u64]) -> Answer {
        let explored = explore(&Beans, [counts.to_vec()], &Budget::default(), &NoProgress).unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        let mut result = Answer {
            first: None,
            count: 0,
        };
        for t in triples(counts) {
            let id = explored.id(&after(counts, t)).unwrap();
            if solution.outcome(id) == Outcome::Loss {
                result.first.get_or_insert(t);
                result.count += 1;
            }
        }
        let start = explored.id(&counts.to_vec()).unwrap();
        assert_eq!(
            solution.outcome(start) == Outcome::Win,
            result.count > 0,
            "{counts:?}"
        );
        result
    }

    /// Every vector of `n` counts each at most `max`.
    fn all_counts(n: usize, max: u64) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for _ in 0..n {
            all = all
                .into_iter()
                .flat_map(|v| {
                    (0..=max).map(move |c| {
                        let mut w = v.clone();
                        w.push(c);
                        w
                    })
                })
                .collect();
        }
        all
    }

    #[test]
    fn agrees_with_the_explored_game_on_small_rows() {
        let mut checked = 0;
        for (n, max) in [(1, 2), (2, 2), (3, 2), (4, 2), (5, 1)] {
            for counts in all_counts(n, max) {
                assert_eq!(answer(&counts), brute_force(&counts), "{counts:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 3 + 9 + 27 + 81 + 32);
    }

    #[test]
    fn the_original_samples() {
        assert_eq!(
            answer(&[1, 0, 1, 5000]),
            Answer {
                first: Some((0, 2, 3)),
                count: 1
            }
        );
        assert_eq!(
            answer(&[0, 0, 1]),
            Answer {
                first: None,
                count: 0
            }
        );
    }

    #[test]
    fn arguments() {
        let args = |v: &[&str]| parse_args(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(args(&["1", "0", "2"]), Ok(vec![1, 0, 2]));
        assert!(args(&[]).is_err());
        assert!(args(&["1", "-1"]).is_err());
        assert!(args(&["x"]).is_err());
        assert!(args(&vec!["0"; MAX_BOTTLES + 1]).is_err());
    }
}
