//! Work that honours its budget all the way down: printing a canonical form stops at its
//! length limit and at the budget's deadline or cancel flag, the regions a search values
//! count against its positions, and a computation that runs out part-way keeps what it
//! finished (a loopy game's outcomes, a search's first player; a table's rows are the
//! catalogue's, tested with its tables in `grundy-catalogue`).

use std::time::{Duration, Instant};

use grundy::budget::{Budget, Cancel, Resource};
use grundy::partizan::loopy::{describe, LoopyGame};
use grundy::partizan::rulesets::hackenbush::Hackenbush;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::{GameStore, ValueError};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A Hackenbush string whose canonical form is millions of characters long, though the
/// store holds it as a few hundred forms.
const LONG_FORM: &str = "lrglrglrglrglrglrglrglrglrglrg";

/// The canonical form of `text`, a Hackenbush position, in `store`.
fn hackenbush(store: &mut GameStore, text: &str) -> grundy::partizan::GameId {
    let p = Hackenbush.parse(text).unwrap();
    Evaluator::new(Hackenbush).value(store, &p).unwrap()
}

#[test]
fn a_form_longer_than_the_limit_is_not_written_and_costs_little() {
    let mut store = GameStore::new();
    let g = hackenbush(&mut store, LONG_FORM);
    let started = Instant::now();
    assert_eq!(
        store.written(g, 100_000),
        Err(ValueError::TooLong { limit: 100_000 })
    );
    assert_eq!(
        store.display(g),
        "<not written: more than 100000 characters>"
    );
    // Each attempt writes at most a few times the limit, whatever the form's length.
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn a_form_within_the_limit_is_written_whole_and_exactly_at_its_length() {
    // Random Hackenbush strings: the text within a limit of its own length is the text
    // written without a limit, and one character less is too long.
    let mut rng = StdRng::seed_from_u64(50);
    for _ in 0..200 {
        let len = rng.random_range(1..12);
        let text: String = (0..len)
            .map(|_| ['l', 'r', 'g'][rng.random_range(0..3)])
            .collect();
        let mut store = GameStore::new();
        let g = hackenbush(&mut store, &text);
        let whole = store.written(g, usize::MAX).unwrap();
        assert_eq!(store.display(g), whole, "{text}");
        assert_eq!(store.written(g, whole.len()).as_ref(), Ok(&whole), "{text}");
        assert_eq!(
            store.written(g, whole.len() - 1),
            Err(ValueError::TooLong {
                limit: whole.len() as u64 - 1
            }),
            "{text}"
        );
        assert_eq!(store.parse(&whole).unwrap(), g, "{text}");
    }
}

#[test]
fn printing_stops_at_the_deadline_and_at_the_cancel_flag() {
    let cancel = Cancel::new();
    let mut store = GameStore::with_budget(Budget::default().with_cancel(cancel.clone()));
    let g = hackenbush(&mut store, LONG_FORM);
    cancel.cancel();
    match store.written(g, usize::MAX) {
        Err(ValueError::Budget(e)) => assert_eq!(e.resource, Resource::Cancelled),
        other => panic!("expected the cancel to stop the printing, got {other:?}"),
    }
    let mut store = GameStore::new();
    let g = hackenbush(&mut store, LONG_FORM);
    store.set_budget(Budget::default().with_time(Duration::from_millis(200)));
    let started = Instant::now();
    match store.written(g, usize::MAX) {
        Err(ValueError::Budget(e)) => assert_eq!(e.resource, Resource::Time),
        other => panic!("expected the deadline to stop the printing, got {other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn the_regions_an_evaluator_values_count_against_the_position_budget() {
    // A Toads-and-Frogs strip has few distinct values and many regions: the regions are
    // what the position budget must bound.
    use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;
    let p = ToadsAndFrogs.parse(".FT.F..T..FTTFTF..F.F.").unwrap();
    let budget = Budget::default().with_positions(20_000);
    let mut store = GameStore::with_budget(budget);
    let mut evaluator = Evaluator::new(ToadsAndFrogs);
    match evaluator.value(&mut store, &p) {
        Err(ValueError::Budget(e)) => {
            assert_eq!(e.resource, Resource::Positions);
            assert!(evaluator.regions_valued() <= 20_000 + 256);
        }
        other => panic!("expected the position budget to run out, got {other:?}"),
    }
}

#[test]
fn a_loopy_game_whose_budget_runs_out_keeps_its_outcomes() {
    use grundy::partizan::rulesets::loopy_registry::loopy_ruleset;
    let backsliding = loopy_ruleset("backsliding").unwrap();
    let (game, names) = backsliding.explore("....TFF", &Budget::default()).unwrap();
    let budget = Budget::default().with_time(Duration::from_millis(100));
    let started = Instant::now();
    let report = describe::properties("....TFF", &game, Some(&names), &budget).unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    let stopped = report.stopped().expect("the sides take longer than 0.1 s");
    assert_eq!(stopped.resource, Resource::Time);
    let json = report.to_json();
    assert_eq!(json["value"], serde_json::Value::Null);
    assert_eq!(json["left_first"]["winner"], "right");
    assert_eq!(json["left_first"]["best_move"], "...T.FF");
    assert!(json["stopped"].as_str().unwrap().contains("time budget"));
    // The same game with room enough is complete, and agrees on the outcomes.
    let small = LoopyGame::parse("{0|pass}", &Budget::default()).unwrap();
    let whole = describe::properties("{0|pass}", &small, None, &Budget::default()).unwrap();
    assert!(whole.stopped().is_none());
}
