//! `grundy table GAME`: text grids, CSV, TSV and JSON on stdout, PNG and SVG files, and exit code 2
//! with a `grundy: error:` message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json, temp_path};
use serde_json::json;

#[test]
fn text_grids() {
    assert_eq!(
        grundy(&["table", "0.77", "--n", "0..23", "--width", "12"]).ok(),
        " n  +0  +1  +2  +3  +4  +5  +6  +7  +8  +9 +10 +11\n \
         0   0   1   2   3   1   4   3   2   1   4   2   6\n\
         12   4   1   2   7   1   4   3   2   1   4   6   7\n"
    );
    assert_eq!(
        grundy(&["table", "wythoff", "--a", "0..4"]).ok(),
        "a\\b 0 1 2 3 4\n  0 0 1 2 3 4\n  1 1 2 0 4 5\n  2 2 0 1 5 3\n  3 3 4 5 6 2\n  4 4 5 3 2 7\n"
    );
    assert_eq!(
        grundy(&[
            "table",
            "wythoff",
            "--a",
            "3..5",
            "--b",
            "0..6",
            "--outcome"
        ])
        .ok(),
        "a\\b 0 1 2 3 4 5 6\n  3 N N N N N P N\n  4 N N N N N N N\n  5 N N N P N N N\n"
    );
    assert_eq!(
        grundy(&["table", "grundy", "--n", "0..9", "--outcome"]).ok(),
        "n +0 +1 +2 +3 +4 +5 +6 +7 +8 +9\n0  P  P  P  N  P  N  N  P  N  N\n"
    );
    // The first sample of ARC107 E: the whole 4 × 4 matrix by default.
    assert_eq!(
        grundy(&["table", "mexmat:1202:1000"]).ok(),
        "a\\b 0 1 2 3\n  0 1 2 0 2\n  1 0 1 2 0\n  2 0 2 0 1\n  3 0 1 2 0\n"
    );
    // Defaults: n from 0 to 99 in rows of 10; a and b from 0 to 19.
    let out = grundy(&["table", "subtraction:1,3,4"]).ok().to_string();
    assert_eq!(out.lines().count(), 11);
    assert!(out.ends_with("90  2  0  1  0  1  2  3  2  0  1\n"), "{out}");
    let out = grundy(&["table", "nim2"]).ok().to_string();
    assert_eq!(out.lines().count(), 21);
    assert!(out.ends_with(" 19 19 18 17 16 23 22 21 20 27 26 25 24 31 30 29 28  3  2  1  0\n"));
    // Huge piles and values.
    assert_eq!(
        grundy(&[
            "table",
            "subtraction:except:1",
            "--n",
            "18446744073709551613..18446744073709551615"
        ])
        .ok(),
        "                   n                  +0                  +1                  +2\n\
         18446744073709551613 9223372036854775806 9223372036854775807 9223372036854775807\n"
    );
}

#[test]
fn csv_and_json() {
    assert_eq!(
        grundy(&["table", "subtraction:2..3", "--n", "3..6", "--csv"]).ok(),
        "n,value\n3,1\n4,2\n5,0\n6,0\n"
    );
    assert_eq!(
        grundy(&[
            "table",
            "nim2",
            "--a",
            "1..2",
            "--b",
            "0..3",
            "--csv",
            "--outcome"
        ])
        .ok(),
        "a\\b,0,1,2,3\n1,N,P,N,N\n2,N,N,P,N\n"
    );
    assert_eq!(
        json(&["table", "0.07", "--n", "0..9"]),
        json!({
            "game": "0.07 (Dawson's Kayles)",
            "kind": "values",
            "n": {"first": 0, "last": 9},
            "values": [0, 0, 1, 1, 2, 0, 3, 1, 1, 0],
        })
    );
    assert_eq!(
        json(&[
            "table",
            "wythoff",
            "--a",
            "1..2",
            "--b",
            "1..2",
            "--outcome"
        ]),
        json!({
            "game": "Wythoff's game",
            "kind": "outcomes",
            "a": {"first": 1, "last": 2},
            "b": {"first": 1, "last": 2},
            "outcomes": [["N", "P"], ["P", "N"]],
        })
    );
    let value = json(&["table", "nim2", "--a", "0..99"]);
    let rows = value["values"].as_array().unwrap();
    assert_eq!(rows.len(), 100);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 100));
    assert_eq!(value["values"][37][73], json!(37 ^ 73));
}

