//! The store of canonical forms: every game the engine has met, once each, by number.
//!
//! A [`GameStore`] interns canonical forms: a value enters it once and gets a [`GameId`] (a
//! `u32`), so two ids are equal exactly when the games are equal, and equality is an id
//! comparison. A node is either a [`Nus`] (number + ups + nimber, kept in closed form; its
//! options are derived when first asked for) or a list of canonical options `{L|R}` held in
//! one arena of ids (left options then right options, each sorted by id). A hash table over
//! the nodes' contents finds a form's id; memo tables keep sums, comparisons and negatives.
//! The arena and the node list only grow, so an option read by index stays valid while the
//! store grows underneath a recursion — no option list is ever copied in the hot paths.
//!
//! This module is the arena: interning, reading a node and its options. The analyses built on
//! it (sums, comparisons, negation, thermographs, …) live in their own modules of
//! `partizan` and use it through these methods and the memo tables of `memo.rs`, never its
//! fields. `budget.rs` counts what the store holds against its [`Budget`], `depth.rs` keeps
//! deep recursions off the caller's stack.
//!
//! Memory: about 80 bytes a node plus 4 bytes an option, plus the memo tables (about 16
//! bytes per remembered sum or comparison). Nothing is freed before the store is dropped.
//!
//! **Budget.** A store works within a [`Budget`] ([`GameStore::with_budget`]; the default
//! one for [`GameStore::new`]): every [`CHECK_EVERY`] operations (canonical forms,
//! comparisons, sums) it counts the games it holds against the position budget, its bytes
//! (the estimate of [`GameStore::bytes`], plus what its caller holds beside it) against the
//! memory budget, and reads the clock and the cancel flag; an operation past a budget fails
//! with [`ValueError::Budget`]. A check is an increment and a comparison between two checks,
//! so the budget costs nothing measurable.

mod budget;
mod depth;
mod memo;

pub use budget::{growing_bytes, Held, CHECK_EVERY};
pub use depth::MAX_DEPTH;
pub(crate) use depth::{check_depth, with_stack};

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};

use super::error::ValueError;
use super::number::Dyadic;
use super::nus::Nus;
use super::Side;
use crate::budget::Budget;
use memo::Memo;

/// The longest text [`GameStore::display`] writes for one form unless told otherwise
/// ([`GameStore::set_print_limit`]): a canonical form's text can be exponentially longer
/// than the store's record of it (a Hackenbush string of 30 edges), and a hundred thousand
/// characters is more than anyone reads.
pub const PRINT_LIMIT: usize = 100_000;

/// A canonical form in a [`GameStore`]: equal ids are equal games, within one store.
///
/// Ids are small integers handed out in order of first appearance; they mean nothing in
/// another store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameId(pub(crate) u32);

impl GameId {
    /// The game 0, `{|}`: the same id in every store.
    pub const ZERO: GameId = GameId(0);

