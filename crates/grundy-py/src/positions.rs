//! Python positions numbered 0, 1, 2... in order of discovery, and the exploration of a game
//! defined in Python that numbers them.
//!
//! Exploring is bound by memory latency: each option is looked up in a table of about a
//! million positions, and a hit compares it with the stored Python object, both far from
//! cache. The table here is open addressing with linear probing over 8-byte slots (a 32-bit
//! tag of the Python hash and the position's id; 16 MiB for 10^6 positions), so that a
//! look-up touches one slot, then on a hit the stored object. The exploration is a pipeline:
//! a position's options are called, copied into a tuple and hashed, and their home slots
//! fetched, two positions before they are numbered; the objects in those slots are fetched
//! one position before. So the misses of a position's look-ups are under way while Python
//! computes the options of the next ones.
//!
//! The graph is built as compressed rows while exploring (the ids are the order of
//! discovery, so rows come in order) and handed to the library once.

use std::collections::VecDeque;

use grundy::budget::{Budget, Resource};
use grundy::graph::{Csr, Labels};
use grundy::{GameGraph, Outcome, Player};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors;
use crate::interrupt::{self, look};
use crate::progress::Bar;

/// One slot of the table: empty when `id` is `u32::MAX` (ids are below `u32::MAX - 1`).
#[derive(Clone, Copy)]
struct Slot {
    /// [`tag`] of the object's Python hash; its top bits are the slot's home.
    tag: u32,
    /// The position's id.
    id: u32,
}

const EMPTY: Slot = Slot {
    tag: 0,
    id: u32::MAX,
};

