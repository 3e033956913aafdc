//! `grundy partizan-piles --a A --b B PILES...`: the outcome class and both players'
//! winning moves in text and JSON, takes and piles up to 2^64 - 1, and exit code 2 with a
//! `grundy: error:` message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["partizan-piles", "--a", "2", "--b", "3", "4"]).ok(),
        "N (the first player wins)\n\
         piles: 1 pile hot for Left ({c|0})\n\
         Left (takes 2) moving first: win\n\
         winning moves (1):\n  \
         pile 1: 4 -> 2\n\
         Right (takes 3) moving first: win\n\
         winning moves (1):\n  \
         pile 1: 4 -> 1\n"
    );
    // One hot pile and an odd number of * piles: Left wins whoever starts.
    assert_eq!(
        grundy(&["partizan-piles", "--a", "2", "--b", "3", "4", "3"]).ok(),
        "L (Left wins)\n\
         piles: 1 pile worth *, 1 pile hot for Left ({c|0})\n\
         Left (takes 2) moving first: win\n\
         winning moves (1):\n  \
         pile 1: 4 -> 2\n\
         Right (takes 3) moving first: loss\n"
    );
    assert_eq!(
        grundy(&["partizan-piles", "--a", "3", "--b", "3", "1", "2"]).ok(),
        "P (the second player wins)\n\
         piles: 2 piles worth 0\n\
         Left (takes 3) moving first: loss\n\
         Right (takes 3) moving first: loss\n"
    );
    // a > b: Right is the favoured player.
    assert_eq!(
        grundy(&["partizan-piles", "--b", "2", "--a", "5", "4", "1"]).ok(),
        "R (Right wins)\n\
         piles: 1 pile worth 0, 1 pile only Right can move in (a negative integer)\n\
         Left (takes 5) moving first: loss\n\
         Right (takes 2) moving first: win\n\
         winning moves (1):\n  \
         pile 1: 4 -> 2\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["partizan-piles", "--a", "2", "--b", "3", "4", "3", "3"]),
        json!({
            "outcome_class": "N",
            "kinds": {"zero": 0, "left_only": 0, "right_only": 0, "star": 2, "left_hot": 1,
                      "right_hot": 0},
            "left_first": {
                "outcome": "win",
                "value": null,
                "winning_moves": [
                    {"pile": 1, "from": 4, "to": 2},
                    {"pile": 2, "from": 3, "to": 1},
                    {"pile": 3, "from": 3, "to": 1},
                ],
            },
            "right_first": {
                "outcome": "win",
                "value": null,
                "winning_moves": [{"pile": 1, "from": 4, "to": 1}],
            },
            "a": 2,
            "b": 3,
        })
    );
}

#[test]
fn huge_piles_and_takes() {
    let max = u64::MAX.to_string();
    // a + b overflows 64 bits: piles are taken mod a + b exactly.
    let v = json(&["partizan-piles", "--a", &max, "--b", &max, &max, &max]);
    assert_eq!(v["outcome_class"], "P");
    assert_eq!(v["kinds"]["star"], 2);
    let v = json(&[
        "partizan-piles",
        "--a",
        "1000000000000000000",
        "--b",
        "3",
        "2000000000000000000",
    ]);
    // Right takes 3, Left 10^18: mod 10^18 + 3 the pile is 10^18 - 3, only Right can move.
    assert_eq!(v["outcome_class"], "R");
    assert_eq!(v["kinds"]["right_only"], 1);
    // Many piles: every one is a winning move; text lists 20.
    let piles: Vec<String> = (0..1500).map(|_| "3".to_string()).collect();
    let mut args = vec!["partizan-piles", "--a", "2", "--b", "3"];
    args.extend(piles.iter().map(String::as_str));
    let v = json(&args);
    assert_eq!(v["outcome_class"], "P");
    let out = grundy(&args).ok().to_string();
    assert!(
        out.starts_with("P (the second player wins)\npiles: 1500 piles worth *\n"),
        "{out}"
    );
    let mut args = vec!["partizan-piles", "--a", "2", "--b", "3", "3"];
    args.extend(piles.iter().map(String::as_str));
    let v = json(&args);
    assert_eq!(v["outcome_class"], "N");
    assert_eq!(v["left_first"]["winning_move_count"], 1501);
    assert_eq!(
        v["left_first"]["winning_moves"].as_array().unwrap().len(),
        1000
    );
    let out = grundy(&args).ok().to_string();
    assert!(out.contains("winning moves (1501):\n"), "{out}");
    assert_eq!(out.matches("  ...\n").count(), 2, "{out}");
}

#[test]
fn bad_input_exits_2() {
    assert_eq!(
        grundy(&["partizan-piles", "--a", "0", "--b", "2", "4"]).failed(),
        "grundy: error: --a: '0' is not a take (expected a whole number from 1 to \
         18446744073709551615)\n"
    );
    assert_eq!(
        grundy(&["partizan-piles", "--a", "1", "--b", "x", "4"]).failed(),
        "grundy: error: --b: 'x' is not a take (expected a whole number from 1 to \
         18446744073709551615)\n"
    );
    assert_eq!(
        grundy(&["partizan-piles", "--a", "1", "--b", "2", "4", "-3"]).failed(),
        "grundy: error: pile 2: '-3' is not a pile size (expected a whole number from 0 to \
         18446744073709551615)\n"
    );
    for args in [
        &["partizan-piles", "--a", "1", "--b", "2"][..],
        &["partizan-piles", "--a", "1", "4"],
        &["partizan-piles", "4"],
    ] {
        let run = grundy(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
