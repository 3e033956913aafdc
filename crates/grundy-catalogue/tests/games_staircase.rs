//! Staircase Nim and POI2009 KAM: the closed forms against the generic solver on every small
//! position (outcome, Sprague–Grundy value, the exact set of winning moves), and internal
//! consistency for counts up to 2^64 - 1.
//!
//! Small staircases: every staircase of 0 to 4 steps with at most 4 stones per step, of 5
//! steps with at most 3, of 6 steps with at most 2, of 7 and 8 steps with at most 1. Small KAM positions: every
//! non-decreasing sequence of 0 to 4 piles with piles at most 7, and of 5 or 6 piles at most 4.

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::staircase::{
    answer, kam_answer, kam_staircase, kam_value, value, winning_moves, Kam, KamMove, NotSorted,
    Staircase, StaircaseMove,
};
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use common::all_sequences;

// The engine's test helpers, shared rather than copied.
#[path = "../../grundy/tests/common/mod.rs"]
mod common;

fn small_staircases() -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for (lengths, max) in [(0..=4, 4), (5..=5, 3), (6..=6, 2), (7..=8, 1)] {
        for len in lengths {
            all.extend(all_sequences(len, max));
        }
    }
    all
}

fn small_kam_positions() -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for (lengths, max) in [(0..=4, 7), (5..=6, 4)] {
        for len in lengths {
            all.extend(
                all_sequences(len, max)
                    .into_iter()
                    .filter(|p| p.windows(2).all(|w| w[0] <= w[1])),
            );
        }
    }
    all
}

/// The position a staircase move leads to, or `None` if it is not a move. In `u128`: the
/// stones moved onto an even step may take it past `u64::MAX` (the game has no bound).
fn apply(steps: &[u64], m: &StaircaseMove) -> Option<Vec<u128>> {
    if m.step == 0 || m.step > steps.len() || m.stones == 0 {
        return None;
    }
    let mut next: Vec<u128> = steps.iter().map(|&a| u128::from(a)).collect();
    next[m.step - 1] = next[m.step - 1].checked_sub(u128::from(m.stones))?;
    if m.step > 1 {
        next[m.step - 2] += u128::from(m.stones);
    }
    Some(next)
}

/// The XOR of the odd steps, in `u128`.
fn value_wide(steps: &[u128]) -> u128 {
    steps.iter().step_by(2).fold(0, |x, &a| x ^ a)
}

#[test]
fn staircase_formula_matches_solver_on_every_small_position() {
    let starts = small_staircases();
    assert_eq!(
        starts.len(),
        1 + 5 + 25 + 125 + 625 + 1024 + 729 + 128 + 256
    );
    let checked = against_solver(&Staircase, starts.clone(), &Budget::default()).unwrap();
    assert_eq!(checked.values, starts.len());
    let mut wins = 0;
    for steps in &starts {
        let ans = answer(steps);
        assert!(
            ans.winning_moves.windows(2).all(|w| w[0].step < w[1].step),
            "{steps:?}: by step"
        );
        wins += usize::from(ans.outcome == Outcome::Win);
    }
    assert!(wins > 0 && wins < starts.len());
}

#[test]
fn the_notes_rule_on_examples() {
    // Only the odd steps count.
    assert_eq!(value(&[1, 5, 1]), 0);
    assert_eq!(answer(&[1, 5, 1]).outcome, Outcome::Loss);
    assert_eq!(value(&[0, 7]), 0);
    assert_eq!(value(&[3, 0, 5, 9, 6]), 3 ^ 5 ^ 6);
    // From an even step, stones fall onto the odd step below to fix the XOR.
    assert_eq!(
        winning_moves(&[1, 4, 2]),
        vec![
            StaircaseMove { step: 2, stones: 1 },
            StaircaseMove { step: 3, stones: 1 },
        ]
    );
    assert_eq!(value(&[]), 0);
    assert_eq!(answer(&[]).winning_moves, vec![]);
}

