//! The partizan rulesets played: a board (a strip, a Hackenbush picture) explored by its rules
//! with each player to move in turn, solved like the other games, and valued by the engine's
//! [`Evaluator`] for the canonical forms, outcome classes and thermographs shown beside it.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use rustc_hash::FxHashMap;
use serde::Serialize;

use super::{explore_within, Drawing, Match, PlayError, Touch};
use grundy::budget::{Budget, Exhausted};
use grundy::partizan::rulesets::hackenbush::{Colour, Graph};
use grundy::partizan::rulesets::snort_col::{show_tinted_graph, TintedGraph};
use grundy::partizan::rulesets::{Evaluator, Rules, Ruleset};
use grundy::partizan::{GameId, GameStore, OutcomeClass, Side, Sided, ValueError};

/// What the engine says of a ruleset's position, whoever is to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Form {
    /// The canonical form: `{1|-1}`, `^*`, `3/2`.
    pub canonical_form: String,
    /// The outcome class (serialized `L`, `R`, `N` or `P`: who wins with perfect play).
    pub outcome_class: OutcomeClass,
    /// The temperature: how much moving first is worth (`-1` for 0, negative for numbers).
    pub temperature: String,
    /// The mean value: what the position is worth to Left on average when played in a sum
    /// with many others (a number; positive favours Left).
    pub mean: String,
}

/// A ruleset's additions to a [`Match`]: its moves by name, and the engine's values, each
/// valued within the budget of the call that asks for it: `Ok(None)` where the engine cannot
/// value the position, the budget's error where it ran out.
pub(super) trait Forms: Send + Sync + fmt::Debug {
    /// The moves at `p` as the ruleset names them, in the order of the graph's options.
    fn move_names(&self, p: u32) -> Vec<String>;

    /// What each move at `p` does on the position's drawing, as the ruleset reports it, in
    /// the order of the graph's options: `None` for a move the ruleset leaves to the
    /// drawings' comparison ([`Drawing::touched`]); by default every move is left to it.
    fn touches(&self, _p: u32) -> Vec<Option<Touch>> {
        Vec::new()
    }

    /// The canonical form of `p`, as text: none by default (a game without values: the
    /// loopy rulesets, the board games).
    fn value(&self, _p: u32, _budget: &Budget) -> Result<Option<String>, Exhausted> {
        Ok(None)
    }

    /// The canonical form, class and temperature of `p`: none by default.
    fn form(&self, _p: u32, _budget: &Budget) -> Result<Option<Form>, Exhausted> {
        Ok(None)
    }

    /// The thermograph of `p`, as SVG: none by default.
    #[cfg(feature = "pictures")]
    fn thermograph_svg(&self, _p: u32, _budget: &Budget) -> Result<Option<String>, Exhausted> {
        Ok(None)
    }
}

/// The positions of a ruleset's match, and the engine that values them (behind a lock, so
/// that a match is shared between threads; each position is valued once).
struct RulesetForms<R: Ruleset> {
    rules: R,
    positions: Vec<(R::Position, Side)>,
    engine: Mutex<Engine<R>>,
}

/// An evaluator with its store, and the value of each position asked for so far.
struct Engine<R: Ruleset> {
    evaluator: Evaluator<R>,
    store: GameStore,
    values: FxHashMap<u32, Option<GameId>>,
}

impl<R: Ruleset> Engine<R> {
    /// The value of position `p` (`board`), memoised by position: a position the engine
    /// cannot value is remembered as such, one whose budget ran out is not (another call,
    /// with its own budget, may value it).
    fn value(&mut self, p: u32, board: &R::Position) -> Result<Option<GameId>, Exhausted> {
        if let Some(&v) = self.values.get(&p) {
            return Ok(v);
        }
        let v = known(self.evaluator.value(&mut self.store, board))?;
        self.values.insert(p, v);
        Ok(v)
    }
}

/// `v` as [`GameStore::display`] writes it, or the budget's error if it runs out while
/// writing (rather than the error as text). O(the text, at most the store's print limit).
fn printed(store: &mut GameStore, v: GameId) -> Result<String, Exhausted> {
    match store.written(v, store.print_limit()) {
        Ok(text) => Ok(text),
        Err(ValueError::Budget(e)) => Err(e),
        // Too long to write: the note saying so.
        Err(_) => Ok(store.display(v)),
    }
}

