//! The store's memo tables: the properties of single games that analyses remember by their
//! type (so that the store names none of them), and the tables of sums, comparisons, negatives
//! and printing orders that the core operations keep. Analyses read and fill them through
//! these methods, never the store's fields.

use std::any::{Any, TypeId};

use rustc_hash::FxHashMap;

use super::{GameId, GameStore};

/// Memo tables of properties of single games, filled on demand. The analyses that compute a
/// property keep its table here by the property's type ([`GameStore::remembered`]), so the
/// store, which every analysis builds on, names none of them.
#[derive(Default)]
pub(crate) struct Memo {
    tables: FxHashMap<TypeId, Box<dyn MemoTable>>,
    sorted_options: FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
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

/// The key of an ordered pair of ids in a memo table.
fn pair_key(g: GameId, h: GameId) -> u64 {
    ((g.0 as u64) << 32) | h.0 as u64
}

impl Memo {
    /// The length, capacity and bytes an entry of each memo table, for the store's estimate
    /// of its bytes: the properties' tables, then the printing orders (at 48 bytes an entry).
    /// O(tables).
    pub(super) fn sizes(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        (self.tables.values().map(|t| t.size())).chain(std::iter::once((
            self.sorted_options.len(),
            self.sorted_options.capacity(),
            48,
        )))
    }
}

impl GameStore {
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

    /// The sum `g + h` if it was computed before (in either order). O(1) expected.
    pub(crate) fn known_sum(&self, g: GameId, h: GameId) -> Option<GameId> {
        self.sums.get(&pair_key(g.min(h), g.max(h))).copied()
    }

    /// Remembers `sum` as `g + h` (and `h + g`). O(1) amortised.
    pub(crate) fn remember_sum(&mut self, g: GameId, h: GameId, sum: GameId) {
        self.sums.insert(pair_key(g.min(h), g.max(h)), sum);
    }

    /// Whether `g ≤ h`, if it was decided before. O(1) expected.
    pub(crate) fn known_leq(&self, g: GameId, h: GameId) -> Option<bool> {
        self.leqs.get(&pair_key(g, h)).copied()
    }

    /// Remembers whether `g ≤ h`. O(1) amortised.
    pub(crate) fn remember_leq(&mut self, g: GameId, h: GameId, leq: bool) {
        self.leqs.insert(pair_key(g, h), leq);
    }

    /// `−g`, if it was computed before (for `g` or for `−g`). O(1).
    pub(crate) fn known_negative(&self, g: GameId) -> Option<GameId> {
        let known = self.negatives[g.0 as usize];
        (known != u32::MAX).then_some(GameId(known))
    }

    /// Remembers that `g` and `minus_g` are each other's negatives. O(1).
    pub(crate) fn remember_negatives(&mut self, g: GameId, minus_g: GameId) {
        self.negatives[g.0 as usize] = minus_g.0;
        self.negatives[minus_g.0 as usize] = g.0;
    }

    /// The options of `g` in the order they are printed, if they were sorted before. O(options).
    pub(crate) fn known_sorted_options(&self, g: GameId) -> Option<(Vec<GameId>, Vec<GameId>)> {
        self.memo.sorted_options.get(&g).cloned()
    }

    /// Remembers the options of `g` in the order they are printed. O(1) amortised.
    pub(crate) fn remember_sorted_options(
        &mut self,
        g: GameId,
        sorted: (Vec<GameId>, Vec<GameId>),
    ) {
        self.memo.sorted_options.insert(g, sorted);
    }
}
