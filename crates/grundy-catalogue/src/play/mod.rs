//! Playing a game against the engine, or two people with hints: one model for every front end
//! (the terminal's `grundy play`, the web page's JSON API).
//!
//! - A [`Match`] is a game solved from its start position: a position graph read from a file
//!   ([`Match::from_graph`]), or a game explored from a position by its rules
//!   ([`Match::from_rules`], within a budget of positions), or played by its formula
//!   ([`Match::by_formula`]), or read from a strong solution on disk (a board game too large
//!   to explore: [`boards::from_solution`]). The catalogue's families declare how they are played
//!   ([`Playable`]), and `games::registry::play` finds a game by name. The generic solver
//!   ([`grundy::solve::solve`]) gives every reachable position its outcome and remoteness, with
//!   draws where play can go round a cycle; Sprague–Grundy values come from
//!   [`grundy::solve::grundy_values`] where the game is impartial in normal play.
//! - [`Match::analyse`] gives a position with its legal moves ([`Analysis`], [`Choice`]):
//!   each with what it gives its player, mistakes marked, and the engine's choice;
//!   [`Match::analyse_with_touches`] also what each move changes on the position's drawing,
//!   for a front end that plays by clicking it.
//! - [`Session`] keeps a game's history: moves, undo, and the review of the moves that threw
//!   a win (or a draw) away.
//!
//! The partizan rulesets (Domineering, Clobber, Hackenbush...) are played the same way, each
//! position with its player to move; their moves are named as the ruleset names them
//! (`(1,1)-(2,1)`), and each position has its canonical form, outcome class and thermograph
//! besides ([`Form`], [`Match::thermograph_svg`]).
//! The loopy rulesets (Backsliding Toads and Frogs, Fox and Geese) are played so too
//! ([`loopy`]), their positions without a value: play may go round a cycle for ever, a draw.
//!
//! The engine plays the solver's best move: the fastest win, the slowest loss, and in a draw
//! the move that keeps it and sets the soonest trap ([`grundy::solve::draw_move`]: the
//! opponent faces a losing move as soon as possible, and then as many as possible). Each
//! drawn position and each drawn move carries its draw level ([`Analysis::draw_level`],
//! [`Choice::draw_level`]).
//!
//! ```
//! use grundy_catalogue::games::registry;
//!
//! let game = registry::play("nim", "1 2", 1000).unwrap();
//! let start = game.analyse(game.start());
//! assert_eq!(start.outcome, grundy::Outcome::Win);
//! let best = &start.moves[start.best.unwrap()];
//! assert_eq!(best.to, "1 1"); // leave equal piles
//! ```

pub mod boards;
mod drawing;
mod formula;
pub mod loopy;
mod on_disk;
pub mod piles;
pub mod playable;
pub mod rulesets;
mod session;
pub mod take_break;

use std::sync::Arc;

use rustc_hash::FxHashMap;
use serde::Serialize;

pub use drawing::{coin_text, Drawing, Part, Reading, Touch, HEAPS, IN_PLACE};
pub use formula::{Playbook, ALL_MOVES, CANDIDATES};
pub use playable::{Build, PlayTable, Playable, WhyLine};
pub use rulesets::Form;
pub use session::{Session, Step};

use formula::{ByFormula, Formula};
use on_disk::OnDisk;
use rulesets::Forms;

use crate::catalogue_game::CatalogueGame;
use grundy::budget::{Budget, Exhausted, Resource};
use grundy::graph::GameGraph;
use grundy::outcome::{Outcome, Player};
use grundy::progress::NoProgress;
use grundy::rules::{explore, ExploreError, Explored, Game};
use grundy::solve::{
    draw_levels, draw_move, draws, grundy_values, solve, DrawLevel, DrawLevels, Solution,
    SolveOptions,
};

