//! `grundy nimber`: each operation, `--json`, `batch` against Library Checker's test files,
//! malformed batch input and division by zero. No run may panic.

use std::path::PathBuf;

mod catalogue_run;

use catalogue_run::{grundy, run_with_bytes, Run};
use serde_json::Value;

fn batch(input: &[u8]) -> Run {
    run_with_bytes(&["nimber", "batch"], Some(input))
}

/// Library Checker's `nim_product_64` files, in the repository's `testdata/`.
fn nim_product_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/nim_product_64")
}

fn read(path: &PathBuf) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn each_operation() {
    let cases: &[(&[&str], &str)] = &[
        (&["add", "5", "3"], "6"),
        (&["mul", "8", "8"], "13"),
        (&["mul", "3141", "5926"], "14994"),
        (
            &["mul", "18446744073709551615", "18446744073709551615"],
            "11290409524105353207",
        ),
        (&["div", "11", "16"], "68"),
        (&["div", "0", "7"], "0"),
        (&["inv", "16"], "170"),
        (&["inv", "1"], "1"),
        (&["sqrt", "13"], "8"),
        (&["sqrt", "0"], "0"),
        (&["pow", "2", "10"], "2"),
        (&["pow", "16", "2"], "24"),
        (&["pow", "0", "0"], "1"),
        (&["pow", "7", "18446744073709551615"], "1"),
    ];
    for (args, expected) in cases {
        let mut full = vec!["nimber"];
        full.extend_from_slice(args);
        assert_eq!(grundy(&full).ok(), format!("{expected}\n"), "{args:?}");
    }
}

#[test]
fn json_output() {
    let run = grundy(&["nimber", "mul", "8", "8", "--json"]);
    assert_eq!(run.ok(), "{\"op\":\"mul\",\"args\":[8,8],\"result\":13}\n");
    // --json also goes before the operation.
    let run = grundy(&["nimber", "--json", "pow", "18446744073709551615", "3"]);
    let value: Value = serde_json::from_str(run.ok()).expect("JSON");
    assert_eq!(value["op"], "pow");
    assert_eq!(value["args"][0].as_u64(), Some(u64::MAX));
    assert_eq!(value["args"][1].as_u64(), Some(3));
    let cube = grundy(&["nimber", "pow", "18446744073709551615", "3"]);
    assert_eq!(
        value["result"].as_u64().map(|r| format!("{r}\n")),
        Some(cube.ok().to_string())
    );
    for (op, args, result) in [
        ("add", vec!["1", "2"], 3),
        ("div", vec!["11", "2"], 6),
        ("inv", vec!["2"], 3),
        ("sqrt", vec!["3"], 2),
    ] {
        let mut full = vec!["nimber", op];
        full.extend(&args);
        full.push("--json");
        let value: Value = serde_json::from_str(grundy(&full).ok()).expect("JSON");
        assert_eq!(value["op"], op);
        let numbers: Vec<u64> = args.iter().map(|a| a.parse().unwrap()).collect();
        assert_eq!(value["args"], serde_json::json!(numbers));
        assert_eq!(value["result"], result);
    }
}

#[test]
fn division_by_zero_and_inverse_of_zero() {
    let run = grundy(&["nimber", "div", "5", "0"]);
    assert_eq!(
        run.failed(),
        "grundy: error: division by zero: 0 has no inverse\n"
    );
    let run = grundy(&["nimber", "div", "0", "0", "--json"]);
    assert!(run.failed().contains("division by zero"));
    let run = grundy(&["nimber", "inv", "0"]);
    assert_eq!(run.failed(), "grundy: error: 0 has no inverse\n");
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["nimber", "mul", "1", "18446744073709551616"][..],
        &["nimber", "mul", "1"],
        &["nimber", "add", "x", "1"],
        &["nimber", "pow", "2", "-1"],
        &["nimber", "sqrt", "1.5"],
        &["nimber"],
    ] {
        let run = grundy(args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "");
    }
    let run = run_with_bytes(&["nimber", "batch", "--json"], Some(b"1\n2 2\n"));
    assert!(run.failed().contains("no other output format"));
}

