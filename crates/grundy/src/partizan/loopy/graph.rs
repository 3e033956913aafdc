//! Loopy game graphs: positions with Left and Right options that may lead back to
//! themselves, the start position numbered 0 and every position reachable from it.

use rustc_hash::FxHashMap;

use super::error::LoopyError;
use crate::budget::{growing_bytes, Budget, Exhausted, Resource};
use crate::graph::GameGraph;
use crate::partizan::{PartizanRules, Side};

/// Bytes a position costs: its two option lists.
const NODE_BYTES: u64 = 2 * std::mem::size_of::<Vec<u32>>() as u64;
/// Positions between two checks of the time budget.
const CHECK_EVERY: u64 = 4096;

/// A loopy partizan game: a finite graph whose positions have Left and Right options, cycles
/// allowed, with its start at position 0 and every position reachable from it. Each
/// option list holds a position once.
///
/// ```
/// use grundy::partizan::loopy::LoopyGame;
/// use grundy::partizan::Side;
///
/// // on = {pass|}: Left may always move back to the start, Right never moves.
/// let on = LoopyGame::from_options(vec![vec![0]], vec![vec![]], 0).unwrap();
/// assert_eq!(on.len(), 1);
/// assert_eq!(on.options(0, Side::Left), &[0]);
/// assert_eq!(on.negative().options(0, Side::Right), &[0]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LoopyGame {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

impl LoopyGame {
    /// The game of `left[v]` and `right[v]`, the options of position `v`, started at `start`:
    /// the positions reachable from `start`, renumbered from 0 (the start) in breadth-first
    /// order, repeated options dropped. An error names an option or start that is not a
    /// position. O(n + m).
    pub fn from_options(
        left: Vec<Vec<u32>>,
        right: Vec<Vec<u32>>,
        start: u32,
    ) -> Result<LoopyGame, LoopyError> {
        let n = left.len();
        if right.len() != n {
            return Err(LoopyError::Graph(format!(
                "{n} positions have left options and {} right options",
                right.len()
            )));
        }
        if start as usize >= n {
            return Err(LoopyError::Graph(format!(
                "the start {start} is not one of the {n} positions"
            )));
        }
        for (v, list) in left.iter().chain(&right).enumerate() {
            if let Some(&w) = list.iter().find(|&&w| w as usize >= n) {
                return Err(LoopyError::Graph(format!(
                    "position {} has the option {w}, not one of the {n} positions",
                    v % n
                )));
            }
        }
        Ok(pack(&left, &right, start))
    }

    /// The number of positions. O(1).
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether there are no positions: never, the start is one. O(1).
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// The number of moves, both players'. O(n).
    pub fn move_count(&self) -> usize {
        self.left.iter().chain(&self.right).map(Vec::len).sum()
    }

    /// The options of `side` at position `v`. O(1).
    ///
    /// # Panics
    /// If `v` is not a position.
    pub fn options(&self, v: u32, side: Side) -> &[u32] {
        match side {
            Side::Left => &self.left[v as usize],
            Side::Right => &self.right[v as usize],
        }
    }

    /// The game started at position `v` (its positions renumbered). O(n + m).
    ///
    /// # Panics
    /// If `v` is not a position.
    pub fn follower(&self, v: u32) -> LoopyGame {
        pack(&self.left, &self.right, v)
    }

    /// [`LoopyGame::follower`], with the position of `self` each of its positions is:
    /// position `u` of the follower is `original[u]`. O(n + m).
    pub(crate) fn follower_mapped(&self, v: u32) -> (LoopyGame, Vec<u32>) {
        pack_mapped(&self.left, &self.right, v)
    }

