//! `grundy flip-run A1 ... An`: text and JSON output, every winning move, entries up to
//! 2^64 - 1, and exit code 2 with a `grundy: error:` message on bad input.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    // Odd entries at distances 4, 2, 1 from the end: 4 ⊕ 2 ⊕ 1.
    assert_eq!(
        grundy(&["flip-run", "1", "0", "1", "1"]).ok(),
        "win (Sprague-Grundy value 7)\n\
         winning moves (1):\n  \
         a_1 - 1, a_2..a_3 + 1\n"
    );
    // Distances 3 and 1 have the same value, 1.
    assert_eq!(
        grundy(&["flip-run", "3", "8", "5"]).ok(),
        "loss (Sprague-Grundy value 0)\n"
    );
    assert_eq!(
        grundy(&["flip-run", "2", "1"]).ok(),
        "win (Sprague-Grundy value 1)\nwinning moves (1):\n  a_2 - 1\n"
    );
}

#[test]
fn json_output_and_huge_entries() {
    assert_eq!(
        json(&["flip-run", "1", "0"]),
        json!({"outcome": "win", "value": 2, "winning_moves": [{"index": 1, "run": 0}]})
    );
    let max = u64::MAX.to_string();
    assert_eq!(
        json(&["flip-run", &max, "0", "0", "1000000000000000000"]),
        json!({
            "outcome": "win",
            "value": 4,
            "winning_moves": [{"index": 1, "run": 0}]
        })
    );
}

#[test]
fn bad_input_exits_2() {
    for (args, message) in [
        (
            &["flip-run", "1", "-1"][..],
            "grundy: error: entry 2: '-1' is not a whole number (expected a whole number from 0 \
             to 18446744073709551615)\n",
        ),
        (
            &["flip-run", "99999999999999999999", "--json"],
            "grundy: error: entry 1: '99999999999999999999' is not a whole number (expected a \
             whole number from 0 to 18446744073709551615)\n",
        ),
    ] {
        assert_eq!(grundy(args).failed(), message, "{args:?}");
    }
    let run = grundy(&["flip-run"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
}
