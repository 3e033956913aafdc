//! `grundy fox-cards`, `carrots`, `ends-sum` and `two-queues`: text and JSON output, lists
//! from arguments or a file, values up to 2^64 - 1, and exit code 2 with a `grundy: error:`
//! message on bad input. No run may panic.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

/// What a run of the binary produced.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// Asserts success and an empty stderr; returns stdout.
    #[track_caller]
    fn ok(&self) -> &str {
        assert_eq!(self.code, 0, "exit code; stderr: {}", self.stderr);
        assert_eq!(self.stderr, "", "stderr of a successful run");
        &self.stdout
    }

    /// Asserts exit code 2, nothing on stdout and a `grundy: error:` message; returns stderr.
    #[track_caller]
    fn failed(&self) -> &str {
        assert_eq!(self.code, 2, "exit code; stdout: {}", self.stdout);
        assert_eq!(self.stdout, "", "stdout of a failed run");
        assert!(
            self.stderr.starts_with("grundy: error: "),
            "stderr: {}",
            self.stderr
        );
        &self.stderr
    }
}

/// Runs the binary with `input` on standard input (or none).
fn run_with_input(args: &[&str], input: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    if let Some(input) = input {
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin.write_all(input.as_bytes()).expect("write stdin");
    }
    let output = child
        .wait_with_output()
        .expect("the grundy binary finishes");
    let run = Run {
        code: output.status.code().expect("exit code, not a signal"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "grundy {args:?} panicked: {}",
        run.stderr
    );
    assert_ne!(run.code, 101, "grundy {args:?} panicked: {}", run.stderr);
    run
}

fn grundy(args: &[&str]) -> Run {
    run_with_input(args, None)
}

/// The JSON printed by a successful run.
fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(grundy(args).ok()).expect("valid JSON")
}

#[test]
fn fox_cards() {
    // Codeforces 388C, first sample.
    assert_eq!(
        grundy(&["fox-cards", "100", "1,10"]).ok(),
        "first player (takes from the tops): 101\nsecond player (takes from the bottoms): 10\n"
    );
    assert_eq!(
        json_of(&["fox-cards", "2,8,6,5,9,4,7,1,3", "--json"]),
        json!({"first": 30, "second": 15})
    );
    // The same deal from the contest's input format.
    let input = "2\n1 100\n2 1 10\n";
    let run = run_with_input(&["fox-cards", "--file", "-", "--json"], Some(input));
    assert_eq!(
        serde_json::from_str::<Value>(run.ok()).unwrap(),
        json!({"first": 101, "second": 10})
    );
    // Sums beyond 64 bits stay exact: each player gets one end card of each pile and one
    // middle card.
    let max = u64::MAX.to_string();
    let pile = [max.as_str(); 3].join(",");
    assert_eq!(
        grundy(&["fox-cards", &pile, &pile, "--json"]).ok(),
        "{\"first\":55340232221128654845,\"second\":55340232221128654845}\n"
    );
    let stderr = grundy(&["fox-cards", "1,,2"]).failed().to_string();
    assert!(stderr.contains("pile 1: ''"), "{stderr}");
    let stderr = grundy(&["fox-cards", "1", ""]).failed().to_string();
    assert!(
        stderr.contains("pile 2: a pile needs at least one card"),
        "{stderr}"
    );
    grundy(&["fox-cards"]).failed();
    let run = run_with_input(&["fox-cards", "--file", "-"], Some("2\n1 100\n2 1\n"));
    assert!(
        run.failed().contains("expected a card value"),
        "{}",
        run.stderr
    );
}

