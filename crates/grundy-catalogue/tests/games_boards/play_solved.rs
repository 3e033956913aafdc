//! Play from a strong solution on disk (`grundy play GAME --solved DIR`): on small games, every
//! position play reaches answers as the explored game does (each move's verdict and
//! remoteness, the engine's move as good); a damaged or missing file is an error, never an
//! answer; a folder of other rules is refused.

use std::collections::VecDeque;
use std::fs;
use std::path::Path;

use super::scratch;
use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::tiered::{file, solve_tiered, TierOptions};
use grundy::solve::DrawLevel;
use grundy::Outcome;
use grundy_catalogue::games::boards::BoardRules;
use grundy_catalogue::games::registry;
use grundy_catalogue::play::{Analysis, Choice, Match, PlayError};

/// Solves the rules of `spec` (as play names them: `quixo:3`) into a scratch folder.
fn solve_into<R: BoardRules>(spec: &str, argument: &str, name: &str) -> std::path::PathBuf
where
    R::Position: Send + Sync + std::fmt::Debug,
{
    let dir = scratch(name);
    let rules = R::from_argument(argument).unwrap();
    solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress)
        .unwrap_or_else(|e| panic!("{spec}: {e}"));
    dir
}

/// What a move says to a player: its name, where it leads, its verdict and remoteness, and
/// in a draw its level and the opponent's losing moves it offers.
type Verdict<'a> = (
    (&'a str, &'a str, &'a str),
    (Outcome, Option<u32>, bool),
    (Option<DrawLevel>, Option<u32>),
);

/// A move's [`Verdict`].
fn verdict(c: &Choice) -> Verdict<'_> {
    (
        (&c.key, &c.text, &c.to),
        (c.result, c.remoteness, c.mistake),
        (c.draw_level, c.losing_offered),
    )
}

/// The analyses of one position by both means agree: the position, who moves, its outcome
/// and remoteness, every move's verdict, and the engine's moves are equally good.
fn same(explored: &Analysis, read: &Analysis) {
    let at = &explored.position;
    assert_eq!(read.position, *at);
    assert_eq!(read.drawing, explored.drawing, "{at}");
    assert_eq!(read.to_move, explored.to_move, "{at}");
    assert_eq!(
        (read.outcome, read.remoteness),
        (explored.outcome, explored.remoteness),
        "{at}"
    );
    let read_moves: Vec<_> = read.moves.iter().map(verdict).collect();
    let explored_moves: Vec<_> = explored.moves.iter().map(verdict).collect();
    assert_eq!(read_moves, explored_moves, "{at}");
    assert_eq!(read.draw_level, explored.draw_level, "{at}");
    // Equally good: the same verdict, and in a draw the same level and losing moves offered.
    let best = |a: &Analysis| {
        a.best
            .map(|b| (verdict(&a.moves[b]).1, verdict(&a.moves[b]).2))
    };
    assert_eq!(best(read), best(explored), "{at}");
    for (r, e) in read.moves.iter().zip(&explored.moves) {
        assert_eq!(r.touches, e.touches, "{at}: {}", r.text);
    }
}

/// Plays `spec` from its solution in `dir` and explored, and compares them on every position
/// reachable from the start (at most `most` of them, breadth first), reaching each by play's
/// own moves (typed by name) in the game read from disk. Returns the positions compared.
fn compare_everywhere(spec: &str, dir: &Path, most: usize) -> usize {
    let explored = registry::play(spec, "", 2_000_000).unwrap();
    let budget = Budget::default();
    let read = registry::play_solved(spec, "", dir, &budget).unwrap();
    assert!(read.is_from_solution() && read.is_ruleset());
    assert_eq!(read.title(), explored.title());
    let mut seen = vec![false; explored.position_count()];
    let mut queue = VecDeque::from([(explored.start(), read.start())]);
    seen[explored.start() as usize] = true;
    let mut compared = 0;
    while let Some((e, r)) = queue.pop_front() {
        let (a, b) = (
            explored.analyse_with_touches(e),
            read.analyse_with_touches(r),
        );
        same(&a, &b);
        assert_eq!(read.outcome(r), explored.outcome(e));
        // A position's name finds it, and no other position whose name differs in case only.
        assert_eq!(explored.find(&a.position), Some(e), "{}", a.position);
        compared += 1;
        if compared == most {
            break;
        }
        for m in &a.moves {
            let to_e = explored.read_move(e, &m.key).unwrap();
            // By name, by number and by the position it leads to: the same position.
            let to_r = read.read_move(r, &m.text).unwrap();
            assert_eq!(read.read_move(r, &m.key).unwrap(), to_r);
            assert_eq!(read.read_move(r, &m.to).unwrap(), to_r, "{}", m.to);
            assert_eq!(explored.read_move(e, &m.to).unwrap(), to_e, "{}", m.to);
            assert_eq!(read.try_find(&m.to).unwrap(), Some(to_r));
            assert_eq!(read.choice(r, to_r).map(|c| c.result), Some(m.result));
            if !std::mem::replace(&mut seen[to_e as usize], true) {
                queue.push_back((to_e, to_r));
            }
        }
    }
    compared
}

