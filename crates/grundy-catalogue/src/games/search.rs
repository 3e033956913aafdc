//! `grundy search GAME POSITION`: one position solved by search, for games whose positions
//! are too many to enumerate. The games are the families of the registry that say how they
//! are searched ([`Family::searchable`]): Connect Four
//! ([`connect4::search`](super::connect4::search)), with its exact score, and the partizan
//! rulesets ([`partizan::search`](grundy::partizan::search)), with the outcome each player
//! moving first, which `ruleset` reports.

use std::sync::OnceLock;

use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::budget::{Budget, Exhausted};
use grundy::input::{self, InputError};
use grundy::outcome::OutcomeClass;
use grundy::partizan::region_table;
use grundy::partizan::rulesets::Ruleset;
use grundy::partizan::search::{PositionSearch, SearchError, SearchOptions, Searched};
use grundy::partizan::{Side, ValueError};
use grundy::report::{Field, Report};
use grundy::search::solver;

/// `grundy search GAME POSITION`: one position of a game that is searched
/// ([`Family::searchable`]) solved by alpha-beta search with a transposition table; what is
/// written is the game's (Connect Four's: [`super::connect4`]; a ruleset's: `ruleset`).
pub struct SearchFamily {
    /// The families the game is one of: the registry's, which lists this family and so hands
    /// its list over rather than being named here.
    pub families: &'static &'static [&'static dyn Family],
}

impl SearchFamily {
    /// The families searched, in the registry's order.
    fn searched(&self) -> impl Iterator<Item = &'static dyn Family> {
        self.families
            .iter()
            .copied()
            .filter(|f| f.searchable().is_some())
    }
}

impl Family for SearchFamily {
    fn name(&self) -> &'static str {
        "search"
    }

    fn group(&self) -> Group {
        Group::Search
    }

    fn about(&self) -> &'static str {
        "Solve one position by alpha-beta search with a transposition table: Connect Four \
         with its exact score, the partizan rulesets with each player's outcome moving first, \
         regions of few moves valued by canonical form"
    }

    fn example(&self) -> Example {
        &[("game", "connect4"), ("position", "44455554221")]
    }

    /// The parameters, the game's help naming every game searched: made once, from the
    /// registry.
    fn params(&self) -> &'static [Param] {
        static HELP: OnceLock<String> = OnceLock::new();
        static PARAMS: OnceLock<Vec<Param>> = OnceLock::new();
        PARAMS.get_or_init(|| {
            let names: Vec<&str> = self.searched().map(|f| f.name()).collect();
            let help = HELP.get_or_init(|| format!("The game: {}", names.join(", ")));
            let mut params = vec![Param::arg("game", "GAME", help)];
            params.extend_from_slice(PARAMS_AFTER_GAME);
            params
        })
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        let game = inputs.value("game").unwrap_or("");
        let found = self
            .searched()
            .find(|f| f.answers_to(game))
            .and_then(|f| f.searchable());
        let Some(searched) = found else {
            let names: Vec<&str> = self.searched().map(|f| f.name()).collect();
            let near = self.searched().flat_map(|f| f.aliases().iter().copied());
            let near = input::nearest(game, names.iter().copied().chain(near), 3);
            let hint = input::did_you_mean(&near).map_or(String::new(), |h| format!(": {h}"));
            return Err(InputError::invalid(
                inputs.shown("game"),
                format!(
                    "'{game}' is not a game searched{hint} (expected one of: {})",
                    names.join(", ")
                ),
            )
            .into());
        };
        // The table fixes a search's memory: without a node budget asked for, the front
        // end's budget stands (the command line's counts 2^32 nodes, minutes past its
        // default time budget), and a search runs until its time runs out or it is cancelled.
        let budget = match inputs.optional_whole("max-positions")? {
            Some(nodes) => inputs.budget().clone().with_positions(nodes),
            None => inputs.budget().clone(),
        };
        searched.search(inputs, &budget)
    }
}

/// The parameters after the game's: the position and how it is searched.
const PARAMS_AFTER_GAME: &[Param] = &[
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
    Param::option(
        "width",
        "W",
        "The board's width for a move sequence (connect4: any board whose (height + 1) × \
         width is at most 128, as 10 × 6, 9 × 7 or 8 × 8; columns past 9 take no moves)",
    )
    .default("7")
    .whole("a width", 1)
    .at_most(64),
    Param::option(
        "height",
        "H",
        "The board's height for a move sequence (with the width, at most 128 bits)",
    )
    .default("6")
    .whole("a height", 1)
    .at_most(127),
    Param::option(
        "table",
        "SIZE",
        "The transposition table's size (64M, 1G): rounded down to a power of two, at \
         least 1M; more keeps more results on a long search",
    )
    .default("64M"),
    Param::option(
        "max-positions",
        "N",
        "The most positions (nodes) to search, every thread counted: a few million a \
         second (default: 2^32 − 2, more than the time budget lets a search reach: a search \
         runs until it ends or its time runs out)",
    )
    .whole("a position count", 1),
    Param::option(
        "threads",
        "N",
        "Threads searching, sharing the table (default: one a core)",
    )
    .whole("a thread count", 1)
    .at_most(256),
];

/// The threads asked for, or one a core.
pub(super) fn threads(inputs: &Inputs) -> Result<usize, RunError> {
    Ok(match inputs.optional_whole("threads")? {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    })
}

/// The transposition table's size asked for, in bytes.
pub(super) fn table_bytes(inputs: &Inputs) -> Result<u64, RunError> {
    Ok(input::bytes(
        &inputs.shown("table"),
        inputs.value("table").unwrap_or(""),
    )?)
}

/// A ruleset's position (the `position` of `inputs`) searched, by the search `make` gives
/// for it and the options asked, with each player first (or the one asked): the outcome
/// class where both are, and for each player the outcome, a best move and a line.
///
/// Text: the game and position, the outcome class, then for each player moving first `wins`
/// or `loses` with the best move and the line; the nodes, the regions valued, the table and
/// threads. JSON: `{"game", "position", "outcome_class" (null unless both), "left_first",
/// "right_first" (each null unless searched: `{"wins", "best_move", "after", "line"}`, the
/// line a list of `{"move", "position"}`), "regions_loaded" (with a table of regions only),
/// "nodes", "regions_valued", "table_bytes", "threads"}`.
pub(super) fn ruleset<R, M>(
    rules: &R,
    game: &str,
    inputs: &Inputs,
    budget: &Budget,
    make: M,
) -> Result<Report, RunError>
where
    R: Ruleset,
    M: FnOnce(&R::Position, SearchOptions) -> Result<Box<dyn PositionSearch<R>>, Exhausted>,
{
    let text = inputs.value("position").unwrap_or("");
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
    let table_bytes = table_bytes(inputs)?;
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
