//! Step 1 of the sparse method for a batch of [`BATCH`] heaps: the splits whose rare part is
//! the same for every heap of the batch, marked with one load of the part's value. The
//! [`Marker`] does it on a second thread for the next batch while the current one is
//! finished, from its own copy of the recent values: the marks of batch k + 1 read only values
//! of batches before k, final by then.

use std::ops::Range;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::thread::JoinHandle;

use super::MAX_VALUE;

/// Heaps whose splits with a rare part are marked together.
pub(super) const BATCH: usize = 16;

/// One byte per value: indexed by any u16 without a bound check. Bytes, not bits: values that
/// share a word would chain the stores of the scan through one load-modify-store. One cache
/// line more than the values, so that the batch's arrays, side by side, do not start at
/// multiples of 4 KiB: the same value in each would then fall in one cache set, and sixteen
/// of them would overflow it.
pub(super) type Found = [u8; MAX_VALUE + 1 + 64];

/// The values found among the options of each heap of a batch.
pub(super) type Founds = Box<[Found; BATCH]>;

/// Zeroed [`Founds`] (1 MiB).
pub(super) fn founds() -> Founds {
    vec![[0u8; MAX_VALUE + 1 + 64]; BATCH]
        .into_boxed_slice()
        .try_into()
        .expect("BATCH arrays")
}

/// Values the [`Marker`] keeps: the last `RING` heaps (a power of two).
const RING: usize = 1 << 18;

/// The rare parts a that step 1 marks for a whole batch whose first heap is `first`, in the
/// family removing `j` tokens: `2·BATCH ≤ a < min(first - j, first - BATCH, cap)`, so that the
/// large parts are all of batches before the previous one, every heap of the batch may use
/// the part, and the marker's copy reaches; in Grundy's game without the parts that are half
/// of a heap of the batch. The other rare parts are left to each heap.
pub(super) fn batched_parts(first: usize, j: usize, cap: usize, grundy: bool) -> [Range<usize>; 2] {
    let lo = 2 * BATCH;
    let hi = first
        .saturating_sub(j)
        .min(first.saturating_sub(BATCH))
        .min(cap)
        .max(lo);
    if !grundy {
        return [lo..hi, hi..hi];
    }
    // 2a = first - j + k for some k < BATCH.
    let rest = first.saturating_sub(j);
    let half_lo = rest.div_ceil(2).clamp(lo, hi);
    let half_hi = ((rest + BATCH - 1) / 2 + 1).clamp(lo, hi);
    [lo..half_lo, half_hi..hi]
}

/// The largest rare part the marker may take for a rule whose largest removal is `max_j`.
pub(super) fn cap(max_j: usize) -> usize {
    RING.saturating_sub(4 * BATCH + max_j)
}

/// The indices in `rare` (increasing heaps, with their values) of the parts in `parts`.
pub(super) fn indices(rare: &[(u32, u16)], parts: &Range<usize>) -> Range<usize> {
    let start = rare.partition_point(|&(a, _)| (a as usize) < parts.start);
    let end = rare.partition_point(|&(a, _)| (a as usize) < parts.end);
    start..end.max(start)
}

/// Values read [`BATCH`] consecutive heaps at a time.
pub(super) trait Windows {
    /// The values of heaps `start .. start + BATCH`.
    fn window(&self, start: usize) -> &[u16; BATCH];
}

impl Windows for [u16] {
    fn window(&self, start: usize) -> &[u16; BATCH] {
        self[start..start + BATCH].try_into().expect("BATCH values")
    }
}

/// The last [`RING`] values, heap h at `h % RING`, the first [`BATCH`] slots repeated at
/// the end so that every window is contiguous.
struct Ring(Vec<u16>);

impl Ring {
    fn set(&mut self, heap: usize, v: u16) {
        let i = heap % RING;
        self.0[i] = v;
        if i < BATCH {
            self.0[RING + i] = v;
        }
    }
}

impl Windows for Ring {
    fn window(&self, start: usize) -> &[u16; BATCH] {
        let i = start % RING;
        self.0[i..i + BATCH].try_into().expect("BATCH values")
    }
}

