//! `grundy play`: whole games through a pipe, and one through a pseudo-terminal.

mod catalogue_run;

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

use catalogue_run::{grundy, path_str, run_with_input, temp_file};

/// The lines of a game played with `moves` on standard input.
fn play(args: &[&str], moves: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    run_with_input(&all, Some(moves)).ok().to_string()
}

#[test]
fn the_engine_wins_nim_after_a_mistake_and_the_review_names_it() {
    let out = play(&["nim", "1", "2"], "0 2\n");
    assert!(out.contains("(That move throws away a win.)"), "{out}");
    assert!(out.contains("The engine plays 1: pile 2: 2 -> 0."), "{out}");
    assert!(out.contains("Game over. The engine wins."), "{out}");
    assert!(
        out.contains("move 1 (You): pile 1: 1 -> 0 threw away a win (better: pile 2: 2 -> 1)"),
        "{out}"
    );
    assert!(!out.contains('\x1b'), "no colour through a pipe: {out}");
}

#[test]
fn a_player_who_plays_well_beats_the_engine() {
    // From 1 2 the winning move leaves 1 1; the engine then takes one, the player the last.
    let out = play(&["nim", "1", "2"], "3\n1\n");
    assert!(out.contains("Game over. You win."), "{out}");
    assert!(out.contains("no move threw a win or a draw away"), "{out}");
}

#[test]
fn hints_list_every_move_with_its_outcome_and_mark_mistakes() {
    let out = play(&["subtraction:1,3,4", "7", "--first", "me"], "hint\nquit\n");
    // 7 is a loss in the take-1,3,4 game (values 0 1 0 1 2 3 2 0): every move is a win for
    // the opponent... so none is a mistake, and the slowest loss is starred.
    assert!(out.contains("Hint: loss in"), "{out}");
    assert!(out.contains("pile 1: 7 -> 6"), "{out}");
    assert!(!out.contains("(mistake)"), "{out}");
    let out = play(&["subtraction:1,3,4", "6"], "hint\nquit\n");
    assert!(out.contains("Hint: win in"), "{out}");
    assert!(out.contains("(mistake)"), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with('*')).count(),
        1,
        "{out}"
    );
}

#[test]
fn a_pile_of_ten_to_the_eighteenth_is_played_by_the_formula() {
    let out = play(&["nim", "1000000000000000000 5 7"], "hint\n123 5 7\nquit\n");
    // The winning move leaves 2 5 7 (XOR 0), listed among a few others, starred.
    assert!(
        out.contains(
            "*  15  pile 1: 1000000000000000000 -> 2 (take 999999999999999998) win, value 0"
        ),
        "{out}"
    );
    assert!(
        out.contains("... and more moves: type the position"),
        "{out}"
    );
    // A move typed as its position, though not listed; the engine answers with a win.
    assert!(out.contains("(That move throws away a win.)"), "{out}");
    assert!(out.contains("Position: 123 5 7"), "{out}");
    assert!(out.contains("The engine plays"), "{out}");
    assert!(
        out.contains("move 1 (You): pile 1: 1000000000000000000 -> 123 (take 999999999999999877) threw away a win"),
        "{out}"
    );
}

#[test]
fn undo_takes_back_the_move_and_the_engines_reply() {
    let out = play(&["nim", "2", "2"], "1 2\nundo\nundo\nshow\nquit\n");
    assert!(out.contains("Took back 2 move(s)."), "{out}");
    assert!(out.contains("Nothing to undo."), "{out}");
    assert_eq!(out.matches("Position: 2 2").count(), 3, "{out}");
}

#[test]
fn the_engine_can_start_and_two_people_can_play_with_hints() {
    let out = play(&["wythoff", "2", "3", "--first", "engine"], "");
    assert!(out.contains("The engine plays 4: pile 2: 3 -> 1."), "{out}");
    let out = play(&["--hints", "fibonacci", "3"], "1\n1\n1\n");
    assert!(out.contains("Player 1 to move:"), "{out}");
    assert!(out.contains("Player 2 to move:"), "{out}");
    assert!(out.contains("Game over. Player 1 wins."), "{out}");
    assert!(!out.contains("engine"), "{out}");
}

