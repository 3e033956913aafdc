//! Games on a DAG with two tokens: how many edge subsets make the first player win (notes 000,
//! section 4 杂题, the problem after the product of three graphs: "给一个 n 个点的有向无环图。1,2
//! 上分别有两枚棋子……现在可以任意删一些边,求有多少种方式使得先手必胜。n ≤ 15"; the contest
//! problem is AtCoder AGC016 F, Games on DAG).
//!
//! A directed acyclic graph on vertices `1..=n` has `m` edges, no two alike. One token stands on
//! vertex 1 and one on vertex 2 (they may meet later). A move takes one token along an edge; a
//! player who cannot move loses. Keep any subset of the edges (there are `2^m`): for how many
//! subsets does the player to move win?
//!
//! Method. The tokens are a disjunctive sum, so the player to move wins iff `SG(1) ≠ SG(2)`; count
//! the complement, the subsets with `SG(1) = SG(2)`. In a kept graph, let `T` be the vertices of
//! value 0: no kept edge joins two of them, and every other vertex keeps an edge into `T`;
//! removing `T` lowers every other value by exactly one. So, for a given `T`, the kept edges at
//! it are none of those inside `T`, any subset of those from `T` to the rest, and a non-empty
//! subset of each other vertex's edges into `T`; the rest is the same problem on `S \ T`.
//! With `f[S]` the number of edge subsets of the graph induced by `S` in which vertices 1 and
//! 2 have equal values (sets `S` holding both or neither):
//!
//! ```text
//! f[∅] = 1,   f[S] = Σ_T  f[S \ T] · Π_{u ∈ S\T} (2^{e(u, T)} − 1) · 2^{e(T, S\T)}
//! ```
//!
//! over the non-empty `T ⊆ S` that hold both 1 and 2 or neither (equal values: both are 0 or
//! both are not); `e(A, B)` counts the edges from `A` to `B`. The answer is `2^m − f[V]`.
//! The notes run the same recursion from the other end (`dp_S` over the vertices already given
//! values, adding the next value class `T`: "转移系数是一个集合需要连向剩下每个点,且集合内没有
//! 边").
//!
//! Complexity: O(3^n · n) time (every pair `T ⊆ S`, each transition's coefficient in O(n) by
//! bit masks), O(2^n) memory; about a second for n = 15. With at most 105 edges the count is
//! below 2^105, so it is exact in u128; the contest asks for it modulo 10^9 + 7, printed too.
//!
//! Input, as in the contest: `n m`, then `m` lines `x y` (an edge from `x` to `y`). The edges
//! may go either way between labels, as long as there is no cycle. Run it with a file, `-` for
//! standard input, or nothing for the contest's fourth sample (816):
//!
//! ```sh
//! cargo run --release -p grundy --example dag_edge_subsets
//! cargo run --release -p grundy --example dag_edge_subsets -- dag.txt
//! ```

use std::process::ExitCode;

use grundy::GameGraph;

use common::read_input;

mod common;

/// The most vertices accepted: the method is exponential in n.
const MAX_N: usize = 15;

/// The contest's modulus.
const MODULUS: u128 = 1_000_000_007;

/// The contest's fourth sample: 5 vertices, 10 edges; the answer is 816.
const SAMPLE: &str = "5 10\n2 4\n3 4\n2 5\n2 3\n1 2\n3 5\n1 3\n1 5\n4 5\n1 4\n";

/// A DAG on vertices `0..n` (1 and 2 of the input are 0 and 1): the out-neighbours of each
/// vertex as a bit mask.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Dag {
    out: Vec<u32>,
    edge_count: u32,
}

