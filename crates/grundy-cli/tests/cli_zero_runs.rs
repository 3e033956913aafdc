//! `grundy zero-runs STRING`: text and JSON output, every winning move (the first 1000 with
//! their number when there are more), and exit code 2 with a `grundy: error:` message on a
//! string that is not of 0s and 1s.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["zero-runs", "0010001"]).ok(),
        "win (Sprague-Grundy value 1)\n\
         winning moves (3):\n  \
         delete the 0 at 4\n  \
         delete the 0 at 5\n  \
         delete the 0 at 6\n"
    );
    assert_eq!(
        grundy(&["zero-runs", "00100"]).ok(),
        "loss (Sprague-Grundy value 0)\n"
    );
    assert_eq!(
        grundy(&["zero-runs", "1000"]).ok(),
        "win (Sprague-Grundy value 3)\nwinning moves (1):\n  delete 3 zeros at 2..4\n"
    );
    assert_eq!(
        grundy(&["zero-runs", ""]).ok(),
        "loss (Sprague-Grundy value 0)\n"
    );
}

#[test]
fn json_output_and_long_strings() {
    assert_eq!(
        json(&["zero-runs", "0001"]),
        json!({"outcome": "win", "value": 3, "winning_moves": [{"start": 1, "length": 3}]})
    );
    // Runs of 3000 and 2500: the first must lose 500 zeros, from any of 2501 starts.
    let s = format!("{}1{}", "0".repeat(3000), "0".repeat(2500));
    let v = json(&["zero-runs", &s]);
    assert_eq!(v["winning_move_count"], json!(2501));
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1000);
    assert_eq!(
        v["winning_moves"][999],
        json!({"start": 1000, "length": 500})
    );
    let text = grundy(&["zero-runs", &s]);
    let out = text.ok();
    assert!(
        out.starts_with("win (Sprague-Grundy value 636)\nwinning moves (2501):\n"),
        "{out}"
    );
    assert!(
        out.ends_with("  delete 500 zeros at 20..519\n  ...\n"),
        "{out}"
    );
}

#[test]
fn bad_input_exits_2() {
    for (args, message) in [
        (
            &["zero-runs", "0120"][..],
            "grundy: error: the string must be made of 0s and 1s (or t and h), and character 3 is '2'\n",
        ),
        (
            &["zero-runs", "-01", "--json"],
            "grundy: error: the string must be made of 0s and 1s (or t and h), and character 1 is '-'\n",
        ),
    ] {
        assert_eq!(grundy(args).failed(), message, "{args:?}");
    }
    let run = grundy(&["zero-runs"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
}
