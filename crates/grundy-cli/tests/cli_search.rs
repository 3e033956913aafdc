//! `grundy search RULESET POSITION`: the outcome with each player first by search, in text
//! and JSON; one player with `--first`; whole positions with `--small 0`; exit code 2 with a
//! `grundy: error:` message on bad input or a budget that runs out.

mod catalogue_run;

use catalogue_run::{grundy, json};

#[test]
fn domineering_two_by_two_in_text() {
    assert_eq!(
        grundy(&["search", "domineering", "..|..", "--threads", "1"]).ok(),
        "game: domineering\n\
         position: ..|..\n\
         outcome class: N (the first player wins)\n\
         Left moving first: wins, with (1,1)-(2,1)\n  \
         line: (1,1)-(2,1)\n\
         Right moving first: wins, with (1,1)-(1,2)\n  \
         line: (1,1)-(1,2)\n\
         nodes: 6\n\
         regions valued: 0\n\
         table: 64.0 MiB\n\
         threads: 1\n"
    );
}

#[test]
fn one_player_in_json_with_and_without_decomposition() {
    for small in ["10", "0"] {
        let v = json(&[
            "search", "clobber", "xo.|ox.", "--first", "right", "--small", small,
        ]);
        assert_eq!(v["game"], "clobber");
        assert_eq!(v["outcome_class"], serde_json::Value::Null);
        assert_eq!(v["left_first"], serde_json::Value::Null);
        let right = &v["right_first"];
        assert!(right["wins"].is_boolean(), "{v}");
        let line = right["line"].as_array().unwrap();
        assert_eq!(line.first().map(|m| &m["move"]), Some(&right["best_move"]));
    }
}

#[test]
fn both_searches_agree_with_the_rulesets_own_command() {
    for (game, position) in [
        ("domineering", "...|...|..#"),
        ("cram", "...|..."),
        ("konane", "xo.|ox.|..."),
        ("toads-and-frogs", "TT..FF"),
    ] {
        let searched = json(&["search", game, position]);
        let valued = json(&[game, position]);
        assert_eq!(
            searched["outcome_class"], valued["outcome_class"],
            "{game} {position}"
        );
    }
}

#[test]
fn bad_input_is_refused() {
    let e = grundy(&["search", "domineering", "..x"])
        .failed()
        .to_string();
    assert!(e.contains("1:3"), "{e}");
    let e = grundy(&["search", "domineering", "..", "--first", "up"])
        .failed()
        .to_string();
    assert!(e.contains("expected left, right or both"), "{e}");
    let e = grundy(&["search", "chess", ".."]).failed().to_string();
    assert!(e.contains("domineering"), "{e}");
}

#[test]
fn a_search_out_of_nodes_says_how_to_raise_it() {
    let e = grundy(&[
        "search",
        "domineering",
        "........|........|........|........|........|........|........|........",
        "--max-positions",
        "1000",
    ])
    .failed()
    .to_string();
    assert!(e.contains("--max-positions"), "{e}");
}

#[test]
fn a_table_of_regions_is_written_then_read() {
    let path = catalogue_run::temp_path("search-regions.txt");
    let _ = std::fs::remove_file(&path);
    let file = catalogue_run::path_str(&path);
    let board = "....|....|....|....";
    let first = json(&["search", "domineering", board, "--regions", file]);
    assert_eq!(first["regions_loaded"], 0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("grundy regions 1 Domineering\n"), "{text}");
    let again = json(&["search", "domineering", board, "--regions", file]);
    assert_eq!(again["regions_loaded"], (text.lines().count() - 2) as u64);
    assert_eq!(again["outcome_class"], first["outcome_class"]);
    // A damaged table is refused, naming the file and the line.
    std::fs::write(&path, text.replacen('.', "#", 1)).unwrap();
    let e = grundy(&["search", "domineering", board, "--regions", file])
        .failed()
        .to_string();
    assert!(e.contains("damaged"), "{e}");
    let _ = std::fs::remove_file(&path);
    // A table in a folder that is not there is refused before the search.
    let missing = path.with_file_name("no-such-folder").join("regions.txt");
    let e = grundy(&[
        "search",
        "domineering",
        board,
        "--regions",
        catalogue_run::path_str(&missing),
    ])
    .failed()
    .to_string();
    assert!(e.contains("no such folder"), "{e}");
}
