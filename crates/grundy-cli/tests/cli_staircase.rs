//! `grundy staircase STONES... [--kam]`: text and JSON output, every winning move, counts up
//! to 2^64 - 1, and exit code 2 with a `grundy: error:` message on bad input.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["staircase", "1", "4", "2"]).ok(),
        "win (Sprague-Grundy value 3)\n\
         winning moves (2):\n  \
         move 1 stone from step 2 to step 1\n  \
         move 1 stone from step 3 to step 2\n"
    );
    // Only the odd steps count.
    assert_eq!(
        grundy(&["staircase", "1", "5", "1"]).ok(),
        "loss (Sprague-Grundy value 0)\n"
    );
    assert_eq!(
        grundy(&["staircase", "6"]).ok(),
        "win (Sprague-Grundy value 6)\nwinning moves (1):\n  remove 6 stones from step 1\n"
    );
}

#[test]
fn kam_output() {
    assert_eq!(
        grundy(&["staircase", "--kam", "2", "2", "5", "9"]).ok(),
        "win (Sprague-Grundy value 4)\n\
         staircase (step 1 = last pile's excess): 4 3 0 2\n\
         winning moves (1):\n  \
         pile 4: 9 -> 5 (take 4)\n"
    );
    assert_eq!(
        json(&["staircase", "3", "3", "--kam"]),
        json!({"outcome": "loss", "value": 0, "winning_moves": [], "staircase": [0, 3]})
    );
    assert_eq!(
        json(&["staircase", "--kam", "2", "6", "7"]),
        json!({
            "outcome": "win",
            "value": 3,
            "staircase": [1, 4, 2],
            "winning_moves": [
                {"pile": 1, "from": 2, "to": 1},
                {"pile": 2, "from": 6, "to": 5}
            ]
        })
    );
}

#[test]
fn json_output_and_huge_counts() {
    assert_eq!(
        json(&["staircase", "1", "4", "2"]),
        json!({
            "outcome": "win",
            "value": 3,
            "winning_moves": [{"step": 2, "stones": 1}, {"step": 3, "stones": 1}]
        })
    );
    let max = u64::MAX.to_string();
    let v = json(&["staircase", &max, "1000000000000000000", "0"]);
    assert_eq!(v["value"], json!(u64::MAX));
    assert_eq!(v["winning_moves"], json!([{"step": 1, "stones": u64::MAX}]));
    assert!(v.get("winning_move_count").is_none());
}

#[test]
fn bad_input_exits_2() {
    for (args, message) in [
        (
            &["staircase", "1", "x"][..],
            "grundy: error: step 2: 'x' is not a number of stones (expected a whole number from 0 \
             to 18446744073709551615)\n",
        ),
        (
            &["staircase", "-1"],
            "grundy: error: step 1: '-1' is not a number of stones (expected a whole number from \
             0 to 18446744073709551615)\n",
        ),
        (
            &["staircase", "18446744073709551616", "--json"],
            "grundy: error: step 1: '18446744073709551616' is not a number of stones (expected a \
             whole number from 0 to 18446744073709551615)\n",
        ),
        (
            &["staircase", "--kam", "1.5"],
            "grundy: error: step 1: '1.5' is not a number of stones (expected a whole number from 0 to \
             18446744073709551615)\n",
        ),
        (
            &["staircase", "--kam", "1", "5", "4"],
            "grundy: error: the piles must be non-decreasing, and pile 3 (4) is smaller than \
             pile 2 (5)\n",
        ),
    ] {
        assert_eq!(grundy(args).failed(), message, "{args:?}");
    }
    // Usage errors, with the same exit code.
    let run = grundy(&["staircase"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
}
