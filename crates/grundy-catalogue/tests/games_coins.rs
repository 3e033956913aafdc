//! Coin-turning games: the formulas against the generic solver on every position of every
//! short row (`Two` up to 14 coins, Mock Turtles up to 12, Ruler up to 13, Ruler with runs of
//! at most K = 1..=7 up to 11, the multiples game on every row of n = 0..=14 coins): outcome,
//! Sprague–Grundy value and the exact set of winning moves. Products of two rows on every
//! position of every 3 × 4, 4 × 3 and 2 × 5 board, for every pair of rules (and the Ruler
//! square 4 × 4). The single-head values against their mex recursion up to coin 200, the
//! multiples table against a direct computation for every n ≤ 2000 and a few n near 10^6;
//! huge rows (coins near 10^18 and 2^63, multiples rows of 10^9 coins with 100 heads) by
//! internal consistency: every listed winning move, recomputed independently, leaves value 0.

// The engine's test helpers, shared rather than copied.
#[path = "../../grundy/tests/common/mod.rs"]
mod common;

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::impartial::product::corners_value;
use grundy::math::bits::is_odious;
use grundy::nimber::Nimber;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Impartial};
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::coins::{
    answer, heads_of_row, mock_turtles_value, ruler_max_run_value, ruler_value, two_value, Board,
    CoinBoard, CoinRow, CoinsError, MultiplesTable, Row, RowMove, Rule, BOARD_SEARCH_BUDGET,
    LISTED_MOVES, MOCK_TURTLES_MAX_COIN, MULTIPLES_MAX_LENGTH,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const RULER: Rule = Rule::Ruler { max_run: None };

fn bounded(k: u64) -> Rule {
    Rule::Ruler { max_run: Some(k) }
}

/// The heads of a bit set (bit c − 1 for coin c).
fn heads_of(p: u64) -> Vec<u64> {
    (1..=64).filter(|&c| (p >> (c - 1)) & 1 == 1).collect()
}

/// The bit set of a row move's coins.
fn mask(m: &RowMove) -> u64 {
    m.coins().iter().fold(0, |s, &c| s | 1 << (c - 1))
}

/// Compares `answer` with the solver on every position of a row of `length` coins.
fn check_row(rule: Rule, length: u32) {
    let game = CoinRow { rule, length };
    let all = (1u64 << length) - 1;
    let explored = explore(&game, [all], &Budget::default(), &NoProgress).unwrap();
    let graph = &explored.graph;
    assert_eq!(graph.position_count(), 1 << length, "{rule} {length}");
    let solution = solve(graph, &SolveOptions::default()).unwrap();
    let values = grundy_values(graph).unwrap();
    for p in 0..=all {
        let id = explored.id(&p).unwrap();
        let ans = answer(rule, u64::from(length), &heads_of(p)).unwrap();
        let at = || format!("{rule}, {length} coins, heads {:?}", heads_of(p));
        assert_eq!(ans.outcome, solution.outcome(id), "{}", at());
        assert_eq!(ans.value, values.finite(id).map(u64::from), "{}", at());
        assert_eq!(ans.winning_move_count, None, "{}", at());
        let formula: BTreeSet<u64> = ans.winning_moves.iter().map(|m| p ^ mask(m)).collect();
        assert_eq!(formula.len(), ans.winning_moves.len(), "{}: repeated", at());
        let solver = common::winning_options(&explored, &solution, id);
        assert_eq!(formula, solver, "{}", at());
        let heads: Vec<u64> = ans.winning_moves.iter().map(RowMove::head).collect();
        assert!(heads.windows(2).all(|w| w[0] <= w[1]), "{}: order", at());
    }
}

#[test]
fn two_matches_solver_up_to_14_coins() {
    check_row(Rule::Two, 14);
}

#[test]
fn mock_turtles_match_solver_up_to_12_coins() {
    check_row(Rule::MockTurtles, 12);
}

#[test]
fn ruler_matches_solver_up_to_13_coins() {
    check_row(RULER, 13);
}

#[test]
fn bounded_ruler_matches_solver_up_to_11_coins() {
    for k in 1..=7 {
        check_row(bounded(k), 11);
    }
}

#[test]
fn multiples_match_solver_on_every_row_up_to_14_coins() {
    for n in 1..=14 {
        check_row(Rule::Multiples, n);
    }
    let empty = answer(Rule::Multiples, 0, &[]).unwrap();
    assert_eq!((empty.outcome, empty.value), (Outcome::Loss, Some(0)));
}

/// mex of a set of values.
fn mex(values: &BTreeSet<u64>) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap()
}