impl Dag {
    /// Reads `n m` and `m` edges `x y` (1-based); refuses self-loops, repeated edges, cycles,
    /// and more than [`MAX_N`] vertices.
    fn parse(text: &str) -> Result<Dag, String> {
        let mut numbers = text.split_whitespace().map(|w| {
            w.parse::<u64>()
                .map_err(|_| format!("'{w}' is not a non-negative integer"))
        });
        let mut next = |what: &str| {
            numbers
                .next()
                .unwrap_or_else(|| Err(format!("the input ends before {what}")))
        };
        let n = next("n")?;
        if !(2..=MAX_N as u64).contains(&n) {
            return Err(format!(
                "n = {n}: the tokens stand on vertices 1 and 2, and at most {MAX_N} vertices \
                 are accepted"
            ));
        }
        let n = n as usize;
        let m = next("m")?;
        let mut out = vec![0u32; n];
        for i in 1..=m {
            let x = next(&format!("edge {i}"))?;
            let y = next(&format!("edge {i}"))?;
            for v in [x, y] {
                if !(1..=n as u64).contains(&v) {
                    return Err(format!("edge {i}: vertex {v} is not in 1..={n}"));
                }
            }
            if x == y {
                return Err(format!(
                    "edge {i}: {x} -> {y} is a loop, so the graph is not acyclic"
                ));
            }
            let (x, y) = (x as usize - 1, y as usize - 1);
            if out[x] >> y & 1 == 1 {
                return Err(format!("edge {i}: {} -> {} is given twice", x + 1, y + 1));
            }
            out[x] |= 1 << y;
        }
        if let Some(extra) = numbers.next() {
            let extra = extra.map_or_else(|e| e, |v| v.to_string());
            return Err(format!("unexpected '{extra}' after the {m} edges"));
        }
        let dag = Dag {
            out,
            edge_count: m as u32,
        };
        if let Some(cycle) = dag.graph(|_| true).find_cycle(|_| false) {
            let cycle: Vec<String> = cycle
                .iter()
                .chain(&cycle[..1])
                .map(|&v| (v + 1).to_string())
                .collect();
            return Err(format!(
                "the graph has the cycle {}: it must be acyclic",
                cycle.join(" -> ")
            ));
        }
        Ok(dag)
    }

    fn vertex_count(&self) -> usize {
        self.out.len()
    }

    /// The edges `(x, y)`, 0-based, in a fixed order.
    fn edges(&self) -> Vec<(u32, u32)> {
        let mut edges = Vec::new();
        for (x, &mask) in self.out.iter().enumerate() {
            for y in 0..self.vertex_count() {
                if mask >> y & 1 == 1 {
                    edges.push((x as u32, y as u32));
                }
            }
        }
        edges
    }

    /// The position graph of one token on the edges `i` of [`Dag::edges`] that `keep` keeps.
    fn graph(&self, keep: impl Fn(usize) -> bool) -> GameGraph {
        let moves: Vec<(u32, u32)> = self
            .edges()
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| keep(i))
            .map(|(_, e)| e)
            .collect();
        GameGraph::from_moves(self.vertex_count() as u32, &moves)
    }
}

/// Whether a set of vertices holds both tokens' vertices or neither.
fn balanced(set: u32) -> bool {
    matches!(set & 3, 0 | 3)
}

/// The number of edge subsets with `SG(1) = SG(2)`: `f[all]` of the recursion in the module
/// documentation.
fn equal_value_subsets(dag: &Dag) -> u128 {
    let n = dag.vertex_count();
    let full = (1u32 << n) - 1;
    // The number of edges inside each set of vertices.
    let mut inner = vec![0u32; 1 << n];
    for s in 1..=full {
        let v = s.trailing_zeros() as usize;
        let rest = s & (s - 1);
        let into_v = (0..n)
            .filter(|&u| rest >> u & 1 == 1 && dag.out[u] >> v & 1 == 1)
            .count() as u32;
        inner[s as usize] = inner[rest as usize] + (dag.out[v] & rest).count_ones() + into_v;
    }
    let mut f = vec![0u128; 1 << n];
    f[0] = 1;
    for s in (1..=full).filter(|&s| balanced(s)) {
        let mut total = 0u128;
        let mut t = s;
        while t > 0 {
            let rest = s ^ t;
            if balanced(t) && f[rest as usize] != 0 {
                // Each other vertex keeps a non-empty set of its edges into `t`.
                let mut ways = f[rest as usize];
                let mut into_t = 0;
                for u in (0..n).filter(|&u| rest >> u & 1 == 1) {
                    let c = (dag.out[u] & t).count_ones();
                    if c == 0 {
                        ways = 0;
                        break;
                    }
                    ways *= (1u128 << c) - 1;
                    into_t += c;
                }
                // The edges inside `t` are all left out; those from `t` to the rest are
                // free: the edges of `s` not inside `t`, not inside the rest, not from the
                // rest into `t`. The term counts distinct edge subsets of `s`, so it stays
                // below 2^105.
                let free = inner[s as usize] - inner[t as usize] - inner[rest as usize] - into_t;
                total += ways << free;
            }
            t = (t - 1) & s;
        }
        f[s as usize] = total;
    }
    f[full as usize]
}

