//! Nim and Anti-Nim: the formulas against the generic solver on every small position, and
//! huge piles by internal consistency.
//!
//! Every position is checked with 1 pile of 0..=24, 2 piles of 0..=12, 3 piles of 0..=7 and
//! 4 piles of 0..=4: the outcome, the value (normal play) and the exact set of winning moves,
//! in normal and in misère play.

use grundy::budget::Budget;
use grundy::impartial::misere::{anti_sg_move, anti_sg_wins};
use grundy::Outcome;
use grundy_catalogue::games::nim::{self, AntiNim, Nim, NimMove};
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use common::all_sequences;

// The engine's test helpers, shared rather than copied.
#[path = "../../grundy/tests/common/mod.rs"]
mod common;

const SHAPES: [(usize, u64); 5] = [(0, 0), (1, 24), (2, 12), (3, 7), (4, 4)];

/// Every position of each shape.
fn positions() -> Vec<Vec<u64>> {
    SHAPES
        .iter()
        .flat_map(|&(count, max)| all_sequences(count, max))
        .collect()
}

#[test]
fn normal_play_matches_the_solver_on_every_small_position() {
    let checked = against_solver(&Nim, positions(), &Budget::default()).unwrap();
    assert_eq!(
        checked.positions,
        1 + 25 + 13 * 13 + 8 * 8 * 8 + 5 * 5 * 5 * 5
    );
    assert_eq!(checked.values, checked.positions);
}

#[test]
fn misere_play_matches_the_solver_on_every_small_position() {
    against_solver(&AntiNim, positions(), &Budget::default()).unwrap();
    for piles in positions() {
        let answer = nim::misere_answer(&piles);
        assert_eq!(answer.value, None);
        // The library's single Anti-SG move is one of the winning moves.
        if let Some((i, to)) = anti_sg_move(&piles) {
            assert!(answer.winning_moves.contains(&NimMove {
                pile: i + 1,
                from: piles[i],
                to
            }));
        }
    }
}

#[test]
fn empty_position() {
    let normal = nim::answer(&[]);
    assert_eq!((normal.outcome, normal.value), (Outcome::Loss, Some(0)));
    // In misère play the player to move has won: the opponent took the last counter.
    let misere = nim::misere_answer(&[0, 0]);
    assert_eq!(misere.outcome, Outcome::Win);
    assert!(misere.winning_moves.is_empty());
}

#[test]
fn huge_piles_by_consistency() {
    let mut rng = StdRng::seed_from_u64(0x4e1d);
    for round in 0..2000 {
        let count = rng.random_range(1..=8);
        let piles: Vec<u64> = (0..count)
            .map(|_| match round % 4 {
                0 => rng.random_range(0..=3),
                1 => rng.random_range(10u64.pow(18) - 50..=10u64.pow(18) + 50),
                2 => rng.random(),
                _ => u64::MAX - rng.random_range(0..=3),
            })
            .collect();
        // Normal play: one move per pile holding the top bit of the XOR, each to XOR 0.
        let x = nim::nim_value(&piles);
        let answer = nim::answer(&piles);
        assert_eq!(answer.outcome == Outcome::Win, x != 0);
        let expected = if x == 0 {
            0
        } else {
            piles
                .iter()
                .filter(|&&a| a >> (63 - x.leading_zeros()) & 1 == 1)
                .count()
        };
        assert_eq!(answer.winning_moves.len(), expected);
        for m in &answer.winning_moves {
            assert_eq!(piles[m.pile - 1], m.from);
            assert!(m.to < m.from);
            let mut next = piles.clone();
            next[m.pile - 1] = m.to;
            assert_eq!(nim::nim_value(&next), 0);
        }
        // Misère play: every listed move leaves a loss, and a winner has one.
        let answer = nim::misere_answer(&piles);
        assert_eq!(answer.outcome == Outcome::Win, anti_sg_wins(&piles));
        let all_empty = piles.iter().all(|&a| a == 0);
        assert_eq!(
            answer.winning_moves.is_empty(),
            !anti_sg_wins(&piles) || all_empty
        );
        for m in &answer.winning_moves {
            assert!(m.to < m.from && piles[m.pile - 1] == m.from);
            let mut next = piles.clone();
            next[m.pile - 1] = m.to;
            assert!(!anti_sg_wins(&next), "{piles:?} {m}");
        }
    }
}
