//! Connect Four by search, checked against the exhaustive solver on small boards (every
//! position reachable, the score derived from outcome and remoteness), against Pascal Pons's
//! published exact scores of 7 × 6 positions, and against the published outcomes of empty
//! boards.
//!
//! Sources (copied into `testdata/connect4/`, see `testdata/README.md`):
//! - `Test_L3_R1.txt`, `Test_L2_R1.txt`, `Test_L1_R1.txt`: Pascal Pons, "Solving Connect
//!   Four", part 2 (blog.gamesolver.org): 7 × 6 positions with their exact scores.
//! - `c4_board_outcomes.tsv`: John Tromp's table of empty-board outcomes and Christophe
//!   Steininger's (the move on which a perfect game ends).

use std::path::Path;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Game};
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::connect4::search::{Options, Searched, Searcher, Verdict};
use grundy_catalogue::games::connect4::{Board, Connect4, Connect4Position};

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/connect4")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Pons's score of a position `stones` stones in, from the exhaustive solver's outcome and
/// remoteness (plies to the end when the winner hurries and the loser delays).
fn score_of(outcome: Outcome, remoteness: u32, stones: u32, cells: u32) -> i32 {
    // The last move of the game is made with n = stones + remoteness − 1 stones before it.
    let n = stones as i32 + remoteness as i32 - 1;
    let s = (cells as i32 + 1 - n) / 2;
    match outcome {
        Outcome::Win => s,
        Outcome::Loss => -s,
        Outcome::Draw => 0,
    }
}

fn searcher(w: u32, h: u32, threads: usize) -> Searcher {
    let options = Options {
        table_bytes: 1 << 22,
        threads,
        ..Options::default()
    };
    Searcher::new(Connect4::new(w, h).unwrap(), options, &Budget::default()).unwrap()
}

/// Plays `line` from `p` and checks that it ends the game as `score` says.
fn check_line(game: &Connect4, p: Connect4Position, searched: &Searched) {
    let cells = game.width() * game.height();
    let stones = p.mask.count_ones();
    let mut q = p;
    for &c in &searched.line {
        assert!(game.ended(&q).is_none(), "the line goes on after the end");
        assert!(game.can_play(&q, c));
        q = game.play(&q, c);
    }
    let end = stones + searched.line.len() as u32;
    match Verdict::of(searched.score, stones, cells) {
        Verdict::Draw => assert_eq!(game.ended(&q), Some(Outcome::Draw)),
        Verdict::Win(m) | Verdict::Loss(m) => {
            assert_eq!(game.ended(&q), Some(Outcome::Loss), "the line ends in four");
            assert_eq!(end, m, "the line's last move is the verdict's");
            // The winner is the player to move iff the line has an odd length.
            let won = searched.line.len() % 2 == 1;
            assert_eq!(won, searched.score > 0);
        }
    }
}

#[test]
fn every_position_of_small_boards_scores_as_the_exhaustive_solver_says() {
    for (w, h) in [(4, 4), (5, 4), (4, 5), (3, 5), (6, 3)] {
        let game = Connect4::new(w, h).unwrap();
        let cells = w * h;
        let explored = explore(
            &game,
            [Connect4Position::default()],
            &Budget::default(),
            &NoProgress,
        )
        .unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        let s = searcher(w, h, 1);
        // Two threads share the binary search over the score: checked on every 61st position
        // (a search of two threads starts one, which costs more than most of these searches).
        let two = searcher(w, h, 2);
        let count = explored.graph.position_count();
        // Every position of the smaller boards; every 7th of 5 × 4 and 4 × 5.
        let step = if count > 200_000 { 7 } else { 1 };
        let mut checked = 0;
        for id in (0..count).step_by(step) {
            let p = *explored.position(id as u32);
            let stones = p.mask.count_ones();
            let expected = score_of(
                solution.outcome(id as u32),
                solution.remoteness(id as u32).unwrap_or(0),
                stones,
                cells,
            );
            let searched = s.search(p, &Budget::default()).unwrap();
            assert_eq!(searched.score, expected, "{w} × {h}: {:?}", game.key(&p));
            if id % 61 == 0 {
                let both = two.search(p, &Budget::default()).unwrap();
                assert_eq!(
                    both.score,
                    expected,
                    "{w} × {h}, two threads: {:?}",
                    game.key(&p)
                );
                check_line(&game, p, &both);
            }
            if id % 97 == 0 {
                check_line(&game, p, &searched);
            }
            checked += 1;
        }
        assert!(checked > 1000, "{w} × {h}: {checked}");
        let _ = game.result(&Connect4Position::default());
    }
}

