//! Search for the rulesets: who wins a position with a given player moving first, for
//! positions too large to value by canonical form, by the generic search of
//! [`crate::search::solver`] and the theory.
//!
//! **Decomposition.** A position is a sum of independent regions ([`Ruleset::regions`]). A
//! region where the players have few moves between them (at most
//! [`SearchOptions::small`]) is valued exactly by its canonical form (an [`Evaluator`], whose
//! memo of regions lasts the whole search), and the values of all such regions are added
//! into one canonical form; the search branches only in the larger regions and in that
//! value's canonical options. A position whose regions are all valued is decided at once
//! from its value: Left moving first wins exactly when the value is not ≤ 0, Right moving
//! first exactly when it is not ≥ 0. Moving in a canonical form instead of in the regions it
//! values loses nothing: the value of a sum is the sum of the values, and a canonical form's
//! options are, up to equality, the best of the position's.
//!
//! **Ordering.** Moves are tried from the one that leaves the mover the most moves of her own
//! and the opponent the fewest (in the open regions), a mobility count any ruleset has
//! ([`Ruleset::move_count`]), with the safe moves of each where the ruleset counts them
//! ([`Ruleset::move_bounds`]); a move's state (its region split and valued) is built only
//! when the search plays it.
//!
//! A state is the list of open regions (in a fixed order, so that a sum met in another
//! order is the same state), the value of the rest, and the player to move; the table keeps
//! states whole, so its results are never another position's.

pub mod domineering;

use std::hash::{BuildHasher, Hash};

use super::region_table::{self, Key, RegionTableError};
use super::rulesets::{Evaluator, RaceBounds, Ruleset};
use super::{GameId, GameStore, Side, ValueError};
use crate::budget::{Budget, Exhausted};
use crate::progress::{NoProgress, Progress};
use crate::search::solver::{self, Halted, Options, Searcher, Tree};

/// How a ruleset's position is searched: the generic search's options and the theory's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOptions {
    /// The table, the threads and the ordering.
    pub search: Options,
    /// Split positions into regions and value regions of at most `small` moves (both
    /// players' together) by canonical form; `None` searches every position whole.
    pub small: Option<usize>,
}

/// Moves of both players in a region valued by canonical form rather than searched, by
/// default. Larger regions value slowly and rarely recur; at 10, Domineering's 6 × 6 and
/// 7 × 6 boards search fastest (`cargo bench -p grundy --bench search_domineering --
/// --small N`).
pub const DEFAULT_SMALL: usize = 10;

impl Default for SearchOptions {
    /// The generic search's defaults, with decomposition at [`DEFAULT_SMALL`].
    fn default() -> SearchOptions {
        SearchOptions {
            search: Options::default(),
            small: Some(DEFAULT_SMALL),
        }
    }
}

/// A position in the search: its open regions, the value of the others, and who is to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State<P> {
    open: Vec<P>,
    valued: GameId,
    side: Side,
}

/// A move in the search: in open region `i`, to the position `q` (a region before it is
/// split), or in the valued part, to one of its canonical options.
#[derive(Debug, Clone)]
pub enum Step<P> {
    /// In the open region of this index, leaving this position.
    In(usize, P),
    /// In the valued part, to this canonical option.
    Valued(GameId),
}

/// A ruleset as a [`Tree`] for the generic search, with its own store and evaluator (one a
/// thread).
pub struct RulesetTree<R: Ruleset> {
    evaluator: Evaluator<R>,
    store: GameStore,
    small: Option<usize>,
    moves: Vec<(R::Move, R::Position)>,
    regions: Vec<R::Position>,
    hasher: rustc_hash::FxBuildHasher,
    /// The integer bounds of valued parts met ([`RulesetTree::integer_bounds`]).
    integers: rustc_hash::FxHashMap<GameId, Option<(i64, i64)>>,
}