/// Why a game could not be set up or a move not played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game's name or parameters, or the position, are not understood.
    #[error("{0}")]
    Game(String),
    /// The move is not legal here, or could not be read.
    #[error("{0}")]
    Move(String),
    /// Solving from this position would exceed the budget of positions.
    #[error(
        "more than {limit} positions can be reached from this position, more than the \
         engine solves for play: start from a smaller position (smaller piles, a smaller board)"
    )]
    TooLarge {
        /// The budget.
        limit: usize,
    },
    /// Play, numbering positions as it reaches them (by a formula, or from a solution on
    /// disk), has numbered as many as its limit keeps for one game.
    #[error(
        "play has reached {limit} positions of this game, the most it keeps for one game (its \
         limit of positions): start the game again, or raise that limit"
    )]
    Reached {
        /// The limit of positions.
        limit: usize,
    },
    /// The start is too large to explore within the budget of positions: its moves would be
    /// listed (one for each counter, or cell, each a copy of the position) before they are
    /// counted.
    #[error(
        "this start is too large to explore within {limit} positions: a position lists a move \
         for each counter (or cell), each a copy of the piles (or the board), before they are \
         counted: start from smaller or fewer piles, or a smaller board"
    )]
    StartTooLarge {
        /// The budget of positions.
        limit: u64,
    },
    /// Another budget ran out: memory, time, a cancel.
    #[error(transparent)]
    Budget(#[from] Exhausted),
    /// A strong solution on disk could not be read (a damaged file, a missing tier) or is
    /// not of the game played: no answer is given rather than one the files did not give.
    #[error("{0}")]
    Solution(String),
}

/// A game from its start position, played by one of three means: solved (every reachable
/// position with its name, drawing, outcome, remoteness and value), or, for a family with a
/// formula whose start is too large to explore, by the formula (positions numbered as play
/// reaches them, and no remoteness: see [`Match::is_by_formula`]), or read from a strong
/// solution on disk (positions numbered as play reaches them, each read when first reached:
/// see [`Match::is_from_solution`]).
#[derive(Debug, Clone)]
pub struct Match {
    title: String,
    body: Body,
    why: Option<WhyLine>,
}

/// How a [`Match`] knows its positions.
#[derive(Debug, Clone)]
enum Body {
    /// Every reachable position, solved.
    Solved(Arc<Solved>),
    /// The family's formula, position by position.
    Formula(Arc<dyn ByFormula>),
    /// A strong solution on disk, position by position.
    Disk(Arc<dyn OnDisk>),
}

/// A game solved from its start position: every reachable position with its name (what a
/// player types to move there), its drawing, outcome, remoteness and value.
#[derive(Debug)]
struct Solved {
    graph: GameGraph,
    solution: Solution,
    names: Vec<String>,
    drawings: Vec<Drawing>,
    values: Vec<Option<u64>>,
    /// The draw levels, where some position is a draw.
    levels: Option<DrawLevels>,
    index: FxHashMap<String, u32>,
    start: u32,
    /// A ruleset's move names and values, for its positions.
    forms: Option<Arc<dyn Forms>>,
    /// How moves are read off the drawings ([`Match::read_as`]).
    reading: Reading,
}

impl Match {
    /// A game given as a position graph, played from the position named `start` (by label or
    /// number, as [`GameGraph::find_position`] reads it), or from the first position.
    /// O(n + m) to solve.
    pub fn from_graph(
        title: &str,
        graph: GameGraph,
        start: Option<&str>,
    ) -> Result<Match, PlayError> {
        if graph.position_count() == 0 {
            return Err(PlayError::Game("the graph has no position".to_string()));
        }
        if graph.has_payoffs() {
            return Err(PlayError::Game(
                "this graph ends in payoffs: play reads wins, losses and draws".to_string(),
            ));
        }
        let start = match start {
            Some(name) => graph
                .find_position(name)
                .ok_or_else(|| PlayError::Game(format!("the graph has no position '{name}'")))?,
            None => 0,
        };
        let names: Vec<String> = (0..graph.position_count() as u32)
            .map(|p| graph.label(p))
            .collect();
        let drawings = names
            .iter()
            .map(|name| Drawing::Graph {
                position: name.clone(),
                vertices: Vec::new(),
                links: Vec::new(),
            })
            .collect();
        Match::solved(
            title.to_string(),
            graph,
            names,
            drawings,
            start,
            false,
            None,
        )
    }