/// The positions of one of Pons's files: (position, score).
fn pons(name: &str) -> Vec<(Connect4Position, i32)> {
    data(name)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (moves, score) = l.split_once(' ').unwrap();
            let board = Board::from_moves(moves, 7, 6).unwrap();
            (board.position, score.trim().parse().unwrap())
        })
        .collect()
}

#[test]
fn endings_score_as_pons_published() {
    let s = searcher(7, 6, 2);
    let game = s.game();
    let positions = pons("Test_L3_R1.txt");
    assert_eq!(positions.len(), 1000);
    for (i, &(p, score)) in positions.iter().enumerate() {
        let searched = s.search(p, &Budget::default()).unwrap();
        assert_eq!(searched.score, score, "line {i}");
        check_line(&game, p, &searched);
    }
}

#[test]
fn middle_games_score_as_pons_published() {
    let s = searcher(7, 6, 2);
    // Every 10th of the 1,000 (the rest run in a release build on request, below).
    for (i, &(p, score)) in pons("Test_L2_R1.txt").iter().enumerate().step_by(10) {
        assert_eq!(
            s.search(p, &Budget::default()).unwrap().score,
            score,
            "line {i}"
        );
    }
}

/// All of Pons's middle games and openings: a few minutes in a release build
/// (`cargo test --release -p grundy-catalogue --test search_connect4 -- --ignored`).
#[test]
#[ignore]
fn every_published_score_is_found() {
    let s = searcher(7, 6, 2);
    for name in ["Test_L2_R1.txt", "Test_L1_R1.txt"] {
        for (i, &(p, score)) in pons(name).iter().enumerate() {
            assert_eq!(
                s.search(p, &Budget::default()).unwrap().score,
                score,
                "{name}: line {i}"
            );
        }
    }
}

#[test]
fn empty_boards_have_their_published_outcomes() {
    // The boards small enough for a debug build; the published move on which the game ends.
    for row in data("c4_board_outcomes.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
    {
        let f: Vec<&str> = row.split('\t').collect();
        let (w, h): (u32, u32) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        if w * h > 24 {
            continue;
        }
        let searched = searcher(w, h, 2)
            .search(Connect4Position::default(), &Budget::default())
            .unwrap();
        let verdict = Verdict::of(searched.score, 0, w * h);
        let last: u32 = f[3].parse().unwrap();
        let expected = match f[2] {
            "1st" => Verdict::Win(last),
            "2nd" => Verdict::Loss(last),
            _ => Verdict::Draw,
        };
        assert_eq!(verdict, expected, "{w} × {h}");
    }
    // A single column, whose stones alternate so that no four can be made (a draw), up to the
    // one that fills the 64 bits.
    for (w, h) in [(1, 63), (1, 10)] {
        let searched = searcher(w, h, 2)
            .search(Connect4Position::default(), &Budget::default())
            .unwrap();
        assert_eq!(searched.score, 0, "{w} × {h}");
        assert_eq!(
            searched.line.len() as u32,
            w * h,
            "{w} × {h}: the line fills the board"
        );
    }
}

#[test]
fn a_deadline_stops_the_search_with_the_budget_named() {
    let s = searcher(7, 6, 2);
    let budget = Budget::default().with_time(std::time::Duration::from_millis(50));
    let err = s.search(Connect4Position::default(), &budget).unwrap_err();
    assert_eq!(err.resource, grundy::budget::Resource::Time);
    // The table was not spoiled by the stopped search: an ending still scores right.
    let (p, score) = pons("Test_L3_R1.txt")[0];
    assert_eq!(s.search(p, &Budget::default()).unwrap().score, score);
}