    /// The id's index in its store (0, 1, 2, … in order of first appearance). O(1).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// One canonical form.
#[derive(Clone, Debug)]
struct Node {
    /// `Some` for a number + ups + nimber.
    nus: Option<Nus>,
    /// Left options are `options[start .. start + nl]`, right options follow them.
    start: u32,
    nl: u32,
    nr: u32,
    /// Whether the options are in the arena (a [`Nus`] gets them on first request).
    has_options: bool,
    /// A bound on the recursion over options before numbers are reached (see
    /// [`Nus::depth`]); 1 + the options' largest for an option list.
    depth: u64,
    birthday: u64,
    /// Left and right stops, kept because comparisons use them to answer early.
    left_stop: Dyadic,
    right_stop: Dyadic,
    hash: u64,
}

/// The interner of canonical forms and the memo tables of the operations on them.
///
/// All the value operations are methods of the store (`store.sum(g, h)`,
/// `store.leq(g, h)`, …; see the [module documentation](super) for the list). A store is
/// `Send`: a program that shares one between threads puts it behind a `Mutex`.
///
/// ```
/// use grundy::partizan::GameStore;
///
/// let mut store = GameStore::new();
/// let up = store.parse("^").unwrap();
/// let star = store.parse("*").unwrap();
/// let up_star = store.sum(up, star).unwrap();
/// assert_eq!(store.display(up_star), "^*");
/// assert_eq!(store.parse("{0,*|0}").unwrap(), up_star);
/// ```
pub struct GameStore {
    nodes: Vec<Node>,
    options: Vec<GameId>,
    index: HashTable<GameId>,
    sums: FxHashMap<u64, GameId>,
    leqs: FxHashMap<u64, bool>,
    negatives: Vec<u32>,
    /// Memoised properties of single games (thermographs, misère outcomes, …).
    memo: Memo,
    /// Spare vectors for the option lists under construction, reused to spare allocations.
    spare: Vec<Vec<GameId>>,
    /// What the store may take.
    budget: Budget,
    /// Operations left before the next check of the budget.
    until_check: u32,
    /// The longest text [`GameStore::display`] writes for one form.
    print_limit: usize,
    /// What its caller holds beside the store (an evaluator's memo), as last told.
    outside: Held,
}

fn hash_nus(n: &Nus) -> u64 {
    let mut h = FxHasher::default();
    0u8.hash(&mut h);
    n.hash(&mut h);
    h.finish()
}

fn hash_moves(left: &[GameId], right: &[GameId]) -> u64 {
    let mut h = FxHasher::default();
    1u8.hash(&mut h);
    left.len().hash(&mut h);
    for g in left.iter().chain(right) {
        g.0.hash(&mut h);
    }
    h.finish()
}

impl Default for GameStore {
    fn default() -> GameStore {
        GameStore::new()
    }
}

impl GameStore {
    /// An empty store (holding only 0, whose id is [`GameId::ZERO`]) within the default
    /// budget ([`Budget::default`]: as many games as a `u32` numbers, 3/4 of the memory the
    /// process can have, no deadline). O(1).
    pub fn new() -> GameStore {
        GameStore::with_budget(Budget::default())
    }

    /// An empty store whose operations fail with [`ValueError::Budget`] once it holds more
    /// games than `budget`'s positions or more bytes than its memory (by
    /// [`GameStore::bytes`]), or once its deadline passes or its cancel flag is set, checked
    /// every [`CHECK_EVERY`] operations. O(1).
    ///
    /// ```
    /// use grundy::budget::{Budget, Resource};
    /// use grundy::partizan::{GameStore, ValueError};
    ///
    /// let mut store = GameStore::with_budget(Budget::default().with_memory(1 << 10));
    /// let g = store.parse("{3|{2|1}}").unwrap();
    /// let mut sum = g;
    /// let stopped = (0..10_000).find_map(|_| match store.sum(sum, g) {
    ///     Ok(s) => {
    ///         sum = s;
    ///         None
    ///     }
    ///     Err(e) => Some(e),
    /// });
    /// match stopped {
    ///     Some(ValueError::Budget(e)) => assert_eq!(e.resource, Resource::Memory),
    ///     other => panic!("expected the memory budget to run out, got {other:?}"),
    /// }
    /// ```
    pub fn with_budget(budget: Budget) -> GameStore {
        let mut store = GameStore {
            nodes: Vec::new(),
            options: Vec::new(),
            index: HashTable::new(),
            sums: FxHashMap::default(),
            leqs: FxHashMap::default(),
            negatives: Vec::new(),
            memo: Memo::default(),
            spare: Vec::new(),
            budget,
            until_check: CHECK_EVERY,
            print_limit: PRINT_LIMIT,
            outside: Held::default(),
        };
        let zero = store.intern_nus(Nus::number(Dyadic::ZERO));
        debug_assert_eq!(zero, GameId::ZERO);
        store
    }

    /// The longest text [`GameStore::display`] writes for one form ([`PRINT_LIMIT`] unless
    /// set). O(1).
    pub fn print_limit(&self) -> usize {
        self.print_limit
    }

    /// Sets the longest text [`GameStore::display`] writes for one form: a longer one is
    /// shown as a note saying so. O(1).
    pub fn set_print_limit(&mut self, chars: usize) {
        self.print_limit = chars;
    }

    /// How many canonical forms the store holds. O(1).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store holds only 0 (it is never empty). O(1).
    pub fn is_empty(&self) -> bool {
        false
    }

    fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.0 as usize]
    }
    /// The number + ups + nimber that `g` is, if it is one. O(1).
    pub fn nus(&self, g: GameId) -> Option<Nus> {
        self.node(g).nus
    }

    /// The number `g` is, if it is one. O(1).
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.node(g).nus.filter(|n| n.is_number()).map(|n| n.number)
    }

    /// Whether `g` is a number. O(1).
    pub fn is_number(&self, g: GameId) -> bool {
        self.node(g).nus.is_some_and(|n| n.is_number())
    }

    /// The number's id. O(1) expected.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.intern_nus(Nus::number(x))
    }

    /// The integer's id (`i64::MIN` is taken as `−(2^63 − 1)`). O(1) expected.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::from(n))
    }

    /// The nimber `*n`. O(1) expected.
    pub fn nimber(&mut self, n: u32) -> GameId {
        self.intern_nus(Nus {
            number: Dyadic::ZERO,
            ups: 0,
            nimber: n,
        })
    }

    /// The id of `x + n·↑ + *m`, or an error if its tree is deeper than the engine's limit
    /// ([`MAX_DEPTH`]: `|n| + m` up to about 2^16) or `n = i32::MIN`. O(1) expected.
    pub fn nus_game(&mut self, value: Nus) -> Result<GameId, ValueError> {
        let value = Nus::new(value.number, value.ups, value.nimber)?;
        check_depth(value.depth())?;
        Ok(self.intern_nus(value))
    }

    /// The birthday of `g`: the height of its canonical game tree. O(1).
    pub fn birthday(&self, g: GameId) -> u64 {
        self.node(g).birthday
    }

    /// A bound on how deep a recursion over the options of `g` goes before it reaches
    /// numbers (which are handled in closed form); operations check it against their limit
    /// (see [`GameStore::guarded`]). O(1).
    pub fn depth(&self, g: GameId) -> u64 {
        self.node(g).depth
    }

    /// Left's stop of `g`: the number reached when both play optimally and Left moves first,
    /// stopping as soon as the position is a number. O(1) (kept in the node).
    pub fn left_stop(&self, g: GameId) -> Dyadic {
        self.node(g).left_stop
    }

    /// Right's stop of `g` (Right moving first). O(1).
    pub fn right_stop(&self, g: GameId) -> Dyadic {
        self.node(g).right_stop
    }

    pub(crate) fn intern_nus(&mut self, value: Nus) -> GameId {
        let hash = hash_nus(&value);
        let nodes = &self.nodes;
        if let Some(&id) = self
            .index
            .find(hash, |&id| nodes[id.0 as usize].nus == Some(value))
        {
            return id;
        }
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(Node {
            nus: Some(value),
            start: 0,
            nl: 0,
            nr: 0,
            has_options: false,
            depth: value.depth(),
            birthday: value.birthday(),
            left_stop: value.number,
            right_stop: value.number,
            hash,
        });
        self.negatives.push(u32::MAX);
        let nodes = &self.nodes;
        self.index
            .insert_unique(hash, id, |&id| nodes[id.0 as usize].hash);
        id
    }

    /// The id of `{left | right}`, which must already be canonical (options sorted by id,
    /// none dominated or reversible) and not a number + ups + nimber. O(options).
    pub(crate) fn intern_moves(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        debug_assert!(left.windows(2).all(|w| w[0] < w[1]));
        debug_assert!(right.windows(2).all(|w| w[0] < w[1]));
        let hash = hash_moves(left, right);
        let (nodes, options) = (&self.nodes, &self.options);
        let found = self.index.find(hash, |&id| {
            let n = &nodes[id.0 as usize];
            n.nus.is_none() && n.nl as usize == left.len() && n.nr as usize == right.len() && {
                let s = n.start as usize;
                options[s..s + left.len()] == *left
                    && options[s + left.len()..s + left.len() + right.len()] == *right
            }
        });
        if let Some(&id) = found {
            return id;
        }
        let id = GameId(self.nodes.len() as u32);
        let start = self.options.len() as u32;
        self.options.extend_from_slice(left);
        self.options.extend_from_slice(right);
        let mut depth = 0;
        let mut birthday = 0;
        for &o in left.iter().chain(right) {
            let n = self.node(o);
            depth = depth.max(n.depth + 1);
            birthday = birthday.max(n.birthday + 1);
        }
        // Canonical option lists are never empty on either side: a game without Left
        // options (or Right ones) is an integer, which is a Nus.
        let left_stop = left.iter().map(|&o| self.node(o).right_stop).max();
        let right_stop = right.iter().map(|&o| self.node(o).left_stop).min();
        self.nodes.push(Node {
            nus: None,
            start,
            nl: left.len() as u32,
            nr: right.len() as u32,
            has_options: true,
            depth,
            birthday,
            left_stop: left_stop.unwrap_or(Dyadic::ZERO),
            right_stop: right_stop.unwrap_or(Dyadic::ZERO),
            hash,
        });
        self.negatives.push(u32::MAX);
        let nodes = &self.nodes;
        self.index
            .insert_unique(hash, id, |&id| nodes[id.0 as usize].hash);
        id
    }

    /// Puts the canonical options of a [`Nus`] into the arena, if they are not there yet.
    /// O(m) for `x + *m` on first call, O(1) afterwards.
    pub(crate) fn ensure_options(&mut self, g: GameId) -> Result<(), ValueError> {
        let node = self.node(g);
        if node.has_options {
            return Ok(());
        }
        let value = node.nus.expect("only number-up-star nodes lack options");
        let left = value.options(Side::Left)?;
        let right = value.options(Side::Right)?;
        let mut ids: Vec<GameId> = Vec::with_capacity(left.len() + right.len());
        for v in left.iter().chain(&right) {
            ids.push(self.intern_nus(*v));
        }
        ids[..left.len()].sort_unstable();
        ids[left.len()..].sort_unstable();
        let start = self.options.len() as u32;
        self.options.extend_from_slice(&ids);
        let node = &mut self.nodes[g.0 as usize];
        node.start = start;
        node.nl = left.len() as u32;
        node.nr = right.len() as u32;
        node.has_options = true;
        Ok(())
    }

    /// How many options `side` has in `g` (after [`GameStore::ensure_options`]). O(1).
    pub(crate) fn count(&self, g: GameId, side: Side) -> usize {
        let n = self.node(g);
        debug_assert!(n.has_options);
        match side {
            Side::Left => n.nl as usize,
            Side::Right => n.nr as usize,
        }
    }

    /// The `i`-th option of `side` in `g` (after [`GameStore::ensure_options`]). O(1).
    pub(crate) fn option(&self, g: GameId, side: Side, i: usize) -> GameId {
        let n = self.node(g);
        let at = n.start as usize
            + match side {
                Side::Left => i,
                Side::Right => n.nl as usize + i,
            };
        self.options[at]
    }

    /// The canonical options of `side` in `g`, sorted by id. O(options) (for `*m`, the
    /// first call builds its m options).
    pub fn options(&mut self, g: GameId, side: Side) -> Result<Vec<GameId>, ValueError> {
        self.ensure_options(g)?;
        Ok((0..self.count(g, side))
            .map(|i| self.option(g, side, i))
            .collect())
    }

    /// The left options of `g` (see [`GameStore::options`]).
    pub fn left_options(&mut self, g: GameId) -> Result<Vec<GameId>, ValueError> {
        self.options(g, Side::Left)
    }

    /// The right options of `g` (see [`GameStore::options`]).
    pub fn right_options(&mut self, g: GameId) -> Result<Vec<GameId>, ValueError> {
        self.options(g, Side::Right)
    }

    /// The option lists `(f(G^L)…, f(G^R)…)` of `g`'s options mapped by `f`: the shape of
    /// every transformation defined option by option (cooling, heating, Norton products,
    /// companions, reduced forms), which then canonicalise the lists. `f` gets each option
    /// with its side and pushes its images (one, or several) onto that side's list. O(options)
    /// calls of `f`.
    pub(crate) fn map_options(
        &mut self,
        g: GameId,
        mut f: impl FnMut(&mut GameStore, Side, GameId, &mut Vec<GameId>) -> Result<(), ValueError>,
    ) -> Result<(Vec<GameId>, Vec<GameId>), ValueError> {
        let mut left = self.take_vec();
        let mut right = self.take_vec();
        self.ensure_options(g)?;
        for side in [Side::Left, Side::Right] {
            let list = match side {
                Side::Left => &mut left,
                Side::Right => &mut right,
            };
            for i in 0..self.count(g, side) {
                let o = self.option(g, side, i);
                f(self, side, o, list)?;
            }
        }
        Ok((left, right))
    }

    /// A vector from the spare pool, empty. O(1).
    pub(crate) fn take_vec(&mut self) -> Vec<GameId> {
        self.spare.pop().unwrap_or_default()
    }

    /// Returns a vector to the spare pool. O(1).
    pub(crate) fn give_vec(&mut self, mut v: Vec<GameId>) {
        v.clear();
        self.spare.push(v);
    }
}
