//! Connect Four by search, checked against the exhaustive solver on small boards (every
//! position reachable, the score derived from outcome and remoteness), against Pascal Pons's
//! published exact scores of 7 × 6 positions, and against the published outcomes of empty
//! boards; the search in words of 128 bits against the search in 64 on every board both
//! hold, and on boards over 64 bits against a plain brute force over a grid of cells.
//!
//! Sources (copied into `testdata/connect4/`, see `testdata/README.md`):
//! - `Test_L3_R1.txt`, `Test_L2_R1.txt`, `Test_L1_R1.txt`: Pascal Pons, "Solving Connect
//!   Four", part 2 (blog.gamesolver.org): 7 × 6 positions with their exact scores.
//! - `c4_board_outcomes.tsv`: John Tromp's table of empty-board outcomes and Christophe
//!   Steininger's (the move on which a perfect game ends).

use std::collections::HashMap;
use std::path::Path;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Game};
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::connect4::search::{Options, Searched, Searcher, Verdict};
use grundy_catalogue::games::connect4::{Board, Connect4, Connect4Position, Word};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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

/// A searcher of a board held in 128 bits (any board up to 128 bits, those of 64 too).
fn wide(w: u32, h: u32, threads: usize) -> Searcher<u128> {
    let options = Options {
        table_bytes: 1 << 22,
        threads,
        ..Options::default()
    };
    let game = Connect4::within::<u128>(w, h).unwrap();
    Searcher::<u128>::new(game, options, &Budget::default()).unwrap()
}

/// A position of 64 bits in 128 (the cells are numbered alike).
fn widen(p: Connect4Position) -> Connect4Position<u128> {
    Connect4Position {
        mine: u128::from(p.mine),
        mask: u128::from(p.mask),
    }
}

/// Plays `line` from `p` and checks that it ends the game as `score` says.
fn check_line<W: Word>(game: &Connect4, p: Connect4Position<W>, searched: &Searched) {
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
        // The search in words of 128 bits on every 5th position, two threads on every 122nd.
        let (wide_one, wide_two) = (wide(w, h, 1), wide(w, h, 2));
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
            if id % 5 == 0 {
                let searched = wide_one.search(widen(p), &Budget::default()).unwrap();
                assert_eq!(searched.score, expected, "{w} × {h}, 128 bits: {p:?}");
                if id % 122 == 0 {
                    let both = wide_two.search(widen(p), &Budget::default()).unwrap();
                    assert_eq!(both.score, expected, "{w} × {h}, 128 bits, two threads");
                    check_line(&game, widen(p), &both);
                }
            }
            checked += 1;
        }
        assert!(checked > 1000, "{w} × {h}: {checked}");
        let _ = game.result(&Connect4Position::default());
    }
}

/// Two threads start as one: the main thread searches alone for its first 65,536 nodes, and
/// a helper joins it only for a search that goes on past them. Both kinds, and the score
/// alone (no line), agree with one thread and with the published outcome.
#[test]
fn a_helper_joins_only_a_long_search_and_the_score_is_the_same() {
    // The empty 7 × 4 and 5 × 6 boards are draws (Tromp's table), each past 65,536 nodes;
    // the position after 4, 4, 4, 4, 3 on 5 × 4 is answered in a few hundred.
    for (w, h, moves) in [(7, 4, ""), (5, 6, ""), (5, 4, "44443")] {
        let p = Board::from_moves(moves, w, h).unwrap().position;
        let one = searcher(w, h, 1).search(p, &Budget::default()).unwrap();
        let two = searcher(w, h, 2).search(p, &Budget::default()).unwrap();
        let (score, nodes) = searcher(w, h, 2).score(p, &Budget::default()).unwrap();
        assert_eq!(two.score, one.score, "{w} × {h} {moves}");
        assert_eq!(score, one.score, "{w} × {h} {moves}, the score alone");
        if moves.is_empty() {
            assert_eq!(one.score, 0, "{w} × {h} is a draw");
            assert!(nodes > 1 << 16, "{w} × {h}: {nodes} nodes");
        } else {
            assert!(nodes < 1 << 16, "{w} × {h} {moves}: {nodes} nodes");
        }
        check_line(&searcher(w, h, 1).game(), p, &two);
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
        let expected = published(&f);
        assert_eq!(verdict, expected, "{w} × {h}");
        // The same in words of 128 bits.
        let searched = wide(w, h, 2)
            .search(Connect4Position::default(), &Budget::default())
            .unwrap();
        assert_eq!(Verdict::of(searched.score, 0, w * h), expected, "{w} × {h}");
    }
    // A single column, whose stones alternate so that no four can be made (a draw), up to the
    // one that fills the 64 bits, and the one that fills 128.
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
    for (w, h) in [(1, 127), (1, 63), (2, 40)] {
        let searched = wide(w, h, 2)
            .search(Connect4Position::default(), &Budget::default())
            .unwrap();
        assert_eq!(searched.score, 0, "{w} × {h}");
        assert_eq!(searched.line.len() as u32, w * h, "{w} × {h}");
    }
}