    /// The negative −G: Left's and Right's options exchanged. O(n + m).
    pub fn negative(&self) -> LoopyGame {
        LoopyGame {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The sum G + H, its positions the pairs reachable from the two starts (a move in either
    /// part), within `budget`'s positions, memory and time. O(n_G n_H) at most.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::LoopyGame;
    ///
    /// let on = LoopyGame::parse("on", &Budget::default()).unwrap();
    /// let off = on.negative();
    /// let dud = on.sum(&off, &Budget::default()).unwrap();
    /// assert_eq!(dud.len(), 1); // on + off: each player passes for ever
    /// ```
    pub fn sum(&self, other: &LoopyGame, budget: &Budget) -> Result<LoopyGame, Exhausted> {
        let mut index: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        let mut pairs = vec![(0u32, 0u32)];
        index.insert((0, 0), 0);
        let mut built = Builder::new(budget, "adding loopy games");
        let mut next = 0;
        while next < pairs.len() {
            let (a, b) = pairs[next];
            let mut lists = [Vec::new(), Vec::new()];
            for (list, side) in lists.iter_mut().zip([Side::Left, Side::Right]) {
                let moves = self.options(a, side).iter().map(|&x| (x, b));
                let moves = moves.chain(other.options(b, side).iter().map(|&y| (a, y)));
                for pair in moves {
                    let id = match index.get(&pair) {
                        Some(&id) => id,
                        None => {
                            let id = pairs.len() as u32;
                            built.reserve(pairs.len() as u64 + 1, index.len() as u64 * 12)?;
                            index.insert(pair, id);
                            pairs.push(pair);
                            id
                        }
                    };
                    list.push(id);
                }
            }
            let [left, right] = lists;
            built.push(left, right)?;
            next += 1;
        }
        Ok(built.finish(0))
    }

    /// The game of `rules` from `start`: every position reachable by either player's moves,
    /// explored breadth-first within `budget`. Returns the game and its positions (position
    /// `v` of the game is `positions[v]`). O(n + m) calls of the rules and hash look-ups.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::LoopyGame;
    /// use grundy::partizan::{PartizanRules, Side};
    ///
    /// /// A counter on 0..=2: Left moves it up, Right down.
    /// struct Dial;
    /// impl PartizanRules for Dial {
    ///     type Position = u8;
    ///     fn options(&self, &p: &u8, side: Side, out: &mut Vec<u8>) {
    ///         match side {
    ///             Side::Left if p < 2 => out.push(p + 1),
    ///             Side::Right if p > 0 => out.push(p - 1),
    ///             _ => {}
    ///         }
    ///     }
    /// }
    /// let (game, positions) = LoopyGame::explore(&Dial, 1, &Budget::default()).unwrap();
    /// assert_eq!(positions, [1, 2, 0]);
    /// assert_eq!(game.len(), 3);
    /// ```
    pub fn explore<R: PartizanRules>(
        rules: &R,
        start: R::Position,
        budget: &Budget,
    ) -> Result<(LoopyGame, Vec<R::Position>), Exhausted> {
        let mut index: FxHashMap<R::Position, u32> = FxHashMap::default();
        let mut positions = vec![start.clone()];
        index.insert(start, 0);
        let mut built = Builder::new(budget, "exploring a loopy game");
        let mut out = Vec::new();
        let mut next = 0;
        while next < positions.len() {
            let mut lists = [Vec::new(), Vec::new()];
            for (list, side) in lists.iter_mut().zip([Side::Left, Side::Right]) {
                out.clear();
                rules.options(&positions[next], side, &mut out);
                for q in out.drain(..) {
                    let id = match index.get(&q) {
                        Some(&id) => id,
                        None => {
                            let id = positions.len() as u32;
                            // The index and the list as they grow: a table about to
                            // double holds both its old and its new allocation.
                            let size = std::mem::size_of::<R::Position>() as u64;
                            let held = growing_bytes(index.len(), index.capacity(), size + 5, 1)
                                + growing_bytes(positions.len(), positions.capacity(), size, 1);
                            built.reserve(positions.len() as u64 + 1, held)?;
                            index.insert(q.clone(), id);
                            positions.push(q);
                            id
                        }
                    };
                    list.push(id);
                }
            }
            let [left, right] = lists;
            built.push(left, right)?;
            next += 1;
        }
        Ok((built.finish(0), positions))
    }

    /// The game as a graph of the generic solvers: position `2v` is `v` with Left to move,
    /// `2v + 1` with Right to move; a move hands the turn over. O(n + m).
    pub fn alternating(&self) -> GameGraph {
        let mut moves = Vec::with_capacity(self.move_count());
        for v in 0..self.len() as u32 {
            moves.extend(self.left[v as usize].iter().map(|&w| (2 * v, 2 * w + 1)));
            moves.extend(self.right[v as usize].iter().map(|&w| (2 * v + 1, 2 * w)));
        }
        GameGraph::from_moves(2 * self.len() as u32, &moves)
    }

    /// Bytes held, by the estimate the budgets use. O(1) per position.
    pub fn heap_bytes(&self) -> u64 {
        self.len() as u64 * NODE_BYTES + 4 * self.move_count() as u64
    }

    /// The option lists, for the modules that rewrite the graph.
    pub(crate) fn lists(&self) -> (&[Vec<u32>], &[Vec<u32>]) {
        (&self.left, &self.right)
    }

    /// A game of these option lists as they are (no renumbering): the caller keeps every
    /// position reachable from 0, every option a position, and no option twice.
    pub(crate) fn from_parts(left: Vec<Vec<u32>>, right: Vec<Vec<u32>>) -> LoopyGame {
        debug_assert_eq!(left.len(), right.len());
        LoopyGame { left, right }
    }
}

/// The positions of `left` and `right` reachable from `start`, renumbered in breadth-first
/// order from 0, repeated options dropped (the first kept). O(n + m).
pub(crate) fn pack(left: &[Vec<u32>], right: &[Vec<u32>], start: u32) -> LoopyGame {
    pack_mapped(left, right, start).0
}

/// [`pack`], with the position of `left` and `right` each new position was: position `v` of
/// the game is `original[v]`. O(n + m).
pub(crate) fn pack_mapped(
    left: &[Vec<u32>],
    right: &[Vec<u32>],
    start: u32,
) -> (LoopyGame, Vec<u32>) {
    const NONE: u32 = u32::MAX;
    let mut id = vec![NONE; left.len()];
    let mut order = vec![start];
    id[start as usize] = 0;
    let mut next = 0;
    while next < order.len() {
        let v = order[next] as usize;
        for &w in left[v].iter().chain(&right[v]) {
            if id[w as usize] == NONE {
                id[w as usize] = order.len() as u32;
                order.push(w);
            }
        }
        next += 1;
    }
    let renumber = |list: &Vec<u32>| {
        let mut out: Vec<u32> = Vec::with_capacity(list.len());
        for &w in list {
            let w = id[w as usize];
            if !out.contains(&w) {
                out.push(w);
            }
        }
        out
    };
    let game = LoopyGame {
        left: order.iter().map(|&v| renumber(&left[v as usize])).collect(),
        right: order
            .iter()
            .map(|&v| renumber(&right[v as usize]))
            .collect(),
    };
    (game, order)
}

/// A graph growing within a budget: positions are pushed in order, each with its options.
pub(crate) struct Builder<'a> {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
    moves: u64,
    budget: &'a Budget,
    work: &'static str,
}

impl<'a> Builder<'a> {
    pub(crate) fn new(budget: &'a Budget, work: &'static str) -> Builder<'a> {
        Builder {
            left: Vec::new(),
            right: Vec::new(),
            moves: 0,
            budget,
            work,
        }
    }

    /// The budget the graph grows within.
    pub(crate) fn budget(&self) -> &'a Budget {
        self.budget
    }

