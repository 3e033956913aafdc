//! The `grundy` binary, run on graph files written to a temporary directory: output formats,
//! options, exit codes and error messages. No run may panic.

use std::path::PathBuf;

mod catalogue_run;

use catalogue_run::{grundy, path_str, run_with_input, temp_file};
use serde_json::Value;

/// A chain a -> b -> c -> d and a two-cycle x <-> y.
const CHAIN_AND_CYCLE: &str = "a b\nb c\nc d\nx y\ny x\n";

/// Integer ids out of order, a pass, a lone position, fixed results.
const INTEGERS: &str = "\
# integer ids, not in order
10 20
20 30
3 3
5
40 result=win
40 10
50 result=draw
60 50
";

#[test]
fn solve_text_output() {
    let file = temp_file("text.txt", CHAIN_AND_CYCLE);
    let run = grundy(&["solve", path_str(&file)]);
    assert_eq!(
        run.ok(),
        "\
6 positions, 5 moves (normal play): 2 win, 2 loss, 2 draw
position  outcome  remoteness  draw level  best
a         win               3           -  b
b         loss              2           -  c
c         win               1           -  d
d         loss              0           -  -
x         draw              -        pure  y
y         draw              -        pure  x
"
    );
    // The same as `--format text`.
    let explicit = grundy(&["solve", path_str(&file), "--format", "text"]);
    assert_eq!(explicit.ok(), run.stdout);
}

#[test]
fn solve_summary_only() {
    let file = temp_file("summary.txt", CHAIN_AND_CYCLE);
    let run = grundy(&["solve", path_str(&file), "--summary"]);
    assert_eq!(
        run.ok(),
        "6 positions, 5 moves (normal play): 2 win, 2 loss, 2 draw\n"
    );
}

#[test]
fn solve_empty_graph() {
    let file = temp_file("empty.txt", "# nothing here\n\n");
    let run = grundy(&["solve", path_str(&file)]);
    assert_eq!(
        run.ok(),
        "0 positions, 0 moves (normal play): 0 win, 0 loss, 0 draw\n"
    );
    let run = grundy(&["solve", path_str(&file), "--format", "tsv"]);
    assert_eq!(run.ok(), "");
}

#[test]
fn solve_tsv_exact() {
    let file = temp_file("integers.txt", INTEGERS);
    let run = grundy(&["solve", path_str(&file), "--format", "tsv"]);
    // Integer ids ascending; position, outcome, remoteness, best move; `-` where empty.
    assert_eq!(
        run.ok(),
        "\
3\tdraw\t-\t3
5\tloss\t0\t-
10\tloss\t2\t20
20\twin\t1\t30
30\tloss\t0\t-
40\twin\t0\t-
50\tdraw\t-\t-
60\tdraw\t-\t50
"
    );
    for line in run.stdout.lines() {
        assert_eq!(line.split('\t').count(), 4, "{line}");
    }
}