/// Single-head values of coins 1..=n by the mex over the moves, from the rules.
fn values_by_recursion(rule: Rule, n: u64) -> Vec<u64> {
    let mut v = vec![0u64; n as usize + 1];
    let order: Vec<u64> = match rule {
        Rule::Multiples => (1..=n).rev().collect(),
        _ => (1..=n).collect(),
    };
    for x in order {
        let mut options = BTreeSet::new();
        let xi = x as usize;
        match rule {
            Rule::Two => {
                options.insert(0);
                options.extend((1..xi).map(|a| v[a]));
            }
            Rule::MockTurtles => {
                options.insert(0);
                for b in 1..xi {
                    options.insert(v[b]);
                    options.extend((1..b).map(|a| v[a] ^ v[b]));
                }
            }
            Rule::Ruler { max_run } => {
                let mut run = 0;
                options.insert(0);
                let longest = max_run.unwrap_or(x).min(x) as usize;
                for from in (xi + 1 - longest..xi).rev() {
                    run ^= v[from];
                    options.insert(run);
                }
            }
            Rule::Multiples => {
                let mut prefix = 0;
                options.insert(0);
                for j in 2..=n / x {
                    prefix ^= v[(j * x) as usize];
                    options.insert(prefix);
                }
            }
            Rule::Code(_) => unreachable!("codes are checked in games_turning.rs"),
        }
        v[xi] = mex(&options);
    }
    v
}

#[test]
fn single_head_values_match_their_recursion_up_to_200() {
    const N: u64 = 200;
    let two = values_by_recursion(Rule::Two, N);
    let mock = values_by_recursion(Rule::MockTurtles, N);
    let ruler = values_by_recursion(RULER, N);
    for x in 1..=N {
        let xi = x as usize;
        assert_eq!(two_value(x), two[xi]);
        assert_eq!(mock_turtles_value(x), Some(mock[xi]), "{x}");
        assert!(is_odious(mock[xi]));
        assert_eq!(ruler_value(x), ruler[xi]);
    }
    for k in 1..=40 {
        let bounded_values = values_by_recursion(bounded(k), N);
        for x in 1..=N {
            assert_eq!(
                ruler_max_run_value(x, k),
                Some(bounded_values[x as usize]),
                "x = {x}, k = {k}"
            );
            let row = Row::new(bounded(k), N, 1).unwrap();
            assert_eq!(row.value(x), Ok(bounded_values[x as usize]));
        }
    }
    assert_eq!(ruler_max_run_value(5, 0), None);
    assert_eq!(mock_turtles_value(0), None);
    assert_eq!(
        mock_turtles_value(MOCK_TURTLES_MAX_COIN),
        Some(u64::MAX - 1)
    );
    assert_eq!(mock_turtles_value(MOCK_TURTLES_MAX_COIN + 1), None);
}

/// The multiples game's values on a row of n coins, directly: O(n log n).
fn multiples_direct(n: u64) -> Vec<u64> {
    let mut g = vec![0u64; n as usize + 1];
    let mut seen = vec![u64::MAX; 64];
    for x in (1..=n).rev() {
        let mark = |seen: &mut Vec<u64>, v: u64| {
            if v as usize >= seen.len() {
                seen.resize(2 * v as usize + 2, u64::MAX);
            }
            seen[v as usize] = x;
        };
        mark(&mut seen, 0);
        let mut prefix = 0;
        let mut m = 2 * x;
        while m <= n {
            prefix ^= g[m as usize];
            mark(&mut seen, prefix);
            m += x;
        }
        g[x as usize] = (0..).find(|&v| seen.get(v as usize) != Some(&x)).unwrap();
    }
    g
}

