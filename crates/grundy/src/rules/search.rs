//! Search for any [`Game`]: the outcome of one position (win, draw by the rules' result, or
//! loss for the player to move) by the generic search of [`crate::search::solver`], without
//! exploring every position first as [`explore`](super::explore) does. For a game too large
//! to explore whose answer needs only part of its positions (a win proved by one move a
//! level).
//!
//! A game with cycles is refused when a line of play comes back to a position on it (its
//! outcome depends on the whole graph: [`explore`](super::explore) and the retrograde solver
//! answer it).

use super::{Game, Moves};
use crate::budget::{Budget, Exhausted};
use crate::outcome::Outcome;
use crate::search::solver::{self, Halted, Options, Searcher, Tree};

/// A [`Game`] as a [`Tree`] for the generic search: its positions are the states (they say
/// who is to move), its rules' result decides a state, and moves are ordered by how few
/// moves they leave the opponent.
pub struct GameTree<G: Game> {
    game: G,
    moves: Moves<G::Position>,
    most: usize,
}

/// A position with more moves than the search lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a position has more than {0} moves")]
pub struct TooManyMoves(pub usize);

impl<G: Game> GameTree<G> {
    /// A tree of `game` listing at most `most` moves of a position.
    pub fn new(game: G, most: usize) -> GameTree<G> {
        GameTree {
            game,
            moves: Moves::with_most(most),
            most,
        }
    }
}

impl<G: Game> GameTree<G> {
    /// The positions `p` moves to, at most `most` of them.
    fn list(&mut self, p: &G::Position) -> Result<Vec<G::Position>, TooManyMoves> {
        self.moves.clear();
        self.moves.set_most(self.most);
        self.game.moves(p, &mut self.moves);
        if self.moves.is_over() {
            return Err(TooManyMoves(self.most));
        }
        Ok(self.moves.to_vec())
    }
}

impl<G: Game> Tree for GameTree<G> {
    type State = G::Position;
    type Root = G::Position;
    type Error = TooManyMoves;
    type Move = G::Position;

    fn enter(&mut self, p: &G::Position) -> Result<G::Position, TooManyMoves> {
        Ok(p.clone())
    }

    fn result(&mut self, p: &G::Position) -> Result<Option<i8>, TooManyMoves> {
        Ok(self.game.result(p).map(|o| match o {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        }))
    }

    /// Each move with the fewer moves it leaves the opponent, the better.
    fn moves(
        &mut self,
        p: &G::Position,
        out: &mut Vec<(i64, G::Position)>,
    ) -> Result<(), TooManyMoves> {
        let children = self.list(p)?;
        for c in children {
            let promise = if self.game.result(&c).is_some() {
                0
            } else {
                -(self.list(&c)?.len() as i64)
            };
            out.push((promise, c));
        }
        Ok(())
    }

    fn play(&mut self, _: &G::Position, c: &G::Position) -> Result<G::Position, TooManyMoves> {
        Ok(c.clone())
    }
}

/// Why the search of a game stopped without an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameSearchError {
    /// The budget ran out (nodes, time, memory).
    #[error(transparent)]
    Budget(#[from] Exhausted),
    /// A position has more moves than the search lists.
    #[error(transparent)]
    TooManyMoves(#[from] TooManyMoves),
    /// A line of play went deeper than the search follows.
    #[error("the search went deeper than {0} moves")]
    TooDeep(usize),
    /// A line of play came back to a position: the game has a cycle.
    #[error("a line of play came back to a position: the game has a cycle (solve it as a graph)")]
    Cycle,
}

impl From<Halted<TooManyMoves>> for GameSearchError {
    fn from(h: Halted<TooManyMoves>) -> GameSearchError {
        match h {
            Halted::Budget(e) => GameSearchError::Budget(e),
            Halted::Game(e) => GameSearchError::TooManyMoves(e),
            Halted::TooDeep(depth) => GameSearchError::TooDeep(depth),
            Halted::Interrupted => GameSearchError::TooDeep(solver::MAX_DEPTH),
            Halted::Cycle => GameSearchError::Cycle,
        }
    }
}

/// The answer of [`search`]: the outcome for the player to move, a move achieving it (the
/// position it leads to), a line of play and the nodes searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSearched<P> {
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// A position a best move leads to; `None` where the game is over.
    pub best: Option<P>,
    /// The positions of a line of play from the position: each player plays a best move
    /// (where every move loses, the first tried), until the game ends or
    /// [`LINE_MOVES`](solver::LINE_MOVES) moves.
    pub line: Vec<P>,
    /// Nodes searched, for the answer and its line.
    pub nodes: u64,
}

