//! From rules to a position graph: breadth-first exploration of the reachable positions.

use rustc_hash::FxHashMap;

use super::{Game, Moves};
use crate::budget::{Budget, Exhausted, Resource};
use crate::graph::{Csr, GameGraph, Labels};
use crate::outcome::{Outcome, Player};
use crate::progress::Progress;

/// Why an exploration stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExploreError {
    /// A budget ran out: positions, memory (one position's moves included), time, or a cancel.
    #[error(transparent)]
    Budget(#[from] Exhausted),
    /// A dense index was out of its range.
    #[error("dense index {index} is out of range (the game says there are {count})")]
    IndexOutOfRange {
        /// The index given by the game.
        index: u64,
        /// The game's index count.
        count: u64,
    },
}

/// A game's positions numbered by hashing: the graph, and the position of each id. Made by
/// [`explore`], which has an example.
#[derive(Debug, Clone)]
pub struct Explored<P> {
    /// The position graph: position ids in order of discovery (the starts first), labelled by
    /// their ids; fixed results and players as the rules say.
    pub graph: GameGraph,
    positions: Vec<P>,
    ids: FxHashMap<P, u32>,
}

impl<P: Clone + Eq + std::hash::Hash> Explored<P> {
    /// The position with id `id`. O(1).
    pub fn position(&self, id: u32) -> &P {
        &self.positions[id as usize]
    }

    /// The id of a position, if it was reached. O(1) expected (a hash look-up).
    pub fn id(&self, p: &P) -> Option<u32> {
        self.ids.get(p).copied()
    }

    /// The graph, and the position of each id (in id order).
    pub fn into_parts(self) -> (GameGraph, Vec<P>) {
        (self.graph, self.positions)
    }
}

/// Games whose positions have a dense numbering: `index` maps the positions into
/// `0..index_count()` one to one and `position` maps back. Exploring through it needs no hash
/// table and no copy of the positions: 4 bytes per index plus 8 per reachable position.
///
/// ```
/// use grundy::progress::NoProgress;
/// use grundy::budget::Budget;
/// use grundy::rules::{explore_dense, DenseIndex, Impartial};
/// use grundy::solve::{solve, Outcome, SolveOptions};
///
/// /// Nim with two heaps of at most 3 counters: (a, b) has the index 4a + b.
/// struct TwoHeaps;
///
/// impl Impartial for TwoHeaps {
///     type Position = (u8, u8);
///     fn options(&self, &(a, b): &(u8, u8), out: &mut grundy::rules::Moves<(u8, u8)>) {
///         out.extend((0..a).map(|x| (x, b)).chain((0..b).map(|y| (a, y))));
///     }
/// }
///
/// impl DenseIndex for TwoHeaps {
///     fn index_count(&self) -> u64 {
///         16
///     }
///     fn index(&self, &(a, b): &(u8, u8)) -> u64 {
///         4 * u64::from(a) + u64::from(b)
///     }
///     fn position(&self, index: u64) -> (u8, u8) {
///         ((index / 4) as u8, (index % 4) as u8)
///     }
/// }
///
/// let explored = explore_dense(&TwoHeaps, [(3, 2)], &Budget::default(), &NoProgress).unwrap();
/// assert_eq!(explored.graph.position_count(), 12); // a <= 3, b <= 2
/// assert_eq!(explored.index(0), 14); // the start
/// let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
/// let equal = explored.id(TwoHeaps.index(&(2, 2))).unwrap();
/// assert_eq!(solution.outcome(equal), Outcome::Loss); // equal heaps lose
/// assert_eq!(explored.id(TwoHeaps.index(&(0, 3))), None); // not reached
/// ```
pub trait DenseIndex: Game {
    /// The size of the index range: [`explore_dense`] allocates 4 bytes for each index.
    fn index_count(&self) -> u64;
    /// The index of a position, below `index_count()`.
    fn index(&self, p: &Self::Position) -> u64;
    /// The position of an index.
    fn position(&self, index: u64) -> Self::Position;
}

/// A game's positions numbered through its dense index. Made by [`explore_dense`]; see
/// [`DenseIndex`] for an example.
#[derive(Debug, Clone)]
pub struct DenseExplored {
    /// The position graph (ids in order of discovery, labelled by their ids).
    pub graph: GameGraph,
    /// Graph id of each index (`u32::MAX` where not reached).
    table: Vec<u32>,
    /// Index of each graph id.
    indices: Vec<u64>,
}

impl DenseExplored {
    /// The graph id of the position with dense index `index`, if it was reached. O(1).
    pub fn id(&self, index: u64) -> Option<u32> {
        self.table
            .get(index as usize)
            .copied()
            .filter(|&i| i != u32::MAX)
    }

