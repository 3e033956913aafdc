//! `grundy connect4 BOARD`: outcome, remoteness and best moves of a board or a move sequence,
//! in text and JSON, and exit code 2 with a `grundy: error:` message on bad input.

mod catalogue_run;

use catalogue_run::{grundy, json};
use serde_json::json;

#[test]
fn immediate_win_in_text() {
    // x has three across the bottom, open at both ends: columns 1 and 5 win at once; every
    // move wins, later.
    assert_eq!(
        grundy(&["connect4", ".....|.....|.....|.ooo.|.xxx."]).ok(),
        "win\n\
         board: .....|.....|.....|.ooo.|.xxx.\n\
         to move: x\n\
         remoteness: 1 move\n\
         best moves: 1, 5\n\
         positions: 159174\n\
         winning moves (5):\n  \
         column 1\n  column 2\n  column 3\n  column 4\n  column 5\n"
    );
}

#[test]
fn full_board_draw_and_moves_in_json() {
    assert_eq!(
        json(&["connect4", "xoxo|xoxo|oxox|oxox"]),
        json!({
            "outcome": "draw", "value": null, "winning_moves": [],
            "board": ["xoxo", "xoxo", "oxox", "oxox"], "to_move": "x",
            "remoteness": null, "best_moves": [], "positions": 1
        })
    );
    // The empty 4 × 4 board, by an empty move sequence: a draw, every column keeps it.
    let empty = json(&["connect4", "", "--width", "4", "--height", "4"]);
    assert_eq!(empty["outcome"], "draw");
    assert_eq!(empty["best_moves"], json!([1, 2, 3, 4]));
    assert_eq!(empty["positions"], 161029);
    // Two moves into 4 × 4 by columns, then x to move.
    let moves = json(&["connect4", "23", "--width", "4", "--height", "4"]);
    assert_eq!(moves["board"], json!(["....", "....", "....", ".xo."]));
    assert_eq!(moves["to_move"], "x");
}

#[test]
fn errors_exit_2() {
    for (args, expected) in [
        (
            vec!["connect4", "x..|..."],
            "board: line 1, column 1: an x above an empty cell",
        ),
        (
            vec!["connect4", "...|.q."],
            "board: line 2, column 2: 'q' is not a cell (expected x, o or .)",
        ),
        (vec!["connect4", "...|oo."], "board: x has 0 pieces and o 2"),
        (vec!["connect4", "48"], "moves: move 2: '8' is not a column"),
        (
            vec!["connect4", "1111111"],
            "moves: move 7: column 1 is full",
        ),
        (
            vec!["connect4", "...|xo.", "--width", "3"],
            "--width is for move sequences",
        ),
        (
            vec!["connect4", "", "--width", "10"],
            "--width: '10' is not a width for a move sequence (expected a whole number from 1 to 9)",
        ),
        (
            vec!["connect4", "4"],
            "more than 1000000 positions are reachable from this board",
        ),
        (
            vec![
                "connect4",
                "",
                "--width",
                "4",
                "--height",
                "4",
                "--max-positions",
                "100",
            ],
            "more than 100 positions",
        ),
    ] {
        let stderr = grundy(&args).failed().to_string();
        assert!(
            stderr.starts_with(&format!("grundy: error: {expected}")),
            "{args:?}: {stderr}"
        );
    }
}
