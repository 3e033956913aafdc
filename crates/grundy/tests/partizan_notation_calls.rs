//! CGSuite's calls and properties in the notation (`partizan::notation::call`): the syntax
//! of a call read into its name and arguments, valued by a [`Positions`] of the test's own
//! (the engine names no ruleset), properties applied or, ending a worksheet line, returned,
//! and every error at its column.

use grundy::partizan::notation::call::Value;
use grundy::partizan::notation::{Call, CallError, Positions, Property};
use grundy::partizan::{GameId, GameStore};

/// `Heap(n)` is the integer n, `Star(n)` the nimber *n; `Fail(…)` fails at its argument;
/// every call is kept, to look at how it was read.
#[derive(Default)]
struct Toy {
    calls: Vec<Call>,
}

impl Positions for Toy {
    fn value(&mut self, store: &mut GameStore, call: &Call) -> Result<GameId, CallError> {
        self.calls.push(call.clone());
        let first = call.arguments.first().and_then(|list| list.first());
        let n = match first.map(|a| &a.value) {
            Some(Value::Integer(n)) => *n,
            _ => 0,
        };
        match call.class() {
            "Heap" => Ok(store.integer(n)),
            "Star" => Ok(store.nimber(n as u32)),
            "Fail" => Err(first.expect("an argument").error("no such position")),
            _ => Err(call.error(format!("unknown game '{}'", call.name))),
        }
    }
}

fn read(text: &str) -> Result<String, String> {
    let mut store = GameStore::new();
    let g = store
        .parse_with(text, &mut Toy::default())
        .map_err(|e| e.to_string())?;
    Ok(store.display(g))
}

fn calls(text: &str) -> Vec<Call> {
    let mut toy = Toy::default();
    GameStore::new().parse_with(text, &mut toy).unwrap();
    toy.calls
}

#[test]
fn calls_are_valued_among_games() {
    assert_eq!(read("game.heap.Heap(3) + 1").unwrap(), "4");
    assert_eq!(read("{Heap(2) | Star(1)}").unwrap(), "{2|*}");
    assert_eq!(read("-Heap(2) + Star(3) + ^").unwrap(), "-2^*3");
    assert_eq!(read("+-Heap(1)").unwrap(), "+-1");
    assert_eq!(read("( Heap(5) )").unwrap(), "5");
}

#[test]
fn a_call_is_read_into_its_name_and_arguments() {
    let [call] = &calls(r#"game.heap.Heap(7, "x\"y", [1,-3], (8,3), Grid.Empty(4, 4))"#)[..] else {
        panic!("one call")
    };
    assert_eq!(
        (call.name.as_str(), call.class(), call.column),
        ("game.heap.Heap", "Heap", 1)
    );
    let list = &call.arguments[0];
    assert_eq!(list.len(), 5);
    assert_eq!(list[0].value, Value::Integer(7));
    assert_eq!(list[1].value, Value::Text("x\"y".to_string()));
    // A text's column is its first character's, past the quote.
    assert_eq!(list[1].column, 20);
    assert_eq!(list[2].value.to_string(), "[1,-3]");
    assert_eq!(list[3].value.to_string(), "(8,3)");
    let Value::Call(empty) = &list[4].value else {
        panic!("a call")
    };
    assert_eq!(
        (empty.name.as_str(), empty.arguments.len()),
        ("Grid.Empty", 1)
    );
    assert_eq!(
        call.to_string(),
        r#"game.heap.Heap(7,"x\"y",[1,-3],(8,3),Grid.Empty(4,4))"#
    );

    // Arguments before the position: one list each.
    let [call] = &calls(r#"Heap([1,3],[2,3])(6)"#)[..] else {
        panic!("one call")
    };
    assert_eq!(call.arguments.len(), 2);
    assert_eq!(call.arguments[1][0].value, Value::Integer(6));
    // A name alone is a call without arguments.
    assert!(calls("Heap")[0].arguments.is_empty());
}