    /// A game given by its rules, explored from `start` within `budget` and solved (in misère
    /// play if `misere`); `describe` names and draws each position. O(positions × moves).
    pub fn from_rules<G: Game>(
        title: String,
        rules: &G,
        start: G::Position,
        misere: bool,
        budget: &Budget,
        describe: impl Fn(&G::Position) -> (String, Drawing),
    ) -> Result<Match, PlayError> {
        let explored = explore_within(rules, start, budget)?;
        let (names, drawings) = (0..explored.graph.position_count() as u32)
            .map(|p| describe(explored.position(p)))
            .unzip();
        Match::solved(title, explored.graph, names, drawings, 0, misere, None)
    }

    /// Solves the graph and indexes the names.
    fn solved(
        title: String,
        graph: GameGraph,
        names: Vec<String>,
        drawings: Vec<Drawing>,
        start: u32,
        misere: bool,
        forms: Option<Arc<dyn Forms>>,
    ) -> Result<Match, PlayError> {
        let options = SolveOptions {
            misere,
            preferences: None,
        };
        let solution = solve(&graph, &options).map_err(|e| PlayError::Game(e.to_string()))?;
        let levels = match solution.counts().2 {
            0 => None,
            _ => Some(draw_levels(&graph, &solution, &Budget::default())?),
        };
        // Sprague–Grundy values exist for impartial games in normal play only.
        let values = match grundy_values(&graph) {
            Ok(values) if !misere => (0..graph.position_count() as u32)
                .map(|p| values.finite(p).map(u64::from))
                .collect(),
            _ => vec![None; graph.position_count()],
        };
        let index = names
            .iter()
            .enumerate()
            .map(|(i, name)| (key(name), i as u32))
            .collect();
        let solved = Solved {
            graph,
            solution,
            names,
            drawings,
            values,
            levels,
            index,
            start,
            forms,
            reading: IN_PLACE,
        };
        Ok(Match {
            title,
            body: Body::Solved(Arc::new(solved)),
            why: None,
        })
    }

    /// A family played by its formula from `start` (see [`Playbook`]): nothing is explored;
    /// positions are numbered as play reaches them, at most the budget's positions. O(1).
    pub fn by_formula<G>(
        title: String,
        playbook: Playbook<G>,
        start: G::Position,
        budget: &Budget,
    ) -> Match
    where
        G: CatalogueGame + Send + Sync + 'static,
        G::Position: Send + Sync + 'static,
        G::Rules: Send + Sync + 'static,
    {
        let limit = usize::try_from(budget.positions()).unwrap_or(usize::MAX);
        let game = Formula::new(playbook, start, limit);
        Match {
            title,
            body: Body::Formula(Arc::new(game)),
            why: None,
        }
    }

    /// The same game, its moves read off the drawings as `reading` says (in words, and what
    /// they change) rather than in place ([`IN_PLACE`]): [`HEAPS`] for heaps kept sorted that
    /// may split. For a game just set up (no other holder of its positions); a game played by
    /// its formula is left as it is.
    pub fn read_as(self, reading: Reading) -> Match {
        let body = match self.body {
            Body::Solved(solved) => match Arc::try_unwrap(solved) {
                Ok(solved) => Body::Solved(Arc::new(Solved { reading, ..solved })),
                Err(shared) => Body::Solved(shared),
            },
            formula => formula,
        };
        Match { body, ..self }
    }

    /// The same game, with the line that says why its positions are won or lost.
    pub fn with_why(self, why: Option<WhyLine>) -> Match {
        Match { why, ..self }
    }

