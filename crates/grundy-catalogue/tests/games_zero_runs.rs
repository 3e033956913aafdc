//! Deleting runs of zeros: the closed form against the generic solver on every 0/1 string of
//! length at most 12 (outcome, Sprague–Grundy value, the exact set of winning moves as
//! (start, length)), and internal consistency on long random strings, with the listing cut
//! at `LISTED_MOVES`.

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::zero_runs::{
    answer, value, NotBinary, ZeroRunMove, ZeroRuns, LISTED_MOVES,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Strings up to this length are solved.
const SMALL: usize = 12;

/// The string a move leaves, or `None` if it is not a move (out of range, or not all 0s).
fn apply(s: &str, m: &ZeroRunMove) -> Option<String> {
    let start = m.start.checked_sub(1)?;
    let end = start.checked_add(m.length)?;
    if m.length == 0 || end > s.len() || s.as_bytes()[start..end].iter().any(|&c| c != b'0') {
        return None;
    }
    Some(format!("{}{}", &s[..start], &s[end..]))
}

/// Every move of a string.
fn all_moves(s: &str) -> Vec<ZeroRunMove> {
    let mut moves = Vec::new();
    for start in 1..=s.len() {
        for length in 1..=s.len() + 1 - start {
            let m = ZeroRunMove { start, length };
            if apply(s, &m).is_some() {
                moves.push(m);
            }
        }
    }
    moves
}

fn all_strings() -> Vec<String> {
    let mut all = Vec::new();
    for len in 0..=SMALL {
        for bits in 0u32..1 << len {
            all.push(
                (0..len)
                    .map(|i| if (bits >> i) & 1 == 1 { '1' } else { '0' })
                    .collect(),
            );
        }
    }
    all
}

#[test]
fn formula_matches_solver_on_every_short_string() {
    let starts = all_strings();
    assert_eq!(starts.len(), (1 << (SMALL + 1)) - 1);
    let explored = explore(
        &ZeroRuns,
        starts.iter().cloned(),
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    let graph = &explored.graph;
    assert_eq!(graph.position_count(), starts.len(), "closed under moves");
    let solution = solve(graph, &SolveOptions::default()).unwrap();
    let values = grundy_values(graph).unwrap();
    for s in &starts {
        let id = explored.id(s).unwrap();
        let ans = answer(s).unwrap();
        assert_eq!(ans.outcome, solution.outcome(id), "{s}");
        assert_eq!(ans.value, values.finite(id).map(u64::from), "{s}");
        assert_eq!(ans.value, Some(value(s).unwrap()));
        assert_eq!(ans.winning_move_count, None);
        let solver: BTreeSet<ZeroRunMove> = all_moves(s)
            .into_iter()
            .filter(|m| {
                let next = explored.id(&apply(s, m).unwrap()).unwrap();
                solution.outcome(next) == Outcome::Loss
            })
            .collect();
        let formula: BTreeSet<ZeroRunMove> = ans.winning_moves.iter().copied().collect();
        assert_eq!(formula.len(), ans.winning_moves.len(), "{s}: repeated");
        assert!(ans.winning_moves.windows(2).all(|w| w[0] < w[1]), "{s}");
        assert_eq!(formula, solver, "winning moves of {s:?}");
    }
}

#[test]
fn examples_and_errors() {
    // Runs 2 and 3: value 1; the run of 3 loses one 0 (anywhere in it).
    let ans = answer("0010001").unwrap();
    assert_eq!(ans.value, Some(1));
    assert_eq!(
        ans.winning_moves,
        vec![
            ZeroRunMove {
                start: 4,
                length: 1
            },
            ZeroRunMove {
                start: 5,
                length: 1
            },
            ZeroRunMove {
                start: 6,
                length: 1
            },
        ]
    );
    assert_eq!(answer("0101").unwrap().outcome, Outcome::Loss);
    assert_eq!(answer("111").unwrap().value, Some(0));
    assert_eq!(answer("").unwrap().outcome, Outcome::Loss);
    let err = answer("0102").unwrap_err();
    assert_eq!(
        err,
        NotBinary {
            position: 4,
            found: '2'
        }
    );
    assert_eq!(
        err.to_string(),
        "the string must be made of 0s and 1s (or t and h), and character 4 is '2'"
    );
    assert!(value("00é").is_err());
}

#[test]
fn long_strings_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0x2e40);
    for round in 0..300 {
        let len = rng.random_range(0..=[50, 2000, 20_000][round % 3]);
        let ones = rng.random_range(0.0..0.5);
        let s: String = (0..len)
            .map(|_| if rng.random_bool(ones) { '1' } else { '0' })
            .collect();
        let ans = answer(&s).unwrap();
        let v = value(&s).unwrap();
        assert_eq!(ans.value, Some(v));
        assert_eq!(ans.outcome == Outcome::Loss, v == 0);
        let total = ans
            .winning_move_count
            .unwrap_or(ans.winning_moves.len() as u128);
        assert!(total <= len as u128);
        assert_eq!(
            ans.winning_moves.len() as u128,
            total.min(LISTED_MOVES as u128)
        );
        assert_eq!(
            ans.winning_move_count.is_some(),
            total > LISTED_MOVES as u128
        );
        for m in ans.winning_moves.iter().take(50) {
            let next = apply(&s, m).unwrap_or_else(|| panic!("illegal {m}"));
            assert_eq!(value(&next).unwrap(), 0, "{m}");
        }
    }
    // Runs of 3000 and 2500: the run of 3000 must become 2500, from any of 2501 starts.
    let s = format!("{}1{}", "0".repeat(3000), "0".repeat(2500));
    let ans = answer(&s).unwrap();
    assert_eq!(ans.winning_move_count, Some(2501));
    assert_eq!(ans.winning_moves.len(), LISTED_MOVES);
    assert_eq!(
        ans.winning_moves[0],
        ZeroRunMove {
            start: 1,
            length: 500
        }
    );
}
