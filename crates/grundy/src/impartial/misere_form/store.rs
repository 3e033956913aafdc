//! The arena of misère canonical forms: interning a set of options in its simplest form, and
//! reading a form back (its options, birthday, normal and misère Grundy values).
//!
//! **Simplification.** The options given are canonical already (they are ids of this store),
//! so a set of options `S` is in simplest form unless one of two reductions applies (Conway,
//! *On Numbers and Games*, ch. 12; Siegel, *Combinatorial Game Theory*, ch. V.1):
//!
//! - *Reversible options* (the Grundy–Smith rule). `{S}` equals a nonzero canonical `H` when
//!   the options of `H` are some of `S` and every other option of `{S}` has `H` as an option.
//!   Those other options are born after `H`, whose options are born before it, so the options
//!   of `H` are the options of `{S}` born before a gap of at least two days in their
//!   birthdays: each such gap gives one candidate, found by a hash look-up (every option of
//!   an option is in the store, so a candidate that is not there cannot be `H`).
//! - *The proviso, for `H = 0`.* `{S}` equals 0 when every option has 0 as an option **and**
//!   some option is a misère P-position. Without the second condition the reduction is
//!   false: `{*2}` has the one option `*2`, which has the option 0, but `{*2}` is a misère
//!   P-position and 0 is not. With it, `{*}` = 0.
//!
//! Conway's theorem says that a form with no such reduction, and options in simplest form, is
//! the simplest form of its class, and two games are equal in misère play exactly when their
//! simplest forms are identical: equality is an id comparison.
//!
//! **Order.** A node's options are kept sorted by (birthday, id), so that the options born
//! before a gap are a prefix, and a look-up of an option is a binary search.
//!
//! **Budget.** Every [`CHECK_EVERY`] forms interned the store counts its forms against the
//! position budget and its bytes ([`MisereStore::bytes`]) against the memory budget, and reads
//! the clock and the cancel flag; past a budget an operation fails with [`Exhausted`].

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};

use crate::budget::{growing_bytes, Budget, Exhausted};
use crate::math::mex::Mex;
use crate::outcome::OutcomeClass;

/// Forms interned between two checks of the budget.
pub const CHECK_EVERY: u32 = 4096;

/// What the store's budget errors say it was doing.
const WORK: &str = "computing misère canonical forms";

/// A misère canonical form in a [`MisereStore`]: equal ids are equal games in misère play,
/// within one store. Ids are handed out in order of first appearance, so the options of a
/// form always have smaller ids than the form itself. An id means nothing in another store
/// (passing one there is a mistake of the caller, and may panic on an index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FormId(pub(super) u32);

impl FormId {
    /// The game 0, `{}` (no move): the same id in every store.
    pub const ZERO: FormId = FormId(0);
    /// The game `*`, `{0}`: the same id in every store.
    pub const STAR: FormId = FormId(1);

    /// The id's index in its store (0, 1, 2, … in order of first appearance). O(1).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// One canonical form.
#[derive(Clone, Debug)]
struct Node {
    /// The options are `options[start .. start + len]`, sorted by (birthday, id).
    start: u32,
    len: u32,
    birthday: u32,
    /// The normal-play Grundy value G⁺.
    normal: u32,
    /// The misère Grundy value G⁻: 1 for 0, else the mex of the options' (0 iff misère P).
    misere: u32,
    /// Whether the form is a nim heap `*n` (its options are `*0 .. *(n-1)`).
    heap: bool,
    hash: u64,
}

/// The interner of misère canonical forms of impartial games, and the memo of their sums.
///
/// ```
/// use grundy::impartial::misere_form::{FormId, MisereStore};
///
/// let mut store = MisereStore::new();
/// let star2 = store.nimber(2).unwrap();
/// // {*} = 0 in misère play (the proviso holds: * is a misère P-position) …
/// assert_eq!(store.canonical(&[FormId::STAR]).unwrap(), FormId::ZERO);
/// // … but {*2} is a new game.
/// let g = store.canonical(&[star2]).unwrap();
/// assert_eq!(store.birthday(g), 3);
/// // {0, *2}: *2 reverses through * (its option), so the game is *.
/// assert_eq!(store.canonical(&[FormId::ZERO, star2]).unwrap(), FormId::STAR);
/// ```
pub struct MisereStore {
    nodes: Vec<Node>,
    options: Vec<FormId>,
    index: HashTable<FormId>,
    /// Nim heaps by size, as far as built.
    heaps: Vec<FormId>,
    /// Sums by the pair of ids (smaller first), see `sum.rs`.
    pub(super) sums: FxHashMap<(u32, u32), FormId>,
    budget: Budget,
    until_check: u32,
}

fn hash_options(options: &[FormId]) -> u64 {
    let mut h = FxHasher::default();
    options.len().hash(&mut h);
    for g in options {
        g.0.hash(&mut h);
    }
    h.finish()
}

impl Default for MisereStore {
    fn default() -> MisereStore {
        MisereStore::new()
    }
}

impl MisereStore {
    /// A store holding 0 and `*` within the default budget ([`Budget::default`]). O(1).
    pub fn new() -> MisereStore {
        MisereStore::with_budget(Budget::default())
    }

