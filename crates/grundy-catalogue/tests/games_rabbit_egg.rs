//! [NOI2011] 兔兔与蛋蛋游戏: the reduction to geography against the generic solver on the real
//! game (positions are boards with the player to move) for every board of the shapes 1 × 2 to
//! 1 × 7, 2 × 2, 2 × 3, 2 × 4 and 3 × 3 (every place of the empty cell, every colouring, either
//! player first): the outcome and the exact set of winning moves at every reachable position.
//! Then the analysis of records (the incremental matching) against positions solved from
//! scratch on random games up to 40 × 40, the contest's three examples, and the input errors.

use std::collections::{BTreeSet, HashMap};

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::rabbit_egg::{
    Board, Cell, RabbitEgg, RabbitEggMove, RabbitEggPosition, Record, Side,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every board of the shape: each cell the empty one in turn, the others coloured every way.
fn all_boards(rows: usize, columns: usize) -> Vec<Board> {
    let cells = rows * columns;
    let mut boards = Vec::new();
    for empty in 0..cells {
        for colours in 0..1u32 << (cells - 1) {
            let mut bit = 0;
            let text: Vec<String> = (0..rows)
                .map(|r| {
                    (0..columns)
                        .map(|c| {
                            if r * columns + c == empty {
                                '.'
                            } else {
                                bit += 1;
                                if colours >> (bit - 1) & 1 == 1 {
                                    'O'
                                } else {
                                    'X'
                                }
                            }
                        })
                        .collect()
                })
                .collect();
            let rows: Vec<&str> = text.iter().map(String::as_str).collect();
            boards.push(Board::from_rows(&rows).unwrap());
        }
    }
    boards
}

/// The solver on the real game from every start, checked at every reachable position.
fn check_shape(rows: usize, columns: usize) -> usize {
    let starts: Vec<RabbitEggPosition> = all_boards(rows, columns)
        .into_iter()
        .flat_map(|board| {
            [Side::Rabbit, Side::Egg].map(|to_move| RabbitEggPosition {
                board: board.clone(),
                to_move,
            })
        })
        .collect();
    let explored = explore(
        &RabbitEgg,
        starts.iter().cloned(),
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
    let count = explored.graph.position_count();
    for id in 0..count as u32 {
        let p = explored.position(id);
        let answer = p.board.answer(p.to_move);
        assert_eq!(answer.outcome, solution.outcome(id), "{p:?}");
        assert_eq!(answer.value, None);
        let expected: BTreeSet<(usize, usize)> = explored
            .graph
            .options(id)
            .iter()
            .filter(|&&q| solution.outcome(q) == Outcome::Loss)
            .map(|&q| {
                let next = &explored.position(q).board;
                // The piece moved left the cell that is now empty.
                next.empty()
            })
            .collect();
        let moves: BTreeSet<(usize, usize)> = answer.winning_moves.iter().map(|m| m.cell).collect();
        assert_eq!(moves, expected, "{p:?}");
    }
    count
}

#[test]
fn reduction_matches_solver_on_every_small_board() {
    let mut positions = 0;
    for columns in 2..=7 {
        positions += check_shape(1, columns);
    }
    for (rows, columns) in [(2, 2), (2, 3), (2, 4), (3, 3)] {
        positions += check_shape(rows, columns);
    }
    assert!(positions > 8000, "{positions}");
}

#[test]
fn the_contest_examples() {
    let sample1 = "1 6 \nXO.OXO \n1 \n1 2 \n1 1 \n";
    let sample2 = "3 3 \nXOX \nO.O \nXOX \n4 \n2 3 \n1 3 \n1 2 \n1 1 \n2 1 \n3 1 \n3 2 \n3 3 \n";
    let sample3 = "4 4 \nOOXX \nOXXO \nOO.O \nXXXO \n2 \n3 2 \n2 2 \n1 2 \n1 3 \n";
    let expected: [&[usize]; 3] = [&[1], &[], &[1, 2]];
    for (text, mistakes) in [sample1, sample2, sample3].into_iter().zip(expected) {
        let record = Record::parse(text).unwrap();
        let analysis = record.analyse();
        assert_eq!(analysis.mistakes(Side::Rabbit), mistakes, "{text}");
        // The contest says the egg wins every recorded game: the rabbit is stuck at the end.
        assert_eq!(analysis.to_move, Side::Rabbit);
        assert_eq!(analysis.answer.outcome, Outcome::Loss);
        assert_eq!(analysis.moves.len(), record.moves().len());
    }
    let analysis = Record::parse(sample1).unwrap().analyse();
    assert_eq!(
        analysis.moves[0].to_string(),
        "rabbit M(1, 2): rabbit wins before, egg wins after: a mistake"
    );
    assert_eq!(
        analysis.moves[1].to_string(),
        "egg M(1, 1): egg wins before, rabbit loses after"
    );
    // The winning move the rabbit missed: the white piece on the other side.
    let board = Record::parse(sample1).unwrap().board().clone();
    assert_eq!(
        board.answer(Side::Rabbit).winning_moves,
        [RabbitEggMove { cell: (1, 4) }]
    );
    // A board without moves.
    let record = Record::parse("2 2\n.O\nOX\n").unwrap();
    assert!(record.moves().is_empty());
    let analysis = record.analyse();
    assert!(analysis.moves.is_empty());
    assert_eq!(analysis.answer.outcome, Outcome::Win);
}

/// A random board whose colours mostly follow the pattern that lets the empty cell wander
/// (white on odd cells, black on even ones, counted from the empty cell), with some noise.
fn random_board(rng: &mut StdRng, rows: usize, columns: usize, noise: f64) -> Board {
    let (er, ec) = (rng.random_range(0..rows), rng.random_range(0..columns));
    let text: Vec<String> = (0..rows)
        .map(|r| {
            (0..columns)
                .map(|c| {
                    if (r, c) == (er, ec) {
                        return '.';
                    }
                    let odd = (r + c + er + ec) % 2 == 1;
                    if odd != rng.random_bool(noise) {
                        'O'
                    } else {
                        'X'
                    }
                })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = text.iter().map(String::as_str).collect();
    Board::from_rows(&rows).unwrap()
}

/// A random game from `board`: legal moves until a player is stuck or `limit` moves. With
/// `long`, most moves follow Warnsdorff's rule (the move leaving the opponent the fewest
/// replies), which makes long games.
fn random_moves(rng: &mut StdRng, board: &Board, limit: usize, long: bool) -> Vec<(usize, usize)> {
    let mut current = board.clone();
    let mut side = Side::Rabbit;
    let mut moves = Vec::new();
    while moves.len() < limit {
        let legal = current.legal_moves(side);
        if legal.is_empty() {
            break;
        }
        let replies = |&(r, c): &(usize, usize)| {
            let mut next = current.clone();
            next.play(side, r, c).unwrap();
            let count = next.legal_moves(side.other()).len();
            // A move that leaves no reply ends the game: keep it for last.
            if count == 0 {
                usize::MAX
            } else {
                count
            }
        };
        let (r, c) = if long && rng.random_bool(0.9) {
            *legal.iter().min_by_key(|m| replies(m)).unwrap()
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        current.play(side, r, c).unwrap();
        moves.push((r, c));
        side = side.other();
    }
    moves
}

/// The analysis against each position solved from scratch.
#[track_caller]
fn check_record(record: &Record, what: &str) {
    let analysis = record.analyse();
    let mut board = record.board().clone();
    let mut side = Side::Rabbit;
    let mut before = board.answer(side).outcome;
    for (k, (report, &(r, c))) in analysis.moves.iter().zip(record.moves()).enumerate() {
        assert_eq!(
            (report.number, report.side, report.cell),
            (k + 1, side, (r, c))
        );
        assert_eq!(report.round, k / 2 + 1);
        board.play(side, r, c).unwrap();
        side = side.other();
        let after = board.answer(side).outcome;
        assert_eq!(report.before, before, "{what}: move {}", k + 1);
        assert_eq!(report.after, after, "{what}: move {}", k + 1);
        assert_eq!(
            report.mistake,
            before == Outcome::Win && after == Outcome::Win
        );
        // From a loss every move leaves the opponent a win.
        if before == Outcome::Loss {
            assert_eq!(after, Outcome::Win, "{what}: move {}", k + 1);
        }
        before = after;
    }
    assert_eq!(analysis.to_move, side);
    assert_eq!(analysis.answer, board.answer(side));
    let rounds = |s: Side| -> Vec<usize> {
        analysis
            .moves
            .iter()
            .filter(|m| m.side == s && m.mistake)
            .map(|m| m.round)
            .collect()
    };
    assert_eq!(analysis.mistakes(Side::Rabbit), rounds(Side::Rabbit));
    assert_eq!(analysis.mistakes(Side::Egg), rounds(Side::Egg));
}

#[test]
fn analysis_matches_positions_solved_from_scratch() {
    let mut rng = StdRng::seed_from_u64(2011);
    let mut lengths = Vec::new();
    for round in 0..300 {
        let rows = rng.random_range(1..=7);
        let columns = rng.random_range(2..=7);
        let board = random_board(&mut rng, rows, columns, 0.2);
        let moves = random_moves(&mut rng, &board, 2000, round % 2 == 0);
        lengths.push(moves.len());
        let record = Record::new(board, moves).unwrap();
        check_record(&record, &format!("round {round}"));
    }
    assert!(
        lengths.iter().filter(|&&l| l >= 8).count() > 50,
        "{lengths:?}"
    );
    // Contest size: 40 x 40, games of up to 2000 moves.
    for round in 0..4 {
        let board = random_board(&mut rng, 40, 40, [0.0, 0.002][round % 2]);
        let moves = random_moves(&mut rng, &board, 2000, true);
        assert!(moves.len() > 100, "{}", moves.len());
        let record = Record::new(board, moves).unwrap();
        check_record(&record, &format!("40 x 40, round {round}"));
    }
    // The longest game: the empty cell snakes through every row of a 40 x 40 board.
    let text: Vec<String> = (0..40)
        .map(|r| {
            (0..40)
                .map(|c| match (r, c) {
                    (0, 0) => '.',
                    _ if (r + c) % 2 == 1 => 'O',
                    _ => 'X',
                })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = text.iter().map(String::as_str).collect();
    let board = Board::from_rows(&rows).unwrap();
    let snake: Vec<(usize, usize)> = (1..=40)
        .flat_map(|r| {
            let columns: Vec<usize> = if r % 2 == 1 {
                (1..=40).collect()
            } else {
                (1..=40).rev().collect()
            };
            columns.into_iter().map(move |c| (r, c))
        })
        .skip(1)
        .collect();
    assert_eq!(snake.len(), 1599);
    let record = Record::new(board, snake).unwrap();
    check_record(&record, "40 x 40 snake");
}

#[test]
fn the_records_of_small_boards_match_the_solver() {
    // Random games on 3 x 3 boards, every position checked against the solver on the game.
    let mut rng = StdRng::seed_from_u64(7);
    let mut solved: HashMap<RabbitEggPosition, Outcome> = HashMap::new();
    for _ in 0..200 {
        let board = random_board(&mut rng, 3, 3, 0.3);
        let start = RabbitEggPosition {
            board: board.clone(),
            to_move: Side::Rabbit,
        };
        let explored = explore(&RabbitEgg, [start], &Budget::default(), &NoProgress).unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        for id in 0..explored.graph.position_count() as u32 {
            solved.insert(explored.position(id).clone(), solution.outcome(id));
        }
        let moves = random_moves(&mut rng, &board, 20, false);
        let analysis = Record::new(board.clone(), moves.clone()).unwrap().analyse();
        let mut current = RabbitEggPosition {
            board,
            to_move: Side::Rabbit,
        };
        for (report, &(r, c)) in analysis.moves.iter().zip(&moves) {
            assert_eq!(report.before, solved[&current]);
            current.board.play(current.to_move, r, c).unwrap();
            current.to_move = current.to_move.other();
            assert_eq!(report.after, solved[&current]);
        }
    }
}

#[test]
fn input_errors() {
    let err = |text: &str| Record::parse(text).unwrap_err().to_string();
    assert_eq!(
        err(""),
        "1:1: expected the number of rows n, found the end of the input"
    );
    assert_eq!(
        err("1 x\n"),
        "1:3: expected the number of columns m (a whole number), found 'x'"
    );
    assert_eq!(
        err("0 3\n"),
        "1:1: a board of 0 x 3 has no cell: n and m are at least 1"
    );
    assert_eq!(err("1 3\nXO\n"), "2:1: row 1 has 2 cells, expected m = 3");
    assert_eq!(
        err("2 3\nXO.\nXaX\n"),
        "3:2: unexpected 'a' in row 2: expected 'X' (a black piece), 'O' (a white piece) or '.' \
         (the empty cell)"
    );
    assert_eq!(
        err("1 3\nXOX\n"),
        "2:1: the board has no empty cell '.': it needs exactly one"
    );
    assert_eq!(
        err("1 3\n.O.\n"),
        "2:1: the board has a second empty cell at (1, 3): it needs exactly one"
    );
    assert_eq!(
        err("1 3\nXO.\n1\n1 2\n"),
        "4:4: expected move 2 (egg: the row x and column y of a piece), found the end of the input"
    );
    assert_eq!(
        err("1 3\nXO.\n1\n1 1\n1 2\n"),
        "4:1: move 1 (rabbit): M(1, 1): the cell does not share a side with the empty cell (1, 3)"
    );
    assert_eq!(
        err("1 3\nOX.\n1\n1 2\n1 1\n"),
        "4:1: move 1 (rabbit): M(1, 2): the rabbit moves white pieces ('O'), and the cell holds \
         a black piece"
    );
    assert_eq!(
        err("1 3\nXO.\n1\n1 2\n5 1\n"),
        "5:1: move 2 (egg): M(5, 1) is outside the 1 x 3 board"
    );
    assert_eq!(
        err("1 3\nXO.\n1\n1 2\n1 1\n7\n"),
        "6:1: unexpected '7' after the last move"
    );
    // Moves given in code are checked too.
    let board = Board::from_rows(&["XO."]).unwrap();
    assert_eq!(
        Record::new(board.clone(), vec![(1, 2), (1, 2)])
            .unwrap_err()
            .message,
        "move 2 (egg): M(1, 2): the cell does not share a side with the empty cell (1, 2)"
    );
    assert_eq!(board.cell(1, 3), Some(Cell::Empty));
    assert_eq!(board.cell(1, 4), None);
}