    /// Why position `p` is won or lost, in a line, if the game's family says it.
    pub fn why(&self, p: u32) -> Option<String> {
        (self.why.as_ref()?.0)(&self.name(p))
    }

    /// The game in words: `Nim`, `subtraction game 1,3,4`.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Whether the game's moves have names that a player may type (`(1,1)-(2,1)`, `b2`): a
    /// partizan ruleset, whose positions have values ([`Analysis::form`]) too, or a board
    /// game.
    pub fn is_ruleset(&self) -> bool {
        match &self.body {
            Body::Solved(s) => s.forms.is_some(),
            Body::Formula(_) => false,
            Body::Disk(_) => true,
        }
    }

    /// Whether the game is played by its family's formula rather than solved: its positions
    /// are numbered as play reaches them, and its moves have no remoteness.
    pub fn is_by_formula(&self) -> bool {
        matches!(self.body, Body::Formula(_))
    }

    /// Whether the game is played from a strong solution on disk: its positions are numbered
    /// as play reaches them, each read when first reached ([`Match::read_move`] and
    /// [`Match::try_find`] fail where the files cannot be read).
    pub fn is_from_solution(&self) -> bool {
        matches!(self.body, Body::Disk(_))
    }

    /// The start position.
    pub fn start(&self) -> u32 {
        match &self.body {
            Body::Solved(s) => s.start,
            Body::Formula(_) | Body::Disk(_) => 0,
        }
    }

    /// The number of positions known: every position reachable from the start, or for a game
    /// played by its formula, those play has reached.
    pub fn position_count(&self) -> usize {
        match &self.body {
            Body::Solved(s) => s.names.len(),
            Body::Formula(f) => f.visited(),
            Body::Disk(d) => d.visited(),
        }
    }

    /// An estimate of the bytes this game holds: its graph, solution, draw levels, names,
    /// drawings and index (a ruleset's values, computed on demand, are not counted). O(positions).
    pub fn heap_bytes(&self) -> usize {
        let s = match &self.body {
            Body::Solved(s) => s,
            Body::Formula(f) => return f.heap_bytes(),
            Body::Disk(d) => return d.heap_bytes(),
        };
        let n = s.names.len();
        let names: usize = s.names.iter().map(String::capacity).sum();
        // Each name is held twice (as a name and as a key), and a drawing holds about as much.
        let per_position = 3 * std::mem::size_of::<String>()
            + std::mem::size_of::<Drawing>()
            + std::mem::size_of::<Option<u64>>()
            + 16
            // The draw levels, where there are draws.
            + s.levels.as_ref().map_or(0, |_| 8);
        s.graph.heap_bytes() + n * per_position + 3 * names
    }

    /// The name of position `p`.
    pub fn name(&self, p: u32) -> String {
        match &self.body {
            Body::Solved(s) => s.names[p as usize].clone(),
            Body::Formula(f) => f.name(p),
            Body::Disk(d) => d.name(p),
        }
    }

    /// The position named `name` (spaces and commas between words do not matter, nor case).
    /// O(1) expected. A game played by its formula reads any position of the start's shape;
    /// one played from its solution any position of the game, `None` too where the
    /// solution cannot be read (which [`Match::try_find`] says).
    pub fn find(&self, name: &str) -> Option<u32> {
        self.try_find(name).ok().flatten()
    }

    /// [`Match::find`], with the error of a solution on disk that cannot be read
    /// ([`PlayError::Solution`]) or of a position past the budget of positions. O(1)
    /// expected; a position of a game played from its solution is read when first found
    /// (O(moves) reads).
    pub fn try_find(&self, name: &str) -> Result<Option<u32>, PlayError> {
        match &self.body {
            Body::Solved(s) => Ok(s.index.get(&key(name)).copied()),
            Body::Formula(f) => Ok(f.find(name)),
            Body::Disk(d) => d.find(name),
        }
    }

