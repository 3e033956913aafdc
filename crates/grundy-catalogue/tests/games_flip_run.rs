//! The flipping game (取反游戏): the closed form against the generic solver on every small
//! position (outcome, Sprague–Grundy value, the exact set of winning moves): every sequence
//! of 0 to 4 entries in 0..=3, of 5 entries in 0..=2, and of 6 entries in 0..=1. Then the
//! notes' own test (on the differences of parities) against the value, on those positions and
//! on random long ones, and internal consistency for entries up to 2^64 - 1.

use grundy::budget::Budget;
use grundy::Outcome;
use grundy_catalogue::games::flip_run::{answer, value, winning_moves, FlipRun, FlipRunMove};
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use common::all_sequences;

// The engine's test helpers, shared rather than copied.
#[path = "../../grundy/tests/common/mod.rs"]
mod common;

fn small_positions() -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for (lengths, max) in [(0..=4, 3), (5..=5, 2), (6..=6, 1)] {
        for len in lengths {
            all.extend(all_sequences(len, max));
        }
    }
    all
}

/// The position a move leads to (entries in `u128`, so that nothing overflows), or `None`
/// if it is not a move.
fn apply(a: &[u64], m: &FlipRunMove) -> Option<Vec<u128>> {
    let i = m.index.checked_sub(1)?;
    if i >= a.len() || a[i] == 0 || i + m.run >= a.len() {
        return None;
    }
    let mut next: Vec<u128> = a.iter().map(|&x| u128::from(x)).collect();
    next[i] -= 1;
    for x in &mut next[i + 1..=i + m.run] {
        *x += 1;
    }
    Some(next)
}

/// The value by the formula, on `u128` entries.
fn value_wide(a: &[u128]) -> u64 {
    let narrowed: Vec<u64> = a.iter().map(|&x| (x % 2) as u64).collect();
    value(&narrowed)
}

#[test]
fn formula_matches_solver_on_every_small_position() {
    let starts = small_positions();
    let checked = against_solver(&FlipRun, starts.clone(), &Budget::default()).unwrap();
    assert_eq!(checked.values, starts.len());
    let mut wins = 0;
    for a in &starts {
        let ans = answer(a);
        assert!(ans
            .winning_moves
            .windows(2)
            .all(|w| w[0].index < w[1].index));
        wins += usize::from(ans.outcome == Outcome::Win);
    }
    assert!(wins > 0 && wins < starts.len());
}

/// The notes' number: with the parities p_i (p_0 = 0) and b_i = p_i ⊕ p_{i-1}, the XOR of
/// n + 1 - i over the i with b_i = 1.
fn notes_number(a: &[u64]) -> u64 {
    let n = a.len() as u64;
    let mut previous = 0;
    let mut x = 0;
    for (i, &ai) in a.iter().enumerate() {
        let p = ai % 2;
        if p != previous {
            x ^= n - i as u64;
        }
        previous = p;
    }
    x
}

/// The linear map 2^j -> 2^(j+1) - 1 (one to one on the integers as bit vectors).
fn spread(v: u64) -> u64 {
    (0..64)
        .filter(|j| (v >> j) & 1 == 1)
        .fold(0, |x, j| x ^ (u64::MAX >> (63 - j)))
}

#[test]
fn the_notes_test_decides_the_winner_but_is_not_the_value() {
    let mut differs = 0;
    for a in small_positions() {
        let v = value(&a);
        assert_eq!(notes_number(&a), spread(v), "{a:?}");
        assert_eq!(notes_number(&a) == 0, v == 0, "{a:?}");
        differs += usize::from(notes_number(&a) != v);
    }
    assert!(differs > 0);
    // (1, 0): b = (1, 1), so the notes' number is 2 ⊕ 1 = 3; the value is lowbit(2) = 2.
    assert_eq!(notes_number(&[1, 0]), 3);
    assert_eq!(value(&[1, 0]), 2);
    let mut rng = StdRng::seed_from_u64(0xf11b);
    for _ in 0..2000 {
        let len = rng.random_range(1..=300);
        let a: Vec<u64> = (0..len).map(|_| rng.random_range(0..=1)).collect();
        assert_eq!(notes_number(&a), spread(value(&a)), "{a:?}");
    }
}

#[test]
fn values_of_single_units_are_the_ruler_sequence() {
    // One unit at distance m from the end: lowbit(m) = 1, 2, 1, 4, 1, 2, 1, 8, ...
    let ruler: Vec<u64> = (1..=8)
        .map(|m| {
            let mut a = vec![0; 8];
            a[8 - m] = 1;
            value(&a)
        })
        .collect();
    assert_eq!(ruler, vec![1, 2, 1, 4, 1, 2, 1, 8]);
    // Only parities count.
    assert_eq!(value(&[3, 4, 5]), value(&[1, 0, 1]));
    assert_eq!(value(&[1, 0, 1]), 0);
    assert_eq!(answer(&[]).outcome, Outcome::Loss);
}

#[test]
fn long_and_huge_positions_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0x5eed_f11b);
    for round in 0..1500 {
        let len = rng.random_range(1..=[8, 100, 400][round % 3]);
        let max = [3, 1_000_000_000_000_000_000, u64::MAX][rng.random_range(0..3)];
        let a: Vec<u64> = (0..len).map(|_| rng.random_range(0..=max)).collect();
        let ans = answer(&a);
        let v = value(&a);
        assert_eq!(ans.value, Some(v));
        assert_eq!(ans.outcome == Outcome::Loss, v == 0);
        assert_eq!(ans.winning_moves.is_empty(), v == 0);
        assert!(ans.winning_moves.len() <= a.len());
        assert_eq!(ans.winning_moves, winning_moves(&a));
        for m in &ans.winning_moves {
            let next = apply(&a, m).unwrap_or_else(|| panic!("illegal {m}"));
            assert_eq!(value_wide(&next), 0, "{m}");
        }
    }
    // A long sequence: its first and last winning moves.
    let a: Vec<u64> = (0..200_000).map(|_| rng.random()).collect();
    let ans = answer(&a);
    assert_ne!(ans.value, Some(0), "a random long sequence is a win");
    let ends = [ans.winning_moves.first(), ans.winning_moves.last()];
    for m in ends.into_iter().flatten() {
        assert_eq!(value_wide(&apply(&a, m).unwrap()), 0, "{m}");
    }
    let a = vec![u64::MAX; 7];
    let ans = answer(&a);
    assert_eq!(ans.value, Some(1 ^ 2 ^ 1 ^ 4 ^ 1 ^ 2 ^ 1));
    for m in &ans.winning_moves {
        assert_eq!(value_wide(&apply(&a, m).unwrap()), 0, "{m}");
    }
}
