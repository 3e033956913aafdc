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

use std::any::{Any, TypeId};

use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

use super::error::ValueError;
use super::number::Dyadic;
use super::nus::Nus;
use super::Side;
use crate::budget::Budget;

/// The deepest recursion over game trees the engine accepts (see [`GameStore::depth`]): a
/// game deeper than this cannot be built, and an operation that would recurse deeper returns
/// [`ValueError::TooDeep`].
pub const MAX_DEPTH: u64 = 1 << 16;

/// Operations (canonical forms, comparisons, sums computed) between two checks of the
/// budget: a check costs a few memory reads and, with a deadline, a clock reading, which is
/// nothing against thousands of comparisons.
pub const CHECK_EVERY: u32 = 4096;

/// What a store's budget errors say it was doing.
const WORK: &str = "computing canonical forms";

/// Recursions up to this depth run on the caller's stack; deeper ones on a thread with a
/// stack sized for them.
const INLINE_DEPTH: u64 = 48;

/// Stack reserved per level of recursion when an operation runs on its own thread: measured
/// at about 1.2 KiB a level for the heaviest walks (thermographs, printing) in an optimised
/// build; the margin covers unoptimised builds.
const STACK_PER_LEVEL: u64 = 4096;

/// Runs `f` on a scoped thread with a stack of `bytes`, or returns `None` if the thread
/// cannot be started. A panic in `f` is passed on.
pub(crate) fn with_stack<R: Send>(bytes: usize, f: impl FnOnce() -> R + Send) -> Option<R> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .stack_size(bytes)
            .spawn_scoped(scope, f)
            .ok()?;
        Some(
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    })
}

/// An error if a recursion of `depth` levels is beyond [`MAX_DEPTH`]. O(1).
pub(crate) fn check_depth(depth: u64) -> Result<(), ValueError> {
    if depth > MAX_DEPTH {
        Err(ValueError::TooDeep {
            depth,
            limit: MAX_DEPTH,
        })
    } else {
        Ok(())
    }
}

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
pub(crate) struct Node {
    /// `Some` for a number + ups + nimber.
    pub(crate) nus: Option<Nus>,
    /// Left options are `options[start .. start + nl]`, right options follow them.
    pub(crate) start: u32,
    pub(crate) nl: u32,
    pub(crate) nr: u32,
    /// Whether the options are in the arena (a [`Nus`] gets them on first request).
    pub(crate) has_options: bool,
    /// A bound on the recursion over options before numbers are reached (see
    /// [`Nus::depth`]); 1 + the options' largest for an option list.
    pub(crate) depth: u64,
    pub(crate) birthday: u64,
    /// Left and right stops, kept because comparisons use them to answer early.
    pub(crate) left_stop: Dyadic,
    pub(crate) right_stop: Dyadic,
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
    pub(crate) nodes: Vec<Node>,
    pub(crate) options: Vec<GameId>,
    index: HashTable<GameId>,
    pub(crate) sums: FxHashMap<u64, GameId>,
    pub(crate) leqs: FxHashMap<u64, bool>,
    negatives: Vec<u32>,
    /// Memoised properties of single games (thermographs, misère outcomes, …).
    pub(crate) memo: Memo,
    /// Spare vectors for the option lists under construction, reused to spare allocations.
    pub(crate) spare: Vec<Vec<GameId>>,
    /// What the store may take.
    budget: Budget,
    /// Operations left before the next check of the budget.
    until_check: u32,
    /// Bytes its caller holds beside the store (an evaluator's memo), as last told.
    outside: u64,
}

/// Memo tables of properties of single games, filled on demand. The analyses that compute a
/// property keep its table here by the property's type ([`GameStore::remembered`]), so the
/// store, which every analysis builds on, names none of them.
#[derive(Default)]
pub(crate) struct Memo {
    tables: FxHashMap<TypeId, Box<dyn MemoTable>>,
    pub(crate) sorted_options: FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
}

