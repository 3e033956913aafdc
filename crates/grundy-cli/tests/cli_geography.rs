//! `grundy geography FILE` and `grundy geography --grid FILE`: the table of every start, the
//! grid maps, `--start` with every winning move, JSON fields, standard input and files, and
//! exit code 2 with a `grundy: error:` message on bad input. No run may panic.

mod catalogue_run;

use catalogue_run::{grundy, json_with_input, path_str, run_with_input, temp_file};
use serde_json::{json, Value};

/// A triangle a b c with a tail c - d: the only maximum matching is {ab, cd}.
const TRIANGLE_TAIL: &str = "a b\nb c\nc a\nc d\n";

#[test]
fn graph_text_output() {
    assert_eq!(
        run_with_input(&["geography", "-"], Some(TRIANGLE_TAIL)).ok(),
        "4 vertices, 4 edges, maximum matching 2 (Edmonds' blossom algorithm): 4 win, 0 loss\n\
         vertex  outcome  move\n\
         a       win      b\n\
         b       win      a\n\
         c       win      d\n\
         d       win      c\n"
    );
    assert_eq!(
        run_with_input(&["geography", "-"], Some("a b\nb c\n")).ok(),
        "3 vertices, 2 edges, maximum matching 1 (Hopcroft-Karp): 1 win, 2 loss\n\
         vertex  outcome  move\n\
         a       loss     -\n\
         b       win      a\n\
         c       loss     -\n"
    );
    // From c, going into the triangle lets the opponent finish it; only d wins.
    assert_eq!(
        run_with_input(&["geography", "-", "--start", "c"], Some(TRIANGLE_TAIL)).ok(),
        "win\n\
         maximum matching: 2 edges (Edmonds' blossom algorithm)\n\
         move along the matching: to d\n\
         winning moves (1):\n  \
         to d\n"
    );
    // An odd cycle: every start loses.
    assert_eq!(
        run_with_input(
            &["geography", "-", "--start", "3"],
            Some("1 2\n2 3\n3 4\n4 5\n5 1\n")
        )
        .ok(),
        "loss\nmaximum matching: 2 edges (Edmonds' blossom algorithm)\n"
    );
}

#[test]
fn grid_text_output() {
    // A path of five cells: its second and fourth cells are in every maximum matching.
    assert_eq!(
        run_with_input(&["geography", "--grid", "-"], Some(".#.\n...\n")).ok(),
        "2 x 3 grid, 5 free cells, maximum matching 2 (Hopcroft-Karp): 2 win, 3 loss\n\
         outcome of each start (W: win, L: loss, #: blocked):\n\
         L#L\n\
         WLW\n\
         a winning first move (^ v < >; . from a loss):\n\
         .#.\n\
         ^.^\n"
    );
    assert_eq!(
        run_with_input(
            &["geography", "--grid", "-", "--start", "1,2"],
            Some("...\n")
        )
        .ok(),
        "win\n\
         maximum matching: 1 edges (Hopcroft-Karp)\n\
         move along the matching: left to (1, 1)\n\
         winning moves (2):\n  \
         left to (1, 1)\n  \
         right to (1, 3)\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json_with_input(&["geography", "-"], Some("a b\nb c\n")),
        json!({
            "vertices": 3, "edges": 2, "matching_size": 1, "method": "hopcroft-karp",
            "wins": 1, "losses": 2,
            "positions": [
                {"vertex": "a", "outcome": "loss", "move": null},
                {"vertex": "b", "outcome": "win", "move": "a"},
                {"vertex": "c", "outcome": "loss", "move": null},
            ],
        })
    );
    assert_eq!(
        json_with_input(&["geography", "-", "--start", "c"], Some(TRIANGLE_TAIL)),
        json!({
            "outcome": "win", "value": null, "winning_moves": [{"to": "d"}],
            "matching_size": 2, "method": "blossom", "matched_move": "d",
        })
    );
    let v = json_with_input(&["geography", "-", "--start", "a"], Some("a b\nb c\n"));
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["matched_move"], Value::Null);
    assert_eq!(
        json_with_input(
            &["geography", "--grid", "-", "--start", "1,2"],
            Some("...\n")
        ),
        json!({
            "outcome": "win", "value": null,
            "winning_moves": [
                {"to": [1, 1], "direction": "left"},
                {"to": [1, 3], "direction": "right"},
            ],
            "matching_size": 1, "method": "hopcroft-karp",
            "matched_move": {"to": [1, 1], "direction": "left"},
        })
    );
    let v = json_with_input(&["geography", "--grid", "-"], Some(".#.\n...\n"));
    assert_eq!(v["outcomes"], json!(["L#L", "WLW"]));
    assert_eq!(
        (v["rows"].clone(), v["columns"].clone()),
        (json!(2), json!(3))
    );
    assert_eq!(v["free_cells"], 5);
    assert_eq!(
        (v["wins"].clone(), v["losses"].clone()),
        (json!(2), json!(3))
    );
    assert_eq!(v["cells"].as_array().unwrap().len(), 5);
    assert_eq!(
        v["cells"][2],
        json!({"cell": [2, 1], "outcome": "win", "move": {"to": [1, 1], "direction": "up"}})
    );
    assert_eq!(
        v["cells"][3],
        json!({"cell": [2, 2], "outcome": "loss", "move": null})
    );
}