/// Checks that hold at any size: legal moves, each to value 0, at most one per step, and
/// a loss iff there is none.
#[track_caller]
fn assert_staircase_consistent(steps: &[u64]) {
    let ans = answer(steps);
    let v = value(steps);
    assert_eq!(ans.value, Some(v));
    assert_eq!(ans.outcome == Outcome::Loss, v == 0, "{steps:?}");
    assert_eq!(ans.winning_moves.is_empty(), v == 0, "{steps:?}");
    for m in &ans.winning_moves {
        let next = apply(steps, m).unwrap_or_else(|| panic!("{steps:?}: illegal {m}"));
        assert_eq!(value_wide(&next), 0, "{steps:?}: {m}");
    }
    assert!(ans.winning_moves.windows(2).all(|w| w[0].step < w[1].step));
    // A winning move on an odd step exists iff that step has the top bit of v, as in Nim.
    let odd = ans.winning_moves.iter().filter(|m| m.step % 2 == 1).count();
    let top = if v == 0 { 0 } else { 63 - v.leading_zeros() };
    let expected = steps
        .iter()
        .step_by(2)
        .filter(|&&a| (a >> top) & 1 == 1)
        .count();
    assert_eq!(odd, if v == 0 { 0 } else { expected }, "{steps:?}");
}

#[test]
fn huge_staircases_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0x57a1_c05e);
    for round in 0..2000 {
        let len = rng.random_range(1..=12);
        let max = [10, 1_000_000_000_000_000_000, u64::MAX][round % 3];
        let mut steps: Vec<u64> = (0..len).map(|_| rng.random_range(0..=max)).collect();
        assert_staircase_consistent(&steps);
        // And a loss next to it: make the odd steps' XOR 0, then move away from it.
        if len >= 3 {
            steps[0] = value(&steps[2..]);
            assert_eq!(value(&steps), 0);
            assert_staircase_consistent(&steps);
        }
    }
    assert_staircase_consistent(&[u64::MAX, u64::MAX, 0, u64::MAX]);
    // Moving stones may take an even step past 2^64 - 1; the move is still described.
    for steps in [[0, u64::MAX, 1], [1, u64::MAX, u64::MAX]] {
        assert_staircase_consistent(&steps);
    }
    assert_eq!(
        winning_moves(&[0, u64::MAX, 1]),
        vec![
            StaircaseMove { step: 2, stones: 1 },
            StaircaseMove { step: 3, stones: 1 }
        ]
    );
    assert_eq!(
        winning_moves(&[1, u64::MAX, u64::MAX]),
        vec![
            StaircaseMove {
                step: 2,
                stones: u64::MAX - 1
            },
            StaircaseMove {
                step: 3,
                stones: u64::MAX - 1
            }
        ]
    );
    assert_eq!(
        winning_moves(&[u64::MAX, u64::MAX, 0, u64::MAX]),
        vec![
            StaircaseMove {
                step: 1,
                stones: u64::MAX
            },
            StaircaseMove {
                step: 4,
                stones: u64::MAX
            }
        ]
    );
}

/// The position a KAM move leads to, or `None` if it is not a move.
fn apply_kam(piles: &[u64], m: &KamMove) -> Option<Vec<u64>> {
    let i = m.pile.checked_sub(1)?;
    let floor = if i == 0 { 0 } else { piles[i - 1] };
    if i >= piles.len() || piles[i] != m.from || m.to >= m.from || m.to < floor {
        return None;
    }
    let mut next = piles.to_vec();
    next[i] = m.to;
    Some(next)
}

