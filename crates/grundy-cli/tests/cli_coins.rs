//! `grundy coins`: text and JSON output for every rule, rows given as 0/1 strings or by the
//! places of their heads, boards (`--by`), and exit code 2 with a `grundy: error:` message on
//! bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["coins", "--rule", "ruler", "3", "7", "12"]).ok(),
        "win (Sprague-Grundy value 4)\n\
         rule: ruler\n\
         length: 12\n\
         values: coin 3 = 1, coin 7 = 1, coin 12 = 4\n\
         winning moves (2):\n  \
         turn 1..7\n  \
         turn 12\n"
    );
    assert_eq!(
        grundy(&["coins", "--rule", "two", "--row", "0010001000010"]).ok(),
        "win (Sprague-Grundy value 8)\n\
         rule: two\n\
         length: 13\n\
         values: coin 3 = 3, coin 7 = 7, coin 12 = 12\n\
         winning moves (1):\n  \
         turn 4, 12\n"
    );
    // Mock Turtles: 1 ⊕ 2 ⊕ 4 ⊕ 7 = 0.
    assert_eq!(
        grundy(&["coins", "--rule", "mock-turtles", "--heads", "1,2,3,4"]).ok(),
        "loss (Sprague-Grundy value 0)\n\
         rule: mock-turtles\n\
         length: 4\n\
         values: coin 1 = 1, coin 2 = 2, coin 3 = 4, coin 4 = 7\n"
    );
    assert_eq!(
        grundy(&["coins", "--rule", "ruler", "--max-run", "5", "3,7", "12"]).ok(),
        "win (Sprague-Grundy value 4)\n\
         rule: ruler (runs of at most 5 coins)\n\
         length: 12\n\
         values: coin 3 = 1, coin 7 = 1, coin 12 = 4\n\
         winning moves (1):\n  \
         turn 12\n"
    );
    assert_eq!(
        grundy(&["coins", "--rule", "multiples", "--length", "10", "2", "3"]).ok(),
        "win (Sprague-Grundy value 3)\n\
         rule: multiples\n\
         length: 10\n\
         values: coin 2 = 1, coin 3 = 2\n\
         winning moves (3):\n  \
         turn 2, 4\n  \
         turn 2, 4, ..., 8 (k = 4)\n  \
         turn 3, 6\n"
    );
    assert_eq!(
        grundy(&["coins", "--rule", "two", "--row", ""]).ok(),
        "loss (Sprague-Grundy value 0)\nrule: two\nlength: 0\n"
    );
}

#[test]
fn boards() {
    assert_eq!(
        grundy(&["coins", "--rule", "ruler", "--by", "two", "2:3", "4:5"]).ok(),
        "win (Sprague-Grundy value 3)\n\
         board: ruler × two\n\
         size: 4 × 5\n\
         values: coin (2, 3) = 1, coin (4, 5) = 2\n\
         winning moves (4):\n  \
         turn {1..2} × {2, 3}\n  \
         turn {2} × {1, 3}\n  \
         turn {1..4} × {2, 5}\n  \
         turn {2..4} × {3, 5}\n"
    );
    // The notes' 2-D Ruler: a head at (2, 2) is worth 2 ⊗ 2 = 3.
    assert_eq!(
        json(&["coins", "--rule", "ruler", "--by", "ruler", "2:2"]),
        json!({
            "outcome": "win", "value": 3,
            "winning_moves": [{"x": {"run": {"from": 2, "to": 2}}, "y": {"run": {"from": 2, "to": 2}}}],
            "rules": ["ruler", "ruler"], "max_runs": [null, null], "size": [2, 2],
            "heads": [{"coin": [2, 2], "value": 3}],
            "winning_moves_complete": true
        })
    );
    // Two × Two is the corner game: (2, 3) and (3, 2) cancel.
    let v = json(&[
        "coins", "--rule", "two", "--by", "two", "--heads", "2:3,3:2",
    ]);
    assert_eq!((&v["outcome"], &v["value"]), (&json!("loss"), &json!(0)));
    // Huge coordinates: the value is exact, the moves searched within a budget.
    let big = json(&[
        "coins",
        "--rule",
        "ruler",
        "--by",
        "ruler",
        "--by-max-run",
        "3",
        "1000000000000000000:999999999999999999",
    ]);
    assert_eq!(big["max_runs"], json!([null, 3]));
    assert_eq!(big["outcome"], json!("win"));
    let text = grundy(&[
        "coins",
        "--rule",
        "two",
        "--by",
        "two",
        "18446744073709551615:18446744073709551614",
    ]);
    let out = text.ok();
    assert!(
        out.contains("note: the search for winning moves stopped at its budget"),
        "{out}"
    );
}