impl<R: Ruleset> RulesetTree<R> {
    /// A tree of `rules` whose store works within `budget` (its memory and time), valuing
    /// regions at most `max_depth` moves deep (a region of few moves may still have long
    /// lines of play where moves make moves).
    pub fn new(
        rules: R,
        small: Option<usize>,
        max_depth: usize,
        budget: &Budget,
    ) -> RulesetTree<R> {
        RulesetTree {
            evaluator: Evaluator::new(rules).with_max_depth(max_depth as u64),
            store: GameStore::with_budget(budget.clone()),
            small,
            moves: Vec::new(),
            regions: Vec::new(),
            hasher: rustc_hash::FxBuildHasher,
            integers: rustc_hash::FxHashMap::default(),
        }
    }

    /// How many distinct regions have been valued by canonical form.
    pub fn regions_valued(&self) -> usize {
        self.evaluator.regions_valued()
    }

    /// The greatest integer at most `g` and the least at least `g`, where they are small
    /// enough to count moves by, remembered for each value. The stops place them: `g` is
    /// above every number below its right stop and below every number above its left
    /// stop, so each bound is the integer next to a stop or the one beyond, which a
    /// comparison tells.
    fn integer_bounds(&mut self, g: GameId) -> Result<Option<(i64, i64)>, ValueError> {
        if let Some(&b) = self.integers.get(&g) {
            return Ok(b);
        }
        let (right, left) = (
            self.store.right_stop(g).ceil(),
            self.store.left_stop(g).floor(),
        );
        let bounds = if right.unsigned_abs() > 1 << 20 || left.unsigned_abs() > 1 << 20 {
            None
        } else {
            let n = self.store.integer(right);
            let low = if self.store.leq(n, g)? {
                right
            } else {
                right - 1
            };
            let n = self.store.integer(left);
            let high = if self.store.leq(g, n)? {
                left
            } else {
                left + 1
            };
            // Checked rather than taken from the stops' theory: a wrong bound would give a
            // wrong count.
            let (l, h) = (self.store.integer(low), self.store.integer(high));
            (self.store.leq(l, g)? && self.store.leq(g, h)?).then_some((low, high))
        };
        self.integers.insert(g, bounds);
        Ok(bounds)
    }

    /// The moves of `side` in `p`, counted.
    fn count(&self, p: &R::Position, side: Side) -> usize {
        self.evaluator.rules().move_count(p, side)
    }

    /// The state of position `q` with `side` to move, given the regions kept from a sum
    /// (`open`) and the value of the rest (`valued`): `q`'s regions are each kept open or
    /// valued.
    fn state(
        &mut self,
        mut open: Vec<R::Position>,
        mut valued: GameId,
        q: R::Position,
        side: Side,
    ) -> Result<State<R::Position>, ValueError> {
        match self.small {
            None => open.push(q),
            Some(small) => {
                let mut regions = std::mem::take(&mut self.regions);
                regions.clear();
                self.evaluator.rules().regions(&q, &mut regions);
                for r in regions.drain(..) {
                    if self.count(&r, Side::Left) + self.count(&r, Side::Right) <= small {
                        let v = self.evaluator.value(&mut self.store, &r)?;
                        valued = self.store.sum(valued, v)?;
                    } else {
                        open.push(r);
                    }
                }
                self.regions = regions;
                // One order for the same regions met in another: by hash (equal regions
                // hash alike; a collision only costs a missed transposition).
                let hasher = self.hasher;
                open.sort_by_cached_key(|r| hasher.hash_one(r));
            }
        }
        Ok(State { open, valued, side })
    }
}

impl<R: Ruleset> Tree for RulesetTree<R> {
    type State = State<R::Position>;
    type Root = (R::Position, Side);
    type Error = ValueError;
    type Move = Step<R::Position>;

    fn enter(&mut self, (p, side): &(R::Position, Side)) -> Result<Self::State, ValueError> {
        self.state(Vec::new(), GameId::ZERO, p.clone(), *side)
    }

