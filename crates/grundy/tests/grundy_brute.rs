//! Sprague–Grundy values against their definitions.
//!
//! - Acyclic graphs: mex by the recursive definition, on random DAGs.
//! - Graphs with cycles: loopy values are checked through what they are for — sums. For every
//!   pair (and, on tiny graphs, triple) of tokens, the outcome the values predict must equal the
//!   outcome of retrograde analysis on the explicit product graph (a position is a tuple of
//!   token places; a move moves one token), and the winning move they give must lead to a
//!   loss there.
//! - The notes' bound: a value g needs g(g+1)/2 ≤ m moves, so g ≤ √(2m).
//! - The notes' product-graph problem (000): the greedy maximum-weight independent set of the
//!   product of three graphs is the set of triples whose SG values XOR to 0.

use grundy::graph::GameGraph;
use grundy::solve::{grundy_values, solve, sum_of_tokens, NimValue, SolveOptions};
use grundy::Outcome;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_dag(rng: &mut StdRng, n: u32, density: f64) -> GameGraph {
    let mut moves = Vec::new();
    for u in 0..n {
        for v in 0..u {
            if rng.random_bool(density) {
                moves.push((u, v));
            }
        }
    }
    GameGraph::from_moves(n, &moves)
}

fn random_loopy(rng: &mut StdRng) -> GameGraph {
    let n = rng.random_range(1..=7u32);
    let m = rng.random_range(0..=3 * n);
    let moves: Vec<(u32, u32)> = (0..m)
        .map(|_| (rng.random_range(0..n), rng.random_range(0..n)))
        .collect();
    GameGraph::from_moves(n, &moves)
}

fn mex_by_definition(g: &GameGraph, p: u32, memo: &mut Vec<Option<u32>>) -> u32 {
    if let Some(v) = memo[p as usize] {
        return v;
    }
    let values: Vec<u32> = g
        .options(p)
        .iter()
        .map(|&q| mex_by_definition(g, q, memo))
        .collect();
    let v = (0..).find(|x| !values.contains(x)).unwrap();
    memo[p as usize] = Some(v);
    v
}

#[test]
fn acyclic_values_are_the_mex_of_the_options() {
    let mut rng = StdRng::seed_from_u64(0x6e0d_0001);
    for case in 0..500 {
        let n = rng.random_range(1..=40);
        let density = rng.random_range(0.05..0.6);
        let g = random_dag(&mut rng, n, density);
        let values = grundy_values(&g).unwrap();
        assert!(!values.is_loopy());
        let mut memo = vec![None; n as usize];
        for p in 0..n {
            assert_eq!(
                values.finite(p),
                Some(mex_by_definition(&g, p, &mut memo)),
                "case {case}, position {p}"
            );
        }
        let m = g.move_count() as u64;
        if let Some(top) = values.max_finite() {
            let top = u64::from(top);
            assert!(top * (top + 1) / 2 <= m, "g(g+1)/2 <= m: g {top}, m {m}");
        }
    }
}

#[test]
fn loopy_values_equal_mex_values_on_acyclic_parts() {
    let mut rng = StdRng::seed_from_u64(0x6e0d_0002);
    for _ in 0..200 {
        let n = rng.random_range(1..=30);
        let dag = random_dag(&mut rng, n, 0.3);
        // The same moves plus a separate 2-cycle: the loopy algorithm runs.
        let mut moves: Vec<(u32, u32)> = (0..n)
            .flat_map(|p| dag.options(p).iter().map(move |&q| (p, q)))
            .collect();
        moves.extend([(n, n + 1), (n + 1, n)]);
        let with_cycle = GameGraph::from_moves(n + 2, &moves);
        let plain = grundy_values(&dag).unwrap();
        let loopy = grundy_values(&with_cycle).unwrap();
        assert!(loopy.is_loopy());
        for p in 0..n {
            assert_eq!(loopy.finite(p), plain.finite(p));
        }
        assert_eq!(loopy.value(&with_cycle, n), NimValue::Infinite(vec![]));
    }
}