#[test]
fn files_and_a_large_grid() {
    let graph = temp_file("geography.game", TRIANGLE_TAIL);
    let graph = graph.to_str().unwrap();
    assert_eq!(
        run_with_input(&["geography", graph], Some("")).ok(),
        run_with_input(&["geography", "-"], Some(TRIANGLE_TAIL)).ok()
    );
    // 100 x 100 with a blocked diagonal pattern: every free cell gets an answer.
    let text: String = (0..100)
        .map(|r| {
            let row: String = (0..100)
                .map(|c| if (r * 7 + c * 3) % 11 == 0 { '#' } else { '.' })
                .collect();
            row + "\n"
        })
        .collect();
    let file = temp_file("geography-grid.txt", &text);
    let v = json_with_input(&["geography", "--grid", file.to_str().unwrap()], Some(""));
    let free = text.chars().filter(|&c| c == '.').count() as u64;
    assert_eq!(v["free_cells"], free);
    assert_eq!(
        v["wins"].as_u64().unwrap() + v["losses"].as_u64().unwrap(),
        free
    );
    assert_eq!(v["cells"].as_array().unwrap().len() as u64, free);
    assert_eq!(v["method"], "hopcroft-karp");
}

#[test]
fn bad_input_exits_2() {
    let cases: [(&[&str], &str, &str); 9] = [
        (
            &["geography", "-"],
            "a b\nb result=win\n",
            "grundy: error: <stdin>: this game reads only the edges of the graph: remove the result=, \
             player= and payoff= attributes\n",
        ),
        (
            &["geography", "-"],
            "a b\nc, d\n",
            "grundy: error: <stdin>:2:2: unexpected character ',': expected a position id (an \
             integer or a name of A-Z a-z 0-9 _ . : -), an attribute key=value, or '#' for a \
             comment\n",
        ),
        (
            &["geography", "-", "--start", "zz"],
            "a b\n",
            "grundy: error: --start zz: no such vertex in <stdin>\n",
        ),
        (
            &["geography", "--grid", "-"],
            "..\n.x\n",
            "grundy: error: <stdin>:2:2: unexpected character 'x': expected '.' (a free cell) \
             or '#' (a blocked cell)\n",
        ),
        (
            &["geography", "--grid", "-"],
            "\n\n",
            "grundy: error: <stdin>:1:1: empty grid: expected rows of '.' (a free cell) and '#' \
             (a blocked cell)\n",
        ),
        (
            &["geography", "--grid", "-", "--start", "1,2"],
            ".#\n",
            "grundy: error: --start 1,2: the cell is blocked\n",
        ),
        (
            &["geography", "--grid", "-", "--start", "3,1"],
            "..\n",
            "grundy: error: --start 3,1: the cell is outside the 1 x 2 grid\n",
        ),
        (
            &["geography", "--grid", "-", "--start", "0,1"],
            "..\n",
            "grundy: error: --start: '0,1' is not a cell (expected ROW,COLUMN, whole numbers \
             from 1 (the top left cell is 1,1))\n",
        ),
        (
            &["geography", "--grid", "-", "--start", "a"],
            "..\n",
            "grundy: error: --start: 'a' is not a cell (expected ROW,COLUMN, whole numbers \
             from 1 (the top left cell is 1,1))\n",
        ),
    ];
    for (args, input, expected) in cases {
        assert_eq!(
            run_with_input(args, Some(input)).failed(),
            expected,
            "{args:?}"
        );
    }
    let missing = run_with_input(&["geography", "/nonexistent/graph.game"], Some(""));
    assert!(missing
        .failed()
        .starts_with("grundy: error: /nonexistent/graph.game: "));
    let both = temp_file("both.game", "a b\n");
    assert_eq!(
        grundy(&["geography", path_str(&both), "--grid", path_str(&both)]).failed(),
        "grundy: error: FILE and --grid exclude each other: give one\n"
    );
    // Usage errors, also exit code 2.
    for args in [
        &["geography"][..],
        &["geography", "a.game", "--grid", "b.txt"],
        &["geography", "a.game", "b.game"],
    ] {
        let run = run_with_input(args, Some(""));
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
