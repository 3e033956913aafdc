//! Tables of values and outcomes against the generic solver, and their text, CSV and JSON.
//!
//! Ranges checked against the solver (positions explored from the rules and valued by
//! `grundy_values` / `solve`):
//! - take-and-break codes 0.77, 0.07, 0.137, 0.6, 4.07, 4.4, 0.04, 0.f, 0.8, 0.48, 0.123 and
//!   Grundy's game: every heap n ≤ 16 (n ≤ 12 for three-way splits), a position being the
//!   multiset of heaps;
//! - subtraction games {1,3,4}, {2,5,7}, take 2 to 5, except 3: n ≤ 200, and every heap of
//!   120..=160 alone (a range not starting at 0);
//! - Wythoff's game: values and outcomes for a, b ≤ 30, and the rectangle a in 5..=12,
//!   b in 20..=33; two-pile Nim: a, b ≤ 20; Mex Mat: every cell of 200 seeded random
//!   matrices of sizes 1 to 12, and of one 60 × 60 matrix;
//! - huge parameters by consistency: subtraction values near 10^18, Wythoff outcomes near
//!   10^18 (each row has at most one P-position, exactly the formula's);
//! - the rulesets' tables (Domineering, Toads and Frogs) cell by cell against each position
//!   valued alone, and a ruleset's table whose budget runs out keeping its finished rows.

use grundy::budget::Budget;
use grundy::impartial::octal::Rule as CodeRule;
use grundy::pattern::table::{Kind, Span, Table, TableError};
use grundy::progress::NoProgress;
use grundy::rules::{explore, Impartial};
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::mex_mat::{MexMatGame, MexMatPosition};
use grundy_catalogue::games::registry::table_game;
use grundy_catalogue::games::subtraction::{Rule as SubtractionRule, Subtraction};
use grundy_catalogue::games::wythoff::{self, Wythoff};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

fn span(first: u64, last: u64) -> Span {
    Span::new(first, last).unwrap()
}

/// A take-and-break game played on several heaps, written from the code's definition: a
/// position is the sorted list of non-empty heaps.
struct Heaps {
    digits: Vec<u8>,
    grundy: bool,
}

impl Heaps {
    fn new(rule: &CodeRule) -> Heaps {
        match rule {
            CodeRule::Code { digits } => Heaps {
                digits: digits.clone(),
                grundy: false,
            },
            CodeRule::General(_) => unreachable!("octal codes and Grundy's game only"),
            CodeRule::Grundy => Heaps {
                digits: Vec::new(),
                grundy: true,
            },
        }
    }

