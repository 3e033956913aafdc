//! CGSuite's worksheet lines through `grundy cgt`, verbatim: every case of CGSuite's
//! expression tests (`testdata/cgsuite/cgsuite_expression_tests.json`, from
//! aaron-siegel/cgsuite @e909ab8b, `lib/core/src/test/scala`) whose input names a game
//! (`game.…`) is run exactly as CGSuite wrote it. A case of a ruleset grundy has must print
//! exactly what CGSuite printed, or fail where CGSuite fails; every other case is listed in
//! [`NOT_READ`] with the reason, and must not print CGSuite's value (a case that starts to,
//! its ruleset added, is to be taken off the list). Cutcake's row of `GameHeapTest` (the canonical forms
//! of the cakes 8 × n, which the test tabulates rather than writes as an expression) is run
//! as the nine expressions it stands for.

mod catalogue_run;

use catalogue_run::grundy;
use serde_json::Value;

/// The cases not read as CGSuite reads them, by name, with the reason.
const NOT_READ: &[(&str, &str)] = &[
    ("GridString", "prints the position's text, not a game"),
    (
        "Misere Cram",
        "a misère canonical form of a position, which grundy cgt does not compute (grundy's \
         misère words, grundy misere-form, never write CGSuite's parts: 2[2])",
    ),
    (
        "FoxAndGeese",
        "Fox and Geese is a loopy ruleset (grundy loopy --ruleset fox-and-geese), not a class \
         of grundy cgt; its simplest form of 26943 positions is beyond grundy loopy's budget",
    ),
    (
        "CeyloneseFoxAndGeese",
        "a loopy ruleset (grundy loopy --ruleset ceylonese-fox-and-geese), not a class of \
         grundy cgt; its simplest form of 26943 positions is beyond grundy loopy's budget",
    ),
    (
        "GenFoxAndGeese",
        "a loopy game on a board 10 wide, which grundy loopy's rulesets do not take",
    ),
    (
        "FoxAndGeese Validation - 1",
        "fails here as an unknown class of grundy cgt, not for CGSuite's reason",
    ),
    (
        "FoxAndGeese Validation - 2",
        "fails here as an unknown class of grundy cgt, not for CGSuite's reason",
    ),
    (
        "FoxAndGeese Validation - 3",
        "fails here as an unknown class of grundy cgt, not for CGSuite's reason",
    ),
    (
        "BackslidingToadsAndFrogs",
        "a loopy game (grundy loopy --ruleset backsliding), whose sided value of 560 positions \
         grundy loopy does not compute",
    ),
    (
        "GenToadsAndFrogs loaded first",
        "prints a class, not a game",
    ),
    (
        "Arc Kayles paths are Dawson's Kayles heaps",
        "a list comprehension of CGScript (each game.graph.ArcKayles(Graph.Path(n)).NimValue \
         reads)",
    ),
    (
        "Arc Kayles looped paths are Kayles heaps",
        "a CGScript program (def, var, Graph.FromAdjacencyList)",
    ),
    (
        "Hackenbush Empty",
        "the graph with no edge is the game 0 here, an error in CGSuite",
    ),
    (
        "game.heap.GrundysGame.MisereCanonicalForm",
        "a misère canonical form of a position, which grundy cgt does not compute (CGSuite's \
         parts: 2[2]); GrundysGame(22) itself reads",
    ),
    (
        "Grundy's Game edge case",
        "counts the options of GrundysGame(92679), which reads, with Options.Size, which does \
         not",
    ),
    ("DirectProduct", "a CGScript program"),
    (
        "PartizanJoin",
        "a method joining two heap rulesets, not read; the same game, \
         PartizanSubtraction([1,3],[2,3])(6), reads",
    ),
    (
        "game.heap.GenMem.NimValueTable",
        "a table of a CGScript function",
    ),
    (
        "CanonicalForm on loopy game",
        "fails here as an unknown class of grundy cgt, not for CGSuite's reason",
    ),
    (
        "Game specifier containing non-value game",
        "CGSuite prints an explicit form unevaluated; grundy values the position",
    ),
];

