//! `grundy play`: whole games through a pipe and through a pseudo-terminal: the moves
//! numbered at every turn, outcomes only on request, the lines read echoed through a pipe,
//! undo, unknown games, the games of `--help` against the registry, and the JSON transcript
//! against the solver.

mod catalogue_run;

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

use catalogue_run::{grundy, json, path_str, run_with_input, temp_file, Run};
use grundy_catalogue::games::registry;
use serde_json::Value;

/// The lines of a game played with `moves` on standard input (a pipe).
fn play(args: &[&str], moves: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    run_with_input(&all, Some(moves)).ok().to_string()
}

/// How a game's input and output reach it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Via {
    /// Pipes: the lines read are echoed by `grundy play` itself.
    Pipe,
    /// A pseudo-terminal, which echoes what is typed.
    Terminal,
}

/// Both ways.
const BOTH: [Via; 2] = [Via::Pipe, Via::Terminal];

/// What a game played with `moves` typed writes, through pipes or on a terminal (without the
/// terminal's own echo of what was typed, and with its line ends as `\n`).
fn play_via(via: Via, args: &[&str], moves: &str) -> String {
    match via {
        Via::Pipe => play(args, moves),
        Via::Terminal => {
            let mut all = vec!["play"];
            all.extend_from_slice(args);
            let run = on_terminal(&all, moves, false);
            assert_eq!(run.code, 0, "{}", run.stdout);
            run.stdout
        }
    }
}

/// A pseudo-terminal pair (controller, terminal) from `openpty`, neither inherited by the
/// processes other tests start meanwhile.
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
    let (controller, terminal) = unsafe {
        (
            File::from_raw_fd(controller),
            OwnedFd::from_raw_fd(terminal),
        )
    };
    for fd in [controller.as_raw_fd(), terminal.as_raw_fd()] {
        // SAFETY: fcntl on a descriptor owned here.
        assert_eq!(
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) },
            0
        );
    }
    (controller, terminal)
}

/// `grundy ARGS...` with standard input and standard error on a pseudo-terminal, `typed`
/// typed before it starts (the terminal's echo of it is read first, so that it is not mixed
/// with the output), and standard output on the terminal too, or on a pipe where
/// `stdout_piped`. Returns the exit code, the terminal's screen after the echo (as `stdout`,
/// line ends as `\n`) and what the pipe read (as `stderr`, empty without a pipe).
fn on_terminal(args: &[&str], typed: &str, stdout_piped: bool) -> Run {
    let (mut controller, terminal) = pty();
    controller.write_all(typed.as_bytes()).unwrap();
    let echo = typed.replace('\n', "\r\n");
    let mut screen = Vec::new();
    let mut chunk = [0u8; 4096];
    while screen.len() < echo.len() {
        let n = controller.read(&mut chunk).unwrap();
        screen.extend_from_slice(&chunk[..n]);
    }
    assert_eq!(
        String::from_utf8_lossy(&screen),
        echo,
        "the terminal's echo"
    );
    screen.clear();
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::from(terminal.try_clone().unwrap()))
        .stderr(Stdio::from(terminal.try_clone().unwrap()))
        .stdout(match stdout_piped {
            true => Stdio::piped(),
            false => Stdio::from(terminal.try_clone().unwrap()),
        });
    let mut child = command.spawn().unwrap();
    drop(command);
    let piped = child.stdout.take().map(|mut out| {
        std::thread::spawn(move || {
            let mut text = String::new();
            out.read_to_string(&mut text).unwrap();
            text
        })
    });
    // The terminal stays open here until the end: Linux hands what the child wrote to the
    // controller through a work queue, and once every copy of the terminal is closed a read
    // may fail (EIO) before the last of it has arrived. So the screen is read until the
    // child has exited and then nothing more has come for a while.
    let mut exited = false;
    let mut quiet = 0;
    while quiet < 4 {
        let mut poll = libc::pollfd {
            fd: controller.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one pollfd, owned here, for a descriptor owned here.
        let ready = unsafe { libc::poll(&mut poll, 1, 50) };
        if ready > 0 {
            let n = controller.read(&mut chunk).unwrap();
            screen.extend_from_slice(&chunk[..n]);
            quiet = 0;
        } else if exited {
            quiet += 1;
        } else {
            exited = child.try_wait().unwrap().is_some();
        }
    }
    drop(terminal);
    let code = child.wait().unwrap().code().expect("an exit code");
    let screen = String::from_utf8(screen).unwrap().replace("\r\n", "\n");
    assert!(!screen.contains("panicked"), "{screen}");
    Run {
        code,
        stdout: screen,
        stderr: piped.map_or(String::new(), |t| t.join().unwrap()),
    }
}