#[test]
fn properties_are_games_anywhere() {
    assert_eq!(read("{2|-1}.Temperature").unwrap(), "3/2");
    assert_eq!(read("{2|-1}.Mean + 1").unwrap(), "3/2");
    assert_eq!(read("-{2|-1}.Temperature").unwrap(), "-3/2");
    assert_eq!(read("Heap(3).CanonicalForm.LeftStop").unwrap(), "3");
    assert_eq!(read("{1|*}.RightStop").unwrap(), "0");
    assert_eq!(read("Star(5).NimValue").unwrap(), "5");
    assert_eq!(read("*3.NimValue + 1").unwrap(), "4");
    assert_eq!(read("{^|*}.Birthday").unwrap(), "3");
    assert_eq!(read("{0||0|-1}.AtomicWeight").unwrap(), "0");
    assert_eq!(read("{1|*}.ReducedCanonicalForm").unwrap(), "{1|0}");
    assert_eq!(read("Heap(2).GameValue").unwrap(), "2");
    for (name, p) in Property::ALL {
        assert_eq!((Property::named(name), p.name()), (Some(p), name));
    }
}

#[test]
fn a_worksheet_line_ending_with_a_property_returns_it() {
    let mut store = GameStore::new();
    for (text, game, property) in [
        (
            "{2|-1}.OutcomeClass",
            "{2|-1}",
            Some(Property::OutcomeClass),
        ),
        (" Heap(4).Temperature ", "4", Some(Property::Temperature)),
        (
            "Star(2).CanonicalForm.IsNumber",
            "*2",
            Some(Property::IsNumber),
        ),
        ("Heap(4).Temperature + 1", "0", None),
        ("-Star(2).NimValue", "-2", None),
        ("(Star(2)).NimValue", "*2", Some(Property::NimValue)),
    ] {
        let r = store.read(text, Some(&mut Toy::default())).unwrap();
        assert_eq!(
            (store.display(r.game).as_str(), r.property),
            (game, property),
            "{text}"
        );
    }
    // `parse` applies a final property, which must then be a game.
    assert_eq!(
        read("{2|-1}.OutcomeClass").unwrap_err(),
        "column 8: OutcomeClass is not a game: it may only end the whole expression"
    );
}

#[test]
fn errors_name_their_column() {
    let cases = [
        ("1 + Fail(3)", "column 10: no such position"),
        ("1 + Nope(3)", "column 5: unknown game 'Nope'"),
        (
            "Heap(3).Temprature",
            "column 9: unknown property 'Temprature'",
        ),
        (
            "{1|*}.OutcomeClass + 1",
            "column 7: OutcomeClass is not a game",
        ),
        ("^.NimValue", "column 3: that game is not a nimber"),
        (
            r#"Heap("abc"#,
            "column 10: expected '\"' closing the text, found end of input",
        ),
        ("Heap(1 2)", "column 8: expected ',' or ')', found '2'"),
        ("Heap([1,2)", "column 10: expected ',' or ']', found ')'"),
        (
            "Heap(1 => 2)",
            "column 6: expected a name before '=>', found 1",
        ),
        (
            "Heap(99999999999999999999)",
            "column 6: '99999999999999999999' is not an integer",
        ),
        ("Heap(+)", "column 6: expected an argument"),
        (
            "Heap(3",
            "column 7: expected ',' or ')', found end of input",
        ),
        (
            &format!("Heap({}1{})", "[".repeat(20), "]".repeat(20)),
            "column 21: arguments nest deeper than 16 levels",
        ),
    ];
    for (text, wanted) in cases {
        let e = read(text).unwrap_err();
        assert!(e.starts_with(wanted), "{text}: {e}");
    }
    // Without a reader of positions, a call is an unknown name.
    let e = GameStore::new().parse("1 + Clobber(\"xo\")").unwrap_err();
    assert_eq!(
        e.to_string(),
        "column 5: unknown name 'Clobber': no ruleset is known to this reader"
    );
    // A text longer than the limit is refused.
    let long = format!(
        "Heap(\"{}\")",
        "x".repeat(grundy::partizan::notation::call::MAX_TEXT + 1)
    );
    assert!(read(&long).unwrap_err().contains("a text longer than"));
}

#[test]
fn deep_texts_read_calls_on_their_own_thread() {
    let depth = 200;
    let text = format!("{}Heap(3){}", "(".repeat(depth), ")".repeat(depth));
    assert_eq!(read(&text).unwrap(), "3");
}
