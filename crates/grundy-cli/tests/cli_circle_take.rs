//! `grundy circle-take N K`: text and JSON output, sizes up to 2^64 - 1, and exit code 2 with
//! a `grundy: error:` message on bad input.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["circle-take", "5", "6"]).ok(),
        "win (Sprague-Grundy value 5)\n\
         winning moves (1):\n  \
         take 5 consecutive stones (leaves a row of 0)\n"
    );
    // The second player splits what is left in two equal rows, and mirrors.
    assert_eq!(
        grundy(&["circle-take", "7", "6"]).ok(),
        "loss (Sprague-Grundy value 0)\n"
    );
    // k = 1: parity.
    assert_eq!(
        grundy(&["circle-take", "9", "1"]).ok(),
        "win (Sprague-Grundy value 1)\n\
         winning moves (1):\n  \
         take 1 stone (leaves a row of 8)\n"
    );
    assert_eq!(
        grundy(&["circle-take", "0", "3"]).ok(),
        "loss (Sprague-Grundy value 0)\n"
    );
}

#[test]
fn json_output_and_huge_sizes() {
    assert_eq!(
        json(&["circle-take", "1000000000000000000", "1000000000000000000"]),
        json!({
            "outcome": "win",
            "value": 1_000_000_000_000_000_000u64,
            "winning_moves": [{"take": 1_000_000_000_000_000_000u64, "leaves": 0}]
        })
    );
    let max = u64::MAX.to_string();
    assert_eq!(
        json(&["circle-take", &max, "2"]),
        json!({"outcome": "loss", "value": 0, "winning_moves": []})
    );
    assert_eq!(
        json(&["circle-take", &max, "1"])["winning_moves"],
        json!([{"take": 1, "leaves": u64::MAX - 1}])
    );
}

#[test]
fn bad_input_exits_2() {
    for (args, message) in [
        (
            &["circle-take", "5", "0"][..],
            "grundy: error: k must be at least 1: a move takes 1 to k consecutive stones\n",
        ),
        (
            &["circle-take", "-5", "2"],
            "grundy: error: N: '-5' is not a number of stones (expected a whole number from 0 to \
             18446744073709551615)\n",
        ),
        (
            &["circle-take", "5", "two", "--json"],
            "grundy: error: K: 'two' is not a number of stones (expected a whole number from 0 to \
             18446744073709551615)\n",
        ),
    ] {
        assert_eq!(grundy(args).failed(), message, "{args:?}");
    }
    for args in [&["circle-take", "5"][..], &["circle-take", "1", "2", "3"]] {
        let run = grundy(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