    /// The dense index of graph id `id`. O(1).
    pub fn index(&self, id: u32) -> u64 {
        self.indices[id as usize]
    }
}

/// The graph under construction: rows are appended in id order as positions are expanded,
/// which is the order they were discovered in, so no edge list is ever sorted.
struct Builder {
    offsets: Vec<u32>,
    targets: Vec<u32>,
    fixed: Vec<Option<Outcome>>,
    player: Vec<Option<Player>>,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            offsets: vec![0],
            targets: Vec::new(),
            fixed: Vec::new(),
            player: Vec::new(),
        }
    }

    fn bytes(&self, per_position: usize) -> u64 {
        (4 * self.targets.capacity() + (per_position + 6) * self.offsets.capacity()) as u64
    }

    /// Expands position `p` (numbered `next - 1`): its fixed result, its player and, unless
    /// the game is over there, its moves, each numbered by `number`. One position's moves
    /// are capped by what the memory budget has left (`extra` bytes held beside the graph,
    /// `per_position` bytes a position in it) and by four times the position budget (moves
    /// lead to distinct positions but for rare repeats), so a position with 10^18 moves is
    /// refused after the cap, not listed.
    #[allow(clippy::too_many_arguments)]
    fn expand<G: Game>(
        &mut self,
        game: &G,
        p: &G::Position,
        out: &mut Moves<G::Position>,
        (per_position, extra): (usize, u64),
        numbered: usize,
        budget: &Budget,
        mut number: impl FnMut(&G::Position) -> Result<u32, ExploreError>,
    ) -> Result<(), ExploreError> {
        let result = game.result(p);
        self.fixed.push(result);
        self.player.push(game.player(p));
        if result.is_none() {
            let held = self.bytes(per_position) + extra;
            let per_move = (std::mem::size_of::<G::Position>() + 4) as u64;
            let room = budget.memory().saturating_sub(held) / per_move;
            let most = budget.positions().saturating_mul(4).saturating_add(1024);
            out.clear();
            out.set_most(usize::try_from(room.min(most)).unwrap_or(usize::MAX));
            game.moves(p, out);
            if out.is_over() {
                let numbered = numbered as u64;
                return Err(if most < room {
                    budget.exhausted(Resource::Positions, Some(most + 1), "exploring", numbered)
                } else {
                    let needed = held.saturating_add(per_move.saturating_mul(room + 1));
                    budget.exhausted(Resource::Memory, Some(needed), "exploring", numbered)
                }
                .into());
            }
            for q in out.iter() {
                let id = number(q)?;
                self.targets.push(id);
            }
        }
        Ok(())
    }

    /// Closes the row of position `next - 1`; every [`CHECK_EVERY`] positions, reports
    /// progress and checks the memory used (`extra` bytes beside the graph, `per_position`
    /// bytes a position in it) and the clock against the budget, with `numbered` positions
    /// numbered so far.
    fn end_row(
        &mut self,
        (next, numbered): (usize, usize),
        (per_position, extra): (usize, u64),
        budget: &Budget,
        progress: &dyn Progress,
    ) -> Result<(), ExploreError> {
        self.offsets.push(self.targets.len() as u32);
        if next % CHECK_EVERY == 0 {
            progress.advance(CHECK_EVERY as u64);
            let bytes = self.bytes(per_position) + extra;
            budget.check_memory(bytes, "exploring", numbered as u64)?;
            budget.check_time("exploring", numbered as u64)?;
        }
        Ok(())
    }

    fn finish(self) -> GameGraph {
        let n = self.offsets.len() - 1;
        let moves = Csr::from_rows(self.offsets, self.targets);
        GameGraph::new(moves, Labels::Integers((0..n as u32).collect()))
            .with_fixed_results(self.fixed)
            .with_players(self.player)
    }
}

/// How often (in positions) progress is reported and limits are checked.
const CHECK_EVERY: usize = 1 << 14;

