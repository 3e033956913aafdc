//! `grundy nim-k`, `grundy misere` and `grundy corners`: the common answer in text and JSON,
//! standard input for corners, and exit code 2 with a one-line message on bad input. No run
//! may panic.

mod catalogue_run;

use catalogue_run::{grundy, json, run_with_input};
use serde_json::json;

#[test]
fn nim_k() {
    // Every bit is set in a multiple of k + 1 = 3 piles: the player to move loses.
    assert_eq!(grundy(&["nim-k", "2", "3", "5", "6", "7"]).ok(), "loss\n");
    assert_eq!(
        grundy(&["nim-k", "2", "3", "5", "6", "6"]).ok(),
        "win\nwinning moves (1):\n  pile 1 from 3 to 2, pile 2 from 5 to 4 (leaves 2 4 6 6)\n"
    );
    assert_eq!(
        json(&["nim-k", "2", "3", "5", "6", "6"]),
        json!({"outcome": "win", "value": null, "winning_moves": [{"piles": [2, 4, 6, 6]}]})
    );
    // k = 1 is Nim.
    assert_eq!(json(&["nim-k", "1", "1", "2", "3"])["outcome"], "loss");
}

#[test]
fn misere() {
    assert_eq!(
        grundy(&["misere", "1", "1", "4"]).ok(),
        "win\nwinning moves (1):\n  component 3: value 4 -> 1\n"
    );
    assert_eq!(grundy(&["misere", "1", "1", "1"]).ok(), "loss\n");
    assert_eq!(
        json(&["misere", "1", "1", "4"]),
        json!({"outcome": "win", "value": null,
               "winning_moves": [{"component": 3, "from": 4, "to": 1}]})
    );
    assert_eq!(
        grundy(&["misere", "0", "0"]).ok(),
        "win\nnote: no move is left: the opponent made the last move, so the player to move has \
         won\n"
    );
}

#[test]
fn corners() {
    // 1 ⊗ 1 = 1 and 2 ⊗ 2 = 3: the value 2.
    assert_eq!(
        grundy(&["corners", "1,1", "2,2"]).ok(),
        "win (Sprague-Grundy value 2)\nwinning moves (1):\n  turn the corners of the box from \
         1,1 to 2,2\n"
    );
    assert_eq!(
        json(&["corners", "1,1", "2,2"]),
        json!({"outcome": "win", "value": 2,
               "winning_moves": [{"far": [2, 2], "near": [1, 1]}]})
    );
    assert_eq!(
        grundy(&["corners", "0,5"]).ok(),
        "loss (Sprague-Grundy value 0)\n"
    );
    // Heads from standard input, in three dimensions.
    let v = run_with_input(&["corners", "-", "--json"], Some("3 1 4\n\n1,5,9\n")).json();
    assert_eq!(v["outcome"], "win");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
}

#[test]
fn bad_input_exits_2() {
    for (args, message) in [
        (
            &["nim-k", "0", "1"][..],
            "K: '0' is not a number of piles (expected a whole number from 1 to \
             18446744073709551615)",
        ),
        (
            &["nim-k", "2", "-3"],
            "pile 1: '-3' is not a pile size (expected a whole number from 0 to \
             18446744073709551615)",
        ),
        (
            &["misere", "1", "x"],
            "component 2: 'x' is not a value (expected a whole number from 0 to \
             18446744073709551615)",
        ),
        (
            &["corners", "1,1", "1,2,3"],
            "argument 2: 3 coordinates, but the first head has 2: all heads have the same \
             dimension",
        ),
        (
            &["corners", "1,y"],
            "argument 1: 'y' is not a coordinate (expected a whole number from 0 to \
             18446744073709551615)",
        ),
        (
            &["corners", ","],
            "argument 1: expected coordinates like 3,5",
        ),
    ] {
        assert_eq!(
            grundy(args).failed(),
            format!("grundy: error: {message}\n"),
            "{args:?}"
        );
    }
    for args in [&["nim-k", "2"][..], &["misere"], &["corners"]] {
        let run = grundy(args);
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
