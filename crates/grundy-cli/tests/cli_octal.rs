//! `grundy octal`: the summary in text and JSON (proven and observed periods, rare values),
//! every value with `--values` in each format, and errors. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn text_summary() {
    assert_eq!(
        grundy(&["octal", "0.77", "--upto", "200"]).ok(),
        "0.77 (Kayles): heaps 0 to 200\n\
         largest value 8, first at heap 27\n\
         rare values (mask f): 10 heaps, the last at 70\n\
         periodic, proven: period 12 from heap 71 (the periodicity theorem applies)\n"
    );
    let out = grundy(&["octal", "0.07", "--upto", "300"]).ok().to_string();
    assert!(
        out.ends_with(
            "periodic, proven: period 34 from heap 53 (the periodicity theorem applies)\n"
        ),
        "{out}"
    );
    // Grundy's game is not octal: a period is only observed, and no theorem applies.
    let out = grundy(&["octal", "grundy", "--upto", "50"])
        .ok()
        .to_string();
    assert!(out.starts_with("Grundy's game: heaps 0 to 50\n"), "{out}");
    // The plain computation gives the same summary, without the rare values.
    let plain = grundy(&["octal", "0.77", "--upto", "200", "--plain"])
        .ok()
        .to_string();
    assert!(!plain.contains("rare values"));
    assert!(plain.ends_with("period 12 from heap 71 (the periodicity theorem applies)\n"));
}

#[test]
fn values_in_every_format() {
    assert_eq!(
        grundy(&["octal", "0.77", "--upto", "5", "--values"]).ok(),
        "0.77 (Kayles): heaps 0 to 5\n\
         largest value 4, first at heap 5\n\
         rare values (mask 7): 2 heaps, the last at 3\n\
         no period observed up to 6\n\
         0\t0\n1\t1\n2\t2\n3\t3\n4\t1\n5\t4\n"
    );
    let v = json(&["octal", "0.07", "--upto", "20", "--values"]);
    assert_eq!(
        v["values"],
        json!([0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3])
    );
    assert_eq!(
        (v["largest"].clone(), v["largest_at"].clone()),
        (json!(5), json!(16))
    );
    assert_eq!(v["periodicity"]["status"], "observed");
    assert!(json(&["octal", "0.07", "--upto", "20"])
        .get("values")
        .is_none());
    assert_eq!(
        grundy(&["octal", "0.77", "--upto", "2", "--values", "--format", "csv"]).ok(),
        "heap,value\n0,0\n1,1\n2,2\n"
    );
    assert_eq!(
        grundy(&["octal", "0.77", "--upto", "2", "--values", "--format", "tsv"]).ok(),
        "0\t0\n1\t1\n2\t2\n"
    );
}

#[test]
fn bad_input_exits_2() {
    for (args, message) in [
        (
            &["octal", "0.9#"][..],
            "bad take-and-break code '0.9#' at character 4: '#' is not a digit: expected 0-9 or \
             A-Z (bit i: leave i heaps), '{2,3}', '{2+}', '&N;', '.', '[' or ']'",
        ),
        (
            &["octal", "0.77", "--upto", "-1"],
            "--upto: '-1' is not a heap (expected a whole number from 0 to 4294967294)",
        ),
        (
            &["octal", "0.77", "--mask", "xyz"],
            "--mask: 'xyz' is not a mask (expected a hexadecimal number from 0 to ffff, like fe)",
        ),
    ] {
        assert_eq!(
            grundy(args).failed(),
            format!("grundy: error: {message}\n"),
            "{args:?}"
        );
    }
    let run = grundy(&["octal"]);
    assert_eq!(run.code, 2);
}

#[test]
fn huge_heaps_are_refused_within_the_budget() {
    let raise = "raise it with --memory SIZE (e.g. --memory 8G)\n";
    for (args, needed) in [
        (
            &["octal", "0.f", "--upto", "4294967294", "--memory", "1G"][..],
            "8.0 GiB",
        ),
        (
            &["octal", "0.77", "--upto", "2147483648", "--memory", "1G"],
            "4.0 GiB",
        ),
    ] {
        let error = grundy(args).failed().to_string();
        assert_eq!(
            error,
            format!(
                "grundy: error: the memory budget of 1.0 GiB ran out while computing values \
                 after 0 positions (at least {needed} needed): {raise}"
            ),
            "{args:?}"
        );
    }
    let error = grundy(&["octal", "0.f", "--upto", "100000", "--timeout", "0.3"])
        .failed()
        .to_string();
    assert!(
        error.starts_with("grundy: error: the time budget of 0.3 s ran out while computing values")
            && error.ends_with("raise it with --timeout SECONDS\n"),
        "{error}"
    );
    let error = grundy(&["table", "0.f", "--n", "0..1500", "--timeout", "0.1"])
        .failed()
        .to_string();
    assert!(
        error.starts_with("grundy: error: 0.f: the time budget of 0.1 s ran out"),
        "{error}"
    );
}
