//! The catalogue's games that can be played, by name: `nim`, `subtraction:1,3,4`,
//! `take-and-break:0.77`... Each is explored by its rules from the position given and solved
//! ([`Match::from_rules`]); the names follow those of `grundy table` where both exist.

use serde::Serialize;

use super::drawing::coin_text;
use super::families;
use super::rulesets::{self, edges, graph_text, grid};
use super::take_break::Heaps;
use super::{fits, Drawing, Match, PlayError};
use crate::budget::{Budget, Resource};
use crate::games::coins::{self, CoinRow};
use crate::games::fibonacci::{self, FibonacciNim};
use crate::games::limited::LimitedPile;
use crate::games::nim::{AntiNim, Nim};
use crate::games::partizan_piles::{PartizanPiles, PilesPosition};
use crate::games::square_subtraction::Squares;
use crate::games::staircase::Staircase;
use crate::games::subtraction;
use crate::games::subtraction::Subtraction;
use crate::games::wythoff::Wythoff;
use crate::impartial::octal;
use crate::input::{self, InputError};
use crate::partizan::rulesets::amazons::Amazons;
use crate::partizan::rulesets::clobber::Clobber;
use crate::partizan::rulesets::cram::Cram;
use crate::partizan::rulesets::domineering::Domineering;
use crate::partizan::rulesets::hackenbush::Hackenbush;
use crate::partizan::rulesets::konane::Konane;
use crate::partizan::rulesets::snort_col::SnortCol;
use crate::partizan::rulesets::toads_frogs::ToadsAndFrogs;
use crate::partizan::Side;
use crate::rules::Sum;

/// The most values times amounts the search for a subtraction set's period may take, to play
/// it by its formula: about a second.
const PERIOD_SEARCH_WORK: usize = 1 << 28;

/// A game that can be played, for help and for the web page's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Playable {
    /// How the game is named: `nim`, `subtraction:S` (with its parameters).
    pub syntax: &'static str,
    /// A name that works as it is, for examples: `subtraction:1,3,4`.
    pub example: &'static str,
    /// The game in a few words.
    pub about: &'static str,
    /// How a position is written.
    pub position: &'static str,
    /// A position to start from, for examples.
    pub start: &'static str,
}