/// `text` without its colours.
fn plain(text: &str) -> String {
    let mut parts = text.split("\x1b[");
    let mut plain = parts.next().unwrap_or("").to_string();
    for part in parts {
        plain += part.split_once('m').map_or(part, |(_, rest)| rest);
    }
    plain
}

/// The words that tell an outcome, which only `hint` (and the end of the game) may write.
const OUTCOME_WORDS: [&str; 8] = [
    "win",
    "wins",
    "loss",
    "draw",
    "mistake",
    "value",
    "remoteness",
    "throws",
];

/// The outcome words and stars in `text`.
fn outcome_words(text: &str) -> Vec<&str> {
    let words = text.split(|c: char| !c.is_alphanumeric());
    let mut found: Vec<&str> = words.filter(|w| OUTCOME_WORDS.contains(w)).collect();
    // The marks of the engine's move open a line of the hint's list (`* 1  to c`); a star
    // inside a move's name is no mark (Dōbutsu Shōgi's drop, `C*a2`).
    let marks = text.lines().map(str::trim_start);
    found.extend(marks.filter_map(|l| ["*", "★"].into_iter().find(|m| l.starts_with(m))));
    found
}

/// The cells of a line of columns: its words between runs of two spaces or more, each with
/// the column it starts at.
fn cells(line: &str) -> Vec<(usize, &str)> {
    let mut cells = Vec::new();
    let mut start = None;
    let bytes = line.as_bytes();
    for i in 0..=bytes.len() {
        let gap = i == bytes.len() || (bytes[i] == b' ' && bytes.get(i + 1) == Some(&b' '));
        match (start, gap) {
            (None, false) if bytes[i] != b' ' => start = Some(i),
            (Some(s), true) => {
                cells.push((s, line[s..i].trim_end()));
                start = None;
            }
            _ => {}
        }
    }
    cells
}

/// Every list of moves in `out` (the lines under `Moves:`), each as its (number, move) pairs
/// in the order of their numbers.
fn move_lists(out: &str) -> Vec<Vec<(usize, String)>> {
    let mut lists = Vec::new();
    let mut lines = out.lines().peekable();
    while let Some(line) = lines.next() {
        if line != "Moves:" {
            continue;
        }
        let mut list = Vec::new();
        while let Some(row) = lines.next_if(|l| l.starts_with("  ") && !l.starts_with("  ...")) {
            let row = cells(row);
            for pair in row.chunks(2) {
                list.push((pair[0].1.parse().expect("a number"), pair[1].1.to_string()));
            }
        }
        list.sort();
        lists.push(list);
    }
    lists
}

#[test]
fn the_moves_are_numbered_at_every_turn_and_no_outcome_shows_without_hint() {
    for game in registry::playables() {
        for via in BOTH {
            let out = play_via(via, &[game.example()], "1\n1\n1\nshow\nquit\n");
            let what = format!("{} via {via:?}: {out}", game.example());
            // Each turn of the player's comes after its position and its moves, numbered
            // from 1: after each move the engine answers, and `show` shows them again.
            let turns = out.matches("You to move: ").count();
            let lists = move_lists(&out);
            assert_eq!(lists.len(), turns, "{what}");
            for list in &lists {
                let numbers: Vec<usize> = list.iter().map(|(n, _)| *n).collect();
                assert_eq!(numbers, (1..=list.len()).collect::<Vec<_>>(), "{what}");
            }
            let play = out.split("Review:").next().unwrap();
            let play = play.split("Game over.").next().unwrap();
            assert_eq!(outcome_words(play), Vec::<&str>::new(), "{what}");
        }
    }
}