    /// The lists of heaps one heap of `h` can become.
    fn heap_moves(&self, h: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        if self.grundy {
            for a in 1..h {
                if a < h - a {
                    out.push(vec![a, h - a]);
                }
            }
            return out;
        }
        for (j, &d) in self.digits.iter().enumerate() {
            let j = j as u64;
            if d == 0 || j > h {
                continue;
            }
            let rest = h - j;
            if d & 1 != 0 && rest == 0 && j > 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 && j > 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        out.push(vec![a, rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in a..rest {
                        if a + b < rest && rest - a - b >= b {
                            out.push(vec![a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
        out
    }
}

impl Impartial for Heaps {
    type Position = Vec<u64>;

    fn options(&self, heaps: &Vec<u64>, out: &mut grundy::rules::Moves<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for parts in self.heap_moves(h) {
                let mut next: Vec<u64> = heaps[..i].to_vec();
                next.extend_from_slice(&heaps[i + 1..]);
                next.extend(parts);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

/// The value of one heap of each size 0..=n by the generic solver.
fn solver_heap_values(rule: &CodeRule, n: u64) -> Vec<u64> {
    let game = Heaps::new(rule);
    let starts: Vec<Vec<u64>> = (0..=n)
        .map(|h| if h == 0 { vec![] } else { vec![h] })
        .collect();
    let e = explore(&game, starts.clone(), &Budget::default(), &NoProgress).unwrap();
    let values = grundy_values(&e.graph).unwrap();
    starts
        .iter()
        .map(|p| u64::from(values.finite(e.id(p).unwrap()).unwrap()))
        .collect()
}

#[test]
fn take_and_break_tables_match_the_solver() {
    for code in [
        "0.77", "0.07", "0.137", "0.6", "4.07", "4.4", "0.04", "0.f", "0.8", "0.48", "0.123",
        "grundy",
    ] {
        let game = table_game(code).unwrap();
        let rule = &grundy::impartial::octal::Rule::parse(code).unwrap();
        let n = if rule.splits_in_three() { 12 } else { 16 };
        let expected = solver_heap_values(rule, n);
        let table = game
            .line(span(0, n), Kind::Values, &Budget::default(), &NoProgress)
            .unwrap();
        assert_eq!(table.values(), expected, "{code}");
        assert_eq!(game.parameters(), 1);
        // A range not starting at 0, and outcomes.
        let part = game
            .line(span(5, n), Kind::Outcomes, &Budget::default(), &NoProgress)
            .unwrap();
        assert_eq!(part.kind(), Kind::Outcomes);
        let outcomes: Vec<u64> = expected[5..].iter().map(|&v| u64::from(v != 0)).collect();
        assert_eq!(part.values(), outcomes, "{code}");
        assert_eq!(part.value(5), Some(outcomes[0]));
        assert_eq!(part.value(4), None);
    }
    // The notes' and Winning Ways' first values of Kayles and Dawson's Kayles.
    let kayles = table_game("0.77").unwrap();
    assert_eq!(kayles.name(), "0.77 (Kayles)");
    let values = kayles
        .line(span(0, 12), Kind::Values, &Budget::default(), &NoProgress)
        .unwrap();
    assert_eq!(values.values(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    let dawson = table_game(".07").unwrap();
    assert_eq!(dawson.name(), "0.07 (Dawson's Kayles)");
    let values = dawson
        .line(span(0, 10), Kind::Values, &Budget::default(), &NoProgress)
        .unwrap();
    assert_eq!(values.values(), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
    assert_eq!(table_game("Grundy").unwrap().name(), "Grundy's game");
}

#[test]
fn subtraction_tables_match_the_solver_and_huge_piles_the_closed_form() {
    for (spec, rule) in [
        ("subtraction:1,3,4", SubtractionRule::Set(vec![1, 3, 4])),
        ("subtraction: 7,2,5", SubtractionRule::Set(vec![2, 5, 7])),
        (
            "subtraction:2..5",
            SubtractionRule::Range { min: 2, max: 5 },
        ),
        (
            "subtraction:2..=5",
            SubtractionRule::Range { min: 2, max: 5 },
        ),
        (
            "subtraction:except:3",
            SubtractionRule::Except { amount: 3 },
        ),
    ] {
        let game = table_game(spec).unwrap();
        let table = game
            .line(span(0, 200), Kind::Values, &Budget::default(), &NoProgress)
            .unwrap();
        let solver =
            Table::from_rules_line("rules", &rule, span(0, 200), &Budget::default()).unwrap();
        assert_eq!(table.values(), solver.values(), "{spec}");
        // The library's own route agrees with a direct exploration.
        let e = explore(&rule, 120..=160, &Budget::default(), &NoProgress).unwrap();
        let values = grundy_values(&e.graph).unwrap();
        let part = game
            .line(
                span(120, 160),
                Kind::Values,
                &Budget::default(),
                &NoProgress,
            )
            .unwrap();
        for n in 120..=160 {
            let v = values.finite(e.id(&n).unwrap()).map(u64::from);
            assert_eq!(part.value(n), v, "{spec}: {n}");
            assert_eq!(table.value(n), v, "{spec}: {n}");
        }
        // Far away: the catalogue's closed form.
        let closed = Subtraction::new(rule).unwrap();
        let far = game
            .line(
                span(u64::MAX - 100, u64::MAX),
                Kind::Values,
                &Budget::default(),
                &NoProgress,
            )
            .unwrap();
        for n in u64::MAX - 100..=u64::MAX {
            assert_eq!(far.value(n), Some(closed.value(n)), "{spec}: {n}");
        }
    }
    assert_eq!(
        table_game("subtraction:1,3,4").unwrap().name(),
        "subtraction game: take 1, 3 or 4"
    );
}

/// Two-pile Nim, by its rules.
struct TwoPileNim;

impl Impartial for TwoPileNim {
    type Position = (u64, u64);

    fn options(&self, &(a, b): &(u64, u64), out: &mut grundy::rules::Moves<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
    }
}

#[test]
fn two_pile_tables_match_the_solver() {
    let limits = &Budget::default();
    let wythoff_game = table_game("Wythoff").unwrap();
    let nim = table_game("nim2").unwrap();
    assert_eq!((wythoff_game.parameters(), nim.parameters()), (2, 2));
    for (a, b) in [(span(0, 30), span(0, 30)), (span(5, 12), span(20, 33))] {
        let solver = Table::from_rules_grid("rules", &Wythoff, a, b, limits).unwrap();
        let values = wythoff_game
            .grid(a, b, Kind::Values, &Budget::default())
            .unwrap();
        assert_eq!(values.values(), solver.values());
        assert_eq!((values.rows(), values.columns()), (a, Some(b)));
        // Outcomes by the formula against the solver's outcomes.
        let outcomes = wythoff_game
            .grid(a, b, Kind::Outcomes, &Budget::default())
            .unwrap();
        let e = explore(&Wythoff, [(a.last, b.last)], limits, &NoProgress).unwrap();
        let solution = solve(&e.graph, &SolveOptions::default()).unwrap();
        for x in a.iter() {
            for y in b.iter() {
                let loss = solution.outcome(e.id(&(x, y)).unwrap()) == Outcome::Loss;
                assert_eq!(outcomes.get(x, y), Some(u64::from(!loss)), "({x}, {y})");
                assert_eq!(values.get(x, y) == Some(0), loss, "({x}, {y})");
            }
        }
        assert_eq!(outcomes.get(a.last + 1, b.first), None);
    }
    let solver =
        Table::from_rules_grid("rules", &TwoPileNim, span(0, 20), span(0, 20), limits).unwrap();
    let table = nim
        .grid(span(0, 20), span(0, 20), Kind::Values, &Budget::default())
        .unwrap();
    assert_eq!(table.values(), solver.values());
    assert_eq!(table.game(), "two-pile Nim");
}

/// `mexmat:ROW:COLUMN` for digit lists.
fn mex_mat_spec(row: &[u8], column: &[u8]) -> String {
    let digits = |cells: &[u8]| cells.iter().map(|d| d.to_string()).collect::<String>();
    format!("mexmat:{}:{}", digits(row), digits(column))
}

#[test]
fn mex_mat_tables_match_the_solver() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut sizes: Vec<usize> = (0..200).map(|i| 1 + i % 12).collect();
    sizes.push(60);
    for n in sizes {
        let row: Vec<u8> = (0..n).map(|_| rng.random_range(0..3)).collect();
        let mut column: Vec<u8> = (0..n).map(|_| rng.random_range(0..3)).collect();
        column[0] = row[0];
        let game = table_game(&mex_mat_spec(&row, &column)).unwrap();
        assert_eq!(game.default_span(), span(0, (n as u64 - 1).min(19)));
        let last = n as u64 - 1;
        let table = game
            .grid(
                span(0, last),
                span(0, last),
                Kind::Values,
                &Budget::default(),
            )
            .unwrap();
        let rules = MexMatGame::new(&row, &column).unwrap();
        let cells: Vec<MexMatPosition> = (0..n)
            .flat_map(|i| (0..n).map(move |j| MexMatPosition::Cell(i, j)))
            .collect();
        let e = explore(&rules, cells.clone(), &Budget::default(), &NoProgress).unwrap();
        let values = grundy_values(&e.graph).unwrap();
        for p in cells {
            let MexMatPosition::Cell(i, j) = p else {
                unreachable!()
            };
            let solver = values.finite(e.id(&p).unwrap()).map(u64::from);
            assert_eq!(
                table.get(i as u64, j as u64),
                solver,
                "{row:?} {column:?} ({i}, {j})"
            );
        }
    }
    assert_eq!(
        table_game("mexmat:1202:1000").unwrap().name(),
        "Mex Mat (4 x 4)"
    );
}

#[test]
fn huge_two_pile_outcomes_are_consistent() {
    let base = 1_000_000_000_000_000_000u64;
    let a = span(base, base + 40);
    let b = span(base / 2, base / 2 + 2_000);
    let game = table_game("wythoff").unwrap();
    let table = game.grid(a, b, Kind::Outcomes, &Budget::default()).unwrap();
    let mut losses = 0;
    for x in a.iter() {
        let row: Vec<u64> = b.iter().filter(|&y| table.get(x, y) == Some(0)).collect();
        assert!(row.len() <= 1, "row {x}: {row:?}");
        for &y in &row {
            assert!(wythoff::is_p_position(x, y));
            assert_eq!(wythoff::pile_index(x).partner(), u128::from(y));
        }
        losses += row.len();
    }
    // a ≈ 10^18 pairs with b ≈ a / φ ≈ 0.618·10^18: not in this window.
    assert_eq!(losses, 0);
    // A window around a P-position of huge piles: the P-positions are (a_j, b_j) for the j
    // near k (a_j and b_j grow by 1 or 2 and by 2 or 3 from one j to the next).
    let k = 600_000_000_000_000_000u64;
    let (low, high) = (wythoff::lower(k) as u64, wythoff::upper(k) as u64);
    let table = game
        .grid(
            span(low - 3, low + 3),
            span(high - 3, high + 3),
            Kind::Outcomes,
            &Budget::default(),
        )
        .unwrap();
    let p: Vec<(u64, u64)> = (low - 3..=low + 3)
        .flat_map(|x| (high - 3..=high + 3).map(move |y| (x, y)))
        .filter(|&(x, y)| table.get(x, y) == Some(0))
        .collect();
    let expected: Vec<(u64, u64)> = (k - 2..=k + 2)
        .map(|j| (wythoff::lower(j) as u64, wythoff::upper(j) as u64))
        .filter(|&(x, y)| x.abs_diff(low) <= 3 && y.abs_diff(high) <= 3)
        .collect();
    assert!(expected.contains(&(low, high)));
    assert_eq!(p, expected);
    let nim = table_game("nim2").unwrap();
    let far = nim
        .grid(
            span(u64::MAX - 3, u64::MAX),
            span(u64::MAX - 3, u64::MAX),
            Kind::Outcomes,
            &Budget::default(),
        )
        .unwrap();
    assert_eq!(far.counts(), [(0, 4), (1, 12)]);
}

/// A game whose three positions move round a cycle: no finite values.
struct Cycle;

impl Impartial for Cycle {
    type Position = u64;

    fn options(&self, &n: &u64, out: &mut grundy::rules::Moves<u64>) {
        out.push((n + 1) % 3);
    }
}

#[test]
fn errors_are_clear() {
    let message = |e: TableError| e.to_string();
    let loopy = Table::from_rules_line("cycle", &Cycle, span(0, 2), &Budget::default());
    assert_eq!(
        message(loopy.unwrap_err()),
        "position 0 has no finite Sprague–Grundy value (its value is inf())"
    );
    assert!(message(table_game("chess").unwrap_err()).starts_with("unknown game 'chess'"));
    assert_eq!(
        message(table_game("0.9#").unwrap_err()),
        "bad take-and-break code '0.9#' at character 4: '#' is not a digit: expected 0-9 or \
         A-Z (bit i: leave i heaps), '{2,3}', '{2+}', '&N;', '.', '[' or ']'"
    );
    assert!(message(table_game("077").unwrap_err()).starts_with("bad take-and-break code '077'"));
    assert_eq!(
        message(table_game("subtraction:1,x").unwrap_err()),
        "bad game 'subtraction:1,x': the set: 'x' is not an amount (expected a whole number \
         from 1 to 18446744073709551615)"
    );
    assert!(message(table_game("subtraction:").unwrap_err()).contains("expected the amounts"));
    assert_eq!(
        message(table_game("subtraction:0,2").unwrap_err()),
        "bad game 'subtraction:0,2': the set: '0' is not an amount (expected a whole number \
         from 1 to 18446744073709551615)"
    );
    assert!(message(table_game("subtraction:5..2").unwrap_err()).contains("5 to 2"));
    assert_eq!(
        message(table_game("mexmat:12").unwrap_err()),
        "bad game 'mexmat:12': expected mexmat:ROW:COLUMN, the first row and column as digits 0-2"
    );
    assert_eq!(
        message(table_game("mexmat:13:10").unwrap_err()),
        "bad game 'mexmat:13:10': ROW: cell 2 is '3': cells are the digits 0, 1 and 2"
    );
    let mex_mat = table_game("mexmat:120:100").unwrap();
    assert_eq!(
        message(
            mex_mat
                .grid(span(0, 2), span(1, 3), Kind::Values, &Budget::default())
                .unwrap_err()
        ),
        "Mex Mat (3 x 3): row or column 3 is above the limit of 2 (the matrix has as many rows \
         and columns as its first row has cells)"
    );
    let wythoff_game = table_game("wythoff").unwrap();
    assert_eq!(
        message(
            wythoff_game
                .line(span(0, 5), Kind::Values, &Budget::default(), &NoProgress)
                .unwrap_err()
        ),
        "Wythoff's game has 2 parameters, not 1"
    );
    let kayles = table_game("0.77").unwrap();
    assert_eq!(
        message(
            kayles
                .grid(span(0, 5), span(0, 5), Kind::Values, &Budget::default())
                .unwrap_err()
        ),
        "0.77 (Kayles) has 1 parameter, not 2"
    );
    assert!(message(
        wythoff_game
            .grid(span(0, 6001), span(0, 3), Kind::Values, &Budget::default())
            .unwrap_err()
    )
    .starts_with("Wythoff's game: pile 6001 is above the limit of 6000"));
    assert_eq!(
        message(
            table_game("nim2")
                .unwrap()
                .grid(
                    span(0, 1 << 20),
                    span(0, 1 << 20),
                    Kind::Outcomes,
                    &Budget::default()
                )
                .unwrap_err()
        ),
        "the table would have 1099513724929 cells, more than the limit of 67108864"
    );
    assert!(message(
        table_game("0.8")
            .unwrap()
            .line(span(0, 2000), Kind::Values, &Budget::default(), &NoProgress)
            .unwrap_err()
    )
    .contains("three-way splits"));
    assert!(message(
        kayles
            .line(
                span((1 << 27) - 5, 1 << 27),
                Kind::Values,
                &Budget::default(),
                &NoProgress
            )
            .unwrap_err()
    )
    .contains("heap 134217728 is above the limit of 67108864"));
    let full = Table::line("all", span(0, u64::MAX), |n| n);
    assert_eq!(
        message(full.unwrap_err()),
        "the table would have 18446744073709551616 cells, more than the limit of 67108864"
    );
}

#[test]
fn ranges_parse() {
    let parse = |text: &str| Span::parse("--n", text);
    assert_eq!(parse("0..99"), Ok(span(0, 99)));
    assert_eq!(parse("3..=7"), Ok(span(3, 7)));
    assert_eq!(parse(" 12 "), Ok(span(0, 12)));
    assert_eq!(parse("5..5"), Ok(span(5, 5)));
    assert_eq!(parse("0..18446744073709551615").unwrap().count(), 1 << 64);
    assert_eq!(
        parse("9..2").unwrap_err().to_string(),
        "--n: the range 9..2 is empty: write FIRST..LAST with FIRST ≤ LAST"
    );
    assert!(parse("x..2")
        .unwrap_err()
        .to_string()
        .contains("'x' is not"));
    assert!(parse("-1..2").is_err());
    assert!(parse("1..").is_err());
    assert!(parse("").is_err());
    assert_eq!(span(2, 9).to_string(), "2..9");
    assert_eq!(Span::new(3, 2), None);
}

/// The text of a table.
fn text(table: &Table, wrap: usize) -> String {
    let mut out = Vec::new();
    table.write_text(&mut out, wrap).unwrap();
    String::from_utf8(out).unwrap()
}

fn csv(table: &Table) -> String {
    let mut out = Vec::new();
    table.write_csv(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn text_csv_and_json_shapes() {
    let game = table_game("subtraction:1,3,4").unwrap();
    let table = game
        .line(span(0, 13), Kind::Values, &Budget::default(), &NoProgress)
        .unwrap();
    assert_eq!(
        text(&table, 7),
        "n +0 +1 +2 +3 +4 +5 +6\n0  0  1  0  1  2  3  2\n7  0  1  0  1  2  3  2\n"
    );
    assert_eq!(
        text(&table, 10),
        " n +0 +1 +2 +3 +4 +5 +6 +7 +8 +9\n 0  0  1  0  1  2  3  2  0  1  0\n10  1  2  3  2\n"
    );
    assert_eq!(
        text(&table.outcomes(), 0),
        " n +0\n 0  P\n 1  N\n 2  P\n 3  N\n 4  N\n 5  N\n 6  N\n 7  P\n 8  N\n 9  P\n10  N\n11  N\n12  N\n13  N\n"
    );
    let lines: Vec<String> = csv(&table).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 15);
    assert_eq!(lines[..3], ["n,value", "0,0", "1,1"]);
    assert_eq!(csv(&table.outcomes()).lines().nth(3), Some("2,P"));
    let value = serde_json::to_value(&table).unwrap();
    assert_eq!(
        value,
        json!({
            "game": "subtraction game: take 1, 3 or 4",
            "kind": "values",
            "n": {"first": 0, "last": 13},
            "values": [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2],
        })
    );
    let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["game", "kind", "n", "values"]);

    let wythoff_game = table_game("wythoff").unwrap();
    let grid = wythoff_game
        .grid(span(2, 4), span(9, 11), Kind::Values, &Budget::default())
        .unwrap();
    assert_eq!(
        text(&grid, 10),
        "a\\b  9 10 11\n  2 11  9 10\n  3 12  8  7\n  4  8 13 12\n"
    );
    assert_eq!(csv(&grid), "a\\b,9,10,11\n2,11,9,10\n3,12,8,7\n4,8,13,12\n");
    let outcomes = wythoff_game
        .grid(span(3, 5), span(3, 5), Kind::Outcomes, &Budget::default())
        .unwrap();
    assert_eq!(csv(&outcomes), "a\\b,3,4,5\n3,N,N,P\n4,N,N,N\n5,P,N,N\n");
    let value = serde_json::to_value(&outcomes).unwrap();
    assert_eq!(
        value,
        json!({
            "game": "Wythoff's game",
            "kind": "outcomes",
            "a": {"first": 3, "last": 5},
            "b": {"first": 3, "last": 5},
            "outcomes": [["N", "N", "P"], ["N", "N", "N"], ["P", "N", "N"]],
        })
    );
    assert!(matches!(value["outcomes"][0][0], Value::String(_)));
    assert_eq!(outcomes.counts(), [(0, 2), (1, 7)]);
    // Huge values keep their digits.
    let huge = table_game("subtraction:except:1")
        .unwrap()
        .line(
            span(u64::MAX - 1, u64::MAX),
            Kind::Values,
            &Budget::default(),
            &NoProgress,
        )
        .unwrap();
    assert_eq!(
        csv(&huge),
        "n,value\n18446744073709551614,9223372036854775807\n18446744073709551615,9223372036854775807\n"
    );
}

#[test]
fn layouts_wrap_lines_and_keep_grids() {
    let table = Table::line("identity", span(10, 32), |n| n).unwrap();
    let layout = table.layout(10);
    assert_eq!((layout.rows(), layout.columns()), (3, 10));
    assert_eq!(layout.cell(2, 2), Some(32));
    assert_eq!(layout.cell(2, 3), None);
    assert_eq!(layout.cell(3, 0), None);
    assert_eq!((layout.row_label(1), layout.column_label(4)), (20, 4));
    assert_eq!(layout.column_label_text(4), "+4");
    assert_eq!((layout.row_name(), layout.column_name()), ("n", "+k"));
    assert!(!layout.is_grid());
    // A row width above the length: one row of all the cells.
    assert_eq!(
        (table.layout(100).rows(), table.layout(100).columns()),
        (1, 23)
    );
    let grid = Table::grid("sum", span(1, 2), span(5, 7), |a, b| a + b).unwrap();
    let layout = grid.layout(1);
    assert_eq!((layout.rows(), layout.columns()), (2, 3));
    assert_eq!((layout.row_label(1), layout.column_label(2)), (2, 7));
    assert_eq!(layout.cell(1, 2), Some(9));
    assert_eq!(layout.corner_label(), "a\\b");
    assert_eq!(layout.table().get(2, 7), Some(9));
    assert_eq!(grid.value(1), None);
}

// ---------------------------------------------------------------------------------------------
// The rulesets' tables

/// The catalogue's tables of rulesets (`grundy table domineering`, `toads-and-frogs`) hold,
/// cell by cell, the value the ruleset gives the position on its own (a fresh store each),
/// and their outcome tables the class of that value.
#[test]
fn ruleset_tables_hold_each_positions_value() {
    use grundy::partizan::rulesets::domineering::Domineering;
    use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;
    use grundy::partizan::rulesets::{Evaluator, Ruleset};
    use grundy::partizan::{GameStore, OutcomeClass};
    use grundy::pattern::table::outcome_code;
    fn single<R: Ruleset + Copy>(rules: R, text: &str) -> (String, OutcomeClass) {
        let mut store = GameStore::new();
        let v = Evaluator::new(rules)
            .value(&mut store, &rules.parse(text).unwrap())
            .unwrap();
        (store.display(v), store.outcome(v).unwrap())
    }
    let (a, b) = (span(1, 4), span(1, 5));
    let domineering = table_game("domineering")
        .unwrap()
        .grid(a, b, Kind::Values, &Budget::default())
        .unwrap();
    let outcomes = table_game("domineering")
        .unwrap()
        .grid(a, b, Kind::Outcomes, &Budget::default())
        .unwrap();
    for rows in a.iter() {
        for cols in b.iter() {
            let board = vec![".".repeat(cols as usize); rows as usize].join("|");
            let (form, class) = single(Domineering, &board);
            let cell = domineering.get(rows, cols).unwrap();
            assert_eq!(domineering.cell_text(cell), form, "{rows} x {cols}");
            assert_eq!(outcomes.get(rows, cols), Some(outcome_code(class)));
        }
    }
    let (a, b) = (span(0, 4), span(0, 4));
    let toads = table_game("toads-and-frogs")
        .unwrap()
        .grid(a, b, Kind::Values, &Budget::default())
        .unwrap();
    for x in a.iter() {
        for y in b.iter() {
            let strip = format!("{}.{}", "T".repeat(x as usize), "F".repeat(y as usize));
            let cell = toads.get(x, y).unwrap();
            assert_eq!(
                toads.cell_text(cell),
                single(ToadsAndFrogs, &strip).0,
                "{strip}"
            );
        }
    }
}

/// A table of a ruleset whose budget runs out part-way keeps the rows it finished.
#[test]
fn a_table_whose_budget_runs_out_keeps_its_finished_rows() {
    use grundy::budget::Resource;
    let game = table_game("domineering").unwrap();
    let all = Span { first: 1, last: 4 };
    let columns = Span { first: 1, last: 7 };
    let kind = Kind::Forms;
    let whole = game.grid(all, columns, kind, &Budget::default()).unwrap();
    // A budget that runs out at a random point: the rows finished are the whole table's.
    let mut stopped_somewhere = false;
    for positions in [200, 2_000, 20_000] {
        let budget = Budget::default().with_positions(positions);
        match game.grid(all, columns, kind, &budget) {
            Ok(table) => assert_eq!(table, whole),
            Err(TableError::Stopped { partial, error }) => {
                stopped_somewhere = true;
                assert_eq!(error.resource, Resource::Positions);
                let rows = partial.rows();
                assert_eq!(rows.first, 1);
                assert!(rows.last < 4);
                for a in rows.first..=rows.last {
                    for b in columns.first..=columns.last {
                        let cell = |t: &Table| t.get(a, b).map(|v| t.cell_text(v));
                        assert_eq!(cell(&partial), cell(&whole), "({a}, {b})");
                    }
                }
            }
            Err(TableError::Budget { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert!(stopped_somewhere);
}
