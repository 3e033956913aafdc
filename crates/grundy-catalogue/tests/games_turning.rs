//! Coin-turning games by turning code (CGSuite's `Turning(code)` and `Spawning(code)`): the
//! values of heads against a brute force that reads the rules directly (every subset of the
//! coins left of the head, the mex of their XORs) for the sixteen named codes and 200 seeded
//! random codes, up to coin 14; whole rows (outcome, value and the exact set of winning moves)
//! against the generic solver on every position reachable from all heads on rows of up to 8
//! coins, and on boards of two codes; play by code and name; and every value
//! CGSuite's tests state (`testdata/cgsuite/cgsuite_expression_tests.json`, GameHeapTest and
//! GameStripTest, and `testdata/small_external_cases.json`): the values of heaps 1..=20 of ten
//! codes, their numbers of options at heap 20, a strip's nim value, and the direct product of
//! Turnips and Grunt as a board.

// The engine's test helpers, shared rather than copied.
#[path = "../../grundy/tests/common/mod.rs"]
mod common;

use std::collections::BTreeSet;
use std::path::Path;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Impartial, Moves};
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy_catalogue::games::coins::{
    answer, heads_of_row, spawning_values, Board, Element, Row, RowMove, Rule, Spacing,
    TurningCode, TURNING_NAMES,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Whether one element allows turning exactly `set` (increasing, the head last), read from
/// the definition: the count, the span, coin 1 for `F` and the spacing. A move of one coin
/// with `F` follows CGSuite's traversal: allowed when coin 1 is within the span (with `C`
/// only for the head at coin 1, with `S` only for an odd head).
fn element_allows(e: &Element, set: &[u64]) -> bool {
    let x = *set.last().unwrap();
    let c = set.len() as u64;
    if c < u64::from(e.min) || e.max.is_some_and(|m| c > u64::from(m)) {
        return false;
    }
    if let Some(s) = e.span {
        if c > u64::from(s) || set[0] + u64::from(s) <= x {
            return false;
        }
    }
    let in_span = e.span.is_none_or(|s| x <= u64::from(s));
    if c == 1 {
        return !e.first
            || match e.spacing {
                Spacing::Any | Spacing::Equal => in_span,
                Spacing::Consecutive => x == 1,
                Spacing::Symmetric => in_span && x % 2 == 1,
            };
    }
    if e.first && set[0] != 1 {
        return false;
    }
    match e.spacing {
        Spacing::Any => true,
        Spacing::Consecutive => set.windows(2).all(|w| w[1] == w[0] + 1),
        Spacing::Equal => set.windows(2).all(|w| w[1] - w[0] == set[1] - set[0]),
        Spacing::Symmetric => (0..set.len()).all(|i| set[i] + set[set.len() - 1 - i] == set[0] + x),
    }
}

/// Whether the code allows turning exactly the coins of `mask` (bit c − 1 for coin c) with
/// its highest coin the head.
fn allows(code: &TurningCode, mask: u64) -> bool {
    let set: Vec<u64> = (1..=64).filter(|c| mask >> (c - 1) & 1 == 1).collect();
    code.elements().iter().any(|e| element_allows(e, &set))
}

/// The moves of the head x as bit sets, from every subset of the coins left of it.
fn brute_moves(code: &TurningCode, x: u64) -> Vec<u64> {
    let head = 1u64 << (x - 1);
    (0..head)
        .map(|s| s | head)
        .filter(|&m| allows(code, m))
        .collect()
}

/// The values of heads 1..=n by brute force: the mex over every allowed subset.
fn brute_values(code: &TurningCode, n: u64) -> Vec<u64> {
    let mut g = vec![0u64];
    for x in 1..=n {
        let reached: BTreeSet<u64> = brute_moves(code, x)
            .into_iter()
            .map(|m| {
                (1..x)
                    .filter(|c| m >> (c - 1) & 1 == 1)
                    .fold(0, |s, c| s ^ g[c as usize])
            })
            .collect();
        g.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    g
}

/// A row under a code for the generic solver, its moves from the brute force.
struct BruteRow {
    moves: Vec<Vec<u64>>,
}

impl Impartial for BruteRow {
    type Position = u64;

    fn options(&self, p: &u64, out: &mut Moves<u64>) {
        for (c, sets) in self.moves.iter().enumerate() {
            if p >> c & 1 == 1 {
                out.extend(sets.iter().map(|s| p ^ s));
            }
        }
    }
}

fn code(text: &str) -> TurningCode {
    TurningCode::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// A random code of one to three elements.
fn random_code(rng: &mut StdRng) -> String {
    let parts: Vec<String> = (0..rng.random_range(1..=3usize))
        .map(|_| {
            let min = rng.random_range(1..=4u32);
            let mut part = match rng.random_range(0..3) {
                0 => format!("{min}"),
                1 => format!("{min}-{}", min + rng.random_range(0..=3u32)),
                _ => format!("{min}+"),
            };
            if rng.random_bool(0.25) {
                part.push('F');
            }
            part.push_str(["", "", "C", "E", "S"][rng.random_range(0..5)]);
            if rng.random_bool(0.3) {
                part.push_str(&format!("C({})", rng.random_range(1..=6u32)));
            }
            part
        })
        .collect();
    parts.join(",")
}

/// The sixteen names, and codes with every modifier and several elements.
fn codes() -> Vec<String> {
    let mut codes: Vec<String> = TURNING_NAMES
        .iter()
        .map(|(_, c, _)| c.to_string())
        .collect();
    codes.extend(
        [
            "2-3,6C", "1F", "1-3F", "1CF", "2+E", "1-4FE", "1S", "3S", "2-4SC(5)", "1+FC", "5C(3)",
        ]
        .map(String::from),
    );
    let mut rng = StdRng::seed_from_u64(45);
    codes.extend((0..200).map(|_| random_code(&mut rng)));
    codes
}

#[test]
fn values_match_brute_force_up_to_coin_14() {
    for text in codes() {
        let c = code(&text);
        let fast = spawning_values(&c, 14, &Budget::default()).unwrap();
        assert_eq!(fast, brute_values(&c, 14), "{text}");
    }
}

#[test]
fn rows_match_solver_on_every_position_up_to_8_coins() {
    let mut positions = 0u64;
    for text in codes().iter().step_by(3) {
        let c = code(text);
        for length in 1..=8u64 {
            let game = BruteRow {
                moves: (1..=length).map(|x| brute_moves(&c, x)).collect(),
            };
            let all = (1u64 << length) - 1;
            let explored = explore(&game, [all], &Budget::default(), &NoProgress).unwrap();
            let graph = &explored.graph;
            let solution = solve(graph, &SolveOptions::default()).unwrap();
            let values = grundy_values(graph).unwrap();
            let row = Row::new(Rule::Code(c), length, 1).unwrap();
            for p in 0..=all {
                let Some(id) = explored.id(&p) else { continue };
                positions += 1;
                let heads: Vec<u64> = (1..=length).filter(|x| p >> (x - 1) & 1 == 1).collect();
                let ans = row.answer(&heads).unwrap();
                let at = || format!("{text}, {length} coins, heads {heads:?}");
                assert_eq!(ans.outcome, solution.outcome(id), "{}", at());
                assert_eq!(ans.value, values.finite(id).map(u64::from), "{}", at());
                assert_eq!(ans.winning_move_count, None, "{}", at());
                let listed: BTreeSet<u64> = ans
                    .winning_moves
                    .iter()
                    .map(|m| m.coins().iter().fold(p, |s, &c| s ^ 1 << (c - 1)))
                    .collect();
                assert_eq!(listed.len(), ans.winning_moves.len(), "{}: repeated", at());
                let solver = common::winning_options(&explored, &solution, id);
                assert_eq!(listed, solver, "{}", at());
            }
        }
    }
    eprintln!("{positions} positions of rows");
    assert!(positions > 10_000, "{positions}");
}

/// The `[a,b,...]` list of whole numbers in CGSuite's output.
fn numbers(text: &str) -> Vec<u64> {
    text.trim_matches(['[', ']'])
        .split(',')
        .map(|t| t.trim().parse().unwrap())
        .collect()
}

fn testdata(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn cgsuite_spawning_values_and_option_counts() {
    // GameHeapTest states each as (ruleset, options of heap 20, values of heaps 1..=20).
    let cases = testdata("cgsuite/cgsuite_expression_tests.json");
    let mut checked = 0;
    for case in cases.as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let Some(text) = name
            .strip_prefix("game.heap.Spawning(\\\"")
            .and_then(|r| r.strip_suffix("\\\")"))
        else {
            continue;
        };
        let c = code(text);
        let expected = numbers(case["expected"].as_str().unwrap());
        let values = spawning_values(&c, 20, &Budget::default()).unwrap();
        assert_eq!(values[1..], expected, "{text}");
        // The same values through the row, whichever rule the code reads as.
        let rule = Rule::of_code(c);
        let row = Row::new(rule, 20, 1).unwrap();
        let by_row: Vec<u64> = (1..=20).map(|x| row.value(x).unwrap()).collect();
        assert_eq!(by_row, expected, "{text} as {rule}");
        let options: usize = case["input"].as_str().unwrap().parse().unwrap();
        assert_eq!(
            brute_moves(&c, 20).len(),
            options,
            "{text}: options of heap 20"
        );
        checked += 1;
    }
    assert_eq!(checked, 10);
    let external = testdata("small_external_cases.json");
    for case in external["heap_sequences_n1_20"].as_array().unwrap() {
        let game = case["game"].as_str().unwrap();
        let Some(text) = game
            .split_once("Spawning(\"")
            .and_then(|(_, r)| r.strip_suffix("\")"))
        else {
            continue;
        };
        let expected: Vec<u64> = serde_json::from_value(case["values"].clone()).unwrap();
        let values = spawning_values(&code(text), 20, &Budget::default()).unwrap();
        assert_eq!(values[1..], expected, "{game}");
    }
}

#[test]
fn cgsuite_turning_strip() {
    // GameStripTest: game.strip.Turning("1-3")("htththtth").NimValue = 29, and the same
    // through Spawning("1-3"); here by code, by name and through the code's engine.
    let (heads, length) = heads_of_row("htththtth").unwrap();
    assert_eq!(
        answer(Rule::MockTurtles, length, &heads).unwrap().value,
        Some(29)
    );
    let row = Row::new(Rule::Code(code("1-3")), length, 1).unwrap();
    assert_eq!(row.answer(&heads).unwrap().value, Some(29));
    // 1 ⊕ 7 ⊕ 11 ⊕ 13 ⊕ 19 = 29 (heads at coins 1, 4, 6, 7, 9 of the odious numbers).
    for m in row.answer(&heads).unwrap().winning_moves {
        let after: BTreeSet<u64> =
            m.coins()
                .iter()
                .fold(heads.iter().copied().collect(), |mut s, &c| {
                    if !s.remove(&c) {
                        s.insert(c);
                    }
                    s
                });
        let after: Vec<u64> = after.into_iter().collect();
        assert_eq!(row.answer(&after).unwrap().value, Some(0), "{m}");
    }
}

#[test]
fn cgsuite_turnips_times_grunt() {
    // GameHeapTest: Turnips.DirectProduct(Grunt).NimValueTable(8, 20): rows a = 0..=7, columns
    // b = 0..=20, the nim product of the heads' values: a board of coins.
    let expected = [
        [0; 21].to_vec(),
        [0; 21].to_vec(),
        [0; 21].to_vec(),
        vec![
            0, 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3,
        ],
        [0; 21].to_vec(),
        [0; 21].to_vec(),
        vec![
            0, 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3,
        ],
        vec![
            0, 0, 0, 0, 2, 0, 3, 2, 0, 3, 2, 0, 3, 2, 1, 3, 2, 1, 3, 8, 1,
        ],
    ];
    let board = Board::new(
        Row::new(Rule::Code(TurningCode::named("Turnips").unwrap()), 7, 1).unwrap(),
        Row::new(Rule::Code(TurningCode::named("grunt").unwrap()), 20, 1).unwrap(),
    );
    for a in 1..=7u64 {
        for b in 1..=20u64 {
            assert_eq!(
                board.value((a, b)).unwrap(),
                expected[a as usize][b as usize],
                "({a}, {b})"
            );
        }
    }
}

#[test]
fn names_read_in_any_case() {
    for (key, text, name) in TURNING_NAMES {
        assert_eq!(TurningCode::named(key), Some(code(text)));
        assert_eq!(TurningCode::named(&name.to_uppercase()), Some(code(text)));
        let rule = Rule::of_code(code(text));
        if let Rule::Code(c) = rule {
            assert_eq!(c.known_name(), Some(*name));
        }
    }
    assert_eq!(code("1-3c(5)").to_string(), "1-3C(5)");
    assert_eq!(code("4sf").to_string(), "4FS");
}

#[test]
fn bad_codes_say_where() {
    for (text, column) in [
        ("", 1),
        ("0", 1),
        ("3-1", 1),
        ("1-3X", 4),
        ("1-3C(5", 5),
        ("1,2,3,4,5,6,7,8,9", 17),
        ("1CE", 3),
        ("1-", 3),
        ("1-3,", 5),
        ("2C(0)", 4),
    ] {
        let err = TurningCode::parse(text).unwrap_err();
        assert_eq!(err.0, column, "{text}: {err:?}");
    }
}

#[test]
fn the_budget_bounds_the_values() {
    let motley = code("1+");
    let small = Budget::default().with_memory(1 << 16);
    assert!(spawning_values(&motley, 40, &small).is_err());
    // Motley: every subset, 2^(x − 1).
    let values = spawning_values(&motley, 16, &Budget::default()).unwrap();
    assert_eq!(values[16], 1 << 15);
}

#[test]
fn listed_moves_of_a_long_row_each_leave_zero() {
    let c = code("3");
    let row = Row::new(Rule::Code(c), 300, 1).unwrap();
    let heads = [5, 77, 120, 299];
    let ans = row.answer(&heads).unwrap();
    assert_ne!(ans.value, Some(0));
    assert!(!ans.winning_moves.is_empty());
    for m in &ans.winning_moves {
        let RowMove::Coins(coins) = m else {
            panic!("{m:?}")
        };
        assert_eq!(coins.len(), 3);
        let change = coins.iter().fold(0, |s, &x| s ^ row.value(x).unwrap());
        assert_eq!(change, ans.value.unwrap(), "{m}");
    }
}

/// A board under two codes for the generic solver: a move is the product of a move of each
/// row, its moves from the brute force (bit `(x − 1)·ly + (y − 1)` for the coin (x, y)).
struct BruteBoard {
    x: Vec<Vec<u64>>,
    y: Vec<Vec<u64>>,
    ly: u64,
}

impl BruteBoard {
    fn product(&self, a: u64, b: u64) -> u64 {
        let mut set = 0;
        for i in (1..=64).filter(|i| a >> (i - 1) & 1 == 1) {
            for j in (1..=64).filter(|j| b >> (j - 1) & 1 == 1) {
                set |= 1 << ((i - 1) * self.ly + (j - 1));
            }
        }
        set
    }
}

impl Impartial for BruteBoard {
    type Position = u64;

    fn options(&self, p: &u64, out: &mut Moves<u64>) {
        for (i, xs) in self.x.iter().enumerate() {
            for (j, ys) in self.y.iter().enumerate() {
                if p >> (i as u64 * self.ly + j as u64) & 1 == 1 {
                    for &a in xs {
                        for &b in ys {
                            out.push(p ^ self.product(a, b));
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn boards_match_solver_on_every_position() {
    let mut positions = 0;
    for (cx, cy, lx, ly) in [
        ("3E", "4FS", 3, 4),
        ("1-3C(5)", "2", 4, 3),
        ("1+S", "3C(5)", 3, 4),
        ("1-9", "1+FS", 2, 5),
        ("2+E", "1-5C", 3, 3),
    ] {
        let (cx, cy) = (code(cx), code(cy));
        let game = BruteBoard {
            x: (1..=lx).map(|x| brute_moves(&cx, x)).collect(),
            y: (1..=ly).map(|y| brute_moves(&cy, y)).collect(),
            ly,
        };
        let all = (1u64 << (lx * ly)) - 1;
        let explored = explore(&game, [all], &Budget::default(), &NoProgress).unwrap();
        let graph = &explored.graph;
        let solution = solve(graph, &SolveOptions::default()).unwrap();
        let values = grundy_values(graph).unwrap();
        let board = Board::new(
            Row::new(Rule::Code(cx), lx, 1).unwrap(),
            Row::new(Rule::Code(cy), ly, 1).unwrap(),
        );
        for p in 0..=all {
            let Some(id) = explored.id(&p) else { continue };
            positions += 1;
            let heads: Vec<(u64, u64)> = (1..=lx)
                .flat_map(|x| (1..=ly).map(move |y| (x, y)))
                .filter(|&(x, y)| p >> ((x - 1) * ly + (y - 1)) & 1 == 1)
                .collect();
            let ans = board.answer(&heads, 1 << 20).unwrap();
            let at = || format!("{cx} × {cy}, heads {heads:?}");
            assert!(ans.complete, "{}", at());
            let ans = ans.answer;
            assert_eq!(ans.outcome, solution.outcome(id), "{}", at());
            assert_eq!(ans.value, values.finite(id).map(u64::from), "{}", at());
            let mask = |m: &RowMove| m.coins().iter().fold(0, |s, &c| s | 1 << (c - 1));
            let listed: BTreeSet<u64> = ans
                .winning_moves
                .iter()
                .map(|m| p ^ game.product(mask(&m.x), mask(&m.y)))
                .collect();
            let solver = common::winning_options(&explored, &solution, id);
            assert_eq!(listed, solver, "{}", at());
        }
    }
    eprintln!("{positions} positions of boards");
    assert!(positions > 3_000, "{positions}");
}

#[test]
fn play_by_code_and_name_agrees_with_the_values() {
    use grundy_catalogue::games::registry;
    for (game, start) in [
        ("coins:turnips", "hthhtthht"),
        ("turning:3E", "101100110"),
        ("spawning:1-3C(5)", "0110101"),
        ("coins:grunt", "0001010011"),
        ("coins:2-3,6C", "01101101"),
    ] {
        let m = registry::play(game, start, 200_000).unwrap_or_else(|e| panic!("{game}: {e}"));
        let (heads, length) = heads_of_row(start).unwrap();
        let text = game.split_once(':').unwrap().1;
        let rule = Rule::Code(TurningCode::named(text).unwrap_or_else(|| code(text)));
        let row = Row::new(rule, length, 1).unwrap();
        let a = m.analyse(m.start());
        assert_eq!(a.value, row.answer(&heads).unwrap().value, "{game} {start}");
    }
    let err = registry::play("coins:motley", &"1".repeat(40), 200_000).unwrap_err();
    assert!(err.to_string().contains("shorter row"), "{err}");
}
