//! Fibonacci Nim and its misère form (「SNOI2020」取石子): the closed forms against the generic
//! solver on every small position, and internal consistency for huge piles.

use std::collections::HashMap;

use grundy::budget::Budget;
use grundy::math::zeckendorf::{is_fibonacci, smallest_term, zeckendorf, FIBONACCI};
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::dynamic_subtraction::{LosingSizes, Ratio};
use grundy_catalogue::games::fibonacci::{
    self, answer, misere_losses_up_to, misere_wins, start_answer, winning_moves, wins,
    FibonacciNim, MisereFibonacciNim,
};
use grundy_catalogue::games::limited::LimitedPile as Position;
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Piles up to this are solved by the generic solver, with every limit.
const MAX_PILE: u64 = 150;

/// Every position with a pile up to MAX_PILE and a limit from `min_limit` to the pile.
fn positions(min_limit: u64) -> Vec<Position> {
    (0..=MAX_PILE)
        .flat_map(|pile| (min_limit.min(pile)..=pile).map(move |limit| Position { pile, limit }))
        .collect()
}

/// The solver's outcome and winning takes of every position (pile ≤ MAX_PILE, every limit from
/// `min_limit` to the pile), in normal or misère play.
fn solved(misere: bool, min_limit: u64) -> Vec<(Position, Outcome, Vec<u64>)> {
    let starts = positions(min_limit);
    let explored = explore(
        &FibonacciNim,
        starts.iter().copied(),
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    let solution = solve(
        &explored.graph,
        &SolveOptions {
            misere,
            ..Default::default()
        },
    )
    .unwrap();
    starts
        .iter()
        .map(|&p| {
            let id = explored.id(&p).unwrap();
            let mut takes: Vec<u64> = explored
                .graph
                .options(id)
                .iter()
                .filter(|&&q| solution.outcome(q) == Outcome::Loss)
                .map(|&q| p.pile - explored.position(q).pile)
                .collect();
            takes.sort_unstable();
            (p, solution.outcome(id), takes)
        })
        .collect()
}

/// Every position with a pile up to 150 and every limit: outcome and the exact set of winning
/// takes against the generic solver, listed in increasing order, each leaving the opponent
/// twice the take.
#[test]
fn every_small_position_matches_the_solver() {
    let checked = against_solver(&FibonacciNim, positions(0), &Budget::default()).unwrap();
    assert_eq!(checked.positions, positions(0).len());
    for p in positions(0) {
        let a = answer(p.pile, p.limit);
        assert_eq!(wins(p.pile, p.limit), a.outcome == Outcome::Win, "{p:?}");
        assert!(a.winning_moves.windows(2).all(|w| w[0].take < w[1].take));
        assert!(a.winning_moves.iter().all(|m| m.limit == 2 * m.take));
    }
}

/// The notes' theorem: from the start (any take but the whole pile) the first player loses iff
/// the pile is a Fibonacci number; the least winning first move is the smallest Zeckendorf term.
#[test]
fn the_first_player_loses_exactly_on_fibonacci_numbers() {
    for (p, outcome, takes) in solved(false, 0) {
        if p != fibonacci::start(p.pile) {
            continue;
        }
        let fibonacci_or_empty = p.pile == 0 || is_fibonacci(p.pile);
        assert_eq!(outcome == Outcome::Loss, fibonacci_or_empty, "{p:?}");
        assert_eq!(start_answer(p.pile).outcome, outcome);
        if outcome == Outcome::Win {
            assert_eq!(takes[0], smallest_term(p.pile).unwrap());
        }
    }
}

/// The misère game (who takes the last counter loses) on every small position with a limit of
/// at least 1, against the solver in misère play.
#[test]
fn every_small_misere_position_matches_the_solver() {
    // Every limit is at least 1, but on the empty pile.
    let game_positions = positions(1)
        .into_iter()
        .filter(|p| p.pile == 0 || p.limit > 0);
    against_solver(&MisereFibonacciNim, game_positions, &Budget::default()).unwrap();
    for p in positions(1) {
        assert_eq!(
            misere_wins(p.pile, p.limit),
            fibonacci::misere_answer(p.pile, p.limit).outcome == Outcome::Win,
            "{p:?}"
        );
    }
}

/// 「SNOI2020」取石子: the number of P-positions among the starts 1..=m with first limit k,
/// against the solver for k, m ≤ 150, and against a direct count up to 3000.
#[test]
fn misere_counts_match_the_solver_and_a_direct_count() {
    let outcomes: HashMap<Position, Outcome> = solved(true, 1)
        .into_iter()
        .map(|(p, o, _)| (p, o))
        .collect();
    let loses = |n: u64, k: u64| outcomes[&Position::new(n, u128::from(k))] == Outcome::Loss;
    for k in 1..=MAX_PILE {
        let mut count = 0;
        for m in 1..=MAX_PILE {
            count += u64::from(loses(m, k));
            assert_eq!(misere_losses_up_to(k, m), count, "k = {k}, m = {m}");
        }
    }
    for k in 1..=200u64 {
        let mut count = 0;
        assert_eq!(misere_losses_up_to(k, 0), 0);
        for m in 1..=3000u64 {
            count += u64::from(!misere_wins(m, k));
            assert_eq!(misere_losses_up_to(k, m), count, "k = {k}, m = {m}");
        }
    }
}

/// Huge k and m: each count differs from the one below by whether m is a P-position, counts
/// grow with m and fall with k, and the extremes are right.
#[test]
fn misere_counts_are_consistent_for_huge_parameters() {
    let mut rng = StdRng::seed_from_u64(0xf1b0_0002);
    for _ in 0..20_000 {
        let m = rng.random_range(2..=u64::MAX);
        let k = match rng.random_range(0..3) {
            0 => rng.random_range(1..=100),
            1 => rng.random_range(1..=1_000_000_000_000_000_000),
            _ => FIBONACCI[rng.random_range(0..FIBONACCI.len())] - rng.random_range(0..2),
        }
        .max(1);
        let here = misere_losses_up_to(k, m);
        let below = misere_losses_up_to(k, m - 1);
        assert_eq!(
            here - below,
            u64::from(!misere_wins(m, k)),
            "k = {k}, m = {m}"
        );
        assert!(misere_losses_up_to(k.saturating_add(1), m) <= here);
        assert!(here <= m);
    }
    // With k at least m − 1 the first player takes all but one counter: only n = 1 loses.
    assert_eq!(misere_losses_up_to(u64::MAX, u64::MAX), 1);
    // With k = 1 the P-positions are n = 1 and n = x + 1 with x's smallest term at least 2:
    // x = 2, 3, 5, 5 + 2, 8, so n = 1, 3, 4, 6, 8, 9 up to 10.
    assert_eq!(misere_losses_up_to(1, 10), 6);
}

/// Huge piles: every listed winning move leaves a position the formula calls a loss, a losing
/// position has no winning take among many tried, and the representation is consistent.
#[test]
fn huge_piles_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0xf1b0_0003);
    for _ in 0..5_000 {
        let pile = match rng.random_range(0..3) {
            0 => rng.random_range(1_000_000_000_000_000_000..=u64::MAX),
            1 => FIBONACCI[rng.random_range(60..FIBONACCI.len())],
            _ => rng.random::<u64>(),
        };
        let limit = match rng.random_range(0..3) {
            0 => pile - 1,
            1 => rng.random_range(1..=1000),
            _ => rng.random_range(1..=pile),
        };
        let moves = winning_moves(pile, limit);
        assert_eq!(!moves.is_empty(), wins(pile, limit));
        for m in &moves {
            assert!(m.take <= limit);
            assert!(!wins(m.pile, m.limit), "{pile} {limit}: {m:?}");
        }
        if moves.is_empty() {
            let tries = (1..=limit.min(200)).chain((0..200).map(|_| rng.random_range(1..=limit)));
            for t in tries {
                assert!(
                    wins(pile - t, t.saturating_mul(2)),
                    "{pile} {limit}: take {t}"
                );
            }
        }
    }
    assert_eq!(
        start_answer(12_200_160_415_121_876_738).outcome,
        Outcome::Loss
    );
    assert_eq!(
        start_answer(1_000_000_000_000_000_000).outcome,
        Outcome::Win
    );
}

/// Fibonacci Nim is the dynamic subtraction game with k = 2: the generated set N is the
/// Fibonacci numbers, and the answers agree.
#[test]
fn fibonacci_nim_is_dynamic_subtraction_with_k_2() {
    let sizes = LosingSizes::up_to(Ratio::integer(2), u64::MAX).unwrap();
    assert_eq!(sizes.iter().collect::<Vec<_>>(), FIBONACCI.to_vec());
    let mut rng = StdRng::seed_from_u64(0xf1b0_0004);
    for _ in 0..5_000 {
        let pile = rng.random::<u64>() >> rng.random_range(0..64);
        let limit = rng.random_range(0..=pile);
        assert_eq!(sizes.representation(pile), zeckendorf(pile));
        let ours: Vec<(u64, u64)> = winning_moves(pile, limit)
            .iter()
            .map(|m| (m.take, m.pile))
            .collect();
        let theirs: Vec<(u64, u64)> = sizes
            .winning_moves(pile, limit)
            .iter()
            .map(|m| (m.take, m.pile))
            .collect();
        assert_eq!(ours, theirs);
    }
}