#[test]
fn kam_formula_matches_solver_on_every_small_position() {
    let starts = small_kam_positions();
    let explored = explore(
        &Kam,
        starts.iter().cloned(),
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    let graph = &explored.graph;
    assert_eq!(graph.position_count(), starts.len(), "closed under moves");
    let solution = solve(graph, &SolveOptions::default()).unwrap();
    let values = grundy_values(graph).unwrap();
    for piles in &starts {
        let id = explored.id(piles).unwrap();
        let ans = kam_answer(piles).unwrap();
        assert_eq!(ans.outcome, solution.outcome(id), "{piles:?}");
        assert_eq!(ans.value, values.finite(id).map(u64::from), "{piles:?}");
        assert_eq!(ans.value, Some(kam_value(piles).unwrap()));
        let solver: BTreeSet<Vec<u64>> = graph
            .options(id)
            .iter()
            .filter(|&&q| solution.outcome(q) == Outcome::Loss)
            .map(|&q| explored.position(q).clone())
            .collect();
        let formula: BTreeSet<Vec<u64>> = ans
            .winning_moves
            .iter()
            .map(|m| apply_kam(piles, m).unwrap_or_else(|| panic!("{piles:?}: illegal {m}")))
            .collect();
        assert_eq!(
            formula.len(),
            ans.winning_moves.len(),
            "{piles:?}: repeated"
        );
        assert!(ans.winning_moves.windows(2).all(|w| w[0].pile < w[1].pile));
        assert_eq!(formula, solver, "winning moves of {piles:?}");
    }
}

#[test]
fn kam_is_the_staircase_of_the_differences_from_the_last_pile() {
    // The notes' program: c_i = a_i - a_{i-1}, XOR of c_n, c_{n-2}, ...
    let notes = |a: &[u64]| {
        let n = a.len();
        let c: Vec<u64> = (0..n)
            .map(|i| a[i] - if i == 0 { 0 } else { a[i - 1] })
            .collect();
        (0..n).rev().step_by(2).fold(0, |x, i| x ^ c[i])
    };
    for piles in small_kam_positions() {
        assert_eq!(kam_value(&piles).unwrap(), notes(&piles), "{piles:?}");
    }
    assert_eq!(kam_staircase(&[2, 2, 5, 9]).unwrap(), vec![4, 3, 0, 2]);
    assert_eq!(kam_value(&[2, 2, 5, 9]).unwrap(), 4);
    assert_eq!(
        kam_answer(&[2, 2, 5, 9]).unwrap().winning_moves,
        vec![KamMove {
            pile: 4,
            from: 9,
            to: 5
        }]
    );
    // Taking from pile 1 lowers step 2 (its difference) and raises step 1 (pile 2's).
    assert_eq!(kam_staircase(&[3, 3]).unwrap(), vec![0, 3]);
    assert_eq!(kam_answer(&[3, 3]).unwrap().outcome, Outcome::Loss);
}

#[test]
fn kam_refuses_unsorted_piles() {
    let err = kam_answer(&[1, 5, 4, 9]).unwrap_err();
    assert_eq!(
        err,
        NotSorted {
            pile: 3,
            size: 4,
            previous: 5
        }
    );
    assert_eq!(
        err.to_string(),
        "the piles must be non-decreasing, and pile 3 (4) is smaller than pile 2 (5)"
    );
    assert!(kam_value(&[1, 0]).is_err());
}

#[test]
fn huge_kam_positions_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0x4a3);
    for round in 0..2000 {
        let len = rng.random_range(1..=10);
        let max = [20, 1_000_000_000_000_000_000, u64::MAX][round % 3];
        let mut piles: Vec<u64> = (0..len).map(|_| rng.random_range(0..=max)).collect();
        piles.sort_unstable();
        let ans = kam_answer(&piles).unwrap();
        let v = kam_value(&piles).unwrap();
        assert_eq!(ans.value, Some(v));
        assert_eq!(ans.winning_moves.is_empty(), v == 0);
        assert_eq!(
            ans.winning_moves.len(),
            winning_moves(&kam_staircase(&piles).unwrap()).len()
        );
        for m in &ans.winning_moves {
            let next = apply_kam(&piles, m).unwrap_or_else(|| panic!("{piles:?}: illegal {m}"));
            assert_eq!(kam_value(&next).unwrap(), 0, "{piles:?}: {m}");
        }
    }
}
