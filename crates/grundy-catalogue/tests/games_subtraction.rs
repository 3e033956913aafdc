//! Subtraction games: the closed forms and the proven periodic tables against the generic
//! solver on every small position, and huge piles by internal consistency.
//!
//! Ranges checked against the solver (value, outcome and the exact set of winning moves, for
//! every pile of 0..=300):
//! - finite sets: every non-empty subset of {1..8} (all 255), and 150 random sets of 1 to 6
//!   amounts from {1..40};
//! - take 1 to k, k in 1..=20; take l to r, 1 ≤ l ≤ r ≤ 20; any amount except l, l in 1..=20;
//! - sums of two piles of 0..=20 and three piles of 0..=8 for a dozen rules.
//!
//! The periodic tables are also checked independently of the library's search: the values by
//! plain mex up to two periods past the preperiod and beyond, the least preperiod and the
//! least period (no proper divisor of the period is one).

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::Outcome;
use grundy_catalogue::games::subtraction::{
    Periodic, Rule, Subtraction, SubtractionError, LISTED_MOVES,
};
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const MAX_N: u64 = 300;

/// One pile: value, outcome and winning amounts against the solver, for every n ≤ 300; the
/// amounts listed in increasing order.
fn check_single_piles(rule: &Rule) {
    let game = Subtraction::new(rule.clone()).unwrap();
    let piles = (0..=MAX_N).map(|n| vec![n]);
    let checked = against_solver(&game, piles, &Budget::default()).unwrap();
    assert_eq!(checked.values, MAX_N as usize + 1, "{rule}");
    for n in 0..=MAX_N {
        let listed: Vec<u64> = game
            .answer(&[n])
            .winning_moves
            .iter()
            .map(|m| m.take)
            .collect();
        assert!(listed.windows(2).all(|w| w[0] < w[1]), "{rule}: sorted");
    }
}

/// Values by the definition: g(n) = mex{g(n - s) : s ∈ set, s ≤ n}.
fn plain_values(set: &[u64], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let seen: BTreeSet<u64> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize])
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The table against plain mex: values, least preperiod, least period.
fn check_periodic(set: &[u64]) -> Periodic {
    let p = Periodic::find(set, 1 << 20).unwrap();
    let (pre, period) = (p.preperiod() as usize, p.period() as usize);
    let m = *set.iter().max().unwrap() as usize;
    let len = pre + 2 * period + m + MAX_N as usize;
    let g = plain_values(set, len);
    assert_eq!(p.values().len(), pre + period);
    for (n, &v) in g.iter().enumerate() {
        assert_eq!(p.value(n as u64), v, "{set:?}: g({n})");
    }
    // Periodic from `pre`: the window of m values at `pre` comes back at `pre + period`, and
    // the next value depends only on the window, so this holds for every n.
    assert_eq!(g[pre..pre + m], g[pre + period..pre + period + m]);
    // Least preperiod and least period.
    if pre > 0 {
        assert_ne!(g[pre - 1], g[pre - 1 + period], "{set:?}: preperiod");
    }
    for d in (1..period).filter(|d| period % d == 0) {
        assert!(
            (pre..pre + period).any(|n| g[n] != g[n + d]),
            "{set:?}: {d} is a smaller period"
        );
    }
    p
}

fn subsets(universe: u64) -> impl Iterator<Item = Vec<u64>> {
    (1u32..1 << universe).map(move |mask| {
        (1..=universe)
            .filter(|i| mask >> (i - 1) & 1 == 1)
            .collect()
    })
}

#[test]
fn every_subset_of_one_to_eight() {
    let mut with_preperiod = 0;
    for set in subsets(8) {
        check_single_piles(&Rule::Set(set.clone()));
        if check_periodic(&set).preperiod() > 0 {
            with_preperiod += 1;
        }
    }
    // The search does meet sequences that become periodic only later.
    assert!(with_preperiod > 0);
}

#[test]
fn random_sets_up_to_forty() {
    let mut rng = StdRng::seed_from_u64(0x5ab7);
    for _ in 0..150 {
        let size = rng.random_range(1..=6);
        let set: Vec<u64> = (0..size).map(|_| rng.random_range(1..=40)).collect();
        check_single_piles(&Rule::Set(set.clone()));
        check_periodic(&set);
    }
}

#[test]
fn known_tables() {
    // Take 1, 3 or 4: 0 1 0 1 2 3 2, period 7.
    let p = Periodic::find(&[4, 1, 3, 3], 100).unwrap();
    assert_eq!((p.preperiod(), p.period()), (0, 7));
    assert_eq!(p.values(), &[0, 1, 0, 1, 2, 3, 2]);
    // Take 1 or 2 is Bash with k = 2.
    let p = Periodic::find(&[1, 2], 100).unwrap();
    assert_eq!(
        (p.preperiod(), p.period(), p.values()),
        (0, 3, &[0, 1, 2][..])
    );
    // A single amount s: s zeros, s ones.
    let p = Periodic::find(&[5], 100).unwrap();
    assert_eq!((p.preperiod(), p.period()), (0, 10));
}