/// The outcome for the player to move at `p`, a position a best move leads to and the nodes
/// searched: one search of `searcher`, its root moves tried from the most promising where
/// `ordering` (a win among them ends the search).
fn solve<G>(
    tree: &mut GameTree<G>,
    searcher: &mut Searcher<GameTree<G>>,
    p: &G::Position,
    ordering: bool,
    budget: &Budget,
) -> Result<(Outcome, Option<G::Position>, u64), GameSearchError>
where
    G: Game + Send,
    G::Position: Send + Sync,
{
    let outcome = |v: i8| [Outcome::Loss, Outcome::Draw, Outcome::Win][(v + 1) as usize];
    if let Some(v) = tree.result(p)? {
        return Ok((outcome(v), None, 1));
    }
    let mut promised = Vec::new();
    tree.moves(p, &mut promised)?;
    if ordering {
        promised.sort_by_key(|(promise, _)| std::cmp::Reverse(*promise));
    }
    let roots: Vec<G::Position> = promised.into_iter().map(|(_, q)| q).collect();
    let solved = searcher.solve(&roots, budget)?;
    let best = solved.best.map(|i| roots[i].clone());
    Ok((outcome(solved.value), best, solved.nodes))
}

/// The outcome of `p` for the player to move, by search within `budget` (its positions count
/// nodes; its memory bounds `options.table_bytes`), with a best move and a line of play;
/// positions of more than `most_moves` moves are refused. Cost: the proof tree's nodes
/// (exponential in the depth at worst), then up to [`LINE_MOVES`](solver::LINE_MOVES)
/// searches more for the line, mostly answered from the table.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::outcome::Outcome;
/// use grundy::rules::search::search;
/// use grundy::rules::{Impartial, Moves};
/// use grundy::search::solver::Options;
///
/// /// Take 1, 3 or 4 counters from a pile.
/// #[derive(Clone)]
/// struct Take134;
/// impl Impartial for Take134 {
///     type Position = u32;
///     fn options(&self, &n: &u32, out: &mut Moves<u32>) {
///         out.extend([1, 3, 4].into_iter().filter(|&t| t <= n).map(|t| n - t));
///     }
/// }
///
/// let found = search(Take134, &30, Options::default(), 1000, &Budget::default()).unwrap();
/// // The player to move loses exactly when n is 0 or 2 modulo 7, and 30 = 4 · 7 + 2.
/// assert_eq!(found.outcome, Outcome::Loss);
/// // Whatever the loser takes, the winner takes the pile back to 0 or 2 modulo 7.
/// assert!(found.line[1] % 7 == 0 || found.line[1] % 7 == 2);
/// ```
pub fn search<G>(
    game: G,
    p: &G::Position,
    options: Options,
    most_moves: usize,
    budget: &Budget,
) -> Result<GameSearched<G::Position>, GameSearchError>
where
    G: Game + Clone + Send,
    G::Position: Send + Sync,
{
    GameSearch::new(game, options, most_moves, budget)?.search(p, budget)
}

/// A search of one game that keeps its transposition table from one position to the next:
/// a position searched again, or one whose lines meet those searched before, is answered
/// from the table. The table holds only proved results (a search stopped by its budget
/// stores nothing of its unfinished work), so it stays sound after any error.
pub struct GameSearch<G: Game> {
    tree: GameTree<G>,
    searcher: Searcher<GameTree<G>>,
    ordering: bool,
}

impl<G> GameSearch<G>
where
    G: Game + Clone + Send,
    G::Position: Send + Sync,
{
    /// A search of `game` with `options` (its table checked against `budget`'s memory
    /// before it is taken), listing at most `most_moves` moves of a position. O(the table).
    pub fn new(
        game: G,
        options: Options,
        most_moves: usize,
        budget: &Budget,
    ) -> Result<GameSearch<G>, GameSearchError> {
        let tree = GameTree::new(game.clone(), most_moves);
        let searcher = Searcher::new(options, budget, || GameTree::new(game.clone(), most_moves))?;
        Ok(GameSearch {
            tree,
            searcher,
            ordering: options.ordering,
        })
    }

    /// The outcome of `p` for the player to move within `budget` (its positions count
    /// nodes), with a best move and a line of play, as [`search`] gives it.
    pub fn search(
        &mut self,
        p: &G::Position,
        budget: &Budget,
    ) -> Result<GameSearched<G::Position>, GameSearchError> {
        let (tree, searcher, ordering) = (&mut self.tree, &mut self.searcher, self.ordering);
        let (outcome, best, mut nodes) = solve(tree, searcher, p, ordering, budget)?;
        let mut line = Vec::new();
        let mut at = best.clone();
        while let Some(q) = at.take() {
            line.push(q.clone());
            if line.len() >= solver::LINE_MOVES {
                break;
            }
            let (_, next, n) = solve(tree, searcher, &q, ordering, budget)?;
            nodes += n;
            at = next;
        }
        Ok(GameSearched {
            outcome,
            best,
            line,
            nodes,
        })
    }

    /// Drops the table's results, for rules that failed during a search (see
    /// [`Searcher::forget`]). O(the results held).
    pub fn forget(&mut self) {
        self.searcher.forget();
    }
}