/// Every game `grundy play` and the web page know, besides position graphs.
pub static GAMES: &[Playable] = &[
    Playable {
        syntax: "nim",
        example: "nim",
        about: "Nim: take any number of counters from one pile; the last to move wins",
        position: "the piles: 3 4 5",
        start: "3 4 5",
    },
    Playable {
        syntax: "misere-nim",
        example: "misere-nim",
        about: "Nim in misère play: whoever takes the last counter loses",
        position: "the piles: 3 4 5",
        start: "3 4 5",
    },
    Playable {
        syntax: "subtraction:S (1,3,4 or L..R or except:L)",
        example: "subtraction:1,3,4",
        about: "Subtraction game: take an amount of the set from one pile",
        position: "the piles: 10 7",
        start: "10 7",
    },
    Playable {
        syntax: "squares",
        example: "squares",
        about: "Square subtraction: take a positive square from one pile",
        position: "the piles: 20",
        start: "20",
    },
    Playable {
        syntax: "wythoff",
        example: "wythoff",
        about: "Wythoff's game: take from one pile, or the same amount from both",
        position: "the two piles: 5 8",
        start: "5 8",
    },
    Playable {
        syntax: "fibonacci",
        example: "fibonacci",
        about: "Fibonacci Nim: at most twice the last take, not the whole pile at first",
        position: "the pile, and the most that may be taken: 20 or 20/5",
        start: "20",
    },
    Playable {
        syntax: "staircase",
        example: "staircase",
        about: "Staircase Nim: move counters from a step down to the step below",
        position: "the counters on steps 1, 2, ...: 3 0 4 2",
        start: "3 0 4 2",
    },
    Playable {
        syntax: "take-and-break:CODE (0.77, 0.07, 4.07, grundy...)",
        example: "take-and-break:0.77",
        about: "Take-and-break heaps by an octal code (0.77 is Kayles, 0.07 Dawson's Kayles)",
        position: "the heaps: 7 4",
        start: "7 4",
    },
    Playable {
        syntax: "coins:RULE (two, mock-turtles, ruler, ruler:K, multiples)",
        example: "coins:mock-turtles",
        about: "A row of coins: turn coins over by the rule, the rightmost from heads to tails",
        position: "the row, 1 for heads: 0110101",
        start: "0110101",
    },
    Playable {
        syntax: "partizan:A,B",
        example: "partizan:1,2",
        about: "Partizan piles: Left takes A counters, Right takes B, from one pile",
        position: "the piles, then who moves: 3 4 5 left",
        start: "3 4 5 left",
    },
    Playable {
        syntax: "domineering",
        example: "domineering",
        about: "Domineering: Left places vertical dominoes, Right horizontal ones",
        position: "the board (. empty, # filled, rows separated by |), then who moves: \
                   ...|...|... left",
        start: "....|....|....|.... left",
    },
    Playable {
        syntax: "cram",
        example: "cram",
        about: "Cram: either player places a domino, either way",
        position: "the board (. empty, # filled, rows separated by |), then who moves: \
                   ...|...|... left",
        start: "....|....|...# left",
    },
    Playable {
        syntax: "clobber",
        example: "clobber",
        about: "Clobber: move a stone onto an adjacent stone of the opponent's, which is removed",
        position: "the board (x Left's stones, o Right's, . empty, rows separated by |), \
                   then who moves: xox|oxo left",
        start: "xoxo|oxox left",
    },
    Playable {
        syntax: "anticlobber",
        example: "anticlobber",
        about: "AntiClobber: move a stone onto an adjacent empty cell, leaving a stone of the \
                opponent's behind",
        position: "the board (x Left's stones, o Right's, . empty, rows separated by |), \
                   then who moves: x..|..o left",
        start: "x...|..o.|.x.o left",
    },
    Playable {
        syntax: "konane",
        example: "konane",
        about: "Konane: jump a stone over an adjacent stone of the opponent's into an empty \
                cell, and on in the same line; the stones jumped are removed",
        position: "the board (x Left's stones, o Right's, . empty, rows separated by |), \
                   then who moves: xo.|.ox left",
        start: "xo.x|.xo.|oxox left",
    },
    Playable {
        syntax: "snort",
        example: "snort",
        about: "Snort: colour an uncoloured vertex not next to a vertex of the opponent's \
                colour; tinted vertices (L, R) only that player may colour",
        position: "the graph (. uncoloured, L or R tinted, - edges, branches in (..;..)), \
                   then who moves: L-.-.-R left",
        start: "L-.-.-.(-.;-.-R) left",
    },
    Playable {
        syntax: "col",
        example: "col",
        about: "Col: colour an uncoloured vertex not next to a vertex of your own colour; a \
                vertex tinted L (next to Left's colour) only Right may colour, and R only Left",
        position: "the graph (. uncoloured, L or R tinted, - edges, branches in (..;..)), \
                   then who moves: R-.-.-L left",
        start: ".-.-.-.(-.;-.) left",
    },
    Playable {
        syntax: "amazons",
        example: "amazons",
        about: "Amazons: move your amazon as a queen, then shoot an arrow as a queen from \
                where it lands, burning that cell",
        position: "the board (x Left's amazons, o Right's, . empty, # burnt, rows separated \
                   by |), then who moves: x..|..o left",
        start: "x..|...|..o left",
    },
    Playable {
        syntax: "toads-and-frogs",
        example: "toads-and-frogs",
        about: "Toads and Frogs: toads (Left's) move right, frogs (Right's) left, by a step \
                or a jump over the other kind",
        position: "the strip (T toad, F frog, . empty), then who moves: TT..FF left",
        start: "TTT..FF left",
    },
    Playable {
        syntax: "hackenbush",
        example: "hackenbush",
        about: "Hackenbush: Left cuts blue or green edges, Right red or green ones; what \
                falls off the ground is gone",
        position: "the edges U-V:C (vertex 0 the ground, C b, r or g) or a tree like l(l;rl), \
                   then who moves: 0-1:b 1-2:r left",
        start: "0-1:b 1-2:r 2-3:b 0-4:r 4-5:g 4-6:b 0-7:g 7-8:r left",
    },
];

/// The game named `spec` (see [`GAMES`]) played from `position`, explored and solved within
/// `limit` positions (and 1 KiB of memory a position, within the default memory budget).
/// O(positions × moves).
pub fn build(spec: &str, position: &str, limit: usize) -> Result<Match, PlayError> {
    let budget = Budget::default().with_positions(limit as u64);
    let memory = budget.memory().min((limit as u64).saturating_mul(1 << 10));
    build_within(spec, position, &budget.with_memory(memory))
}