#[test]
fn multiples_table_matches_direct_values() {
    for n in 0..=2000 {
        let direct = multiples_direct(n);
        let table = MultiplesTable::new(n, 1).unwrap();
        assert_eq!(table.length(), n);
        for x in 1..=n {
            assert_eq!(table.value(x), Some(direct[x as usize]), "n = {n}, x = {x}");
        }
        assert_eq!(table.value(0), None);
        assert_eq!(table.value(n + 1), None);
    }
    assert_eq!(
        values_by_recursion(Rule::Multiples, 300)[1..],
        multiples_direct(300)[1..]
    );
    let mut rng = StdRng::seed_from_u64(6);
    for n in [999_983u64, 1_000_000, 1_048_576] {
        let direct = multiples_direct(n);
        let table = MultiplesTable::new(n, 1).unwrap();
        for _ in 0..20_000 {
            let x = rng.random_range(1..=n);
            assert_eq!(table.value(x), Some(direct[x as usize]), "n = {n}, x = {x}");
        }
        // A table prepared from a later coin agrees there and values nothing before it.
        let from = rng.random_range(2..n);
        let partial = MultiplesTable::new(n, from).unwrap();
        assert_eq!(partial.value(from - 1), None);
        for x in (from..=n).step_by(97) {
            assert_eq!(partial.value(x), Some(direct[x as usize]), "from {from}");
        }
    }
}

#[test]
fn the_notes_examples() {
    // 003 §5.3.1: the Ruler table for x = 1..13.
    let ruler: Vec<u64> = (1..=13).map(ruler_value).collect();
    assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1]);
    // 003 §5.2: numbered from 0, sg[i] = 2i if 2i is odious, else 2i + 1.
    for i in 0..1000u64 {
        let expected = if is_odious(2 * i) { 2 * i } else { 2 * i + 1 };
        assert_eq!(mock_turtles_value(i + 1), Some(expected));
    }
    // 002 问题3 and 问题4: numbered from 0, SG(i) = lowbit(i + 1) and
    // SG(x) = lowbit((x mod highbit(k)) + 1).
    for i in 0..500u64 {
        assert_eq!(ruler_value(i + 1), (i + 1) & (i + 1).wrapping_neg());
        for k in 1..=20u64 {
            let h = 1u64 << (63 - k.leading_zeros());
            let m = (i % h) + 1;
            assert_eq!(ruler_max_run_value(i + 1, k), Some(m & m.wrapping_neg()));
        }
    }
    // 003 §5.1, as in Nim: from the heads 3, 5, 7 (value 1), turn a head b with b ⊕ 1 < b
    // and the coin b ⊕ 1.
    let a = answer(Rule::Two, 7, &[3, 5, 7]).unwrap();
    assert_eq!(a.value, Some(1));
    assert_eq!(
        a.winning_moves,
        [
            RowMove::Coins(vec![2, 3]),
            RowMove::Coins(vec![4, 5]),
            RowMove::Coins(vec![6, 7])
        ]
    );
}

/// The XOR of lowbit(i) for i in a..=b, by counting for each bit the i with that lowbit
/// (independent of the Gray code used by the library).
fn lowbit_xor(a: u64, b: u64) -> u64 {
    // The i ≤ n with lowbit 2^j.
    let count = |n: u64, j: u32| (u128::from(n) >> j) - (u128::from(n) >> (j + 1));
    (0..64).fold(0, |s, j| {
        let c = count(b, j) - count(a - 1, j);
        s | (((c & 1) as u64) << j)
    })
}

/// The change of value of a row move, recomputed from the coins' values (runs by counting).
fn move_value(rule: Rule, length: u64, m: &RowMove) -> u64 {
    match (rule, m) {
        (Rule::Ruler { max_run: None }, RowMove::Run { from, to }) => lowbit_xor(*from, *to),
        (_, RowMove::Multiples { x, k }) => {
            let table = MultiplesTable::new(length, *x).unwrap();
            (1..=*k).fold(0, |s, j| s ^ table.value(j * x).unwrap())
        }
        _ => {
            let row = Row::new(rule, length, 1).unwrap();
            m.coins().iter().fold(0, |s, &c| s ^ row.value(c).unwrap())
        }
    }
}

