//! `grundy candy-piles`: text and JSON output, piles from arguments, a file or standard input,
//! sizes up to 2^64 - 1, and exit code 2 with a `grundy: error:` message on bad input. No run
//! may panic.

mod catalogue_run;

use catalogue_run::{grundy, run_with_input, temp_file};
use serde_json::json;

#[test]
fn text_output() {
    assert_eq!(
        grundy(&["candy-piles", "1", "3"]).ok(),
        "win\nwinning moves (1):\n  take a largest pile (3 stones)\n"
    );
    assert_eq!(
        grundy(&["candy-piles", "2", "2", "2"]).ok(),
        "win\nwinning moves (2):\n  take a largest pile (2 stones)\n  \
         take one stone from each of the 3 non-empty piles\n"
    );
    assert_eq!(grundy(&["candy-piles", "1", "1", "1"]).ok(), "loss\n");
    // No stone: the opponent took the last one.
    assert_eq!(grundy(&["candy-piles", "0", "0"]).ok(), "win\n");
}

#[test]
fn json_output() {
    assert_eq!(
        grundy(&["candy-piles", "3", "1", "--json"]).json(),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"move": "take_largest", "stones": 3}]
        })
    );
    assert_eq!(
        grundy(&["candy-piles", "--json", "2"]).json(),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"move": "one_from_each", "piles": 1}]
        })
    );
    let v = grundy(&["candy-piles", "18446744073709551615", "1", "--json"]).json();
    assert!(v["outcome"] == "win" || v["outcome"] == "loss");
    for m in v["winning_moves"].as_array().unwrap() {
        if m["move"] == "take_largest" {
            assert_eq!(m["stones"], json!(18446744073709551615u64));
        }
    }
}

#[test]
fn piles_from_a_file_or_standard_input() {
    let file = temp_file("piles.txt", "2\n1 3\n");
    let path = file.to_str().unwrap();
    let want = grundy(&["candy-piles", "1", "3"]).ok().to_string();
    assert_eq!(grundy(&["candy-piles", "--file", path]).ok(), want);
    let run = run_with_input(&["candy-piles", "--file", "-"], Some("2\n1 3\n"));
    assert_eq!(run.ok(), want);
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn bad_input_is_an_error() {
    let stderr = grundy(&["candy-piles", "1", "x"]).failed().to_string();
    assert!(
        stderr.contains("pile 2: 'x' is not a pile size"),
        "{stderr}"
    );
    let stderr = grundy(&["candy-piles", "-3"]).failed().to_string();
    assert!(stderr.contains("'-3'"), "{stderr}");
    grundy(&["candy-piles", "18446744073709551616"]).failed();
    let stderr = grundy(&["candy-piles"]).failed().to_string();
    assert!(stderr.contains("give PILE or --file"), "{stderr}");
    let stderr = grundy(&["candy-piles", "1", "--file", "-"])
        .failed()
        .to_string();
    assert!(
        stderr.contains("PILE and --file exclude each other"),
        "{stderr}"
    );
    let run = run_with_input(&["candy-piles", "--file", "-"], Some("3\n1 2\n"));
    assert!(run.failed().contains("expected a pile"), "{}", run.stderr);
    let run = run_with_input(&["candy-piles", "--file", "-"], Some("1\n1 2\n"));
    assert!(
        run.failed().contains("<stdin>:2: unexpected '2'"),
        "{}",
        run.stderr
    );
    grundy(&["candy-piles", "--file", "/nonexistent/piles.txt"]).failed();
}