    /// The player to move at `p`, in a game whose players have different moves.
    pub fn player(&self, p: u32) -> Option<Player> {
        match &self.body {
            Body::Solved(s) => s.graph.player(p),
            Body::Formula(_) => None,
            Body::Disk(d) => d.analysis(p).to_move,
        }
    }

    /// The outcome at `p` for the player to move. O(1), or the formula's time.
    pub fn outcome(&self, p: u32) -> Outcome {
        match &self.body {
            Body::Solved(s) => s.solution.outcome(p),
            Body::Formula(f) => f.outcome(p),
            Body::Disk(d) => d.analysis(p).outcome,
        }
    }

    /// Everything about position `p`: its evaluation and its moves, each evaluated, the
    /// mistakes marked and the engine's choice (no move's [`Choice::touches`]); a ruleset's
    /// canonical forms valued within the default budget, those it stops left out. O(moves
    /// of `p`), and the values' cost the first time.
    pub fn analyse(&self, p: u32) -> Analysis {
        self.analysed(p, false, &Budget::default()).0
    }

    /// [`Match::analyse`], each move with what it changes on the position's drawing
    /// ([`Choice::touches`]), for a front end that plays by clicking the drawing. O(moves of
    /// `p` × the drawing's size).
    pub fn analyse_with_touches(&self, p: u32) -> Analysis {
        self.analysed(p, true, &Budget::default()).0
    }

    /// [`Match::analyse`] (with each move's touches if `touches`), a ruleset's canonical
    /// forms valued within `budget`: its error once it runs out (memory, its deadline, its
    /// cancel flag), for a front end that bounds each request and stops the work of one it
    /// gives up on. O(moves of `p`), and the values' cost the first time.
    pub fn analyse_within(
        &self,
        p: u32,
        touches: bool,
        budget: &Budget,
    ) -> Result<Analysis, Exhausted> {
        match self.analysed(p, touches, budget) {
            (analysis, None) => Ok(analysis),
            (_, Some(e)) => Err(e),
        }
    }

    /// Position `p` analysed, with each move's touches if `touches`, and the budget's error
    /// if it ran out while valuing (the forms it stopped left out).
    fn analysed(&self, p: u32, touches: bool, budget: &Budget) -> (Analysis, Option<Exhausted>) {
        match &self.body {
            Body::Solved(s) => s.analyse(p, touches, budget),
            Body::Formula(f) => (f.analyse(p, touches), None),
            Body::Disk(d) => {
                let mut analysis = Analysis::clone(&d.analysis(p));
                if !touches {
                    analysis.moves.iter_mut().for_each(|c| c.touches = None);
                }
                (analysis, None)
            }
        }
    }

    /// The move from `p` to `to` (a move [`Match::read_move`] gave), evaluated: as listed at
    /// `p`, or, for a move a game played by its formula does not list, on its own with the
    /// position's name as its key. O(moves of `p`).
    pub fn choice(&self, p: u32, to: u32) -> Option<Choice> {
        self.chosen(p, to, self.analyse(p))
    }

    /// [`Match::choice`], a ruleset's canonical forms valued within `budget` (see
    /// [`Match::analyse_within`]).
    pub fn choice_within(
        &self,
        p: u32,
        to: u32,
        budget: &Budget,
    ) -> Result<Option<Choice>, Exhausted> {
        Ok(self.chosen(p, to, self.analyse_within(p, false, budget)?))
    }

    /// The move from `p` to `to` in `analysis`, the analysis of `p`.
    fn chosen(&self, p: u32, to: u32, analysis: Analysis) -> Option<Choice> {
        let name = self.name(to);
        let listed = analysis.moves.into_iter().find(|c| c.to == name);
        match &self.body {
            Body::Formula(f) if listed.is_none() => f.choice(p, to),
            _ => listed,
        }
    }