#[test]
fn the_hint_says_why_from_the_games_formula_and_nothing_else_does() {
    for (args, why) in [
        (
            &["misere-nim", "1", "1", "1"][..],
            "3 piles of 1, an odd number",
        ),
        (&["staircase", "3", "0", "4", "2"], "step 1: 3, step 3: 4"),
        (&["take-and-break:0.77", "7", "4"], "heap 7 → 2, heap 4 → 1"),
        (&["mem", "7:3", "5"], "heap 7:3 → 2, heap 5 → 3"),
        (&["coins:ruler", "0001"], "coin 4 → 4"),
        (
            &["partizan:1,2", "3", "4", "5"],
            "outcome class L (Left wins)",
        ),
    ] {
        for via in BOTH {
            let out = plain(&play_via(via, args, "show\nhint\nquit\n"));
            let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("Why: ")).collect();
            assert_eq!(lines.len(), 1, "{args:?}: {out}");
            assert!(lines[0].contains(why), "{args:?}: {out}");
            // Only after the hint: `show` says nothing of it.
            let before = out.split("Hint: ").next().unwrap();
            assert!(!before.contains("Why"), "{args:?}: {out}");
        }
    }
}

#[test]
fn the_hint_lists_the_same_moves_with_their_outcomes_in_columns_that_fit() {
    // Wythoff's diagonal moves are the longest: `pile 1: 5 -> 4, pile 2: 8 -> 7`.
    for via in BOTH {
        let out = plain(&play_via(via, &["wythoff", "5", "8"], "hint\nquit\n"));
        let listed = &move_lists(&out)[0];
        let rows = out.lines().skip_while(|l| *l != "Moves:").skip(1);
        let rows: Vec<&str> = rows.take_while(|l| l.starts_with("  ")).collect();
        assert_eq!(rows.len(), 9, "two columns: {out}");
        assert!(rows.iter().all(|l| l.chars().count() <= 80), "{out}");
        // The hint says why, from Wythoff's pairs, then lists the moves.
        let why = (out.lines()).skip_while(|l| !l.contains("Hint: ")).nth(1);
        assert!(
            why.is_some_and(|l| l.starts_with("Why: the P-positions are the pairs")),
            "{out}"
        );
        // The hint's lines, the star of the engine's move as a space.
        let lines: Vec<String> = (out.lines())
            .skip_while(|l| !l.contains("Hint: "))
            .skip(2)
            .take_while(|l| !l.contains("to move"))
            .map(|l| l.replacen('*', " ", 1))
            .collect();
        let hint: Vec<Vec<(usize, &str)>> = lines.iter().map(|l| cells(l)).collect();
        let hinted: Vec<(usize, String)> = (hint.iter())
            .map(|c| (c[0].1.parse().unwrap(), c[1].1.to_string()))
            .collect();
        assert_eq!(&hinted, listed, "{out}");
        assert!(listed
            .iter()
            .any(|(_, m)| m == "pile 1: 5 -> 4, pile 2: 8 -> 7"));
        // Every verdict starts in the same column, after the longest move.
        let columns: Vec<usize> = hint.iter().map(|c| c[2].0).collect();
        assert!(columns.iter().all(|&c| c == columns[0]), "{out}");
        assert!(hint
            .iter()
            .all(|c| c[2].1.starts_with("win") || c[2].1.starts_with("loss")));
        assert_eq!(outcome_words(out.split("Hint: ").next().unwrap()).len(), 0);
    }
}

