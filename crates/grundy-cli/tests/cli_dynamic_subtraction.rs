//! `grundy dynamic-subtraction N --k K [--limit L]`: text and JSON output, rational k, huge
//! piles, and exit code 2 with a `grundy: error:` message on bad input. No run may panic.

use serde_json::{json, Value};

mod catalogue_run;
use catalogue_run::*;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["dynamic-subtraction", "10", "--k", "3/2"]).ok(),
        "win\n\
         k: 3/2\n\
         pile: 10\n\
         limit: 9\n\
         representation: 8, 2\n\
         min winning first move: 2\n\
         losing size count: 4\n\
         losing sizes: 1, 2, 4, 8\n\
         winning moves (1):\n  \
         take 2 (leaves 8, the opponent takes at most 3)\n"
    );
    assert_eq!(
        grundy(&["dynamic-subtraction", "16", "--k", "1.5"]).ok(),
        "loss\n\
         k: 3/2\n\
         pile: 16\n\
         limit: 15\n\
         representation: 16\n\
         min winning first move: null\n\
         losing size count: 5\n\
         losing sizes: 1, 2, 4, 8, 16\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["dynamic-subtraction", "20", "--k", "2"]),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"take": 2, "pile": 18, "limit": 4}],
            "k": "2",
            "pile": 20,
            "limit": 19,
            "representation": [13, 5, 2],
            "min_winning_first_move": 2,
            "losing_size_count": 6,
            "losing_sizes": [1, 2, 3, 5, 8, 13]
        })
    );
    // In the middle of play there is no first move: the field is left out.
    let mid = json(&["dynamic-subtraction", "12", "--k", "5/2", "--limit", "12"]);
    assert_eq!(mid["representation"], json!([10, 2]));
    assert_eq!(mid["min_winning_first_move"], Value::Null);
    assert!(mid.get("min_winning_first_move").is_none());
    assert_eq!(
        mid["winning_moves"],
        json!([{"take": 2, "pile": 10, "limit": 5}, {"take": 12, "pile": 0, "limit": 30}])
    );
    // k = 1: f(n) is the lowest set bit.
    let one = json(&["dynamic-subtraction", "96", "--k", "1"]);
    assert_eq!(one["min_winning_first_move"], 32);
    assert_eq!(one["k"], "1");
    assert_eq!(
        json(&["dynamic-subtraction", "6", "--k", "12/8"])["k"],
        "3/2"
    );
}

#[test]
fn huge_piles_and_multipliers() {
    let big = json(&["dynamic-subtraction", "1000000000000000000", "--k", "7/3"]);
    assert_eq!(big["outcome"], "win");
    assert_eq!(big["min_winning_first_move"], 2);
    let max = json(&["dynamic-subtraction", "18446744073709551615", "--k", "1"]);
    assert_eq!(max["losing_size_count"], 64);
    assert_eq!(max["min_winning_first_move"], 1);
    // Every pile up to ⌊k⌋ + 1 loses from the start.
    let dense = json(&[
        "dynamic-subtraction",
        "1000000000000000000",
        "--k",
        "1000000000000000000",
    ]);
    assert_eq!(dense["outcome"], "loss");
    assert_eq!(
        dense["losing_size_count"],
        json!(1_000_000_000_000_000_000u64)
    );
    assert_eq!(dense["losing_sizes"].as_array().unwrap().len(), 100);
}

#[test]
fn bad_input_fails_cleanly() {
    let e = grundy(&["dynamic-subtraction", "10", "--k", "1/2"])
        .failed()
        .to_string();
    assert!(e.contains("below 1"), "{e}");
    let e = grundy(&["dynamic-subtraction", "10", "--k", "abc"])
        .failed()
        .to_string();
    assert!(e.contains("--k: 'abc' is not a ratio"), "{e}");
    grundy(&["dynamic-subtraction", "10", "--k", "3/0"]).failed();
    grundy(&["dynamic-subtraction", "10", "--k", "-2"]).failed();
    grundy(&["dynamic-subtraction", "-10", "--k", "2"]).failed();
    grundy(&["dynamic-subtraction", "10", "--k", "2", "--limit", "0"]).failed();
    grundy(&["dynamic-subtraction", "10", "--k", "2", "--limit", "x"]).failed();
    let e = grundy(&[
        "dynamic-subtraction",
        "1000000000000000000",
        "--k",
        "10000000",
    ])
    .failed()
    .to_string();
    assert!(e.contains("too many"), "{e}");
}