/// The game named `spec` (see [`GAMES`]) played from `position`, explored and solved within
/// `budget`. A start too large for the budget's positions is refused before anything is
/// explored ([`PlayError::StartTooLarge`]). O(positions × moves).
pub fn build_within(spec: &str, position: &str, budget: &Budget) -> Result<Match, PlayError> {
    let spec = spec.trim();
    let (name, argument) = spec.split_once(':').unwrap_or((spec, ""));
    let words: Vec<String> = position
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let piles = |noun: &str| -> Result<Vec<u64>, PlayError> {
        let piles = input::each_whole(noun, &words, "a size", 0).map_err(game_error)?;
        if piles.is_empty() {
            return Err(PlayError::Game(format!("give the {noun}s, like 3 4 5")));
        }
        Ok(piles)
    };
    // What a game played by its formula numbers at most: the budget's positions.
    let limit = usize::try_from(budget.positions()).unwrap_or(usize::MAX);
    let named = |noun: &'static str| move |p: &Vec<u64>| (text(p), Drawing::piles(p, noun));
    match name.to_ascii_lowercase().as_str() {
        "nim" | "misere-nim" => {
            let misere = name.eq_ignore_ascii_case("misere-nim");
            let title = if misere { "Nim in misère play" } else { "Nim" }.to_string();
            let piles = piles("pile")?;
            let (reach, size) = (families::reach_of_piles(&piles), counters(&piles));
            let explore = || {
                let start = piles.clone();
                let title = title.clone();
                if misere {
                    Match::from_rules(title, &AntiNim, start, true, budget, named("pile"))
                } else {
                    Match::from_rules(title, &Nim, start, false, budget, named("pile"))
                }
            };
            explore_or_formula(budget, reach, size, explore, || {
                Ok(families::nim(
                    title.clone(),
                    piles.clone(),
                    misere,
                    named("pile"),
                    limit,
                ))
            })
        }
        "subtraction" => {
            let rule = subtraction::rule_of_name(argument).map_err(game_error)?;
            let title = format!("subtraction game: {rule}");
            let piles = piles("pile")?;
            let (reach, size) = (families::reach_of_piles(&piles), counters(&piles));
            let explore = || {
                let (title, start) = (title.clone(), piles.clone());
                Match::from_rules(
                    title,
                    &Sum(rule.clone()),
                    start,
                    false,
                    budget,
                    named("pile"),
                )
            };
            explore_or_formula(budget, reach, size, explore, || {
                // Finding a set's period costs its values × its size: bounded, so that a
                // long set is refused in a second rather than searched for minutes.
                let search = match &rule {
                    subtraction::Rule::Set(set) => (PERIOD_SEARCH_WORK / set.len().max(1))
                        .min(subtraction::DEFAULT_SEARCH_LIMIT),
                    _ => subtraction::DEFAULT_SEARCH_LIMIT,
                };
                let game =
                    Subtraction::with_search_limit(rule.clone(), search).map_err(game_error)?;
                let describe = named("pile");
                Ok(families::subtraction(
                    title.clone(),
                    game,
                    piles.clone(),
                    describe,
                    limit,
                ))
            })
        }
        "squares" => {
            let title = "square subtraction".to_string();
            let piles = piles("pile")?;
            fits(budget, counters(&piles))?;
            Match::from_rules(title, &Sum(Squares), piles, false, budget, named("pile"))
        }
        "wythoff" => {
            // Two piles, checked before they are sized.
            let two = || PlayError::Game("Wythoff's game has two piles, like 5 8".into());
            if words.len() != 2 {
                return Err(two());
            }
            let [a, b] = piles("pile")?[..] else {
                return Err(two());
            };
            let title = "Wythoff's game".to_string();
            let describe = |p: &(u64, u64)| {
                (
                    format!("{} {}", p.0, p.1),
                    Drawing::piles(&[p.0, p.1], "pile"),
                )
            };
            let (reach, size) = (families::reach_of_piles(&[a, b]), counters(&[a, b]));
            let explore = || {
                let title = title.clone();
                Match::from_rules(title, &Wythoff, (a, b), false, budget, describe)
            };
            explore_or_formula(budget, reach, size, explore, || {
                Ok(families::wythoff(title.clone(), (a, b), describe, limit))
            })
        }
        "fibonacci" => {
            let start = fibonacci_start(position)?;
            let title = "Fibonacci Nim".to_string();
            let describe = |p: &LimitedPile| {
                let drawing = Drawing::piles(&[p.pile], "pile");
                let name = format!("{}/{}", p.pile, p.limit);
                (name, drawing.with_note(format!("take at most {}", p.limit)))
            };
            let reach = (u128::from(start.pile) + 1).saturating_pow(2);
            let size = counters(&[start.pile]);
            let explore = || {
                let title = title.clone();
                Match::from_rules(title, &FibonacciNim, start, false, budget, describe)
            };
            explore_or_formula(budget, reach, size, explore, || {
                let read = |name: &str| fibonacci_start(name).ok();
                Ok(families::fibonacci(
                    title.clone(),
                    start,
                    describe,
                    read,
                    limit,
                ))
            })
        }
        "staircase" => {
            let title = "Staircase Nim".to_string();
            let steps = piles("step")?;
            let (reach, size) = (families::reach_of_staircase(&steps), counters(&steps));
            let explore = || {
                let (title, start) = (title.clone(), steps.clone());
                Match::from_rules(title, &Staircase, start, false, budget, named("step"))
            };
            explore_or_formula(budget, reach, size, explore, || {
                Ok(families::staircase(
                    title.clone(),
                    steps.clone(),
                    named("step"),
                    limit,
                ))
            })
        }
        "take-and-break" => {
            let rule = octal::Rule::parse(argument).map_err(game_error)?;
            let title = format!("take-and-break {rule}");
            let mut heaps = piles("heap")?;
            fits(budget, counters(&heaps))?;
            heaps.retain(|&n| n > 0);
            heaps.sort_unstable_by(|a, b| b.cmp(a));
            Match::from_rules(title, &Heaps(rule), heaps, false, budget, named("heap"))
        }
        "coins" => {
            let (rule, max_run) = argument.split_once(':').unwrap_or((argument, ""));
            let max_run = (!max_run.is_empty()).then_some(max_run);
            let rule = coins::parse_rule("coins:RULE", rule, "K", max_run).map_err(game_error)?;
            let row = position.trim();
            let (heads, length) = coins::heads_of_row(row).map_err(game_error)?;
            if !(1..=64).contains(&length) {
                return Err(PlayError::Game("a row has 1 to 64 coins".into()));
            }
            let start = heads.iter().fold(0u64, |set, &c| set | 1 << (c - 1));
            let rules = CoinRow {
                rule,
                length: length as u32,
            };
            Match::from_rules(
                format!("coins ({rule})"),
                &rules,
                start,
                false,
                budget,
                |&set| {
                    let heads: Vec<bool> = (0..length).map(|c| set >> c & 1 == 1).collect();
                    (coin_text(&heads), Drawing::Coins { heads })
                },
            )
        }
        "partizan" => {
            let takes = input::list("partizan:A,B", argument, "a take", 1).map_err(game_error)?;
            let [a, b] = takes[..] else {
                return Err(PlayError::Game("name the takes as partizan:A,B".into()));
            };
            let game = PartizanPiles::new(a, b).map_err(game_error)?;
            let start = partizan_start(&words)?;
            fits(budget, counters(&start.piles))?;
            let title = format!("partizan piles: Left takes {a}, Right takes {b}");
            Match::from_rules(title, &game, start, false, budget, |p| {
                let side = match p.to_move {
                    Side::Left => "left",
                    Side::Right => "right",
                };
                let drawing = Drawing::piles(&p.piles, "pile");
                let note = format!("{} to move", p.to_move);
                (
                    format!("{} {side}", text(&p.piles)),
                    drawing.with_note(note),
                )
            })
        }
        "domineering" => rulesets::build(Domineering, position, budget, grid),
        "cram" => rulesets::build(Cram, position, budget, grid),
        "clobber" => rulesets::build(Clobber::CLOBBER, position, budget, grid),
        "anticlobber" => rulesets::build(Clobber::ANTI_CLOBBER, position, budget, grid),
        "konane" => rulesets::build(Konane, position, budget, grid),
        "snort" => rulesets::build(SnortCol::SNORT, position, budget, graph_text),
        "col" => rulesets::build(SnortCol::COL, position, budget, graph_text),
        "amazons" => rulesets::build(Amazons, position, budget, grid),
        "toads-and-frogs" => rulesets::build(ToadsAndFrogs, position, budget, grid),
        "hackenbush" => rulesets::build(Hackenbush, position, budget, edges),
        _ => Err(PlayError::Game(format!(
            "unknown game '{spec}': the games are {} (or a position graph)",
            GAMES
                .iter()
                .map(|g| g.syntax)
                .collect::<Vec<_>>()
                .join("; ")
        ))),
    }
}