#[test]
fn a_mistake_is_pointed_out_at_once_only_after_a_hint_and_the_review_names_it() {
    let out = play(&["nim", "1", "2"], "0 2\n");
    assert!(!out.contains("throws away"), "{out}");
    assert!(out.contains("The engine plays 1: pile 2: 2 -> 0."), "{out}");
    assert!(out.contains("Game over. The engine wins."), "{out}");
    assert!(
        out.contains("move 1 (You): pile 1: 1 -> 0 threw away a win (better: pile 2: 2 -> 1)"),
        "{out}"
    );
    assert!(!out.contains('\x1b'), "no colour through a pipe: {out}");
    let out = play(&["nim", "1", "2"], "hint\n0 2\n");
    assert!(
        out.contains("You to move: 0 2\n(That move throws away a win.)"),
        "{out}"
    );
}

#[test]
fn a_move_that_throws_away_a_draw_is_said_to() {
    // From c of the loopy graph both players go round c and d for a draw; the exit to w
    // hands the opponent a win.
    let loopy = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/loopy.game");
    for via in BOTH {
        let out = plain(&play_via(
            via,
            &["--graph", loopy, "--start", "c"],
            "hint\nw\n",
        ));
        assert!(out.contains("Hint: draw for the player to move."), "{out}");
        assert!(out.contains("(That move throws away a draw.)"), "{out}");
        assert!(
            out.contains("move 1 (You): to w threw away a draw (better: to d)"),
            "{out}"
        );
        assert!(!out.contains("away a win"), "{out}");
    }
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
    let starred = out.lines().find(|l| l.starts_with('*')).unwrap();
    assert_eq!(
        cells(&starred.replacen('*', " ", 1)),
        [
            (2, "15"),
            (
                6,
                "pile 1: 1000000000000000000 -> 2 (take 999999999999999998)"
            ),
            (83, "win, value 0")
        ],
        "{out}"
    );
    assert!(
        out.contains("  ... and more: type the position any other move leads to."),
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
fn a_line_read_through_a_pipe_is_echoed_and_a_terminal_echoes_its_own() {
    let typed = "hint\n3\nbanana\nquit\n";
    let out = play(&["nim", "1", "2"], typed);
    for line in [
        "You to move: hint\n",
        "You to move: 3\n",
        "You to move: banana\n",
    ] {
        assert!(out.contains(line), "{out}");
    }
    assert!(out.contains("You to move: quit\nReview:"), "{out}");
    // The end of the input ends the prompt's line.
    let out = play(&["nim", "1", "2"], "");
    assert!(out.contains("You to move: \nReview:"), "{out}");
    // A terminal echoes what is typed (read before the game starts): the game does not.
    let out = play_via(Via::Terminal, &["nim", "1", "2"], typed);
    assert!(out.contains("You to move: Hint: "), "{out}");
    assert!(!out.contains("to move: 3"), "{out}");
    assert!(!out.contains("banana\n"), "{out}");
    assert!(out.contains("'banana' is not a move here"), "{out}");
}

#[test]
fn undo_takes_back_the_move_and_the_engines_reply() {
    for via in BOTH {
        let out = play_via(via, &["nim", "2", "2"], "1 2\nundo\nundo\nshow\nquit\n");
        assert!(out.contains("Took back 2 moves."), "{out}");
        assert!(
            out.contains("Nothing to undo: no move has been played."),
            "{out}"
        );
        assert_eq!(out.matches("Position: 2 2").count(), 3, "{out}");
    }
}

#[test]
fn an_undo_before_the_players_first_move_says_so_and_changes_nothing() {
    for via in BOTH {
        let out = play_via(
            via,
            &["nim", "1", "2", "3", "--first", "engine"],
            "undo\nshow\nundo\n1\nundo\nquit\n",
        );
        let refusal = "Nothing to undo: you have not moved yet, and the engine's opening move \
                       stays.";
        assert_eq!(out.matches(refusal).count(), 2, "{out}");
        // The engine's opening move is played once, and its position stays: shown after it,
        // after `show`, and after the player's move and the engine's reply are taken back.
        assert_eq!(
            out.matches("The engine plays 6: pile 3: 3 -> 2.").count(),
            1
        );
        assert_eq!(out.matches("Position: 1 2 3").count(), 1, "{out}");
        assert_eq!(out.matches("Position: 1 2 2").count(), 3, "{out}");
        assert!(out.contains("Took back 2 moves."), "{out}");
        assert_eq!(out.matches("The engine plays").count(), 2, "{out}");
    }
    // Between two people, the last move; nothing before the first.
    let out = play(&["--hints", "nim", "3"], "undo\n3\nundo\nquit\n");
    assert!(out.contains("Nothing to undo: no move has been played."));
    assert!(out.contains("Took back 1 move."), "{out}");
    assert_eq!(out.matches("Position: 3\n").count(), 2, "{out}");
}

#[test]
fn the_engine_can_start_and_two_people_can_play_with_hints() {
    let out = play(&["wythoff", "2", "3", "--first", "engine"], "");
    assert!(out.contains("The engine plays 4: pile 2: 3 -> 1."), "{out}");
    let out = play(&["--hints", "fibonacci", "3"], "1\n1\n1\n");
    assert!(out.contains("Player 1 to move: 1"), "{out}");
    assert!(out.contains("Player 2 to move: 1"), "{out}");
    assert!(out.contains("Game over. Player 1 wins."), "{out}");
    assert!(!out.contains("engine"), "{out}");
}

#[test]
fn a_loopy_graph_announces_its_draws_on_request_and_ends_on_repetition() {
    let graph = temp_file(
        "play-loopy.game",
        "start c\nstart w\nc d\nd c\nc w\nd w\nw end\n",
    );
    let out = play(
        &["--graph", path_str(&graph), "--start", "start"],
        "c\nhint\nc\nc\nc\n",
    );
    assert!(
        out.contains(
            "Hint: draw for the player to move.\n(With best play the game goes on forever. Draw \
             level 1: played well, the opponent first faces a losing move in 1 ply.)"
        ),
        "{out}"
    );
    assert!(
        !out.split("Hint: ").next().unwrap().contains("draw"),
        "{out}"
    );
    assert!(
        out.contains("The position has come back 3 times: a draw."),
        "{out}"
    );
}

#[test]
fn every_game_of_the_list_plays_to_the_end_against_itself() {
    // The engine moving first against an empty input: it moves once, the input ends.
    for game in registry::playables() {
        let out = play(&[game.example(), "--first", "engine"], "");
        assert!(
            out.contains("The engine plays"),
            "{}: {out}",
            game.example()
        );
    }
}

#[test]
fn unknown_games_are_named_as_such_with_the_games_known() {
    for args in [&["play", "chess"][..], &["play", "chess", "1"]] {
        let err = grundy(args).failed().to_string();
        let run = on_terminal(args, "", false);
        assert_eq!(run.code, 2, "{}", run.stdout);
        for message in [&err, &run.stdout] {
            assert!(
                message.starts_with("grundy: error: unknown game 'chess': the games are "),
                "{message}"
            );
            for game in registry::playables() {
                assert!(
                    message.contains(game.syntax()),
                    "{}: {message}",
                    game.syntax()
                );
            }
        }
    }
}

#[test]
fn bad_starts_and_moves_are_reported() {
    let err = grundy(&["play", "squares", "100", "100", "100", "--limit", "1000"])
        .failed()
        .to_string();
    assert!(err.contains("more than 1000 positions"), "{err}");
    assert!(
        !err.contains("--solved"),
        "squares are not solved strongly: {err}"
    );
    // A board game too large for its limit is pointed to its strong solution.
    let err = grundy(&["play", "gobblet:2x1", "--limit", "1000"])
        .failed()
        .to_string();
    assert!(
        err.contains("grundy strong gobblet DIR") && err.contains("--solved DIR"),
        "{err}"
    );
    let out = play(&["nim", "3"], "9\nbanana\nquit\n");
    assert_eq!(out.matches("is not a move here").count(), 2, "{out}");
}

#[test]
fn help_lists_every_game_of_the_registry_with_a_start_that_plays() {
    let help = grundy(&["play", "--help"]).ok().to_string();
    let screen = on_terminal(&["play", "--help"], "", false);
    assert_eq!(screen.code, 0);
    for help in [&help, &screen.stdout] {
        let games = help.split("Games, each with the start").nth(1).expect(help);
        for game in registry::playables() {
            let start: Vec<&str> = game.start().split_whitespace().collect();
            let line = (games.lines())
                .find(|l| l.trim_start().starts_with(&format!("{} ", game.example())))
                .unwrap_or_else(|| panic!("{} not in: {help}", game.example()));
            let quoted: String = line.chars().filter(|&c| c != '\'').collect();
            assert!(quoted.contains(&start.join(" ")), "{line}");
            assert!(line.contains(game.syntax()), "{line}");
        }
    }
    // Each start as the help writes it plays, through a shell.
    let games = help.split("Games, each with the start").nth(1).unwrap();
    for line in games.lines().filter(|l| l.starts_with("  ")) {
        let command = cells(line)[0].1;
        let run = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "\"$GRUNDY\" play {command} --first engine </dev/null"
            ))
            .env("GRUNDY", env!("CARGO_BIN_EXE_grundy"))
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&run.stdout);
        assert!(
            run.status.success() && out.contains("The engine plays"),
            "{command}: {out}"
        );
    }
}

