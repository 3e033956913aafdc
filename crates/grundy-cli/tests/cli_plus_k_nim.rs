//! `grundy plus-k-nim N --k K [--limit L]` and `grundy plus-k-nim --k K --count L R`: text
//! and JSON output, the notes' bounds (10^14) and beyond, and exit code 2 with a `grundy:
//! error:` message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn positions() {
    assert_eq!(
        grundy(&["plus-k-nim", "5", "--k", "2"]).ok(),
        "win\n\
         k: 2\n\
         pile: 5\n\
         limit: 1\n\
         representation: 4, 1\n\
         period: 10\n\
         winning moves (1):\n  \
         take 1 (leaves 4, the opponent takes at most 3)\n"
    );
    assert_eq!(
        grundy(&["plus-k-nim", "6", "--k", "2"]).ok(),
        "loss\nk: 2\npile: 6\nlimit: 1\nrepresentation: 6\nperiod: 10\n"
    );
    assert_eq!(
        json(&["plus-k-nim", "13", "--k", "2", "--limit", "13"]),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"take": 3, "pile": 10, "limit": 5}, {"take": 13, "pile": 0, "limit": 15}],
            "k": 2,
            "pile": 13,
            "limit": 13,
            "representation": [10, 3],
            "period": 10
        })
    );
}

#[test]
fn counts() {
    // k = 2: N-positions at n = 1, 5, 7 (mod 10), P-positions elsewhere.
    assert_eq!(
        grundy(&["plus-k-nim", "--k", "2", "--count", "1", "10"]).ok(),
        "7\n"
    );
    assert_eq!(
        grundy(&["plus-k-nim", "--k", "0", "--count", "1", "100"]).ok(),
        "50\n"
    );
    assert_eq!(
        json(&["plus-k-nim", "--k", "2", "--count", "1", "20"]),
        json!({"k": 2, "l": 1, "r": 20, "losses": 14, "period": 10, "runs": [3, 1, 3]})
    );
    let notes = json(&[
        "plus-k-nim",
        "--k",
        "99999999999999",
        "--count",
        "1",
        "99999999999999",
    ]);
    assert_eq!(notes["losses"], json!(99_999_999_999_998u64));
    assert_eq!(notes["period"], json!(411_106_232_532_990u64));
    let max = json(&[
        "plus-k-nim",
        "--k",
        "18446744073709551615",
        "--count",
        "0",
        "18446744073709551615",
    ]);
    assert_eq!(max["losses"], json!(u64::MAX));
    assert_eq!(max["period"], "110680464442257309694");
}

#[test]
fn bad_input_fails_cleanly() {
    grundy(&["plus-k-nim", "5", "--k", "x"]).failed();
    grundy(&["plus-k-nim", "5", "--k", "-1"]).failed();
    grundy(&["plus-k-nim", "x", "--k", "1"]).failed();
    grundy(&["plus-k-nim", "5", "--k", "1", "--limit", "0"]).failed();
    let e = grundy(&["plus-k-nim", "--k", "2", "--count", "5", "3"])
        .failed()
        .to_string();
    assert!(e.contains("empty"), "{e}");
    grundy(&["plus-k-nim", "--k", "2", "--count", "1", "1e9"]).failed();
    grundy(&["plus-k-nim", "--k", "2"]).failed();
    grundy(&["plus-k-nim", "5", "--k", "2", "--count", "1", "2"]).failed();
}