/// Width and height of a PNG, from its IHDR chunk.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[12..16], b"IHDR");
    let number = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (number(16), number(20))
}

#[test]
fn pictures() {
    let png = temp_path("wythoff.png");
    let svg = temp_path("wythoff.svg");
    let out = grundy(&[
        "table",
        "wythoff",
        "--a",
        "0..199",
        "--png",
        png.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ])
    .ok()
    .to_string();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let (width, height) = png_size(&std::fs::read(&png).unwrap());
    assert_eq!(
        lines[0],
        format!(
            "wrote {}: 200 x 200 cells, 4 pixels per cell, {width} x {height} pixels",
            png.display()
        )
    );
    assert!(width > 800 && height > 800);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\""
    )));
    assert!(text.trim_end().ends_with("</svg>"));
    assert!(lines[1].starts_with(&format!("wrote {}: 200 x 200 cells", svg.display())));

    // With --json the pictures are written and stdout is only the JSON.
    let kayles = temp_path("kayles.png");
    let value = json(&[
        "table",
        "0.77",
        "--n",
        "0..119",
        "--width",
        "12",
        "--scale",
        "3",
        "--png",
        kayles.to_str().unwrap(),
    ]);
    assert_eq!(value["values"].as_array().unwrap().len(), 120);
    let (width, height) = png_size(&std::fs::read(&kayles).unwrap());
    assert!(width > 12 * 3 && height > 10 * 3);
    std::fs::remove_dir_all(png.parent().unwrap()).unwrap();
}

#[test]
fn bad_input_is_an_error() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["table", "kayls"],
            "unknown game 'kayls' (did you mean 'kayles'?)",
        ),
        (
            &["table", "0.7#"],
            "bad take-and-break code '0.7#' at character 4",
        ),
        (&["table", "subtraction:1,,3"], "'' is not an amount"),
        (&["table", "subtraction:0"], "the set: '0' is not an amount"),
        (
            &["table", "mexmat:12:1"],
            "the first row has 2 cells and the first column 1",
        ),
        (
            &["table", "mexmat:12:10", "--b", "0..2"],
            "row or column 2 is above the limit of 1",
        ),
        (
            &["table", "0.77", "--n", "9..3"],
            "--n: the range 9..3 is empty",
        ),
        (
            &["table", "0.77", "--n", "-1..3"],
            "--n: '-1' is not a bound of the range",
        ),
        (
            &["table", "0.77", "--n", "1e6"],
            "'1e6' is not a bound of the range",
        ),
        (&["table", "0.77", "--a", "0..3"], "has one parameter"),
        (&["table", "wythoff", "--n", "0..3"], "has two parameters"),
        (
            &["table", "wythoff", "--width", "5"],
            "--width wraps one-parameter tables",
        ),
        (
            &["table", "0.77", "--width", "0"],
            "--width: '0' is not a width (expected a whole number from 1",
        ),
        (
            &["table", "0.77", "--scale", "x", "--png", "/tmp/x.png"],
            "--scale: 'x'",
        ),
        (
            &["table", "0.77", "--csv", "--json"],
            "two output formats asked for",
        ),
        (
            &["table", "wythoff", "--a", "0..7000"],
            "above the limit of 6000",
        ),
        (
            &["table", "nim2", "--a", "0..100000"],
            "more than the limit of 67108864",
        ),
        (&["table", "0.8", "--n", "0..5000"], "three-way splits"),
        (
            &[
                "table",
                "nim2",
                "--a",
                "0..9",
                "--png",
                "/nonexistent-dir/x.png",
            ],
            "cannot write /nonexistent-dir/x.png",
        ),
        (
            &[
                "table",
                "nim2",
                "--a",
                "0..9",
                "--scale",
                "100000",
                "--png",
                "/tmp/never.png",
            ],
            "the picture would be",
        ),
    ];
    for (args, expected) in cases {
        let run = grundy(args);
        let message = run.failed();
        assert!(message.contains(expected), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    }
}