/// What `grundy cgt -- INPUT` prints: `Ok(stdout)` or `Err(stderr)`.
fn run(input: &str) -> Result<String, String> {
    let run = grundy(&["cgt", "--", input]);
    if run.code == 0 {
        Ok(run.ok().trim_end().to_string())
    } else {
        // A CGScript program of several lines is echoed in its error, over several lines.
        assert_eq!(run.code, 2, "{input}: {}", run.stderr);
        assert!(run.stderr.starts_with("grundy: error: "), "{}", run.stderr);
        Err(run.stderr.trim_end().to_string())
    }
}

/// Whether `grundy cgt` answers as CGSuite does: the same text, or an error where CGSuite
/// gives one (`!!…`).
fn agrees(got: &Result<String, String>, expected: &str) -> bool {
    match (got, expected.strip_prefix("!!")) {
        (Err(_), Some(_)) => true,
        (Ok(out), None) => out == expected,
        _ => false,
    }
}

#[test]
fn cgsuite_worksheet_lines_verbatim() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/cgsuite/cgsuite_expression_tests.json"
    );
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut passed = Vec::new();
    let mut not_read = 0;
    for case in &cases {
        let field = |k: &str| case[k].as_str().unwrap();
        let (name, input, expected) = (field("name"), field("input"), field("expected"));
        if !input.contains("game.") {
            continue;
        }
        let got = run(input);
        match NOT_READ.iter().find(|(n, _)| *n == name) {
            Some((_, why)) => {
                // An error where CGSuite errs may be for another reason: only a value that
                // starts to agree says the case now reads.
                assert!(
                    expected.starts_with("!!") || !agrees(&got, expected),
                    "{name}: {input} now reads as CGSuite's {expected}: take it off NOT_READ \
                     ({why})"
                );
                not_read += 1;
            }
            None => {
                assert!(
                    agrees(&got, expected),
                    "{name}: {input}: {got:?}, CGSuite: {expected}"
                );
                passed.push(name);
            }
        }
    }
    passed.sort_unstable();
    let mut expected = vec![
        "Amazons",
        "AntiClobber",
        "Childish Hackenbush",
        "Childish Hackenbush fractional",
        "Childish Hackenbush hot",
        "Childish Hackenbush lollipop",
        "Childish Hackenbush lollipop 2",
        "Clobber",
        "Clobber (Diagonal)",
        "Col",
        "Cram",
        "Domineering",
        "ElephantsAndRhinos",
        "Followers",
        "GenToadsAndFrogs",
        "Hackenbush Disconnected",
        "Hackenbush Green Tree",
        "Hackenbush Nimber",
        "Hackenbush Number",
        "Hackenbush RBG Stalk",
        "Hackenbush Tree",
        "Kings",
        "MisereOutcomeClass",
        "Partizan Arc Kayles",
        "Partizan Arc Kayles with Green",
        "PartizanSubtraction(1,3|2,3)",
        "Queens",
        "Rooks",
        "Snort",
        "Snort",
        "ToadsAndFrogs",
        "TopplingDominoes",
        "TopplingDominoes (grey)",
        "Turning",
        "Turning",
    ];
    expected.sort_unstable();
    assert_eq!(passed, expected);
    assert_eq!(not_read, 20);
}