#[test]
fn json_output_and_many_moves() {
    assert_eq!(
        json(&["coins", "--rule", "mock-turtles", "--heads", "2,3,10"]),
        json!({
            "outcome": "win", "value": 21,
            "winning_moves": [
                {"coins": [2, 3, 10]}, {"coins": [1, 4, 10]},
                {"coins": [6, 7, 10]}, {"coins": [5, 8, 10]}
            ],
            "rule": "mock-turtles", "length": 10,
            "heads": [
                {"coin": 2, "value": 2}, {"coin": 3, "value": 4}, {"coin": 10, "value": 19}
            ]
        })
    );
    assert_eq!(
        json(&["coins", "--rule", "ruler", "--max-run", "5", "--row", "001"]),
        json!({
            "outcome": "win", "value": 1,
            "winning_moves": [{"run": {"from": 3, "to": 3}}],
            "rule": "ruler", "max_run": 5, "length": 3,
            "heads": [{"coin": 3, "value": 1}]
        })
    );
    let v = json(&["coins", "--rule", "multiples", "--length", "10", "1"]);
    assert_eq!(v["value"], json!(4));
    assert_eq!(v["winning_moves"], json!([{"multiples": {"x": 1, "k": 1}}]));
    // 2^39 + 2 winning moves (see the library's tests): the first 1000 are listed.
    let many = json(&["coins", "--rule", "mock-turtles", "2", "3", "1099511627783"]);
    assert_eq!(many["winning_move_count"], json!(549755813890u64));
    assert_eq!(many["winning_moves"].as_array().unwrap().len(), 1000);
    // A billion coins, the leftmost a head.
    let billion = json(&[
        "coins",
        "--rule",
        "multiples",
        "--length",
        "1000000000",
        "1",
        "5",
    ]);
    assert_eq!(billion["heads"][0], json!({"coin": 1, "value": 68}));
    assert_eq!(billion["outcome"], json!("win"));
    // Heads near 2^64.
    let top = json(&["coins", "--rule", "two", "18446744073709551615", "1"]);
    assert_eq!(top["value"], json!(u64::MAX - 1));
    assert_eq!(
        top["winning_moves"],
        json!([{"coins": [1, 18446744073709551615u64]}])
    );
}

