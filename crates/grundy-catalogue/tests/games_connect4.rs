//! Connect Four: the positions of 7 × 6 by ply against OEIS A212693 (from the rules alone),
//! small boards solved whole and checked position by position against a negamax on a board of
//! this file's own, and the board format's errors.

use std::collections::HashMap;
use std::time::Instant;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Game};
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::connect4::{
    positions_by_ply, solve_board, Board, Column, Connect4, Connect4Position,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashSet;

/// OEIS A212693: legal 7 × 6 positions after n plies.
const A212693: [u64; 15] = [
    1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623, 4568683, 12236101, 30929111,
    75437595,
];

#[test]
fn positions_by_ply_on_7_by_6_match_oeis_a212693() {
    let game = Connect4::new(7, 6).unwrap();
    let mut layer: FxHashSet<Connect4Position> = FxHashSet::default();
    layer.insert(Connect4Position::default());
    let mut out = grundy::rules::Moves::new();
    let plies = 9;
    for (ply, &expected) in A212693.iter().enumerate().take(plies + 1) {
        assert_eq!(layer.len() as u64, expected, "ply {ply}");
        if ply == plies {
            break;
        }
        let mut next = FxHashSet::default();
        for p in &layer {
            // A position after a win is counted, not extended.
            if game.result(p).is_none() {
                out.clear();
                game.moves(p, &mut out);
                next.extend(out.drain(..));
            }
        }
        layer = next;
    }
}

#[test]
fn positions_by_ply_to_ply_11_match_oeis_a212693() {
    // The library's level-by-level count, 12 million positions at ply 12 left to the example.
    let counts = positions_by_ply(&Connect4::new(7, 6).unwrap(), 11);
    assert_eq!(counts, A212693[..12]);
}

#[test]
fn keys_are_one_to_one() {
    let mut rng = StdRng::seed_from_u64(3);
    for (w, h) in [(7, 6), (4, 4), (8, 7), (1, 1), (16, 3)] {
        let game = Connect4::new(w, h).unwrap();
        let mut seen = std::collections::HashMap::new();
        for _ in 0..3000 {
            let mut p = Connect4Position::<u64>::default();
            for _ in 0..rng.random_range(0..=w * h) {
                let open: Vec<u32> = game.open_columns(&p).collect();
                if open.is_empty() {
                    break;
                }
                p = game.play(&p, open[rng.random_range(0..open.len())]);
            }
            let key = game.key(&p);
            assert_eq!(game.from_key(key), p, "{w}x{h}");
            assert_eq!(
                *seen.entry(key).or_insert(p),
                p,
                "{w}x{h}: two positions, one key"
            );
        }
    }
}

// An independent solver: a board as a grid of cells, fours found by scanning every line, and
// a memoised negamax giving the outcome and remoteness (fastest win, slowest loss).

#[derive(Clone, PartialEq, Eq, Hash)]
struct Grid {
    w: usize,
    h: usize,
    /// cells[column][row], row 0 at the bottom: 0 empty, 1 first player, 2 second.
    cells: Vec<Vec<u8>>,
    to_move: u8,
}

impl Grid {
    fn new(w: usize, h: usize) -> Grid {
        Grid {
            w,
            h,
            cells: vec![vec![0; h]; w],
            to_move: 1,
        }
    }

    fn height_of(&self, c: usize) -> usize {
        self.cells[c].iter().take_while(|&&v| v != 0).count()
    }

    fn drop_in(&mut self, c: usize) {
        let r = self.height_of(c);
        self.cells[c][r] = self.to_move;
        self.to_move = 3 - self.to_move;
    }

    fn four(&self, who: u8) -> bool {
        let at = |c: isize, r: isize| {
            c >= 0
                && r >= 0
                && (c as usize) < self.w
                && (r as usize) < self.h
                && self.cells[c as usize][r as usize] == who
        };
        for c in 0..self.w as isize {
            for r in 0..self.h as isize {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..4).all(|k| at(c + k * dc, r + k * dr)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn full(&self) -> bool {
        (0..self.w).all(|c| self.height_of(c) == self.h)
    }
}

/// (outcome, remoteness) for the player to move; remoteness `None` for a draw.
fn negamax(g: &Grid, memo: &mut HashMap<u64, (Outcome, Option<u32>)>) -> (Outcome, Option<u32>) {
    let key = g
        .cells
        .iter()
        .flatten()
        .fold(0u64, |k, &v| 3 * k + u64::from(v));
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let value = if g.four(3 - g.to_move) {
        (Outcome::Loss, Some(0))
    } else if g.full() {
        (Outcome::Draw, None)
    } else {
        // Scores: a win in r moves is BIG - r, a loss in r is r - BIG, a draw 0.
        const BIG: i64 = 1000;
        let mut best = i64::MIN;
        for c in 0..g.w {
            if g.height_of(c) < g.h {
                let mut next = g.clone();
                next.drop_in(c);
                let score = match negamax(&next, memo) {
                    (Outcome::Loss, Some(r)) => BIG - i64::from(r) - 1,
                    (Outcome::Win, Some(r)) => i64::from(r) + 1 - BIG,
                    _ => 0,
                };
                best = best.max(score);
            }
        }
        match best {
            0 => (Outcome::Draw, None),
            s if s > 0 => (Outcome::Win, Some((BIG - s) as u32)),
            s => (Outcome::Loss, Some((s + BIG) as u32)),
        }
    };
    memo.insert(key, value);
    value
}

/// Solves the whole `w` × `h` game from the empty board, then compares `samples` positions
/// reached by random play with the negamax. Returns the number of positions.
fn check_against_negamax(w: u32, h: u32, min_plies: usize, samples: usize, seed: u64) -> usize {
    let game = Connect4::new(w, h).unwrap();
    let start = Instant::now();
    let explored = explore(
        &game,
        [Connect4Position::default()],
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
    let n = explored.graph.position_count();
    eprintln!("{w} × {h}: {n} positions solved in {:?}", start.elapsed());
    let mut memo = HashMap::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut checked, mut by_outcome) = (0, [0usize; 3]);
    while checked < samples {
        let mut p = Connect4Position::default();
        let mut grid = Grid::new(w as usize, h as usize);
        let plies = rng.random_range(min_plies..=(w * h) as usize);
        for _ in 0..plies {
            if game.result(&p).is_some() {
                break;
            }
            let open: Vec<u32> = game.open_columns(&p).collect();
            let c = open[rng.random_range(0..open.len())];
            p = game.play(&p, c);
            grid.drop_in(c as usize);
        }
        let id = explored.id(&p).expect("reachable");
        let expected = negamax(&grid, &mut memo);
        assert_eq!(
            (solution.outcome(id), solution.remoteness(id)),
            expected,
            "{w} × {h}: {:?}",
            Board { game, position: p }.rows()
        );
        by_outcome[expected.0 as usize] += 1;
        checked += 1;
    }
    assert!(by_outcome.iter().all(|&k| k > 0), "{by_outcome:?}");
    n
}

#[test]
fn four_by_four_solved_whole_matches_negamax() {
    let n = check_against_negamax(4, 4, 0, 3000, 1);
    assert!(n > 100_000, "{n}");
    // The empty 4 × 4 board is a draw.
    let solved = solve_board(&Board::empty(4, 4).unwrap(), 1_000_000, &NoProgress).unwrap();
    assert_eq!(solved.answer.outcome, Outcome::Draw);
}

#[test]
fn five_by_four_solved_whole_matches_negamax() {
    check_against_negamax(5, 4, 8, 2000, 2);
}

#[test]
fn four_by_five_solved_whole_matches_negamax() {
    check_against_negamax(4, 5, 6, 3000, 3);
}

#[test]
fn immediate_wins_and_forced_lines() {
    // x has three across the bottom with both ends open: two winning moves.
    let board = Board::parse(".....|.....|.....|.ooo.|.xxx.").unwrap();
    let solved = solve_board(&board, 1_000_000, &NoProgress).unwrap();
    assert_eq!(solved.answer.outcome, Outcome::Win);
    assert_eq!(solved.remoteness, Some(1));
    assert_eq!(solved.best_moves, [Column(1), Column(5)]);
    // A full board without four is a draw, and the game is over.
    let full = Board::parse("xoxo|xoxo|oxox|oxox").unwrap();
    let solved = solve_board(&full, 10, &NoProgress).unwrap();
    assert_eq!(solved.answer.outcome, Outcome::Draw);
    assert_eq!((solved.remoteness, solved.positions), (None, 1));
    assert!(solved.best_moves.is_empty());
    // Four made by the last move: the player to move has lost.
    let lost = Board::parse("....|x...|xo..|xo..|xoxo").unwrap();
    let solved = solve_board(&lost, 10, &NoProgress).unwrap();
    assert_eq!(
        (solved.answer.outcome, solved.remoteness),
        (Outcome::Loss, Some(0))
    );
    // Moves and boards agree.
    assert_eq!(
        Board::from_moves("4453", 7, 6).unwrap(),
        Board::parse(".......|.......|.......|.......|...o...|..oxx..").unwrap()
    );
    // The position limit is an error that says what to do.
    let error = solve_board(&Board::empty(7, 6).unwrap(), 1000, &NoProgress).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("smaller board or a fuller position"),
        "{error}"
    );
}

#[test]
fn board_errors_name_the_place_and_what_was_expected() {
    let cases = [
        (
            "x..|...",
            "board: line 1, column 1: an x above an empty cell",
        ),
        (
            "...|.a.",
            "board: line 2, column 2: 'a' is not a cell (expected x, o or .)",
        ),
        (
            "...|..",
            "board: line 2, column 3: the row ends early (expected 3 cells a row",
        ),
        (
            "...|....",
            "board: line 2, column 4: the row is longer than line 1",
        ),
        (
            "...|oo.",
            "board: x has 0 pieces and o 2 (expected as many x as o, or one more",
        ),
        ("...|xxx", "board: x has 3 pieces and o 0"),
        (
            "x...|x...|xoo.|xoo.",
            "board: x has four in a row, but o moved last",
        ),
        (
            "o...|ox..|ox..|oxx.|xxoo",
            "board: both sides have four in a row",
        ),
        (
            "x...|x...|x...|x...|oooo|xoxo",
            "board: both sides have four in a row",
        ),
        (
            "x..|x..|x..|x..|xo.|ooo",
            "board: x has four in a row that no last move made",
        ),
        ("", "board: line 1 is empty"),
        (
            "........|........|........|........|........|........|........|........",
            "board: a 8 × 8 board does not fit in 64 bits",
        ),
    ];
    for (text, expected) in cases {
        match Board::parse(text) {
            Ok(board) => assert_eq!(expected, "", "{text} read as {:?}", board.rows()),
            Err(e) => {
                assert!(!expected.is_empty(), "{text}: {e}");
                assert!(e.to_string().starts_with(expected), "{text}: {e}");
            }
        }
    }
    for (moves, expected) in [
        (
            "48",
            "moves: move 2: '8' is not a column (expected a digit from 1 to 7)",
        ),
        (
            "1111111",
            "moves: move 7: column 1 is full (expected an open column)",
        ),
        (
            "12121212",
            "moves: move 8: the game is over: x has four in a row",
        ),
    ] {
        let error = Board::from_moves(moves, 7, 6).unwrap_err();
        assert!(error.to_string().starts_with(expected), "{moves}: {error}");
    }
}
