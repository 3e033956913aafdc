//! Compressed sparse rows: the adjacency layout of every hot loop in the engine.

use std::iter::Zip;
use std::slice::IterMut;

use crate::parallel::{self, split_at_ends};

/// Adjacency lists packed in two arrays: the lists of node `v` are
/// `targets[offsets[v] .. offsets[v + 1]]`.
///
/// Memory is 4 bytes per edge plus 4 bytes per node; iterating a node's list is one contiguous
/// slice read. Node ids and offsets are `u32`, so a graph holds fewer than 2^32 nodes and edges.
///
/// ```
/// use grundy::graph::Csr;
///
/// let edges = [(0, 2), (1, 0), (0, 1)];
/// let csr = Csr::from_edges(3, || edges.iter().copied());
/// assert_eq!((csr.node_count(), csr.edge_count()), (3, 3));
/// assert_eq!(csr.list(0), &[2, 1]); // in the order the edges came
/// assert_eq!(csr.degree(2), 0);
/// // Reversed: the predecessors of each node, by increasing source.
/// assert_eq!(csr.transpose().list(0), &[1]);
/// assert_eq!(csr.transpose().list(1), &[0]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Csr {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Csr {
    /// Builds the adjacency of `node_count` nodes from `(source, target)` pairs given by a
    /// re-iterable source (called twice: once to count, once to fill), keeping for each source
    /// the order in which its edges come. O(n + m) time, 4(n + m) bytes, plus 2 bytes per edge
    /// while building (edges are grouped by node range first, so writes stay in cache).
    ///
    /// # Panics
    /// If an endpoint is `>= node_count`, or there are 2^32 edges or more: callers validate first.
    pub fn from_edges<I, F>(node_count: usize, edges: F) -> Csr
    where
        F: Fn() -> I + Send,
        I: Iterator<Item = (u32, u32)>,
    {
        let mut counts = Counts::new(node_count);
        for (s, _) in edges() {
            counts.count(s);
        }
        build(
            node_count,
            vec![counts],
            vec![move |fill: &mut Fill<'_>| {
                for (s, t) in edges() {
                    fill.push(s, t);
                }
            }],
        )
    }

    /// Rows given directly: list `v` is `targets[offsets[v]..offsets[v + 1]]`. O(n + m) to check.
    ///
    /// ```
    /// use grundy::graph::Csr;
    ///
    /// // Node 0 -> 1 and 2, node 1 -> 2, node 2 -> nothing.
    /// let csr = Csr::from_rows(vec![0, 2, 3, 3], vec![1, 2, 2]);
    /// assert_eq!(csr.list(0), &[1, 2]);
    /// assert_eq!(csr, Csr::from_edges(3, || [(0, 1), (0, 2), (1, 2)].into_iter()));
    /// ```
    ///
    /// # Panics
    /// If `offsets` is empty, does not start at 0, decreases, does not end at `targets.len()`,
    /// or a target is not a node.
    pub fn from_rows(offsets: Vec<u32>, targets: Vec<u32>) -> Csr {
        assert_eq!(offsets.first(), Some(&0), "offsets start at 0");
        assert!(offsets.windows(2).all(|w| w[0] <= w[1]), "offsets increase");
        assert_eq!(*offsets.last().expect("non-empty") as usize, targets.len());
        let n = offsets.len() - 1;
        assert!(
            targets.iter().all(|&t| (t as usize) < n),
            "targets are nodes"
        );
        Csr { offsets, targets }
    }

    /// Number of nodes. O(1).
    #[inline]
    pub fn node_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Number of edges. O(1).
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }

    /// The list of node `v`, in insertion order. O(1).
    #[inline]
    pub fn list(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.targets[self.offsets[v] as usize..self.offsets[v + 1] as usize]
    }

    /// Hints the processor to fetch the start of node `v`'s row (its offset) into cache.
    #[inline]
    pub fn prefetch_offset(&self, v: u32) {
        prefetch(&self.offsets[v as usize]);
    }

    /// Hints the processor to fetch the start of node `v`'s list into cache (reads the offset).
    #[inline]
    pub fn prefetch_list(&self, v: u32) {
        if let Some(x) = self.targets.get(self.offsets[v as usize] as usize) {
            prefetch(x);
        }
    }

    /// Length of the list of node `v`. O(1).
    #[inline]
    pub fn degree(&self, v: u32) -> u32 {
        self.offsets[v as usize + 1] - self.offsets[v as usize]
    }

    /// The reversed graph: `u` is in the list of `v` iff `v` is in the list of `u` here.
    /// Lists of the result are sorted by source. O(n + m) time, 4(n + m) bytes.
    ///
    /// On large graphs both passes run on all threads of the current rayon pool, each over a
    /// range of sources with about the same number of edges; the result is the same whatever
    /// the number of threads.
    pub fn transpose(&self) -> Csr {
        let n = self.node_count();
        let sources = parallel::balanced(n, parallel::parts_for(self.edge_count()), |u| {
            self.offsets[u] as usize
        });
        let counts = parallel::map(sources.clone(), |range| {
            let mut counts = Counts::new(n);
            let edges = self.offsets[range.start] as usize..self.offsets[range.end] as usize;
            for &v in &self.targets[edges] {
                counts.count(v);
            }
            counts
        });
        let fills = sources
            .into_iter()
            .map(|range| {
                move |fill: &mut Fill<'_>| {
                    for u in range {
                        for &v in self.list(u as u32) {
                            fill.push(v, u as u32);
                        }
                    }
                }
            })
            .collect();
        build(n, counts, fills)
    }

    /// Bytes of heap memory held. O(1).
    pub fn heap_bytes(&self) -> usize {
        4 * (self.offsets.capacity() + self.targets.capacity())
    }
}