/// Checks a huge row's answer by consistency: value, and each listed move legal and leading
/// to value 0.
fn check_huge(rule: Rule, length: u64, heads: &[u64]) {
    let row = Row::new(rule, length, *heads.iter().min().unwrap()).unwrap();
    let ans = row.answer(heads).unwrap();
    let total = heads.iter().fold(0, |s, &x| s ^ row.value(x).unwrap());
    assert_eq!(ans.value, Some(total));
    assert_eq!(ans.outcome == Outcome::Loss, total == 0);
    assert_eq!(ans.winning_moves.is_empty(), total == 0);
    if let Some(count) = ans.winning_move_count {
        assert!(count > ans.winning_moves.len() as u128);
        assert_eq!(ans.winning_moves.len(), LISTED_MOVES);
    }
    for m in ans.winning_moves.iter().take(50) {
        assert!(heads.contains(&m.head()), "{rule}: {m}");
        match (rule, m) {
            (Rule::Two, RowMove::Coins(c)) => assert!(c.len() <= 2),
            (Rule::MockTurtles, RowMove::Coins(c)) => assert!(c.len() <= 3),
            (Rule::Ruler { max_run }, RowMove::Run { from, to }) => {
                assert!(from <= to && to - from < max_run.unwrap_or(u64::MAX))
            }
            (Rule::Multiples, RowMove::Multiples { x, k }) => assert!(k * x <= length),
            _ => panic!("{rule}: a move of another rule: {m:?}"),
        }
        if let RowMove::Coins(c) = m {
            assert!(c.windows(2).all(|w| w[0] < w[1]), "{m}");
        }
        assert_eq!(move_value(rule, length, m), total, "{rule}: {m}");
    }
}

#[test]
fn huge_rows_are_consistent() {
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..200 {
        let heads: BTreeSet<u64> = (0..rng.random_range(1..8))
            .map(|_| rng.random_range(1..=1_000_000_000_000_000_000u64))
            .collect();
        let heads: Vec<u64> = heads.into_iter().collect();
        for rule in [
            Rule::Two,
            Rule::MockTurtles,
            RULER,
            bounded(1000),
            bounded(1),
        ] {
            check_huge(rule, 1_000_000_000_000_000_000, &heads);
        }
        check_huge(Rule::Two, u64::MAX, &[u64::MAX, rng.random()]);
        check_huge(RULER, u64::MAX, &[u64::MAX, rng.random()]);
        check_huge(bounded(u64::MAX), u64::MAX, &[u64::MAX, rng.random()]);
        check_huge(
            Rule::MockTurtles,
            MOCK_TURTLES_MAX_COIN,
            &[
                MOCK_TURTLES_MAX_COIN,
                rng.random_range(1..MOCK_TURTLES_MAX_COIN),
            ],
        );
    }
    // Mock Turtles with many pairs: at the head x = 2^40 + 7 the others are worth
    // od(1) ⊕ od(2) = 2 ⊕ 4 = 6, evil: every pair a < b < 2^40 + 6 with a ⊕ b = 3 (b with
    // bit 1 set) wins, 2^39 + 2 of them (b = 2^40 + 2, 2^40 + 3 included).
    let heads = [2, 3, (1 << 40) + 7];
    let many = answer(Rule::MockTurtles, 1 << 41, &heads).unwrap();
    assert_eq!(many.winning_move_count, Some((1 << 39) + 2));
    assert_eq!(many.winning_moves.len(), LISTED_MOVES);
    assert_eq!(
        many.winning_moves[..2],
        [
            RowMove::Coins(vec![2, 3, (1 << 40) + 7]),
            RowMove::Coins(vec![1, 4, (1 << 40) + 7])
        ]
    );
    check_huge(Rule::MockTurtles, 1 << 41, &heads);
}