/// A memo table of one property, as the store counts it.
trait MemoTable: Any + Send {
    /// Its length, capacity and bytes an entry.
    fn size(&self) -> (usize, usize, usize);
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// The values of one property, by game.
struct PerGame<V>(FxHashMap<GameId, V>);

impl<V: Send + 'static> MemoTable for PerGame<V> {
    fn size(&self) -> (usize, usize, usize) {
        // The value's own heap (a thermograph's walls) at a few words more.
        let entry = std::mem::size_of::<(GameId, V)>() + 16;
        (self.0.len(), self.0.capacity(), entry)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// The bytes of a growing vector or hash table of `len` entries of `entry` bytes with room
/// for `capacity`: its capacity, and, when it is within [`CHECK_EVERY`] entries of full, the
/// twice as large allocation it makes when it grows (old and new are both held while the
/// entries move). Growth between two checks of the budget is then counted before it
/// happens. O(1).
pub fn growing_bytes(len: usize, capacity: usize, entry: u64) -> u64 {
    let now = (capacity as u64).saturating_mul(entry);
    if len.saturating_add(CHECK_EVERY as usize) >= capacity {
        now.saturating_mul(3)
    } else {
        now
    }
}

/// The key of an ordered pair of ids in a memo table.
pub(crate) fn pair_key(g: GameId, h: GameId) -> u64 {
    ((g.0 as u64) << 32) | h.0 as u64
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
            outside: 0,
        };
        let zero = store.intern_nus(Nus::number(Dyadic::ZERO));
        debug_assert_eq!(zero, GameId::ZERO);
        store
    }