/// The verdict a row of `c4_board_outcomes.tsv` gives the empty board.
fn published(f: &[&str]) -> Verdict {
    let last: u32 = f[3].parse().unwrap();
    match f[2] {
        "1st" => Verdict::Win(last),
        "2nd" => Verdict::Loss(last),
        _ => Verdict::Draw,
    }
}

/// The empty boards over 64 bits of the published table, the fewest cells first (11 × 5, 5 × 12,
/// 6 × 10...), in a release build on two threads (`cargo test --release -p grundy-catalogue
/// --test search_connect4 -- --ignored wide`): none finished within 4 minutes on the loaded
/// machine this was written on, so this runs for hours; each board's figures are printed.
#[test]
#[ignore = "hours in a release build"]
fn wide_empty_boards_have_their_published_outcomes() {
    let text = data("c4_board_outcomes.tsv");
    let size = |f: &[&str]| -> (u32, u32) { (f[0].parse().unwrap(), f[1].parse().unwrap()) };
    let mut rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|row| row.split('\t').collect::<Vec<_>>())
        .filter(|f| {
            let (w, h) = size(f);
            (h + 1) * w > 64 && !f[3].is_empty()
        })
        .collect();
    rows.sort_by_key(|f| {
        let (w, h) = size(f);
        w * h
    });
    for f in rows {
        let (w, h) = size(&f);
        let options = Options {
            table_bytes: 1 << 30,
            threads: 2,
            ..Options::default()
        };
        let game = Connect4::within::<u128>(w, h).unwrap();
        let s = Searcher::<u128>::new(game, options, &Budget::default()).unwrap();
        let start = std::time::Instant::now();
        let searched = s
            .search(Connect4Position::default(), &Budget::default())
            .unwrap();
        eprintln!(
            "{w} × {h}: score {}, {} nodes, {:.1?}",
            searched.score,
            searched.nodes,
            start.elapsed()
        );
        assert_eq!(
            Verdict::of(searched.score, 0, w * h),
            published(&f),
            "{w} × {h}"
        );
    }
}

/// A seeded random position of `game` with about `empty` empty cells left: random moves, none
/// that makes four (a board where every move would is dropped), so that most positions are
/// alive near the end. None if the play got stuck.
fn near_full<W: Word>(
    game: &Connect4,
    empty: u32,
    rng: &mut StdRng,
) -> Option<Connect4Position<W>> {
    let cells = game.width() * game.height();
    let mut p = Connect4Position::<W>::default();
    for _ in 0..cells.saturating_sub(empty) {
        let open: Vec<u32> = game
            .open_columns(&p)
            .filter(|&c| game.ended(&game.play(&p, c)).is_none())
            .collect();
        if open.is_empty() {
            return None;
        }
        p = game.play(&p, open[rng.random_range(0..open.len())]);
    }
    Some(p)
}

#[test]
fn both_words_score_alike_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(47);
    let sizes = [
        (4, 4),
        (5, 4),
        (6, 4),
        (5, 5),
        (7, 4),
        (4, 6),
        (7, 5),
        (8, 4),
        (3, 7),
        (7, 6),
        (8, 7),
        (6, 8),
        (16, 3),
        (2, 20),
    ];
    let mut compared = 0;
    for (w, h) in sizes {
        let game = Connect4::new(w, h).unwrap();
        let (narrow, one, two) = (searcher(w, h, 1), wide(w, h, 1), wide(w, h, 2));
        for i in 0..60 {
            let empty = rng.random_range(6..=14.min(w * h));
            let Some(p) = near_full::<u64>(&game, empty, &mut rng) else {
                continue;
            };
            let expected = narrow.search(p, &Budget::default()).unwrap();
            let searched = one.search(widen(p), &Budget::default()).unwrap();
            assert_eq!(searched.score, expected.score, "{w} × {h}: {p:?}");
            assert_eq!(searched.line, expected.line, "{w} × {h}: {p:?}");
            if i % 6 == 0 {
                let both = two.search(widen(p), &Budget::default()).unwrap();
                assert_eq!(both.score, expected.score, "{w} × {h}, two threads: {p:?}");
                check_line(&game, widen(p), &both);
            }
            compared += 1;
        }
    }
    assert!(compared > 600, "{compared}");
}