#[test]
fn batch_example() {
    let dir = nim_product_dir();
    let input = read(&dir.join("example_00.in"));
    let expected = String::from_utf8(read(&dir.join("example_00.out"))).expect("UTF-8");
    assert_eq!(batch(&input).ok(), expected);
}

#[test]
fn batch_large_files() {
    let dir = nim_product_dir();
    for name in ["random_few_00", "large_few_00", "power_of_two_00"] {
        let input = read(&dir.join(format!("{name}.in")));
        let expected = String::from_utf8(read(&dir.join(format!("{name}.out")))).expect("UTF-8");
        let run = batch(&input);
        // Compare whole outputs, but report the first differing line, not 2 MB of text.
        let output = run.ok();
        if output != expected {
            let line = output
                .lines()
                .zip(expected.lines())
                .position(|(a, b)| a != b)
                .map_or(output.lines().count().min(expected.lines().count()), |i| i);
            panic!(
                "{name}: output differs from the expected one at line {}",
                line + 1
            );
        }
    }
}

#[test]
fn batch_layout_variants() {
    // Windows line endings, extra blanks, no final newline, trailing blank lines.
    assert_eq!(batch(b"2\r\n2 2\r\n  8\t8  \r\n").ok(), "3\n13\n");
    assert_eq!(batch(b"1\n16 16").ok(), "24\n");
    assert_eq!(batch(b"1\n4 4\n\n\n").ok(), "6\n");
    assert_eq!(batch(b"0\n").ok(), "");
}

#[test]
fn batch_malformed_input() {
    let cases: &[(&[u8], &str)] = &[
        (b"", "<stdin>:1:1: expected the number of pairs T"),
        (b"x\n", "<stdin>:1:1: expected the number of pairs T"),
        (b"3\n1 2\n3 4\n", "<stdin>:4:1: expected line 3 of T = 3 lines `A B`, found end of input"),
        (b"2\n1 2\n3 ", "<stdin>:3:3: expected the second factor B, a decimal integer from 0 to 18446744073709551615, found end of input"),
        (b"2\n1 2\n3", "<stdin>:3:2: expected the second factor B"),
        (b"1\n1\n", "<stdin>:2:2: expected the second factor B, a decimal integer from 0 to 18446744073709551615, found end of line"),
        (b"1\n18446744073709551616 1\n", "<stdin>:2:1: number too large: expected the first factor A"),
        (b"1\n1 99999999999999999999999\n", "<stdin>:2:3: number too large: expected the second factor B"),
        (b"1\n12a 3\n", "<stdin>:2:3: expected a decimal digit"),
        (b"1\n1 b\n", "<stdin>:2:3: expected the second factor B, a decimal integer from 0 to 18446744073709551615, found 'b'"),
        (b"1\n-1 2\n", "<stdin>:2:1: expected the first factor A"),
        (b"1\n1 2 3\n", "<stdin>:2:5: expected the end of the line after `A B`, found '3'"),
        (b"1\n1 2\n3 4\n", "<stdin>:3:1: expected the end of input after T = 1 lines"),
        (b"1\n\n1 2\n", "<stdin>:2:1: expected the first factor A"),
        (b"1\n1\xff 2\n", "<stdin>:2:2: expected a decimal digit, a space or the end of the line in the first factor A, found the byte 0xff (not UTF-8)"),
        (b"99999999999999999999\n", "<stdin>:1:1: number too large: expected the number of pairs T"),
    ];
    for (input, expected) in cases {
        let run = batch(input);
        let stderr = run.failed();
        assert!(
            stderr.starts_with(&format!("grundy: error: {expected}")),
            "{:?}: {stderr}",
            String::from_utf8_lossy(input)
        );
    }
    // A huge T with little input is an error at the end of the input, not an allocation.
    let run = batch(b"18446744073709551615\n1 1\n");
    assert!(run
        .failed()
        .contains("<stdin>:3:1: expected line 2 of T = 18446744073709551615"));
}