/// A valuing's result as the forms give it: the budget's error apart, any other error is a
/// position (or property) the engine cannot value.
fn known<T>(result: Result<T, ValueError>) -> Result<Option<T>, Exhausted> {
    match result {
        Ok(v) => Ok(Some(v)),
        Err(ValueError::Budget(e)) => Err(e),
        Err(_) => Ok(None),
    }
}

impl<R: Ruleset> fmt::Debug for RulesetForms<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RulesetForms")
            .field("ruleset", &self.rules.name())
            .field("positions", &self.positions.len())
            .finish()
    }
}

impl<R> RulesetForms<R>
where
    R: Ruleset,
{
    /// Runs `f` on the engine and the value of `p`, if the engine values it, the engine
    /// working within `budget` (so that a caller that gives up stops the work, and the lock
    /// with it).
    fn with_value<T>(
        &self,
        p: u32,
        budget: &Budget,
        f: impl FnOnce(&mut GameStore, GameId) -> Result<Option<T>, Exhausted>,
    ) -> Result<Option<T>, Exhausted> {
        // A panic while valuing leaves the memo as it was before that value: go on with it.
        let mut engine = self.engine.lock().unwrap_or_else(PoisonError::into_inner);
        engine.store.set_budget(budget.clone());
        match engine.value(p, &self.positions[p as usize].0)? {
            Some(v) => f(&mut engine.store, v),
            None => Ok(None),
        }
    }
}

impl<R> Forms for RulesetForms<R>
where
    R: Ruleset + Send + Sync,
    R::Position: Send + Sync,
{
    fn move_names(&self, p: u32) -> Vec<String> {
        let (board, side) = &self.positions[p as usize];
        let mut moves = Vec::new();
        self.rules.moves(board, *side, &mut moves);
        moves.into_iter().map(|(m, _)| m.to_string()).collect()
    }

    fn touches(&self, p: u32) -> Vec<Option<Touch>> {
        let (board, side) = &self.positions[p as usize];
        let mut moves = Vec::new();
        self.rules.moves(board, *side, &mut moves);
        (moves.into_iter())
            .map(|(m, next)| {
                let parts = self.rules.move_parts(board, &m, &next)?;
                Some(Touch {
                    path: parts.path,
                    changed: parts.changed,
                })
            })
            .collect()
    }

    fn value(&self, p: u32, budget: &Budget) -> Result<Option<String>, Exhausted> {
        self.with_value(p, budget, |store, v| printed(store, v).map(Some))
    }

    fn form(&self, p: u32, budget: &Budget) -> Result<Option<Form>, Exhausted> {
        self.with_value(p, budget, |store, v| {
            let (Some(outcome_class), Some(temperature), Some(mean)) = (
                known(store.outcome(v))?,
                known(store.temperature(v))?,
                known(store.mean(v))?,
            ) else {
                return Ok(None);
            };
            Ok(Some(Form {
                canonical_form: printed(store, v)?,
                outcome_class,
                temperature: temperature.to_string(),
                mean: mean.to_string(),
            }))
        })
    }

    #[cfg(feature = "pictures")]
    fn thermograph_svg(&self, p: u32, budget: &Budget) -> Result<Option<String>, Exhausted> {
        self.with_value(p, budget, |store, v| known(store.thermograph_svg(v)))
    }
}

/// Splits `left` or `right` (who moves; Left when left out) off the end of a position.
pub(super) fn split_side(position: &str) -> (&str, Side) {
    let position = position.trim();
    let (rest, last) = match position.rsplit_once(char::is_whitespace) {
        Some((rest, last)) => (rest, last),
        None => ("", position),
    };
    if last.eq_ignore_ascii_case("left") {
        (rest, Side::Left)
    } else if last.eq_ignore_ascii_case("right") {
        (rest, Side::Right)
    } else {
        (position, Side::Left)
    }
}

