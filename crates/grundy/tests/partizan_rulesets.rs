//! The rulesets against brute force: on many random small positions (seeded), the game tree
//! built from the rules alone (move by move, never split into regions, no canonical form) must
//! equal the engine's value by the definition of `≤` both ways; the outcome class and each
//! player's winning moves must be those found by playing the tree out. Bad boards must give
//! errors that name their place.

mod common;

use common::rulesets::{against_brute_force, random_grids};
use grundy::budget::Budget;
use grundy::partizan::rulesets::amazons::Amazons;
use grundy::partizan::rulesets::clobber::Clobber;
use grundy::partizan::rulesets::cram::Cram;
use grundy::partizan::rulesets::domineering::Domineering;
use grundy::partizan::rulesets::hackenbush::Hackenbush;
use grundy::partizan::rulesets::konane::Konane;
use grundy::partizan::rulesets::snort_col::SnortCol;
use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::{Dyadic, GameStore, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn domineering_against_brute_force() {
    let boards = random_grids(1, 300, 12, &[('.', 4), ('#', 1)]);
    assert_eq!(against_brute_force(Domineering, &boards), 300);
}

#[test]
fn cram_against_brute_force() {
    let boards = random_grids(2, 300, 12, &[('.', 4), ('#', 1)]);
    assert_eq!(against_brute_force(Cram, &boards), 300);
}

#[test]
fn clobber_against_brute_force() {
    let boards = random_grids(4, 300, 12, &[('x', 3), ('o', 3), ('.', 1), ('#', 1)]);
    assert_eq!(against_brute_force(Clobber::CLOBBER, &boards), 300);
}

#[test]
fn anticlobber_against_brute_force() {
    let boards = random_grids(5, 300, 10, &[('x', 2), ('o', 2), ('.', 2), ('#', 1)]);
    assert_eq!(against_brute_force(Clobber::ANTI_CLOBBER, &boards), 300);
}

#[test]
fn konane_against_brute_force() {
    let mut boards = random_grids(10, 300, 12, &[('x', 3), ('o', 3), ('.', 3), ('#', 1)]);
    // Long lines, where stones jump two and three times.
    boards.extend(
        random_grids(11, 100, 10, &[('x', 2), ('o', 2), ('.', 2)])
            .into_iter()
            .map(|b| b.replace('|', "")),
    );
    boards.extend(["xo.o.o.", "o.o.oxo.o.", "xo.o|o.x.|.o.x", "x.|o.|.o|ox|.x"].map(String::from));
    assert_eq!(against_brute_force(Konane, &boards), 404);
}

#[test]
fn konane_jumps_on_in_a_line() {
    let p = Konane.parse("xo.o.o").unwrap();
    let mut moves = Vec::new();
    Konane.moves(&p, Side::Left, &mut moves);
    let shown: Vec<String> = moves
        .iter()
        .map(|(m, q)| format!("{m} {}", Konane.show(q)))
        .collect();
    assert_eq!(shown, ["(1,1)->(1,3) ..xo.o", "(1,1)->(1,5) ....xo"]);
    moves.clear();
    Konane.moves(&p, Side::Right, &mut moves);
    assert!(moves.is_empty());
}

#[test]
fn amazons_against_brute_force() {
    let mut boards = random_grids(12, 300, 8, &[('x', 1), ('o', 1), ('.', 4), ('#', 1)]);
    boards.extend(
        [
            "x..|##o",
            "x...|o...",
            "x.#|..#|#.o",
            "x.o|...",
            ".x.|#.#|.o.",
        ]
        .map(String::from),
    );
    assert_eq!(against_brute_force(Amazons, &boards), 305);
}

#[test]
fn toads_and_frogs_against_brute_force() {
    let mut rng = StdRng::seed_from_u64(6);
    let strips: Vec<String> = (0..400)
        .map(|_| {
            let len = rng.random_range(0..=11);
            (0..len)
                .map(|_| ['T', 'F', '.', '.'][rng.random_range(0..4)])
                .collect()
        })
        .chain(["TTFF", "T.TTFF.F", "FFT.F.TT", "TT.FTTFF..F"].map(String::from))
        .collect();
    assert_eq!(against_brute_force(ToadsAndFrogs, &strips), 404);
}

/// Random Hackenbush positions: trees in CGSuite's notation and graphs as edge lists (with
/// cycles, ground loops and parts that fall when an edge is cut).
fn random_hackenbush(seed: u64, count: usize) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let letter = |rng: &mut StdRng| ['l', 'r', 'e'][rng.random_range(0..3)];
    (0..count)
        .map(|k| {
            if k % 2 == 0 {
                let mut text = String::new();
                for _ in 0..rng.random_range(0..=7) {
                    match rng.random_range(0..6) {
                        0 => text.push_str(&format!("({};{})", letter(&mut rng), letter(&mut rng))),
                        _ => text.push(letter(&mut rng)),
                    }
                }
                text
            } else {
                let vertices = rng.random_range(1..=5);
                (0..rng.random_range(1..=7))
                    .map(|_| {
                        let u = rng.random_range(0..vertices);
                        let v = rng.random_range(0..vertices);
                        format!("{u}-{v}:{}", letter(&mut rng))
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        })
        .collect()
}

#[test]
fn hackenbush_against_brute_force() {
    let positions = random_hackenbush(7, 300);
    assert_eq!(against_brute_force(Hackenbush, &positions), 300);
}

/// Random Snort and Col positions: edge lists on up to 7 vertices (some coloured, some tinted,
/// loops and repeated edges included) and CGSuite's notation (paths, branches, named cycles).
fn random_coloured_graphs(seed: u64, count: usize) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let label =
        |rng: &mut StdRng| ["", "", "", ":L", ":R", ":x", ":o", ":."][rng.random_range(0..8)];
    (0..count)
        .map(|k| {
            if k % 3 == 0 {
                let mut text = String::from([".", "L", "R", "x", ":A"][rng.random_range(0..5)]);
                for _ in 0..rng.random_range(0..=6) {
                    match rng.random_range(0..8) {
                        0 => text.push_str("(-.;-R)"),
                        1 => text.push_str("(-L;--)"),
                        2 => text.push_str("-.:A"),
                        3 | 4 => text.push('-'),
                        _ => text.push_str(["-.", "-L", "-R", "-x", "-o"][rng.random_range(0..5)]),
                    }
                }
                text
            } else {
                let vertices = rng.random_range(1..=7);
                let mut words: Vec<String> = (0..rng.random_range(0..=9))
                    .map(|_| {
                        let u = rng.random_range(0..vertices);
                        let v = rng.random_range(0..vertices);
                        format!("{u}-{v}")
                    })
                    .collect();
                for v in 0..vertices {
                    let l = label(&mut rng);
                    if !l.is_empty() {
                        words.push(format!("{v}{l}"));
                    }
                }
                if words.is_empty() {
                    words.push("0".to_string());
                }
                words.join(" ")
            }
        })
        .collect()
}

#[test]
fn snort_against_brute_force() {
    let positions = random_coloured_graphs(8, 400);
    assert_eq!(against_brute_force(SnortCol::SNORT, &positions), 400);
}

#[test]
fn col_against_brute_force() {
    let positions = random_coloured_graphs(9, 400);
    assert_eq!(against_brute_force(SnortCol::COL, &positions), 400);
}

#[test]
fn snort_and_col_read_both_notations() {
    let show = |text: &str| {
        let p = SnortCol::SNORT.parse(text).unwrap();
        SnortCol::SNORT.show(&p)
    };
    // A coloured vertex tints its neighbours and goes; one tinted both ways goes too.
    assert_eq!(show("L-.-x-.-o-."), "0:L 1:L 5:R 0-1");
    assert_eq!(show("0:x-1-2:o 3:L-0"), "3:L");
    assert_eq!(show(".-.-.(-.;-.)"), "0-1 1-2 2-3 2-4");
    assert_eq!(show(":A---:A"), "0-1 0-2 1-2");
    assert_eq!(show("0-1, 1-2:R 5"), "2:R 5 0-1 1-2");
    assert_eq!(show(""), "");
    let error = |text: &str| SnortCol::COL.parse(text).unwrap_err().to_string();
    assert_eq!(
        error("L-.q"),
        "1:4: expected a vertex ('.' (uncoloured), 'L' or 'R' (tinted), 'x' or 'o' \
         (coloured)), '-', '(', ';' or ')', found 'q'"
    );
    assert_eq!(
        error("LR"),
        "1:2: expected '-', '(', ';' or ')' after a vertex, found 'R'"
    );
    assert_eq!(error("(-.)"), "1:1: expected a vertex before '('");
    assert_eq!(error("L-(-.;-."), "1:9: expected ';' or ')'");
    assert_eq!(
        error("L-.)"),
        "1:4: expected a vertex, '-' or ';', found ')'"
    );
    assert_eq!(
        error("0-1 1-64"),
        "1:7: expected a vertex V or V:C (V from 0 to 63; C '.' (uncoloured), 'L' or 'R' \
         (tinted), 'x' or 'o' (coloured)), found \"64\""
    );
    assert_eq!(
        error("0:L-1 0:R"),
        "1:7: vertex 0 is 'L' already, found 'R'"
    );
    assert_eq!(
        error(&"-".repeat(64)),
        "1:65: more than 64 vertices, the most this ruleset plays"
    );
}

#[test]
fn isomorphic_snort_parts_meet() {
    let regions = |text: &str| {
        let mut out = Vec::new();
        SnortCol::SNORT.regions(&SnortCol::SNORT.parse(text).unwrap(), &mut out);
        out
    };
    // One path with a tinted end, numbered three ways.
    let path = regions("0:L-1-2");
    assert_eq!(regions("5-3-0:L"), path);
    assert_eq!(regions(".-.-L"), path);
    // A 5-cycle with a pendant vertex, numbered two ways; two copies make two equal parts.
    let twice = regions("0-1-2-3-4-0 2-5 10-11-12-13-14-10 14-15");
    assert_eq!(twice.len(), 2);
    assert_eq!(twice[0], twice[1]);
    assert_eq!(regions(":A-.-.(-.)-.-.-:A"), twice[..1]);
    // The longest path CGSuite's Snort case is part of, valued with few regions.
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(SnortCol::SNORT);
    let p = SnortCol::SNORT.parse(&"-".repeat(11)).unwrap();
    eval.value(&mut store, &p).unwrap();
    assert!(eval.regions_valued() < 200, "{}", eval.regions_valued());
}

/// The value of a blue-red string by Berlekamp's rule: the first run of one colour counts
/// ±1 per edge; after the first change of colour, each edge counts ±1/2, ±1/4, ... (+ blue).
fn string_rule(text: &str) -> Dyadic {
    let sign = |c: char| if c == 'l' { 1 } else { -1 };
    let chars: Vec<char> = text.chars().collect();
    let run = chars.iter().take_while(|&&c| c == chars[0]).count();
    let mut value = Dyadic::new(sign(chars[0]) * run as i64, 0).unwrap();
    for (k, &c) in chars[run..].iter().enumerate() {
        let term = Dyadic::new(sign(c), k as u32 + 1).unwrap();
        value = value.checked_add(term).unwrap();
    }
    value
}

#[test]
fn blue_red_strings_follow_the_closed_form() {
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(Hackenbush);
    for len in 1..=10u32 {
        for bits in 0..1u32 << len {
            let text: String = (0..len)
                .map(|i| if bits >> i & 1 == 1 { 'l' } else { 'r' })
                .collect();
            let v = eval
                .value(&mut store, &Hackenbush.parse(&text).unwrap())
                .unwrap();
            assert_eq!(store.as_number(v), Some(string_rule(&text)), "{text}");
        }
    }
}

#[test]
fn cram_values_are_nimbers() {
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(Cram);
    for text in random_grids(3, 200, 16, &[('.', 5), ('#', 1)]) {
        let v = eval.value(&mut store, &Cram.parse(&text).unwrap()).unwrap();
        assert!(store.is_nimber(v), "{text} = {}", store.display(v));
    }
}

#[test]
fn bad_boards_name_their_place() {
    let error = |text: &str| Domineering.parse(text).unwrap_err().to_string();
    assert_eq!(
        error("..|.x"),
        "2:2: expected '.' (empty) or '#' (filled), found 'x'"
    );
    assert_eq!(
        error("...|.."),
        "2:3: expected a row of 3 cells like row 1, found 2"
    );
    assert_eq!(
        error("..||.."),
        "2:1: expected a row of 2 cells like row 1, found 0"
    );
    assert_eq!(
        error("|.."),
        "1:1: expected a row of cells ('.' (empty) or '#' (filled)), found an empty row"
    );
    let big = ["..........."; 12].join("|");
    assert_eq!(
        error(&big),
        "12:8: the board has more than 128 cells, the most this ruleset plays"
    );
    // The largest board is played.
    let full = ["################"; 8].join("|");
    let p = Domineering.parse(&full).unwrap();
    assert_eq!(Domineering.show(&p), full);
}

// ---------------------------------------------------------------------------------------------
// Budgets

/// The value of `text` under `rules` within `budget`, as text, or the budget's error.
fn value_within<R: Ruleset>(
    rules: R,
    text: &str,
    budget: Budget,
) -> Result<String, grundy::partizan::ValueError> {
    let p = rules.parse(text).unwrap();
    let mut store = GameStore::with_budget(budget);
    let v = Evaluator::new(rules).value(&mut store, &p)?;
    Ok(store.display(v))
}

/// A valuation within a budget, its value as text or the budget's error.
type Valuation = Box<dyn Fn(Budget) -> Result<String, ValueError>>;

/// Positions that take some thousands of operations: Clobber, Snort and Hackenbush.
fn budget_cases() -> Vec<(&'static str, Valuation)> {
    vec![
        (
            "clobber",
            Box::new(|b| value_within(Clobber::CLOBBER, "xoxox|oxoxo|xoxox", b)),
        ),
        (
            "snort",
            Box::new(|b| value_within(SnortCol::SNORT, &["."; 12].join("-"), b)),
        ),
        (
            "hackenbush",
            Box::new(|b| value_within(Hackenbush, "l(lr;rl;lgr;rrl;gl)", b)),
        ),
    ]
}

use grundy::budget::{Cancel, Resource};
use grundy::partizan::ValueError;
use std::time::Duration;

/// The resource a run stopped on, if it stopped on a budget.
fn stopped_on(result: Result<String, ValueError>) -> Option<Resource> {
    match result {
        Err(ValueError::Budget(e)) => Some(e.resource),
        _ => None,
    }
}

#[test]
fn a_small_memory_budget_stops_each_ruleset() {
    for (name, run) in budget_cases() {
        let generous = run(Budget::default()).unwrap();
        assert_eq!(
            run(Budget::default().with_memory(1 << 40)).unwrap(),
            generous,
            "{name}"
        );
        let error = run(Budget::default().with_memory(64 << 10)).unwrap_err();
        let ValueError::Budget(e) = error else {
            panic!("{name}: expected a budget error, got {error}");
        };
        assert_eq!(e.resource, Resource::Memory, "{name}");
        assert!(e.positions > 0, "{name}: {e}");
        assert!(
            e.to_string()
                .starts_with("the memory budget of 64.0 KiB ran out while computing"),
            "{name}: {e}"
        );
    }
}

#[test]
fn a_passed_deadline_or_a_cancel_stops_each_ruleset() {
    for (name, run) in budget_cases() {
        let late = run(Budget::default().with_time(Duration::ZERO));
        assert_eq!(stopped_on(late), Some(Resource::Time), "{name}");
        let cancel = Cancel::new();
        cancel.cancel();
        let cancelled = run(Budget::default().with_cancel(cancel));
        assert_eq!(stopped_on(cancelled), Some(Resource::Cancelled), "{name}");
    }
}

#[test]
fn a_strip_of_128_cells_is_valued() {
    // The shifts by the width of a one-row board of 128 cells once overflowed.
    let strip = format!("{}{}", "x".repeat(64), ".".repeat(64));
    assert_eq!(
        value_within(Clobber::CLOBBER, &strip, Budget::default()).unwrap(),
        "0"
    );
    // Empty cells are no part of a Clobber region: xo at either end is xo alone.
    for strip in [
        format!("xo{}", ".".repeat(126)),
        format!("{}ox", ".".repeat(126)),
    ] {
        assert_eq!(
            value_within(Clobber::CLOBBER, &strip, Budget::default()).unwrap(),
            "*"
        );
    }
    let empty = ".".repeat(128);
    assert_eq!(
        value_within(Domineering, &empty, Budget::default()).unwrap(),
        "-64"
    );
}