    /// Decided when every region is valued: from the value's outcome with `s.side` first.
    /// Else decided by counting moves where the ruleset bounds them
    /// ([`Ruleset::race_bounds`], [`RaceBounds::race`]: the player to move wins when the
    /// moves she is sure of, safe moves and zones, outrun the opponent's, and loses when the
    /// opponent's outrun hers).
    fn result(&mut self, s: &Self::State) -> Result<Option<i8>, ValueError> {
        if s.open.is_empty() {
            let loses = match s.side {
                Side::Left => self.store.leq(s.valued, GameId::ZERO)?,
                Side::Right => self.store.leq(GameId::ZERO, s.valued)?,
            };
            return Ok(Some(if loses { -1 } else { 1 }));
        }
        let Some((low, high)) = self.integer_bounds(s.valued)? else {
            return Ok(None);
        };
        Ok(count(self.evaluator.rules(), s, low, high))
    }

    /// Each move with the mover's moves less the opponent's after it, in the open regions,
    /// and her safe moves less the opponent's where the ruleset counts them (a third fewer
    /// nodes on Domineering's 7 × 6 board than moves alone); the valued part's moves count
    /// as changing nothing.
    fn moves(
        &mut self,
        s: &Self::State,
        out: &mut Vec<(i64, Self::Move)>,
    ) -> Result<(), ValueError> {
        let (me, you) = (s.side, s.side.other());
        let balance = |t: &Self, r: &R::Position| {
            let rules = t.evaluator.rules();
            let safe = match (rules.move_bounds(r, me), rules.move_bounds(r, you)) {
                (Some((a, _)), Some((b, _))) => a as i64 - b as i64,
                _ => 0,
            };
            t.count(r, me) as i64 - t.count(r, you) as i64 + safe
        };
        let base: i64 = s.open.iter().map(|r| balance(self, r)).sum();
        for (i, r) in s.open.iter().enumerate() {
            let before = balance(self, r);
            self.moves.clear();
            self.evaluator.rules().moves(r, me, &mut self.moves);
            let moves = std::mem::take(&mut self.moves);
            for (_, q) in &moves {
                out.push((base - before + balance(self, q), Step::In(i, q.clone())));
            }
            self.moves = moves;
        }
        if s.valued != GameId::ZERO {
            for g in self.store.options(s.valued, me)? {
                out.push((base, Step::Valued(g)));
            }
        }
        Ok(())
    }

    fn play(&mut self, s: &Self::State, m: &Self::Move) -> Result<Self::State, ValueError> {
        let next = s.side.other();
        match m {
            Step::In(i, q) => {
                let mut rest = s.open.clone();
                rest.remove(*i);
                self.state(rest, s.valued, q.clone(), next)
            }
            Step::Valued(g) => Ok(State {
                open: s.open.clone(),
                valued: *g,
                side: next,
            }),
        }
    }

    /// Boards fill, strips and graphs shrink: the built-in rulesets never come back.
    fn acyclic(&self) -> bool {
        true
    }

    fn heap_bytes(&self, s: &Self::State) -> usize {
        s.open.len() * std::mem::size_of::<R::Position>()
            + s.open
                .iter()
                .map(|r| self.evaluator.rules().heap_bytes(r))
                .sum::<usize>()
    }
}

/// The result of `s` for the player to move by counting moves ([`RaceBounds::race`]), where
/// the ruleset bounds them ([`Ruleset::race_bounds`]), the valued part between the integers
/// `low` and `high`: the bounds of the open regions summed for each player, with an integer
/// in place of the valued part (`k` moves for Left if positive, `-k` for Right if negative).
/// A win counts with the integer worse for the mover in place of the valued part, a loss
/// with the better one: the outcome of a sum only improves for a player as a part grows
/// for her, so a win against less is a win, a loss with more a loss. O(cells of the open
/// regions).
fn count<R: Ruleset>(rules: &R, s: &State<R::Position>, low: i64, high: i64) -> Option<i8> {
    let mut open = [RaceBounds::default(); 2];
    for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
        for r in &s.open {
            open[i] += rules.race_bounds(r, side)?;
        }
    }
    // The bounds of Left and Right with the integer `k` added.
    let with = |k: i64| {
        let mut b = open;
        let n = usize::try_from(k.unsigned_abs()).ok()?;
        let (mine, theirs) = RaceBounds::integer(n);
        let i = usize::from(k < 0);
        b[i] += mine;
        b[1 - i] += theirs;
        Some(b)
    };
    let (x, y, worse, better) = match s.side {
        Side::Left => (0, 1, low, high),
        Side::Right => (1, 0, high, low),
    };
    let b = with(worse)?;
    if RaceBounds::race(&b[x], &b[y]) == Some(1) {
        return Some(1);
    }
    let b = with(better)?;
    (RaceBounds::race(&b[x], &b[y]) == Some(-1)).then_some(-1)
}

