//! Python positions numbered 0, 1, 2... in order of discovery, and the exploration of a game
//! defined in Python that numbers them.
//!
//! Exploring is bound by memory latency: each option is looked up in a table of about a
//! million positions, and a hit compares it with the stored Python object. The table here is
//! open addressing with linear probing; a slot holds a 32-bit tag of the Python hash, the
//! position's id and its object, so a look-up touches one slot and, on a hit, the stored
//! object. The options of a position are hashed first and their slots (then the objects in
//! them) fetched ahead, so that the cache misses of one position's options overlap.
//!
//! The graph is built as compressed rows while exploring (the ids are the order of
//! discovery, so rows come in order) and handed to the library once.

use grundy::graph::{Csr, Labels};
use grundy::rules::{ExploreError, ExploreLimits};
use grundy::{GameGraph, Outcome, Player};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::errors;

/// One slot of the table: empty when `object` is null.
#[derive(Clone, Copy)]
struct Slot {
    /// [`tag`] of the object's Python hash; its top bits are the slot's home.
    tag: u32,
    /// The position's id.
    id: u32,
    /// The position's object, owned by `Positions::objects`.
    object: *mut ffi::PyObject,
}

const EMPTY: Slot = Slot {
    tag: 0,
    id: 0,
    object: std::ptr::null_mut(),
};