/// The number of edge subsets with which the player to move wins: `2^m − #{SG(1) = SG(2)}`.
fn first_player_wins(dag: &Dag) -> u128 {
    (1u128 << dag.edge_count) - equal_value_subsets(dag)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dag = match read_input(&args, SAMPLE).and_then(|text| Dag::parse(&text)) {
        Ok(dag) => dag,
        Err(message) => {
            eprintln!("dag_edge_subsets: error: {message}");
            eprintln!(
                "usage: dag_edge_subsets [FILE|-]   (input: n m, then m edges x y; n <= {MAX_N})"
            );
            return ExitCode::from(2);
        }
    };
    let wins = first_player_wins(&dag);
    let all = 1u128 << dag.edge_count;
    println!(
        "{} vertices, {} edges: {all} subsets of edges, tokens on vertices 1 and 2",
        dag.vertex_count(),
        dag.edge_count
    );
    println!(
        "the player to move wins with {wins} of them and loses with {} (SG(1) = SG(2))",
        all - wins
    );
    println!("answer modulo {MODULUS}: {}", wins % MODULUS);
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::solve::{grundy_values, solve, sum_of_tokens, Outcome, SolveOptions};
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    /// A DAG from 0-based edges.
    fn dag(n: usize, edges: &[(usize, usize)]) -> Dag {
        let mut out = vec![0u32; n];
        for &(x, y) in edges {
            out[x] |= 1 << y;
        }
        Dag {
            out,
            edge_count: edges.len() as u32,
        }
    }

    /// Brute force: every subset of the edges, the values of vertices 1 and 2 by
    /// [`grundy_values`] on the kept graph.
    fn brute_force(dag: &Dag) -> u128 {
        let mut wins = 0;
        for kept in 0..1u128 << dag.edge_count {
            let values = grundy_values(&dag.graph(|i| kept >> i & 1 == 1)).unwrap();
            if values.finite(0).unwrap() != values.finite(1).unwrap() {
                wins += 1;
            }
        }
        wins
    }

    #[test]
    fn the_contest_samples() {
        let answer = |text: &str| first_player_wins(&Dag::parse(text).unwrap());
        assert_eq!(answer("2 1\n1 2\n"), 1);
        assert_eq!(answer("3 3\n1 2\n1 3\n2 3\n"), 6);
        assert_eq!(answer("4 2\n1 3\n2 4\n"), 2);
        assert_eq!(answer(SAMPLE), 816);
    }

    /// Every DAG on n ≤ 5 vertices whose edges follow one order of the vertices, for a few
    /// random orders (so vertices 1 and 2 take every place in it): the recursion against
    /// brute force over all edge subsets.
    #[test]
    fn every_dag_up_to_5_vertices_against_brute_force() {
        let mut rng = StdRng::seed_from_u64(0x6a_0016);
        for n in 2..=5usize {
            let orders = if n <= 3 { 6 } else { 2 };
            for _ in 0..orders {
                let mut order: Vec<usize> = (0..n).collect();
                order.shuffle(&mut rng);
                let pairs: Vec<(usize, usize)> = (0..n)
                    .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                    .map(|(a, b)| (order[a], order[b]))
                    .collect();
                for chosen in 0..1u32 << pairs.len() {
                    let edges: Vec<(usize, usize)> = (0..pairs.len())
                        .filter(|&i| chosen >> i & 1 == 1)
                        .map(|i| pairs[i])
                        .collect();
                    let d = dag(n, &edges);
                    assert_eq!(
                        first_player_wins(&d),
                        brute_force(&d),
                        "{n} vertices, {edges:?}"
                    );
                }
            }
        }
    }

    /// The complete DAG on 6 vertices (2^15 subsets), and random DAGs on 6 and 7 vertices.
    #[test]
    fn larger_dags_against_brute_force() {
        let complete: Vec<(usize, usize)> = (0..6)
            .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
            .collect();
        let d = dag(6, &complete);
        assert_eq!(first_player_wins(&d), brute_force(&d));
        let mut rng = StdRng::seed_from_u64(0x6a_0017);
        for _ in 0..6 {
            let n = rng.random_range(6..=7usize);
            let mut order: Vec<usize> = (0..n).collect();
            order.shuffle(&mut rng);
            let edges: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .filter(|_| rng.random_bool(0.5))
                .map(|(a, b)| (order[a], order[b]))
                .take(12)
                .collect();
            let d = dag(n, &edges);
            assert_eq!(first_player_wins(&d), brute_force(&d), "{edges:?}");
        }
    }

    /// The premise: two tokens are a first-player win iff their values differ, checked by
    /// [`sum_of_tokens`] and by solving the explicit game of pairs of vertices.
    #[test]
    fn two_tokens_win_iff_their_values_differ() {
        let complete: Vec<(usize, usize)> = (0..4)
            .flat_map(|a| (a + 1..4).map(move |b| (a, b)))
            .collect();
        let d = dag(4, &complete);
        for kept in 0..1u128 << d.edge_count {
            let graph = d.graph(|i| kept >> i & 1 == 1);
            let values = grundy_values(&graph).unwrap();
            let by_values = values.finite(0) != values.finite(1);
            let sum = sum_of_tokens(&graph, &values, &[0, 1]);
            assert_eq!(sum.outcome == Outcome::Win, by_values);
            // Pairs (a, b) as a * 4 + b; a move moves one token.
            let mut pair_moves = Vec::new();
            for a in 0..4u32 {
                for b in 0..4u32 {
                    for &c in graph.options(a) {
                        pair_moves.push((a * 4 + b, c * 4 + b));
                    }
                    for &c in graph.options(b) {
                        pair_moves.push((a * 4 + b, a * 4 + c));
                    }
                }
            }
            let pairs = GameGraph::from_moves(16, &pair_moves);
            let solution = solve(&pairs, &SolveOptions::default()).unwrap();
            assert_eq!(solution.outcome(1) == Outcome::Win, by_values);
        }
    }

    /// Larger DAGs, beyond brute force: the count does not change when the vertices are
    /// renamed by a permutation that keeps the tokens' pair {1, 2} (the game is the same), and
    /// a graph whose tokens' vertices have no edges gives 0 (both values are always 0).
    #[test]
    fn larger_dags_are_consistent_under_renaming() {
        let mut rng = StdRng::seed_from_u64(0x6a_0018);
        for n in [11usize, 12] {
            let mut order: Vec<usize> = (0..n).collect();
            order.shuffle(&mut rng);
            let edges: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .filter(|_| rng.random_bool(0.4))
                .map(|(a, b)| (order[a], order[b]))
                .collect();
            let count = first_player_wins(&dag(n, &edges));
            let mut rename: Vec<usize> = (2..n).collect();
            rename.shuffle(&mut rng);
            let swap = rng.random_bool(0.5);
            rename.splice(0..0, if swap { [1, 0] } else { [0, 1] });
            let renamed: Vec<(usize, usize)> =
                edges.iter().map(|&(x, y)| (rename[x], rename[y])).collect();
            assert_eq!(first_player_wins(&dag(n, &renamed)), count, "{edges:?}");
            let away: Vec<(usize, usize)> = edges
                .iter()
                .copied()
                .filter(|&(x, y)| x > 1 && y > 1)
                .collect();
            assert_eq!(first_player_wins(&dag(n, &away)), 0);
        }
    }

    #[test]
    fn bad_input_is_refused() {
        let err = |text: &str| Dag::parse(text).unwrap_err();
        assert!(err("").contains("ends before n"));
        assert!(err("1 0").contains("n = 1"));
        assert!(err("16 0").contains("at most 15"));
        assert!(err("3 1\n1 4\n").contains("not in 1..=3"));
        assert!(err("3 1\n2 2\n").contains("loop"));
        assert!(err("3 2\n1 2\n1 2\n").contains("twice"));
        assert!(err("3 3\n1 2\n2 3\n3 1\n").contains("cycle"));
        assert!(err("3 1\n1 x\n").contains("'x'"));
        assert!(err("3 1\n1 2\n7").contains("unexpected '7'"));
        assert!(err("3 2\n1 2\n").contains("ends before edge 2"));
        // Edges against the labels' order are fine without a cycle.
        assert_eq!(Dag::parse("3 2\n3 1\n2 3\n").unwrap().edge_count, 2);
    }
}
