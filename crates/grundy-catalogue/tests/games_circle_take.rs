//! Taking consecutive stones from a circle: the closed form against the generic solver for
//! every circle of n ≤ 24 stones and every k from 1 to n + 1 (outcome, Sprague–Grundy value,
//! the exact set of winning first moves), the value m of a row of m ≤ k stones that the
//! proof uses, and the formula at sizes up to 2^64 - 1.

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::circle_take::{
    answer, value, CircleMove, CirclePosition, CircleTake, ZeroK,
};

/// Circles up to this many stones are solved.
const SMALL: u64 = 24;

#[test]
fn formula_matches_solver_on_every_small_circle() {
    for k in 1..=SMALL + 1 {
        let starts: Vec<CirclePosition> = (0..=SMALL).map(CirclePosition::Circle).collect();
        let explored = explore(&CircleTake { k }, starts, &Budget::default(), &NoProgress).unwrap();
        let graph = &explored.graph;
        let solution = solve(graph, &SolveOptions::default()).unwrap();
        let values = grundy_values(graph).unwrap();
        for n in 0..=SMALL {
            let id = explored.id(&CirclePosition::Circle(n)).unwrap();
            let ans = answer(n, k).unwrap();
            assert_eq!(ans.outcome, solution.outcome(id), "n = {n}, k = {k}");
            assert_eq!(
                ans.value,
                values.finite(id).map(u64::from),
                "n = {n}, k = {k}"
            );
            assert_eq!(ans.value, Some(value(n, k).unwrap()));
            let solver: BTreeSet<u64> = (1..=k.min(n))
                .filter(|&take| {
                    let q = explored.id(&CirclePosition::rows(vec![n - take])).unwrap();
                    solution.outcome(q) == Outcome::Loss
                })
                .collect();
            let formula: BTreeSet<u64> = ans.winning_moves.iter().map(|m| m.take).collect();
            for m in &ans.winning_moves {
                assert_eq!(m.take + m.leaves, n);
                assert!(m.take >= 1 && m.take <= k);
            }
            assert_eq!(formula.len(), ans.winning_moves.len());
            assert_eq!(formula, solver, "n = {n}, k = {k}");
        }
        // The proof's lemma: a row of m ≤ k stones has value m.
        for m in 0..=k.min(SMALL - 1) {
            let id = explored.id(&CirclePosition::rows(vec![m])).unwrap();
            assert_eq!(values.finite(id), Some(m as u32), "row of {m}, k = {k}");
        }
    }
}

#[test]
fn the_notes_cases() {
    // k = 1: parity.
    assert_eq!(answer(7, 1).unwrap().outcome, Outcome::Win);
    assert_eq!(answer(8, 1).unwrap().outcome, Outcome::Loss);
    assert_eq!(
        answer(7, 1).unwrap().winning_moves,
        vec![CircleMove { take: 1, leaves: 6 }]
    );
    // n ≤ k: take everything.
    assert_eq!(
        answer(5, 6).unwrap().winning_moves,
        vec![CircleMove { take: 5, leaves: 0 }]
    );
    assert_eq!(value(5, 6), Ok(5));
    // n > k ≥ 2: the second player mirrors.
    assert_eq!(answer(7, 6).unwrap().outcome, Outcome::Loss);
    assert_eq!(answer(3, 2).unwrap().value, Some(0));
    // No stones: no move.
    assert_eq!(answer(0, 1).unwrap().outcome, Outcome::Loss);
    assert_eq!(answer(0, 5).unwrap().value, Some(0));
    assert_eq!(answer(4, 0), Err(ZeroK));
    assert_eq!(value(0, 0), Err(ZeroK));
}

#[test]
fn huge_circles() {
    const E18: u64 = 1_000_000_000_000_000_000;
    let max = u64::MAX;
    for (n, k, v, take) in [
        (E18, E18, E18, Some(E18)),
        (E18, E18 - 1, 0, None),
        (max, max, max, Some(max)),
        (max, 1, 1, Some(1)),
        (max - 1, 1, 0, None),
        (max, 2, 0, None),
        (E18 + 1, 1, 1, Some(1)),
        (2, max, 2, Some(2)),
    ] {
        let ans = answer(n, k).unwrap();
        assert_eq!(ans.value, Some(v), "n = {n}, k = {k}");
        assert_eq!(ans.outcome == Outcome::Win, v != 0);
        let moves: Vec<u64> = ans.winning_moves.iter().map(|m| m.take).collect();
        assert_eq!(
            moves,
            take.into_iter().collect::<Vec<_>>(),
            "n = {n}, k = {k}"
        );
        for m in &ans.winning_moves {
            assert_eq!(m.leaves, n - m.take);
            // What is left is a loss for the opponent: nothing, or (k = 1) an even row.
            assert!(m.leaves == 0 || (k == 1 && m.leaves % 2 == 0));
        }
    }
}
