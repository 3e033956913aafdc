//! From rules to a position graph: breadth-first exploration of the reachable positions.

use rustc_hash::FxHashMap;

use super::Game;
use crate::graph::{Csr, GameGraph, Labels};
use crate::outcome::{Outcome, Player};
use crate::progress::Progress;

/// Bounds on an exploration, so that a game larger than expected stops with an error instead
/// of exhausting the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExploreLimits {
    /// The most positions to number (at most `u32::MAX - 1`).
    pub max_positions: usize,
    /// The most bytes of memory the exploration may use, by its own estimate (positions,
    /// their table, moves and attributes).
    pub max_bytes: usize,
}

impl Default for ExploreLimits {
    /// Up to 2^32 - 2 positions and 16 GiB.
    fn default() -> Self {
        ExploreLimits {
            max_positions: u32::MAX as usize - 1,
            max_bytes: 16 << 30,
        }
    }
}

/// Why an exploration stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExploreError {
    /// More positions are reachable than the limit allows.
    #[error("more than {limit} positions are reachable (the position limit)")]
    TooManyPositions {
        /// The limit.
        limit: usize,
    },
    /// The exploration would use more memory than the limit allows.
    #[error(
        "exploring needs more than {limit} bytes of memory (the memory limit), after {positions} positions"
    )]
    TooMuchMemory {
        /// The limit in bytes.
        limit: usize,
        /// Positions numbered when the limit was reached.
        positions: usize,
    },
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
/// use grundy::rules::{explore_dense, DenseIndex, ExploreLimits, Impartial};
/// use grundy::solve::{solve, Outcome, SolveOptions};
///
/// /// Nim with two heaps of at most 3 counters: (a, b) has the index 4a + b.
/// struct TwoHeaps;
///
/// impl Impartial for TwoHeaps {
///     type Position = (u8, u8);
///     fn options(&self, &(a, b): &(u8, u8), out: &mut Vec<(u8, u8)>) {
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
/// let limits = ExploreLimits::default();
/// let explored = explore_dense(&TwoHeaps, [(3, 2)], limits, &NoProgress).unwrap();
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

    fn bytes(&self, per_position: usize) -> usize {
        4 * self.targets.capacity() + (per_position + 6) * self.offsets.capacity()
    }

    /// Closes the row of position `next - 1`; every [`CHECK_EVERY`] positions, reports
    /// progress and checks the memory used (`extra` bytes beside the graph, `per_position`
    /// bytes a position in it) against the limit, with `numbered` positions numbered so far.
    fn end_row(
        &mut self,
        (next, numbered): (usize, usize),
        (per_position, extra): (usize, usize),
        limits: &ExploreLimits,
        progress: &dyn Progress,
    ) -> Result<(), ExploreError> {
        self.offsets.push(self.targets.len() as u32);
        if next % CHECK_EVERY == 0 {
            progress.advance(CHECK_EVERY as u64);
            if self.bytes(per_position) + extra > limits.max_bytes {
                return Err(ExploreError::TooMuchMemory {
                    limit: limits.max_bytes,
                    positions: numbered,
                });
            }
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
/// use grundy::rules::{explore, ExploreError, ExploreLimits, Impartial};
///
/// /// Take 1 or 2 counters from a pile.
/// struct TakeTwo;
///
/// impl Impartial for TakeTwo {
///     type Position = u32;
///     fn options(&self, &n: &u32, out: &mut Vec<u32>) {
///         out.extend([1, 2].into_iter().filter(|&t| t <= n).map(|t| n - t));
///     }
/// }
///
/// let explored = explore(&TakeTwo, [5], ExploreLimits::default(), &NoProgress).unwrap();
/// assert_eq!(explored.graph.position_count(), 6);
/// assert_eq!(explored.id(&5), Some(0)); // the starts come first
/// let three = explored.id(&3).unwrap();
/// assert_eq!(explored.position(explored.graph.options(three)[0]), &2);
///
/// let small = ExploreLimits { max_positions: 4, ..ExploreLimits::default() };
/// let error = explore(&TakeTwo, [5], small, &NoProgress).unwrap_err();
/// assert_eq!(error, ExploreError::TooManyPositions { limit: 4 });
/// ```
pub fn explore<G: Game>(
    game: &G,
    starts: impl IntoIterator<Item = G::Position>,
    limits: ExploreLimits,
    progress: &dyn Progress,
) -> Result<Explored<G::Position>, ExploreError> {
    let max_positions = limits.max_positions.min(u32::MAX as usize - 1);
    let per_position = 2 * std::mem::size_of::<G::Position>() + 16;
    let mut ids: FxHashMap<G::Position, u32> = FxHashMap::default();
    let mut positions: Vec<G::Position> = Vec::new();
    let number = |p: G::Position,
                  ids: &mut FxHashMap<G::Position, u32>,
                  positions: &mut Vec<G::Position>|
     -> Result<u32, ExploreError> {
        if let Some(&id) = ids.get(&p) {
            return Ok(id);
        }
        if positions.len() >= max_positions {
            return Err(ExploreError::TooManyPositions {
                limit: max_positions,
            });
        }
        let id = positions.len() as u32;
        ids.insert(p.clone(), id);
        positions.push(p);
        Ok(id)
    };
    for s in starts {
        number(s, &mut ids, &mut positions)?;
    }
    progress.phase("exploring", None);
    let mut builder = Builder::new();
    let mut out = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let p = positions[next].clone();
        next += 1;
        let result = game.result(&p);
        builder.fixed.push(result);
        builder.player.push(game.player(&p));
        if result.is_none() {
            out.clear();
            game.moves(&p, &mut out);
            for q in out.drain(..) {
                let id = number(q, &mut ids, &mut positions)?;
                builder.targets.push(id);
            }
        }
        let extra = per_position * positions.capacity();
        builder.end_row(
            (next, positions.len()),
            (per_position, extra),
            &limits,
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

/// Explores every position reachable from `starts` through the game's dense index: no
/// hashing, 4 bytes per index and 8 per reachable position besides the graph. Time: the
/// index range is filled once, then O(reachable positions + moves). See [`DenseIndex`] for an
/// example.
pub fn explore_dense<G: DenseIndex>(
    game: &G,
    starts: impl IntoIterator<Item = G::Position>,
    limits: ExploreLimits,
    progress: &dyn Progress,
) -> Result<DenseExplored, ExploreError> {
    let count = game.index_count();
    let max_positions = limits.max_positions.min(u32::MAX as usize - 1);
    let table_bytes = count.saturating_mul(4);
    if table_bytes > limits.max_bytes as u64 {
        return Err(ExploreError::TooMuchMemory {
            limit: limits.max_bytes,
            positions: 0,
        });
    }
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
            return Err(ExploreError::TooManyPositions {
                limit: max_positions,
            });
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
    let mut out = Vec::new();
    let mut next = 0;
    while next < indices.len() {
        let p = game.position(indices[next]);
        next += 1;
        let result = game.result(&p);
        builder.fixed.push(result);
        builder.player.push(game.player(&p));
        if result.is_none() {
            out.clear();
            game.moves(&p, &mut out);
            for q in &out {
                let id = number(q, &mut table, &mut indices)?;
                builder.targets.push(id);
            }
        }
        builder.end_row(
            (next, indices.len()),
            (8, table_bytes as usize),
            &limits,
            progress,
        )?;
    }
    progress.finish();
    Ok(DenseExplored {
        graph: builder.finish(),
        table,
        indices,
    })
}
