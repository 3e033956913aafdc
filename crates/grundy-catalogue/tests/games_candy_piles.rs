//! Candy Piles: the diagonal walk against the generic solver on every multiset of at most 6
//! piles of at most 6 stones (outcome and the exact set of winning moves, at every position
//! reached), on random larger positions, and by internal consistency on huge piles.

use grundy::budget::Budget;
use grundy::Outcome;
use grundy_catalogue::games::candy_piles::{answer, outcome, position, CandyMove, CandyPiles};
use grundy_catalogue::games::verify::everywhere_from;
use grundy_catalogue::games::CatalogueGame;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every multiset of `count` values from `0..=max`, as non-decreasing lists.
fn multisets(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..count {
        let mut next = Vec::new();
        for m in &all {
            let from = m.last().copied().unwrap_or(0);
            for v in from..=max {
                let mut m2 = m.clone();
                m2.push(v);
                next.push(m2);
            }
        }
        all = next;
    }
    all
}

/// Checks the formula at every position reachable from `piles` against the solver, and the
/// outcome function beside the answer; returns the number of positions checked.
fn check_against_solver(piles: &[u64]) -> usize {
    let checked = everywhere_from(&CandyPiles, [position(piles)], &Budget::default()).unwrap();
    assert_eq!(outcome(piles), answer(piles).outcome);
    checked.positions
}

#[test]
fn every_multiset_of_six_piles_up_to_six_matches_the_solver() {
    // Piles of 0 stones are included: they are dropped by `position`.
    let mut positions = 0;
    let mut cases = 0;
    for count in 0..=6 {
        for piles in multisets(count, 6) {
            positions += check_against_solver(&piles);
            cases += 1;
        }
    }
    assert_eq!(cases, 1 + 7 + 28 + 84 + 210 + 462 + 924);
    assert!(positions > cases);
}

#[test]
fn random_larger_positions_match_the_solver() {
    let mut rng = StdRng::seed_from_u64(0xca9d_0001);
    for _ in 0..150 {
        let n = rng.random_range(1..=25);
        let max = rng.random_range(1..=40);
        let piles: Vec<u64> = (0..n).map(|_| rng.random_range(0..=max)).collect();
        check_against_solver(&piles);
    }
}

#[test]
fn the_order_of_the_piles_does_not_matter() {
    assert_eq!(position(&[3, 0, 5, 1, 5]), vec![5, 5, 3, 1]);
    assert_eq!(answer(&[1, 3, 2]), answer(&[3, 2, 1]));
}

#[test]
fn small_cases_by_hand() {
    // One stone: the only move takes it, and the mover loses.
    let a = answer(&[1]);
    assert_eq!(a.outcome, Outcome::Loss);
    assert!(a.winning_moves.is_empty());
    // No stone: the opponent took the last one.
    let a = answer(&[0, 0]);
    assert_eq!(a.outcome, Outcome::Win);
    assert!(a.winning_moves.is_empty());
    // Two stones in one pile: take one, the opponent must take the other.
    let a = answer(&[2]);
    assert_eq!(a.outcome, Outcome::Win);
    assert_eq!(a.winning_moves, vec![CandyMove::OneFromEach { piles: 1 }]);
    // Two piles of one: either move leaves one stone... or none.
    let a = answer(&[1, 1]);
    assert_eq!(a.outcome, Outcome::Win);
    assert_eq!(a.winning_moves, vec![CandyMove::TakeLargest { stones: 1 }]);
}

/// The options of a position given largest first.
fn options(p: &[u64]) -> [Vec<u64>; 2] {
    [
        p[1..].to_vec(),
        p.iter().filter(|&&x| x > 1).map(|&x| x - 1).collect(),
    ]
}

#[test]
fn huge_piles_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0xca9d_0002);
    for round in 0..300 {
        let n = rng.random_range(1..=if round < 200 { 50 } else { 2000 });
        let piles: Vec<u64> = (0..n)
            .map(|_| match rng.random_range(0..4) {
                0 => u64::MAX - rng.random_range(0..3),
                1 => 1_000_000_000_000_000_000 + rng.random_range(0..5),
                2 => rng.random_range(1..=1_000_000_000),
                _ => rng.random_range(1..=5),
            })
            .collect();
        let p = position(&piles);
        let a = answer(&piles);
        // The answer (from the options' walks) agrees with the walk from the start.
        assert_eq!(a.outcome, outcome(&piles), "{piles:?}");
        for m in &a.winning_moves {
            let next = CandyPiles.play(&p, m).expect("a legal move");
            assert_eq!(outcome(&next), Outcome::Loss, "{piles:?} {m}");
        }
        if a.outcome == Outcome::Loss {
            for q in options(&p) {
                assert_eq!(outcome(&q), Outcome::Win, "{piles:?}");
            }
        }
    }
}

#[test]
fn a_hundred_thousand_piles_of_up_to_ten_to_the_ninth() {
    let mut rng = StdRng::seed_from_u64(0xca9d_0003);
    let piles: Vec<u64> = (0..100_000)
        .map(|_| rng.random_range(1..=1_000_000_000))
        .collect();
    let a = answer(&piles);
    assert_eq!(a.outcome, outcome(&piles));
    // A staircase 1, 2, ..., n: the walk goes half way up the diagonal.
    let stairs: Vec<u64> = (1..=100_000).collect();
    let a = answer(&stairs);
    assert_eq!(a.outcome, outcome(&stairs));
}

#[test]
fn moves_print_in_words() {
    assert_eq!(
        CandyMove::TakeLargest { stones: 7 }.to_string(),
        "take a largest pile (7 stones)"
    );
    assert_eq!(
        CandyMove::OneFromEach { piles: 3 }.to_string(),
        "take one stone from each of the 3 non-empty piles"
    );
    assert_eq!(
        CandyMove::OneFromEach { piles: 1 }.to_string(),
        "take one stone from the only non-empty pile"
    );
    assert_eq!(
        serde_json::to_string(&CandyMove::TakeLargest { stones: 7 }).unwrap(),
        r#"{"move":"take_largest","stones":7}"#
    );
}
