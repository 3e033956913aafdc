//! 「联合省选 2023」过河卒 (Easy), as notes 000 state it (the section on loopy games, after
//! the proof that the positions left undecided are draws).
//!
//! An n×m board with obstacles. Player 1 has two pieces (`X`), player 2 has one (`O`), and
//! player 1 moves first. A move takes one of one's own pieces to a 4-adjacent cell that is on
//! the board and not an obstacle, with two restrictions: player 2's piece may not move down
//! (towards larger row numbers), and player 1 may not put both of his pieces on one cell. A
//! player who cannot move loses. Besides:
//!
//! - if player 2 moves his piece into the first row, player 2 wins;
//! - if a player moves a piece onto a cell holding an opponent's piece, he wins.
//!
//! A position is the three pieces' cells and the player to move; a move that wins leads to a
//! position whose [`Game::result`] is a loss for the player to move there. The game can go on
//! forever, so some positions are draws. [`solve`] gives each position its outcome and its
//! remoteness (the winner hurries, the loser delays: the notes' follow-up question), and
//! [`principal_line`] the play.
//!
//! The board is a text file of `.` (empty), `#` (obstacle), `X` (player 1's pieces, exactly
//! two) and `O` (player 2's piece, exactly one, not in the first row), at most 10×10 as in the
//! notes; without a file a built-in board is solved. Cells are printed as (row, column), both
//! from 1, row 1 at the top.
//!
//! ```sh
//! cargo run --release -p grundy --example river_crossing
//! cargo run --release -p grundy --example river_crossing -- board.txt
//! ```

use std::fmt::Write as _;
use std::process::ExitCode;

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::{explore, Game};
use grundy::solve::{principal_line, solve, LineEnd, Outcome, SolveOptions};
use grundy::Player;

/// The board solved when no file is given.
/// A river of obstacles with one bridge, guarded by player 1.
const DEFAULT_BOARD: &str = "\
.....
.X.X.
##.##
.....
..O..
";

/// The notes' bound on both sides of the board.
const MAX_SIDE: usize = 10;

/// The board: its size and which cells are open.
#[derive(Debug, Clone)]
struct Board {
    rows: usize,
    cols: usize,
    open: Vec<bool>,
}

/// A position: player 1's two pieces (sorted cell numbers), player 2's piece, who moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Position {
    x: [u8; 2],
    o: u8,
    turn: Player,
}

impl Board {
    /// The cell one step from `cell` in direction `(dr, dc)`, if it is on the board and open.
    fn step(&self, cell: u8, (dr, dc): (isize, isize)) -> Option<u8> {
        let r = (cell as usize / self.cols).checked_add_signed(dr)?;
        let c = (cell as usize % self.cols).checked_add_signed(dc)?;
        (r < self.rows && c < self.cols && self.open[r * self.cols + c])
            .then_some((r * self.cols + c) as u8)
    }

    fn row(&self, cell: u8) -> usize {
        cell as usize / self.cols
    }

    /// `(row, column)`, both from 1.
    fn name(&self, cell: u8) -> String {
        format!(
            "({},{})",
            cell as usize / self.cols + 1,
            cell as usize % self.cols + 1
        )
    }
}

/// Up, left, right, down: player 2 uses the first three.
const DIRECTIONS: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

impl Game for Board {
    type Position = Position;

    fn moves(&self, p: &Position, out: &mut grundy::rules::Moves<Position>) {
        match p.turn {
            Player::One => {
                for (moved, other) in [(0, 1), (1, 0)] {
                    for d in DIRECTIONS {
                        if let Some(t) = self.step(p.x[moved], d).filter(|&t| t != p.x[other]) {
                            let (a, b) = (t.min(p.x[other]), t.max(p.x[other]));
                            out.push(Position {
                                x: [a, b],
                                o: p.o,
                                turn: Player::Two,
                            });
                        }
                    }
                }
            }
            Player::Two => {
                for d in &DIRECTIONS[..3] {
                    if let Some(t) = self.step(p.o, *d) {
                        out.push(Position {
                            o: t,
                            turn: Player::One,
                            ..*p
                        });
                    }
                }
            }
        }
    }

