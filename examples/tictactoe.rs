//! Tic-tac-toe (井字游戏), the notes' example of a game that can end in a draw (notes 002, the
//! opening section: "如果双方都最优决策，那么游戏一定是平局的").
//!
//! Two players, X (first) and O, take turns putting their mark in an empty cell of a 3×3 grid;
//! three in a row (row, column or diagonal) wins at once, a full grid without one is a draw.
//! The player to move is implied by the counts of marks, so a board alone is a position, and a
//! board's base-3 code (cell `i` is digit `i`: 0 empty, 1 X, 2 O) is a dense index below 3^9.
//! The game is explored twice, through that [`DenseIndex`] and through hashing, and the two
//! graphs are checked to be equal.
//!
//! Run it for the empty board, or for a board reached in play, given as 9 cells row by row
//! (`.`, `x`, `o`):
//!
//! ```sh
//! cargo run --release -p grundy --example tictactoe
//! cargo run --release -p grundy --example tictactoe -- x...o...x
//! ```

use std::process::ExitCode;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, explore_dense, DenseIndex, Game};
use grundy::solve::{solve, Outcome, SolveOptions};

/// The eight lines of three cells.
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A cell: empty, X or O.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Cell {
    Empty,
    X,
    O,
}

/// A board; the player to move is X when both have as many marks, else O.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Board([Cell; 9]);

impl Board {
    const EMPTY: Board = Board([Cell::Empty; 9]);

    /// The mark of the player to move.
    fn mover(&self) -> Cell {
        let marks = self.0.iter().filter(|&&c| c != Cell::Empty).count();
        if marks % 2 == 0 {
            Cell::X
        } else {
            Cell::O
        }
    }

    /// Whether `mark` has three in a row.
    fn has_line(&self, mark: Cell) -> bool {
        LINES.iter().any(|l| l.iter().all(|&i| self.0[i] == mark))
    }

    fn is_full(&self) -> bool {
        self.0.iter().all(|&c| c != Cell::Empty)
    }

    /// Parses 9 cells of `.`, `x`, `o` (either case), row by row.
    fn parse(text: &str) -> Result<Board, String> {
        let cells: Vec<Cell> = text
            .chars()
            .map(|ch| match ch {
                '.' | '-' | '_' => Ok(Cell::Empty),
                'x' | 'X' => Ok(Cell::X),
                'o' | 'O' => Ok(Cell::O),
                _ => Err(format!(
                    "'{ch}' is not a cell: a board is 9 of '.', 'x', 'o', row by row"
                )),
            })
            .collect::<Result<_, _>>()?;
        let cells: [Cell; 9] = cells.try_into().map_err(|c: Vec<Cell>| {
            format!(
                "a board has 9 cells, '{text}' has {}: give them row by row, e.g. x...o....",
                c.len()
            )
        })?;
        Ok(Board(cells))
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, c) in self.0.iter().enumerate() {
            let ch = match c {
                Cell::Empty => '.',
                Cell::X => 'x',
                Cell::O => 'o',
            };
            write!(f, "{ch}")?;
            if i % 3 == 2 && i < 8 {
                write!(f, "/")?;
            }
        }
        Ok(())
    }
}

/// The rules: a position is a board.
struct TicTacToe;

impl Game for TicTacToe {
    type Position = Board;

    fn moves(&self, b: &Board, out: &mut grundy::rules::Moves<Board>) {
        let mark = b.mover();
        for i in 0..9 {
            if b.0[i] == Cell::Empty {
                let mut next = *b;
                next.0[i] = mark;
                out.push(next);
            }
        }
    }

    /// The previous player made a line: the player to move has lost. A full board otherwise
    /// is a draw.
    fn result(&self, b: &Board) -> Option<Outcome> {
        let last = match b.mover() {
            Cell::X => Cell::O,
            _ => Cell::X,
        };
        if b.has_line(last) {
            Some(Outcome::Loss)
        } else if b.is_full() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
}

impl DenseIndex for TicTacToe {
    fn index_count(&self) -> u64 {
        3u64.pow(9)
    }