/// The 32 bits of a Python hash that the table keeps (Fibonacci hashing: the top bits of the
/// product depend on every bit of the hash, so `hash(n) == n` spreads too).
fn tag(hash: isize) -> u32 {
    ((hash as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as u32
}

/// Hints the processor to fetch what `x` points to.
#[inline]
fn prefetch<T>(x: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch hint does not access memory (an invalid address is ignored).
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(x.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// Python objects numbered in order of insertion, found by Python equality (`__hash__` and
/// `__eq__`, identity first, as a `dict` does).
pub struct Positions {
    objects: Vec<Py<PyAny>>,
    /// A power of two of slots, at most half full (until 2^32 slots).
    slots: Vec<Slot>,
    /// 32 - log2(slots.len()): a tag's home slot is `tag >> shift`.
    shift: u32,
}

// SAFETY: the raw pointers in `slots` are the objects owned by `objects` (`Py`, which is Send
// and Sync); they are dereferenced only by methods that hold the GIL (they take a `Bound` or
// a `Python` token).
unsafe impl Send for Positions {}
unsafe impl Sync for Positions {}

/// Equality of two Python objects, identity first.
fn same(a: *mut ffi::PyObject, b: &Bound<'_, PyAny>) -> PyResult<bool> {
    if a == b.as_ptr() {
        return Ok(true);
    }
    // SAFETY: both are live objects and the GIL is held (`b` is bound to it).
    match unsafe { ffi::PyObject_RichCompareBool(a, b.as_ptr(), ffi::Py_EQ) } {
        1 => Ok(true),
        0 => Ok(false),
        _ => Err(PyErr::fetch(b.py())),
    }
}

impl Positions {
    fn new() -> Positions {
        Positions {
            objects: Vec::new(),
            slots: vec![EMPTY; 16],
            shift: 32 - 4,
        }
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// The object of position `id`.
    pub fn object(&self, py: Python<'_>, id: u32) -> PyObject {
        self.objects[id as usize].clone_ref(py)
    }

    /// Bytes used (the table and the objects' pointers, not the objects).
    fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<Slot>() + self.objects.capacity() * 8
    }

    fn home(&self, tag: u32) -> usize {
        (tag >> self.shift) as usize
    }

    /// The slot holding `object` (of tag `tag`), or the empty slot where it would go.
    fn probe(&self, object: &Bound<'_, PyAny>, tag: u32) -> PyResult<usize> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(tag);
        loop {
            let slot = self.slots[i];
            if slot.object.is_null() || (slot.tag == tag && same(slot.object, object)?) {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The id of a position, if it is numbered. An exception from `__hash__` or `__eq__`
    /// propagates.
    pub fn find(&self, object: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        let slot = self.slots[self.probe(object, tag(object.hash()?))?];
        Ok((!slot.object.is_null()).then_some(slot.id))
    }

    /// Doubles the table.
    fn grow(&mut self) {
        if self.shift == 0 {
            // 2^32 slots already: more positions than ids never fit, so the table cannot
            // fill up; it only gets fuller.
            return;
        }
        let shift = self.shift - 1;
        let mut slots = vec![EMPTY; self.slots.len() * 2];
        let mask = slots.len() - 1;
        for slot in self.slots.iter().filter(|s| !s.object.is_null()) {
            let mut i = (slot.tag >> shift) as usize;
            while !slots[i].object.is_null() {
                i = (i + 1) & mask;
            }
            slots[i] = *slot;
        }
        self.slots = slots;
        self.shift = shift;
    }

    /// The id of `object`, numbering it if it is new (`Ok(None)` when it would be position
    /// `max_positions + 1`).
    fn number(
        &mut self,
        object: &Bound<'_, PyAny>,
        tag: u32,
        max_positions: usize,
    ) -> PyResult<Option<u32>> {
        let mut i = self.probe(object, tag)?;
        if !self.slots[i].object.is_null() {
            return Ok(Some(self.slots[i].id));
        }
        let id = self.objects.len();
        if id >= max_positions {
            return Ok(None);
        }
        if 2 * (id + 1) > self.slots.len() && self.shift > 0 {
            self.grow();
            i = self.probe(object, tag)?;
        }
        self.slots[i] = Slot {
            tag,
            id: id as u32,
            object: object.as_ptr(),
        };
        self.objects.push(object.clone().unbind());
        Ok(Some(id as u32))
    }
}

/// What a game defined in Python is made of: its functions and its limits.
pub struct PyGame<'py> {
    pub options: Bound<'py, PyAny>,
    pub result: Option<Bound<'py, PyAny>>,
    pub player: Option<Bound<'py, PyAny>>,
    pub limits: ExploreLimits,
}

/// The graph of a game defined in Python and the object of each position.
pub struct PyExplored {
    pub graph: GameGraph,
    pub positions: Positions,
}

/// How often (in positions expanded) Ctrl-C is looked for.
const SIGNAL_EVERY: usize = 1 << 10;
/// How often (in positions expanded) the memory used is checked.
const CHECK_EVERY: usize = 1 << 14;

fn read_result(f: &Bound<'_, PyAny>, p: &Bound<'_, PyAny>) -> PyResult<Option<Outcome>> {
    let r = f.call1((p,))?;
    if r.is_none() {
        return Ok(None);
    }
    match r.extract::<String>()?.as_str() {
        "win" => Ok(Some(Outcome::Win)),
        "loss" => Ok(Some(Outcome::Loss)),
        "draw" => Ok(Some(Outcome::Draw)),
        other => Err(errors::input(format!(
            "result() returned {other:?}: expected \"win\", \"loss\", \"draw\" or None"
        ))),
    }
}

fn read_player(f: &Bound<'_, PyAny>, p: &Bound<'_, PyAny>) -> PyResult<Option<Player>> {
    match f.call1((p,))?.extract::<Option<u8>>()? {
        None => Ok(None),
        Some(1) => Ok(Some(Player::One)),
        Some(2) => Ok(Some(Player::Two)),
        Some(other) => Err(errors::input(format!(
            "player() returned {other}: expected 1, 2 or None"
        ))),
    }
}

/// Appends the items of `options` (what `options(p)` returned) to `out`: lists and tuples
/// read directly, any other iterable through its iterator.
fn items<'py>(options: &Bound<'py, PyAny>, out: &mut Vec<Bound<'py, PyAny>>) -> PyResult<()> {
    if let Ok(list) = options.downcast::<PyList>() {
        out.extend(list.iter());
    } else if let Ok(tuple) = options.downcast::<PyTuple>() {
        out.extend(tuple.iter());
    } else {
        for q in options.try_iter()? {
            out.push(q?);
        }
    }
    Ok(())
}

/// Explores every position reachable from `starts` (breadth first: the starts are
/// positions 0, 1..., then positions in order of discovery), calling `options` once per
/// position whose result is not fixed.
pub fn explore_python<'py>(
    game: &PyGame<'py>,
    starts: impl IntoIterator<Item = PyResult<Bound<'py, PyAny>>>,
) -> PyResult<PyExplored> {
    let py = game.options.py();
    let max_positions = game.limits.max_positions.min(u32::MAX as usize - 1);
    let too_many = || {
        errors::limit(ExploreError::TooManyPositions {
            limit: max_positions,
        })
    };
    let mut positions = Positions::new();
    for s in starts {
        let s = s?;
        let t = tag(s.hash()?);
        positions
            .number(&s, t, max_positions)?
            .ok_or_else(too_many)?;
    }
    let mut offsets: Vec<u32> = vec![0];
    let mut targets: Vec<u32> = Vec::new();
    let mut fixed: Vec<Option<Outcome>> = Vec::new();
    let mut player: Vec<Option<Player>> = Vec::new();
    let mut children: Vec<Bound<'py, PyAny>> = Vec::new();
    let mut tags: Vec<u32> = Vec::new();
    let mut slots_seen = positions.slots.len();
    let mut next = 0;
    while next < positions.len() {
        let p = positions.objects[next].bind(py).clone();
        next += 1;
        if next % SIGNAL_EVERY == 0 {
            py.check_signals()?;
        }
        let result = match &game.result {
            Some(f) => read_result(f, &p)?,
            None => None,
        };
        fixed.push(result);
        player.push(match &game.player {
            Some(f) => read_player(f, &p)?,
            None => None,
        });
        if result.is_none() {
            let options = game.options.call1((&p,))?;
            children.clear();
            items(&options, &mut children)?;
            // Hash every option and fetch its home slot, then fetch the objects in the
            // slots that may hold it, then number them: the misses overlap.
            tags.clear();
            for q in &children {
                let t = tag(q.hash()?);
                tags.push(t);
                prefetch(&positions.slots[positions.home(t)]);
            }
            for &t in &tags {
                let slot = positions.slots[positions.home(t)];
                if slot.tag == t {
                    prefetch(slot.object);
                }
            }
            for (q, &t) in children.iter().zip(&tags) {
                let id = positions
                    .number(q, t, max_positions)?
                    .ok_or_else(too_many)?;
                targets.push(id);
            }
        }
        offsets.push(targets.len() as u32);
        // The memory used, every CHECK_EVERY positions and whenever the table has grown.
        if next % CHECK_EVERY == 0 || positions.slots.len() != slots_seen {
            slots_seen = positions.slots.len();
            let bytes = positions.bytes()
                + 4 * (targets.capacity() + offsets.capacity())
                + fixed.capacity()
                + player.capacity();
            if bytes > game.limits.max_bytes {
                return Err(errors::limit(ExploreError::TooMuchMemory {
                    limit: game.limits.max_bytes,
                    positions: positions.len(),
                }));
            }
        }
    }
    drop(children);
    let n = positions.len();
    let graph = py.allow_threads(|| {
        GameGraph::new(
            Csr::from_rows(offsets, targets),
            Labels::Integers((0..n as u32).collect()),
        )
        .with_fixed_results(fixed)
        .with_players(player)
    });
    Ok(PyExplored { graph, positions })
}