#[test]
fn tic_tac_toe_from_its_solution_plays_as_explored_everywhere() {
    use grundy_catalogue::games::boards::tic_tac_toe::TicTacToe;
    for (spec, argument) in [("tic-tac-toe", ""), ("tic-tac-toe:misere", "misere")] {
        let dir = solve_into::<TicTacToe>(spec, argument, &format!("play-{spec}"));
        assert_eq!(compare_everywhere(spec, &dir, usize::MAX), 5478, "{spec}");
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// Gobblet and Dōbutsu Shōgi tell the players' pieces apart by case: a position is found by
/// its name in its case only, and a move typed as the position it leads to is refused where
/// only the position with the cases swapped is a move's.
#[test]
fn games_whose_case_tells_the_players_apart_play_as_explored_everywhere() {
    use grundy_catalogue::games::boards::dobutsu::Dobutsu;
    use grundy_catalogue::games::boards::gobblet::Gobblet;
    let dir = solve_into::<Gobblet>("gobblet:2x1", "2x1", "play-gobblet-2x1");
    assert_eq!(compare_everywhere("gobblet:2x1", &dir, usize::MAX), 16_021);
    let budget = Budget::default();
    let read = registry::play_solved("gobblet:2x1", "s,.,.|.,.,.|.,.,. o", &dir, &budget).unwrap();
    let e = read
        .read_move(read.start(), "S,s,.|.,.,.|.,.,. x")
        .unwrap_err();
    assert!(e.to_string().contains("is not a move here"), "{e}");
    fs::remove_dir_all(&dir).unwrap();
    let dir = solve_into::<Dobutsu>("dobutsu:c", "c", "play-dobutsu-c");
    assert_eq!(compare_everywhere("dobutsu:c", &dir, usize::MAX), 49_346);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn quixo_3_and_three_mens_morris_from_their_solutions_play_as_explored() {
    use grundy_catalogue::games::boards::morris::Morris;
    use grundy_catalogue::games::boards::quixo::Quixo;
    let dir = solve_into::<Quixo>("quixo:3", "3", "play-quixo-3");
    assert!(compare_everywhere("quixo:3", &dir, 3000) > 1000);
    fs::remove_dir_all(&dir).unwrap();
    let dir = solve_into::<Morris>("morris:three", "three", "play-morris-three");
    assert!(compare_everywhere("morris:three", &dir, 3000) > 1000);
    fs::remove_dir_all(&dir).unwrap();
}

/// A game of tic-tac-toe played from `dir`, the engine against itself, until it ends or a
/// read fails: the error.
fn play_out(game: &Match) -> Result<Outcome, PlayError> {
    let mut p = game.start();
    loop {
        let here = game.analyse(p);
        let Some(best) = here.best else {
            return Ok(here.outcome);
        };
        p = game.read_move(p, &here.moves[best].key)?;
    }
}

#[test]
fn a_damaged_or_missing_tier_is_an_error_of_play_never_an_answer() {
    use grundy_catalogue::games::boards::tic_tac_toe::TicTacToe;
    let dir = solve_into::<TicTacToe>("tic-tac-toe", "", "play-damaged");
    let budget = Budget::default();
    let game = registry::play_solved("tic-tac-toe", "", &dir, &budget).unwrap();
    assert_eq!(play_out(&game), Ok(Outcome::Draw));
    // A byte of tier 4's last block changed: the start and its moves still read (tiers 0 to
    // 2), but play stops with the error where it reaches the tier.
    let path = file::tier_path(&dir, 4);
    let mut bytes = fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    fs::write(&path, &bytes).unwrap();
    let game = registry::play_solved("tic-tac-toe", "", &dir, &budget).unwrap();
    match play_out(&game) {
        Err(PlayError::Solution(e)) => {
            assert!(e.contains("damaged") && e.contains("tier"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    // The start itself in a damaged tier: refused at once.
    let e = registry::play_solved("tic-tac-toe", "xx.|oo.|...", &dir, &budget).unwrap_err();
    assert!(matches!(e, PlayError::Solution(_)), "{e:?}");
    // A tier deleted while the game is played.
    let dir = solve_into::<TicTacToe>("tic-tac-toe", "", "play-missing");
    let game = registry::play_solved("tic-tac-toe", "", &dir, &budget).unwrap();
    fs::remove_file(file::tier_path(&dir, 3)).unwrap();
    let e = play_out(&game).unwrap_err();
    assert!(matches!(e, PlayError::Solution(_)), "{e:?}");
    // Opened after: refused, naming the missing file.
    let e = registry::play_solved("tic-tac-toe", "", &dir, &budget).unwrap_err();
    assert!(e.to_string().contains("missing"), "{e}");
    for dir in ["play-damaged", "play-missing"] {
        fs::remove_dir_all(scratch(dir)).ok();
    }
}

#[test]
fn a_folder_of_other_rules_is_refused() {
    use grundy_catalogue::games::boards::tic_tac_toe::TicTacToe;
    let dir = solve_into::<TicTacToe>("tic-tac-toe:misere", "misere", "play-other-rules");
    let budget = Budget::default();
    let e = registry::play_solved("tic-tac-toe", "", &dir, &budget).unwrap_err();
    let text = e.to_string();
    assert!(
        matches!(e, PlayError::Solution(_)) && text.contains("not of tic-tac-toe"),
        "{text}"
    );
    let e = registry::play_solved("quixo:3", "", &dir, &budget).unwrap_err();
    assert!(e.to_string().contains("not of quixo"), "{e}");
    // A folder with no solution at all, and a game that has none.
    let empty = scratch("play-no-solution");
    fs::create_dir_all(&empty).unwrap();
    let e = registry::play_solved("tic-tac-toe", "", &empty, &budget).unwrap_err();
    assert!(matches!(e, PlayError::Solution(_)), "{e:?}");
    let e = registry::play_solved("nim", "3 4 5", &dir, &budget).unwrap_err();
    assert!(
        e.to_string().contains("not played from a strong solution"),
        "{e}"
    );
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&empty).unwrap();
}

#[test]
fn play_from_a_solution_numbers_at_most_its_budget_of_positions() {
    use grundy_catalogue::games::boards::tic_tac_toe::TicTacToe;
    let dir = solve_into::<TicTacToe>("tic-tac-toe", "", "play-budget");
    let budget = Budget::default().with_positions(3);
    let game = registry::play_solved("tic-tac-toe", "", &dir, &budget).unwrap();
    let p = game.read_move(game.start(), "b2").unwrap();
    let q = game.read_move(p, "a1").unwrap();
    assert_eq!(game.position_count(), 3);
    assert!(game.heap_bytes() > 0);
    // Positions already reached are found again; a new one is past the budget.
    assert_eq!(game.read_move(game.start(), "5").unwrap(), p);
    let next = game.analyse(q).moves[0].to.clone();
    assert_eq!(game.find(&next), None);
    let e = game.try_find(&next).unwrap_err();
    assert!(matches!(e, PlayError::Reached { limit: 3 }), "{e:?}");
    let e = game.read_move(q, "c3").unwrap_err();
    assert!(matches!(e, PlayError::Reached { limit: 3 }), "{e:?}");
    // A move that is not one, and a start that is no position.
    let e = game.read_move(q, "z9").unwrap_err();
    assert!(e.to_string().contains("is not a move here"), "{e}");
    let e = registry::play_solved("tic-tac-toe", "xxx|xxx|xxx", &dir, &budget).unwrap_err();
    assert!(matches!(e, PlayError::Game(_)), "{e:?}");
    fs::remove_dir_all(&dir).unwrap();
}
