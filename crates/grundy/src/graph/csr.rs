//! Compressed sparse rows: the adjacency layout of every hot loop in the engine.

/// Adjacency lists packed in two arrays: the lists of node `v` are
/// `targets[offsets[v] .. offsets[v + 1]]`.
///
/// Memory is 4 bytes per edge plus 4 bytes per node; iterating a node's list is one contiguous
/// slice read. Node ids and offsets are `u32`, so a graph holds fewer than 2^32 nodes and edges.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Csr {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Csr {
    /// Builds the adjacency of `node_count` nodes from `(source, target)` pairs given by a
    /// re-iterable source (called twice: once to count, once to fill), keeping for each source
    /// the order in which its edges come. O(n + m) time, 4(n + m) bytes.
    ///
    /// # Panics
    /// If an endpoint is `>= node_count`, or there are 2^32 edges or more: callers validate first.
    pub fn from_edges<I, F>(node_count: usize, edges: F) -> Csr
    where
        F: Fn() -> I,
        I: Iterator<Item = (u32, u32)>,
    {
        let mut offsets = vec![0u32; node_count + 1];
        for (s, _) in edges() {
            offsets[s as usize + 1] += 1;
        }
        for v in 0..node_count {
            offsets[v + 1] = offsets[v]
                .checked_add(offsets[v + 1])
                .expect("fewer than 2^32 edges");
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; offsets[node_count] as usize];
        for (s, t) in edges() {
            let slot = &mut fill[s as usize];
            targets[*slot as usize] = t;
            *slot += 1;
        }
        Csr { offsets, targets }
    }

    /// Number of nodes.
    #[inline]
    pub fn node_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// Number of edges.
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

    /// Length of the list of node `v`. O(1).
    #[inline]
    pub fn degree(&self, v: u32) -> u32 {
        self.offsets[v as usize + 1] - self.offsets[v as usize]
    }

    /// The reversed graph: `u` is in the list of `v` iff `v` is in the list of `u` here.
    /// Lists of the result are sorted by source. O(n + m) time, 4(n + m) bytes.
    pub fn transpose(&self) -> Csr {
        let n = self.node_count();
        let mut offsets = vec![0u32; n + 1];
        for &v in &self.targets {
            offsets[v as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; self.targets.len()];
        for u in 0..n {
            for &v in &self.targets[self.offsets[u] as usize..self.offsets[u + 1] as usize] {
                let slot = &mut fill[v as usize];
                targets[*slot as usize] = u as u32;
                *slot += 1;
            }
        }
        Csr { offsets, targets }
    }

    /// Bytes of heap memory held.
    pub fn heap_bytes(&self) -> usize {
        4 * (self.offsets.capacity() + self.targets.capacity())
    }
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

    fn csr_sorted(csr: &Csr) -> Csr {
        let mut e: Vec<(u32, u32)> = (0..csr.node_count() as u32)
            .flat_map(|u| csr.list(u).iter().map(move |&v| (u, v)))
            .collect();
        e.sort();
        Csr::from_edges(csr.node_count(), || e.iter().copied())
    }
}