impl Slot {
    fn is_empty(self) -> bool {
        self.id == u32::MAX
    }
}

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
    pub(crate) objects: Vec<Py<PyAny>>,
    /// A power of two of slots, at most half full (until 2^32 slots).
    slots: Vec<Slot>,
    /// 32 - log2(slots.len()): a tag's home slot is `tag >> shift`.
    shift: u32,
}

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
            if slot.is_empty()
                || (slot.tag == tag && same(self.objects[slot.id as usize].as_ptr(), object)?)
            {
                return Ok(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// The id of a position, if it is numbered. An exception from `__hash__` or `__eq__`
    /// propagates.
    pub fn find(&self, object: &Bound<'_, PyAny>) -> PyResult<Option<u32>> {
        let slot = self.slots[self.probe(object, tag(object.hash()?))?];
        Ok((!slot.is_empty()).then_some(slot.id))
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
        for slot in self.slots.iter().filter(|s| !s.is_empty()) {
            let mut i = (slot.tag >> shift) as usize;
            while !slots[i].is_empty() {
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
        if !self.slots[i].is_empty() {
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
        self.slots[i] = Slot { tag, id: id as u32 };
        self.objects.push(object.clone().unbind());
        Ok(Some(id as u32))
    }
}

/// What a game defined in Python is made of: its functions and its limits.
pub struct PyGame<'py> {
    pub options: Bound<'py, PyAny>,
    pub result: Option<Bound<'py, PyAny>>,
    pub player: Option<Bound<'py, PyAny>>,
    pub budget: Budget,
}

/// The graph of a game defined in Python and the object of each position.
pub struct PyExplored {
    pub graph: GameGraph,
    pub positions: Positions,
}

/// A position whose options were called and hashed, waiting to be numbered.
struct Expanded<'py> {
    /// The options; `None` where the game ends by its result.
    children: Option<Bound<'py, PyTuple>>,
    /// The tag of each option.
    tags: Vec<u32>,
}

/// How many positions are expanded ahead of numbering their options.
const PIPELINE: usize = 3;
/// How often (in positions expanded) the memory used is checked.
const CHECK_EVERY: usize = 1 << 14;

pub(crate) fn read_result(f: &Bound<'_, PyAny>, p: &Bound<'_, PyAny>) -> PyResult<Option<Outcome>> {
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

/// The items of `options` (what `options(p)` returned) as a tuple: a tuple itself, a list
/// copied in one call, any other iterable read through its iterator. The tuple is the
/// engine's own (nobody can change it while the items are compared), so its items are read
/// without counting references.
fn items<'py>(options: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    // SAFETY: `PySequence_Tuple` returns a new reference to a tuple, or null with an
    // exception set (a `TypeError` for what is not iterable).
    unsafe {
        Ok(
            Bound::from_owned_ptr_or_err(options.py(), ffi::PySequence_Tuple(options.as_ptr()))?
                .downcast_into_unchecked(),
        )
    }
}

/// Explores every position reachable from `starts` (breadth first: the starts are
/// positions 0, 1..., then positions in order of discovery), calling `options` once per
/// position whose result is not fixed, and ticking `progress` once per position.
pub fn explore_python<'py>(
    game: &PyGame<'py>,
    starts: impl IntoIterator<Item = PyResult<Bound<'py, PyAny>>>,
    progress: &Bar,
) -> PyResult<PyExplored> {
    let py = game.options.py();
    let max_positions = game.budget.positions().min(u64::from(u32::MAX - 1)) as usize;
    let too_many = || {
        errors::limit(game.budget.exhausted(
            Resource::Positions,
            None,
            "exploring",
            max_positions as u64,
        ))
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
    // Positions expanded (their options called, hashed, their home slots fetched) and not
    // yet numbered, in order: up to PIPELINE of them, so that the misses of a position's
    // look-ups are under way while Python computes the options of the next ones.
    let mut pipeline: VecDeque<Expanded<'py>> = VecDeque::with_capacity(PIPELINE);
    let mut spare_tags: Vec<Vec<u32>> = Vec::new();
    let mut slots_seen = positions.slots.len();
    let mut next = 0;
    loop {
        while pipeline.len() < PIPELINE && next < positions.len() {
            let p = positions.objects[next].bind(py).clone();
            next += 1;
            progress.tick();
            if next as u64 % interrupt::CHECK_EVERY == 0 {
                look(py, &game.budget, "exploring", next as u64)?;
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
            let mut tags = spare_tags.pop().unwrap_or_default();
            tags.clear();
            let children = match result {
                Some(_) => None,
                None => {
                    let children = items(&game.options.call1((&p,))?)?;
                    for q in children.iter_borrowed() {
                        let t = tag(q.hash()?);
                        tags.push(t);
                        prefetch(&positions.slots[positions.home(t)]);
                    }
                    Some(children)
                }
            };
            pipeline.push_back(Expanded { children, tags });
        }
        // The slots of the second position have arrived: fetch the objects they hold.
        if let Some(second) = pipeline.get(1) {
            for &t in &second.tags {
                let slot = positions.slots[positions.home(t)];
                if slot.tag == t && !slot.is_empty() {
                    prefetch(positions.objects[slot.id as usize].as_ptr());
                }
            }
        }
        let Some(first) = pipeline.pop_front() else {
            break;
        };
        if let Some(children) = &first.children {
            for (q, &t) in children.iter_borrowed().zip(&first.tags) {
                let id = positions
                    .number(&q, t, max_positions)?
                    .ok_or_else(too_many)?;
                targets.push(id);
            }
        }
        spare_tags.push(first.tags);
        offsets.push(targets.len() as u32);
        // The memory used, every CHECK_EVERY positions and whenever the table has grown.
        if offsets.len() % CHECK_EVERY == 0 || positions.slots.len() != slots_seen {
            slots_seen = positions.slots.len();
            let bytes = positions.bytes()
                + 4 * (targets.capacity() + offsets.capacity())
                + fixed.capacity()
                + player.capacity();
            game.budget
                .check_memory(bytes as u64, "exploring", positions.len() as u64)
                .map_err(errors::limit)?;
        }
    }
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