    /// Checks that `positions` positions fit, with `extra` bytes held besides the graph.
    pub(crate) fn reserve(&self, positions: u64, extra: u64) -> Result<(), Exhausted> {
        if positions > self.budget.positions() {
            return Err(self.budget.exhausted(
                Resource::Positions,
                Some(positions),
                self.work,
                self.left.len() as u64,
            ));
        }
        let bytes = positions * NODE_BYTES + 4 * self.moves + extra;
        self.budget
            .check_memory(bytes, self.work, self.left.len() as u64)
    }

    /// Adds the next position with these options; returns its number.
    pub(crate) fn push(&mut self, left: Vec<u32>, right: Vec<u32>) -> Result<u32, Exhausted> {
        let v = self.left.len() as u32;
        self.moves += (left.len() + right.len()) as u64;
        self.left.push(left);
        self.right.push(right);
        if u64::from(v) % CHECK_EVERY == 0 {
            self.budget.check_time(self.work, u64::from(v))?;
        }
        self.reserve(u64::from(v) + 1, 0)?;
        Ok(v)
    }

    /// Sets the options of a position already pushed.
    pub(crate) fn set(&mut self, v: u32, left: Vec<u32>, right: Vec<u32>) {
        self.moves += (left.len() + right.len()) as u64;
        self.left[v as usize] = left;
        self.right[v as usize] = right;
    }

    /// The options of a position already pushed.
    pub(crate) fn options(&self, v: u32, side: Side) -> &[u32] {
        match side {
            Side::Left => &self.left[v as usize],
            Side::Right => &self.right[v as usize],
        }
    }

    /// Copies `game` in; returns the number of its start.
    pub(crate) fn add(&mut self, game: &LoopyGame) -> Result<u32, Exhausted> {
        let offset = self.left.len() as u32;
        self.reserve(
            u64::from(offset) + game.len() as u64,
            4 * game.move_count() as u64,
        )?;
        for v in 0..game.len() {
            let shift = |list: &Vec<u32>| list.iter().map(|&w| w + offset).collect();
            self.push(shift(&game.left[v]), shift(&game.right[v]))?;
        }
        Ok(offset)
    }

    /// The game started at `root`.
    pub(crate) fn game(&self, root: u32) -> LoopyGame {
        pack(&self.left, &self.right, root)
    }

    /// The game started at `root`, the builder consumed.
    pub(crate) fn finish(self, root: u32) -> LoopyGame {
        pack(&self.left, &self.right, root)
    }
}