    /// A store whose operations fail with [`Exhausted`] once it holds more forms than
    /// `budget`'s positions or more bytes than its memory (by [`MisereStore::bytes`]), or
    /// once its deadline passes or its cancel flag is set, checked every [`CHECK_EVERY`]
    /// forms. O(1).
    ///
    /// ```
    /// use grundy::budget::{Budget, Resource};
    /// use grundy::impartial::misere_form::MisereStore;
    ///
    /// let mut store = MisereStore::with_budget(Budget::default().with_memory(1 << 16));
    /// let error = store.nimber(10_000).unwrap_err();
    /// assert_eq!(error.resource, Resource::Memory);
    /// ```
    pub fn with_budget(budget: Budget) -> MisereStore {
        let mut store = MisereStore {
            nodes: Vec::new(),
            options: Vec::new(),
            index: HashTable::new(),
            heaps: Vec::new(),
            sums: FxHashMap::default(),
            budget,
            until_check: CHECK_EVERY,
        };
        let zero = store.intern(&[]);
        let star = store.intern(&[zero]);
        debug_assert_eq!((zero, star), (FormId::ZERO, FormId::STAR));
        store.heaps = vec![zero, star];
        store
    }

    /// The budget the store works within.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Replaces the budget the store works within, its forms kept (a caller gives one call a
    /// deadline of its own, then the store's usual budget back). The next form made checks
    /// the new budget. O(1).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.until_check = 1;
    }

    /// How many canonical forms the store holds. O(1).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the store holds no form (never: 0 and `*` are always there). O(1).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The options of `g`'s canonical form, sorted by (birthday, id). O(1).
    pub fn options(&self, g: FormId) -> &[FormId] {
        let node = &self.nodes[g.0 as usize];
        &self.options[node.start as usize..(node.start + node.len) as usize]
    }

    /// The birthday of `g`'s canonical form: 0 for 0, else one more than its options' latest.
    /// It is the least birthday of all the forms of `g`'s misère class. O(1).
    pub fn birthday(&self, g: FormId) -> u32 {
        self.nodes[g.0 as usize].birthday
    }

    /// The normal-play Grundy value G⁺(g) (the Sprague–Grundy value, a misère invariant).
    /// O(1).
    pub fn normal_value(&self, g: FormId) -> u32 {
        self.nodes[g.0 as usize].normal
    }

    /// The misère Grundy value G⁻(g): 1 for 0 (the player to move has no move and wins),
    /// else the mex of the options' values. It is 0 exactly for the misère P-positions. O(1).
    pub fn misere_value(&self, g: FormId) -> u32 {
        self.nodes[g.0 as usize].misere
    }

    /// The misère outcome of `g`: [`OutcomeClass::Second`] (a P-position: the player to move
    /// loses) when every option is an N-position and there is at least one; else
    /// [`OutcomeClass::First`] (the empty game is an N-position: the player to move has no
    /// move, so the opponent moved last and lost). O(1).
    pub fn outcome(&self, g: FormId) -> OutcomeClass {
        if self.misere_value(g) == 0 {
            OutcomeClass::Second
        } else {
            OutcomeClass::First
        }
    }

    /// Whether `g` is a nim heap `*n`. O(1).
    pub fn is_nimber(&self, g: FormId) -> bool {
        self.nodes[g.0 as usize].heap
    }

    /// Whether `g` has `option` among its canonical options. O(log n), a binary search.
    pub fn has_option(&self, g: FormId, option: FormId) -> bool {
        let key = (self.birthday(option), option);
        self.options(g)
            .binary_search_by_key(&key, |&o| (self.birthday(o), o))
            .is_ok()
    }

    /// The followers of `g` (`g` itself, its options, their options, …) that `keep` accepts,
    /// each once and in increasing id (options before the games they are options of): the
    /// walk does not go through a follower `keep` refuses. `g` is always in. O(f log f) for f
    /// followers visited, with no recursion.
    pub fn followers_where(&self, g: FormId, keep: impl Fn(FormId) -> bool) -> Vec<FormId> {
        let mut marked = FxHashSet::default();
        marked.insert(g);
        let mut todo = vec![g];
        let mut all = vec![g];
        while let Some(x) = todo.pop() {
            for &o in self.options(x) {
                if keep(o) && marked.insert(o) {
                    all.push(o);
                    todo.push(o);
                }
            }
        }
        all.sort_unstable();
        all
    }