#[test]
fn a_loopy_graph_announces_its_draws_and_ends_on_repetition() {
    let graph = temp_file(
        "play-loopy.game",
        "start c\nstart w\nc d\nd c\nc w\nd w\nw end\n",
    );
    let out = play(
        &["--graph", path_str(&graph), "--start", "start"],
        "c\nc\nc\nc\n",
    );
    assert!(out.contains("a draw with best play"), "{out}");
    assert!(
        out.contains("The position has come back 3 times: a draw."),
        "{out}"
    );
}

#[test]
fn every_game_of_the_list_plays_to_the_end_against_itself() {
    // The engine moving first against an empty input: it moves once, the input ends.
    for game in grundy::games::registry::playables() {
        let out = play(&[game.example, "--first", "engine"], "");
        assert!(out.contains("The engine plays"), "{}: {out}", game.example);
    }
}

#[test]
fn bad_games_and_moves_are_reported() {
    let err = grundy(&["play", "chess", "1"]).failed().to_string();
    assert!(err.contains("unknown game 'chess'"), "{err}");
    let err = grundy(&["play", "squares", "100", "100", "100", "--limit", "1000"])
        .failed()
        .to_string();
    assert!(err.contains("more than 1000 positions"), "{err}");
    let out = play(&["nim", "3"], "9\nbanana\nquit\n");
    assert_eq!(out.matches("is not a move here").count(), 2, "{out}");
}

/// A pseudo-terminal pair (controller, terminal) from `openpty`.
fn pty() -> (File, OwnedFd) {
    let (mut controller, mut terminal) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the integers it is given; the null
    // pointers ask for no name and default settings.
    let rc = unsafe {
        libc::openpty(
            &mut controller,
            &mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here only.
    unsafe {
        (
            File::from_raw_fd(controller),
            OwnedFd::from_raw_fd(terminal),
        )
    }
}

#[test]
fn on_a_terminal_outcomes_are_in_colour() {
    let (mut controller, terminal) = pty();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["play", "nim", "1", "2"])
        .env_remove("NO_COLOR")
        .stdin(Stdio::from(terminal.try_clone().unwrap()))
        .stdout(Stdio::from(terminal.try_clone().unwrap()))
        .stderr(Stdio::from(terminal))
        .spawn()
        .unwrap();
    controller.write_all(b"hint\n3\n1\n").unwrap();
    let mut out = Vec::new();
    let mut chunk = [0u8; 4096];
    // Reads until the child closes its end (EIO on Linux once no process holds the terminal).
    while let Ok(n) = controller.read(&mut chunk) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&chunk[..n]);
        if String::from_utf8_lossy(&out).contains("Review:") {
            break;
        }
    }
    assert!(child.wait().unwrap().success());
    let out = String::from_utf8_lossy(&out);
    assert!(out.contains("\x1b[32mwin in 3\x1b[0m"), "{out}");
    assert!(out.contains("Game over. You win."), "{out}");
}

#[test]
fn domineering_is_played_on_a_grid_with_moves_named_by_their_cells() {
    // ..|.. is ±1: Left, moving first, wins with either domino; the engine (Right) then has
    // no room.
    let out = play(&["domineering", "..|.."], "hint\n(1,1)-(2,1)\n");
    assert!(
        out.contains("Domineering. Type a move's number, the move as listed"),
        "{out}"
    );
    assert!(
        out.contains("       1 2\n    1  . .\n    2  . .\n  (Left to move)"),
        "{out}"
    );
    assert!(
        out.contains("Canonical form +-1, outcome class N (the first player wins), temperature 1."),
        "{out}"
    );
    assert!(out.contains("*   1  (1,1)-(2,1)"), "{out}");
    assert!(out.contains("win in 1, canonical form 1"), "{out}");
    assert!(out.contains("Position: #.|#. right"), "{out}");
    assert!(out.contains("Game over. You win."), "{out}");
    // The engine moving first, as Left, wins; Right to move first loses.
    let out = play(&["domineering", "...|...|..#", "--first", "engine"], "");
    assert!(out.contains("The engine plays 2: (1,2)-(2,2)."), "{out}");
    let out = play(
        &["--hints", "hackenbush", "lr", "right"],
        "edge 2\nshow\n1\n",
    );
    assert!(out.contains("edge 2   1-2  red (Right's)"), "{out}");
    assert!(out.contains("Game over. Player 2 wins."), "{out}");
}