/// The graph of `k` tokens on `g`: position index = base-n digits of the token places.
fn product(g: &GameGraph, k: u32) -> GameGraph {
    let n = g.position_count() as u32;
    let size = n.pow(k);
    let mut moves = Vec::new();
    for code in 0..size {
        for i in 0..k {
            let place = code / n.pow(i) % n;
            for &q in g.options(place) {
                let next = code - place * n.pow(i) + q * n.pow(i);
                moves.push((code, next));
            }
        }
    }
    GameGraph::from_moves(size, &moves)
}

fn check_sums(g: &GameGraph, k: u32) {
    let n = g.position_count() as u32;
    let values = grundy_values(g).unwrap();
    let prod = product(g, k);
    let truth = solve(&prod, &SolveOptions::default()).unwrap();
    for code in 0..n.pow(k) {
        let tokens: Vec<u32> = (0..k).map(|i| code / n.pow(i) % n).collect();
        let answer = sum_of_tokens(g, &values, &tokens);
        assert_eq!(
            answer.outcome,
            truth.outcome(code),
            "tokens {tokens:?}, values {:?}, graph {g:?}",
            tokens
                .iter()
                .map(|&p| values.value(g, p).to_string())
                .collect::<Vec<_>>()
        );
        match answer.winning_move {
            Some((i, to)) => {
                assert_eq!(answer.outcome, Outcome::Win);
                assert!(g.options(tokens[i]).contains(&to), "a legal move");
                let after = code - tokens[i] * n.pow(i as u32) + to * n.pow(i as u32);
                assert_eq!(truth.outcome(after), Outcome::Loss, "the move wins");
            }
            None => assert_ne!(answer.outcome, Outcome::Win, "a win comes with its move"),
        }
    }
}

#[test]
fn loopy_values_predict_sums_of_two_and_three_tokens() {
    let mut rng = StdRng::seed_from_u64(0x6e0d_0003);
    let mut infinite_seen = 0;
    for case in 0..1500 {
        let g = random_loopy(&mut rng);
        let values = grundy_values(&g).unwrap();
        infinite_seen += (0..g.position_count() as u32)
            .filter(|&p| values.finite(p).is_none())
            .count();
        check_sums(&g, 1);
        check_sums(&g, 2);
        if case % 5 == 0 && g.position_count() <= 5 {
            check_sums(&g, 3);
        }
    }
    assert!(
        infinite_seen > 500,
        "the cases include many infinite values"
    );
}

#[test]
fn loopy_values_satisfy_smiths_conditions_on_larger_graphs() {
    let mut rng = StdRng::seed_from_u64(0x6e0d_0004);
    for _ in 0..100 {
        let n = rng.random_range(10..=300u32);
        let m = rng.random_range(0..=4 * n);
        let moves: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng.random_range(0..n), rng.random_range(0..n)))
            .collect();
        let g = GameGraph::from_moves(n, &moves);
        let values = grundy_values(&g).unwrap();
        for p in 0..n {
            let opts = g.options(p);
            if let Some(v) = values.finite(p) {
                assert!(opts.iter().all(|&q| values.finite(q) != Some(v)), "(a)");
                for j in 0..v {
                    assert!(opts.iter().any(|&q| values.finite(q) == Some(j)), "(b)");
                }
                for &q in opts {
                    if values.finite(q).is_none_or(|w| w > v) {
                        let reversible = g.options(q).iter().any(|&r| values.finite(r) == Some(v));
                        assert!(reversible, "(c) at {p} -> {q}");
                    }
                }
            }
        }
        // A single token: value 0 loses, other finite values win, ∞ wins iff 0 is in K.
        let truth = solve(&g, &SolveOptions::default()).unwrap();
        for p in 0..n {
            let expected = match values.value(&g, p) {
                NimValue::Finite(0) => Outcome::Loss,
                NimValue::Finite(_) => Outcome::Win,
                NimValue::Infinite(k) if k.contains(&0) => Outcome::Win,
                NimValue::Infinite(_) => Outcome::Draw,
            };
            assert_eq!(truth.outcome(p), expected);
        }
    }
}

