//! `grundy candy-piles`: text and JSON output, piles from arguments, a file or standard input,
//! sizes up to 2^64 - 1, and exit code 2 with a `grundy: error:` message on bad input. No run
//! may panic.

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
        json_of(&["candy-piles", "3", "1", "--json"]),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"move": "take_largest", "stones": 3}]
        })
    );
    assert_eq!(
        json_of(&["candy-piles", "--json", "2"]),
        json!({
            "outcome": "win",
            "value": null,
            "winning_moves": [{"move": "one_from_each", "piles": 1}]
        })
    );
    let v = json_of(&["candy-piles", "18446744073709551615", "1", "--json"]);
    assert!(v["outcome"] == "win" || v["outcome"] == "loss");
    for m in v["winning_moves"].as_array().unwrap() {
        if m["move"] == "take_largest" {
            assert_eq!(m["stones"], json!(18446744073709551615u64));
        }
    }
}

#[test]
fn piles_from_a_file_or_standard_input() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-candy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("piles.txt");
    std::fs::write(&path, "2\n1 3\n").unwrap();
    let path = path.to_str().unwrap();
    let want = grundy(&["candy-piles", "1", "3"]).ok().to_string();
    assert_eq!(grundy(&["candy-piles", "--file", path]).ok(), want);
    let run = run_with_input(&["candy-piles", "--file", "-"], Some("2\n1 3\n"));
    assert_eq!(run.ok(), want);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_an_error() {
    let stderr = grundy(&["candy-piles", "1", "x"]).failed().to_string();
    assert!(
        stderr.contains("pile 2: 'x' is not a whole number"),
        "{stderr}"
    );
    let stderr = grundy(&["candy-piles", "-3"]).failed().to_string();
    assert!(stderr.contains("'-3'"), "{stderr}");
    grundy(&["candy-piles", "18446744073709551616"]).failed();
    let stderr = grundy(&["candy-piles"]).failed().to_string();
    assert!(stderr.contains("no pile given"), "{stderr}");
    let stderr = grundy(&["candy-piles", "1", "--file", "-"])
        .failed()
        .to_string();
    assert!(stderr.contains("not both"), "{stderr}");
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