/// Why a ruleset's search stopped without an answer.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The budget ran out (nodes, time, memory).
    #[error(transparent)]
    Budget(#[from] Exhausted),
    /// Valuing a region failed (the store's budget).
    #[error(transparent)]
    Value(#[from] ValueError),
    /// A line of play went deeper than the search follows.
    #[error("the search went deeper than {0} moves")]
    TooDeep(usize),
    /// A line of play came back to a position.
    #[error("a line of play came back to a position: the game has a cycle")]
    Cycle,
    /// A board of another shape than the search was made for.
    #[error("the board is {found}, and this search was made for boards of {expected}")]
    Shape {
        /// The shape of the search's boards, `rows × columns`.
        expected: String,
        /// The board's.
        found: String,
    },
}

impl From<Halted<ValueError>> for SearchError {
    fn from(h: Halted<ValueError>) -> SearchError {
        match h {
            Halted::Budget(e) => SearchError::Budget(e),
            Halted::Game(ValueError::Budget(e)) => SearchError::Budget(e),
            Halted::Game(e) => SearchError::Value(e),
            Halted::TooDeep(depth) => SearchError::TooDeep(depth),
            Halted::Interrupted => SearchError::TooDeep(solver::MAX_DEPTH),
            Halted::Cycle => SearchError::Cycle,
        }
    }
}

/// The answer of a search with one player moving first: moves `M` and positions `P` as
/// the ruleset has them, for the caller to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Searched<M, P> {
    /// Whether the player moving first wins.
    pub wins: bool,
    /// A winning move where the player wins, with the position it leads to; where she
    /// loses, her first move (every move loses); `None` without moves.
    pub best: Option<(M, P)>,
    /// A line of play from the position: each move and the position after it, the winner
    /// playing winning moves and the loser the first move of each position, until the game
    /// ends or [`LINE_MOVES`](solver::LINE_MOVES) moves.
    pub line: Vec<(M, P)>,
    /// Nodes searched, for the answer and its line.
    pub nodes: u64,
}

/// Whether the player to move wins, a best move (with the position it leads to), and the
/// nodes searched.
type Answer<M, P> = (bool, Option<(M, P)>, u64);

