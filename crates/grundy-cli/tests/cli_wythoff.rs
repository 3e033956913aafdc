//! `grundy wythoff A B`: text and JSON output, piles up to 2^64 - 1, and exit code 2 with a
//! `grundy: error:` message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::{json, Value};

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["wythoff", "5", "8"]).ok(),
        "win\n\
         pile A: 5 = b_2, in the P-position (3, 5)\n\
         pile B: 8 = a_5, in the P-position (8, 13)\n\
         winning moves (2):\n  \
         take 1 from both piles, leaving (4, 7)\n  \
         take 5 from pile B, leaving (5, 3)\n"
    );
    assert_eq!(
        grundy(&["wythoff", "7", "4"]).ok(),
        "loss\n\
         pile A: 7 = b_3, in the P-position (4, 7)\n\
         pile B: 4 = a_3, in the P-position (4, 7)\n"
    );
    assert_eq!(
        grundy(&["wythoff", "0", "0"]).ok(),
        "loss\n\
         pile A: 0 = a_0, in the P-position (0, 0)\n\
         pile B: 0 = a_0, in the P-position (0, 0)\n"
    );
    // All three kinds of winning move: both piles, the larger, the smaller.
    assert_eq!(
        grundy(&["wythoff", "5", "7"]).ok(),
        "win\n\
         pile A: 5 = b_2, in the P-position (3, 5)\n\
         pile B: 7 = b_3, in the P-position (4, 7)\n\
         winning moves (3):\n  \
         take 2 from both piles, leaving (3, 5)\n  \
         take 4 from pile B, leaving (5, 3)\n  \
         take 1 from pile A, leaving (4, 7)\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["wythoff", "5", "8"]),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [
                {"from": "both", "take": 1, "to": [4, 7]},
                {"from": "b", "take": 5, "to": [5, 3]},
            ],
            "piles": [
                {"pile": 5, "sequence": "upper", "k": 2, "pair": [3, 5]},
                {"pile": 8, "sequence": "lower", "k": 5, "pair": [8, 13]},
            ],
        })
    );
    let v = json(&["wythoff", "3", "5"]);
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["value"], Value::Null);
    assert_eq!(v["winning_moves"], json!([]));
    assert!(v.get("winning_move_count").is_none());
    // --json may come first.
    assert_eq!(
        grundy(&["wythoff", "--json", "2", "2"]).ok(),
        grundy(&["wythoff", "2", "2", "--json"]).ok()
    );
}

#[test]
fn huge_piles() {
    // 10^18 is b_k for k = 381966011250105152, with a_k = 618033988749894848.
    let v = json(&["wythoff", "1000000000000000000", "1000000000000000000"]);
    assert_eq!(v["outcome"], "win");
    assert_eq!(
        v["winning_moves"],
        json!([
            {"from": "both", "take": 1_000_000_000_000_000_000u64, "to": [0, 0]},
            {"from": "a", "take": 381_966_011_250_105_152u64,
             "to": [618_033_988_749_894_848u64, 1_000_000_000_000_000_000u64]},
            {"from": "b", "take": 381_966_011_250_105_152u64,
             "to": [1_000_000_000_000_000_000u64, 618_033_988_749_894_848u64]},
        ])
    );
    let v = json(&["wythoff", "618033988749894848", "1000000000000000000"]);
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["piles"][0]["sequence"], "lower");
    assert_eq!(v["piles"][0]["k"], 381_966_011_250_105_152u64);
    // The largest pile: its partner a_k is below it.
    let max = u64::MAX.to_string();
    let out = grundy(&["wythoff", &max, &max]).ok().to_string();
    assert!(out.starts_with("win\n"), "{out}");
    assert!(out.contains(
        "pile A: 18446744073709551615 = b_7046029254386353130, in the P-position \
         (11400714819323198485, 18446744073709551615)\n"
    ));
}

#[test]
fn bad_input_exits_2() {
    let expected = |pile: &str, text: &str| {
        format!(
            "grundy: error: {pile}: '{text}' is not a pile size (expected a whole number \
             from 0 to 18446744073709551615)\n"
        )
    };
    for (args, pile, text) in [
        (["x", "3"], "A", "x"),
        (["3", "-1"], "B", "-1"),
        (["18446744073709551616", "1"], "A", "18446744073709551616"),
        (["1.5", "1"], "A", "1.5"),
        (["", "1"], "A", ""),
    ] {
        let mut full = vec!["wythoff"];
        full.extend(args);
        assert_eq!(grundy(&full).failed(), expected(pile, text), "{args:?}");
        full.push("--json");
        assert_eq!(grundy(&full).failed(), expected(pile, text), "{args:?}");
    }
    // Missing or extra arguments: a usage error, also exit code 2.
    for args in [
        &["wythoff", "1"][..],
        &["wythoff", "1", "2", "3"],
        &["wythoff"],
    ] {
        let run = grundy(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