/// A table of `grundy table` whose cells are positions of the game `spec`, if there is one:
/// the table's name and its number of parameters (1: a pile n; 2: two piles a and b). A cell's
/// position is its parameters separated by a space.
pub fn table_of(spec: &str) -> Option<(String, usize)> {
    let spec = spec.trim();
    let (name, argument) = spec.split_once(':').unwrap_or((spec, ""));
    match name.to_ascii_lowercase().as_str() {
        "nim" => Some(("nim2".into(), 2)),
        "wythoff" => Some(("wythoff".into(), 2)),
        "subtraction" => Some((spec.to_string(), 1)),
        "squares" => Some(("squares".into(), 1)),
        "take-and-break" => Some((argument.to_string(), 1)),
        _ => None,
    }
}

/// What listing one position's moves can cost, for a start of `piles`: a position lists a
/// move for (up to) each counter, each move a copy of the piles, before the exploration
/// counts them; so (counters + piles) × piles, the words of those copies. Saturates.
fn counters(piles: &[u64]) -> u64 {
    let total = piles
        .iter()
        .fold(0u64, |sum, &n| sum.saturating_add(n).saturating_add(1));
    total.saturating_mul(piles.len() as u64)
}

/// Plays a start by exploring it where it fits the budget (exploring gives each move's
/// remoteness too), else by the family's formula: where the start's `reach` (an upper bound
/// on its positions) or the `size` of its moves (see [`counters`]) is more than the budget's
/// positions, or exploring runs out of positions or memory. O(1) before the work chosen.
fn explore_or_formula(
    budget: &Budget,
    reach: u128,
    size: u64,
    explore: impl FnOnce() -> Result<Match, PlayError>,
    formula: impl FnOnce() -> Result<Match, PlayError>,
) -> Result<Match, PlayError> {
    if reach > u128::from(budget.positions()) || size > budget.positions() {
        return formula();
    }
    match explore() {
        Err(PlayError::TooLarge { .. } | PlayError::StartTooLarge { .. }) => formula(),
        Err(PlayError::Budget(e)) if e.resource == Resource::Memory => formula(),
        result => result,
    }
}

