//! A catalogue game's formula against its rules: the generic solver plays the rules on small
//! positions, and every answer must agree with it. This is the check every family's tests run
//! (in a line or two), and one a user can run on a game of their own.

use std::collections::HashSet;

use super::CatalogueGame;
use grundy::budget::Budget;
use grundy::outcome::Outcome;
use grundy::progress::NoProgress;
use grundy::rules::{explore, ExploreError, Game};
use grundy::solve::{grundy_values, solve, SolveError, SolveOptions};

/// What a verification looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Verified {
    /// Positions whose answers were checked.
    pub positions: usize,
    /// Positions the solver explored to check them (the positions and everything reachable).
    pub explored: usize,
    /// Listed winning moves checked.
    pub winning_moves: usize,
    /// Positions whose Sprague–Grundy value was checked.
    pub values: usize,
}

/// Where a formula and the rules disagree (or the rules could not be solved).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// The rules could not be explored within the limits.
    #[error("exploring the rules: {0}")]
    Explore(#[from] ExploreError),
    /// The rules could not be solved.
    #[error("solving the rules: {0}")]
    Solve(#[from] SolveError),
    /// The outcome differs.
    #[error("at {position}: the formula says {formula}, the solver {solver}")]
    Outcome {
        /// The position, as `Debug` prints it.
        position: String,
        /// The formula's outcome.
        formula: Outcome,
        /// The solver's outcome.
        solver: Outcome,
    },
    /// The Sprague–Grundy value differs.
    #[error("at {position}: the formula's value is {formula}, the solver's {solver}")]
    Value {
        /// The position.
        position: String,
        /// The formula's value.
        formula: u64,
        /// The solver's value (`inf(...)` for a loopy value).
        solver: String,
    },
    /// A listed winning move is illegal or does not win.
    #[error("at {position}: the winning move {mv} {problem}")]
    Move {
        /// The position.
        position: String,
        /// The move, as displayed.
        mv: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The listed winning moves are not all the winning moves.
    #[error("at {position}: the formula lists {listed} winning moves, the solver finds {solver}")]
    Missing {
        /// The position.
        position: String,
        /// The number of distinct positions the listed moves lead to.
        listed: usize,
        /// The number of options the solver finds winning.
        solver: usize,
    },
}

/// Checks `game`'s answers at `positions` against the generic solver run on its rules:
///
/// - the outcome for the player to move;
/// - the Sprague–Grundy value, where the answer gives one (normal play, impartial rules);
/// - every listed winning move: legal by the rules (it leads to one of the position's options)
///   and winning (the option is a loss for the opponent), and no move listed twice;
/// - when the answer lists them all (no `winning_move_count`, and
///   [`CatalogueGame::lists_every_winning_move`]), that the moves lead to exactly the options
///   the solver finds winning.
///
/// Cost: exploring and solving everything reachable from `positions` (O(n + m) for n
/// positions and m moves), then O(options) per position checked.
///
/// ```
/// use grundy_catalogue::games::nim::Nim;
/// use grundy_catalogue::games::verify::against_solver;
/// use grundy::budget::Budget;
///
/// let positions = (0..6).flat_map(|a| (0..6).map(move |b| vec![a, b]));
/// let checked = against_solver(&Nim, positions, &Budget::default()).unwrap();
/// assert_eq!(checked.positions, 36);
/// ```
pub fn against_solver<G: CatalogueGame>(
    game: &G,
    positions: impl IntoIterator<Item = G::Position>,
    budget: &Budget,
) -> Result<Verified, Mismatch> {
    check(game, positions.into_iter().collect(), budget, false)
}

/// [`against_solver`] at `starts` and at every position reachable from them: the formula is
/// checked wherever play can go. Cost: as [`against_solver`], with every explored position
/// checked.
pub fn everywhere_from<G: CatalogueGame>(
    game: &G,
    starts: impl IntoIterator<Item = G::Position>,
    budget: &Budget,
) -> Result<Verified, Mismatch> {
    check(game, starts.into_iter().collect(), budget, true)
}

/// Explores from `positions`, solves, and checks `positions` (or, with `reachable`, every
/// position explored).
fn check<G: CatalogueGame>(
    game: &G,
    positions: Vec<G::Position>,
    budget: &Budget,
    reachable: bool,
) -> Result<Verified, Mismatch> {
    let rules = game.rules();
    let explored = explore(&rules, positions.iter().cloned(), budget, &NoProgress)?;
    let positions: Vec<G::Position> = if reachable {
        (0..explored.graph.position_count() as u32)
            .map(|id| explored.position(id).clone())
            .collect()
    } else {
        positions
    };
    let graph = &explored.graph;
    let options = SolveOptions {
        misere: game.misere(),
        preferences: None,
    };
    let solution = solve(graph, &options)?;
    let mut values = None;
    let mut verified = Verified {
        explored: graph.position_count(),
        ..Verified::default()
    };
    let mut moves = grundy::rules::Moves::new();
    for p in &positions {
        let id = explored.id(p).expect("every start is explored");
        let answer = game.answer(p);
        let position = format!("{p:?}");
        if answer.outcome != solution.outcome(id) {
            return Err(Mismatch::Outcome {
                position,
                formula: answer.outcome,
                solver: solution.outcome(id),
            });
        }
        if let Some(v) = answer.value {
            let values = match &mut values {
                Some(values) => values,
                None => values.insert(grundy_values(graph)?),
            };
            if values.finite(id).map(u64::from) != Some(v) {
                return Err(Mismatch::Value {
                    position,
                    formula: v,
                    solver: values.value(graph, id).to_string(),
                });
            }
            verified.values += 1;
        }
        moves.clear();
        if rules.result(p).is_none() {
            rules.moves(p, &mut moves);
        }
        let winning: HashSet<&G::Position> = moves
            .iter()
            .filter(|q| {
                let q = explored.id(q).expect("every option is explored");
                solution.outcome(q) == Outcome::Loss
            })
            .collect();
        let mut reached: HashSet<G::Position> = HashSet::new();
        for (i, m) in answer.winning_moves.iter().enumerate() {
            let bad = |problem: &str| Mismatch::Move {
                position: position.clone(),
                mv: m.to_string(),
                problem: problem.to_string(),
            };
            if answer.winning_moves[..i].contains(m) {
                return Err(bad("is listed twice"));
            }
            let q = game.play(p, m).ok_or_else(|| bad("is illegal"))?;
            if !moves.contains(&q) {
                return Err(bad(&format!(
                    "leads to {q:?}, which the rules do not allow"
                )));
            }
            if !winning.contains(&q) {
                return Err(bad(&format!("leads to {q:?}, where the opponent wins")));
            }
            reached.insert(q);
            verified.winning_moves += 1;
        }
        let complete = answer.winning_move_count.is_none() && game.lists_every_winning_move();
        if complete && reached.len() != winning.len() {
            return Err(Mismatch::Missing {
                position,
                listed: reached.len(),
                solver: winning.len(),
            });
        }
        verified.positions += 1;
    }
    Ok(verified)
}