    /// The nim heap `*n`: the game whose options are `*0, …, *(n-1)`, which is in simplest
    /// form in misère play too. Builds the heaps up to `n` once: O(n²) time and arena the
    /// first time (checked against the memory budget before allocating), O(1) after.
    pub fn nimber(&mut self, n: u32) -> Result<FormId, Exhausted> {
        let n = n as usize;
        if let Some(&heap) = self.heaps.get(n) {
            return Ok(heap);
        }
        let arena = (n as u64 + 1)
            .saturating_mul(n as u64 / 2 + 1)
            .saturating_mul(4);
        let bytes = self.bytes().saturating_add(arena);
        self.budget
            .check_memory(bytes, WORK, self.nodes.len() as u64)?;
        // The options of the next heap: the heaps so far, grown by one a step.
        let mut options = self.heaps.clone();
        while self.heaps.len() <= n {
            let heap = self.canonical(&options)?;
            self.heaps.push(heap);
            options.push(heap);
        }
        Ok(self.heaps[n])
    }

    /// The misère canonical form of the game whose options are `options` (ids of this store,
    /// in any order, repeats allowed): the set sorted and deduplicated, then simplified as the
    /// module documentation says. O(n log n) for n options, plus a hash look-up per gap in
    /// their birthdays and a binary search per option checked.
    pub fn canonical(&mut self, options: &[FormId]) -> Result<FormId, Exhausted> {
        let mut set = options.to_vec();
        set.sort_unstable_by_key(|&o| (self.birthday(o), o));
        set.dedup();
        if let Some(found) = self.find(&set) {
            return Ok(found);
        }
        if let Some(simpler) = self.reduce(&set) {
            return Ok(simpler);
        }
        self.tick()?;
        Ok(self.intern(&set))
    }

    /// The simpler form equal to `{set}` (sorted, canonical options, not itself in the store)
    /// if a reduction applies.
    fn reduce(&self, set: &[FormId]) -> Option<FormId> {
        // The proviso: reversing every option through 0 needs a P-position among them.
        if !set.is_empty()
            && set.iter().all(|&o| self.has_option(o, FormId::ZERO))
            && set.iter().any(|&o| self.misere_value(o) == 0)
        {
            return Some(FormId::ZERO);
        }
        (1..set.len())
            .filter(|&j| self.birthday(set[j]) > self.birthday(set[j - 1]) + 1)
            .find_map(|j| {
                let h = self.find(&set[..j])?;
                set[j..].iter().all(|&o| self.has_option(o, h)).then_some(h)
            })
    }

    /// The id of the form whose options are exactly `set` (sorted), if the store has it.
    fn find(&self, set: &[FormId]) -> Option<FormId> {
        let hash = hash_options(set);
        self.index
            .find(hash, |&g| {
                self.nodes[g.0 as usize].hash == hash && self.options(g) == set
            })
            .copied()
    }

    /// Adds the form with options `set` (sorted, in simplest form), computing its values.
    fn intern(&mut self, set: &[FormId]) -> FormId {
        let id = FormId(self.nodes.len() as u32);
        let birthday = set.iter().map(|&o| self.birthday(o) + 1).max().unwrap_or(0);
        let normal = Mex::new().of(set.iter().map(|&o| self.normal_value(o)));
        let misere = if set.is_empty() {
            1
        } else {
            Mex::new().of(set.iter().map(|&o| self.misere_value(o)))
        };
        let heap = set.len() as u32 == birthday && set.iter().all(|&o| self.is_nimber(o));
        let hash = hash_options(set);
        let start = self.options.len() as u32;
        self.options.extend_from_slice(set);
        self.nodes.push(Node {
            start,
            len: set.len() as u32,
            birthday,
            normal,
            misere,
            heap,
            hash,
        });
        let nodes = &self.nodes;
        self.index
            .insert_unique(hash, id, |&g| nodes[g.0 as usize].hash);
        id
    }

    /// The bytes the store holds, by its own estimate: nodes, option arena, index and sums,
    /// each with the reallocation it is about to make. O(1).
    pub fn bytes(&self) -> u64 {
        use std::mem::size_of;
        let headroom = CHECK_EVERY as usize;
        let table = |len: usize, capacity: usize, entry: usize| {
            // A hash table has 8 buckets for 7 entries, each with a control byte.
            growing_bytes(len, capacity, (entry as u64 + 1) * 8 / 7, headroom)
        };
        growing_bytes(
            self.nodes.len(),
            self.nodes.capacity(),
            size_of::<Node>() as u64,
            headroom,
        ) + growing_bytes(
            self.options.len(),
            self.options.capacity(),
            size_of::<FormId>() as u64,
            headroom,
        ) + table(self.index.len(), self.index.capacity(), size_of::<FormId>())
            + table(
                self.sums.len(),
                self.sums.capacity(),
                size_of::<((u32, u32), FormId)>(),
            )
    }

    /// Checks the budget now: forms held against positions, bytes against memory, the clock
    /// and the cancel flag. O(1).
    pub fn check_budget(&mut self) -> Result<(), Exhausted> {
        self.until_check = CHECK_EVERY;
        self.budget
            .check(WORK, self.nodes.len() as u64, self.bytes())
    }

    /// Counts one operation, checking the budget every [`CHECK_EVERY`]. O(1).
    pub(super) fn tick(&mut self) -> Result<(), Exhausted> {
        self.until_check -= 1;
        if self.until_check == 0 {
            return self.check_budget();
        }
        Ok(())
    }
}
