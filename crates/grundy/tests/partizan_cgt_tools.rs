//! The cases of the other Rust library (`testdata/cgt-tools/cgt_tools_cases.json`): the
//! canonical forms it reads from text must come out as it prints them; the canonical forms
//! and temperatures of Domineering positions are recomputed here with a small Domineering
//! written for the tests (`common/domineering.rs`). The other rulesets (Amazons, Fission,
//! Konane, ski jumps, Toads and Frogs) are not part of the value engine: their expected
//! canonical forms are read and printed back. The subtraction games' Grundy periods are
//! impartial and belong to the octal code's tests.

mod common;

use common::domineering;
use grundy::partizan::GameStore;
use serde_json::Value;

#[test]
fn other_library_cases() {
    let path = common::testdata_dir().join("cgt-tools/cgt_tools_cases.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(cases.len(), 57);
    let mut store = GameStore::new();
    let mut counts = std::collections::BTreeMap::new();
    for case in &cases {
        let field = |k: &str| case[k].as_str().unwrap();
        let (game, kind, position, expected) = (
            field("game"),
            field("kind"),
            field("position"),
            field("expected"),
        );
        let what = match (game, kind) {
            ("form", "parse") => {
                let g = store
                    .parse(position)
                    .unwrap_or_else(|e| panic!("{position}: {e}"));
                assert_eq!(store.display(g), expected, "{position}");
                "parsed"
            }
            ("domineering", "canonical_form") => {
                let g = domineering::value(&mut store, &domineering::Board::parse(position));
                // The other library prints switches as {x|-x} where the reference tool
                // writes +-x: compare the values.
                assert_eq!(Ok(g), store.parse(expected), "Domineering {position}");
                "domineering"
            }
            ("domineering", "temperature") => {
                let g = domineering::value(&mut store, &domineering::Board::parse(position));
                assert_eq!(
                    store.temperature(g).unwrap().to_string(),
                    expected,
                    "{position}"
                );
                "domineering"
            }
            (_, "canonical_form") => {
                let g = store
                    .parse(expected)
                    .unwrap_or_else(|e| panic!("{expected}: {e}"));
                let printed = store.display(g);
                // The other library prints the forms in its own way ({0|^} for ^^*, its own
                // order of options): what is printed here must read back as the same value.
                let again = store.parse(&printed).unwrap();
                assert_eq!(again, g, "{expected} printed as {printed}");
                "read back"
            }
            ("subtraction", "grundy_period") => "impartial",
            other => panic!("unexpected case {other:?}"),
        };
        *counts.entry(what).or_insert(0) += 1;
    }
    let expected = [
        ("parsed", 10),
        ("domineering", 14),
        ("read back", 27),
        ("impartial", 6),
    ];
    for (what, n) in expected {
        assert_eq!(counts.get(what), Some(&n), "{counts:?}");
    }
}