    /// The thermograph of a ruleset's position `p` as an SVG picture (`None` for the other
    /// games, or where the engine cannot value the position within the default budget).
    /// O(the game's size) the first time, memoised.
    #[cfg(feature = "pictures")]
    pub fn thermograph_svg(&self, p: u32) -> Option<String> {
        self.thermograph_svg_within(p, &Budget::default())
            .ok()
            .flatten()
    }

    /// [`Match::thermograph_svg`] valued within `budget`: its error once it runs out (see
    /// [`Match::analyse_within`]).
    #[cfg(feature = "pictures")]
    pub fn thermograph_svg_within(
        &self,
        p: u32,
        budget: &Budget,
    ) -> Result<Option<String>, Exhausted> {
        match &self.body {
            Body::Solved(s) => match &s.forms {
                Some(f) => f.thermograph_svg(p, budget),
                None => Ok(None),
            },
            Body::Formula(_) | Body::Disk(_) => Ok(None),
        }
    }

    /// The move typed as `text` at `p`: its number in the list of moves, the name of the
    /// position it leads to, or (in a ruleset) the move as the ruleset names it: `(1,1)-(2,1)`.
    /// Returns the position moved to. O(moves of `p`). A game played from its solution on
    /// disk reads the position moved to when play first reaches it (O(its moves) reads): its
    /// error then is [`PlayError::Solution`].
    pub fn read_move(&self, p: u32, text: &str) -> Result<u32, PlayError> {
        match &self.body {
            Body::Solved(s) => s.read_move(p, text),
            Body::Formula(f) => f.read_move(p, text),
            Body::Disk(d) => d.read_move(p, text),
        }
    }
}

/// `value()`, unless a budget ran out before (`exhausted`): `None` then, as when it runs out
/// now, which `exhausted` keeps.
fn unless_exhausted<T>(
    exhausted: &mut Option<Exhausted>,
    value: impl FnOnce() -> Result<Option<T>, Exhausted>,
) -> Option<T> {
    if exhausted.is_some() {
        return None;
    }
    value().unwrap_or_else(|e| {
        *exhausted = Some(e);
        None
    })
}

impl Solved {
    /// See [`Match::analyse_within`]; each move with its touches if `touches`, and the
    /// budget's error if it ran out: the forms not valued then are left out, and none is
    /// valued after.
    fn analyse(&self, p: u32, touches: bool, budget: &Budget) -> (Analysis, Option<Exhausted>) {
        let outcome = self.solution.outcome(p);
        // In a draw, the move that sets the soonest trap; else the solver's.
        let best_to = match &self.levels {
            Some(levels) if outcome == Outcome::Draw => {
                draw_move(&self.graph, &self.solution, levels, p)
            }
            _ => self.solution.best_move(p),
        };
        let offer = |q: u32| {
            let levels = self.levels.as_ref()?;
            draws::offer(&self.graph, &self.solution, levels, p, q)
        };
        let mut best = None;
        let options = self.graph.options(p);
        let (mut names, mut forms, mut reported) = (Vec::new(), Vec::new(), Vec::new());
        let mut exhausted = None;
        let mut form = None;
        if let Some(f) = &self.forms {
            names = f.move_names(p);
            forms = (options.iter())
                .map(|&q| unless_exhausted(&mut exhausted, || f.value(q, budget)))
                .collect();
            form = unless_exhausted(&mut exhausted, || f.form(p, budget));
            if touches {
                reported = f.touches(p);
            }
        }
        let moves = options
            .iter()
            .enumerate()
            .map(|(i, &q)| {
                if Some(q) == best_to && best.is_none() {
                    best = Some(i);
                }
                let result = self.solution.outcome(q).flip();
                let offered = offer(q);
                let text = match names.get(i) {
                    Some(name) => name.clone(),
                    None => (self.reading.change)(
                        &self.drawings[p as usize],
                        &self.drawings[q as usize],
                    ),
                };
                Choice {
                    key: (i + 1).to_string(),
                    to: self.names[q as usize].clone(),
                    text,
                    result,
                    remoteness: self.solution.remoteness(q).map(|r| r + 1),
                    draw_level: offered.map(|o| o.level),
                    losing_offered: offered.map(|o| o.losing),
                    value: self.values[q as usize],
                    canonical_form: forms.get_mut(i).and_then(Option::take),
                    mistake: is_mistake(outcome, result),
                    // As the ruleset reports it, else by comparing the drawings.
                    touches: match reported.get_mut(i).and_then(Option::take) {
                        Some(touch) => Some(touch),
                        None if touches => (self.reading.touched)(
                            &self.drawings[p as usize],
                            &self.drawings[q as usize],
                        ),
                        None => None,
                    },
                }
            })
            .collect();
        let analysis = Analysis {
            position: self.names[p as usize].clone(),
            drawing: self.drawings[p as usize].clone(),
            to_move: self.graph.player(p),
            outcome,
            remoteness: self.solution.remoteness(p),
            draw_level: self.levels.as_ref().and_then(|l| l.level(p)),
            value: self.values[p as usize],
            form,
            moves,
            best,
            more_moves: false,
        };
        (analysis, exhausted)
    }

