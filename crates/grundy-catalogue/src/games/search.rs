//! `grundy search GAME POSITION`: one position solved by search, for games whose positions
//! are too many to enumerate: Connect Four ([`connect4::search`](super::connect4::search)),
//! with its exact score, and the rulesets (Domineering, Cram, Clobber, Konane, Toads and
//! Frogs: [`partizan::search`](grundy::partizan::search)), with the outcome each player
//! moving first.

use super::connect4::search::{Options, Searcher, Verdict};
use super::connect4::{read_board, Board};
use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::budget::{Budget, Exhausted};
use grundy::input::{self, InputError};
use grundy::outcome::{Outcome, OutcomeClass};
use grundy::partizan::region_table;
use grundy::partizan::rulesets::clobber::Clobber;
use grundy::partizan::rulesets::cram::Cram;
use grundy::partizan::rulesets::domineering::Domineering;
use grundy::partizan::rulesets::konane::Konane;
use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;
use grundy::partizan::rulesets::Ruleset;
use grundy::partizan::search::domineering::{self, DomineeringSearch};
use grundy::partizan::search::{
    PositionSearch, RulesetSearch, SearchError, SearchOptions, Searched,
};
use grundy::partizan::{Side, ValueError};
use grundy::report::{Field, Report};
use grundy::search::solver;

/// The nodes searched by default: a few seconds, so that a position too hard for the default
/// is refused soon, saying how to raise it.
const DEFAULT_NODES: &str = "5000000";

/// The games `search` knows, as the parameter's values name them.
const GAMES: &[&str] = &[
    "connect4",
    "domineering",
    "cram",
    "clobber",
    "konane",
    "toads-and-frogs",
];

/// `grundy search connect4 POSITION`: the exact score of a Connect Four position by
/// alpha-beta search with a transposition table.
///
/// Text: the board, who is to move, the outcome for the player to move, the score (Pons's:
/// 22 − the winner's stones on 7 × 6, see [`super::connect4::search`]) and the move on which
/// the game ends, a best move, the principal line, the nodes searched and the table's size.
/// JSON: `{"game", "board", "to_move", "outcome", "score", "ends_on_move", "best_move",
/// "line", "nodes", "table_bytes", "threads"}` (columns from 1; `ends_on_move` and `best_move`
/// null where there is none).
pub struct SearchFamily;

