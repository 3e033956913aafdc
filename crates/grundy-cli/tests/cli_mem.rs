//! `grundy mem N[:K]...`: text and JSON output, heaps with their memories, the largest heap,
//! the table, and exit code 2 with a `grundy: error:` message naming the heap on bad input.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["mem", "10", "7:3"]).ok(),
        "win (Sprague-Grundy value 1)\n\
         heap values: 3, 2\n\
         winning moves (2):\n  \
         heap 1: take 2 (leaves 8:2)\n  \
         heap 1: take 3 (leaves 7:3)\n"
    );
    // A memory beyond the heap leaves no move.
    assert_eq!(
        grundy(&["mem", "3:5", "0"]).ok(),
        "loss (Sprague-Grundy value 0)\nheap values: 0, 0\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["mem", "6", "5"]),
        json!({
            "outcome": "win",
            "value": 7,
            "winning_moves": [{"heap": 1, "take": 1, "to": 5}],
            "heap_values": [4, 3],
        })
    );
    // The largest heap: every winning move listed in JSON.
    let v = json(&["mem", "4096"]);
    assert_eq!(v["heap_values"], json!([72]));
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2048);
}

#[test]
fn the_table_is_by_tokens_and_memory() {
    assert_eq!(
        grundy(&["table", "mem", "--a", "0..4", "--b", "0..4"]).ok(),
        "a\\b 0 1 2 3 4\n  \
           0 0 0 0 0 0\n  \
           1 1 1 0 0 0\n  \
           2 2 2 1 0 0\n  \
           3 1 1 1 1 0\n  \
           4 2 2 2 1 1\n"
    );
}

#[test]
fn bad_input_exits_2() {
    for (args, error) in [
        (
            &["3", "4097:1"][..],
            "heap 2: '4097' is not a heap size (expected a whole number from 0 to 4096)",
        ),
        (
            &["7:x"],
            "heap 1: 'x' is not a heap's last take (expected a whole number from 0 to \
             18446744073709551615)",
        ),
        (
            &["7:3:2"],
            "heap 1: '3:2' is not a heap's last take (expected a whole number from 0 to \
             18446744073709551615)",
        ),
    ] {
        let mut full = vec!["mem"];
        full.extend(args);
        assert_eq!(
            grundy(&full).failed(),
            format!("grundy: error: {error}\n"),
            "{args:?}"
        );
    }
    let run = grundy(&["mem"]);
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
}