    /// See [`Match::read_move`].
    fn read_move(&self, p: u32, text: &str) -> Result<u32, PlayError> {
        let options = self.graph.options(p);
        if options.is_empty() {
            return Err(PlayError::Move(
                "the game is over: no move is left".to_string(),
            ));
        }
        let text = text.trim();
        if let Ok(k) = text.parse::<usize>() {
            if (1..=options.len()).contains(&k) {
                return Ok(options[k - 1]);
            }
        }
        if let Some(f) = &self.forms {
            let typed = move_key(text);
            let names: Vec<String> = f.move_names(p).iter().map(|m| move_key(m)).collect();
            // The move as listed, or the start of one up to a space: `edge 2` for
            // `edge 2 (1-2:r)`.
            let prefix = format!("{typed} ");
            let found = names.iter().position(|m| *m == typed).or_else(|| {
                let mut starting = names
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| m.starts_with(&prefix));
                match (starting.next(), starting.next()) {
                    (Some((i, _)), None) => Some(i),
                    _ => None,
                }
            });
            if let Some(i) = found {
                return Ok(options[i]);
            }
        }
        match self.index.get(&key(text)) {
            Some(q) if options.contains(q) => Ok(*q),
            _ => {
                let named = if self.forms.is_some() {
                    ", the move as listed"
                } else {
                    ""
                };
                Err(PlayError::Move(format!(
                    "'{text}' is not a move here: type a move's number (1 to {}){named} or the \
                     position it leads to",
                    options.len()
                )))
            }
        }
    }
}

/// Explores `rules` from `start` within `budget`: running out of positions is
/// [`PlayError::TooLarge`], of another budget [`PlayError::Budget`].
fn explore_within<G: Game>(
    rules: &G,
    start: G::Position,
    budget: &Budget,
) -> Result<Explored<G::Position>, PlayError> {
    explore(rules, [start], budget, &NoProgress).map_err(|e| match e {
        ExploreError::Budget(e) if e.resource == Resource::Positions => PlayError::TooLarge {
            limit: usize::try_from(e.limit).unwrap_or(usize::MAX),
        },
        ExploreError::Budget(e) => PlayError::Budget(e),
        e => PlayError::Game(e.to_string()),
    })
}

/// Whether a start whose moves cost `size` (from a start's piles and counters, or a board's
/// text length squared) fits the position budget: [`PlayError::StartTooLarge`] if not. O(1).
pub fn fits(budget: &Budget, size: u64) -> Result<(), PlayError> {
    if size > budget.positions() {
        return Err(PlayError::StartTooLarge {
            limit: budget.positions(),
        });
    }
    Ok(())
}