/// Piles as text: `3 4 5`.
fn text(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// An input error as a play error.
fn game_error(e: impl std::fmt::Display) -> PlayError {
    PlayError::Game(e.to_string())
}

/// Fibonacci Nim's position: `N` (the start: anything but the whole pile) or `N/L`.
fn fibonacci_start(position: &str) -> Result<LimitedPile, PlayError> {
    let position = position.trim();
    match position.split_once('/') {
        None => Ok(fibonacci::start(
            input::whole("the pile", position, "a pile size", 0).map_err(game_error)?,
        )),
        Some((pile, limit)) => Ok(LimitedPile::new(
            input::whole("the pile", pile, "a pile size", 0).map_err(game_error)?,
            u128::from(input::whole("the limit", limit, "a limit", 1).map_err(game_error)?),
        )),
    }
}

/// Partizan piles' position: the piles, then `left` or `right` (Left when left out).
fn partizan_start(words: &[String]) -> Result<PilesPosition, PlayError> {
    let (to_move, piles) = match words.split_last() {
        Some((last, rest)) if last.eq_ignore_ascii_case("left") => (Side::Left, rest),
        Some((last, rest)) if last.eq_ignore_ascii_case("right") => (Side::Right, rest),
        _ => (Side::Left, words),
    };
    let piles = input::each_whole("pile", piles, "a pile size", 0).map_err(game_error)?;
    if piles.is_empty() {
        return Err(game_error(InputError::usage(
            "give the piles, like 3 4 5 left",
        )));
    }
    Ok(PilesPosition { piles, to_move })
}