#[test]
fn patterns() {
    let out = grundy(&["table", "0.77", "--n", "0..200", "--patterns"])
        .ok()
        .to_string();
    assert!(
        out.ends_with("patterns seen over n = 0..200:\n  periodic: period 12 from n = 71 on (seen 10 times)\n"),
        "{out}"
    );
    let out = grundy(&["table", "coins:ruler", "--n", "0..64", "--patterns"])
        .ok()
        .to_string();
    assert!(out.ends_with("\n  value = lowbit(n)\n"), "{out}");
    let out = grundy(&["table", "coins:mock-turtles", "--patterns"])
        .ok()
        .to_string();
    assert!(
        out.contains("value = the (n - 1)-th odious number"),
        "{out}"
    );
    let out = grundy(&["table", "fibonacci", "--n", "1..100", "--patterns"])
        .ok()
        .to_string();
    assert!(
        out.contains("value = the smallest Zeckendorf term of n wherever it is not 0\n")
            && out.contains("value 0 exactly at the Fibonacci numbers\n"),
        "{out}"
    );
    let out = grundy(&["table", "wythoff", "--outcome", "--patterns"])
        .ok()
        .to_string();
    assert!(out.contains("value 0 exactly at Wythoff's pairs"), "{out}");
    let out = grundy(&["table", "grundy", "--n", "0..5", "--patterns"])
        .ok()
        .to_string();
    assert!(
        out.ends_with("no pattern recognised over n = 0..5\n"),
        "{out}"
    );
    let v = json(&["table", "nim2", "--a", "0..7", "--patterns"]);
    assert_eq!(
        v["patterns"],
        json!([{"pattern": "symmetric"}, {"pattern": "nim-sum"}])
    );
    assert_eq!(v["game"], "two-pile Nim");
    let v = json(&["table", "0.07", "--n", "0..300", "--patterns"]);
    assert_eq!(
        v["patterns"],
        json!([{"pattern": "periodic", "from": 53, "period": 34, "repeats": 7}])
    );
    // Without --patterns, the JSON is the table alone.
    assert!(json(&["table", "0.07"]).get("patterns").is_none());
    let err = grundy(&["table", "coins:ruler:0"]).failed().to_string();
    assert!(err.contains("K: '0' is not the longest run"), "{err}");
    let err = grundy(&["table", "coins:multiples"]).failed().to_string();
    assert!(err.contains("it has no table"), "{err}");
}

#[test]
fn tsv_is_a_line_a_cell_with_no_header() {
    assert_eq!(
        grundy(&["table", "0.77", "--n", "0..3", "--format", "tsv"]).ok(),
        "0\t0\n1\t1\n2\t2\n3\t3\n"
    );
    assert_eq!(
        grundy(&[
            "table",
            "wythoff",
            "--a",
            "1..2",
            "--b",
            "0..1",
            "--outcome",
            "--format",
            "tsv"
        ])
        .ok(),
        "1\t0\tN\n1\t1\tN\n2\t0\tN\n2\t1\tP\n"
    );
}

#[test]
fn a_quotient_that_needs_more_sums_names_the_command_that_computes_it() {
    let err = grundy(&["table", "misere:0.35", "--n", "0..20"])
        .failed()
        .to_string();
    assert!(
        err.starts_with("grundy: error: misère 0.35: the quotient needed more than 300000 sums"),
        "{err}"
    );
    assert!(
        err.contains(": compute it with more sums: grundy misere-quotient 0.35 --upto 20 --sums N"),
        "{err}"
    );
}
