//! Tables of regions (`partizan::region_table`): a table written and read back answers the
//! same; a table is believed only under the key it was signed with, so an edit with its CRC
//! recomputed, another user's table and a truncated one are refused; the sample catches a
//! table signed with the key but written with other rules; the key's file is made once,
//! readable by its owner alone.

use std::ffi::OsString;
use std::path::PathBuf;

use grundy::budget::Budget;
use grundy::partizan::region_table::{self, Key, KeyError, RegionTableError, KEY_FILE};
use grundy::partizan::rulesets::domineering::{Board, Domineering};
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::search::{PositionSearch, RulesetSearch, SearchOptions};
use grundy::partizan::{GameStore, Side};
use grundy::progress::NoProgress;
use grundy::search::solver::Options;

const KEY: [u8; 32] = [7; 32];

/// A search of Domineering's boards by the generic search, on `threads` threads.
fn searcher(threads: usize) -> RulesetSearch<Domineering> {
    let options = SearchOptions {
        search: Options {
            threads,
            ..Options::default()
        },
        ..SearchOptions::default()
    };
    RulesetSearch::new(Domineering, options, &Budget::default()).unwrap()
}

/// Whether Left moving first wins on `board` for `search`.
fn left_wins(search: &mut RulesetSearch<Domineering>, board: &Board) -> bool {
    let budget = Budget::default();
    search
        .search(board, Side::Left, &budget, &NoProgress)
        .unwrap()
        .wins
}

/// The table of a search of the 4 × 5 board, signed with [`KEY`], and the answer.
fn table() -> (String, bool) {
    let mut first = searcher(1);
    let wins = left_wins(&mut first, &Board::empty(4, 5).unwrap());
    (first.save_regions(&Key::from_bytes(KEY)).unwrap(), wins)
}