#[test]
fn multiples_with_a_billion_coins_and_100_heads() {
    const N: u64 = 1_000_000_000;
    let mut rng = StdRng::seed_from_u64(2);
    let table = MultiplesTable::new(N, 1).unwrap();
    for round in 0..5 {
        let heads: BTreeSet<u64> = (0..100)
            .map(|_| {
                if round % 2 == 0 {
                    rng.random_range(1..=N)
                } else {
                    rng.random_range(1..=1000)
                }
            })
            .collect();
        let heads: Vec<u64> = heads.into_iter().collect();
        let ans = answer(Rule::Multiples, N, &heads).unwrap();
        let total = heads.iter().fold(0, |s, &x| s ^ table.value(x).unwrap());
        assert_eq!(ans.value, Some(total));
        assert_eq!(ans.outcome == Outcome::Loss, total == 0);
        for m in ans.winning_moves.iter().take(20) {
            let RowMove::Multiples { x, k } = m else {
                panic!("{m:?}")
            };
            if *k <= 100_000 {
                let turned = (1..=*k).fold(0, |s, j| s ^ table.value(j * x).unwrap());
                assert_eq!(turned, total, "{m}");
            }
        }
    }
    // The leftmost coin, whose table is the whole row: a single head wins by turning it.
    let one = answer(Rule::Multiples, N, &[1]).unwrap();
    assert_eq!(one.value, table.value(1));
    assert!(one
        .winning_moves
        .contains(&RowMove::Multiples { x: 1, k: 1 }));
}

/// Every rule with a few parameters, for boards.
fn board_rules() -> Vec<Rule> {
    vec![
        Rule::Two,
        Rule::MockTurtles,
        RULER,
        bounded(2),
        Rule::Multiples,
    ]
}

/// Compares `Board::answer` with the solver on every position of a board.
fn check_board(rx: Rule, lx: u32, ry: Rule, ly: u32) {
    let game = CoinBoard {
        x: CoinRow {
            rule: rx,
            length: lx,
        },
        y: CoinRow {
            rule: ry,
            length: ly,
        },
    };
    let all = (1u64 << (lx * ly)) - 1;
    let explored = explore(&game, [all], &Budget::default(), &NoProgress).unwrap();
    let graph = &explored.graph;
    assert_eq!(graph.position_count(), 1 << (lx * ly));
    let solution = solve(graph, &SolveOptions::default()).unwrap();
    let values = grundy_values(graph).unwrap();
    let board = Board::new(
        Row::new(rx, u64::from(lx), 1).unwrap(),
        Row::new(ry, u64::from(ly), 1).unwrap(),
    );
    for p in 0..=all {
        let heads: Vec<(u64, u64)> = (1..=lx)
            .flat_map(|x| (1..=ly).map(move |y| (x, y)))
            .filter(|&(x, y)| p & game.bit(x, y) != 0)
            .map(|(x, y)| (u64::from(x), u64::from(y)))
            .collect();
        let id = explored.id(&p).unwrap();
        let ans = board.answer(&heads, BOARD_SEARCH_BUDGET).unwrap();
        let at = || format!("{rx} × {ry}, {lx} × {ly}, heads {heads:?}");
        assert!(ans.complete, "{}", at());
        let ans = ans.answer;
        assert_eq!(ans.outcome, solution.outcome(id), "{}", at());
        assert_eq!(ans.value, values.finite(id).map(u64::from), "{}", at());
        assert_eq!(ans.winning_move_count, None, "{}", at());
        let formula: BTreeSet<u64> = ans
            .winning_moves
            .iter()
            .map(|m| {
                let mut set = 0;
                for a in m.x.coins() {
                    for b in m.y.coins() {
                        set |= game.bit(a as u32, b as u32);
                    }
                }
                p ^ set
            })
            .collect();
        assert_eq!(formula.len(), ans.winning_moves.len(), "{}: repeated", at());
        let solver = common::winning_options(&explored, &solution, id);
        assert_eq!(formula, solver, "{}", at());
    }
}

#[test]
fn board_products_match_solver() {
    for rx in board_rules() {
        for ry in board_rules() {
            for (lx, ly) in [(3, 4), (4, 3), (2, 5)] {
                check_board(rx, lx, ry, ly);
            }
        }
    }
    check_board(RULER, 4, RULER, 4);
}