#[test]
fn an_error_in_a_position_points_into_the_line() {
    let e = run(r#"game.graph.Hackenbush("lrlr;lr").CanonicalForm"#).unwrap_err();
    assert!(
        e.contains("column 29: this vertex is not connected to the ground"),
        "{e}"
    );
    let e = run(r#"Clobber("xox|oz.")"#).unwrap_err();
    assert!(e.contains("column 15: "), "{e}");
    let e = run(r#"game.grid.Clober("xo")"#).unwrap_err();
    assert!(
        e.ends_with("column 1: unknown game 'game.grid.Clober': did you mean 'Clobber'?"),
        "{e}"
    );
    let e = run("Cutcake(8)").unwrap_err();
    assert!(
        e.contains("column 9: Cutcake takes coordinates: Cutcake((a,b))"),
        "{e}"
    );
    let e = run("Nim(99999999999999999999999)").unwrap_err();
    assert!(
        e.contains(
            "column 5: '99999999999999999999999' is not an integer from \
             -9223372036854775808 to 9223372036854775807"
        ),
        "{e}"
    );
    let e = run("Nim(-)").unwrap_err();
    assert!(
        e.contains("column 5: '-' is not followed by a number"),
        "{e}"
    );
}

#[test]
fn cutcake_row_of_cgsuite_heap_tests() {
    // GameHeapTest tabulates Cutcake's cakes 8 × n, n from 0 to 8 (Left cuts the second side).
    let row = ["-7", "-7", "-3", "-3", "-1", "-1", "-1", "-1", "0"];
    for (n, value) in row.iter().enumerate() {
        let line = format!("game.heap.Cutcake((8,{n})).CanonicalForm");
        assert_eq!(run(&line).as_deref(), Ok(*value), "{line}");
    }
}

#[test]
fn positions_among_games_and_properties() {
    let cases = [
        (r#"Clobber("xox|ox.") + 1"#, "{1^^*|1*,1v}"),
        (r#"game.grid.Clobber("xox|ox.").OutcomeClass"#, "N"),
        ("Domineering(Grid.Empty(2,2)).Temperature", "1"),
        (
            r#"game.grid.Domineering("..|..") - Domineering(Grid.Empty(2, 2))"#,
            "0",
        ),
        (r#"Hackenbush("lrlr").Birthday"#, "4"),
        (r#"game.strip.ToadsAndFrogs("t.f").Mean"#, "0"),
        ("Cutcake((2,1)).CanonicalForm + Cutcake((1,2))", "0"),
        ("Mem((10,7)).NimValue", "1"),
        ("Mem((10,0)) + Mem(10)", "0"),
        (r#"TopplingDominoes("lre").IsNumber"#, "false"),
    ];
    for (line, want) in cases {
        let got = run(line);
        let first = got.as_deref().map(|out| out.lines().nth(1).unwrap_or(out));
        let shown = match first {
            Ok(l) => l.strip_prefix("canonical form: ").unwrap_or(l),
            Err(e) => e,
        };
        assert_eq!(shown, want, "{line}");
    }
}

#[test]
fn schemas_with_named_parameters_and_properties_of_positions() {
    let cases = [
        // GenClobber's defaults are Clobber; its other parameters make Hot Clobber and Queens.
        (
            r#"game.grid.GenClobber()("xox|ox.").CanonicalForm"#,
            "{^^*|*,v}",
        ),
        (
            r#"GenClobber(clobbered => {Left => {1,2}, Right => {1,2}})("xox|ox.") - HotClobber("xox|ox.")"#,
            "0",
        ),
        (
            r#"GenClobber(maxDistance => inf, directions => Coordinates.Compass)("xox|ox.").CanonicalForm"#,
            "^",
        ),
        (
            r#"GenToadsAndFrogs(maxJump => 0)("tttt..fff") - ElephantsAndRhinos("tttt..fff")"#,
            "0",
        ),
        (r#"Clobber("xox|ox.").FollowerCount"#, "36"),
        (r#"Domineering("..|..").MisereOutcomeClass"#, "P"),
    ];
    for (line, want) in cases {
        let got = run(line);
        let shown = got.as_deref().map(|out| {
            let l = out.lines().nth(1).unwrap_or(out);
            l.strip_prefix("canonical form: ").unwrap_or(l)
        });
        assert_eq!(shown, Ok(want), "{line}");
    }
    for (line, column, message) in [
        (
            "GenClobber(foo => 1)(\"xo\")",
            12,
            "GenClobber has no parameter 'foo': its parameters are directions, clobbered, \
             leftBehind, maxDistance",
        ),
        (
            "GenClobber(directions => Coordinates.Up)(\"xo\")",
            26,
            "expected Coordinates.Orthogonal",
        ),
        ("GenToadsAndFrogs(minSlide => -1)(\"t.f\")", 1, "loopy"),
        ("GenToadsAndFrogs(maxJump => 2)", 1, "then the position"),
        (
            "Domineering(\"..|..\").MisereOutcomeClass + 1",
            22,
            "a property of the position, not a game",
        ),
        (
            "{1|0}.MisereOutcomeClass",
            1,
            "a property of a ruleset's position",
        ),
    ] {
        let e = run(line).unwrap_err();
        let at = format!("column {column}: ");
        assert!(
            (column == 1 || e.contains(&at)) && e.contains(message),
            "{line}: {e}"
        );
    }
}
