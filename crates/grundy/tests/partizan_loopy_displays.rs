//! CGSuite's own tests of loopy values (`testdata/cgsuite/cgsuite_loopy_displays.json`: every
//! case of its `EvalTest.scala` and `GameTest.scala` whose value is a loopy game, a stopper or
//! a sided value), pasted into grundy: each input read as `grundy loopy` reads it and its value
//! displayed as `grundy loopy` displays it, which must be what CGSuite prints. Where CGSuite's
//! input is CGScript (a list, a variable), the file gives the pasted games one by one.

mod common;

use grundy::budget::Budget;
use grundy::partizan::loopy::{LoopyError, LoopyGame, Sides, Stopper};
use serde_json::Value;

/// The value of `text` as `grundy loopy` displays it, or an error's text after `!!`.
fn display(text: &str) -> String {
    let budget = Budget::default();
    match Sides::parse(text, &budget) {
        Ok(sides) => sides.to_string(),
        Err(e) => format!("!!{e}"),
    }
}

#[test]
fn cgsuite_loopy_displays() {
    let path = common::testdata_dir().join("cgsuite/cgsuite_loopy_displays.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(cases.len(), 31);
    let (mut cases_equal, mut pastes_equal, mut pastes) = (0, 0, 0);
    let mut differ = Vec::new();
    for case in &cases {
        let mut all = true;
        for paste in case["pastes"].as_array().unwrap() {
            let text = paste["grundy"].as_str().unwrap();
            let expected = paste["cgsuite_prints"].as_str().unwrap();
            let got = display(text);
            // CGSuite's errors are its own words: an error here is what is compared.
            let equal = got == expected || expected.starts_with("!!") && got.starts_with("!!");
            pastes += 1;
            if equal {
                pastes_equal += 1;
            } else {
                all = false;
                differ.push(format!("{text}: grundy {got}, CGSuite {expected}"));
            }
        }
        cases_equal += usize::from(all);
    }
    println!(
        "{cases_equal} of {} cases, {pastes_equal} of {pastes} displays as CGSuite prints them",
        cases.len()
    );
    for d in &differ {
        println!("  {d}");
    }
    assert!(differ.len() <= KNOWN_DIFFERENT, "{}", differ.join("\n"));
}

/// Displays that still differ from CGSuite's (listed by the test when it runs): Bach's
/// carousel, its sum with 1 and its triple, whose sides sidling does not reach (12 of the 43
/// displays were equal before CGSuite's names were read and printed).
const KNOWN_DIFFERENT: usize = 3;

/// The stoppers and sided values of CGSuite's `CanonicalStopperTestCase.scala` and
/// `SidedValueTestCase.scala` (`testdata/cgsuite/cgsuite_stopper_displays.json`): each value,
/// and a stopper's left and right stops, degree and variety, displayed as CGSuite prints them.
#[test]
fn cgsuite_stopper_displays() {
    let path = common::testdata_dir().join("cgsuite/cgsuite_stopper_displays.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(cases.len(), 18);
    let budget = Budget::default();
    let (mut equal, mut compared) = (0, 0);
    let mut differ = Vec::new();
    for case in &cases {
        let text = case["grundy"].as_str().unwrap();
        let mut compare = |what: &str, got: String| {
            let Some(expected) = case[what].as_str() else {
                return;
            };
            compared += 1;
            if got == expected || expected.starts_with("!!") && got.starts_with("!!") {
                equal += 1;
            } else {
                differ.push(format!("{text} {what}: grundy {got}, CGSuite {expected}"));
            }
        };
        compare("display", display(text));
        let Ok(stopper) = LoopyGame::parse(text, &budget).and_then(|g| Stopper::new(&g, &budget))
        else {
            continue;
        };
        let shown = |r: Result<Stopper, LoopyError>| match r {
            Ok(s) => s.to_string(),
            Err(e) => format!("!!{e}"),
        };
        compare("degree", shown(stopper.degree(&budget)));
        compare("variety", shown(stopper.variety(&budget)));
        let (left, right) = stopper.stops(&budget).unwrap();
        compare("leftStop", left.to_string());
        compare("rightStop", right.to_string());
    }
    println!("{equal} of {compared} displays as CGSuite prints them");
    for d in &differ {
        println!("  {d}");
    }
    assert!(
        differ.len() <= KNOWN_DIFFERENT_STOPPERS,
        "{}",
        differ.join("\n")
    );
}

/// Displays of the stopper cases that still differ from CGSuite's.
const KNOWN_DIFFERENT_STOPPERS: usize = 4;