#[test]
fn attributes_are_refused() {
    let g = GameGraph::from_moves(2, &[(0, 1)]).with_fixed_results(vec![Some(Outcome::Win), None]);
    assert!(grundy_values(&g).is_err());
}

#[test]
fn loopy_value_display() {
    assert_eq!(NimValue::Finite(3).to_string(), "3");
    assert_eq!(NimValue::Infinite(vec![0, 2]).to_string(), "inf(0,2)");
    assert_eq!(NimValue::Infinite(vec![]).to_string(), "inf()");
}

/// Notes 000: three graphs on vertices 1..n; in the product, (u1, u2, u3) is adjacent to the
/// tuples that differ in one coordinate by an edge of that coordinate's graph. The greedy
/// maximum-weight independent set (weights (10^18)^(u1+u2+u3): take tuples by decreasing index
/// sum when no chosen neighbour) is exactly the set of tuples whose SG values XOR to 0, where
/// each coordinate moves to an adjacent vertex of larger index.
#[test]
fn product_of_three_graphs_independent_set_by_sg_values() {
    const MOD: u64 = 998_244_353;
    let mut rng = StdRng::seed_from_u64(0x6e0d_0005);
    for _ in 0..60 {
        let n = rng.random_range(1..=6u32);
        let graphs: Vec<Vec<(u32, u32)>> = (0..3)
            .map(|_| {
                let mut edges = Vec::new();
                for a in 0..n {
                    for b in a + 1..n {
                        if rng.random_bool(0.4) {
                            edges.push((a, b));
                        }
                    }
                }
                edges
            })
            .collect();
        // Greedy on the explicit product.
        let idx = |t: [u32; 3]| (t[0] * n * n + t[1] * n + t[2]) as usize;
        let mut order: Vec<[u32; 3]> = (0..n * n * n)
            .map(|c| [c / (n * n), c / n % n, c % n])
            .collect();
        order.sort_by_key(|t| std::cmp::Reverse(t[0] + t[1] + t[2]));
        let mut chosen = vec![false; (n * n * n) as usize];
        for t in &order {
            let mut free = true;
            for (i, edges) in graphs.iter().enumerate() {
                for &(a, b) in edges {
                    for (x, y) in [(a, b), (b, a)] {
                        if t[i] == x {
                            let mut u = *t;
                            u[i] = y;
                            free &= !chosen[idx(u)];
                        }
                    }
                }
            }
            chosen[idx(*t)] = free;
        }
        // Through SG values: a move goes to an adjacent vertex of larger index.
        let sg: Vec<Vec<u32>> = graphs
            .iter()
            .map(|edges| {
                let g = GameGraph::from_moves(n, edges);
                let v = grundy_values(&g).unwrap();
                (0..n).map(|p| v.finite(p).unwrap()).collect()
            })
            .collect();
        let weight = |s: u32| {
            let base = 1_000_000_000_000_000_000u64 % MOD;
            (0..s).fold(1u64, |w, _| w * base % MOD)
        };
        let mut greedy_sum = 0;
        let mut sg_sum = 0;
        for t in &order {
            let w = weight(t[0] + t[1] + t[2]);
            let by_sg = sg[0][t[0] as usize] ^ sg[1][t[1] as usize] ^ sg[2][t[2] as usize] == 0;
            assert_eq!(chosen[idx(*t)], by_sg, "tuple {t:?}");
            if chosen[idx(*t)] {
                greedy_sum = (greedy_sum + w) % MOD;
            }
            if by_sg {
                sg_sum = (sg_sum + w) % MOD;
            }
        }
        assert_eq!(greedy_sum, sg_sum);
    }
}