#[test]
fn bad_input_exits_2() {
    for (args, message) in [
        (
            &["coins", "--rule", "foo", "1"][..],
            "--rule: 'foo' is not a rule (expected two, mock-turtles, ruler, multiples, a name such as turnips or grunt, or a turning code such as 1-3C(5))",
        ),
        (&["coins", "--rule", "two"], "give HEADS, --row or --heads"),
        (
            &["coins", "--rule", "two", "0", "3"],
            "coin 0 is not in the row of 3 coins (coins are numbered from 1)",
        ),
        (
            &["coins", "--rule", "two", "3", "x", "--json"],
            "head: 'x' is not a coin (expected a whole number from 0 to 18446744073709551615)",
        ),
        (
            &["coins", "--rule", "two", "-3"],
            "head: '-3' is not a coin (expected a whole number from 0 to 18446744073709551615)",
        ),
        (
            &["coins", "--rule", "two", "3", "3"],
            "coin 3 is given twice",
        ),
        (
            &["coins", "--rule", "multiples", "3"],
            "the multiples game's values depend on the number of coins: give --length",
        ),
        (
            &[
                "coins",
                "--rule",
                "multiples",
                "--length",
                "20000000000",
                "3",
            ],
            "the multiples game is valued in O(n^(3/4)) time: rows of at most 10^10 coins \
             (this one has 20000000000)",
        ),
        (
            &["coins", "--rule", "ruler", "--max-run", "0", "3"],
            "a Ruler move turns at least one coin: the longest run must be at least 1",
        ),
        (
            &["coins", "--rule", "ruler", "--max-run", "-1", "3"],
            "--max-run: '-1' is not a longest run (expected a whole number from 0 to \
             18446744073709551615)",
        ),
        (
            &["coins", "--rule", "two", "--max-run", "3", "3"],
            "--max-run bounds the runs of the ruler rule, and the rule is two",
        ),
        (
            &["coins", "--rule", "two", "--row", "01a"],
            "the row must be made of 0s and 1s (or t and h), and character 3 is 'a'",
        ),
        (
            &["coins", "--rule", "two", "--row", "01", "3"],
            "HEADS and --row exclude each other: give one",
        ),
        (
            &["coins", "--rule", "two", "--row", "01", "--length", "5"],
            "--row and --length exclude each other: give one",
        ),
        (
            &[
                "coins",
                "--rule",
                "mock-turtles",
                "--length",
                "9223372036854775809",
                "1",
            ],
            "Mock Turtles values reach twice the coin's number: rows of at most 2^63 coins \
             (this one has 9223372036854775809)",
        ),
        (
            &["coins", "--rule", "two", "--by", "ruler", "3"],
            "head '3': a board's heads are X:Y, like 2:3",
        ),
        (
            &["coins", "--rule", "two", "--by", "ruler", "3:x"],
            "head '3:x': 'x' is not a coordinate (expected a whole number from 0 to \
             18446744073709551615)",
        ),
        (
            &[
                "coins",
                "--rule",
                "two",
                "--by",
                "ruler",
                "--by-length",
                "2",
                "1:3",
            ],
            "coin (1, 3) is not on the 1 × 2 board (coordinates are numbered from 1)",
        ),
        (
            &["coins", "--rule", "two", "--by", "two", "1:3", "1:3"],
            "coin (1, 3) is given twice",
        ),
        (
            &["coins", "--rule", "two", "--by-length", "4", "3"],
            "--by-length needs --by",
        ),
        (
            &["coins", "--rule", "two", "--by", "foo", "1:1"],
            "--by: 'foo' is not a rule (expected two, mock-turtles, ruler, multiples, a name such as turnips or grunt, or a turning code such as 1-3C(5))",
        ),
        (
            &["coins", "--rule", "two", "--by", "two", "--row", "01"],
            "--row and --by exclude each other: give one",
        ),
    ] {
        assert_eq!(
            grundy(args).failed(),
            format!("grundy: error: {message}\n"),
            "{args:?}"
        );
    }
    let stderr = grundy(&["coins", "3"]).usage().to_string();
    assert!(stderr.contains("--rule"), "--rule is required: {stderr}");
}

#[test]
fn turning_codes_and_names() {
    // CGSuite's GameStripTest: Turning("1-3")("htththtth").NimValue = 29.
    let v = json(&["turning", "--rule", "1-3", "--row", "htththtth"]);
    assert_eq!(v["value"], 29);
    assert_eq!(v["rule"], "mock-turtles");
    let v = json(&["coins", "--rule", "Mock Turtle Fives", "--row", "thhthht"]);
    assert_eq!(v["rule"], "1-3C(5)");
    assert_eq!(v["value"], 15);
    assert_eq!(v["winning_moves"], json!([{"coins": [4, 5]}]));
    assert_eq!(
        grundy(&["spawning", "--rule", "3E", "--row", "hthhtthht"]).ok(),
        "win (Sprague-Grundy value 1)\n\
         rule: Turnips (3E)\n\
         length: 9\n\
         values: coin 1 = 0, coin 3 = 1, coin 4 = 0, coin 7 = 2, coin 8 = 2\n\
         winning moves (3):\n  \
         turn 1, 2, 3\n  \
         turn 2, 3, 4\n  \
         turn 6, 7, 8\n"
    );
    let run = grundy(&["table", "coins:grunt", "--n", "1..20"]);
    let table = run.ok();
    assert!(
        table.contains(" 1  0  0  0  1  0  2  1  0  2  1"),
        "{table}"
    );
    for (rule, message) in [
        ("1-3X", "--rule: column 4 of '1-3X': 'X' is not a modifier"),
        ("turnps", "did you mean 'turnips'?"),
        ("3-1", "the range 3-1 is empty"),
    ] {
        let run = grundy(&["coins", "--rule", rule, "1"]);
        let err = run.failed();
        assert!(err.contains(message), "{rule}: {err}");
    }
    // Motley's head at x is worth 2^(x − 1): its sets of XORs outgrow a small budget.
    let run = grundy(&["table", "spawning:motley", "--n", "1..60", "--memory", "1M"]);
    assert!(run.stderr.contains("memory budget"), "{}", run.stderr);
}