#[test]
fn bash_range_and_except_for_all_small_parameters() {
    for k in 1..=20 {
        check_single_piles(&Rule::Bash { max: k });
        let game = Subtraction::new(Rule::Bash { max: k }).unwrap();
        assert!((0..=MAX_N).all(|n| game.value(n) == n % (k + 1)));
    }
    for l in 1..=20 {
        for r in l..=20 {
            check_single_piles(&Rule::Range { min: l, max: r });
        }
        check_single_piles(&Rule::Except { amount: l });
    }
}

#[test]
fn the_range_formula_of_the_notes() {
    // floor((n mod (l + r)) / l), compared directly (the solver comparison is above).
    for l in 1..=20u64 {
        for r in l..=20 {
            let game = Subtraction::new(Rule::Range { min: l, max: r }).unwrap();
            for n in 0..=MAX_N {
                assert_eq!(game.value(n), (n % (l + r)) / l);
            }
        }
    }
}

#[test]
fn the_except_pattern() {
    // Blocks of 2l: lq, lq+1, .., lq+l-1, twice. The notes' table for l = 11 starts
    // 0 1 .. 10 0 1 .. 10 11 12 .. 21 11 .. 21.
    let game = Subtraction::new(Rule::Except { amount: 11 }).unwrap();
    let first: Vec<u64> = (0..44).map(|n| game.value(n)).collect();
    let expected: Vec<u64> = [0..11, 0..11, 11..22, 11..22]
        .into_iter()
        .flatten()
        .collect();
    assert_eq!(first, expected);
}

#[test]
fn sums_of_piles_match_the_solver() {
    let rules = [
        Rule::Set(vec![1, 3, 4]),
        Rule::Set(vec![2, 3]),
        Rule::Set(vec![1, 2, 6]),
        Rule::Set(vec![3, 5, 7]),
        Rule::Bash { max: 1 },
        Rule::Bash { max: 3 },
        Rule::Range { min: 2, max: 5 },
        Rule::Range { min: 3, max: 3 },
        Rule::Range { min: 2, max: 9 },
        Rule::Except { amount: 1 },
        Rule::Except { amount: 2 },
        Rule::Except { amount: 3 },
    ];
    for rule in &rules {
        let game = Subtraction::new(rule.clone()).unwrap();
        let mut starts: Vec<Vec<u64>> = Vec::new();
        for a in 0..=20 {
            for b in 0..=20 {
                starts.push(vec![a, b]);
            }
        }
        for a in 0..=8 {
            for b in 0..=8 {
                for c in 0..=8 {
                    starts.push(vec![a, b, c]);
                }
            }
        }
        against_solver(&game, starts.iter().cloned(), &Budget::default()).unwrap();
        for piles in &starts {
            let answer = game.answer(piles);
            assert!(answer.winning_moves.windows(2).all(|w| w[0] < w[1]));
        }
    }
}

/// Every listed move leaves XOR 0 by the formula; the count is consistent.
fn check_huge(game: &Subtraction, piles: &[u64]) {
    let answer = game.answer(piles);
    let x = piles.iter().fold(0, |x, &n| x ^ game.value(n));
    assert_eq!(answer.value, Some(x));
    assert_eq!(answer.outcome == Outcome::Win, x != 0, "{piles:?}");
    assert!(answer.winning_moves.len() <= LISTED_MOVES);
    if let Some(count) = answer.winning_move_count {
        assert!(count > answer.winning_moves.len() as u128);
        assert_eq!(answer.winning_moves.len(), LISTED_MOVES);
    }
    for m in &answer.winning_moves {
        let n = piles[m.pile - 1];
        assert_eq!(m.to + m.take, n);
        let legal = match game.rule() {
            Rule::Set(set) => set.contains(&m.take),
            Rule::Bash { max } => (1..=max).contains(&m.take),
            Rule::Range { min, max } => (min..=max).contains(&m.take),
            Rule::Except { amount } => m.take >= 1 && m.take != amount,
        };
        assert!(legal, "{}: {m}", game.rule());
        let after = x ^ game.value(n) ^ game.value(m.to);
        assert_eq!(after, 0, "{piles:?}: {m}");
    }
}

