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
fn a_game_is_found_by_any_of_its_names_and_a_misspelt_one_meets_the_nearest() {
    let by_alias = grundy(&["search", "Domineering", "2x2", "--threads", "1"]);
    assert!(by_alias.ok().starts_with("game: domineering\n"));
    let stderr = grundy(&["search", "domineerign", "..|.."])
        .failed()
        .to_string();
    assert!(
        stderr.contains("'domineerign' is not a game searched: did you mean 'domineering'?"),
        "{stderr}"
    );
    assert!(
        stderr.contains("(expected one of: connect4, domineering"),
        "{stderr}"
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

/// A generator of small positions, seeded so that a failure names a position found again:
/// xorshift64.
struct Positions(u64);

impl Positions {
    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// `length` letters of `alphabet`.
    fn word(&mut self, alphabet: &[u8], length: usize) -> String {
        (0..length)
            .map(|_| char::from(alphabet[self.below(alphabet.len())]))
            .collect()
    }

    /// Rows of `letters`, `rows` × `cols`, separated by `|`.
    fn board(&mut self, letters: &[u8], rows: usize, cols: usize) -> String {
        let rows: Vec<String> = (0..rows).map(|_| self.word(letters, cols)).collect();
        rows.join("|")
    }
}

/// `game` searched agrees with its own command's canonical form (the outcome class) on the
/// positions `given` and four more from `random` (seeded, so that a failure names a position
/// found again), with regions valued by canonical form and with every position searched
/// whole.
fn searched_agrees_with_canonical_form(
    game: &str,
    given: &[&str],
    random: impl Fn(&mut Positions) -> String,
) {
    searched_agrees_under_rules(game, &[], game, given, random);
}

/// [`searched_agrees_with_canonical_form`] for a ruleset with parameters: valued with the
/// options `rules` (`--left 1,3 --right 2,3`), searched as `searched_as`, the game's name
/// with its rules (`partizan-subtraction:1,3/2,3`).
fn searched_agrees_under_rules(
    game: &str,
    rules: &[String],
    searched_as: &str,
    given: &[&str],
    random: impl Fn(&mut Positions) -> String,
) {
    let mut next = Positions(0x9e37_79b9_7f4a_7c15);
    let mut positions: Vec<String> = given.iter().map(|p| p.to_string()).collect();
    positions.extend((0..4).map(|_| random(&mut next)));
    for position in &positions {
        let mut valued: Vec<&str> = vec![game];
        valued.extend(rules.iter().map(String::as_str));
        valued.push(position);
        let valued = json(&valued);
        for small in ["10", "0"] {
            let searched = json(&[
                "search",
                searched_as,
                position,
                "--small",
                small,
                "--threads",
                "1",
                "--table",
                "1M",
            ]);
            assert_eq!(
                searched["outcome_class"], valued["outcome_class"],
                "{game} {position} --small {small}"
            );
        }
    }
}

#[test]
fn anticlobber_searched_agrees_with_its_canonical_form() {
    searched_agrees_with_canonical_form("anticlobber", &["xoxo|oo.."], |next| {
        let (rows, cols) = (1 + next.below(3), 2 + next.below(3));
        next.board(b"xo..", rows, cols)
    });
}

#[test]
fn amazons_searched_agrees_with_its_canonical_form() {
    searched_agrees_with_canonical_form("amazons", &["x...|o..."], |next| {
        next.board(b"xo...#", 2, 3)
    });
}

#[test]
fn hackenbush_searched_agrees_with_its_canonical_form() {
    searched_agrees_with_canonical_form("hackenbush", &["l(l;rl)", "0-1:b 1-2:r 2-0:g"], |next| {
        let length = 1 + next.below(6);
        next.word(b"lrg", length)
    });
}

/// A path of 2 to 6 vertices, each uncoloured or tinted: Snort's and Col's graphs.
fn tinted_path(next: &mut Positions) -> String {
    let vertices: Vec<String> = (0..2 + next.below(5))
        .map(|_| next.word(b"..LR", 1))
        .collect();
    vertices.join("-")
}

#[test]
fn snort_searched_agrees_with_its_canonical_form() {
    searched_agrees_with_canonical_form("snort", &["L-.-.-.-L", ".-.(-.;-.-R)"], tinted_path);
}

#[test]
fn col_searched_agrees_with_its_canonical_form() {
    searched_agrees_with_canonical_form("col", &["R-.-R-.-L-.-R", ".-.-.-.(-.;-.)"], tinted_path);
}

#[test]
fn toppling_dominoes_searched_agrees_with_its_canonical_form() {
    searched_agrees_with_canonical_form("toppling-dominoes", &["xxogo|oxg"], |next| {
        let length = 1 + next.below(7);
        next.board(b"xog", 2, length)
    });
}

#[test]
fn cutcake_searched_agrees_with_its_canonical_form() {
    searched_agrees_with_canonical_form("cutcake", &["8x3 2x4", "3x3 2x5 4x1"], |next| {
        let cakes: Vec<String> = (0..1 + next.below(2))
            .map(|_| format!("{}x{}", 1 + next.below(4), 1 + next.below(4)))
            .collect();
        cakes.join(" ")
    });
}

/// Every ruleset the registry searches, on the position of its family's example: a ruleset
/// added to the registry is searched and checked here with nothing written for it.
#[test]
fn every_ruleset_searched_agrees_on_its_example() {
    use grundy_catalogue::games::registry::FAMILIES;
    use grundy_catalogue::games::Group;
    let rulesets = FAMILIES
        .iter()
        .filter(|f| f.group() == Group::Rulesets && f.searchable().is_some());
    let mut searched = 0;
    for family in rulesets {
        let (_, position) = family
            .example()
            .iter()
            .find(|(k, _)| *k == "position")
            .unwrap();
        // A ruleset with parameters is searched by its game's name with its rules.
        let rules: Vec<String> = (family.example().iter())
            .filter(|(k, _)| *k != "position")
            .flat_map(|(k, v)| [format!("--{k}"), v.to_string()])
            .collect();
        let searched_as = match family.plays().first() {
            Some(game) if game.takes_argument() => game.example(),
            _ => family.name(),
        };
        searched_agrees_under_rules(family.name(), &rules, searched_as, &[position], |_| {
            position.to_string()
        });
        searched += 1;
    }
    assert!(searched >= 12, "{searched} rulesets searched");
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
    assert!(
        e.contains("domineering") && e.contains("toppling-dominoes"),
        "{e}"
    );
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
fn a_search_runs_past_the_old_node_budget_and_its_time_budget_stops_it() {
    // The empty 6 × 4 board needs more nodes than a budget of 10^5: without
    // `--max-positions` it runs to its end.
    let board = ["search", "connect4", "", "--width", "6", "--height", "4"];
    let v = json(&board);
    assert_eq!(v["score"], -1, "{v}");
    assert!(v["nodes"].as_u64().unwrap() > 100_000, "{v}");
    let e = grundy(&[&board[..], &["--max-positions", "100000"]].concat())
        .failed()
        .to_string();
    assert!(e.contains("position budget of 100000"), "{e}");
    // The empty 7 × 6 board takes far more than 0.2 s: the time budget stops it.
    let e = grundy(&["search", "connect4", "", "--timeout", "0.2"])
        .failed()
        .to_string();
    assert!(e.contains("raise it with --timeout SECONDS"), "{e}");
}

/// The empty 7 × 6 board as README and docs/search.md give it, within the default budgets
/// (in a release build: `cargo test --release -p grundy-cli --test cli_search -- --ignored`).
#[test]
#[ignore = "half a minute in a release build"]
fn the_empty_board_is_solved_as_the_docs_write_it() {
    let v = json(&["search", "connect4", ""]);
    assert_eq!(v["score"], 1, "{v}");
    assert_eq!(v["ends_on_move"], 41, "{v}");
    assert_eq!(v["best_move"], 4, "{v}");
}

#[test]
fn a_table_of_regions_is_written_then_read() {
    let path = catalogue_run::temp_path("search-regions.txt");
    let file = catalogue_run::path_str(&path);
    let board = "....|....|....|....";
    let first = json(&["search", "domineering", board, "--regions", file]);
    assert_eq!(first["regions_loaded"], 0);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("grundy regions 2 Domineering\n"), "{text}");
    let again = json(&["search", "domineering", board, "--regions", file]);
    assert_eq!(again["regions_loaded"], (text.lines().count() - 3) as u64);
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

/// The table of regions the generic search writes for Cram on `board`, at `path`, and the
/// outcome class it answers.
fn cram_table(board: &str, path: &std::path::Path) -> (String, serde_json::Value) {
    let file = catalogue_run::path_str(path);
    let v = json(&["search", "cram", board, "--regions", file]);
    (
        std::fs::read_to_string(path).unwrap(),
        v["outcome_class"].clone(),
    )
}

/// A table is believed only under the key it was written with: the report's attack (a
/// region's value changed, the CRC made to agree), a table of another user's key and a
/// table cut short are refused, each with exit 2 and what to do.
#[test]
fn a_table_of_regions_is_believed_only_under_its_key() {
    let board = "....|....|....";
    let path = catalogue_run::temp_path("cram.regions");
    let file = catalogue_run::path_str(&path);
    let (text, class) = cram_table(board, &path);
    let run = |config: Option<&std::path::Path>| {
        let args = ["search", "cram", board, "--regions", file, "--json"];
        match config {
            None => grundy(&args),
            Some(dir) => catalogue_run::run_in_config(&args, None, dir),
        }
    };
    let lines: Vec<&str> = text.lines().collect();
    let digest = lines[lines.len() - 1];
    let body_end = text.rfind("crc32 ").unwrap();
    let regions = &lines[1..lines.len() - 2];
    assert!(regions.len() > 10, "{text}");
    for line in regions.iter().step_by(regions.len() / 8) {
        let (region, form) = line.split_once('\t').unwrap();
        let flipped = format!("{region}\t{}", if form == "0" { "1" } else { "0" });
        let edited = text[..body_end].replacen(line, &flipped, 1);
        let sum = crc32fast::hash(edited.as_bytes());
        std::fs::write(&path, format!("{edited}crc32 {sum:08x}\n{digest}\n")).unwrap();
        let e = run(None).failed().to_string();
        assert!(e.contains("the digest does not match your key"), "{e}");
        assert!(e.contains("remove the file"), "{e}");
    }
    // Another user's key (another configuration folder): refused, and the file left alone.
    std::fs::write(&path, &text).unwrap();
    let theirs = catalogue_run::temp_folder("their-config");
    let e = run(Some(&theirs)).failed().to_string();
    assert!(e.contains("written under another key"), "{e}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // Cut short: refused.
    std::fs::write(&path, &text[..text.len() - 10]).unwrap();
    let e = run(None).failed().to_string();
    assert!(e.contains("cut short"), "{e}");
    // Written anew where it was removed, it answers as before.
    std::fs::remove_file(&path).unwrap();
    let (again, class_again) = cram_table(board, &path);
    assert_eq!(run(None).json()["regions_loaded"], (lines.len() - 3) as u64);
    assert_eq!((again, class_again), (text, class));
}

#[test]
fn the_key_is_made_in_the_configuration_folder_for_its_owner_alone() {
    use std::os::unix::fs::PermissionsExt;
    let config = catalogue_run::temp_folder("fresh-config");
    let path = catalogue_run::temp_path("fresh.regions");
    let args = [
        "search",
        "cram",
        "...|...",
        "--regions",
        catalogue_run::path_str(&path),
        "--json",
    ];
    catalogue_run::run_in_config(&args, None, &config).json();
    let key = config.join("key");
    let mode = std::fs::metadata(&key).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    // A key others may read is refused, before the search.
    std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o640)).unwrap();
    let e = catalogue_run::run_in_config(&args, None, &config)
        .failed()
        .to_string();
    assert!(e.contains("--regions: ") && e.contains("chmod 600"), "{e}");
    // A configuration folder that cannot be made: refused with the system's reason.
    let e = catalogue_run::run_in_config(&args, None, &key.join("below"))
        .failed()
        .to_string();
    assert!(e.contains("GRUNDY_CONFIG_DIR"), "{e}");
}

#[test]
fn connect_four_boards_up_to_128_bits_are_searched_and_larger_ones_refused() {
    // One column of 100 cells (101 bits): the stones alternate, a draw when it is full.
    let v = json(&["search", "connect4", "", "--width", "1", "--height", "100"]);
    assert_eq!(v["score"], 0, "{v}");
    assert_eq!(v["line"].as_array().unwrap().len(), 100, "{v}");
    // A 10 × 6 board (70 bits) near its end.
    let board = ".....o....|.....ooo..|xo...ooxx.|xx.o.xxoox|oxox.oxoxo|xoxx.oxxox";
    let v = json(&["search", "connect4", board]);
    assert_eq!(v["score"], -5, "{v}");
    let e = grundy(&["search", "connect4", "", "--width", "17", "--height", "7"])
        .failed()
        .to_string();
    assert!(
        e.contains(
            "a 17 × 7 board does not fit in 128 bits (expected (height + 1) × width at most 128"
        ),
        "{e}"
    );
    // Exploring holds a board in 64 bits, and says where larger ones go.
    let e = grundy(&["connect4", "", "--width", "1", "--height", "64"])
        .failed()
        .to_string();
    assert!(
        e.contains("does not fit in 64 bits")
            && e.contains("searching one position takes boards up to 128"),
        "{e}"
    );
}
