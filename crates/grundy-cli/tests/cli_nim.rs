//! `grundy nim PILES... [--misere]`: text and JSON output, every winning move, piles up to
//! 2^64 - 1, and exit code 2 with a `grundy: error:` message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::{json, Value};

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["nim", "3", "4", "5"]).ok(),
        "win (Sprague-Grundy value 2)\n\
         winning moves (1):\n  \
         pile 1: 3 -> 1 (take 2)\n"
    );
    assert_eq!(
        grundy(&["nim", "1", "2", "3"]).ok(),
        "loss (Sprague-Grundy value 0)\n"
    );
    // Every winning move: here one in each pile.
    assert_eq!(
        grundy(&["nim", "6", "10", "15"]).ok(),
        "win (Sprague-Grundy value 3)\n\
         winning moves (3):\n  \
         pile 1: 6 -> 5 (take 1)\n  \
         pile 2: 10 -> 9 (take 1)\n  \
         pile 3: 15 -> 12 (take 3)\n"
    );
}

#[test]
fn misere_text_output() {
    // One pile above 1 and an even number of ones: leave it at 1.
    assert_eq!(
        grundy(&["nim", "1", "1", "4", "--misere"]).ok(),
        "win\nwinning moves (1):\n  pile 3: 4 -> 1 (take 3)\n"
    );
    // Three ones: every move leaves two, a win for the opponent.
    assert_eq!(grundy(&["nim", "--misere", "1", "1", "1"]).ok(), "loss\n");
    // Every pile empty: the player to move has won already.
    assert_eq!(
        grundy(&["nim", "0", "0", "--misere"]).ok(),
        "win\nnote: every pile is empty: the opponent took the last counter, so the player to \
         move has won\n"
    );
}

#[test]
fn long_lists_are_cut_in_text_but_not_in_json() {
    // 25 piles of 1: XOR 1, and each pile can be emptied.
    let piles = vec!["1"; 25];
    let mut args = vec!["nim"];
    args.extend(&piles);
    let run = grundy(&args);
    let out = run.ok();
    assert!(out.starts_with("win (Sprague-Grundy value 1)\nwinning moves (25):\n"));
    assert_eq!(out.lines().count(), 2 + 20 + 1, "{out}");
    assert!(
        out.ends_with("  pile 20: 1 -> 0 (take 1)\n  ...\n"),
        "{out}"
    );
    let value = json(&args);
    assert_eq!(value["winning_moves"].as_array().unwrap().len(), 25);
    assert!(value.get("winning_move_count").is_none());
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["nim", "3", "4", "5"]),
        json!({"outcome": "win", "value": 2, "winning_moves": [{"pile": 1, "from": 3, "to": 1}]})
    );
    assert_eq!(
        json(&["nim", "2", "2"]),
        json!({"outcome": "loss", "value": 0, "winning_moves": []})
    );
    assert_eq!(
        json(&["nim", "--misere", "1", "1", "4"]),
        json!({"outcome": "win", "value": null, "winning_moves": [{"pile": 3, "from": 4, "to": 1}]})
    );
    let value = json(&["nim", "--misere", "0"]);
    assert_eq!(value["outcome"], "win");
    assert_eq!(value["value"], Value::Null);
    assert!(value["note"].as_str().unwrap().contains("has won"));
}

#[test]
fn huge_piles() {
    let max = u64::MAX.to_string();
    let value = json(&["nim", &max, "1000000000000000000"]);
    assert_eq!(value["value"], u64::MAX ^ 1_000_000_000_000_000_000);
    assert_eq!(
        value["winning_moves"],
        json!([{"pile": 1, "from": u64::MAX, "to": 1_000_000_000_000_000_000u64}])
    );
    let value = json(&["nim", &max, &max, "--misere"]);
    assert_eq!(value["outcome"], "loss");
}

#[test]
fn bad_input_exits_2() {
    let too_big = "18446744073709551616";
    for (args, message) in [
        (&["nim", "3", "x"][..], "pile 2: 'x' is not a pile size"),
        (&["nim", "-1"][..], "pile 1: '-1' is not a pile size"),
        (&["nim", too_big, "--misere"][..], "is not a pile size"),
        (&["nim", "1.5", "--json"][..], "is not a pile size"),
    ] {
        let stderr = grundy(args).failed().to_string();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
    // No pile at all: a usage error.
    assert_eq!(
        grundy(&["nim"]).usage(),
        "grundy: error: the following required arguments were not provided: <PILES>...\n  \
         (see grundy nim --help)\n"
    );
}