/// The exact score of the position `cells` (column by column, bottom up: 0 empty, 1 the
/// player to move's, 2 the other's) by plain negamax over every move, memoised: a grid of
/// cells and a scan for four, sharing nothing with the bitboard search.
fn brute(w: usize, h: usize, cells: &mut Vec<u8>, memo: &mut HashMap<Vec<u8>, i32>) -> i32 {
    if let Some(&s) = memo.get(cells.as_slice()) {
        return s;
    }
    let stones = cells.iter().filter(|&&c| c != 0).count();
    let at = |cells: &[u8], c: i64, r: i64| {
        (c >= 0 && r >= 0 && (c as usize) < w && (r as usize) < h)
            .then(|| cells[c as usize * h + r as usize])
    };
    let four_through = |cells: &[u8], c: usize, r: usize| {
        let who = cells[c * h + r];
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
            let run = |sign: i64| {
                (1..4)
                    .take_while(|&k| {
                        at(cells, c as i64 + sign * k * dc, r as i64 + sign * k * dr) == Some(who)
                    })
                    .count()
            };
            run(1) + run(-1) >= 3
        })
    };
    let mut best = None;
    for c in 0..w {
        let Some(r) = (0..h).find(|&r| cells[c * h + r] == 0) else {
            continue;
        };
        cells[c * h + r] = 1;
        let score = if four_through(cells, c, r) {
            ((w * h + 1 - stones) / 2) as i32
        } else if stones + 1 == w * h {
            0
        } else {
            // The opponent to move: swap who is who.
            let mut swapped: Vec<u8> = cells.iter().map(|&x| [0, 2, 1][x as usize]).collect();
            -brute(w, h, &mut swapped, memo)
        };
        cells[c * h + r] = 0;
        best = Some(best.map_or(score, |b: i32| b.max(score)));
    }
    let best = best.expect("a move on a board not full");
    memo.insert(cells.clone(), best);
    best
}

#[test]
fn boards_over_64_bits_score_as_a_brute_force_near_their_end() {
    let mut rng = StdRng::seed_from_u64(128);
    let sizes = [
        (10, 6),
        (9, 7),
        (8, 8),
        (11, 5),
        (13, 4),
        (6, 10),
        (7, 9),
        (16, 7),
        (32, 3),
        (4, 31),
        (64, 1),
    ];
    for (w, h) in sizes {
        assert!((h + 1) * w > 64 && (h + 1) * w <= 128, "{w} × {h}");
        let game = Connect4::within::<u128>(w, h).unwrap();
        let (one, two) = (wide(w, h, 1), wide(w, h, 2));
        let (mut checked, mut tries) = (0, 0);
        while checked < 30 {
            tries += 1;
            assert!(tries < 2000, "{w} × {h}: play got stuck {tries} times");
            let empty = rng.random_range(3..=12);
            let Some(p) = near_full::<u128>(&game, empty, &mut rng) else {
                continue;
            };
            let i = checked;
            let (wu, hu) = (w as usize, h as usize);
            let mut cells: Vec<u8> = (0..wu * hu)
                .map(|i| {
                    let bit = 1u128 << ((i / hu) * (hu + 1) + i % hu);
                    if p.mask & bit == 0 {
                        0
                    } else if p.mine & bit != 0 {
                        1
                    } else {
                        2
                    }
                })
                .collect();
            let expected = brute(wu, hu, &mut cells, &mut HashMap::new());
            let s = if i % 2 == 0 { &one } else { &two };
            let searched = s.search(p, &Budget::default()).unwrap();
            assert_eq!(searched.score, expected, "{w} × {h}: {p:?}");
            check_line(&game, p, &searched);
            checked += 1;
        }
    }
}

#[test]
fn boards_over_128_bits_are_refused_naming_the_limit() {
    assert!(Connect4::within::<u128>(16, 7).is_some());
    assert!(Connect4::within::<u128>(17, 7).is_none());
    assert!(Connect4::within::<u128>(1, 128).is_none());
    let row = "...........";
    let text = [row; 11].join("|");
    let e = Board::<u128>::parse_in(&text).unwrap_err().to_string();
    assert!(
        e.contains(
            "a 11 × 11 board does not fit in 128 bits (expected (height + 1) × width at most 128"
        ),
        "{e}"
    );
    let e = Board::<u128>::from_moves_in("", 1, 128)
        .unwrap_err()
        .to_string();
    assert!(e.contains("does not fit in 128 bits"), "{e}");
    // Boards of 64 bits for exploring and strong solving: the error names the search.
    let e = Board::from_moves("", 10, 6).unwrap_err().to_string();
    assert!(
        e.contains("does not fit in 64 bits")
            && e.contains("searching one position takes boards up to 128"),
        "{e}"
    );
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
