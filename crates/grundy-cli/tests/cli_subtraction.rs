//! `grundy subtraction`: the four rules, text and JSON output (pile values, preperiod and
//! period, saltus), long move lists, huge parameters, and exit code 2 with a `grundy: error:`
//! message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["subtraction", "--set", "1,3,4", "10", "7"]).ok(),
        "win (Sprague-Grundy value 1)\n\
         rule: take 1, 3 or 4\n\
         pile values: 1, 0\n\
         preperiod: 0\n\
         period: 7\n\
         winning moves (3):\n  \
         pile 1: take 1 (leaves 9)\n  \
         pile 1: take 3 (leaves 7)\n  \
         pile 2: take 4 (leaves 3)\n"
    );
    assert_eq!(
        grundy(&["subtraction", "--bash", "3", "12"]).ok(),
        "loss (Sprague-Grundy value 0)\n\
         rule: take 1 to 3\n\
         pile values: 0\n\
         preperiod: 0\n\
         period: 4\n"
    );
    assert_eq!(
        grundy(&["subtraction", "--except", "3", "10", "4"]).ok(),
        "win (Sprague-Grundy value 5)\n\
         rule: take any amount except 3\n\
         pile values: 4, 1\n\
         preperiod: 0\n\
         period: 6\n\
         saltus: 3\n\
         winning moves (2):\n  \
         pile 1: take 6 (leaves 4)\n  \
         pile 1: take 9 (leaves 1)\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["subtraction", "--range", "2,5", "100"]),
        json!({
            "outcome": "win", "value": 1, "rule": "take 2 to 5", "pile_values": [1],
            "preperiod": 0, "period": 7,
            "winning_moves": [{"pile": 1, "take": 2, "to": 98}]
        })
    );
    // A set whose values settle only after 4170 positions, into period 2.
    let value = json(&[
        "subtraction",
        "--set",
        "997,7,53,19,101",
        "1000000000000000000",
    ]);
    assert_eq!(value["rule"], "take 7, 19, 53, 101 or 997");
    assert_eq!(
        (value["preperiod"].clone(), value["period"].clone()),
        (json!(4170), json!(2))
    );
    assert_eq!(value["outcome"], "loss");
    assert!(value.get("saltus").is_none());
    let value = json(&["subtraction", "--except", "1", "5"]);
    assert_eq!(
        (value["value"].clone(), value["saltus"].clone()),
        (json!(2), json!(1))
    );
}

#[test]
fn huge_parameters() {
    let max = u64::MAX.to_string();
    // Period 2^65 - 2: a string in JSON.
    let range = format!("{max},{max}");
    let value = json(&["subtraction", "--range", &range, "5", &max]);
    assert_eq!(value["period"], "36893488147419103230");
    assert_eq!(value["pile_values"], json!([0, 1]));
    assert_eq!(
        value["winning_moves"],
        json!([{"pile": 2, "take": u64::MAX, "to": 0}])
    );
    let value = json(&["subtraction", "--bash", &max, "1000000000000000000"]);
    assert_eq!(value["value"], 1_000_000_000_000_000_000u64);
    let value = json(&["subtraction", "--except", "1000000000000000000", &max]);
    assert_eq!(value["outcome"], "win");
    // More winning moves than are listed: the first 10000 and their number.
    let value = json(&[
        "subtraction",
        "--range",
        "100000,300000",
        "1000000000000123456",
    ]);
    assert_eq!(value["winning_move_count"], 23457);
    let moves = value["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 10_000);
    assert_eq!(
        moves[0],
        json!({"pile": 1, "take": 100000, "to": 1_000_000_000_000_023_456u64})
    );
    let run = grundy(&[
        "subtraction",
        "--range",
        "100000,300000",
        "1000000000000123456",
    ]);
    assert!(run.ok().contains("winning moves (23457):\n"));
}

#[test]
fn bad_input_exits_2() {
    for (args, message) in [
        (
            &["subtraction", "--set", "1,x", "5"][..],
            "--set: 'x' is not an amount",
        ),
        (
            &["subtraction", "--set", "", "5"][..],
            "the subtraction set is empty",
        ),
        (
            &["subtraction", "--set", "0,2", "5"][..],
            "--set: '0' is not an amount (expected a whole number from 1",
        ),
        (
            &["subtraction", "--bash", "0", "5"][..],
            "take 1 to 0 is not a rule",
        ),
        (
            &["subtraction", "--bash", "-1", "5"][..],
            "--bash: '-1' is not an amount",
        ),
        (
            &["subtraction", "--range", "5,2", "5"][..],
            "take 5 to 2 is not a rule",
        ),
        (
            &["subtraction", "--range", "0,2", "5"][..],
            "take 0 to 2 is not a rule",
        ),
        (
            &["subtraction", "--range", "3", "5"][..],
            "--range: '3' is not a pair (expected L,R",
        ),
        (
            &["subtraction", "--range", "1,2,3", "5"][..],
            "--range: '1,2,3' is not a pair",
        ),
        (
            &["subtraction", "--except", "0", "5"][..],
            "0 is not an amount",
        ),
        (
            &["subtraction", "--except", "2", "-5"][..],
            "pile 1: '-5' is not a pile size",
        ),
        (
            &["subtraction", "--bash", "2", "3", "x"][..],
            "pile 2: 'x' is not a pile size",
        ),
        (
            &[
                "subtraction",
                "--set",
                "1,100000",
                "5",
                "--search-limit",
                "1000",
            ][..],
            "no period found within the first 1000 values",
        ),
        (
            &["subtraction", "--set", "1,2", "5", "--search-limit", "lots"][..],
            "--search-limit: 'lots' is not a count",
        ),
    ] {
        let stderr = grundy(args).failed().to_string();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // No rule, two rules, no pile: usage errors.
    for args in [
        &["subtraction", "5"][..],
        &["subtraction", "--set", "1", "--bash", "2", "5"][..],
        &["subtraction", "--bash", "2"][..],
    ] {
        let run = grundy(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