#[test]
fn two_dimensional_ruler_is_not_the_notes_power_of_two() {
    // Notes 003 §5.3.2: SG(i, j) = lowbit(i + j − 1) when i = 1 or j = 1, else 2^(i+j−2).
    // The solver on a single head at (2, 2) of a 2 × 2 board gives 2 ⊗ 2 = 3.
    let game = CoinBoard {
        x: CoinRow {
            rule: RULER,
            length: 2,
        },
        y: CoinRow {
            rule: RULER,
            length: 2,
        },
    };
    let head = game.bit(2, 2);
    let explored = explore(&game, [head], &Budget::default(), &NoProgress).unwrap();
    let values = grundy_values(&explored.graph).unwrap();
    assert_eq!(values.finite(explored.id(&head).unwrap()), Some(3));
    let ruler = || Row::new(RULER, 1 << 20, 1).unwrap();
    let board = Board::new(ruler(), ruler());
    for i in 1..=64u64 {
        for j in 1..=64u64 {
            let v = board.value((i, j)).unwrap();
            assert_eq!(
                v,
                (Nimber(i & i.wrapping_neg()) * Nimber(j & j.wrapping_neg())).0
            );
            if i == 1 || j == 1 {
                let s = i + j - 1;
                assert_eq!(v, s & s.wrapping_neg());
            }
        }
    }
    assert_eq!(board.value((2, 2)).unwrap(), 3);
    assert_ne!(board.value((2, 2)).unwrap(), 1 << (2 + 2 - 2));
}

#[test]
fn two_by_two_is_the_corner_game() {
    let mut rng = StdRng::seed_from_u64(3);
    let two = || Row::new(Rule::Two, u64::MAX, 1).unwrap();
    let board = Board::new(two(), two());
    for _ in 0..1000 {
        let heads: BTreeSet<(u64, u64)> = (0..rng.random_range(1..6))
            .map(|_| {
                (
                    rng.random_range(1..=u64::MAX),
                    rng.random_range(1..=u64::MAX),
                )
            })
            .collect();
        let heads: Vec<(u64, u64)> = heads.into_iter().collect();
        let ours = board.answer(&heads, 10_000).unwrap().answer.value.unwrap();
        let corners: Vec<Vec<u64>> = heads.iter().map(|&(x, y)| vec![x, y]).collect();
        assert_eq!(ours, corners_value(&corners).0);
    }
}

#[test]
fn huge_boards_are_consistent() {
    let mut rng = StdRng::seed_from_u64(4);
    let mut found = 0;
    for round in 0..100 {
        let rules = board_rules();
        let (rx, ry) = (rules[round % 4], rules[(round / 4) % 4]);
        let big = 1_000_000_000_000_000_000u64;
        let small = 1000u64;
        let board = Board::new(
            Row::new(rx, big, 1).unwrap(),
            Row::new(ry, small, 1).unwrap(),
        );
        let heads: BTreeSet<(u64, u64)> = (0..rng.random_range(1..5))
            .map(|_| (rng.random_range(1..=big), rng.random_range(1..=small)))
            .collect();
        let heads: Vec<(u64, u64)> = heads.into_iter().collect();
        let ans = board.answer(&heads, BOARD_SEARCH_BUDGET).unwrap();
        let total = heads.iter().fold(0, |s, &h| s ^ board.value(h).unwrap());
        assert_eq!(ans.answer.value, Some(total));
        assert_eq!(ans.answer.outcome == Outcome::Loss, total == 0);
        // The y coordinates are small: the search goes through every head.
        assert!(ans.complete, "{rx} × {ry}: {heads:?}");
        assert_eq!(ans.answer.winning_moves.is_empty(), total == 0);
        for m in ans.answer.winning_moves.iter().take(10) {
            assert!(heads.contains(&(m.x.head(), m.y.head())), "{m}");
            let alpha = move_value(rx, big, &m.x);
            let beta = move_value(ry, small, &m.y);
            assert_eq!((Nimber(alpha) * Nimber(beta)).0, total, "{m}");
            found += 1;
        }
    }
    assert!(found > 50);
    // Both coordinates huge: outcome and value exact, moves within the budget.
    let ruler = || Row::new(RULER, u64::MAX, 1).unwrap();
    let board = Board::new(ruler(), ruler());
    let heads = [(u64::MAX, u64::MAX - 1), (1 << 40, 3 << 30)];
    let ans = board.answer(&heads, 1000).unwrap();
    assert!(!ans.complete);
    assert_eq!(ans.answer.winning_move_count, None);
    assert_eq!(ans.answer.outcome, Outcome::Win);
}