/// Marks, for the batch whose first heap is `first`, the splits of every family `splits`
/// with a batched rare part (see [`batched_parts`]), and those with a part of `extra` in the
/// same ranges (any split's value is among the options; these make rare values likely).
/// `found` must be cleared up to the values that `values` hold. O((rare + extra) · BATCH).
#[allow(clippy::too_many_arguments)]
pub(super) fn mark<W: Windows + ?Sized>(
    values: &W,
    rare: &[(u32, u16)],
    extra: &[(u32, u16)],
    first: usize,
    splits: &[usize],
    grundy: bool,
    cap: usize,
    found: &mut [Found; BATCH],
) {
    for &j in splits {
        let rest = first.saturating_sub(j);
        for parts in batched_parts(first, j, cap, grundy) {
            mark_parts(values, &rare[indices(rare, &parts)], rest, found);
            mark_parts(values, &extra[indices(extra, &parts)], rest, found);
        }
    }
}

/// For every heap k of the batch (`found[k]`), marks the value of the split of `rest + k`
/// tokens into each part of `parts` and the rest. One load of the part's value for
/// [`BATCH`] heaps, whose large parts are neighbours.
#[inline(never)]
fn mark_parts<W: Windows + ?Sized>(
    values: &W,
    parts: &[(u32, u16)],
    rest: usize,
    found: &mut [Found; BATCH],
) {
    for &(a, x) in parts {
        let large = values.window(rest - a as usize);
        for (found, &y) in found.iter_mut().zip(large) {
            found[(x ^ y) as usize] = 1;
        }
    }
}

/// A request to the marker: mark the batch starting at `first`.
pub(super) struct Request {
    /// The batch's first heap.
    pub first: usize,
    /// The values of the heaps from the last request's `known` to this one's.
    pub values: Vec<u16>,
    /// The heaps valued so far: `values` ends just below.
    pub known: usize,
    /// The mask, and the rare heaps below `known` when it changed (else they are the ones
    /// the marker derives from the values).
    pub mask: u16,
    pub rare: Option<Vec<(u32, u16)>>,
    /// The common parts to mark too, when they changed.
    pub extra: Option<Vec<(u32, u16)>>,
    /// How far to clear each array: beyond every value made.
    pub limit: usize,
    /// The arrays to fill.
    pub found: Founds,
}

/// The marks of a batch.
pub(super) struct Marked {
    /// The batch's first heap.
    pub first: usize,
    /// The mask they were made with.
    pub mask: u16,
    /// How far each array was cleared.
    pub limit: usize,
    /// The marks.
    pub found: Founds,
}

/// Step 1 on a second thread, one batch ahead.
pub(super) struct Marker {
    requests: Option<Sender<Request>>,
    marked: Receiver<Marked>,
    thread: Option<JoinHandle<()>>,
}

impl Marker {
    /// Starts the thread for a rule with split families `splits` (tokens removed).
    pub fn start(splits: Vec<usize>, grundy: bool) -> Marker {
        let (requests, inbox) = channel::<Request>();
        let (outbox, marked) = channel::<Marked>();
        let thread = std::thread::spawn(move || {
            let cap = cap(splits.iter().copied().max().unwrap_or(0));
            let mut ring = Ring(vec![0; RING + BATCH]);
            let mut rare: Vec<(u32, u16)> = Vec::new();
            let mut extra: Vec<(u32, u16)> = Vec::new();
            let mut known = 0;
            for mut request in inbox {
                let rare_value = |v: u16| (v & request.mask).count_ones() % 2 == 0;
                for (i, &v) in request.values.iter().enumerate() {
                    let heap = known + i;
                    ring.set(heap, v);
                    if heap > 0 && rare_value(v) {
                        rare.push((heap as u32, v));
                    }
                }
                known = request.known;
                if let Some(list) = request.rare.take() {
                    rare = list;
                }
                if let Some(list) = request.extra.take() {
                    extra = list;
                }
                for found in request.found.iter_mut() {
                    found[..request.limit].fill(0);
                }
                mark(
                    &ring,
                    &rare,
                    &extra,
                    request.first,
                    &splits,
                    grundy,
                    cap,
                    &mut request.found,
                );
                let done = Marked {
                    first: request.first,
                    mask: request.mask,
                    limit: request.limit,
                    found: request.found,
                };
                if outbox.send(done).is_err() {
                    break;
                }
            }
        });
        Marker {
            requests: Some(requests),
            marked,
            thread: Some(thread),
        }
    }

    /// Asks for the marks of a batch. False if the thread is gone (the caller then marks
    /// itself).
    pub fn ask(&self, request: Request) -> bool {
        self.requests
            .as_ref()
            .is_some_and(|r| r.send(request).is_ok())
    }

    /// The marks asked for last, waiting for them; `None` if the thread is gone.
    pub fn receive(&self) -> Option<Marked> {
        self.marked.recv().ok()
    }
}

impl Drop for Marker {
    fn drop(&mut self) {
        // Closing the requests ends the thread's loop.
        self.requests = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
