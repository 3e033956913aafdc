//! Take-and-break games against external tables (testdata/octal) and against the
//! generic solver; the sparse-space method against the definition.

use std::path::PathBuf;

mod common;

use grundy::budget::Budget;
use grundy::impartial::octal::{values_plain, values_sparse, Rule};
use grundy::pattern::period::{self, OctalPeriod, Period};
use grundy::progress::NoProgress;
use grundy::rules::{explore, Impartial};
use grundy::solve::grundy_values;

fn testdata(name: &str) -> PathBuf {
    common::testdata_dir().join("octal").join(name)
}

#[derive(serde::Deserialize)]
struct Trivial {
    code: String,
    preperiod: usize,
    period: usize,
    prefix: Vec<u16>,
    cycle: Vec<u16>,
}

fn trivial_games() -> Vec<Trivial> {
    let text = std::fs::read_to_string(testdata("trivial_games.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn all_82_trivial_games_have_the_tabled_values_and_a_proven_period() {
    let games = trivial_games();
    assert_eq!(games.len(), 82);
    for game in &games {
        let rule = Rule::parse(&game.code).unwrap_or_else(|e| panic!("{e}"));
        let t = rule.max_removal();
        let n = 2 * game.preperiod + 2 * game.period + t + 50;
        let values = values_plain(&rule, n, &Budget::default()).unwrap();
        for (i, &v) in values.iter().enumerate() {
            let want = if i < game.preperiod {
                game.prefix[i]
            } else {
                game.cycle[(i - game.preperiod) % game.period]
            };
            assert_eq!(v, want, "{} at heap {i}", game.code);
        }
        let expected = Period {
            preperiod: game.preperiod,
            period: game.period,
        };
        assert_eq!(
            period::octal(&values, Some(t)),
            OctalPeriod::Proven { period: expected },
            "{}",
            game.code
        );
        // With too few values the theorem does not apply yet.
        let short = &values[..2 * game.preperiod + 2 * game.period + t - 1];
        assert!(
            !matches!(period::octal(short, Some(t)), OctalPeriod::Proven { .. }),
            "{}",
            game.code
        );
    }
}

#[test]
fn sparse_space_values_equal_the_definition() {
    let mut codes: Vec<String> = trivial_games().into_iter().map(|g| g.code).collect();
    codes.extend(
        [
            "0.0404", "grundy", "0.6", "0.45", "0.156", "0.356", "0.644", "4.07", "0.16", "0.56",
        ]
        .map(String::from),
    );
    for code in &codes {
        let rule = Rule::parse(code).unwrap();
        let plain = values_plain(&rule, 2500, &Budget::default()).unwrap();
        let sparse = values_sparse(&rule, 2500, None, &Budget::default(), &NoProgress).unwrap();
        assert_eq!(plain, sparse.values, "{code}");
        for mask in [0x1, 0x6, 0xfe] {
            let with =
                values_sparse(&rule, 1500, Some(mask), &Budget::default(), &NoProgress).unwrap();
            assert_eq!(plain[..=1500], with.values[..], "{code} with mask {mask:x}");
        }
    }
}

#[test]
fn sparse_space_values_equal_the_definition_on_random_codes() {
    // Seeded, so a failure names a code that can be run again.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |bound: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % bound
    };
    for _ in 0..60 {
        let len = 1 + next(5) as usize;
        let digits: String = (0..len).map(|_| char::from(b'0' + next(8) as u8)).collect();
        let code = format!("{}.{digits}", if next(4) == 0 { "4" } else { "0" });
        let Ok(rule) = Rule::parse(&code) else {
            continue;
        };
        let plain = values_plain(&rule, 3000, &Budget::default()).unwrap();
        let sparse = values_sparse(&rule, 3000, None, &Budget::default(), &NoProgress).unwrap();
        assert_eq!(plain, sparse.values, "{code}");
    }
}

/// A heap game played by the rules, for the generic solver.
struct Heaps(Rule);

impl Impartial for Heaps {
    type Position = Vec<u16>;
    fn options(&self, heaps: &Vec<u16>, out: &mut grundy::rules::Moves<Vec<u16>>) {
        let digits: Vec<u8> = match &self.0 {
            Rule::Code { digits } => digits.clone(),
            Rule::Grundy => vec![4],
            Rule::General(_) => unreachable!("the general codes have their own tests"),
        };
        for (i, &h) in heaps.iter().enumerate() {
            let others: Vec<u16> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
            let mut push = |parts: &[u16]| {
                let mut next = others.clone();
                next.extend(parts.iter().filter(|&&x| x > 0));
                next.sort_unstable();
                out.push(next);
            };
            for (j, &d) in digits.iter().enumerate() {
                let j = j as u16;
                if h < j {
                    continue;
                }
                let rest = h - j;
                if d & 1 != 0 && rest == 0 && j > 0 {
                    push(&[]);
                }
                if d & 2 != 0 && rest > 0 && j > 0 {
                    push(&[rest]);
                }
                if d & 4 != 0 {
                    for a in 1..rest {
                        let b = rest - a;
                        if a <= b && !(matches!(self.0, Rule::Grundy) && a == b) {
                            push(&[a, b]);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn heap_values_equal_the_solved_game_of_several_heaps() {
    for code in [
        "0.77", "0.07", "0.137", "4.07", "0.6", "grundy", "0.15", "4.3",
    ] {
        let rule = Rule::parse(code).unwrap();
        let values = values_plain(&rule, 12, &Budget::default()).unwrap();
        for start in [vec![5u16], vec![3, 4], vec![2, 6, 7], vec![12]] {
            let e = explore(
                &Heaps(rule.clone()),
                [start.clone()],
                &Budget::default(),
                &NoProgress,
            )
            .unwrap();
            let solved = grundy_values(&e.graph).unwrap();
            let xor = start.iter().fold(0, |x, &h| x ^ values[h as usize]);
            assert_eq!(solved.finite(0), Some(u32::from(xor)), "{code} {start:?}");
        }
    }
}

#[test]
fn kayles_and_dawsons_kayles() {
    let kayles = values_plain(&Rule::parse("0.77").unwrap(), 200, &Budget::default()).unwrap();
    assert_eq!(
        period::octal(&kayles, Some(2)),
        OctalPeriod::Proven {
            period: Period {
                preperiod: 71,
                period: 12
            }
        }
    );
    let dawson = values_plain(&Rule::parse("0.07").unwrap(), 300, &Budget::default()).unwrap();
    assert_eq!(
        period::octal(&dawson, Some(2)),
        OctalPeriod::Proven {
            period: Period {
                preperiod: 53,
                period: 34
            }
        }
    );
}

/// A row of SolvedGames.md: game, pre-period, period, largest index, largest value, rare mask.
fn solved_games() -> Vec<(String, usize, usize, usize, u16, Option<u16>)> {
    let text = std::fs::read_to_string(testdata("SolvedGames.md")).unwrap();
    text.lines()
        .filter(|l| l.starts_with('.'))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (
                cells[0].to_string(),
                cells[1].parse().unwrap(),
                cells[2].parse().unwrap(),
                cells[3].parse().unwrap(),
                cells[4].parse().unwrap(),
                u16::from_str_radix(cells[5], 16).ok(),
            )
        })
        .collect()
}

fn check_solved(code: &str) {
    let (_, pre, per, largest_at, largest, _) = solved_games()
        .into_iter()
        .find(|g| g.0 == code)
        .expect("in the table");
    let rule = Rule::parse(code).unwrap();
    let n = 2 * pre + 2 * per + rule.max_removal();
    let values = values_sparse(&rule, n, None, &Budget::default(), &NoProgress)
        .unwrap()
        .values;
    assert_eq!(
        period::octal(&values, Some(rule.max_removal())),
        OctalPeriod::Proven {
            period: Period {
                preperiod: pre,
                period: per
            }
        },
        "{code}"
    );
    let max = *values.iter().max().unwrap();
    assert_eq!(
        (values.iter().position(|&v| v == max).unwrap(), max),
        (largest_at, largest),
        "{code}"
    );
}

#[test]
fn solved_games_with_small_preperiods() {
    for code in [".45", ".156", ".356", ".644", ".165"] {
        check_solved(code);
    }
}

/// Larger solved games (pre-periods 46,578 to 2,268,248): `cargo test --release -- --ignored`.
#[test]
#[ignore = "minutes in a test build: run with --release -- --ignored"]
fn solved_games_with_large_preperiods() {
    for code in [".127", ".16", ".56", ".376"] {
        check_solved(code);
    }
}

#[test]
fn grundys_game_rare_values() {
    // Grundy's game up to 2^17: with mask fe the rare values are at 1274 heaps, the last at
    // 82,860 (the table's figures up to 2^21, none of them beyond 82,860); the largest value
    // so far is 230 at 45,668.
    let s = values_sparse(
        &Rule::Grundy,
        1 << 17,
        None,
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    assert_eq!(s.mask, 0xfe);
    assert_eq!(s.rare_heaps.len(), 1274);
    assert_eq!(*s.rare_heaps.last().unwrap(), 82_860);
    let max = *s.values.iter().max().unwrap();
    assert_eq!(
        (max, s.values.iter().position(|&v| v == max).unwrap()),
        (230, 45_668)
    );
    assert!(
        matches!(period::octal(&s.values, Some(0)), OctalPeriod::None { .. }),
        "no period known"
    );
}

#[test]
fn malformed_codes_are_refused_with_the_place() {
    for (code, column) in [("0.7$", 4), ("5.07", 1), ("0.", 3), ("0.000", 3), ("", 1)] {
        let err = Rule::parse(code).unwrap_err();
        assert_eq!(err.column, column, "{code}: {err}");
    }
    assert_eq!(Rule::parse("4").unwrap(), Rule::Code { digits: vec![4] });
    // Printed as it is read: `4.` would not read back.
    assert_eq!(Rule::parse("4").unwrap().to_string(), "4");
    assert_eq!(Rule::parse("4.07").unwrap().to_string(), "4.07");
    assert_eq!(Rule::parse(".77").unwrap(), Rule::parse("0.77").unwrap());
}

#[test]
fn period_finder_on_plain_sequences() {
    assert_eq!(
        period::find(&[1, 2, 3, 1, 2, 3]),
        Some(Period {
            preperiod: 0,
            period: 3
        })
    );
    assert_eq!(
        period::find(&[9, 1, 2, 1, 2, 1, 2]),
        Some(Period {
            preperiod: 1,
            period: 2
        })
    );
    assert_eq!(period::find(&[1, 2, 3]), None);
    assert_eq!(period::find::<u8>(&[]), None);
}

#[test]
fn the_budget_stops_take_and_break_values() {
    use grundy::budget::{Cancel, Resource};
    use grundy::impartial::octal::ValuesError;
    use std::time::Duration;

    let stopped_on = |result: Result<Vec<u16>, ValuesError>| match result {
        Err(ValuesError::Budget(e)) => Some(e.resource),
        _ => None,
    };
    let kayles = Rule::parse("0.77").unwrap();
    let sparse =
        |n, budget: &Budget| values_sparse(&kayles, n, None, budget, &NoProgress).map(|s| s.values);
    // A generous budget gives the values the default one gives.
    let big = Budget::default().with_memory(1 << 40);
    assert_eq!(
        values_plain(&kayles, 3000, &big).unwrap(),
        values_plain(&kayles, 3000, &Budget::default()).unwrap()
    );
    assert_eq!(
        sparse(5000, &big).unwrap(),
        sparse(5000, &Budget::default()).unwrap()
    );
    // Too many heaps for the memory: refused before anything is allocated, even 2^64 − 1.
    let small = Budget::default().with_memory(1 << 20);
    for n in [1 << 20, usize::MAX] {
        assert_eq!(
            stopped_on(values_plain(&kayles, n, &small)),
            Some(Resource::Memory)
        );
        assert_eq!(stopped_on(sparse(n, &small)), Some(Resource::Memory));
    }
    let three_way = Rule::parse("0.f").unwrap();
    assert_eq!(
        stopped_on(values_plain(
            &three_way,
            1 << 32,
            &Budget::default().with_memory(1 << 30)
        )),
        Some(Resource::Memory)
    );
    // A deadline passed, a cancel.
    let late = Budget::default().with_time(Duration::ZERO);
    assert_eq!(
        stopped_on(values_plain(&three_way, 3000, &late)),
        Some(Resource::Time)
    );
    assert_eq!(stopped_on(sparse(1 << 20, &late)), Some(Resource::Time));
    let cancel = Cancel::new();
    cancel.cancel();
    let cancelled = Budget::default().with_cancel(cancel);
    assert_eq!(
        stopped_on(values_plain(&Rule::Grundy, 3000, &cancelled)),
        Some(Resource::Cancelled)
    );
    assert_eq!(
        stopped_on(sparse(1 << 20, &cancelled)),
        Some(Resource::Cancelled)
    );
}