/// Asks the processor to bring `x`'s cache line in without waiting for it. Loops that visit
/// the rows of scattered nodes issue this a few nodes ahead, so that several misses are in
/// flight at once instead of one at a time.
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch hint has no effect on memory or program state; `x` is a valid reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (x as *const T).cast(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// log2 of the width of a bucket of consecutive nodes, for passes that group random accesses
/// by bucket: about 256 buckets (few enough write streams for the cache and the TLB), each of
/// at most 2^16 nodes (a node's place in its bucket fits in a `u16`).
pub(crate) fn bucket_shift(node_count: usize) -> u32 {
    let bits = usize::BITS - node_count.leading_zeros();
    bits.saturating_sub(8).min(16)
}

/// Edge counts by bucket of source, for one part of the edges: the counting pass of
/// [`build`].
pub(crate) struct Counts {
    shift: u32,
    per_bucket: Vec<usize>,
}

impl Counts {
    /// No edges yet, for a graph of `node_count` nodes. O(n / 2^16 + 256).
    pub(crate) fn new(node_count: usize) -> Counts {
        let shift = bucket_shift(node_count);
        Counts {
            shift,
            per_bucket: vec![0; (node_count >> shift) + 1],
        }
    }

    /// Counts one edge, by its source. O(1).
    #[inline]
    pub(crate) fn count(&mut self, source: u32) {
        self.per_bucket[(source >> self.shift) as usize] += 1;
    }
}

/// The slots of one part of the edges, bucket by bucket: the fill pass of [`build`].
pub(crate) struct Fill<'a> {
    shift: u32,
    slots: Vec<Zip<IterMut<'a, u32>, IterMut<'a, u16>>>,
}

impl Fill<'_> {
    /// Places one edge: the same edges as the part counted, in the order wanted within each
    /// node. O(1).
    #[inline]
    pub(crate) fn push(&mut self, source: u32, target: u32) {
        let (slot, low) = self.slots[(source >> self.shift) as usize]
            .next()
            .expect("every edge pushed was counted");
        *slot = target;
        *low = (source & ((1 << self.shift) - 1)) as u16;
    }
}

