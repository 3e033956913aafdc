//! Toppling Dominoes: random rows against brute force (the game tree from the rules alone),
//! values worked out by hand from the rules, and every surface the registry makes of the
//! family: the answer, the table, play.

// The engine's test helpers, shared rather than copied.
#[path = "../../grundy/tests/common/mod.rs"]
mod common;

use common::rulesets::{against_brute_force, random_grids};
use grundy::budget::Budget;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::GameStore;
use grundy::pattern::table::{Kind, Span};
use grundy::Outcome;
use grundy_catalogue::games::registry;
use grundy_catalogue::games::toppling_dominoes::TopplingDominoes;

/// The canonical form of `text`, as the engine writes it.
fn value(text: &str) -> String {
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(TopplingDominoes);
    let p = TopplingDominoes.parse(text).unwrap();
    let v = eval.value(&mut store, &p).unwrap();
    store.display(v)
}

#[test]
fn rows_against_brute_force() {
    let symbols = [('x', 2), ('o', 2), ('g', 1)];
    let rows = random_grids(41, 150, 9, &symbols);
    assert_eq!(against_brute_force(TopplingDominoes, &rows), 150);
}

#[test]
fn values_by_hand() {
    // A row of n blue dominoes is n: Left topples one end at a time; the same for red.
    for n in 1..=12 {
        assert_eq!(value(&"x".repeat(n)), n.to_string());
        assert_eq!(value(&"o".repeat(n)), format!("-{n}"));
    }
    // A row of n grey dominoes is the Nim heap *n: its options are the shorter grey rows.
    assert_eq!(value("g"), "*");
    for n in 2..=12 {
        assert_eq!(value(&"g".repeat(n)), format!("*{n}"));
    }
    // A blue and a red domino side by side: {-1, 0 | 0, 1} = {0 | 0} = *.
    assert_eq!(value("xo"), "*");
    // Rows are summed (* + * = 0), and a row reads the same backwards.
    assert_eq!(value("xo|ox"), "0");
    assert_eq!(value("ggg|gg|g"), "0");
    assert_eq!(value("xxog"), value("goxx"));
}

#[test]
fn bad_rows_name_their_place() {
    let e = TopplingDominoes.parse("xo|xq").unwrap_err();
    assert_eq!((e.line, e.column), (2, 2), "{}", e.message);
    assert!(e.message.contains("expected 'x'"), "{}", e.message);
    // At most 128 dominoes in all: the 129th is named, in whichever row it falls.
    let long = "x".repeat(300);
    let e = TopplingDominoes.parse(&long).unwrap_err();
    assert_eq!((e.line, e.column), (1, 129), "{}", e.message);
    let rows = vec!["xog".repeat(20); 3].join("|");
    let e = TopplingDominoes.parse(&rows).unwrap_err();
    assert_eq!((e.line, e.column), (3, 9), "{}", e.message);
    assert!(TopplingDominoes.parse(&"x".repeat(128)).is_ok());
    let empty = "|".repeat(200);
    assert!(
        TopplingDominoes.parse(&empty).is_err(),
        "rows are bounded too"
    );
}

#[test]
fn the_registry_answers_tabulates_and_plays_it() {
    let family = registry::family("toppling-dominoes").expect("in the registry");
    assert!(family
        .plays()
        .iter()
        .any(|p| p.answers_to("toppling-dominoes")));
    // The table: cell (a, b) is the row of a blue then b red dominoes.
    let table = registry::table_game("toppling-dominoes").unwrap();
    let span = Span::new(0, 5).unwrap();
    let cells = table
        .grid(span, span, Kind::Values, &Budget::default())
        .unwrap();
    for a in span.iter() {
        for b in span.iter() {
            let row = "x".repeat(a as usize) + &"o".repeat(b as usize);
            let cell = cells.get(a, b).unwrap();
            assert_eq!(cells.cell_text(cell), value(&row), "({a}, {b})");
        }
    }
    // Play: the engine never loses a won position, and every move is evaluated.
    let game = registry::play("toppling-dominoes", "xxog|ox left", 100_000).unwrap();
    let start = game.analyse(game.start());
    let form = start
        .form
        .as_ref()
        .expect("a ruleset's position has a form");
    assert_eq!(form.canonical_form, value("xxog|ox"));
    let wins = start.moves.iter().filter(|c| c.result == Outcome::Win);
    assert_eq!(start.outcome == Outcome::Win, wins.count() > 0);
}
