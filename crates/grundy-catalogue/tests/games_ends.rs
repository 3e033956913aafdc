//! Taking from the ends: each closed form against the generic solvers (payoffs by
//! `solve_payoffs`, outcomes by `solve`) on the explored rules.
//!
//! - Fox and Card Game: every deal of at most 2 piles of at most 3 cards from 0..=2, and
//!   random deals of up to 3 piles of up to 4 cards; larger random deals against a memoised
//!   minimax.
//! - Choosing Carrot: every row of at most 6 values from 0..=3, every k; random rows of up to
//!   12 values.
//! - The larger-sum game: every row of even length at most 6 from 0..=4 with an odd total;
//!   random rows of up to 10 values; the strategy against every reply of the opponent.
//! - The two-queue game: every pair of queues of at most 3 values from 0..=2 with every
//!   threshold, at every position; random larger queues; both ways of turning the game into
//!   Candy Piles and back; huge values by internal consistency.

use std::collections::HashMap;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Explored, Game};
use grundy::solve::{solve, solve_payoffs, PayoffSolution, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::candy_piles;
use grundy_catalogue::games::ends::{
    carrots, fox_cards, parity_sums, sum_game, two_queues, CardScores, Carrots, End, EndsError,
    EndsSum, FoxCards, Parity, QueueMove, SumStrategy, TwoQueues,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every sequence of length `0..=len` over `0..=max`.
fn sequences(len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..len {
        let mut next = Vec::new();
        for s in &last {
            for v in 0..=max {
                let mut s2: Vec<u64> = s.clone();
                s2.push(v);
                next.push(s2);
            }
        }
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

/// Explores `rules` from `starts` and solves the payoffs given by `payoff`.
fn payoff_solution<G: Game>(
    rules: &G,
    starts: Vec<G::Position>,
    payoff: impl Fn(&G::Position) -> Option<i64>,
) -> (Explored<G::Position>, PayoffSolution) {
    let e = explore(rules, starts, &Budget::default(), &NoProgress).unwrap();
    let payoffs = (0..e.graph.position_count() as u32)
        .map(|id| payoff(e.position(id)))
        .collect();
    let graph = e.graph.clone().with_payoffs(payoffs);
    let s = solve_payoffs(&graph, None).unwrap();
    (e, s)
}

// ---------------------------------------------------------------------------------------------
// Fox and Card Game

fn fox_by_solver(piles: &[Vec<u64>]) -> i64 {
    let rules = FoxCards::new(piles.to_vec()).unwrap();
    let (_, s) = payoff_solution(&rules, vec![rules.start()], |p| rules.payoff(p));
    s.value(0)
}

fn check_fox(piles: &[Vec<u64>], margin: i64) {
    let CardScores { first, second } = fox_cards(piles);
    let total: u128 = piles.iter().flatten().map(|&c| u128::from(c)).sum();
    assert_eq!(first + second, total, "{piles:?}");
    assert_eq!(
        first as i128 - second as i128,
        i128::from(margin),
        "{piles:?}"
    );
}

#[test]
fn fox_cards_every_small_deal_matches_the_payoff_solver() {
    let piles = sequences(3, 2);
    assert_eq!(piles.len(), 40);
    let mut deals = 0;
    for a in &piles {
        check_fox(
            std::slice::from_ref(a),
            fox_by_solver(std::slice::from_ref(a)),
        );
        for b in &piles {
            let deal = vec![a.clone(), b.clone()];
            check_fox(&deal, fox_by_solver(&deal));
            deals += 1;
        }
    }
    assert_eq!(deals, 1600);
}

#[test]
fn fox_cards_random_deals_match_the_payoff_solver() {
    let mut rng = StdRng::seed_from_u64(0xe9d5_0001);
    for _ in 0..150 {
        let deal: Vec<Vec<u64>> = (0..rng.random_range(1..=3))
            .map(|_| {
                (0..rng.random_range(0..=4))
                    .map(|_| rng.random_range(0..=20))
                    .collect()
            })
            .collect();
        check_fox(&deal, fox_by_solver(&deal));
    }
}

/// Memoised margins: the cards left in each pile, and whether the first player is to move.
type FoxMemo = HashMap<(Vec<(usize, usize)>, bool), i64>;

/// Best margin (first player's sum minus the second's, from here) by memoised minimax.
fn fox_minimax(
    piles: &[Vec<u64>],
    left: &mut Vec<(usize, usize)>,
    first: bool,
    memo: &mut FoxMemo,
) -> i64 {
    if let Some(&v) = memo.get(&(left.clone(), first)) {
        return v;
    }
    let mut best: Option<i64> = None;
    for k in 0..left.len() {
        let (s, e) = left[k];
        if s == e {
            continue;
        }
        let v = if first {
            left[k].0 += 1;
            let v = piles[k][s] as i64 + fox_minimax(piles, left, false, memo);
            left[k].0 -= 1;
            v
        } else {
            left[k].1 -= 1;
            let v = fox_minimax(piles, left, true, memo) - piles[k][e - 1] as i64;
            left[k].1 += 1;
            v
        };
        best = Some(match best {
            None => v,
            Some(b) if first => b.max(v),
            Some(b) => b.min(v),
        });
    }
    let v = best.unwrap_or(0);
    memo.insert((left.clone(), first), v);
    v
}

#[test]
fn fox_cards_larger_random_deals_match_minimax() {
    let mut rng = StdRng::seed_from_u64(0xe9d5_0002);
    for _ in 0..200 {
        let deal: Vec<Vec<u64>> = (0..rng.random_range(1..=4))
            .map(|_| {
                (0..rng.random_range(0..=6))
                    .map(|_| rng.random_range(0..=1000))
                    .collect()
            })
            .collect();
        let mut left: Vec<(usize, usize)> = deal.iter().map(|p| (0, p.len())).collect();
        let margin = fox_minimax(&deal, &mut left, true, &mut HashMap::new());
        check_fox(&deal, margin);
    }
}

#[test]
fn fox_cards_by_hand_and_huge() {
    // Codeforces 388C, first sample: Ciel takes 100, then 1 and 10 are split.
    assert_eq!(
        fox_cards(&[vec![100], vec![1, 10]]),
        CardScores {
            first: 101,
            second: 10
        }
    );
    // Second sample: one pile of 9 cards.
    assert_eq!(
        fox_cards(&[vec![2, 8, 6, 5, 9, 4, 7, 1, 3]]),
        CardScores {
            first: 30,
            second: 15
        }
    );
    assert_eq!(
        fox_cards(&[]),
        CardScores {
            first: 0,
            second: 0
        }
    );
    // Sums beyond 64 bits are exact.
    let big = vec![vec![u64::MAX; 5]; 3];
    let s = fox_cards(&big);
    // Halves 6 and 6, then the three middle cards go first, second, first.
    assert_eq!(s.first, 8 * u128::from(u64::MAX));
    assert_eq!(s.second, 7 * u128::from(u64::MAX));
    assert_eq!(
        FoxCards::new(vec![vec![u64::MAX]]).unwrap_err(),
        EndsError::TooLargeForRules
    );
}

// ---------------------------------------------------------------------------------------------
// Choosing Carrot

fn check_carrots(values: &[u64]) {
    let rules = Carrots::new(values.to_vec()).unwrap();
    let starts: Vec<_> = (0..values.len()).map(|k| rules.start(k).unwrap()).collect();
    let (e, s) = payoff_solution(&rules, starts.clone(), |p| rules.payoff(p));
    let got = carrots(values);
    assert_eq!(got.len(), values.len());
    for (k, start) in starts.iter().enumerate() {
        let id = e.id(start).unwrap();
        assert_eq!(
            i128::from(got[k]),
            i128::from(s.value(id)),
            "{values:?}, k = {k}"
        );
    }
}

#[test]
fn carrots_every_small_row_matches_the_payoff_solver() {
    let rows: Vec<Vec<u64>> = sequences(6, 3)
        .into_iter()
        .filter(|r| !r.is_empty())
        .collect();
    assert_eq!(rows.len(), 4 + 16 + 64 + 256 + 1024 + 4096);
    for row in &rows {
        check_carrots(row);
    }
}

#[test]
fn carrots_random_rows_match_the_payoff_solver() {
    let mut rng = StdRng::seed_from_u64(0xe9d5_0003);
    for _ in 0..200 {
        let n = rng.random_range(1..=12);
        let max = *[1u64, 5, 1_000_000].get(rng.random_range(0..3)).unwrap();
        let row: Vec<u64> = (0..n).map(|_| rng.random_range(0..=max)).collect();
        check_carrots(&row);
    }
}

#[test]
fn carrots_by_hand_and_huge() {
    // Codeforces 794E, samples.
    assert_eq!(carrots(&[1, 2, 3, 5]), vec![3, 3, 5, 5]);
    assert_eq!(
        carrots(&[
            1_000_000_000,
            1_000_000_000,
            1_000_000_000,
            1_000_000_000,
            1
        ]),
        vec![1_000_000_000; 5]
    );
    assert_eq!(carrots(&[]), Vec::<u64>::new());
    assert_eq!(carrots(&[u64::MAX]), vec![u64::MAX]);
    // 0 1 0: the first player cannot keep the 1.
    assert_eq!(carrots(&[0, 1, 0]), vec![0, 1, 1]);
    assert_eq!(Carrots::new(vec![]).unwrap_err(), EndsError::NoValues);
    let rules = Carrots::new(vec![1, 2]).unwrap();
    assert_eq!(
        rules.start(2).unwrap_err(),
        EndsError::TooManyExtraMoves { k: 2, count: 2 }
    );
    // Extra moves can hurt: with one, the first player must leave three values, and the
    // second player then keeps a 0 whichever three they are.
    assert_eq!(carrots(&[0, 0, 1, 0]), vec![1, 0, 1, 1]);
    // Every result is one of the values; the last is the largest.
    let mut rng = StdRng::seed_from_u64(0xe9d5_0004);
    let row: Vec<u64> = (0..200_000).map(|_| rng.random()).collect();
    let got = carrots(&row);
    let mut sorted = row.clone();
    sorted.sort_unstable();
    assert!(got.iter().all(|v| sorted.binary_search(v).is_ok()));
    assert_eq!(got[row.len() - 1], sorted[row.len() - 1]);
}

// ---------------------------------------------------------------------------------------------
// The larger-sum game

/// Plays the strategy against every possible reply; returns the smallest and largest sum the
/// strategy collects.
fn strategy_sums(values: &[u64], strategy: SumStrategy) -> (u128, u128) {
    fn walk(values: &[u64], start: usize, end: usize, last: End, got: u128, out: &mut Vec<u128>) {
        if start == end {
            out.push(got);
            return;
        }
        // The strategy: take from the end the opponent took from.
        let (s, e, v) = match last {
            End::First => (start + 1, end, values[start]),
            End::Last => (start, end - 1, values[end - 1]),
        };
        if s == e {
            out.push(got + u128::from(v));
            return;
        }
        walk(values, s + 1, e, End::First, got + u128::from(v), out);
        walk(values, s, e - 1, End::Last, got + u128::from(v), out);
    }
    let mut out = Vec::new();
    walk(values, 0, values.len(), strategy.take, 0, &mut out);
    (*out.iter().min().unwrap(), *out.iter().max().unwrap())
}

fn check_sum_game(values: &[u64]) {
    let rules = EndsSum::new(values.to_vec()).unwrap();
    let e = explore(&rules, [rules.start()], &Budget::default(), &NoProgress).unwrap();
    let s = solve(&e.graph, &SolveOptions::default()).unwrap();
    let a = sum_game(values).unwrap();
    assert_eq!(a.outcome, Outcome::Win);
    assert_eq!(s.outcome(0), a.outcome, "{values:?}");
    assert_eq!(a.value, None);
    assert_eq!(a.winning_moves.len(), 1);
    let strategy = a.winning_moves[0];
    // The first move of the strategy is a winning move: option 0 takes the first value.
    let option = e.graph.options(0)[match strategy.take {
        End::First => 0,
        End::Last => 1,
    }];
    assert_eq!(s.outcome(option), Outcome::Loss, "{values:?}");
    // Against every reply it collects exactly its class, which is more than half.
    let (odd, even) = parity_sums(values);
    let class = match strategy.parity {
        Parity::Odd => odd,
        Parity::Even => even,
    };
    assert_eq!(
        strategy_sums(values, strategy),
        (class, class),
        "{values:?}"
    );
    assert!(2 * class > odd + even);
    // The other parity collects the smaller class: it loses.
    let other = SumStrategy {
        take: match strategy.take {
            End::First => End::Last,
            End::Last => End::First,
        },
        parity: match strategy.parity {
            Parity::Odd => Parity::Even,
            Parity::Even => Parity::Odd,
        },
    };
    let (low, high) = strategy_sums(values, other);
    assert_eq!((low, high), (odd + even - class, odd + even - class));
}

#[test]
fn sum_game_every_small_row_matches_the_solver() {
    let mut rows = 0;
    for row in sequences(6, 4) {
        if row.len() % 2 == 0 && row.iter().sum::<u64>() % 2 == 1 {
            check_sum_game(&row);
            rows += 1;
        }
    }
    assert!(rows > 7000, "{rows}");
}

#[test]
fn sum_game_random_rows_match_the_solver() {
    let mut rng = StdRng::seed_from_u64(0xe9d5_0005);
    let mut done = 0;
    while done < 200 {
        let n = 2 * rng.random_range(1..=5);
        let row: Vec<u64> = (0..n).map(|_| rng.random_range(0..=1000)).collect();
        if row.iter().sum::<u64>() % 2 == 1 {
            check_sum_game(&row);
            done += 1;
        }
    }
}

#[test]
fn sum_game_conditions_and_huge_values() {
    assert_eq!(
        sum_game(&[1, 2, 3]).unwrap_err(),
        EndsError::OddCount { count: 3 }
    );
    assert_eq!(
        sum_game(&[1, 3]).unwrap_err(),
        EndsError::EvenTotal { total: 4 }
    );
    assert_eq!(
        sum_game(&[]).unwrap_err(),
        EndsError::EvenTotal { total: 0 }
    );
    let a = sum_game(&[1, 2]).unwrap();
    assert_eq!(
        a.winning_moves,
        vec![SumStrategy {
            take: End::Last,
            parity: Parity::Even
        }]
    );
    assert_eq!(
        a.winning_moves[0].to_string(),
        "take the last value, then always take from the end the opponent took from \
         (you get the values at even indices: a2, a4, ...)"
    );
    // Totals beyond 64 bits.
    let mut big = vec![u64::MAX; 10];
    big[0] -= 1;
    let a = sum_game(&big).unwrap();
    assert_eq!(a.winning_moves[0].parity, Parity::Even);
    let (odd, even) = parity_sums(&big);
    assert_eq!(even - odd, 1);
}

// ---------------------------------------------------------------------------------------------
// The two-queue threshold game

/// Checks the walk at every position reachable from the start against the solver, and the
/// winning moves of the start.
fn check_two_queues(first: &[u64], second: &[u64], threshold: u128) {
    let game = TwoQueues::new(first.to_vec(), second.to_vec(), threshold).unwrap();
    let e = explore(&game, [(0, 0)], &Budget::default(), &NoProgress).unwrap();
    let s = solve(&e.graph, &SolveOptions::default()).unwrap();
    for id in 0..e.graph.position_count() as u32 {
        let (i, j) = *e.position(id);
        assert_eq!(
            game.outcome(i, j),
            s.outcome(id),
            "{first:?} {second:?} m={threshold} at ({i}, {j})"
        );
    }
    let a = two_queues(first.to_vec(), second.to_vec(), threshold).unwrap();
    assert_eq!(a.outcome, s.outcome(0));
    let mut want: Vec<QueueMove> = e
        .graph
        .options(0)
        .iter()
        .filter(|&&q| s.outcome(q) == Outcome::Loss)
        .map(|&q| match *e.position(q) {
            (1, 0) => QueueMove {
                queue: 1,
                value: first[0],
            },
            _ => QueueMove {
                queue: 2,
                value: second[0],
            },
        })
        .collect();
    want.sort_by_key(|m| m.queue);
    assert_eq!(a.winning_moves, want, "{first:?} {second:?} m={threshold}");
}

#[test]
fn two_queues_every_small_game_matches_the_solver() {
    let queues = sequences(3, 2);
    let mut games = 0;
    for p in &queues {
        for q in &queues {
            let total: u64 = p.iter().chain(q).sum();
            for m in 1..=u128::from(total) {
                check_two_queues(p, q, m);
                games += 1;
            }
        }
    }
    assert_eq!(games, 8160);
}

#[test]
fn two_queues_random_games_match_the_solver() {
    let mut rng = StdRng::seed_from_u64(0xe9d5_0006);
    for _ in 0..500 {
        let max = rng.random_range(0..=12);
        let queue = |rng: &mut StdRng| -> Vec<u64> {
            (0..rng.random_range(0..=30))
                .map(|_| rng.random_range(0..=max))
                .collect()
        };
        let p = queue(&mut rng);
        let q = queue(&mut rng);
        let total: u64 = p.iter().chain(&q).sum();
        if total == 0 {
            continue;
        }
        check_two_queues(&p, &q, rng.random_range(1..=u128::from(total)));
    }
}

/// The piles of Candy Piles whose diagram is the two-queue game's: pile i is the number of j
/// with P(i) + Q(j) < m.
fn as_piles(first: &[u64], second: &[u64], m: u128) -> Vec<u64> {
    let prefix = |v: &[u64]| -> Vec<u128> {
        std::iter::once(0)
            .chain(v.iter().scan(0u128, |s, &x| {
                *s += u128::from(x);
                Some(*s)
            }))
            .collect()
    };
    let (p, q) = (prefix(first), prefix(second));
    p.iter()
        .map(|&pi| q.partition_point(|&qj| pi + qj < m) as u64)
        .collect()
}

#[test]
fn two_queues_and_candy_piles_are_the_same_game() {
    let mut rng = StdRng::seed_from_u64(0xe9d5_0007);
    for _ in 0..2000 {
        // Candy Piles as two queues: queue 2 is all 2s (Q(j) = 2j), the threshold 2·a0 - 1,
        // and queue 1 steps down the diagram: P(i) = 2(a0 - a_i).
        let piles: Vec<u64> = (0..rng.random_range(1..=8))
            .map(|_| rng.random_range(1..=8))
            .collect();
        let a = candy_piles::position(&piles);
        let first: Vec<u64> = (0..a.len())
            .map(|i| 2 * (a[i.saturating_sub(1)] - a[i]))
            .skip(1)
            .chain([2 * a[a.len() - 1]])
            .collect();
        let second = vec![2; a[0] as usize];
        let m = 2 * u128::from(a[0]) - 1;
        assert_eq!(
            two_queues(first.clone(), second.clone(), m)
                .unwrap()
                .outcome,
            candy_piles::outcome(&piles),
            "{piles:?} as {first:?} {second:?} {m}"
        );
        // And back: any two-queue game is Candy Piles on its diagram's columns.
        let max = rng.random_range(0..=5);
        let p: Vec<u64> = (0..rng.random_range(0..=8))
            .map(|_| rng.random_range(0..=max))
            .collect();
        let q: Vec<u64> = (0..rng.random_range(0..=8))
            .map(|_| rng.random_range(0..=max))
            .collect();
        let total: u64 = p.iter().chain(&q).sum();
        if total > 0 {
            let m = rng.random_range(1..=u128::from(total));
            assert_eq!(
                two_queues(p.clone(), q.clone(), m).unwrap().outcome,
                candy_piles::outcome(&as_piles(&p, &q, m)),
                "{p:?} {q:?} {m}"
            );
        }
    }
}

#[test]
fn two_queues_huge_values_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0xe9d5_0008);
    for round in 0..200 {
        let len = if round < 150 { 40 } else { 3000 };
        let queue = |rng: &mut StdRng| -> Vec<u64> {
            (0..rng.random_range(1..=len))
                .map(|_| match rng.random_range(0..3) {
                    0 => u64::MAX - rng.random_range(0..3),
                    1 => 1_000_000_000_000_000_000,
                    _ => rng.random_range(0..=1_000_000_000),
                })
                .collect()
        };
        let p = queue(&mut rng);
        let q = queue(&mut rng);
        let total: u128 = p.iter().chain(&q).map(|&x| u128::from(x)).sum();
        let m = rng.random_range(1..=total);
        let game = TwoQueues::new(p.clone(), q.clone(), m).unwrap();
        let a = game.answer();
        // The walk from the start agrees with the answer built from the options' walks, and
        // with Candy Piles on the diagram's columns.
        assert_eq!(a.outcome, game.outcome(0, 0));
        assert_eq!(a.outcome, candy_piles::outcome(&as_piles(&p, &q, m)));
        for mv in &a.winning_moves {
            assert_eq!(mv.value, if mv.queue == 1 { p[0] } else { q[0] });
        }
    }
}

#[test]
fn two_queues_refuses_impossible_thresholds() {
    assert_eq!(
        two_queues(vec![1], vec![2], 0).unwrap_err(),
        EndsError::ZeroThreshold
    );
    assert_eq!(
        two_queues(vec![1], vec![2], 4).unwrap_err(),
        EndsError::ThresholdAboveTotal {
            threshold: 4,
            total: 3
        }
    );
    // 1 | 2, threshold 3: either pop leaves the opponent one value, which reaches 3.
    let a = two_queues(vec![1], vec![2], 3).unwrap();
    assert_eq!(a.outcome, Outcome::Win);
    assert_eq!(
        a.winning_moves,
        vec![
            QueueMove { queue: 1, value: 1 },
            QueueMove { queue: 2, value: 2 }
        ]
    );
    assert_eq!(a.winning_moves[1].to_string(), "pop 2 from queue 2");
    // 1 | 1 1, threshold 3: whoever pops the third value loses, so the first pop loses.
    let a = two_queues(vec![1], vec![1, 1], 3).unwrap();
    assert_eq!(a.outcome, Outcome::Loss);
    assert!(a.winning_moves.is_empty());
}