    /// The player who just moved won: he took a piece, or player 2 reached the first row.
    fn result(&self, p: &Position) -> Option<Outcome> {
        let taken = p.x.contains(&p.o);
        let crossed = p.turn == Player::One && self.row(p.o) == 0;
        (taken || crossed).then_some(Outcome::Loss)
    }

    fn player(&self, p: &Position) -> Option<Player> {
        Some(p.turn)
    }
}

/// Reads a board and its start position; errors name the line and column.
fn parse_board(text: &str) -> Result<(Board, Position), String> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let used = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(0, |i| i + 1);
    let lines = &lines[..used];
    if lines.is_empty() {
        return Err("the board is empty".into());
    }
    let cols = lines[0].chars().count();
    if lines.len() > MAX_SIDE || cols > MAX_SIDE {
        return Err(format!(
            "the board is {}×{cols}: at most {MAX_SIDE}×{MAX_SIDE} is accepted",
            lines.len()
        ));
    }
    let mut open = Vec::new();
    let (mut x, mut o) = (Vec::new(), Vec::new());
    for (r, line) in lines.iter().enumerate() {
        if line.chars().count() != cols {
            return Err(format!(
                "line {}: {} cells, but line 1 has {cols} (every row needs as many)",
                r + 1,
                line.chars().count()
            ));
        }
        for (c, ch) in line.chars().enumerate() {
            let cell = (r * cols + c) as u8;
            match ch {
                '.' => {}
                '#' => {}
                'X' => x.push(cell),
                'O' => o.push(cell),
                _ => {
                    return Err(format!(
                        "line {}, column {}: '{ch}' is not a cell: expected '.' (empty), '#' \
                         (obstacle), 'X' (player 1) or 'O' (player 2)",
                        r + 1,
                        c + 1
                    ))
                }
            }
            open.push(ch != '#');
        }
    }
    let board = Board {
        rows: lines.len(),
        cols,
        open,
    };
    if x.len() != 2 {
        return Err(format!(
            "player 1 needs exactly two pieces 'X', the board has {}",
            x.len()
        ));
    }
    if o.len() != 1 {
        return Err(format!(
            "player 2 needs exactly one piece 'O', the board has {}",
            o.len()
        ));
    }
    if board.row(o[0]) == 0 {
        return Err(format!(
            "player 2's piece starts in the first row, at {}: the game would be over before it began",
            board.name(o[0])
        ));
    }
    let start = Position {
        x: [x[0], x[1]],
        o: o[0],
        turn: Player::One,
    };
    Ok((board, start))
}

/// One move of a line, in words: which piece went where, and why the game ends if it does.
fn describe(board: &Board, from: &Position, to: &Position) -> String {
    let mut s = match from.turn {
        Player::One => {
            let gone = from.x.iter().find(|c| !to.x.contains(c));
            let came = to.x.iter().find(|c| !from.x.contains(c));
            let (a, b) = (gone.expect("a piece moved"), came.expect("a piece moved"));
            format!("X {} -> {}", board.name(*a), board.name(*b))
        }
        Player::Two => format!("O {} -> {}", board.name(from.o), board.name(to.o)),
    };
    if to.x.contains(&to.o) {
        s.push_str(", takes a piece and wins");
    } else if from.turn == Player::Two && board.row(to.o) == 0 {
        s.push_str(", reaches the first row and wins");
    }
    s
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::One => "player 1 (X)",
        Player::Two => "player 2 (O)",
    }
}