/// The outcome of `position` for the player to move by the catalogue's Wythoff command (the
/// formula, not the solver play uses).
fn wythoff_outcome(position: &str) -> String {
    let mut args = vec!["wythoff"];
    args.extend(position.split_whitespace());
    json(&args)["outcome"].as_str().unwrap().to_string()
}

/// The outcome for the other player.
fn flip(outcome: &str) -> &str {
    match outcome {
        "win" => "loss",
        "loss" => "win",
        _ => "draw",
    }
}

/// Checks a transcript of Wythoff's game from 5 8 after the moves `1`, `hint`, `2`: each move's
/// outcomes against the catalogue's, the game's end.
fn check_wythoff_transcript(transcript: &Value) {
    assert_eq!(transcript["game"], "Wythoff's game");
    assert_eq!(transcript["start"], "5 8");
    assert_eq!(transcript["engine"], 2);
    let moves = transcript["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 4, "{transcript}");
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["number"], i + 1);
        assert_eq!(m["player"], i % 2 + 1);
        let (from, to) = (m["from"].as_str().unwrap(), m["to"].as_str().unwrap());
        let before = wythoff_outcome(from);
        let after = wythoff_outcome(to);
        assert_eq!(m["before"], before, "{m}");
        assert_eq!(m["result"], flip(&after), "{m}");
        let mistake = before == "win" && after == "win";
        assert_eq!(m["mistake"], mistake, "{m}");
    }
    assert_eq!(moves[0]["to"], "4 8");
    assert_eq!(moves[0]["mistake"], true);
    assert_eq!(moves[1]["from"], moves[0]["to"]);
    assert_eq!(transcript["position"], moves[3]["to"]);
    assert_eq!(transcript["end"], "quit");
    assert_eq!(transcript["winner"], Value::Null);
}