#[test]
fn bad_input() {
    assert_eq!(
        answer(Rule::Two, 5, &[6]),
        Err(CoinsError::OutOfRow { coin: 6, length: 5 })
    );
    assert_eq!(
        answer(Rule::Two, 5, &[0]),
        Err(CoinsError::OutOfRow { coin: 0, length: 5 })
    );
    assert_eq!(
        answer(RULER, 5, &[3, 1, 3]),
        Err(CoinsError::Repeated {
            coin: "3".to_string()
        })
    );
    assert_eq!(answer(bounded(0), 5, &[1]), Err(CoinsError::ZeroMaxRun));
    assert_eq!(
        answer(Rule::MockTurtles, MOCK_TURTLES_MAX_COIN + 1, &[1]),
        Err(CoinsError::MockTurtlesTooLong {
            length: MOCK_TURTLES_MAX_COIN + 1
        })
    );
    assert_eq!(
        answer(Rule::Multiples, MULTIPLES_MAX_LENGTH + 1, &[1]),
        Err(CoinsError::MultiplesTooLong {
            length: MULTIPLES_MAX_LENGTH + 1
        })
    );
    let row = Row::new(Rule::Multiples, 100, 10).unwrap();
    assert_eq!(
        row.value(9),
        Err(CoinsError::NotPrepared { coin: 9, from: 10 })
    );
    assert_eq!(
        heads_of_row("01x"),
        Err(CoinsError::NotBinary {
            position: 3,
            found: 'x'
        })
    );
    let board = Board::new(
        Row::new(Rule::Two, 3, 1).unwrap(),
        Row::new(RULER, 4, 1).unwrap(),
    );
    assert_eq!(
        board.value((4, 1)),
        Err(CoinsError::OutOfBoard {
            coin: (4, 1),
            size: (3, 4)
        })
    );
    assert_eq!(
        board.answer(&[(1, 2), (1, 2)], 10).unwrap_err().to_string(),
        "coin (1, 2) is given twice"
    );
    assert_eq!(heads_of_row("").unwrap(), (vec![], 0));
}

#[test]
fn rules_and_moves_display() {
    assert_eq!(bounded(5).to_string(), "ruler (runs of at most 5 coins)");
    assert_eq!(RULER.to_string(), "ruler");
    assert_eq!(Rule::MockTurtles.name(), "mock-turtles");
    assert_eq!(RowMove::Coins(vec![3, 7]).to_string(), "turn 3, 7");
    assert_eq!(RowMove::Run { from: 5, to: 8 }.to_string(), "turn 5..8");
    assert_eq!(RowMove::Run { from: 8, to: 8 }.to_string(), "turn 8");
    assert_eq!(
        RowMove::Multiples { x: 3, k: 3 }.to_string(),
        "turn 3, 6, 9"
    );
    assert_eq!(
        RowMove::Multiples { x: 3, k: 4 }.to_string(),
        "turn 3, 6, ..., 12 (k = 4)"
    );
    let m = grundy_catalogue::games::coins::BoardMove {
        x: RowMove::Coins(vec![3, 7]),
        y: RowMove::Run { from: 5, to: 8 },
    };
    assert_eq!(m.to_string(), "turn {3, 7} × {5..8}");
    assert_eq!(
        serde_json::to_value(&m).unwrap(),
        serde_json::json!({"x": {"coins": [3, 7]}, "y": {"run": {"from": 5, "to": 8}}})
    );
    // The rules' options: every head's moves, as bit sets.
    let row = CoinRow {
        rule: Rule::Multiples,
        length: 7,
    };
    assert_eq!(row.move_sets(3), [0b100, 0b100100]);
    let mut out = grundy::rules::Moves::new();
    row.options(&0b100, &mut out);
    assert_eq!(&out[..], [0, 0b100000]);
}
