//! `grundy rectangle-cut AxB...`: text and JSON output, sides up to 2^64 - 1, the listing
//! cap, and exit code 2 with a `grundy: error:` message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["rectangle-cut", "6x4", "9x15"]).ok(),
        "win (Sprague-Grundy value 2)\n\
         values: 6x4 = 2, 9x15 = 0\n\
         winning moves (6):\n  \
         rectangle 1 (6x4): cut side A into 2 pieces 3x4\n  \
         rectangle 1 (6x4): cut side A into 6 pieces 1x4\n  \
         rectangle 1 (6x4): cut side B into 2 pieces 6x2\n  \
         rectangle 1 (6x4): cut side B into 4 pieces 6x1\n  \
         rectangle 2 (9x15): cut side A into 9 pieces 1x15\n  \
         rectangle 2 (9x15): cut side B into 15 pieces 9x1\n"
    );
    // Both sides odd: Nim on the prime-factor counts, 2 ^ 2 = 0.
    assert_eq!(
        grundy(&["rectangle-cut", "9X25"]).ok(),
        "loss (Sprague-Grundy value 0)\nvalues: 9x25 = 0\n"
    );
    assert_eq!(
        grundy(&["rectangle-cut", "1x1"]).ok(),
        "loss (Sprague-Grundy value 0)\nvalues: 1x1 = 0\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["rectangle-cut", "3x2"]),
        json!({
            "outcome": "win",
            "value": 2,
            "winning_moves": [
                // Only the even cut: 3 pieces 1x2 would leave 1.
                {"rectangle": 1, "from": [3, 2], "side": "b", "parts": 2, "piece": [3, 1]},
            ],
            "values": [2],
        })
    );
    let v = json(&["rectangle-cut", "2x1", "2x1"]);
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["values"], json!([1, 1]));
    assert_eq!(v["winning_moves"], json!([]));
    assert!(v.get("winning_move_count").is_none());
}

#[test]
fn huge_sides() {
    // 897612484786617600 has 103,680 divisors; alone, every even cut wins.
    let v = json(&["rectangle-cut", "897612484786617600x1"]);
    assert_eq!(v["value"], 17);
    assert_eq!(v["winning_move_count"], 92_160);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1000);
    assert_eq!(v["winning_moves"][0]["parts"], 2);
    let out = grundy(&["rectangle-cut", "897612484786617600x1"])
        .ok()
        .to_string();
    assert!(out.contains("winning moves (92160):\n"), "{out}");
    assert!(out.ends_with("  ...\n"), "{out}");
    assert_eq!(out.lines().count(), 3 + 20 + 1);
    // The largest sides: 2^64 - 1 = 3·5·17·257·641·65537·6700417.
    let max = format!("{0}x{0}", u64::MAX);
    let v = json(&["rectangle-cut", &max]);
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["values"], json!([0]));
}

#[test]
fn bad_input_exits_2() {
    let shape = |place: &str, text: &str| {
        format!(
            "grundy: error: rectangle {place}: '{text}' is not a rectangle (expected AxB with \
             sides from 1 to 18446744073709551615, e.g. 6x4)\n"
        )
    };
    for (args, place, text) in [
        (&["6y4"][..], "1", "6y4"),
        (&["2x2", "6"], "2", "6"),
        (&["2x18446744073709551616"], "1", "2x18446744073709551616"),
        (&["x"], "1", "x"),
    ] {
        let mut full = vec!["rectangle-cut"];
        full.extend(args);
        assert_eq!(grundy(&full).failed(), shape(place, text), "{args:?}");
    }
    assert_eq!(
        grundy(&["rectangle-cut", "6x0"]).failed(),
        "grundy: error: rectangle 1: a rectangle needs both sides at least 1, and 6x0 has a \
         side of 0\n"
    );
    // No rectangle, or a leading '-' (read as an option): clap's usage error, also exit 2.
    for args in [&["rectangle-cut"][..], &["rectangle-cut", "-1x2"]] {
        let run = grundy(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