    fn index(&self, b: &Board) -> u64 {
        b.0.iter().rev().fold(0, |code, &c| code * 3 + c as u64)
    }

    fn position(&self, mut index: u64) -> Board {
        let mut b = Board::EMPTY;
        for cell in &mut b.0 {
            *cell = match index % 3 {
                0 => Cell::Empty,
                1 => Cell::X,
                _ => Cell::O,
            };
            index /= 3;
        }
        b
    }
}

/// The cell a move from `from` to `to` marks.
fn marked_cell(from: &Board, to: &Board) -> usize {
    (0..9)
        .find(|&i| from.0[i] != to.0[i])
        .expect("a move marks a cell")
}

/// A cell's name: row and column from 1, with its place.
fn cell_name(i: usize) -> String {
    const PLACE: [&str; 9] = [
        "top left",
        "top",
        "top right",
        "left",
        "centre",
        "right",
        "bottom left",
        "bottom",
        "bottom right",
    ];
    format!("row {}, column {} ({})", i / 3 + 1, i % 3 + 1, PLACE[i])
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let start = match args.as_slice() {
        [] => Ok(Board::EMPTY),
        [board] => Board::parse(board),
        _ => Err("give at most one board".to_string()),
    };
    let start = match start {
        Ok(b) => b,
        Err(message) => {
            eprintln!("tictactoe: error: {message}");
            eprintln!("usage: tictactoe [BOARD]   (BOARD: 9 cells of '.', 'x', 'o', row by row)");
            return ExitCode::from(2);
        }
    };

    // Every position of the game, from the empty board: by dense index and by hashing.
    let limits = &Budget::default();
    let dense = explore_dense(&TicTacToe, [Board::EMPTY], limits, &NoProgress)
        .expect("tic-tac-toe is small");
    let hashed =
        explore(&TicTacToe, [Board::EMPTY], limits, &NoProgress).expect("tic-tac-toe is small");
    assert_eq!(dense.graph, hashed.graph, "both numberings give one graph");
    let graph = &dense.graph;
    let solution = solve(graph, &SolveOptions::default()).expect("no players, no preferences");

    let Some(at) = dense.id(TicTacToe.index(&start)) else {
        eprintln!("tictactoe: error: {start} is not reached in play from the empty board");
        return ExitCode::from(2);
    };
    let (wins, losses, draws) = solution.counts();
    println!(
        "{} positions reached from the empty board ({} moves): {wins} win, {losses} loss, {draws} draw for the player to move",
        graph.position_count(),
        graph.move_count()
    );
    let mover = if start.mover() == Cell::X { "x" } else { "o" };
    let outcome = solution.outcome(at);
    let how = match solution.remoteness(at) {
        Some(1) => " in 1 move".to_string(),
        Some(r) => format!(" in {r} moves"),
        None => String::new(),
    };
    println!("{start}: {outcome}{how} for {mover}, the player to move");
    match solution.best_move(at) {
        None => println!("the game is over"),
        Some(best) => {
            let next = TicTacToe.position(dense.index(best));
            println!("best move: {}", cell_name(marked_cell(&start, &next)));
            // The outcome of every move for the mover, on the grid.
            println!("each move's outcome for {mover}:");
            let options = graph.options(at);
            for row in 0..3 {
                let line: Vec<&str> = (0..3)
                    .map(|col| {
                        let i = row * 3 + col;
                        options
                            .iter()
                            .find(|&&q| {
                                marked_cell(&start, &TicTacToe.position(dense.index(q))) == i
                            })
                            .map_or("  -  ", |&q| match solution.outcome(q).flip() {
                                Outcome::Win => " win ",
                                Outcome::Loss => "loss ",
                                Outcome::Draw => "draw ",
                            })
                    })
                    .collect();
                println!("  {}", line.join(""));
            }
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Outcome and remoteness (None for a draw) for the player to move, by plain recursive
    /// minimax with a memo: a win if some move leaves the opponent a loss (fastest such),
    /// else a draw if some move leaves a draw, else a loss (slowest).
    fn minimax(
        b: Board,
        memo: &mut HashMap<Board, (Outcome, Option<u32>)>,
    ) -> (Outcome, Option<u32>) {
        if let Some(&v) = memo.get(&b) {
            return v;
        }
        let mover = b.mover();
        let other = if mover == Cell::X { Cell::O } else { Cell::X };
        let v = if b.has_line(other) {
            (Outcome::Loss, Some(0))
        } else if b.0.iter().all(|&c| c != Cell::Empty) {
            (Outcome::Draw, None)
        } else {
            let mut best_win: Option<u32> = None;
            let mut any_draw = false;
            let mut slowest_loss = 0;
            for i in (0..9).filter(|&i| b.0[i] == Cell::Empty) {
                let mut next = b;
                next.0[i] = mover;
                match minimax(next, memo) {
                    (Outcome::Loss, Some(r)) => {
                        best_win = Some(best_win.map_or(r + 1, |w: u32| w.min(r + 1)))
                    }
                    (Outcome::Draw, _) => any_draw = true,
                    (_, r) => slowest_loss = slowest_loss.max(r.unwrap() + 1),
                }
            }
            match (best_win, any_draw) {
                (Some(r), _) => (Outcome::Win, Some(r)),
                (None, true) => (Outcome::Draw, None),
                (None, false) => (Outcome::Loss, Some(slowest_loss)),
            }
        };
        memo.insert(b, v);
        v
    }

    #[test]
    fn the_empty_board_is_a_draw_among_5478_positions() {
        let limits = &Budget::default();
        let dense = explore_dense(&TicTacToe, [Board::EMPTY], limits, &NoProgress).unwrap();
        assert_eq!(dense.graph.position_count(), 5478);
        let solution = solve(&dense.graph, &SolveOptions::default()).unwrap();
        let start = dense.id(TicTacToe.index(&Board::EMPTY)).unwrap();
        assert_eq!(solution.outcome(start), Outcome::Draw);
        assert_eq!(solution.remoteness(start), None);
    }

    #[test]
    fn dense_and_hashed_exploration_agree() {
        let limits = &Budget::default();
        let dense = explore_dense(&TicTacToe, [Board::EMPTY], limits, &NoProgress).unwrap();
        let hashed = explore(&TicTacToe, [Board::EMPTY], limits, &NoProgress).unwrap();
        assert_eq!(dense.graph, hashed.graph);
        for id in 0..dense.graph.position_count() as u32 {
            let b = hashed.position(id);
            assert_eq!(dense.index(id), TicTacToe.index(b));
            assert_eq!(TicTacToe.position(dense.index(id)), *b);
        }
    }

    #[test]
    fn the_dense_index_is_one_to_one() {
        for index in 0..TicTacToe.index_count() {
            assert_eq!(TicTacToe.index(&TicTacToe.position(index)), index);
        }
    }

    #[test]
    fn solver_agrees_with_minimax_on_every_reachable_board() {
        let limits = &Budget::default();
        let hashed = explore(&TicTacToe, [Board::EMPTY], limits, &NoProgress).unwrap();
        let solution = solve(&hashed.graph, &SolveOptions::default()).unwrap();
        let mut memo = HashMap::new();
        minimax(Board::EMPTY, &mut memo);
        assert_eq!(memo.len(), 5478);
        for id in 0..hashed.graph.position_count() as u32 {
            let b = *hashed.position(id);
            let (outcome, remoteness) = memo[&b];
            assert_eq!(solution.outcome(id), outcome, "{b}");
            assert_eq!(solution.remoteness(id), remoteness, "{b}");
        }
    }

    #[test]
    fn boards_parse() {
        assert_eq!(Board::parse(".........").unwrap(), Board::EMPTY);
        let b = Board::parse("x...O....").unwrap();
        assert_eq!((b.0[0], b.0[4], b.mover()), (Cell::X, Cell::O, Cell::X));
        assert!(Board::parse("x..").is_err());
        assert!(Board::parse("x...y....").is_err());
    }
}