/// `left` or `right`, as a position's name ends.
pub(super) fn side_word(side: Side) -> &'static str {
    match side {
        Side::Left => "left",
        Side::Right => "right",
    }
}

/// A ruleset's game from `position` (the ruleset's notation, then `left` or `right` for who
/// moves first), explored within `budget` (a board whose text's length squared is more than
/// the budget's positions refused first), solved, and valued by the engine on demand;
/// `draw` draws a position. O(positions × moves) to solve.
pub fn build<R>(
    rules: R,
    position: &str,
    budget: &Budget,
    draw: impl Fn(&R, &R::Position) -> Drawing,
) -> Result<Match, PlayError>
where
    R: Ruleset + Clone + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    let (text, side) = split_side(position);
    // A position lists up to a move a cell, each a copy of the board.
    super::fits(budget, (text.len() as u64).saturating_pow(2))?;
    let board = rules.parse(text).map_err(|e| {
        // A last word of letters that is neither side, after a position that reads, was
        // meant as the side: say so rather than blame the board's cell it stands on.
        let misnamed = text
            .rsplit_once(char::is_whitespace)
            .filter(|(rest, last)| {
                last.chars().all(|c| c.is_ascii_alphabetic()) && rules.parse(rest).is_ok()
            });
        match misnamed {
            Some((_, last)) => PlayError::Game(format!(
                "{}: '{last}' is not a side: after the position write left or right (who \
                 moves first; left when left out)",
                rules.name()
            )),
            None => PlayError::Game(format!("{}: {e}", rules.name())),
        }
    })?;
    let explored = explore_within(&Sided(Rules(rules.clone())), (board, side), budget)?;
    let (graph, positions) = explored.into_parts();
    let (names, drawings) = positions
        .iter()
        .map(|(board, side)| {
            let name = format!("{} {}", rules.show(board), side_word(*side));
            (
                name,
                draw(&rules, board).with_note(format!("{side} to move")),
            )
        })
        .unzip();
    let title = rules.name().to_string();
    let forms: Arc<dyn Forms> = Arc::new(RulesetForms {
        rules: rules.clone(),
        positions,
        engine: Mutex::new(Engine {
            evaluator: Evaluator::new(rules),
            store: GameStore::new(),
            values: FxHashMap::default(),
        }),
    });
    Match::solved(title, graph, names, drawings, 0, false, Some(forms))
}

/// A board or strip drawn as the rows of its notation (`x.o|.ox` is two rows).
pub fn grid<R: Ruleset>(rules: &R, p: &R::Position) -> Drawing {
    Drawing::Board {
        rows: rules.show(p).split('|').map(str::to_string).collect(),
        note: None,
        chess: false,
    }
}

/// A graph of Snort or Col drawn as its text (`0:L 0-1 1-2`), its vertices in play with
/// their tints, and its edges between them.
pub fn vertices<R>(_rules: &R, p: &TintedGraph) -> Drawing {
    let bit = |mask: u64, v: usize| mask >> v & 1 == 1;
    let live: Vec<usize> = (0..64).filter(|&v| bit(p.live, v)).collect();
    let tint = |v: usize| match (bit(p.left, v), bit(p.right, v)) {
        (true, _) => 'L',
        (_, true) => 'R',
        _ => '.',
    };
    Drawing::Graph {
        position: show_tinted_graph(p),
        vertices: live.iter().map(|&v| (v as u8, tint(v))).collect(),
        links: (live.iter())
            .flat_map(|&v| {
                let above = p.adjacency.get(v).copied().unwrap_or(0) & p.live;
                (v + 1..64)
                    .filter(move |&w| bit(above, w))
                    .map(move |w| (v as u8, w as u8))
            })
            .collect(),
    }
}

/// A Hackenbush position drawn as its edges.
pub fn edges<R>(_rules: &R, p: &Graph) -> Drawing {
    Drawing::Edges {
        edges: p
            .edges
            .iter()
            .map(|&(u, v, c)| {
                let letter = match c {
                    Colour::Blue => 'b',
                    Colour::Red => 'r',
                    Colour::Green => 'g',
                };
                (u, v, letter)
            })
            .collect(),
        note: None,
    }
}
