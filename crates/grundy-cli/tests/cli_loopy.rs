//! `grundy loopy`: loopy games in CGSuite's notation, stoppers, comparisons, Backsliding
//! Toads and Frogs, and errors with their column.

use std::process::Command;

fn grundy(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_stopper_and_a_draw() {
    let (ok, out, _) = grundy(&["loopy", "{0|pass}", "on + off"]);
    assert!(ok);
    assert!(out.contains("canonical form: over\n"), "{out}");
    assert!(
        out.contains("Left moving first: Left wins, moving to 0\n"),
        "{out}"
    );
    assert!(
        out.contains("Left moving first: a draw, moving to dud\n"),
        "{out}"
    );
}

#[test]
fn compare_and_json() {
    let (ok, out, _) = grundy(&["loopy", "--compare", "on", "over"]);
    assert!(ok);
    assert_eq!(out, "relation: on > over\n");
    let (ok, out, _) = grundy(&["loopy", "--json", "upon"]);
    assert!(ok);
    let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(json["canonical_form"], "^[on]");
    assert_eq!(json["right_first"]["winner"], "left");
}

#[test]
fn rulesets_backsliding_and_fox_and_geese() {
    let (ok, out, _) = grundy(&["loopy", "--ruleset", "backsliding", "T.F"]);
    assert!(ok);
    assert!(out.contains("canonical form: 0\n"), "{out}");
    let (ok, _, err) = grundy(&["loopy", "--ruleset", "backsliding", "T.X"]);
    assert!(!ok);
    assert!(err.contains("position 'T.X': 1:3:"), "{err}");
    let (ok, out, _) = grundy(&["loopy", "--ruleset", "fox-and-geese", "..|F."]);
    assert!(ok);
    assert!(out.contains("canonical form: off\n"), "{out}");
    assert!(
        out.contains("Right moving first: Right wins, moving to .F|..\n"),
        "{out}"
    );
    let (ok, _, err) = grundy(&["loopy", "--ruleset", "fox-and-geese", "G.|.F"]);
    assert!(!ok);
    assert!(
        err.contains("position 'G.|.F': 1:1: 'G' stands on a light square"),
        "{err}"
    );
    let (ok, _, err) = grundy(&["loopy", "--ruleset", "chess", "x"]);
    assert!(!ok);
    assert!(
        err.contains("[possible values: backsliding, fox-and-geese, ceylonese-fox-and-geese]"),
        "{err}"
    );
    let (ok, _, _) = grundy(&[
        "loopy",
        "--ruleset",
        "backsliding",
        "--compare",
        "T.F",
        "TF",
    ]);
    assert!(!ok);
}

#[test]
fn errors_name_the_column() {
    let (ok, _, err) = grundy(&["loopy", "{0|b}"]);
    assert!(!ok);
    assert!(
        err.contains("expression '{0|b}': column 4: unknown name 'b'"),
        "{err}"
    );
    let (ok, _, err) = grundy(&["loopy", "--compare", "dud", "0"]);
    assert!(!ok);
    assert!(err.contains("not a stopper"), "{err}");
}