/// Builds a [`Csr`] from edges in any order, given in parts, each counted by a [`Counts`] and
/// then placed by its `fill` (which must push exactly the edges counted). A node's list holds
/// part 0's edges to it first, then part 1's, and so on, each part's in the order pushed.
///
/// Placing each edge straight at its final slot writes all over an array of 4 bytes per edge:
/// on large graphs every write is a cache and TLB miss (measured 30-40 ns on the benchmark
/// machine). Instead the nodes are cut into buckets of 2^k consecutive nodes (k <= 16, about
/// 256 buckets): the fill pass appends each edge to its source's bucket (a few hundred write
/// heads per part), keeping the low k bits of the source in a side array of `u16`; then each
/// bucket, a few tens of kilobytes, is counted and ordered on its own. Parts fill disjoint
/// slots of every bucket, and buckets are ordered independently, so both passes run on
/// rayon's threads when there are several parts or many edges. O(n + m); 4(n + m) bytes for
/// the result plus 2 bytes per edge and the largest bucket per thread while building.
///
/// # Panics
/// If there are 2^32 edges or more, or a fill pushes an edge its part did not count.
pub(crate) fn build<F>(node_count: usize, counts: Vec<Counts>, fills: Vec<F>) -> Csr
where
    F: FnOnce(&mut Fill<'_>) + Send,
{
    let shift = bucket_shift(node_count);
    let buckets = (node_count >> shift) + 1;
    // Bucket b holds part 0's edges, then part 1's, and so on.
    let mut bucket_start = Vec::with_capacity(buckets + 1);
    let mut m = 0usize;
    for b in 0..buckets {
        bucket_start.push(m);
        m += counts.iter().map(|c| c.per_bucket[b]).sum::<usize>();
    }
    bucket_start.push(m);
    assert!(m <= u32::MAX as usize, "fewer than 2^32 edges");
    let mut targets = vec![0u32; m];
    let mut low_bits = vec![0u16; m];
    let mut slots: Vec<Vec<_>> = counts.iter().map(|_| Vec::with_capacity(buckets)).collect();
    let (mut targets_left, mut low_left) = (&mut targets[..], &mut low_bits[..]);
    for b in 0..buckets {
        for (part, c) in slots.iter_mut().zip(&counts) {
            let len = c.per_bucket[b];
            let (t, rest) = std::mem::take(&mut targets_left).split_at_mut(len);
            targets_left = rest;
            let (l, rest) = std::mem::take(&mut low_left).split_at_mut(len);
            low_left = rest;
            part.push(t.iter_mut().zip(l.iter_mut()));
        }
    }
    parallel::map(slots.into_iter().zip(fills), |(slots, fill)| {
        fill(&mut Fill { shift, slots });
    });
    order(node_count, shift, &bucket_start, targets, &low_bits)
}

/// Orders each bucket of filled edges by node (a counting sort on the low bits, stable) and
/// returns the rows. Ranges of buckets with about the same number of edges run in parallel.
fn order(
    node_count: usize,
    shift: u32,
    bucket_start: &[usize],
    mut targets: Vec<u32>,
    low_bits: &[u16],
) -> Csr {
    let m = targets.len();
    let mut offsets = vec![0u32; node_count + 1];
    let ranges = parallel::balanced(bucket_start.len() - 1, parallel::parts_for(m), |b| {
        bucket_start[b]
    });
    // Each range of buckets owns its edges and the offsets of its nodes.
    let edge_ends = ranges.iter().map(|r| bucket_start[r.end]);
    let node_ends = ranges.iter().map(|r| (r.end << shift).min(node_count));
    let pieces = split_at_ends(&mut targets, edge_ends)
        .zip(split_at_ends(&mut offsets[..node_count], node_ends))
        .zip(ranges.iter().cloned());
    parallel::map(pieces, |((targets, offsets), range)| {
        let (first_edge, first_node) = (bucket_start[range.start], range.start << shift);
        let largest = range
            .clone()
            .map(|b| bucket_start[b + 1] - bucket_start[b])
            .max()
            .unwrap_or(0);
        let mut scratch: Vec<u32> = Vec::with_capacity(largest);
        let mut cursor: Vec<u32> = vec![0; 1 << shift];
        for b in range {
            let (lo, hi) = (bucket_start[b], bucket_start[b + 1]);
            let first = (b << shift) - first_node;
            let width = (offsets.len() - first.min(offsets.len())).min(1 << shift);
            // Count the bucket's nodes, then turn the counts into slots.
            cursor[..width].fill(0);
            for &low in &low_bits[lo..hi] {
                cursor[low as usize] += 1;
            }
            let mut at = lo as u32;
            for (i, c) in cursor[..width].iter_mut().enumerate() {
                offsets[first + i] = at;
                let count = *c;
                *c = at;
                at += count;
            }
            scratch.clear();
            scratch.extend_from_slice(&targets[lo - first_edge..hi - first_edge]);
            for (&t, &low) in scratch.iter().zip(&low_bits[lo..hi]) {
                let slot = &mut cursor[low as usize];
                targets[*slot as usize - first_edge] = t;
                *slot += 1;
            }
        }
    });
    offsets[node_count] = m as u32;
    Csr { offsets, targets }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_lists_in_order_and_transposes() {
        let edges = [(0u32, 2u32), (1, 0), (0, 1), (2, 2)];
        let csr = Csr::from_edges(4, || edges.iter().copied());
        assert_eq!(csr.node_count(), 4);
        assert_eq!(csr.edge_count(), 4);
        assert_eq!(csr.list(0), &[2, 1]);
        assert_eq!(csr.list(1), &[0]);
        assert_eq!(csr.list(2), &[2]);
        assert_eq!(csr.list(3), &[] as &[u32]);
        let rev = csr.transpose();
        assert_eq!(rev.list(0), &[1]);
        assert_eq!(rev.list(1), &[0]);
        assert_eq!(rev.list(2), &[0, 2]);
        assert_eq!(rev.degree(3), 0);
        assert_eq!(rev.transpose(), csr_sorted(&csr));
    }

    /// Against plain `Vec<Vec<u32>>` lists, on sizes that use one bucket and many.
    #[test]
    fn builder_matches_plain_lists_in_order() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |bound: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % bound as u64) as u32
        };
        for &(n, m) in &[
            (1usize, 3usize),
            (7, 40),
            (5000, 20000),
            (70000, 300000),
            (300000, 50),
        ] {
            let edges: Vec<(u32, u32)> = (0..m).map(|_| (next(n), next(n))).collect();
            let mut lists = vec![Vec::new(); n];
            for &(s, t) in &edges {
                lists[s as usize].push(t);
            }
            let csr = Csr::from_edges(n, || edges.iter().copied());
            assert_eq!(csr.node_count(), n);
            assert_eq!(csr.edge_count(), m);
            for (v, list) in lists.iter().enumerate() {
                assert_eq!(csr.list(v as u32), &list[..], "n {n}, node {v}");
            }
            let rev = csr.transpose();
            let mut rev_lists = vec![Vec::new(); n];
            for (s, list) in lists.iter().enumerate() {
                for &t in list {
                    rev_lists[t as usize].push(s as u32);
                }
            }
            for (v, list) in rev_lists.iter().enumerate() {
                assert_eq!(rev.list(v as u32), &list[..], "reversed, n {n}, node {v}");
            }
        }
    }

    fn csr_sorted(csr: &Csr) -> Csr {
        let mut e: Vec<(u32, u32)> = (0..csr.node_count() as u32)
            .flat_map(|u| csr.list(u).iter().map(move |&v| (u, v)))
            .collect();
        e.sort();
        Csr::from_edges(csr.node_count(), || e.iter().copied())
    }
}
