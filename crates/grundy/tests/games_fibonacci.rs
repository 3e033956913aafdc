//! Fibonacci Nim and its misère form (「SNOI2020」取石子): the closed forms against the generic
//! solver on every small position, and internal consistency for huge piles.

use std::collections::HashMap;

use grundy::games::dynamic_subtraction::{LosingSizes, Ratio};
use grundy::games::fibonacci::{
    answer, misere_answer, misere_losses_up_to, misere_wins, start_answer, winning_moves, wins,
    FibonacciNim, Position,
};
use grundy::math::zeckendorf::{is_fibonacci, smallest_term, zeckendorf, FIBONACCI};
use grundy::progress::NoProgress;
use grundy::rules::{explore, ExploreLimits};
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Piles up to this are solved by the generic solver, with every limit.
const MAX_PILE: u64 = 150;

/// The solver's outcome and winning takes of every position (pile ≤ MAX_PILE, every limit from
/// `min_limit` to the pile), in normal or misère play.
fn solved(misere: bool, min_limit: u64) -> Vec<(Position, Outcome, Vec<u64>)> {
    let starts: Vec<Position> = (0..=MAX_PILE)
        .flat_map(|pile| (min_limit.min(pile)..=pile).map(move |limit| Position { pile, limit }))
        .collect();
    let explored = explore(
        &FibonacciNim,
        starts.iter().copied(),
        ExploreLimits::default(),
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

#[test]
fn the_table_holds_every_fibonacci_number_of_64_bits() {
    assert_eq!(&FIBONACCI[..6], &[1, 2, 3, 5, 8, 13]);
    assert_eq!(FIBONACCI[FIBONACCI.len() - 1], 12_200_160_415_121_876_738);
    for w in FIBONACCI.windows(3) {
        assert_eq!(w[2], w[1] + w[0]);
    }
    let last = FIBONACCI.len() - 1;
    assert!(FIBONACCI[last].checked_add(FIBONACCI[last - 1]).is_none());
    assert!(is_fibonacci(FIBONACCI[last]) && !is_fibonacci(FIBONACCI[last] + 1));
    assert!(!is_fibonacci(0) && !is_fibonacci(u64::MAX));
}

#[test]
fn zeckendorf_representations_are_sums_of_non_consecutive_fibonacci_numbers() {
    let index = |f: u64| FIBONACCI.iter().position(|&x| x == f).unwrap();
    let mut rng = StdRng::seed_from_u64(0xf1b0_0001);
    let samples = (0..=20_000u64).chain((0..20_000).map(|_| rng.random::<u64>()));
    for n in samples.chain([u64::MAX, 1_000_000_000_000_000_000]) {
        let terms = zeckendorf(n);
        assert_eq!(
            terms.iter().map(|&t| u128::from(t)).sum::<u128>(),
            u128::from(n)
        );
        for w in terms.windows(2) {
            assert!(index(w[0]) >= index(w[1]) + 2, "{n}: {terms:?}");
        }
        assert_eq!(is_fibonacci(n), terms.len() == 1);
        assert_eq!(smallest_term(n), terms.last().copied());
    }
}

/// Every position with a pile up to 150 and every limit: outcome, value and the exact set of
/// winning takes, against the generic solver.
#[test]
fn every_small_position_matches_the_solver() {
    for (p, outcome, takes) in solved(false, 0) {
        let a = answer(p.pile, p.limit);
        assert_eq!(a.outcome, outcome, "{p:?}");
        assert_eq!(wins(p.pile, p.limit), outcome == Outcome::Win, "{p:?}");
        assert_eq!(a.value, None);
        assert_eq!(a.winning_move_count, None);
        let listed: Vec<u64> = a.winning_moves.iter().map(|m| m.take).collect();
        assert_eq!(listed, takes, "{p:?}");
        for m in &a.winning_moves {
            assert_eq!(m.pile, p.pile - m.take);
            assert_eq!(m.limit, 2 * m.take);
        }
    }
}

/// The notes' theorem: from the start (any take but the whole pile) the first player loses iff
/// the pile is a Fibonacci number; the least winning first move is the smallest Zeckendorf term.
#[test]
fn the_first_player_loses_exactly_on_fibonacci_numbers() {
    for (p, outcome, takes) in solved(false, 0) {
        if p != Position::start(p.pile) {
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
    for (p, outcome, takes) in solved(true, 1) {
        if p.pile > 0 && p.limit == 0 {
            continue; // not a position of the game: every limit is at least 1
        }
        let a = misere_answer(p.pile, p.limit);
        assert_eq!(a.outcome, outcome, "{p:?}");
        assert_eq!(
            misere_wins(p.pile, p.limit),
            outcome == Outcome::Win,
            "{p:?}"
        );
        let listed: Vec<u64> = a.winning_moves.iter().map(|m| m.take).collect();
        assert_eq!(listed, takes, "{p:?}");
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
    let loses = |n: u64, k: u64| outcomes[&Position::new(n, k)] == Outcome::Loss;
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