/// What loading `text` under `key` into a fresh search says, as a refusal's message.
fn refusal(text: &str, key: [u8; 32]) -> String {
    match searcher(1).load_regions(text, "t.regions", &Key::from_bytes(key)) {
        Err(e @ RegionTableError::Invalid { .. }) => e.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The header and lines of a table, without its checksum's and digest's lines.
fn body(text: &str) -> &str {
    &text[..text.rfind("crc32 ").unwrap()]
}

#[test]
fn a_table_written_then_read_answers_the_same_on_every_thread() {
    let (text, wins) = table();
    assert!(text.starts_with("grundy regions 2 Domineering\n"), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[lines.len() - 2].starts_with("crc32 "), "{text}");
    assert!(lines[lines.len() - 1].starts_with("hmac-sha256 "), "{text}");
    let regions = lines.len() - 3;
    assert!(regions > 10, "{text}");
    let key = Key::from_bytes(KEY);
    for threads in [1, 2] {
        let mut second = searcher(threads);
        assert_eq!(
            second.load_regions(&text, "t.regions", &key).unwrap(),
            regions
        );
        assert_eq!(second.regions_valued(), regions);
        assert_eq!(left_wins(&mut second, &Board::empty(4, 5).unwrap()), wins);
        let saved = second.save_regions(&key).unwrap();
        if threads == 1 {
            assert_eq!(saved, text, "nothing new to value");
        } else {
            // Two threads search other positions too, and may value regions the first did not.
            let kept: Vec<&str> = saved.lines().collect();
            assert!(lines[1..regions + 1].iter().all(|l| kept.contains(l)));
        }
    }
    // A table written without its last newline is whole all the same.
    assert!(searcher(1)
        .load_regions(text.trim_end(), "t.regions", &key)
        .is_ok());
}

/// The attack of the report that asked for the digest: a region's value changed and the
/// CRC made to agree. The CRC alone believed it, and an answer changed; the digest refuses it.
#[test]
fn a_table_edited_with_its_checksum_recomputed_is_refused() {
    let (text, _) = table();
    let body = body(&text);
    let digest = text.lines().last().unwrap();
    for line in body.lines().skip(1).step_by(7) {
        let (region, form) = line.split_once('\t').unwrap();
        let flipped = format!("{region}\t{}", if form == "1" { "-1" } else { "1" });
        let edited = body.replacen(line, &flipped, 1);
        let sum = crc32fast::hash(edited.as_bytes());
        let forged = format!("{edited}crc32 {sum:08x}\n{digest}\n");
        let e = refusal(&forged, KEY);
        let last = forged.lines().count();
        assert!(
            e.starts_with(&format!(
                "t.regions:{last}:13: the digest does not match your key"
            )),
            "{e}"
        );
        // Without the CRC made to agree, it is damage, and said so.
        let damaged = text.replacen(line, &flipped, 1);
        let e = refusal(&damaged, KEY);
        assert!(e.contains("the file is damaged"), "{e}");
    }
}

#[test]
fn a_table_signed_with_another_key_is_refused() {
    let (text, _) = table();
    let mut other = KEY;
    other[31] ^= 1;
    let e = refusal(&text, other);
    assert!(e.contains("written under another key"), "{e}");
    assert!(e.contains("remove the file"), "{e}");
}

#[test]
fn a_truncated_table_is_refused() {
    let (text, _) = table();
    let digest_line = text.trim_end().rfind('\n').unwrap() + 1;
    for cut in [
        0,
        1,
        text.len() / 2,
        digest_line,
        digest_line + 20,
        text.len() - 2,
    ] {
        let e = refusal(&text[..cut], KEY);
        assert!(e.starts_with("t.regions:"), "cut at {cut}: {e}");
        assert!(
            e.contains("cut short") || e.contains("not a table of regions"),
            "cut at {cut}: {e}"
        );
    }
}

#[test]
fn a_table_of_the_format_without_a_digest_is_refused_saying_so() {
    let (text, _) = table();
    let old = body(&text).replacen("regions 2", "regions 1", 1);
    let sum = crc32fast::hash(old.as_bytes());
    let e = refusal(&format!("{old}crc32 {sum:08x}\n"), KEY);
    assert!(
        e.starts_with("t.regions:1:16: a table of format 1, which this build does not read"),
        "{e}"
    );
    let e = refusal("", KEY);
    assert!(
        e.starts_with("t.regions:1:1: not a table of regions"),
        "{e}"
    );
}

/// Tables signed with the key but wrong inside, as a build with other rules or notation
/// would write them: each refused with its line and column.
#[test]
fn a_signed_table_is_still_read_strictly() {
    let (text, _) = table();
    let key = Key::from_bytes(KEY);
    let body = body(&text);
    let signed = |body: String| region_table::sign(body, &key);
    let first_line = body.lines().nth(1).unwrap();
    let (region, _) = first_line.split_once('\t').unwrap();
    // The first region's value changed: the sample, valued from the options, catches it.
    let e = refusal(
        &signed(body.replacen(first_line, &format!("{region}\t17"), 1)),
        KEY,
    );
    assert!(
        e.starts_with("t.regions:2:1: the region's value is") && e.contains("not 17"),
        "{e}"
    );
    let e = refusal(&signed(body.replacen("Domineering", "Cram", 1)), KEY);
    assert!(e.starts_with("t.regions:1:1: expected the header"), "{e}");
    let e = refusal(&signed(body.replacen(first_line, "..#..\t0", 1)), KEY);
    assert!(e.contains("not one normalised region"), "{e}");
    let e = refusal(
        &signed(body.replacen(first_line, &format!("{region}\t{{1|"), 1)),
        KEY,
    );
    assert!(
        e.starts_with("t.regions:2:") && !e.contains("column"),
        "{e}"
    );
    let e = refusal(&signed(body.replacen(first_line, "..x\t0", 1)), KEY);
    assert!(e.starts_with("t.regions:2:3:"), "{e}");
}

/// A table of regions whose values an evaluator was told rather than found, as a table
/// written with other rules holds: refused when a region of the sample is wrong, whichever.
#[test]
fn the_sample_checks_regions_from_their_options_values() {
    let rules = Domineering;
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(rules);
    let board = Board::empty(3, 4).unwrap();
    evaluator.value(&mut store, &board).unwrap();
    let mut valued: Vec<(String, String)> = evaluator
        .valued()
        .map(|(p, v)| (rules.show(p), store.display(v)))
        .collect();
    valued.sort();
    assert!(valued.len() > region_table::SPOT_EVERY, "{}", valued.len());
    let key = Key::from_bytes(KEY);
    // The 65th region (sorted), the second of the sample, told a value one more than its own.
    let (wrong, _) = &valued[region_table::SPOT_EVERY];
    let mut told = Evaluator::new(rules);
    for (region, form) in &valued {
        let p = rules.parse(region).unwrap();
        let v = store.parse(form).unwrap();
        let v = if region == wrong {
            let one = store.parse("1").unwrap();
            store.sum(v, one).unwrap()
        } else {
            v
        };
        told.remember(p, v);
    }
    let text = region_table::save([(&told, &mut store)], &key).unwrap();
    let e = refusal(&text, KEY);
    assert!(
        e.starts_with(&format!(
            "t.regions:{}:1: the region's value is",
            region_table::SPOT_EVERY + 2
        )),
        "{e}"
    );
}

/// A folder of this test's own, inside the target folder, empty.
fn folder(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("partizan_region_table")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_key_is_made_once_and_readable_by_its_owner_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder("made").join("grundy");
    let key = Key::find_or_make(&dir).unwrap();
    let path = dir.join(KEY_FILE);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o600, "{mode:o}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.len() == 65 && text.trim_end().bytes().all(|b| b.is_ascii_hexdigit()),
        "{text}"
    );
    assert_eq!(
        Key::find_or_make(&dir).unwrap(),
        key,
        "read, not made again"
    );
    // A table signed under it is read under it, and refused under a key made elsewhere.
    let (text, _) = table();
    let body = body(&text).to_string();
    let ours = region_table::sign(body.clone(), &key);
    assert!(searcher(1).load_regions(&ours, "t", &key).is_ok());
    let theirs = Key::find_or_make(&folder("theirs")).unwrap();
    assert_ne!(theirs, key);
    assert!(searcher(1).load_regions(&ours, "t", &theirs).is_err());

    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let e = Key::find_or_make(&dir).unwrap_err();
    assert!(matches!(e, KeyError::Exposed { mode: 0o644, .. }), "{e}");
    assert!(e.to_string().contains("chmod 600"), "{e}");
    std::fs::write(&path, "not a key\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let e = Key::find_or_make(&dir).unwrap_err();
    assert!(matches!(e, KeyError::Malformed { .. }), "{e}");
}

#[test]
fn threads_making_the_key_at_once_agree_on_one() {
    let dir = folder("race");
    let keys: Vec<Key> = std::thread::scope(|s| {
        let made: Vec<_> = (0..4)
            .map(|_| s.spawn(|| Key::find_or_make(&dir).unwrap()))
            .collect();
        made.into_iter().map(|t| t.join().unwrap()).collect()
    });
    assert!(keys.windows(2).all(|w| w[0] == w[1]));
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(files, 1, "only the key is left");
}

#[test]
fn the_key_folder_is_found_from_the_variables_given() {
    let vars = |set: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            set.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| OsString::from(v))
        }
    };
    let found = |set| region_table::key_folder(vars(set)).ok();
    assert_eq!(
        found(&[
            ("GRUNDY_CONFIG_DIR", "/a"),
            ("XDG_CONFIG_HOME", "/b"),
            ("HOME", "/c")
        ]),
        Some(PathBuf::from("/a"))
    );
    assert_eq!(
        found(&[("XDG_CONFIG_HOME", "/b"), ("HOME", "/c")]),
        Some(PathBuf::from("/b/grundy"))
    );
    // A relative XDG_CONFIG_HOME is ignored, as the XDG base directories say; so is an empty one.
    assert_eq!(
        found(&[("XDG_CONFIG_HOME", "b"), ("HOME", "/c")]),
        Some(PathBuf::from("/c/.config/grundy"))
    );
    assert_eq!(
        found(&[("GRUNDY_CONFIG_DIR", ""), ("HOME", "/c")]),
        Some(PathBuf::from("/c/.config/grundy"))
    );
    let e = region_table::key_folder(vars(&[])).unwrap_err();
    assert!(e.to_string().contains("GRUNDY_CONFIG_DIR"), "{e}");
}

/// A table is held under the store's budget as it is read, and reading it stops when the
/// budget is cancelled.
#[test]
fn a_table_is_read_within_the_budget() {
    use grundy::budget::Cancel;
    use grundy::partizan::ValueError;
    let (text, _) = table();
    let key = Key::from_bytes(KEY);
    let cancel = Cancel::new();
    cancel.cancel();
    for budget in [
        Budget::default().with_memory(16 << 10),
        Budget::default().with_cancel(cancel),
    ] {
        let mut evaluator = Evaluator::new(Domineering);
        let mut store = GameStore::with_budget(budget);
        let read = region_table::load([(&mut evaluator, &mut store)], &text, "t", &key);
        assert!(
            matches!(read, Err(RegionTableError::Value(ValueError::Budget(_)))),
            "{read:?}"
        );
    }
    let mut evaluator = Evaluator::new(Domineering);
    let mut store = GameStore::with_budget(Budget::default().with_memory(64 << 20));
    let read = region_table::load([(&mut evaluator, &mut store)], &text, "t", &key);
    assert_eq!(read.unwrap(), text.lines().count() - 3);
}