    /// The value of the property `V` remembered for `g`, if any: the property is named by its
    /// type (each analysis has its own). O(1) expected.
    pub(crate) fn remembered<V: Clone + Send + 'static>(&self, g: GameId) -> Option<V> {
        let table = self.memo.tables.get(&TypeId::of::<V>())?;
        let table = table.as_any().downcast_ref::<PerGame<V>>()?;
        table.0.get(&g).cloned()
    }

    /// Remembers `value` as the property `V` of `g` (see [`GameStore::remembered`]); its
    /// table is counted in [`GameStore::bytes`]. O(1) amortised.
    pub(crate) fn remember<V: Send + 'static>(&mut self, g: GameId, value: V) {
        let table = (self.memo.tables.entry(TypeId::of::<V>()))
            .or_insert_with(|| Box::new(PerGame::<V>(FxHashMap::default())));
        if let Some(table) = table.as_any_mut().downcast_mut::<PerGame<V>>() {
            table.0.insert(g, value);
        }
    }

    /// The budget the store works within.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The bytes the store holds, by its own estimate: its nodes, option arena, hash index
    /// and memo tables at their capacities (the memos of single games' properties at a few
    /// dozen bytes an entry), each counted with the reallocation it is about to make (see
    /// [`growing_bytes`]), so that the check comes before the peak, not after it. O(1).
    pub fn bytes(&self) -> u64 {
        use std::mem::size_of;
        let vec =
            |len: usize, capacity: usize, entry: usize| growing_bytes(len, capacity, entry as u64);
        let table = |len: usize, capacity: usize, entry: usize| {
            // A hash table has 8 buckets for 7 entries, each with a control byte.
            growing_bytes(len, capacity, (entry as u64 + 1) * 8 / 7)
        };
        let memo = &self.memo;
        vec(self.nodes.len(), self.nodes.capacity(), size_of::<Node>())
            + vec(
                self.options.len(),
                self.options.capacity(),
                size_of::<GameId>(),
            )
            + vec(
                self.negatives.len(),
                self.negatives.capacity(),
                size_of::<u32>(),
            )
            + table(self.index.len(), self.index.capacity(), size_of::<GameId>())
            + table(
                self.sums.len(),
                self.sums.capacity(),
                size_of::<(u64, GameId)>(),
            )
            + table(
                self.leqs.len(),
                self.leqs.capacity(),
                size_of::<(u64, bool)>(),
            )
            + (memo.tables.values())
                .map(|t| {
                    let (len, capacity, entry) = t.size();
                    table(len, capacity, entry)
                })
                .sum::<u64>()
            + table(
                memo.sorted_options.len(),
                memo.sorted_options.capacity(),
                48,
            )
    }

    /// Checks the budget now, `outside` bytes being held beside the store by its caller (an
    /// evaluator's memo; they are counted again at every later check until told anew): an
    /// error if the store holds more games than the position budget, it and `outside` more
    /// bytes than the memory budget, the deadline has passed or the cancel flag is set.
    /// O(1).
    pub fn check_budget(&mut self, outside: u64) -> Result<(), ValueError> {
        self.outside = outside;
        self.until_check = CHECK_EVERY;
        let games = self.nodes.len() as u64;
        self.budget
            .check(WORK, games, self.bytes().saturating_add(outside))
            .map_err(ValueError::Budget)
    }

    /// Counts one operation, and checks the budget every [`CHECK_EVERY`] (see
    /// [`GameStore::check_budget`]). O(1).
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), ValueError> {
        self.until_check -= 1;
        if self.until_check == 0 {
            return self.check_budget(self.outside);
        }
        Ok(())
    }

    /// How many canonical forms the store holds. O(1).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store holds only 0 (it is never empty). O(1).
    pub fn is_empty(&self) -> bool {
        false
    }

    pub(crate) fn node(&self, g: GameId) -> &Node {
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

    /// Runs `f`, which recurses at most `depth` levels over game trees: on this thread when
    /// that is shallow, else on a scoped thread whose stack is sized for it, so that deep
    /// games never overflow the caller's stack. Errors if `depth` exceeds [`MAX_DEPTH`] or
    /// the thread cannot be started. O(1) besides `f` (tens of microseconds for a thread).
    pub fn guarded<R: Send>(
        &mut self,
        depth: u64,
        f: impl FnOnce(&mut GameStore) -> Result<R, ValueError> + Send,
    ) -> Result<R, ValueError> {
        check_depth(depth)?;
        if depth <= INLINE_DEPTH {
            return f(self);
        }
        let stack = (depth * STACK_PER_LEVEL + (1 << 20)) as usize;
        with_stack(stack, || f(self)).unwrap_or(Err(ValueError::TooDeep {
            depth,
            limit: INLINE_DEPTH,
        }))
    }

    /// `−g`. O(size of g) the first time, O(1) after.
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2|{1|*}}").unwrap();
    /// let minus_g = store.neg(g).unwrap();
    /// assert_eq!(store.display(minus_g), "{*|-1||-2}");
    /// ```
    pub fn neg(&mut self, g: GameId) -> Result<GameId, ValueError> {
        let depth = self.depth(g);
        self.guarded(depth, |s| Ok(s.neg_in(g)))
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

    /// The negative `−g`: `{−R | −L}`, already canonical, so no simplification is needed.
    /// O(size of g) the first time, O(1) after; recursion as deep as g's tree.
    pub(crate) fn neg_in(&mut self, g: GameId) -> GameId {
        if let Some(value) = self.nus(g) {
            return self.intern_nus(-value);
        }
        let known = self.negatives[g.0 as usize];
        if known != u32::MAX {
            return GameId(known);
        }
        let mut left = self.take_vec();
        let mut right = self.take_vec();
        let (nl, nr) = (self.count(g, Side::Left), self.count(g, Side::Right));
        for i in 0..nr {
            let o = self.option(g, Side::Right, i);
            let n = self.neg_in(o);
            left.push(n);
        }
        for i in 0..nl {
            let o = self.option(g, Side::Left, i);
            let n = self.neg_in(o);
            right.push(n);
        }
        left.sort_unstable();
        right.sort_unstable();
        let result = self.intern_moves(&left, &right);
        self.give_vec(left);
        self.give_vec(right);
        self.negatives[g.0 as usize] = result.0;
        self.negatives[result.0 as usize] = g.0;
        result
    }
}