#[test]
fn solve_json() {
    let file = temp_file("json.txt", CHAIN_AND_CYCLE);
    let run = grundy(&["solve", path_str(&file), "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(doc["play"], "normal");
    assert_eq!(doc["positions"], 6);
    assert_eq!(doc["moves"], 5);
    assert_eq!(doc["counts"]["win"], 2);
    assert_eq!(doc["counts"]["loss"], 2);
    assert_eq!(doc["counts"]["draw"], 2);
    let rows = doc["solution"].as_array().expect("solution array");
    assert_eq!(rows.len(), 6);
    let nodes: Vec<&str> = rows
        .iter()
        .map(|r| r["position"].as_str().unwrap())
        .collect();
    assert_eq!(nodes, ["a", "b", "c", "d", "x", "y"]);
    assert_eq!(
        rows[0],
        serde_json::json!({"position": "a", "outcome": "win", "remoteness": 3, "best": "b"})
    );
    assert_eq!(
        rows[3],
        serde_json::json!({"position": "d", "outcome": "loss", "remoteness": 0, "best": null})
    );
    assert_eq!(
        rows[4],
        serde_json::json!({"position": "x", "outcome": "draw", "remoteness": null, "draw_level": "pure", "best": "y"})
    );
    // Integer labels are strings too.
    let file = temp_file("json-integers.txt", INTEGERS);
    let run = grundy(&["solve", path_str(&file), "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(doc["solution"][2]["position"], "10");
    assert_eq!(doc["solution"][2]["best"], "20");
}

#[test]
fn start_shows_the_principal_line() {
    let file = temp_file("start.txt", CHAIN_AND_CYCLE);
    let path = path_str(&file);
    let run = grundy(&["solve", path, "--start", "a"]);
    assert_eq!(
        run.ok(),
        "\
a: win: the player to move wins in 3 moves
principal line: a -> b -> c -> d
  (the game ends at d: loss for the player to move there)
"
    );
    let run = grundy(&["solve", path, "--start", "c"]);
    assert_eq!(
        run.ok(),
        "\
c: win: the player to move wins in 1 move
principal line: c -> d
  (the game ends at d: loss for the player to move there)
"
    );
    let run = grundy(&["solve", path, "--start", "d"]);
    assert_eq!(
        run.ok(),
        "\
d: loss: the game ends here, lost by the player to move
principal line: d
  (the game ends at d: loss for the player to move there)
"
    );
    let run = grundy(&["solve", path, "--start", "x"]);
    assert_eq!(
        run.ok(),
        "\
x: draw: neither player can force a win (a pure draw: the opponent of the player to move can always keep away from a losing move)
principal line: x -> y -> x
  (x repeats: play goes on forever)
"
    );
    // TSV: one row per position of the line.
    let run = grundy(&["solve", path, "--start", "b", "--format", "tsv"]);
    assert_eq!(run.ok(), "b\tloss\t2\tc\nc\twin\t1\td\nd\tloss\t0\t-\n");
    // JSON: one line, as every JSON answer.
    let run = grundy(&["solve", path, "--start", "a", "--format", "json"]);
    assert_eq!(run.ok().lines().count(), 1);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(doc["play"], "normal");
    assert_eq!(
        doc["start"],
        serde_json::json!({"position": "a", "outcome": "win", "remoteness": 3, "best": "b"})
    );
    assert_eq!(doc["line"], serde_json::json!(["a", "b", "c", "d"]));
    assert_eq!(doc["line_end"], "terminal");
    let run = grundy(&["solve", path, "--start", "y", "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(doc["line"], serde_json::json!(["y", "x", "y"]));
    assert_eq!(doc["line_end"], "repeats");
    assert_eq!(doc["start"]["remoteness"], Value::Null);
}

#[test]
fn a_start_with_a_player_is_explained_where_positions_have_none() {
    let file = temp_file("start-player.txt", "a b\n");
    let path = path_str(&file);
    let message = grundy(&["solve", path, "--start", "a@1"])
        .failed()
        .to_string();
    assert!(
        message.contains("a@1 and a@2 name a with a player to move only with --prefer"),
        "{message}"
    );
    let message = grundy(&["solve", path, "--start", "z@1"])
        .failed()
        .to_string();
    assert!(
        message.ends_with("no such position in the graph\n"),
        "{message}"
    );
    grundy(&["solve", path, "--start", "a@2", "--prefer", "draw,win,loss"]).ok();
}

#[test]
fn start_with_integer_ids_and_leading_zeros() {
    let file = temp_file("start-integers.txt", INTEGERS);
    let path = path_str(&file);
    let plain = grundy(&["solve", path, "--start", "40", "--format", "tsv"]);
    assert_eq!(plain.ok(), "40\twin\t0\t-\n");
    let run = grundy(&["solve", path, "--start", "10", "--format", "tsv"]);
    assert_eq!(
        run.ok(),
        "10\tloss\t2\t20\n20\twin\t1\t30\n30\tloss\t0\t-\n"
    );
    // `010` is the position 10.
    let zeros = grundy(&["solve", path, "--start", "010", "--format", "tsv"]);
    assert_eq!(zeros.ok(), run.stdout);
    // A fixed result ends the game even though the position has moves.
    let run = grundy(&["solve", path, "--start", "40"]);
    assert_eq!(
        run.ok(),
        "\
40: win: the game ends here, won by the player to move
principal line: 40
  (the game ends at 40: win for the player to move there)
"
    );
}

#[test]
fn misere_play() {
    let file = temp_file("misere.txt", "a b\nb c\nd\ne result=loss\ne a\n");
    let path = path_str(&file);
    // The player who cannot move wins; fixed results still count.
    let run = grundy(&["solve", path, "--misere", "--format", "tsv"]);
    assert_eq!(
        run.ok(),
        "\
a\twin\t2\tb
b\tloss\t1\tc
c\twin\t0\t-
d\twin\t0\t-
e\tloss\t0\t-
"
    );
    let run = grundy(&["solve", path, "--misere", "--summary"]);
    assert_eq!(
        run.ok(),
        "5 positions, 3 moves (misère play): 3 win, 2 loss, 0 draw\n"
    );
    let run = grundy(&["solve", path, "--misere", "--format", "json"]);
    let doc: Value = serde_json::from_str(run.ok()).expect("valid JSON");
    assert_eq!(doc["play"], "misère");
    // Normal play for comparison.
    let run = grundy(&["solve", path, "--format", "tsv"]);
    assert_eq!(
        run.ok(),
        "\
a\tloss\t2\tb
b\twin\t1\tc
c\tloss\t0\t-
d\tloss\t0\t-
e\tloss\t0\t-
"
    );
}

#[test]
fn prefer_on_a_graph_without_players() {
    let file = temp_file("prefer.txt", "a b\n");
    let path = path_str(&file);
    // Each position with each player to move: labels ID@1 and ID@2.
    let run = grundy(&[
        "solve",
        path,
        "--prefer",
        "win>draw>loss",
        "--format",
        "tsv",
    ]);
    assert_eq!(
        run.ok(),
        "\
a@1\twin\t1\tb@2
a@2\twin\t1\tb@1
b@1\tloss\t0\t-
b@2\tloss\t0\t-
"
    );
    // The notes' preferences on a <-> b, b -> c: player 1 at b prefers endless play to
    // winning, player 2 at b takes the win.
    let file = temp_file("prefer-notes.txt", "a b\nb a\nb c\n");
    let path = path_str(&file);
    let run = grundy(&[
        "solve",
        path,
        "--prefer",
        "draw,win,loss",
        "--format",
        "tsv",
    ]);
    assert_eq!(
        run.ok(),
        "\
a@1\tloss\t2\tb@2
a@2\tdraw\t-\tb@1
b@1\tdraw\t-\ta@2
b@2\twin\t1\tc@1
c@1\tloss\t0\t-
c@2\tloss\t0\t-
"
    );
    // Player 2's ranking alone gives the same game.
    let second = grundy(&[
        "solve",
        path,
        "--prefer2",
        "win>loss>draw",
        "--format",
        "tsv",
    ]);
    assert_eq!(second.ok(), run.stdout);
    // Both, opposite: the same again.
    let both = grundy(&[
        "solve",
        path,
        "--prefer",
        "draw>win>loss",
        "--prefer2",
        "win,loss,draw",
        "--format",
        "tsv",
    ]);
    assert_eq!(both.ok(), run.stdout);
    // --start: a plain id means player 1 to move; ID@2 picks player 2.
    let run = grundy(&["solve", path, "--prefer", "draw>win>loss", "--start", "b"]);
    assert_eq!(
        run.ok(),
        "\
b@1: draw: neither player can force a win
principal line: b@1 -> a@2 -> b@1
  (b@1 repeats: play goes on forever)
"
    );
    let run = grundy(&["solve", path, "--prefer", "draw>win>loss", "--start", "a@1"]);
    assert_eq!(
        run.ok(),
        "\
a@1: loss: the player to move loses, after 2 moves
principal line: a@1 -> b@2 -> c@1
  (the game ends at c@1: loss for the player to move there)
"
    );
}

#[test]
fn prefer_on_a_graph_with_players_keeps_its_positions() {
    let file = temp_file(
        "players.txt",
        "s player=1\nw player=2\nl player=1\ne player=2\ne e\ns w\ns l\ns e\n",
    );
    let path = path_str(&file);
    let run = grundy(&[
        "solve",
        path,
        "--prefer",
        "draw>win>loss",
        "--format",
        "tsv",
    ]);
    assert_eq!(
        run.ok(),
        "\
s\tdraw\t-\te
w\tloss\t0\t-
l\tloss\t0\t-
e\tdraw\t-\te
"
    );
    let run = grundy(&["solve", path, "--prefer", "loss>win>draw", "--start", "s"]);
    assert_eq!(
        run.ok(),
        "\
s: loss: the player to move loses, after 1 move
principal line: s -> l
  (the game ends at l: loss for the player to move there)
"
    );
    // Without --prefer the usual ranking applies to a graph with players.
    let run = grundy(&["solve", path, "--start", "s", "--format", "tsv"]);
    assert_eq!(run.ok(), "s\twin\t1\tw\nw\tloss\t0\t-\n");
}

#[test]
fn prefer_with_a_plain_integer_start_with_leading_zeros() {
    // Without --prefer, `--start 05` finds position 5; with the players told apart, it should
    // find 5@1 the same way.
    let file = temp_file("prefer-integers.txt", "5 6\n7\n");
    let path = path_str(&file);
    let run = grundy(&[
        "solve",
        path,
        "--prefer",
        "win>draw>loss",
        "--start",
        "5",
        "--format",
        "tsv",
    ]);
    assert_eq!(run.ok(), "5@1\twin\t1\t6@2\n6@2\tloss\t0\t-\n");
    let zeros = grundy(&[
        "solve",
        path,
        "--prefer",
        "win>draw>loss",
        "--start",
        "05",
        "--format",
        "tsv",
    ]);
    assert_eq!(zeros.ok(), run.stdout);
}

#[test]
fn rankings_that_are_not_opposite_are_refused() {
    let file = temp_file("not-opposite.txt", "a b\n");
    let path = path_str(&file);
    let run = grundy(&[
        "solve",
        path,
        "--prefer",
        "draw>win>loss",
        "--prefer2",
        "draw>win>loss",
    ]);
    let stderr = run.failed();
    assert!(stderr.contains("is not the opposite"), "{stderr}");
    assert!(stderr.contains("win>loss>draw"), "{stderr}");
    // Not a ranking at all.
    let run = grundy(&["solve", path, "--prefer", "win>win>loss"]);
    let stderr = run.failed();
    assert!(stderr.contains("in --prefer"), "{stderr}");
    assert!(
        stderr.contains("'win>win>loss' is not a ranking"),
        "{stderr}"
    );
    let run = grundy(&["solve", path, "--prefer2", "victory"]);
    let stderr = run.failed();
    assert!(stderr.contains("in --prefer2"), "{stderr}");
}

#[test]
fn malformed_file() {
    let file = temp_file("malformed.txt", "a b\nc $d\n");
    let path = path_str(&file);
    for format in ["text", "tsv", "json"] {
        let run = grundy(&["solve", path, "--format", format]);
        let stderr = run.failed();
        assert!(
            stderr.contains(&format!("{path}:2:3: unexpected character '$'")),
            "{stderr}"
        );
    }
    let file = temp_file("contradiction.txt", "a result=win\nb\na result=loss\n");
    let path = path_str(&file);
    let stderr = grundy(&["solve", path]).failed().to_string();
    assert!(
        stderr.contains(&format!("{path}:3:3: contradictory attributes")),
        "{stderr}"
    );
    assert!(stderr.contains("at line 1 column 3"), "{stderr}");
    let file = temp_file("non-utf8.txt", "a b\n");
    std::fs::write(&file, b"a b\n\xff\n").unwrap();
    let path = path_str(&file);
    let stderr = grundy(&["solve", path]).failed().to_string();
    assert!(
        stderr.contains(&format!("{path}:2:1: unexpected byte 0xff")),
        "{stderr}"
    );
}

#[test]
fn mixed_integer_and_name_ids_on_one_move_line() {
    // The first name comes as the second id of a move whose first id is an integer.
    let file = temp_file("mixed.txt", "5 b\n");
    let run = grundy(&["solve", path_str(&file), "--format", "tsv"]);
    assert_eq!(run.ok(), "5\twin\t1\tb\nb\tloss\t0\t-\n");
}

#[test]
fn missing_file() {
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli/there-is-no-such-file.txt");
    let path = path_str(&file);
    let stderr = grundy(&["solve", path]).failed().to_string();
    assert!(stderr.contains(path), "{stderr}");
    assert!(stderr.contains("No such file"), "{stderr}");
    // A directory is not a graph file either.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    grundy(&["solve", path_str(&dir)]).failed();
}

#[test]
fn start_of_an_unknown_position() {
    let file = temp_file("unknown-start.txt", CHAIN_AND_CYCLE);
    let path = path_str(&file);
    for start in ["zzz", "a@3", "", "4294967295"] {
        let stderr = grundy(&["solve", path, "--start", start])
            .failed()
            .to_string();
        assert!(
            stderr.contains(&format!("--start {start}: no such position in the graph")),
            "{stderr}"
        );
    }
    let file = temp_file("unknown-start-integers.txt", INTEGERS);
    let stderr = grundy(&["solve", path_str(&file), "--start", "4"])
        .failed()
        .to_string();
    assert!(stderr.contains("no such position"), "{stderr}");
}

#[test]
fn positions_without_a_player_when_others_have_one() {
    let file = temp_file("partial-players.txt", "a player=1\na b\n");
    let stderr = grundy(&["solve", path_str(&file)]).failed().to_string();
    assert!(
        stderr.contains("position b has no player attribute"),
        "{stderr}"
    );
}

#[test]
fn reads_standard_input() {
    let run = run_with_input(&["solve", "-", "--format", "tsv"], Some("a b\nb c\n"));
    assert_eq!(run.ok(), "a\tloss\t2\tb\nb\twin\t1\tc\nc\tloss\t0\t-\n");
    let run = run_with_input(&["solve", "-"], Some("a b c\n"));
    let stderr = run.failed();
    assert!(stderr.contains("<stdin>:1:5: "), "{stderr}");
}

#[test]
fn help_and_version() {
    let run = grundy(&["--help"]);
    let out = run.ok();
    assert!(out.contains("Usage: grundy <COMMAND>"), "{out}");
    assert!(out.contains("solve"), "{out}");
    let run = grundy(&["solve", "--help"]);
    let out = run.ok();
    assert!(
        out.contains("Usage: grundy solve [OPTIONS] <FILE>"),
        "{out}"
    );
    for option in [
        "--misere",
        "--prefer <RANKING>",
        "--prefer2 <RANKING>",
        "--start <ID>",
        "--summary",
        "--format <FORMAT>",
    ] {
        assert!(out.contains(option), "{option} in {out}");
    }
    let run = grundy(&["--version"]);
    assert_eq!(run.ok(), format!("grundy {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors() {
    // No subcommand, no file, an unknown format or option: a line, a hint, exit code 2.
    for (args, expected) in [
        (
            &[][..],
            "grundy: error: no command given\n  (see grundy --help)\n",
        ),
        (
            &["solve"][..],
            "grundy: error: the following required arguments were not provided: <FILE>\n  \
             (see grundy solve --help)\n",
        ),
        (
            &["solve", "x.txt", "--format", "xml"][..],
            "grundy: error: invalid value 'xml' for '--format <FORMAT>' [possible values: text, \
             json, tsv, csv]\n  (see grundy solve --help)\n",
        ),
        (
            &["solve", "x.txt", "--no-such-option"][..],
            "grundy: error: unexpected argument '--no-such-option' found\n  tip: to pass \
             '--no-such-option' as a value, use '-- --no-such-option'\n",
        ),
    ] {
        assert_eq!(grundy(args).usage(), expected, "{args:?}");
    }
}

#[test]
fn an_unknown_name_is_met_with_the_nearest_names_first() {
    for (args, expected) in [
        // Swapped letters are one edit: `nim`, not `dynamic-subtraction` or `nimber`.
        (
            &["nmi", "3", "4", "5"][..],
            "grundy: error: unrecognized subcommand 'nmi'\n  tip: did you mean 'nim'?\n",
        ),
        // A take-and-break game of the literature is a code of `octal`: the commands that
        // take its name.
        (
            &["kayles", "3"][..],
            "grundy: error: unrecognized subcommand 'kayles'\n  tip: Kayles is a take-and-break \
             game: 'grundy octal kayles' gives its values, 'grundy table kayles' a table of \
             them, 'grundy play take-and-break:kayles' plays it\n",
        ),
        // Aliases are candidates, and the nearest comes first.
        (
            &["squres", "10"][..],
            "grundy: error: unrecognized subcommand 'squres'\n  tip: did you mean 'squares'?\n",
        ),
        (
            &["serve", "--prot", "8080"][..],
            "grundy: error: unexpected argument '--prot' found\n  tip: did you mean '--port'?\n",
        ),
        (
            &["octal", "0.77", "--uptoo", "5"][..],
            "grundy: error: unexpected argument '--uptoo' found\n  tip: did you mean '--upto'?\n",
        ),
        // Nothing near: no far name (clap offered `--format` for `--port`), the help instead.
        (
            &["octal", "0.77", "--port", "5"][..],
            "grundy: error: unexpected argument '--port' found\n  (see grundy octal --help)\n",
        ),
    ] {
        assert_eq!(grundy(args).usage(), expected, "{args:?}");
    }
    // `--port` is the port of `--listen`, on 127.0.0.1.
    let run = grundy(&["serve", "--port", "70000"]);
    assert!(
        run.usage()
            .contains("invalid value '70000' for '--listen <ADDR>'"),
        "{}",
        run.usage()
    );
}

#[test]
fn every_name_of_a_game_works_on_every_surface() {
    // A family's command answers to its aliases, each the name its table or game has.
    for (name, alias) in [
        (&["square-subtraction", "10"][..], &["squares", "10"][..]),
        (&["fibonacci-nim", "10"][..], &["fibonacci", "10"][..]),
        (
            &["octal", "0.77", "--upto", "30"][..],
            &["take-and-break", "kayles", "--upto", "30"][..],
        ),
        (
            &["octal", "0.07", "--upto", "30"][..],
            &["octal", "dawsons-kayles", "--upto", "30"][..],
        ),
        (
            &["octal", "grundy", "--upto", "30"][..],
            &["octal", "grundys-game", "--upto", "30"][..],
        ),
        (
            &["mex-mat", "012", "021"][..],
            &["mexmat", "012", "021"][..],
        ),
        (
            &["partizan-piles", "--a", "2", "--b", "3", "4"][..],
            &["partizan", "--a", "2", "--b", "3", "4"][..],
        ),
        // Tables by the family's names, and by the games' names of the literature.
        (
            &["table", "squares"][..],
            &["table", "square-subtraction"][..],
        ),
        (&["table", "fibonacci"][..], &["table", "fibonacci-nim"][..]),
        (&["table", "0.77"][..], &["table", "kayles"][..]),
        (
            &["table", "0.137"][..],
            &["table", "octal:dawsons-chess"][..],
        ),
        (
            &["table", "misere:0.77", "--n", "0..9"][..],
            &["table", "misere-quotient:kayles", "--n", "0..9"][..],
        ),
        // A board's size is its empty board.
        (
            &["domineering", "...|...|..."][..],
            &["domineering", "3x3"][..],
        ),
        (&["cram", "....|...."][..], &["cram", "2×4"][..]),
    ] {
        assert_eq!(
            grundy(name).ok(),
            grundy(alias).ok(),
            "{name:?} and {alias:?}"
        );
    }
    assert!(grundy(&["octal", "kayles", "--upto", "9"])
        .ok()
        .starts_with("0.77 (Kayles): "));
    let too_large = grundy(&["domineering", "12x12"]);
    assert!(too_large
        .failed()
        .contains("a 12x12 board has more than 128 cells"));
}

#[test]
fn help_lists_every_command_under_a_heading() {
    let out = grundy(&["--help"]).ok().to_string();
    for heading in [
        "Solving position graphs, and games too large for one:",
        "Values and compounds:",
        "Misère play: canonical forms, genus, the census:",
        "The catalogue: piles:",
        "The catalogue: take-and-break games:",
        "Partizan values (combinatorial game theory):",
        "Tables and patterns:",
        "Shell:",
    ] {
        assert!(out.contains(heading), "{heading} in {out}");
    }
    // Every command of the parser is listed, each once, and each heading has an example.
    let listed: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("  e.g.") && !l.starts_with("  -"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    for family in grundy_catalogue::games::registry::FAMILIES {
        assert_eq!(
            listed.iter().filter(|&&c| c == family.name()).count(),
            1,
            "{} in {out}",
            family.name()
        );
    }
    for tool in [
        "solve",
        "merge",
        "strong",
        "nimber",
        "cgt",
        "table",
        "completions",
        "man",
    ] {
        assert!(listed.contains(&tool), "{tool}");
    }
    let headings = out
        .lines()
        .filter(|l| l.ends_with(':') && !l.starts_with(' '))
        .count();
    let examples = out
        .lines()
        .filter(|l| l.starts_with("  e.g. grundy "))
        .count();
    // "Usage:" and "Options:" are not sections.
    assert_eq!(examples, headings - 1, "{out}");
    // A family's own help shows its example.
    let nim = grundy(&["nim", "--help"]).ok().to_string();
    assert!(nim.contains("Example: grundy nim 3 4 5"), "{nim}");
}

#[test]
fn completions_and_manual_page() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = grundy(&["completions", shell]).ok().to_string();
        assert!(out.contains("grundy"), "{shell}");
        assert!(
            out.contains("wythoff"),
            "{shell}: the catalogue's commands complete too"
        );
    }
    grundy(&["completions", "tcsh"]).usage();
    let man = grundy(&["man"]).ok().to_string();
    assert!(man.contains(".TH grundy 1"), "{man}");
    assert!(
        man.contains(".TH grundy-wythoff"),
        "a page for each command"
    );
}

/// `--threads` changes nothing in the output, on a graph large enough to be cut among
/// threads (a few hundred thousand moves, with cycles); 0 threads is a usage error.
#[test]
fn solve_threads_give_identical_output() {
    let n = 40_000u64;
    let mut text = String::new();
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for u in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        // One position in twenty is terminal; the others have 1 to 19 moves.
        let degree = x % 20;
        if degree == 0 {
            text.push_str(&format!("{u}\n"));
        }
        for _ in 0..degree {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            text.push_str(&format!("{u} {}\n", x % n));
        }
    }
    let file = temp_file("threads.txt", &text);
    let path = path_str(&file);
    let one = grundy(&["solve", path, "--format", "tsv", "--threads", "1"]);
    assert_eq!(one.ok().lines().count(), n as usize);
    for threads in ["2", "3"] {
        let many = grundy(&["solve", path, "--format", "tsv", "--threads", threads]);
        assert!(many.ok() == one.ok(), "{threads} threads differ from one");
    }
    let misere = ["solve", path, "--format", "tsv", "--misere", "--threads"];
    let one = grundy(&[&misere[..], &["1"]].concat());
    assert!(grundy(&[&misere[..], &["2"]].concat()).ok() == one.ok());
    let zero = grundy(&["solve", path, "--threads", "0"]);
    assert_eq!(zero.code, 2);
    assert!(zero.stderr.contains("--threads"), "{}", zero.stderr);
}

/// The words of a command line as a shell splits them, for the examples of help: spaces
/// separate words, single quotes group them.
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut started) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => (quoted, started) = (!quoted, true),
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

#[test]
fn every_familys_example_in_its_help_runs() {
    for family in grundy_catalogue::games::registry::FAMILIES {
        let help = grundy(&[family.name(), "--help"]).ok().to_string();
        let line = (help.lines())
            .find_map(|l| l.strip_prefix("Example: grundy "))
            .unwrap_or_else(|| panic!("{}: no example in its help", family.name()));
        let words = shell_words(line);
        assert_eq!(words[0], family.name(), "{line}");
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let run = grundy(&args);
        if run.code != 0 {
            // An example that reads a file the user would have (a board, a record) parses,
            // and stops at the missing file.
            let message = run.failed();
            assert!(
                message.contains("No such file or directory")
                    && family.example().iter().any(|(_, v)| message.contains(v)),
                "{line}: {message}"
            );
        }
    }
}