#[test]
fn huge_piles_by_consistency() {
    let mut rng = StdRng::seed_from_u64(0x7e18);
    let big = 10u64.pow(18);
    let rules = [
        Rule::Set(vec![1, 3, 4]),
        Rule::Set(vec![7, 11, 25, 40]),
        Rule::Set(vec![2, 9, 31, 1000]),
        Rule::Bash { max: 3 },
        Rule::Bash { max: big },
        Rule::Bash { max: u64::MAX },
        Rule::Range { min: 2, max: 5 },
        Rule::Range {
            min: 1000,
            max: 3000,
        },
        Rule::Range {
            min: big,
            max: 3 * big,
        },
        Rule::Range {
            min: u64::MAX,
            max: u64::MAX,
        },
        Rule::Range {
            min: u64::MAX / 2,
            max: u64::MAX,
        },
        Rule::Except { amount: 7 },
        Rule::Except { amount: big },
        Rule::Except { amount: u64::MAX },
    ];
    for rule in &rules {
        let game = Subtraction::new(rule.clone()).unwrap();
        for round in 0..300 {
            let count = rng.random_range(1..=4);
            let piles: Vec<u64> = (0..count)
                .map(|_| match round % 3 {
                    0 => rng.random_range(big - 1000..=big + 1000),
                    1 => u64::MAX - rng.random_range(0..=1000),
                    _ => rng.random(),
                })
                .collect();
            check_huge(&game, &piles);
        }
        // The pattern: g(n + period) = g(n) + saltus, checked on huge n.
        let pattern = game.pattern();
        for _ in 0..100 {
            let n: u64 = rng.random_range(pattern.preperiod..=big);
            if let Ok(later) = u64::try_from(n as u128 + pattern.period) {
                assert_eq!(game.value(later), game.value(n) + pattern.saltus, "{rule}");
            }
        }
    }
}

#[test]
fn many_winning_moves_are_counted() {
    // Take 10^5 to 3·10^5 from one pile: up to 2·10^5 winning amounts.
    let (l, r) = (100_000u64, 300_000u64);
    let game = Subtraction::new(Rule::Range { min: l, max: r }).unwrap();
    let n = 10u64.pow(18) + 123_456;
    let answer = game.answer(&[n]);
    let expected = (l..=r)
        .filter(|&s| game.value(n - s) == 0)
        .collect::<Vec<u64>>();
    assert_eq!(answer.winning_move_count, Some(expected.len() as u128));
    assert!(expected.len() > LISTED_MOVES);
    let listed: Vec<u64> = answer.winning_moves.iter().map(|m| m.take).collect();
    assert_eq!(listed, expected[..LISTED_MOVES]);
    // Except l: a value t sits at exactly two positions, both at most 2t + 2l; every
    // position that can be left is tried.
    let l = 1000u64;
    let game = Subtraction::new(Rule::Except { amount: l }).unwrap();
    for n in [10u64.pow(18), 10u64.pow(18) + 1500, 123_456_789, 2500] {
        for other in [0, 5, 999, 1000, 1999, 2000, 123_456] {
            let answer = game.answer(&[n, other]);
            let listed: Vec<u64> = answer
                .winning_moves
                .iter()
                .filter(|m| m.pile == 1)
                .map(|m| m.take)
                .collect();
            let target = game.value(other);
            let mut brute: Vec<u64> = (0..n.min(2 * target + 2 * l + 1))
                .filter(|&m| m + l != n && game.value(m) == target)
                .map(|m| n - m)
                .collect();
            brute.sort_unstable();
            if game.value(n) == target {
                assert!(listed.is_empty());
            } else {
                assert_eq!(listed, brute, "{n} {other}");
                assert!(listed.len() <= 2);
            }
        }
    }
}

#[test]
fn parameters_are_checked() {
    let err = |rule: Rule| Subtraction::new(rule).unwrap_err();
    assert_eq!(err(Rule::Set(vec![])), SubtractionError::EmptySet);
    assert_eq!(err(Rule::Set(vec![3, 0])), SubtractionError::ZeroAmount);
    assert_eq!(
        err(Rule::Bash { max: 0 }),
        SubtractionError::BadRange { min: 1, max: 0 }
    );
    assert_eq!(
        err(Rule::Range { min: 0, max: 4 }),
        SubtractionError::BadRange { min: 0, max: 4 }
    );
    assert_eq!(
        err(Rule::Range { min: 5, max: 4 }),
        SubtractionError::BadRange { min: 5, max: 4 }
    );
    assert_eq!(
        err(Rule::Except { amount: 0 }),
        SubtractionError::ZeroAmount
    );
    // An amount beyond the search limit, and a period beyond it.
    assert_eq!(
        Subtraction::with_search_limit(Rule::Set(vec![1, u64::MAX]), 1000).unwrap_err(),
        SubtractionError::NoPeriodFound {
            limit: 1000,
            largest: u64::MAX
        }
    );
    let needs = check_periodic(&[3, 5, 7, 12]);
    let enough = needs.preperiod() as usize + needs.period() as usize + 12;
    assert!(Subtraction::with_search_limit(Rule::Set(vec![3, 5, 7, 12]), enough).is_ok());
    assert!(matches!(
        Subtraction::with_search_limit(Rule::Set(vec![3, 5, 7, 12]), enough - 1),
        Err(SubtractionError::NoPeriodFound { .. })
    ));
    // A set is kept sorted, without repeats.
    let game = Subtraction::new(Rule::Set(vec![4, 1, 3, 1])).unwrap();
    assert_eq!(game.rule(), Rule::Set(vec![1, 3, 4]));
    assert_eq!(game.rule().to_string(), "take 1, 3 or 4");
}
