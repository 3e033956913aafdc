//! `grundy increasing-distance FILE`: the table of every start, `--start` with `--last`,
//! JSON fields, and exit code 2 with a `grundy: error:` message on bad input (a graph that is
//! not a tree among them). No run may panic.

mod catalogue_run;

use catalogue_run::{json_with_input, run_with_input};
use serde_json::{json, Value};

/// A path a - b - c - d - e with a leaf f on c: the diameter a..e has its middle at c.
const TREE: &str = "a b\nb c\nc d\nd e\nc f\n";
/// A path of four: the middle of its diameter is the middle of the edge b - c.
const PATH4: &str = "a b\nb c\nc d\n";

#[test]
fn text_output() {
    assert_eq!(
        run_with_input(&["increasing-distance", "-"], Some(TREE)).ok(),
        "6 vertices, diameter 4, centre the vertex c: the player to move loses only from c\n\
         vertex  outcome  threshold  move\n\
         a       win              4  c\n\
         b       win              2  c\n\
         c       loss             0  -\n\
         d       win              2  c\n\
         e       win              4  c\n\
         f       win              2  c\n"
    );
    assert_eq!(
        run_with_input(&["increasing-distance", "-"], Some(PATH4)).ok(),
        "4 vertices, diameter 3, centre the middle of the edge b - c: the player to move wins \
         from every vertex\n\
         vertex  outcome  threshold  move\n\
         a       win              3  c\n\
         b       win              1  c\n\
         c       win              1  b\n\
         d       win              3  b\n"
    );
    assert_eq!(
        run_with_input(&["increasing-distance", "-", "--start", "a"], Some(TREE)).ok(),
        "win\n\
         threshold: 4 (the player to move loses after a move at least this long)\n\
         diameter: 4\n\
         centre: the vertex c\n\
         winning moves (4):\n  \
         to c (distance 2)\n  \
         to d (distance 3)\n  \
         to e (distance 4)\n  \
         to f (distance 3)\n"
    );
    // After a move of length 4, nothing from a is longer than its threshold: a loss.
    assert_eq!(
        run_with_input(
            &["increasing-distance", "-", "--start", "a", "--last", "4"],
            Some(TREE)
        )
        .ok(),
        "loss\n\
         threshold: 4 (the player to move loses after a move at least this long)\n\
         diameter: 4\n\
         centre: the vertex c\n"
    );
}

#[test]
fn json_output() {
    assert_eq!(
        json_with_input(&["increasing-distance", "-"], Some(PATH4)),
        json!({
            "vertices": 4, "diameter": 3, "centre": {"edge": ["b", "c"]},
            "positions": [
                {"vertex": "a", "outcome": "win", "threshold": 3, "move": "c"},
                {"vertex": "b", "outcome": "win", "threshold": 1, "move": "c"},
                {"vertex": "c", "outcome": "win", "threshold": 1, "move": "b"},
                {"vertex": "d", "outcome": "win", "threshold": 3, "move": "b"},
            ],
        })
    );
    assert_eq!(
        json_with_input(
            &["increasing-distance", "-", "--start", "a", "--last", "2"],
            Some(TREE)
        ),
        json!({
            "outcome": "win", "value": null,
            "winning_moves": [
                {"to": "d", "distance": 3},
                {"to": "e", "distance": 4},
                {"to": "f", "distance": 3},
            ],
            "threshold": 4, "diameter": 4, "centre": {"vertex": "c"},
        })
    );
    let v = json_with_input(&["increasing-distance", "-", "--start", "7"], Some("7\n"));
    assert_eq!(v["outcome"], "loss");
    assert_eq!(v["centre"], json!({"vertex": "7"}));
}

#[test]
fn a_long_path() {
    // 200001 vertices in a line: only the middle one loses.
    let text: String = (1..=200_000).map(|v| format!("{} {v}\n", v - 1)).collect();
    let v = json_with_input(&["increasing-distance", "-"], Some(&text));
    assert_eq!(v["diameter"], 200_000);
    assert_eq!(v["centre"], json!({"vertex": "100000"}));
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 200_001);
    let losses: Vec<&Value> = positions
        .iter()
        .filter(|p| p["outcome"] == "loss")
        .collect();
    assert_eq!(losses.len(), 1);
    assert_eq!(losses[0]["vertex"], "100000");
    // From the end 0, u wins iff ρ(u) = 2·|u − 100000| ≤ u, for u from 66667 to 200000: the
    // listing stops at 1000 moves and gives the count.
    let v = json_with_input(&["increasing-distance", "-", "--start", "0"], Some(&text));
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1000);
    assert_eq!(
        v["winning_moves"][0],
        json!({"to": "66667", "distance": 66667})
    );
    assert_eq!(v["winning_move_count"], 133_334);
}

#[test]
fn bad_input_exits_2() {
    for (args, input, expected) in [
        (
            &["increasing-distance", "-"][..],
            "a b\nb c\nc a\n",
            "<stdin>: not a tree: 3 vertices and 3 edges make a cycle (a tree has one edge fewer \
             than vertices)",
        ),
        (
            &["increasing-distance", "-"],
            "a b\nc d\n",
            "<stdin>: not a tree: no path joins a and c",
        ),
        (
            &["increasing-distance", "-"],
            "a a\n",
            "<stdin>: not a tree: a loop at a",
        ),
        (
            &["increasing-distance", "-"],
            "",
            "<stdin>: the graph is empty: a tree needs at least one vertex",
        ),
        (
            &["increasing-distance", "-"],
            "a b\nb player=1\n",
            "<stdin>: this game reads only the edges of the graph: remove the result=, player= \
             and payoff= attributes",
        ),
        (
            &["increasing-distance", "-", "--start", "z"],
            TREE,
            "--start z: no such vertex in <stdin>",
        ),
        (
            &["increasing-distance", "-", "--start", "a", "--last", "-1"],
            TREE,
            "--last: '-1' is not a length (expected a whole number from 0 to \
             18446744073709551615)",
        ),
    ] {
        assert_eq!(
            run_with_input(args, Some(input)).failed(),
            format!("grundy: error: {expected}\n"),
            "{args:?} {input:?}"
        );
    }
    // --last needs --start: a usage error, also exit code 2.
    for args in [
        &["increasing-distance"][..],
        &["increasing-distance", "-", "--last", "2"],
    ] {
        let run = run_with_input(args, Some(TREE));
        assert_eq!(run.code, 2, "{args:?}");
        assert_eq!(run.stdout, "");
    }
}
