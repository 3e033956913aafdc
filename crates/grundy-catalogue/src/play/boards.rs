//! Board games played (tic-tac-toe, the mills, Quixo): explored from their start by their
//! rules and solved like every other game ([`build`]), or read from their strong solution on
//! disk where they are too large to explore ([`from_solution`]); each move named as the game
//! names it (`b2`, `a1-a4`) rather than by the position it leads to, so that a player types
//! the move.

use std::fmt;
use std::sync::Arc;

use super::formula::{Describe, Named, Read};
use super::on_disk::FromSolution;
use super::rulesets::Forms;
use super::{explore_within, Body, Drawing, Match, PlayError};
use grundy::budget::Budget;
use grundy::graph::GameGraph;
use grundy::rules::tiered::{self, TierRanking};
use grundy::rules::Game;

/// The game `rules` from `start`, explored within `budget` and solved; `describe` names and
/// draws each position, `named` names its moves. O(positions × moves).
pub fn build<G>(
    title: String,
    rules: &G,
    start: G::Position,
    budget: &Budget,
    describe: impl Fn(&G::Position) -> (String, Drawing),
    named: Named<G::Position>,
) -> Result<Match, PlayError>
where
    G: Game,
    G::Position: Send + Sync + 'static,
{
    let explored = explore_within(rules, start, budget)?;
    let positions: Vec<G::Position> = (0..explored.graph.position_count() as u32)
        .map(|p| explored.position(p).clone())
        .collect();
    let (names, drawings) = positions.iter().map(describe).unzip();
    let moves: Arc<dyn Forms> = Arc::new(BoardMoves {
        graph: explored.graph.clone(),
        positions,
        named,
    });
    Match::solved(
        title,
        explored.graph,
        names,
        drawings,
        0,
        false,
        Some(moves),
    )
}

/// The game of `solved` (a strong solution opened from its folder) played from `start` by
/// reading it: nothing is explored; each position is read when play first reaches it (its
/// value and its moves', see [`Match::is_from_solution`]), at most the budget's positions.
/// `describe` names and draws a position, `read` reads a name, `named` names the moves.
/// O(moves of the start) reads; a start the solution cannot answer is refused
/// ([`PlayError::Solution`]).
pub fn from_solution<G>(
    title: String,
    solved: tiered::Solved<G>,
    start: G::Position,
    budget: &Budget,
    describe: Describe<G::Position>,
    read: Read<G::Position>,
    named: Named<G::Position>,
) -> Result<Match, PlayError>
where
    G: TierRanking + Send + Sync + 'static,
    G::Position: Send + Sync + 'static,
{
    let game = FromSolution::new(solved, describe, read, named, start, budget)?;
    Ok(Match {
        title,
        body: Body::Disk(Arc::new(game)),
        why: None,
    })
}

/// A board game's positions and how their moves are named (a board game has no canonical
/// form, temperature or thermograph to show).
struct BoardMoves<P> {
    graph: GameGraph,
    positions: Vec<P>,
    named: Named<P>,
}

impl<P> fmt::Debug for BoardMoves<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BoardMoves")
            .field("positions", &self.positions.len())
            .finish_non_exhaustive()
    }
}

impl<P: Eq + Send + Sync> Forms for BoardMoves<P> {
    /// Each option's name: the named move in its place (the options are the moves in the
    /// rules' order, and two moves may lead to one position: Quixo's pushes along a line),
    /// else the first named move that leads to it. O(moves) where the places agree, else
    /// O(moves²) for the position's moves.
    fn move_names(&self, p: u32) -> Vec<String> {
        let named = (self.named)(&self.positions[p as usize]);
        (self.graph.options(p).iter().enumerate())
            .map(|(i, &q)| {
                let to = &self.positions[q as usize];
                let placed = named.get(i).filter(|(_, next)| next == to);
                (placed.or_else(|| named.iter().find(|(_, next)| next == to)))
                    .map_or_else(|| format!("move {}", q + 1), |(name, _)| name.clone())
            })
            .collect()
    }
}
