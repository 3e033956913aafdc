//! `grundy mex-mat ROW COLUMN` and `--file` in the contest's format: text and JSON output,
//! n = 2·10^5 from standard input, and exit code 2 with a `grundy: error:` message on bad
//! input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json, run_with_input};
use serde_json::{json, Value};

#[test]
fn text_output() {
    // The first sample of ARC107 E.
    assert_eq!(
        grundy(&["mex-mat", "1202", "1000"]).ok(),
        "0: 7\n1: 4\n2: 5\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "1,2,0,2", "1 0 0 0"]).ok(),
        "0: 7\n1: 4\n2: 5\n"
    );
    assert_eq!(grundy(&["mex-mat", "2", "2"]).ok(), "0: 0\n1: 0\n2: 1\n");
}

#[test]
fn json_output() {
    assert_eq!(
        json(&["mex-mat", "1202", "1000"]),
        json!({"n": 4, "zeros": 7, "ones": 4, "twos": 5})
    );
}

#[test]
fn the_contest_format() {
    let input = "4\n1 2 0 2\n0\n0\n0\n";
    let run = run_with_input(&["mex-mat", "--file", "-"], Some(input));
    assert_eq!(run.ok(), "0: 7\n1: 4\n2: 5\n");
    let run = run_with_input(&["mex-mat", "--file", "-", "--json"], Some(input));
    assert_eq!(run.ok(), "{\"n\":4,\"zeros\":7,\"ones\":4,\"twos\":5}\n");
    // n = 200000: the counts add up to n².
    let n = 200_000;
    let mut input = format!("{n}\n");
    for i in 0..2 * n - 1 {
        input.push_str(["0 ", "1 ", "2 ", "1 ", "0 ", "0 ", "2 "][(i * 7 + i / 3) % 7]);
    }
    let run = run_with_input(&["mex-mat", "--file", "-", "--json"], Some(&input));
    let v: Value = serde_json::from_str(run.ok()).unwrap();
    let total: u64 = ["zeros", "ones", "twos"]
        .iter()
        .map(|k| v[k].as_u64().unwrap())
        .sum();
    assert_eq!(total, (n * n) as u64);
    let run = run_with_input(&["mex-mat", "--file", "-"], Some("3\n1 2 0\n1\n"));
    assert_eq!(
        run.failed(),
        "grundy: error: <stdin>: expected a value of the first column, found the end of the input\n"
    );
    let run = run_with_input(&["mex-mat", "--file", "-"], Some("2\n1 2\n3\n"));
    assert_eq!(
        run.failed(),
        "grundy: error: <stdin>: 3 is not a cell (0, 1 or 2)\n"
    );
    let run = run_with_input(&["mex-mat", "--file", "-"], Some("1\n1\n1\n"));
    assert_eq!(
        run.failed(),
        "grundy: error: <stdin>:3: unexpected '1' after the last value expected\n"
    );
    let run = run_with_input(&["mex-mat", "--file", "-"], Some("0\n"));
    assert_eq!(
        run.failed(),
        "grundy: error: <stdin>:1: '0' is not a size n (expected a whole number from 1 to \
         18446744073709551615)\n"
    );
}

#[test]
fn bad_input_exits_2() {
    assert_eq!(
        grundy(&["mex-mat", "1203", "1000"]).failed(),
        "grundy: error: ROW: cell 4 is '3': cells are the digits 0, 1 and 2\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "1202", "2000"]).failed(),
        "grundy: error: the first row starts with 1 and the first column with 2: both are the \
         corner a(0, 0)\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "1202", "100"]).failed(),
        "grundy: error: the first row has 4 cells and the first column 3: both must have n\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "", ""]).failed(),
        "grundy: error: the matrix needs at least one cell (n ≥ 1)\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "12"]).failed(),
        "grundy: error: give COLUMN or --file\n"
    );
    assert_eq!(
        grundy(&["mex-mat", "12", "10", "--file", "-"]).failed(),
        "grundy: error: ROW and --file exclude each other: give one\n"
    );
    assert!(grundy(&["mex-mat", "--file", "/nonexistent/x"])
        .failed()
        .starts_with("grundy: error: /nonexistent/x: "));
}