#[test]
fn format_json_writes_a_transcript_whose_outcomes_are_the_solvers() {
    let input = "1\nhint\n2\nquit\n";
    for format in [&["--format", "json"][..], &["--json"]] {
        let mut args = vec!["play", "wythoff", "5", "8"];
        args.extend_from_slice(format);
        let run = run_with_input(&args, Some(input));
        assert_eq!(run.code, 0, "{}", run.stderr);
        // The game on standard error, the transcript alone on standard output.
        assert!(
            run.stderr.contains("You to move: 1\nPosition: 4 8"),
            "{}",
            run.stderr
        );
        assert!(run.stderr.contains("Review:"), "{}", run.stderr);
        assert_eq!(run.stdout.lines().count(), 1, "{}", run.stdout);
        check_wythoff_transcript(&serde_json::from_str(&run.stdout).unwrap());
        // Typed at a terminal, with the transcript written to a file (a pipe here).
        let run = on_terminal(&args, input, true);
        assert_eq!(run.code, 0, "{}", run.stdout);
        assert!(run.stdout.contains("Position: 4 8"), "{}", run.stdout);
        assert!(
            run.stdout.contains("Hint: \x1b[31mloss in 6\x1b[0m"),
            "colour on the terminal: {}",
            run.stdout
        );
        check_wythoff_transcript(&serde_json::from_str(&run.stderr).unwrap());
    }
    // A game whose input ends.
    let run = run_with_input(&["play", "nim", "1", "2", "--json"], Some(""));
    let transcript: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(transcript["end"], "input_ended");
    assert_eq!(transcript["moves"], serde_json::json!([]));
    assert_eq!(transcript["position"], "1 2");
    // A game that ends: the winner, and a draw thrown away.
    let loopy = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/loopy.game");
    let run = run_with_input(
        &["play", "--graph", loopy, "--start", "c", "--json"],
        Some("w\n"),
    );
    let transcript: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(transcript["end"], "over");
    assert_eq!(transcript["winner"], 2);
    let first = &transcript["moves"][0];
    assert_eq!(
        (&first["before"], &first["result"], &first["mistake"]),
        (&"draw".into(), &"loss".into(), &true.into())
    );
}

