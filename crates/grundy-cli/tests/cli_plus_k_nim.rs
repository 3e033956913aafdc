//! `grundy plus-k-nim N --k K [--limit L]` and `grundy plus-k-nim --k K --count L R`: text
//! and JSON output, the notes' bounds (10^14) and beyond, and exit code 2 with a `grundy:
//! error:` message on bad input. No run may panic.

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
    let output = child.wait_with_output().expect("the grundy binary ends");
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

fn json(args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.push("--json");
    let run = grundy(&args);
    let out = run.ok();
    assert!(out.ends_with('\n') && out.lines().count() == 1, "{out}");
    serde_json::from_str(out).expect("valid JSON")
}

#[test]
fn positions() {
    assert_eq!(
        grundy(&["plus-k-nim", "5", "--k", "2"]).ok(),
        "win\n\
         k: 2\n\
         pile: 5\n\
         limit: 1\n\
         representation: [4,1]\n\
         period: 10\n\
         winning moves (1):\n  \
         take 1 (leaves 4, the opponent takes at most 3)\n"
    );
    assert_eq!(
        grundy(&["plus-k-nim", "6", "--k", "2"]).ok(),
        "loss\nk: 2\npile: 6\nlimit: 1\nrepresentation: [6]\nperiod: 10\n"
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
