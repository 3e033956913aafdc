//! Fraenkel's r-Wythoff (CGSuite's `GenWythoff(k -> k + r)`): the formulas (P-positions,
//! partners, every winning move) against the generic solver on every position with piles up
//! to 40 for r = 1..=6, and up to 12 for r = 7..=20; the values by the mex against the solver;
//! and every value CGSuite's GameHeapTest states: the values of (10, n) for n = 0..=20 of
//! `GenWythoff(x -> x + 2)` and of Wythoff's game, the options of (10, 10), and the first 15
//! P-positions of r = 1..=5 by Fraenkel's formula as CGSuite computes them.

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Impartial, Moves};
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::wythoff_r::{
    r_answer, r_grundy_table, r_is_p_position, r_lower, r_partner, r_upper, RWythoff,
};

#[test]
fn formulas_match_solver() {
    let mut positions = 0;
    for (r, top) in (1..=6).map(|r| (r, 40u64)).chain((7..=20).map(|r| (r, 12))) {
        let game = RWythoff { r };
        let explored = explore(&game, [(top, top)], &Budget::default(), &NoProgress).unwrap();
        let graph = &explored.graph;
        let solution = solve(graph, &SolveOptions::default()).unwrap();
        let values = grundy_values(graph).unwrap();
        let table = r_grundy_table(top, r, &Budget::default()).unwrap();
        for a in 0..=top {
            for b in 0..=top {
                positions += 1;
                let id = explored.id(&(a, b)).unwrap();
                let ans = r_answer(a, b, r);
                assert_eq!(ans.outcome, solution.outcome(id), "r = {r} ({a}, {b})");
                assert_eq!(r_is_p_position(a, b, r), ans.outcome == Outcome::Loss);
                assert_eq!(
                    values.finite(id).map(u64::from),
                    Some(u64::from(table[a as usize][b as usize])),
                    "r = {r} ({a}, {b})"
                );
                let listed: BTreeSet<(u64, u64)> = ans
                    .winning_moves
                    .iter()
                    .map(|m| {
                        assert_eq!((a - m.take.0, b - m.take.1), m.to);
                        m.to
                    })
                    .collect();
                assert_eq!(listed.len(), ans.winning_moves.len(), "r = {r} ({a}, {b})");
                let solver: BTreeSet<(u64, u64)> = graph
                    .options(id)
                    .iter()
                    .filter(|&&q| solution.outcome(q) == Outcome::Loss)
                    .map(|&q| *explored.position(q))
                    .collect();
                assert_eq!(listed, solver, "r = {r} ({a}, {b})");
            }
        }
    }
    eprintln!("{positions} positions");
}

#[test]
fn p_positions_by_mex_and_partners() {
    for r in 1..=30u64 {
        // a_n: the least integer not among the earlier a's and b's; b_n = a_n + r·n.
        let mut used = BTreeSet::new();
        for n in 0..300u64 {
            let a = (0..)
                .find(|v| !used.contains(v) || (n == 0 && *v == 0))
                .unwrap();
            let b = a + r * n;
            used.insert(a);
            used.insert(b);
            assert_eq!((r_lower(n, r), r_upper(n, r)), (a, b), "r = {r}, n = {n}");
            assert_eq!(r_partner(a, r), b);
            assert_eq!(r_partner(b, r), a);
        }
    }
    // Large piles: the pair of a partner is the pile.
    for r in [1u64, 2, 7, 1 << 20] {
        for v in [1u64 << 39, (1 << 40) - 3, 987_654_321_123] {
            let p = r_partner(v, r);
            assert!(r_is_p_position(v, p, r), "r = {r}, v = {v}");
        }
    }
}

#[test]
fn cgsuite_gen_wythoff_values() {
    // GameHeapTest, "define coordinate games properly": [rs((10,n)).NimValue for n from 0 to
    // 20] and rs((10,10)).Options.Size.
    for (r, row, options) in [
        (
            1u64,
            [
                10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28,
            ],
            30,
        ),
        (
            2,
            [
                10, 11, 12, 13, 0, 14, 9, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 15, 28, 29, 30,
            ],
            48,
        ),
    ] {
        let table = r_grundy_table(20, r, &Budget::default()).unwrap();
        let got: Vec<u32> = (0..=20).map(|n| table[10][n]).collect();
        assert_eq!(got, row, "r = {r}");
        let mut out = Moves::new();
        RWythoff { r }.options(&(10, 10), &mut out);
        assert_eq!(out.len(), options, "r = {r}");
    }
    // The first 15 P-positions of r = 1..=5 by Fraenkel's formula, in floating point as
    // CGSuite's test computes them, have value 0.
    for r in 1..=5u64 {
        let rf = r as f64;
        let alpha = 0.5 * (2.0 - rf + (rf * rf + 4.0).sqrt());
        let beta = alpha + rf;
        for i in 0..15u64 {
            let (a, b) = (((i as f64) * alpha) as u64, ((i as f64) * beta) as u64);
            assert!(r_is_p_position(a, b, r), "r = {r}: ({a}, {b})");
            assert_eq!((r_lower(i, r), r_upper(i, r)), (a, b));
        }
    }
}