#[test]
fn formats_without_a_meaning_for_play_are_refused() {
    for format in [&["--format", "tsv"][..], &["--format", "csv"], &["--csv"]] {
        let mut args = vec!["play", "nim", "3"];
        args.extend_from_slice(format);
        let err = run_with_input(&args, Some("1\n")).failed().to_string();
        assert!(
            err.contains("grundy play writes a game as text, or with --format json its transcript"),
            "{err}"
        );
    }
    let err = grundy(&["play", "nim", "3", "--json", "--format", "csv"])
        .failed()
        .to_string();
    assert!(err.contains("two output formats"), "{err}");
}

#[test]
fn on_a_terminal_outcomes_are_in_colour() {
    let out = play_via(Via::Terminal, &["nim", "1", "2"], "hint\n3\n1\n");
    assert!(out.contains("\x1b[32mwin in 3\x1b[0m"), "{out}");
    assert!(out.contains("Game over. You win."), "{out}");
}

#[test]
fn the_loopy_rulesets_are_played_with_moves_named_by_their_pieces() {
    let out = play(&["backsliding", "F.F.TT"], "hint\nT 5->4\n1\n");
    assert!(
        out.contains("Backsliding Toads and Frogs. Type a move's number, the move as listed"),
        "{out}"
    );
    assert!(
        out.contains("       1 2 3 4 5 6\n    1  F . F . T T\n  (Left to move)"),
        "{out}"
    );
    // The frogs have passed the toads: each side steps back and forth, and the engine
    // keeps the draw.
    assert!(out.contains("Hint: draw for the player to move."), "{out}");
    assert!(out.contains("* 1  T 5->4  draw"), "{out}");
    assert!(out.contains("Position: F.FT.T right"), "{out}");
    assert!(out.contains("The engine plays 2: F 1->2."), "{out}");
    let out = play(&["fox-and-geese"], "hint\n(1,4)->(2,3)\n");
    assert!(out.contains("Fox and Geese. Type a move's number"), "{out}");
    assert!(
        out.contains(
            "       1 2 3 4\n    1  . G . G\n    2  . . . .\n    3  . . . .\n    4  F . . .\n"
        ),
        "{out}"
    );
    assert!(out.contains("  3  (1,4)->(2,3)  win in 7"), "{out}");
    assert!(out.contains("Position: .G..|..G.|....|F... right"), "{out}");
    assert!(out.contains("The engine plays"), "{out}");
    let err = grundy(&["play", "fox-and-geese", "G.|.F"])
        .failed()
        .to_string();
    assert!(err.contains("Fox and Geese: "), "{err}");
}

