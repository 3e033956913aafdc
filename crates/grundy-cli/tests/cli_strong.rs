//! `grundy strong`: strong solutions into files, answers read back from them
//! (`grundy connect4 --solved`, `grundy cards --solved`), a run killed in the middle resumed to the same bytes, and
//! clear errors for damaged files (never an answer from them), old files, and requests too
//! large for the memory.

mod catalogue_run;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use catalogue_run::{grundy, json};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// An empty scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("strong-{name}"));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// Every file of a folder with its bytes, sorted by name, `.partial` files left out.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(name, _)| !name.ends_with(".partial"))
        .map(|(name, path)| (name, fs::read(path).unwrap()))
        .collect();
    all.sort();
    all
}

#[test]
fn solved_boards_answer_as_the_search_does() {
    let dir = scratch("4x4");
    let path = dir.to_str().unwrap();
    let summary = json(&["strong", "connect4", "--width", "4", "--height", "4", path]);
    assert_eq!(summary["game"], "connect4 4x4");
    assert_eq!(summary["start"], "draw");
    assert_eq!(summary["positions"], 201_755);
    let tiers = summary["tiers"].as_array().unwrap();
    assert_eq!(tiers.len(), 17);
    assert_eq!(tiers[16]["wins"], 0, "a full board is never a win to move");
    // Random games: every board on the way, answered from the files and by search.
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..12 {
        let plies = rng.random_range(0..14);
        let mut moves = String::new();
        for _ in 0..plies {
            moves.push(char::from(b'1' + rng.random_range(0..4u8)));
            let searched = grundy(&[
                "connect4", &moves, "--width", "4", "--height", "4", "--json",
            ]);
            if searched.code != 0 {
                moves.pop(); // a full column or a game over: try another move
                continue;
            }
            let searched = searched.json();
            let solved = json(&["connect4", &moves, "--solved", path]);
            for key in [
                "outcome",
                "remoteness",
                "best_moves",
                "winning_moves",
                "board",
            ] {
                assert_eq!(solved[key], searched[key], "{key} after {moves}");
            }
            assert_eq!(solved["positions"], 201_755);
        }
    }
    let checked = json(&["strong", "check", path]);
    assert_eq!(checked["positions"], 201_755);
    let counts = |v: &serde_json::Value| -> Vec<Vec<serde_json::Value>> {
        v["tiers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                ["tier", "positions", "wins", "losses", "draws"]
                    .map(|k| t[k].clone())
                    .to_vec()
            })
            .collect()
    };
    assert_eq!(counts(&checked), counts(&summary));
    // The legal boards of 4 × 4 Connect Four, as Tromp counts them (OEIS A212693).
    let reached = json(&["strong", "check", "--reachable", path]);
    assert_eq!(reached["reachable"], 161_029);
    let tiers = reached["tiers"].as_array().unwrap();
    let total = |key: &str| tiers.iter().map(|t| t[key].as_u64().unwrap()).sum::<u64>();
    assert_eq!(total("reachable"), 161_029);
    assert_eq!(
        ["wins", "losses", "draws"].map(total).iter().sum::<u64>(),
        161_029
    );
    assert_eq!(
        reached["reachable_counts"],
        serde_json::json!(["wins", "losses", "draws"].map(total))
    );
    assert_eq!(reached["reachable_over"].as_u64(), Some(total("over")));
    assert_eq!(tiers[0]["reachable"], 1, "the empty board alone");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_card_game_solved_by_unmoves_answers_as_exploring_does() {
    let dir = scratch("cards");
    let path = dir.to_str().unwrap();
    let summary = json(&["strong", "cards", "--cards", "5", "--modulus", "5", path]);
    assert_eq!(summary["game"], "cards 5 mod 5");
    assert_eq!(summary["positions"], 126 * 126);
    let tier = &summary["tiers"][0];
    let counts = ["wins", "losses", "draws"].map(|k| tier[k].as_u64().unwrap());
    assert_eq!(counts.iter().sum::<u64>(), 126 * 126);
    assert!(counts.iter().all(|&c| c > 0), "{counts:?}");
    let checked = json(&["strong", "check", path]);
    assert_eq!(checked["tiers"][0]["draws"], tier["draws"]);
    let no_start = grundy(&["strong", "check", "--reachable", path]);
    assert!(
        no_start.code == 2 && no_start.stderr.contains("no start to count"),
        "{}",
        no_start.stderr
    );
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..40 {
        let hand = |rng: &mut StdRng| {
            (0..5)
                .map(|_| rng.random_range(0..5).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let (mover, other) = (hand(&mut rng), hand(&mut rng));
        let explored = json(&["cards", &mover, &other]);
        let from_files = json(&["cards", &mover, &other, "--solved", path]);
        for key in ["outcome", "remoteness", "winning_moves", "best_moves"] {
            assert_eq!(explored[key], from_files[key], "{mover} / {other}: {key}");
        }
    }
    // The problem's examples: Bob (to move) wins at once, then only ones (a deal).
    let bob = json(&["cards", "0 0 0 0 4 0 0 0", "0 0 0 1 0 0 0 0"]);
    assert_eq!(
        (&bob["outcome"], &bob["best_moves"][0]["yours"]),
        (&"win".into(), &4.into())
    );
    let deal = json(&["cards", "1 1 1 1 1 1 1 1", "1 1 1 1 1 1 1 1"]);
    assert_eq!(deal["outcome"], "draw");
    let wrong = grundy(&["cards", "1 2 3", "1 2 9"]);
    assert!(
        wrong.code != 0 && wrong.stderr.contains("OTHER: '9'"),
        "{}",
        wrong.stderr
    );
    let wrong = grundy(&["cards", "1 2", "1 2", "--solved", path]);
    assert!(
        wrong.code != 0 && wrong.stderr.contains("cards 5 mod 5"),
        "{}",
        wrong.stderr
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_run_resumes_to_the_same_files() {
    let whole = scratch("whole");
    let whole_path = whole.to_str().unwrap();
    json(&[
        "strong", "connect4", "--width", "5", "--height", "4", whole_path,
    ]);
    let killed = scratch("killed");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "strong",
            "connect4",
            "--width",
            "5",
            "--height",
            "4",
            "--threads",
            "1",
        ])
        .arg(&killed)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Tiers are solved from the last (20) down; the largest are 8 to 12. Kill once tier 14
    // is written, in the middle of the next ones.
    let clock = Instant::now();
    while !killed.join("tier-00014.grundy").exists() {
        assert!(
            clock.elapsed() < Duration::from_secs(120),
            "tier 14 never written"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before tier 14"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !killed.join("tier-00000.grundy").exists(),
        "the run finished before it was killed"
    );
    let again = json(&[
        "strong",
        "connect4",
        "--width",
        "5",
        "--height",
        "4",
        killed.to_str().unwrap(),
    ]);
    let kept = again["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["resumed"] == "yes")
        .count();
    assert!((6..21).contains(&kept), "{kept} tiers kept");
    assert_eq!(files(&killed), files(&whole));
    fs::remove_dir_all(&whole).unwrap();
    fs::remove_dir_all(&killed).unwrap();
}

#[test]
fn damaged_files_and_impossible_requests_are_clear_errors() {
    let dir = scratch("errors");
    let path = dir.to_str().unwrap();
    json(&["strong", "connect4", "--width", "4", "--height", "3", path]);
    // A board of another size.
    let err = grundy(&["connect4", "....|....|....|....", "--solved", path])
        .failed()
        .to_string();
    assert!(
        err.contains("4 × 4") && err.contains("connect4 4x3"),
        "{err}"
    );
    // A damaged tier: check names it, and so does a query that reads it.
    let tier = dir.join("tier-00006.grundy");
    let mut bytes = fs::read(&tier).unwrap();
    let at = bytes.len() - 10;
    bytes[at] ^= 1;
    fs::write(&tier, &bytes).unwrap();
    let err = grundy(&["strong", "check", path]).failed().to_string();
    assert!(
        err.contains("tier-00006.grundy") && err.contains("checksum"),
        "{err}"
    );
    fs::write(&tier, &bytes[..100]).unwrap();
    let err = grundy(&["connect4", "112233", "--solved", path])
        .failed()
        .to_string();
    assert!(
        err.contains("tier-00006.grundy") && err.contains("truncated"),
        "{err}"
    );
    // A folder without a solution, a board too large to rank, a memory limit too small.
    let err = grundy(&["connect4", "", "--solved", "/nonexistent/grundy"])
        .failed()
        .to_string();
    assert!(err.contains("/nonexistent/grundy/manifest.json"), "{err}");
    assert_eq!(err.matches("No such file").count(), 1, "said once: {err}");
    let err = grundy(&["strong", "check", "/nonexistent/grundy"])
        .failed()
        .to_string();
    assert!(err.contains("/nonexistent/grundy/manifest.json"), "{err}");
    let run = grundy(&[
        "strong",
        "connect4",
        "/nonexistent/grundy",
        "--threads",
        "0",
    ]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--threads"), "{}", run.stderr);
    let other = scratch("other");
    let other_path = other.to_str().unwrap();
    let err = grundy(&[
        "strong", "connect4", "--width", "8", "--height", "7", other_path,
    ])
    .failed()
    .to_string();
    assert!(
        err.contains("--width and --height") && err.contains("column shapes"),
        "{err}"
    );
    let err = grundy(&[
        "strong", "connect4", "--width", "5", "--height", "4", other_path, "--memory", "1M",
    ])
    .failed()
    .to_string();
    assert!(err.contains("--memory") && err.contains("1048576"), "{err}");
    let err = grundy(&[
        "strong", "connect4", "--width", "5", "--height", "4", other_path, "--memory", "lots",
    ])
    .failed()
    .to_string();
    assert!(err.contains("--memory: 'lots'"), "{err}");
    // The same folder for another board.
    let err = grundy(&["strong", "connect4", "--width", "3", "--height", "4", path])
        .failed()
        .to_string();
    assert!(
        err.contains("connect4 4x3") && err.contains("connect4 3x4"),
        "{err}"
    );
    fs::remove_dir_all(&dir).unwrap();
    let _ = fs::remove_dir_all(&other);
}

#[test]
fn a_flipped_byte_is_an_error_never_an_answer() {
    let dir = scratch("flipped");
    let path = dir.to_str().unwrap();
    json(&["strong", "connect4", "--width", "4", "--height", "3", path]);
    let empty = json(&["connect4", "", "--solved", path]);
    assert_eq!(empty["outcome"], "draw");
    // The empty board's value is in tier 0, its moves' in tier 1: each byte of tier 0's file
    // flipped, and a sample of tier 1's, the query fails naming the file, with exit code 2.
    let mut rng = StdRng::seed_from_u64(11);
    for tier in ["tier-00000.grundy", "tier-00001.grundy"] {
        let file = dir.join(tier);
        let good = fs::read(&file).unwrap();
        let step = good.len() / 40 + 1;
        for at in (0..good.len()).step_by(step).chain([good.len() - 1]) {
            let mut bytes = good.clone();
            bytes[at] ^= rng.random_range(1..=255u8);
            fs::write(&file, &bytes).unwrap();
            let err = grundy(&["connect4", "", "--solved", path])
                .failed()
                .to_string();
            assert!(err.contains(file.to_str().unwrap()), "byte {at}: {err}");
        }
        fs::write(&file, &good).unwrap();
    }
    // Checked, named, and rebuilt by deleting the file and solving again.
    let file = dir.join("tier-00001.grundy");
    let good = fs::read(&file).unwrap();
    let mut bytes = good.clone();
    let at = bytes.len() - 6; // in the last block
    bytes[at] ^= 4;
    fs::write(&file, &bytes).unwrap();
    let err = grundy(&["strong", "check", path]).failed().to_string();
    assert!(
        err.contains("tier-00001.grundy")
            && err.contains("checksum")
            && err.contains(&format!(
                "`grundy strong connect4 --width 4 --height 3 {path}` again"
            )),
        "{err}"
    );
    fs::remove_file(&file).unwrap();
    let again = json(&["strong", "connect4", "--width", "4", "--height", "3", path]);
    let redone: Vec<_> = again["tiers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["resumed"] == "no")
        .map(|t| t["tier"].clone())
        .collect();
    assert_eq!(redone, [1]);
    assert_eq!(fs::read(&file).unwrap(), good);
    assert_eq!(json(&["connect4", "", "--solved", path]), empty);
    // A solution written by an older version: refused, with how to rebuild it.
    let manifest = dir.join("manifest.json");
    let text = fs::read_to_string(&manifest).unwrap();
    fs::write(&manifest, text.replace("\"format\": 3", "\"format\": 2")).unwrap();
    for args in [
        &["connect4", "", "--solved", path][..],
        &["strong", "check", path],
        &["strong", "connect4", "--width", "4", "--height", "3", path],
    ] {
        let err = grundy(args).failed().to_string();
        assert!(
            err.contains("manifest.json")
                && err.contains("older version of grundy")
                && err.contains("fresh folder"),
            "{args:?}: {err}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn seven_by_six_is_refused_at_once_by_the_memory_budget() {
    let dir = scratch("seven-by-six");
    let path = dir.to_str().unwrap();
    let seven_by_six = ["strong", "connect4", "--width", "7", "--height", "6", path];
    // An explicit budget.
    let err = grundy(&[&seven_by_six[..], &["--memory", "1M"]].concat())
        .failed()
        .to_string();
    assert!(
        err.contains("1048576") && err.contains("--memory SIZE"),
        "{err}"
    );
    // The default: 3/4 of the address space a limit of 4 GiB leaves (the machine's memory
    // would be the bound without it).
    let clock = Instant::now();
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command.args(seven_by_six);
    catalogue_run::limit_memory(&mut command, 4 << 30, false);
    let out = command.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(
        stderr.starts_with("grundy: error: tier ")
            && stderr.contains(&format!("memory budget of {} bytes", 3u64 << 30))
            && stderr.contains("--memory SIZE")
            && stderr.contains("default budget"),
        "{stderr}"
    );
    assert!(
        clock.elapsed() < Duration::from_secs(20),
        "{:?}",
        clock.elapsed()
    );
    // Nothing solved, allocated or written: not even the folder.
    assert!(!dir.exists(), "{}", dir.display());
}

/// What a solution cannot answer is said, never guessed: the remoteness of a solution that
/// keeps outcomes only, the reachable positions of an endgame solved alone (it has no
/// start), a folder with no name, and a pipe in place of a file (which would block a read).
#[test]
fn what_a_solution_cannot_answer_is_said() {
    let dir = scratch("outcomes-only");
    let path = dir.to_str().unwrap();
    grundy(&["strong", "tic-tac-toe", "--outcomes-only", path]).ok();
    let answer = grundy(&["tic-tac-toe", "--solved", path, "xx.|oo.|..."]);
    let text = answer.ok();
    assert!(
        text.starts_with("win")
            && text.contains("remoteness: unknown (the solution keeps outcomes only)"),
        "{text}"
    );
    let endgame = scratch("endgame-3");
    let endgame_path = endgame.to_str().unwrap();
    let run = grundy(&[
        "strong",
        "morris",
        "--men",
        "5",
        "--endgame",
        "3",
        endgame_path,
    ]);
    let solved = run.ok();
    // An endgame has no start: its first board is named for what it is.
    assert!(
        solved.contains("\nfirst board: ") && !solved.contains("\nstart: "),
        "{solved}"
    );
    let refused = grundy(&["strong", "check", "--reachable", endgame_path]);
    assert!(
        refused.code == 2 && refused.stderr.contains("no start to count"),
        "{}",
        refused.stderr
    );
    let unnamed = grundy(&["strong", "tic-tac-toe", ""]);
    assert!(
        unnamed.code == 2 && unnamed.stderr.contains("the folder's name is empty"),
        "{}",
        unnamed.stderr
    );
    let tier = dir.join("tier-00005.grundy");
    fs::remove_file(&tier).unwrap();
    let made = Command::new("mkfifo").arg(&tier).status();
    if made.is_ok_and(|s| s.success()) {
        for args in [
            &["strong", "check", path][..],
            &["tic-tac-toe", "--solved", path, "xx.|oo.|..."],
        ] {
            let run = grundy(args);
            assert!(
                run.code == 2 && run.stderr.contains("not a regular file"),
                "{args:?}: {}",
                run.stderr
            );
        }
    }
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&endgame).unwrap();
}