/// A search of one ruleset's positions, as `grundy search` drives it: the generic
/// [`RulesetSearch`], or a ruleset's own ([`domineering::DomineeringSearch`]).
pub trait PositionSearch<R: Ruleset> {
    /// Whether `side` moving first at `p` wins, with a best move and a line of play, within
    /// `budget`, reporting to `progress` where the search does.
    fn search(
        &mut self,
        p: &R::Position,
        side: Side,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Searched<R::Move, R::Position>, SearchError>;

    /// Distinct regions valued by canonical form.
    fn regions_valued(&mut self) -> usize;

    /// The regions valued by canonical form, as a file's text signed with `key`
    /// ([`region_table::save`]).
    fn save_regions(&mut self, key: &Key) -> Result<String, ValueError>;

    /// Reads a table of regions signed with `key` ([`region_table::load`]); returns the
    /// number of regions. After an error the search may hold part of the table: drop it.
    fn load_regions(
        &mut self,
        text: &str,
        origin: &str,
        key: &Key,
    ) -> Result<usize, RegionTableError>;
}

/// Searches rulesets' positions, keeping each thread's table and store between searches.
pub struct RulesetSearch<R: Ruleset> {
    rules: R,
    searcher: Searcher<RulesetTree<R>>,
}

impl<R> RulesetSearch<R>
where
    R: Ruleset + Clone + Send,
    R::Position: Send + Sync,
    R::Move: Send,
{
    /// A search of `rules` with `options`, its tables checked against `budget`'s memory.
    pub fn new(rules: R, options: SearchOptions, budget: &Budget) -> Result<Self, Exhausted> {
        let searcher = Searcher::new(options.search, budget, || {
            RulesetTree::new(
                rules.clone(),
                options.small,
                options.search.max_depth(),
                budget,
            )
        })?;
        Ok(RulesetSearch { rules, searcher })
    }

    /// Gives every thread's store `budget` (its memory, positions and deadline), the forms
    /// kept: a search kept from one call to the next works within each call's budget.
    /// O(threads).
    pub fn set_budget(&mut self, budget: &Budget) {
        for tree in self.searcher.trees() {
            tree.store.set_budget(budget.clone());
        }
    }

    /// Whether `side` moving first at `p` wins, the position's moves ordered as the rules
    /// list them: the index of a winning move (or of the first move where every move loses)
    /// and the nodes searched.
    fn solve(
        &mut self,
        p: &R::Position,
        side: Side,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Answer<R::Move, R::Position>, SearchError> {
        let mut moves = Vec::new();
        self.rules.moves(p, side, &mut moves);
        let roots: Vec<(R::Position, Side)> = moves
            .iter()
            .map(|(_, q)| (q.clone(), side.other()))
            .collect();
        let names: Vec<String> = moves.iter().map(|(m, _)| m.to_string()).collect();
        let solved = self
            .searcher
            .solve_watched(&roots, budget, progress, &names)?;
        let best = solved.best.map(|i| moves[i].clone());
        Ok((solved.value > 0, best, solved.nodes))
    }
}

impl<R> PositionSearch<R> for RulesetSearch<R>
where
    R: Ruleset + Clone + Send,
    R::Position: Send + Sync,
    R::Move: Send,
{
    /// Whether `side` moving first at `p` wins, with a best move and a line of play, within
    /// `budget` (its positions count the nodes of each search: the answer's, then each
    /// position's of the line), the answer's search reporting to `progress` (nodes, and the
    /// root move searched). Cost: one search, then up to [`LINE_MOVES`](solver::LINE_MOVES) more, mostly
    /// answered from the table.
    fn search(
        &mut self,
        p: &R::Position,
        side: Side,
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<Searched<R::Move, R::Position>, SearchError> {
        let (wins, best, mut nodes) = self.solve(p, side, budget, progress)?;
        let mut line = Vec::new();
        let mut at = best.clone();
        let mut mover = side;
        while let Some((m, q)) = at.take() {
            line.push((m, q.clone()));
            if line.len() >= solver::LINE_MOVES {
                break;
            }
            mover = mover.other();
            let (_, next, n) = self.solve(&q, mover, budget, &NoProgress)?;
            nodes += n;
            at = next;
        }
        Ok(Searched {
            wins,
            best,
            line,
            nodes,
        })
    }

    /// Distinct regions valued by canonical form (by the first thread).
    fn regions_valued(&mut self) -> usize {
        self.searcher.tree().regions_valued()
    }

    /// The table of regions every thread has valued, as a file's text
    /// ([`region_table::save`]). O(regions).
    fn save_regions(&mut self, key: &Key) -> Result<String, ValueError> {
        let trees = self.searcher.trees();
        region_table::save(trees.map(|t| (&t.evaluator, &mut t.store)), key)
    }

    /// Reads a table of regions ([`region_table::load`], which checks it whole, once) into
    /// every thread's evaluator; returns the number of regions. O(length) a thread.
    fn load_regions(
        &mut self,
        text: &str,
        origin: &str,
        key: &Key,
    ) -> Result<usize, RegionTableError> {
        let trees = self.searcher.trees();
        region_table::load(
            trees.map(|t| (&mut t.evaluator, &mut t.store)),
            text,
            origin,
            key,
        )
    }
}
