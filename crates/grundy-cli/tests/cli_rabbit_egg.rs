//! `grundy rabbit-egg FILE`: the contest's examples (text, JSON and the contest's own output
//! with `--noi`), a board without moves, files and standard input, and exit code 2 with a
//! `grundy: error:` message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{json_with_input, run_with_input};
use serde_json::json;

const SAMPLE1: &str = "1 6 \nXO.OXO \n1 \n1 2 \n1 1 \n";
const SAMPLE2: &str =
    "3 3 \nXOX \nO.O \nXOX \n4 \n2 3 \n1 3 \n1 2 \n1 1 \n2 1 \n3 1 \n3 2 \n3 3 \n";
const SAMPLE3: &str = "4 4 \nOOXX \nOXXO \nOO.O \nXXXO \n2 \n3 2 \n2 2 \n1 2 \n1 3 \n";

#[test]
fn the_contest_output() {
    assert_eq!(
        run_with_input(&["rabbit-egg", "-", "--noi"], Some(SAMPLE1)).ok(),
        "1\n1\n"
    );
    assert_eq!(
        run_with_input(&["rabbit-egg", "-", "--noi"], Some(SAMPLE2)).ok(),
        "0\n"
    );
    assert_eq!(
        run_with_input(&["rabbit-egg", "-", "--noi"], Some(SAMPLE3)).ok(),
        "2\n1\n2\n"
    );
    // In JSON, the rounds of the rabbit's mistakes.
    assert_eq!(
        run_with_input(&["rabbit-egg", "-", "--noi", "--json"], Some(SAMPLE3)).json(),
        serde_json::json!({"mistakes": [1, 2]})
    );
    let dir = std::env::temp_dir().join(format!("grundy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("rabbit-egg-3.in");
    std::fs::write(&path, SAMPLE3).expect("write input");
    assert_eq!(
        run_with_input(&["rabbit-egg", "--noi", path.to_str().unwrap()], Some("")).ok(),
        "2\n1\n2\n"
    );
}

#[test]
fn text_output() {
    assert_eq!(
        run_with_input(&["rabbit-egg", "-"], Some(SAMPLE1)).ok(),
        "loss\n\
         to move: rabbit (white pieces, O), after 2 moves\n\
         move 1: rabbit M(1, 2): rabbit wins before, egg wins after: a mistake\n\
         move 2: egg M(1, 1): egg wins before, rabbit loses after\n\
         rabbit's mistakes: 1 (round 1)\n\
         egg's mistakes: 0\n"
    );
    let out = run_with_input(&["rabbit-egg", "-"], Some(SAMPLE3))
        .ok()
        .to_string();
    assert!(out.starts_with("loss\nto move: rabbit (white pieces, O), after 4 moves\n"));
    assert!(
        out.contains("\nrabbit's mistakes: 2 (rounds 1, 2)\n"),
        "{out}"
    );
    // The board alone: the rabbit to move, and how to win.
    assert_eq!(
        run_with_input(&["rabbit-egg", "-"], Some("2 2\n.O\nOX\n")).ok(),
        "win\n\
         to move: rabbit (white pieces, O), after 0 moves\n\
         rabbit's mistakes: 0\n\
         egg's mistakes: 0\n\
         winning moves (2):\n  \
         M(1, 2)\n  \
         M(2, 1)\n"
    );
    // k = 0: the board alone. The rabbit's only move lets the egg follow, then she is stuck.
    assert_eq!(
        run_with_input(&["rabbit-egg", "-"], Some("1 4\nX.OX\n0\n")).ok(),
        "loss\n\
         to move: rabbit (white pieces, O), after 0 moves\n\
         rabbit's mistakes: 0\n\
         egg's mistakes: 0\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json_with_input(&["rabbit-egg", "-"], Some(SAMPLE1)),
        json!({
            "outcome": "loss", "value": null, "winning_moves": [],
            "to_move": "rabbit",
            "moves": [
                {"number": 1, "side": "rabbit", "round": 1, "cell": [1, 2],
                 "before": "win", "after": "win", "mistake": true},
                {"number": 2, "side": "egg", "round": 1, "cell": [1, 1],
                 "before": "win", "after": "loss", "mistake": false},
            ],
            "mistakes": [1],
            "egg_mistakes": [],
        })
    );
    let v = json_with_input(&["rabbit-egg", "-"], Some(SAMPLE3));
    assert_eq!(v["mistakes"], json!([1, 2]));
    assert_eq!(v["moves"].as_array().unwrap().len(), 4);
    let v = json_with_input(&["rabbit-egg", "-"], Some("2 2\n.O\nOX\n"));
    assert_eq!(
        v["winning_moves"],
        json!([{"cell": [1, 2]}, {"cell": [2, 1]}])
    );
    assert_eq!(v["moves"], json!([]));
}

#[test]
fn bad_input_exits_2() {
    for (input, expected) in [
        (
            "",
            "<stdin>:1:1: expected the number of rows n, found the end of the input",
        ),
        (
            "1 3\nXO\n",
            "<stdin>:2:1: row 1 has 2 cells, expected m = 3",
        ),
        (
            "1 3\nXOX\n",
            "<stdin>:2:1: the board has no empty cell '.': it needs exactly one",
        ),
        (
            "1 3\nXo.\n",
            "<stdin>:2:2: unexpected 'o' in row 1: expected 'X' (a black piece), 'O' (a white \
             piece) or '.' (the empty cell)",
        ),
        (
            "1 3\nXO.\n1\n1 1\n1 2\n",
            "<stdin>:4:1: move 1 (rabbit): M(1, 1): the cell does not share a side with the \
             empty cell (1, 3)",
        ),
        (
            "1 3\nXO.\n1\n1 2\n",
            "<stdin>:4:4: expected move 2 (egg: the row x and column y of a piece), found the \
             end of the input",
        ),
        (
            "1 3\nXO.\n1\n1 2\n1 1\n9\n",
            "<stdin>:6:1: unexpected '9' after the last move",
        ),
        (
            "1 3\nXO.\n-1\n",
            "<stdin>:3:1: expected the number of rounds k (a whole number), found '-1'",
        ),
    ] {
        assert_eq!(
            run_with_input(&["rabbit-egg", "-"], Some(input)).failed(),
            format!("grundy: error: {expected}\n"),
            "{input:?}"
        );
        assert_eq!(
            run_with_input(&["rabbit-egg", "-", "--noi"], Some(input)).failed(),
            format!("grundy: error: {expected}\n"),
            "{input:?}"
        );
    }
    let missing = run_with_input(&["rabbit-egg", "/nonexistent/record.in"], Some(""));
    assert!(missing
        .failed()
        .starts_with("grundy: error: /nonexistent/record.in: "));
    let run = run_with_input(&["rabbit-egg"], Some(SAMPLE1));
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
}
