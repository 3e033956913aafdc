//! Nim and Anti-Nim: the formulas against the generic solver on every small position, and
//! huge piles by internal consistency.
//!
//! Every position is checked with 1 pile of 0..=24, 2 piles of 0..=12, 3 piles of 0..=7 and
//! 4 piles of 0..=4: the outcome, the value (normal play) and the exact set of winning moves,
//! in normal and in misère play.

use std::collections::BTreeSet;

use grundy::games::nim::{self, Nim, NimMove};
use grundy::impartial::misere::{anti_sg_move, anti_sg_wins};
use grundy::progress::NoProgress;
use grundy::rules::{explore, ExploreLimits, Explored};
use grundy::solve::{grundy_values, solve, Solution, SolveOptions};
use grundy::Outcome;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use common::all_sequences;

mod common;

/// The winning moves by the solver: every option that is a loss for the opponent.
fn solver_moves(e: &Explored<Vec<u64>>, s: &Solution, piles: &[u64]) -> BTreeSet<NimMove> {
    let mut moves = BTreeSet::new();
    for i in 0..piles.len() {
        for to in 0..piles[i] {
            let mut next = piles.to_vec();
            next[i] = to;
            if s.outcome(e.id(&next).unwrap()) == Outcome::Loss {
                moves.insert(NimMove {
                    pile: i + 1,
                    from: piles[i],
                    to,
                });
            }
        }
    }
    moves
}

const SHAPES: [(usize, u64); 5] = [(0, 0), (1, 24), (2, 12), (3, 7), (4, 4)];

#[test]
fn normal_play_matches_the_solver_on_every_small_position() {
    let mut checked = 0;
    for (count, max) in SHAPES {
        let starts = all_sequences(count, max);
        let e = explore(&Nim, starts.clone(), ExploreLimits::default(), &NoProgress).unwrap();
        let s = solve(&e.graph, &SolveOptions::default()).unwrap();
        let g = grundy_values(&e.graph).unwrap();
        for piles in &starts {
            let id = e.id(piles).unwrap();
            let answer = nim::answer(piles);
            assert_eq!(answer.outcome, s.outcome(id), "{piles:?}");
            assert_eq!(answer.value, g.finite(id).map(u64::from), "{piles:?}");
            assert_eq!(answer.winning_move_count, None);
            let listed: BTreeSet<NimMove> = answer.winning_moves.iter().copied().collect();
            assert_eq!(listed.len(), answer.winning_moves.len(), "no repeats");
            assert_eq!(listed, solver_moves(&e, &s, piles), "{piles:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 1 + 25 + 13 * 13 + 8 * 8 * 8 + 5 * 5 * 5 * 5);
}

#[test]
fn misere_play_matches_the_solver_on_every_small_position() {
    let misere = SolveOptions {
        misere: true,
        preferences: None,
    };
    for (count, max) in SHAPES {
        let starts = all_sequences(count, max);
        let e = explore(&Nim, starts.clone(), ExploreLimits::default(), &NoProgress).unwrap();
        let s = solve(&e.graph, &misere).unwrap();
        for piles in &starts {
            let answer = nim::misere_answer(piles);
            assert_eq!(answer.outcome, s.outcome(e.id(piles).unwrap()), "{piles:?}");
            assert_eq!(answer.value, None);
            let listed: BTreeSet<NimMove> = answer.winning_moves.iter().copied().collect();
            assert_eq!(listed.len(), answer.winning_moves.len(), "no repeats");
            assert_eq!(listed, solver_moves(&e, &s, piles), "{piles:?}");
            // The library's single Anti-SG move is one of them.
            if let Some((i, to)) = anti_sg_move(piles) {
                assert!(listed.contains(&NimMove {
                    pile: i + 1,
                    from: piles[i],
                    to
                }));
            }
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