/// A position's name as looked up: words separated by single spaces, case kept (in Gobblet
/// and Dōbutsu Shōgi case tells the players' pieces apart).
fn key(name: &str) -> String {
    name.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A move's name as looked up: [`key`] in lower case (a move is always the mover's, so its
/// case tells nothing apart).
fn move_key(name: &str) -> String {
    key(name).to_lowercase()
}

/// Whether a move whose player gets `result` from a position of outcome `before` is a
/// mistake: it turns a win into a draw or a loss, or a draw into a loss.
pub fn is_mistake(before: Outcome, result: Outcome) -> bool {
    matches!(
        (before, result),
        (Outcome::Win, Outcome::Draw | Outcome::Loss) | (Outcome::Draw, Outcome::Loss)
    )
}

/// One legal move at a position, evaluated for the player who makes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// What a player types to make the move: its number in the list.
    pub key: String,
    /// The position the move leads to (typing it makes the move too).
    pub to: String,
    /// The move in words: `pile 2: 5 -> 2`; in a ruleset, as the ruleset names it:
    /// `(1,1)-(2,1)` (typing it makes the move too).
    pub text: String,
    /// What the move gives its player with best play from then on.
    pub result: Outcome,
    /// Moves until the game ends if this move is played and both sides then play well (this
    /// move counted); `None` for a draw, and in a game played by its formula (which says who
    /// wins, not how fast).
    pub remoteness: Option<u32>,
    /// For a move that keeps a draw: the plies (this move counted) until the opponent first
    /// faces a losing move, both sides playing well (the mover hurrying, the opponent
    /// delaying), or [`DrawLevel::Pure`] where the opponent can avoid every such chance.
    /// Left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_level: Option<DrawLevel>,
    /// For a move that keeps a draw: the opponent's losing moves at the position it leads to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub losing_offered: Option<u32>,
    /// The Sprague–Grundy value of the position the move leads to, where there is one.
    pub value: Option<u64>,
    /// In a ruleset, the canonical form of the position the move leads to: `{1|-1}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical_form: Option<String>,
    /// Whether the move throws away a win (or a draw) that the position offered.
    pub mistake: bool,
    /// What the move changes on the position's drawing ([`Drawing::touched`]), for a front
    /// end that plays by clicking it: given by [`Match::analyse_with_touches`] only, where the
    /// move can be shown on the drawing (left out of the JSON otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub touches: Option<Touch>,
}

/// A position with everything a player may ask about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The position's name.
    pub position: String,
    /// The position drawn.
    pub drawing: Drawing,
    /// The player to move, in a game whose players have different moves: 1 or 2 (in a
    /// ruleset, 1 is Left).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Player>,
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// Moves until the game ends with best play; `None` for a draw, and in a game played by
    /// its formula.
    pub remoteness: Option<u32>,
    /// For a draw, its draw level: the plies until the opponent of the player to move first
    /// faces a losing move when the player to move hurries to offer one and the opponent
    /// delays it (odd), or [`DrawLevel::Pure`] where the opponent can avoid it for ever
    /// ([`grundy::solve::draws`]). Left out of the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_level: Option<DrawLevel>,
    /// The Sprague–Grundy value, where there is one.
    pub value: Option<u64>,
    /// In a ruleset, the position's canonical form, outcome class and temperature (in JSON,
    /// their keys beside the others: `canonical_form`, `outcome_class`, `temperature`).
    #[serde(flatten)]
    pub form: Option<Form>,
    /// The legal moves, in the game's order.
    pub moves: Vec<Choice>,
    /// The index in `moves` of the engine's choice; `None` where the game has ended.
    pub best: Option<usize>,
    /// Whether the position has more moves than those listed (a game played by its formula,
    /// at a position with many moves): any legal move can still be typed as the position it
    /// leads to.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub more_moves: bool,
}

impl Analysis {
    /// Whether the game is over: no legal move.
    pub fn is_over(&self) -> bool {
        self.moves.is_empty()
    }
}