/// Explores every position reachable from `starts`, numbering positions through a hash table.
/// O(reachable positions + moves) hash operations; memory about
/// `2·size_of::<Position>() + 16` bytes per position plus 4 per move.
///
/// ```
/// use grundy::progress::NoProgress;
/// use grundy::budget::{Budget, Resource};
/// use grundy::rules::{explore, ExploreError, Impartial};
///
/// /// Take 1 or 2 counters from a pile.
/// struct TakeTwo;
///
/// impl Impartial for TakeTwo {
///     type Position = u32;
///     fn options(&self, &n: &u32, out: &mut grundy::rules::Moves<u32>) {
///         out.extend([1, 2].into_iter().filter(|&t| t <= n).map(|t| n - t));
///     }
/// }
///
/// let explored = explore(&TakeTwo, [5], &Budget::default(), &NoProgress).unwrap();
/// assert_eq!(explored.graph.position_count(), 6);
/// assert_eq!(explored.id(&5), Some(0)); // the starts come first
/// let three = explored.id(&3).unwrap();
/// assert_eq!(explored.position(explored.graph.options(three)[0]), &2);
///
/// let small = Budget::default().with_positions(4);
/// let ExploreError::Budget(error) = explore(&TakeTwo, [5], &small, &NoProgress).unwrap_err()
/// else { panic!("not a budget") };
/// assert_eq!((error.resource, error.limit), (Resource::Positions, 4));
/// ```
pub fn explore<G: Game>(
    game: &G,
    starts: impl IntoIterator<Item = G::Position>,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Explored<G::Position>, ExploreError> {
    let max_positions = max_positions(budget);
    let per_position = 2 * std::mem::size_of::<G::Position>() + 16;
    let mut ids: FxHashMap<G::Position, u32> = FxHashMap::default();
    let mut positions: Vec<G::Position> = Vec::new();
    let number = |p: &G::Position,
                  ids: &mut FxHashMap<G::Position, u32>,
                  positions: &mut Vec<G::Position>|
     -> Result<u32, ExploreError> {
        if let Some(&id) = ids.get(p) {
            return Ok(id);
        }
        if positions.len() >= max_positions {
            return Err(too_many(budget, positions.len()));
        }
        let id = positions.len() as u32;
        ids.insert(p.clone(), id);
        positions.push(p.clone());
        Ok(id)
    };
    for s in starts {
        number(&s, &mut ids, &mut positions)?;
    }
    progress.phase("exploring", None);
    let mut builder = Builder::new();
    let mut out = Moves::new();
    let mut next = 0;
    while next < positions.len() {
        let p = positions[next].clone();
        next += 1;
        let extra = (per_position * positions.capacity()) as u64;
        let numbered = positions.len();
        builder.expand(
            game,
            &p,
            &mut out,
            (per_position, extra),
            numbered,
            budget,
            |q| number(q, &mut ids, &mut positions),
        )?;
        let extra = (per_position * positions.capacity()) as u64;
        builder.end_row(
            (next, positions.len()),
            (per_position, extra),
            budget,
            progress,
        )?;
    }
    progress.finish();
    Ok(Explored {
        graph: builder.finish(),
        positions,
        ids,
    })
}

/// The most positions a budget lets an exploration number (ids are `u32`, one kept free).
fn max_positions(budget: &Budget) -> usize {
    budget.positions().min(u64::from(u32::MAX - 1)) as usize
}

/// The error for a position budget exhausted after `numbered` positions.
fn too_many(budget: &Budget, numbered: usize) -> ExploreError {
    budget
        .exhausted(Resource::Positions, None, "exploring", numbered as u64)
        .into()
}

/// Explores every position reachable from `starts` through the game's dense index: no
/// hashing, 4 bytes per index and 8 per reachable position besides the graph. Time: the
/// index range is filled once, then O(reachable positions + moves). See [`DenseIndex`] for an
/// example.
pub fn explore_dense<G: DenseIndex>(
    game: &G,
    starts: impl IntoIterator<Item = G::Position>,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<DenseExplored, ExploreError> {
    let count = game.index_count();
    let max_positions = max_positions(budget);
    let table_bytes = count.saturating_mul(4);
    budget.check_memory(table_bytes, "exploring", 0)?;
    let mut table = vec![u32::MAX; count as usize];
    let mut indices: Vec<u64> = Vec::new();
    let number = |p: &G::Position,
                  table: &mut Vec<u32>,
                  indices: &mut Vec<u64>|
     -> Result<u32, ExploreError> {
        let index = game.index(p);
        let slot = table
            .get_mut(index as usize)
            .ok_or(ExploreError::IndexOutOfRange { index, count })?;
        if *slot != u32::MAX {
            return Ok(*slot);
        }
        if indices.len() >= max_positions {
            return Err(too_many(budget, indices.len()));
        }
        *slot = indices.len() as u32;
        indices.push(index);
        Ok(*slot)
    };
    for s in starts {
        number(&s, &mut table, &mut indices)?;
    }
    progress.phase("exploring", None);
    let mut builder = Builder::new();
    let mut out = Moves::new();
    let mut next = 0;
    while next < indices.len() {
        let p = game.position(indices[next]);
        next += 1;
        let extra = table_bytes + 8 * indices.capacity() as u64;
        let numbered = indices.len();
        builder.expand(game, &p, &mut out, (0, extra), numbered, budget, |q| {
            number(q, &mut table, &mut indices)
        })?;
        let extra = table_bytes + 8 * indices.capacity() as u64;
        builder.end_row((next, indices.len()), (0, extra), budget, progress)?;
    }
    progress.finish();
    Ok(DenseExplored {
        graph: builder.finish(),
        table,
        indices,
    })
}