/// Solves the board from its start and reports who wins, how fast, and the principal line.
fn report(board: &Board, start: Position) -> Result<String, String> {
    let explored =
        explore(board, [start], &Budget::default(), &NoProgress).map_err(|e| e.to_string())?;
    let graph = &explored.graph;
    let solution = solve(graph, &SolveOptions::default()).map_err(|e| e.to_string())?;
    let id = explored.id(&start).expect("the start is explored");
    let mut out = String::new();
    let (w, l, d) = solution.counts();
    writeln!(
        out,
        "{}×{} board, {} positions ({w} win, {l} loss, {d} draw for the player to move)",
        board.rows,
        board.cols,
        graph.position_count()
    )
    .unwrap();
    match (solution.outcome(id), solution.remoteness(id)) {
        (Outcome::Draw, _) => writeln!(out, "draw: neither player can force a win").unwrap(),
        (o, Some(r)) => {
            let winner = if o == Outcome::Win {
                Player::One
            } else {
                Player::Two
            };
            let plural = if r == 1 { "" } else { "s" };
            writeln!(out, "{} wins in {r} move{plural}", player_name(winner)).unwrap();
        }
        (_, None) => unreachable!("a decided position has a remoteness"),
    }
    let line = principal_line(&solution, id);
    writeln!(out, "principal line:").unwrap();
    for (n, pair) in line.positions.windows(2).enumerate() {
        let (from, to) = (explored.position(pair[0]), explored.position(pair[1]));
        writeln!(out, "  {:>3}. {}", n + 1, describe(board, from, to)).unwrap();
    }
    let last = *explored.position(*line.positions.last().expect("a line has a start"));
    match line.end {
        LineEnd::Repeats => {
            writeln!(out, "  ... and the same positions again, for ever").unwrap();
        }
        LineEnd::Terminal if board.result(&last).is_none() => {
            writeln!(out, "  {} cannot move and loses", player_name(last.turn)).unwrap();
        }
        LineEnd::Terminal => {}
    }
    Ok(out)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = match args.as_slice() {
        [] => Ok(DEFAULT_BOARD.to_string()),
        [path] => std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}")),
        _ => Err("give at most one board file".to_string()),
    };
    let parsed = text.and_then(|t| {
        let name = args.first().map_or("the built-in board", String::as_str);
        parse_board(&t).map_err(|e| format!("{name}: {e}"))
    });
    let (board, start) = match parsed {
        Ok(b) => b,
        Err(message) => {
            eprintln!("river_crossing: error: {message}");
            eprintln!(
                "usage: river_crossing [BOARD-FILE]   ('.' empty, '#' obstacle, 'X' x2, 'O' x1)"
            );
            return ExitCode::from(2);
        }
    };
    if args.is_empty() {
        print!("the built-in board:\n{DEFAULT_BOARD}");
    }
    match report(&board, start) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("river_crossing: error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    use std::collections::HashMap;

    type Cell = (i32, i32);

    /// A state of the brute force, with its own encoding: coordinates, the two X pieces in
    /// either order, and one node for every finished game (the player to move there lost).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    enum State {
        Play { x: [Cell; 2], o: Cell, first: bool },
        Over,
    }

    /// The rules again, from the statement, on a grid of characters.
    fn brute_moves(grid: &[Vec<char>], s: State) -> Vec<State> {
        let free = |(r, c): Cell| {
            r >= 0
                && c >= 0
                && (r as usize) < grid.len()
                && (c as usize) < grid[0].len()
                && grid[r as usize][c as usize] != '#'
        };
        let State::Play { x, o, first } = s else {
            return vec![];
        };
        let mut out = vec![];
        if first {
            for a in 0..2 {
                for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let t = (x[a].0 + dr, x[a].1 + dc);
                    if !free(t) || t == x[1 - a] {
                        continue;
                    }
                    if t == o {
                        out.push(State::Over);
                    } else {
                        let mut y = x;
                        y[a] = t;
                        out.push(State::Play {
                            x: y,
                            o,
                            first: false,
                        });
                    }
                }
            }
        } else {
            for (dr, dc) in [(-1, 0), (0, 1), (0, -1)] {
                let t = (o.0 + dr, o.1 + dc);
                if !free(t) {
                    continue;
                }
                if t == x[0] || t == x[1] || t.0 == 0 {
                    out.push(State::Over);
                } else {
                    out.push(State::Play {
                        x,
                        o: t,
                        first: true,
                    });
                }
            }
        }
        out
    }

    /// Outcome and remoteness of every state reachable from `start`, by naive fixpoint
    /// iteration in synchronous rounds: round 0 decides the states without moves (losses); in
    /// round k an undecided state becomes a win if some option is a loss decided in round
    /// k - 1 or earlier, a loss if every option is a win; the round is the remoteness. What is
    /// never decided is a draw.
    fn brute_force(grid: &[Vec<char>], start: State) -> HashMap<State, (Outcome, Option<u32>)> {
        let mut options: HashMap<State, Vec<State>> = HashMap::new();
        let mut todo = vec![start];
        while let Some(s) = todo.pop() {
            if options.contains_key(&s) {
                continue;
            }
            let m = brute_moves(grid, s);
            todo.extend(m.iter().copied());
            options.insert(s, m);
        }
        let mut known: HashMap<State, (Outcome, u32)> = options
            .iter()
            .filter(|(_, m)| m.is_empty())
            .map(|(&s, _)| (s, (Outcome::Loss, 0)))
            .collect();
        for round in 1.. {
            let mut new = vec![];
            for (s, m) in &options {
                if known.contains_key(s) {
                    continue;
                }
                let o: Vec<Option<Outcome>> = m.iter().map(|t| known.get(t).map(|k| k.0)).collect();
                if o.contains(&Some(Outcome::Loss)) {
                    new.push((*s, (Outcome::Win, round)));
                } else if o.iter().all(|&v| v == Some(Outcome::Win)) {
                    new.push((*s, (Outcome::Loss, round)));
                }
            }
            if new.is_empty() {
                break;
            }
            known.extend(new);
        }
        options
            .keys()
            .map(|&s| {
                let v = known
                    .get(&s)
                    .map_or((Outcome::Draw, None), |&(o, r)| (o, Some(r)));
                (s, v)
            })
            .collect()
    }

    /// Solves a board with the library: the start's outcome and remoteness for player 1.
    fn solved(text: &str) -> (Outcome, Option<u32>) {
        let (board, start) = parse_board(text).unwrap();
        let explored = explore(&board, [start], &Budget::default(), &NoProgress).unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        let id = explored.id(&start).unwrap();
        (solution.outcome(id), solution.remoteness(id))
    }

    #[test]
    fn tiny_boards_worked_by_hand() {
        // The right X steps down onto O: player 1 wins in 1.
        assert_eq!(solved("XX\n.O\n"), (Outcome::Win, Some(1)));
        // Each X is blocked by the other X and by obstacles: player 1 cannot move and loses.
        assert_eq!(solved("X#.\nX#O\n"), (Outcome::Loss, Some(0)));
        // Player 1's only move is (2,1) -> (2,2); then O steps up into the first row (or takes
        // that X): player 2 wins in 2.
        assert_eq!(solved("X#.\nX.O\n"), (Outcome::Loss, Some(2)));
        // Whichever X player 1 moves up lands beside O, which takes it: player 2 wins in 2.
        assert_eq!(solved("###\n.O.\nX#X\n"), (Outcome::Loss, Some(2)));
        // The wall of obstacles parts the pieces for ever; each side can always move (X into
        // and out of (1,2), O left and right): a draw.
        assert_eq!(solved("X.X\n###\n.O.\n"), (Outcome::Draw, None));
        // O is walled in (obstacle above and to the right, edge to the left, no moving down)
        // and no X can reach it: whatever player 1 plays, player 2 cannot move. Win in 1.
        assert_eq!(solved("..X\n#..\nO#X\n"), (Outcome::Win, Some(1)));
        // A single column: X (4,1) must go up to (3,1), below O, which then steps into the
        // first row (it may not move down to take the X). Player 2 wins in 2.
        assert_eq!(solved(".\nO\n.\nX\nX\n"), (Outcome::Loss, Some(2)));
    }

    /// A random board of 2 to 4 rows and 1 to 4 columns with the three pieces placed, if
    /// there is room.
    fn random_board(rng: &mut StdRng) -> Option<String> {
        let (rows, cols) = (rng.random_range(2..=4), rng.random_range(1..=4));
        let mut grid: Vec<Vec<char>> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| if rng.random_bool(0.25) { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let open: Vec<(usize, usize)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|&(r, c)| grid[r][c] == '.')
            .collect();
        let below: Vec<(usize, usize)> = open.iter().copied().filter(|&(r, _)| r > 0).collect();
        if open.len() < 3 || below.is_empty() {
            return None;
        }
        let o = below[rng.random_range(0..below.len())];
        grid[o.0][o.1] = 'O';
        for _ in 0..2 {
            let rest: Vec<_> = open.iter().filter(|&&(r, c)| grid[r][c] == '.').collect();
            let &(r, c) = rest[rng.random_range(0..rest.len())];
            grid[r][c] = 'X';
        }
        Some(
            grid.iter()
                .map(|row| row.iter().collect::<String>() + "\n")
                .collect(),
        )
    }

    #[test]
    fn every_position_agrees_with_a_brute_force_on_random_boards() {
        let mut rng = StdRng::seed_from_u64(2023);
        let mut boards = 0;
        let mut seen = [0usize; 3];
        while boards < 300 {
            let Some(text) = random_board(&mut rng) else {
                continue;
            };
            boards += 1;
            let (board, start) = parse_board(&text).unwrap();
            let explored = explore(&board, [start], &Budget::default(), &NoProgress).unwrap();
            let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();

            let grid: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
            let at = |cell: u8| {
                (
                    cell as i32 / board.cols as i32,
                    cell as i32 % board.cols as i32,
                )
            };
            let encode = |(r, c): Cell| (r as usize * board.cols + c as usize) as u8;
            let brute_start = State::Play {
                x: [at(start.x[0]), at(start.x[1])],
                o: at(start.o),
                first: true,
            };
            let brute = brute_force(&grid, brute_start);
            // Every state in play maps to an explored position with the same answer, and
            // the explored positions in play are exactly those states.
            let mut in_play = std::collections::HashSet::new();
            for (s, &answer) in &brute {
                let State::Play { x, o, first } = *s else {
                    continue;
                };
                let (a, b) = (encode(x[0]), encode(x[1]));
                let p = Position {
                    x: [a.min(b), a.max(b)],
                    o: encode(o),
                    turn: if first { Player::One } else { Player::Two },
                };
                let id = explored
                    .id(&p)
                    .expect("the brute force's state is explored");
                let got = (solution.outcome(id), solution.remoteness(id));
                assert_eq!(got, answer, "board\n{text}position {p:?}");
                in_play.insert(id);
            }
            let playing = (0..explored.graph.position_count() as u32)
                .filter(|&id| explored.graph.fixed_result(id).is_none())
                .count();
            assert_eq!(in_play.len(), playing, "board\n{text}");
            seen[solution.outcome(explored.id(&start).unwrap()) as usize] += 1;
        }
        // The random boards cover every outcome at the start.
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
    }

    #[test]
    fn bad_boards_are_refused() {
        assert!(parse_board("").is_err());
        assert!(parse_board("X.\nXO\n.").is_err()); // ragged
        assert!(parse_board("X.\nXa\n").is_err()); // unknown cell
        assert!(parse_board("X.\n.O\n").is_err()); // one X
        assert!(parse_board("XX\nX.\n.O\n").is_err()); // three X
        assert!(parse_board("XX\n..\n").is_err()); // no O
        assert!(parse_board("XO\nX.\n").is_err()); // O in the first row
        assert!(parse_board(&"...........\n".repeat(3)).is_err()); // too wide
        assert!(parse_board("XX\n.O\n\n\n").is_ok()); // blank lines at the end are fine
    }

    #[test]
    fn the_default_board_is_valid_and_solved() {
        let (board, start) = parse_board(DEFAULT_BOARD).unwrap();
        assert!(report(&board, start).is_ok());
    }
}
