//! `grundy search GAME POSITION`: one position solved by search, for games whose positions
//! are too many to enumerate. The games searched so far: Connect Four
//! ([`connect4::search`](super::connect4::search)), with its exact score.

use super::connect4::search::{Options, Searcher, Verdict};
use super::connect4::{read_board, Board};
use super::{Family, Group, Inputs, Param, RunError};
use crate::input::{self, InputError};
use crate::outcome::Outcome;
use crate::report::{Field, Report};

/// The nodes searched by default: a few seconds, so that a position too hard for the default
/// is refused soon, saying how to raise it.
const DEFAULT_NODES: &str = "5000000";

/// The games `search` knows, as the parameter's values name them.
const GAMES: &[&str] = &["connect4"];

/// `grundy search connect4 POSITION`: the exact score of a Connect Four position by
/// alpha-beta search with a transposition table.
///
/// Text: the board, who is to move, the outcome for the player to move, the score (Pons's:
/// 22 − the winner's stones on 7 × 6, see [`super::connect4::search`]) and the move on which
/// the game ends, a best move, the principal line, the nodes searched and the table's size.
/// JSON: `{"game", "board", "to_move", "outcome", "score", "ends_on_move", "best_move",
/// "line", "nodes", "table_bytes", "threads"}` (columns from 1; `ends_on_move` and `best_move`
/// null where there is none).
pub static FAMILY: Family = Family {
    name: "search",
    group: Group::Search,
    about: "Solve one position by alpha-beta search with a transposition table: Connect Four \
            on boards too large to enumerate, with its exact score",
    example: &[("game", "connect4"), ("position", "44455554221")],
    params: &[
        Param::arg("game", "GAME", "The game: connect4"),
        Param::arg(
            "position",
            "POSITION",
            "The position: for connect4, rows top to bottom separated by `|` of x (first \
             player), o and . (empty); or the columns played from the empty board, from 1 \
             (`4453`; nothing for the empty board), on a board of {width} × {height}",
        ),
        Param::option("width", "W", "The board's width for a move sequence")
            .default("7")
            .whole("a width", 1)
            .at_most(64),
        Param::option("height", "H", "The board's height for a move sequence")
            .default("6")
            .whole("a height", 1)
            .at_most(64),
        Param::option(
            "table",
            "SIZE",
            "The transposition table's size (64M, 1G): rounded down to a power of two, at \
             least 1M; more keeps more results on a long search",
        )
        .default("64M"),
        super::max_positions(DEFAULT_NODES).help(
            "The most positions (nodes) to search, every thread counted: a few million a \
             second; the empty 7 × 6 board needs billions",
        ),
        Param::option(
            "threads",
            "N",
            "Threads searching, sharing the table (default: one a core)",
        )
        .whole("a thread count", 1)
        .at_most(256),
    ],
    run,
    table: None,
    plays: &[],
    strong: None,
};

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let game = inputs.value("game").unwrap_or("");
    if !GAMES.contains(&game) {
        return Err(InputError::invalid(
            inputs.shown("game"),
            format!(
                "'{game}' is not a game searched (expected one of: {})",
                GAMES.join(", ")
            ),
        )
        .into());
    }
    let text = inputs.value("position").unwrap_or("");
    let board = read_board(inputs, text, (7, 6))?;
    let threads = match inputs.optional_whole("threads")? {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let table_bytes = input::bytes(&inputs.shown("table"), inputs.value("table").unwrap_or(""))?;
    let options = Options {
        table_bytes,
        threads,
        ..Options::default()
    };
    let budget = &inputs
        .budget()
        .clone()
        .with_positions(inputs.whole("max-positions")?);
    let searcher = Searcher::new(board.game, options, budget)?;
    let searched = searcher.search(board.position, budget)?;
    Ok(report(&board, &searcher, &searched, threads))
}

/// The report of a search (see [`FAMILY`]).
fn report(
    board: &Board,
    searcher: &Searcher,
    searched: &super::connect4::search::Searched,
    threads: usize,
) -> Report {
    let game = board.game;
    let cells = game.width() * game.height();
    let stones = board.position.mask.count_ones();
    let verdict = Verdict::of(searched.score, stones, cells);
    let (outcome, ends) = match verdict {
        Verdict::Win(m) => (Outcome::Win, Some(m)),
        Verdict::Loss(m) => (Outcome::Loss, Some(m)),
        Verdict::Draw => (Outcome::Draw, None),
    };
    let over = game.ended(&board.position).is_some();
    let ends_text = match (verdict, over) {
        (_, true) => "the game is over".to_string(),
        (Verdict::Draw, _) => "a draw: the board fills without four".to_string(),
        (Verdict::Win(m), _) => format!("the player to move makes four on move {m} of the game"),
        (Verdict::Loss(m), _) => format!("the opponent makes four on move {m} of the game"),
    };
    let columns: Vec<u32> = searched.line.iter().map(|c| c + 1).collect();
    let line_text = if columns.is_empty() {
        "none (the game is over)".to_string()
    } else {
        columns.iter().map(u32::to_string).collect::<String>()
    };
    let rows = board.rows();
    Report::new().fields([
        Field::new("game", "connect4"),
        Field::shown("board", &rows, "board", rows.join("|")),
        Field::new("to_move", board.to_move()),
        Field::shown(
            "outcome",
            outcome,
            "outcome",
            format!("{outcome} (for the player to move)"),
        ),
        Field::new("score", searched.score),
        Field::shown("ends_on_move", ends, "end", ends_text),
        Field::shown(
            "best_move",
            searched.best.map(|c| c + 1),
            "best move",
            searched
                .best
                .map_or("none".to_string(), |c| format!("column {}", c + 1)),
        ),
        Field::shown("line", &columns, "principal line", line_text),
        Field::new("nodes", searched.nodes),
        Field::shown(
            "table_bytes",
            searcher.table_bytes(),
            "table",
            crate::budget::show_bytes(searcher.table_bytes()),
        ),
        Field::new("threads", threads),
    ])
}