#[test]
fn the_loopy_rulesets_outcomes_in_play_are_those_of_grundy_loopy() {
    for (ruleset, position) in [
        ("backsliding", "TT..FF"),
        ("backsliding", "F.F.TT"),
        ("backsliding", "T.FF"),
        ("fox-and-geese", ".G.G|....|....|F..."),
        ("fox-and-geese", "...G|....|.F..|...."),
    ] {
        let described = json(&["loopy", "--ruleset", ruleset, position]);
        for (side, first) in [("left", "left_first"), ("right", "right_first")] {
            let winner = described[first]["winner"].as_str().unwrap();
            let expected = match winner {
                "draw" => "draw",
                w if w == side => "win",
                _ => "loss",
            };
            let out = play(&["--hints", ruleset, position, side], "hint\nquit\n");
            let what = format!("{ruleset} {position} {side}: {out}");
            let hint = out.split("Hint: ").nth(1).expect(&what);
            assert!(hint.starts_with(expected), "{expected}: {what}");
        }
    }
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
        out.contains("Moves:\n  1  (1,1)-(2,1)    2  (1,2)-(2,2)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "Canonical form +-1, outcome class N (the first player wins), mean 0, temperature 1."
        ),
        "{out}"
    );
    assert!(out.contains("* 1  (1,1)-(2,1)"), "{out}");
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

#[test]
fn a_board_game_is_played_from_its_strong_solution_as_explored() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("play-solved-quixo-3");
    let _ = std::fs::remove_dir_all(&dir);
    let path = path_str(&dir);
    grundy(&["strong", "quixo", "--size", "3", path]).ok();
    // Two people with hints: the same game, the same verdicts as the game explored (the
    // engine's mark `*` aside: among equally good moves it picks the first the records
    // list, the explored game's solver the first its search met).
    let moves = "hint\nb2\nhint\na1-c1\nundo\nhint\n2\nshow\na3-c3\nhint\nquit\n";
    let unmarked = |out: String| out.replace("\n*", "\n ");
    let explored = play(&["quixo:3", "--hints"], moves);
    let solved = play(&["quixo:3", "--hints", "--solved", path], moves);
    assert_eq!(unmarked(solved.clone()), unmarked(explored));
    assert!(
        solved.contains("win in 7 for the player to move"),
        "{solved}"
    );
    // Against the engine (which picks among equally good moves as the records list them,
    // where the solver of the explored game picks as its search met them): it wins from
    // the start, and its moves throw nothing away.
    let out = play(
        &["quixo:3", "--first", "engine", "--solved", path],
        &"1\n".repeat(20),
    );
    assert!(out.contains("Game over. The engine wins."), "{out}");
    assert!(out.contains("no move threw a win or a draw away"), "{out}");
    // A folder of other rules is refused, naming both games.
    let err = grundy(&["play", "tic-tac-toe", "--solved", path])
        .failed()
        .to_string();
    assert!(
        err.contains("holds a solution of quixo") && err.contains("not of tic-tac-toe"),
        "{err}"
    );
    let err = grundy(&["play", "nim", "3", "--solved", path])
        .failed()
        .to_string();
    assert!(err.contains("not played from a strong solution"), "{err}");
    // A damaged tier ends the game with its error when play reaches it, never a verdict:
    // every tier but those of the start and its moves, read before the game begins.
    use grundy::rules::tiered::{file, TierRanking};
    use grundy_catalogue::games::boards::{quixo::Quixo, BoardRules};
    let rules = Quixo::new(3).unwrap();
    let start = rules.start();
    let mut kept: Vec<u32> = rules
        .named_moves(&start)
        .iter()
        .map(|(_, q)| rules.tier(q))
        .collect();
    kept.push(rules.tier(&start));
    for tier in (0..rules.tier_count()).filter(|t| !kept.contains(t)) {
        let path = file::tier_path(&dir, tier);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x55;
        std::fs::write(&path, bytes).unwrap();
    }
    let run = run_with_input(
        &["play", "quixo:3", "--solved", path, "--hints"],
        Some("1\n1\n1\n1\n1\n"),
    );
    assert!(run.stdout.contains("Player 1 to move: 1"), "{}", run.stdout);
    assert!(!run.stdout.contains("Player 2 to move"), "{}", run.stdout);
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(run.stderr.contains("the file is damaged"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}