impl Family for SearchFamily {
    fn name(&self) -> &'static str {
        "search"
    }

    fn group(&self) -> Group {
        Group::Search
    }

    fn about(&self) -> &'static str {
        "Solve one position by alpha-beta search with a transposition table: Connect Four \
         with its exact score, Domineering, Cram, Clobber, Konane and Toads and Frogs with \
         each player's outcome moving first, regions of few moves valued by canonical form"
    }

    fn example(&self) -> Example {
        &[("game", "connect4"), ("position", "44455554221")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "game",
                "GAME",
                "The game: connect4, domineering, cram, clobber, konane, toads-and-frogs",
            ),
            Param::arg(
                "position",
                "POSITION",
                "The position: for connect4, rows top to bottom separated by `|` of x (first \
                 player), o and . (empty); or the columns played from the empty board, from 1 \
                 (`4453`; nothing for the empty board), on a board of {width} × {height}; for \
                 the rulesets, as their own commands read it (`....|....` for Domineering)",
            ),
            Param::option(
                "first",
                "PLAYER",
                "For a ruleset, who moves first: left, right, or both (the outcome class)",
            )
            .default("both"),
            Param::option(
                "small",
                "N",
                "For a ruleset, the most moves (both players') of a region valued by canonical \
                 form instead of searched (by Domineering's own search: of a position the count \
                 of moves leaves undecided); 0 searches every position whole",
            )
            .default("10")
            .whole("a number of moves", 0)
            .at_most(1000),
            Param::option(
                "regions",
                "FILE",
                "For a ruleset, a table of regions and their canonical forms: read before the \
                 search where the file exists, written after it with every region valued; signed \
                 with a key of yours (made on first use in your configuration folder), a table \
                 under another key, edited or damaged is refused",
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
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

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
    let budget = &inputs
        .budget()
        .clone()
        .with_positions(inputs.whole("max-positions")?);
    match game {
        "domineering" => {
            return ruleset(Domineering, game, text, inputs, budget, |p, options| {
                let own = domineering::Options {
                    table_bytes: options.search.table_bytes,
                    threads: options.search.threads,
                    small: options.small,
                    ..domineering::Options::default()
                };
                Ok(match DomineeringSearch::new(p.shape, own, budget) {
                    Some(search) => Box::new(search?),
                    None => Box::new(RulesetSearch::new(Domineering, options, budget)?),
                })
            })
        }
        "cram" => return generic(Cram, game, text, inputs, budget),
        "clobber" => return generic(Clobber::CLOBBER, game, text, inputs, budget),
        "konane" => return generic(Konane, game, text, inputs, budget),
        "toads-and-frogs" => return generic(ToadsAndFrogs, game, text, inputs, budget),
        _ => {}
    }
    let board = read_board(inputs, text, (7, 6))?;
    let threads = threads(inputs)?;
    let table_bytes = input::bytes(&inputs.shown("table"), inputs.value("table").unwrap_or(""))?;
    let options = Options {
        table_bytes,
        threads,
        ..Options::default()
    };
    let searcher = Searcher::new(board.game, options, budget)?;
    let searched = searcher.search_watched(board.position, budget, inputs.progress())?;
    Ok(report(&board, &searcher, &searched, threads))
}

/// The threads asked for, or one a core.
fn threads(inputs: &Inputs) -> Result<usize, RunError> {
    Ok(match inputs.optional_whole("threads")? {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    })
}

/// A ruleset's position searched by the generic search with the theory ([`ruleset`]).
fn generic<R>(
    rules: R,
    game: &str,
    text: &str,
    inputs: &Inputs,
    budget: &Budget,
) -> Result<Report, RunError>
where
    R: Ruleset + Clone + Send + 'static,
    R::Position: Send + Sync,
    R::Move: Send,
{
    ruleset(rules.clone(), game, text, inputs, budget, |_, options| {
        Ok(Box::new(RulesetSearch::new(rules, options, budget)?))
    })
}

/// A ruleset's position searched, by the search `make` gives for it and the options asked,
/// with each player first (or the one asked): the outcome
/// class where both are, and for each player the outcome, a best move and a line.
///
/// Text: the game and position, the outcome class, then for each player moving first `wins`
/// or `loses` with the best move and the line; the nodes, the regions valued, the table and
/// threads. JSON: `{"game", "position", "outcome_class" (null unless both), "left_first",
/// "right_first" (each null unless searched: `{"wins", "best_move", "after", "line"}`, the
/// line a list of `{"move", "position"}`), "regions_loaded" (with a table of regions only),
/// "nodes", "regions_valued", "table_bytes", "threads"}`.
fn ruleset<R, M>(
    rules: R,
    game: &str,
    text: &str,
    inputs: &Inputs,
    budget: &Budget,
    make: M,
) -> Result<Report, RunError>
where
    R: Ruleset,
    M: FnOnce(&R::Position, SearchOptions) -> Result<Box<dyn PositionSearch<R>>, Exhausted>,
{
    let p = rules
        .parse(text)
        .map_err(|e| InputError::invalid(inputs.shown("position"), e))?;
    let sides: &[Side] = match inputs.value("first").unwrap_or("both") {
        "left" => &[Side::Left],
        "right" => &[Side::Right],
        "both" => &[Side::Left, Side::Right],
        other => {
            return Err(InputError::invalid(
                inputs.shown("first"),
                format!("'{other}' is not a player (expected left, right or both)"),
            )
            .into())
        }
    };
    let threads = threads(inputs)?;
    let table_bytes = input::bytes(&inputs.shown("table"), inputs.value("table").unwrap_or(""))?;
    let small = inputs.whole("small")? as usize;
    let options = SearchOptions {
        search: solver::Options {
            table_bytes,
            threads,
            ..solver::Options::default()
        },
        small: (small > 0).then_some(small),
    };
    let mut search = make(&p, options)?;
    let regions = inputs.value("regions").map(std::path::PathBuf::from);
    // The table is written after the search: a folder that is not there is refused before
    // it, not after minutes of search.
    let folder = regions.as_ref().and_then(|p| p.parent());
    if let Some(folder) = folder.filter(|f| !f.as_os_str().is_empty() && !f.is_dir()) {
        return Err(InputError::invalid(
            inputs.shown("regions"),
            format!(
                "{}: no such folder to write the table of regions in",
                folder.display()
            ),
        )
        .into());
    }
    // The key too: one that cannot be read or made is refused before the search.
    let file = match regions {
        Some(path) => {
            let key = inputs.key();
            Some((
                path,
                key.map_err(|e| InputError::invalid(inputs.shown("regions"), e))?,
            ))
        }
        None => None,
    };
    let refused = |path: &std::path::Path, e: std::io::Error| {
        InputError::invalid(inputs.shown("regions"), format!("{}: {e}", path.display()))
    };
    let mut loaded = 0;
    if let Some((path, key)) = file.as_ref().filter(|(path, _)| path.exists()) {
        // The text is held while the table is read: counted before it is.
        let bytes = std::fs::metadata(path).map_err(|e| refused(path, e))?.len();
        budget.check(region_table::READING, 0, bytes)?;
        let text = std::fs::read_to_string(path).map_err(|e| refused(path, e))?;
        loaded = search.load_regions(&text, &path.display().to_string(), key)?;
    }
    let mut found: [Option<Searched<R::Move, R::Position>>; 2] = [None, None];
    let mut nodes = 0;
    // A budget that runs out after one player's search keeps that player's answer.
    let mut stopped = None;
    for &side in sides {
        match search.search(&p, side, budget, inputs.progress()) {
            Ok(s) => {
                nodes += s.nodes;
                found[usize::from(side == Side::Right)] = Some(s);
            }
            Err(SearchError::Budget(e) | SearchError::Value(ValueError::Budget(e)))
                if found.iter().any(Option::is_some) =>
            {
                stopped = Some(e);
                break;
            }
            Err(e) => return Err(e.into()),
        }
    }
    let class = match &found {
        [Some(l), Some(r)] => Some(OutcomeClass::from_left_wins(l.wins, !r.wins)),
        _ => None,
    };
    let mut report = Report::new().fields([
        Field::new("game", game),
        Field::new("position", rules.show(&p)),
        Field::shown(
            "outcome_class",
            class,
            "outcome class",
            class.map_or("-".to_string(), |c| c.to_string()),
        ),
    ]);
    for (side, s) in [Side::Left, Side::Right].into_iter().zip(&found) {
        let key = match side {
            Side::Left => "left_first",
            Side::Right => "right_first",
        };
        let Some(s) = s else {
            let null = serde_json::Value::Null;
            report = report.field(match &stopped {
                Some(e) if sides.contains(&side) => Field::shown(
                    key,
                    null,
                    &format!("{side} moving first"),
                    format!("not searched ({})", e.resource.ran_out()),
                ),
                _ => Field::json_only(key, null),
            });
            continue;
        };
        let line: Vec<serde_json::Value> = s
            .line
            .iter()
            .map(|(m, q)| serde_json::json!({"move": m.to_string(), "position": rules.show(q)}))
            .collect();
        let json = serde_json::json!({
            "wins": s.wins,
            "best_move": s.best.as_ref().map(|b| b.0.to_string()),
            "after": s.best.as_ref().map(|b| rules.show(&b.1)),
            "line": line,
        });
        let text = match &s.best {
            None => format!("{} (no move)", if s.wins { "wins" } else { "loses" }),
            Some((m, _)) if s.wins => format!("wins, with {m}"),
            Some(_) => "loses (every move loses)".to_string(),
        };
        let moves: Vec<String> = s.line.iter().map(|(m, _)| m.to_string()).collect();
        report = report.field(Field::shown(
            key,
            json,
            &format!("{side} moving first"),
            text,
        ));
        if !moves.is_empty() {
            report = report.field(Field::text_only("  line", moves.join(" ")));
        }
    }
    // A search a budget stopped writes no table: its store's budget has run out.
    if let Some((path, key)) = file.as_ref().filter(|_| stopped.is_none()) {
        // Written whole, then renamed over the old file: a stopped run leaves no half table.
        let partial = path.with_extension("partial");
        let text = search.save_regions(key)?;
        std::fs::write(&partial, text)
            .and_then(|()| std::fs::rename(&partial, path))
            .map_err(|e| refused(path, e))?;
    }
    let table = options.search.table_bytes;
    if file.is_some() {
        report = report.field(Field::new("regions_loaded", loaded));
    }
    let report = report.fields([
        Field::new("nodes", nodes),
        Field::new("regions_valued", search.regions_valued()),
        Field::shown(
            "table_bytes",
            table,
            "table",
            grundy::budget::show_bytes(table),
        ),
        Field::new("threads", threads),
    ]);
    Ok(match stopped {
        Some(e) => report.stopped_by(e),
        None => report,
    })
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
            grundy::budget::show_bytes(searcher.table_bytes()),
        ),
        Field::new("threads", threads),
    ])
}