#[test]
fn carrots() {
    // Codeforces 794E, samples.
    assert_eq!(
        grundy(&["carrots", "1", "2", "3", "5"]).ok(),
        "value left after k = 0, 1, ..., 3 extra moves of the first player:\n3 3 5 5\n"
    );
    assert_eq!(
        json_of(&[
            "carrots",
            "--json",
            "1000000000",
            "1000000000",
            "1000000000",
            "1000000000",
            "1"
        ]),
        json!({ "values": vec![1_000_000_000u64; 5] })
    );
    let run = run_with_input(&["carrots", "--file", "-", "--json"], Some("3\n0 1 0\n"));
    assert_eq!(
        serde_json::from_str::<Value>(run.ok()).unwrap(),
        json!({"values": [0, 1, 1]})
    );
    assert_eq!(
        json_of(&["carrots", "18446744073709551615", "--json"]),
        json!({"values": [18446744073709551615u64]})
    );
    let stderr = grundy(&["carrots", "1.5"]).failed().to_string();
    assert!(stderr.contains("value 1: '1.5'"), "{stderr}");
    grundy(&["carrots"]).failed();
    let run = run_with_input(&["carrots", "--file", "-"], Some("0\n"));
    assert!(run.failed().contains("no value given"), "{}", run.stderr);
}

#[test]
fn ends_sum() {
    assert_eq!(
        grundy(&["ends-sum", "1", "2", "3", "5", "4", "6"]).ok(),
        "win\nodd_sum: 8\neven_sum: 13\nwinning moves (1):\n  take the last value, then always \
         take from the end the opponent took from (you get the values at even indices: a2, a4, \
         ...)\n"
    );
    assert_eq!(
        json_of(&["ends-sum", "7", "2", "1", "1", "--json"]),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"take": "first", "parity": "odd"}],
            "odd_sum": 8,
            "even_sum": 3
        })
    );
    // Sums beyond 64 bits are given as decimal strings.
    let max = u64::MAX.to_string();
    let less = (u64::MAX - 1).to_string();
    let v = json_of(&["ends-sum", &less, &max, &max, &max, "--json"]);
    assert_eq!(v["odd_sum"], json!("36893488147419103229"));
    assert_eq!(v["even_sum"], json!("36893488147419103230"));
    assert_eq!(v["winning_moves"][0]["take"], "last");
    let stderr = grundy(&["ends-sum", "1", "2", "3"]).failed().to_string();
    assert!(
        stderr.contains("even number of values, and there are 3"),
        "{stderr}"
    );
    let stderr = grundy(&["ends-sum", "1", "3"]).failed().to_string();
    assert!(stderr.contains("odd total"), "{stderr}");
    grundy(&["ends-sum", "1", "two"]).failed();
}

#[test]
fn two_queues() {
    assert_eq!(
        grundy(&["two-queues", "3", "1", "2"]).ok(),
        "win\nwinning moves (2):\n  pop 1 from queue 1\n  pop 2 from queue 2\n"
    );
    assert_eq!(grundy(&["two-queues", "3", "1", "1,1"]).ok(), "loss\n");
    assert_eq!(
        json_of(&["two-queues", "--json", "2", "", "1,1,1"]),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"queue": 2, "value": 1}]
        })
    );
    // Thresholds beyond 64 bits: either pop leaves the opponent to reach 2^65 - 2.
    let max = u64::MAX.to_string();
    let v = json_of(&["two-queues", "--json", "36893488147419103230", &max, &max]);
    assert_eq!(v["outcome"], "win");
    assert_eq!(
        v["winning_moves"],
        json!([
            {"queue": 1, "value": u64::MAX},
            {"queue": 2, "value": u64::MAX}
        ])
    );
    let v = json_of(&[
        "two-queues",
        "--json",
        "36893488147419103230",
        &max,
        &format!("{max},0"),
    ]);
    assert_eq!(v["outcome"], "win");
    // Popping queue 2 would let the opponent pop its 0 and leave the last pop to us.
    assert_eq!(v["winning_moves"], json!([{"queue": 1, "value": u64::MAX}]));
    let stderr = grundy(&["two-queues", "0", "1", "2"]).failed().to_string();
    assert!(stderr.contains("at least 1"), "{stderr}");
    let stderr = grundy(&["two-queues", "4", "1", "2"]).failed().to_string();
    assert!(stderr.contains("more than the sum 3"), "{stderr}");
    let stderr = grundy(&["two-queues", "x", "1", "2"]).failed().to_string();
    assert!(stderr.contains("threshold: 'x'"), "{stderr}");
    let stderr = grundy(&["two-queues", "3", "1,a", "2"])
        .failed()
        .to_string();
    assert!(stderr.contains("queue 1: 'a'"), "{stderr}");
    grundy(&["two-queues", "-1", "1", "2"]).failed();
}
