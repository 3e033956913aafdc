//! Simple undirected graphs (geography, matchings, trees), read from a position graph's moves
//! or built from edge lists.

use super::{GameGraph, Labels};

/// A simple undirected graph: vertices `0..vertex_count()`, each edge in both endpoints'
/// sorted neighbour lists, no loops, no repeated edges. Vertices may carry the labels of the
/// file they were read from. Memory: 8 bytes per vertex and 8 per edge, plus the labels.
///
/// ```
/// use grundy::graph::UndirectedGraph;
///
/// // A square 0 - 1 - 2 - 3 - 0, with a loop at 0 and the edge 1 - 0 given twice.
/// let square = UndirectedGraph::from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 0), (1, 0)]);
/// assert_eq!(square.edge_count(), 4);
/// assert_eq!(square.neighbours(0), &[1, 3]);
/// assert!(square.has_edge(3, 2));
/// assert!(!square.has_edge(0, 2));
/// assert_eq!(square.two_colouring(), Some(vec![true, false, true, false]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndirectedGraph {
    offsets: Vec<usize>,
    neighbours: Vec<u32>,
    labels: Option<Labels>,
}

impl UndirectedGraph {
    /// The graph on `vertex_count` vertices with the given edges: a loop `(v, v)` is dropped
    /// (geography never moves to a visited vertex) and a repeated edge, in either direction,
    /// counts once. Vertices are labelled by their index. O((V + E) log E).
    ///
    /// # Panics
    ///
    /// If an endpoint is not below `vertex_count`.
    pub fn from_edges(
        vertex_count: u32,
        edges: impl IntoIterator<Item = (u32, u32)>,
    ) -> UndirectedGraph {
        let mut arcs: Vec<(u32, u32)> = Vec::new();
        for (u, v) in edges {
            assert!(
                u < vertex_count && v < vertex_count,
                "edge ({u}, {v}) outside {vertex_count} vertices"
            );
            if u != v {
                arcs.push((u, v));
                arcs.push((v, u));
            }
        }
        arcs.sort_unstable();
        arcs.dedup();
        let mut offsets = vec![0usize; vertex_count as usize + 1];
        for &(u, _) in &arcs {
            offsets[u as usize + 1] += 1;
        }
        for i in 0..vertex_count as usize {
            offsets[i + 1] += offsets[i];
        }
        UndirectedGraph {
            offsets,
            neighbours: arcs.into_iter().map(|(_, v)| v).collect(),
            labels: None,
        }
    }

    /// The undirected reading of a position graph: each move `u v` is an edge between `u` and
    /// `v` (loops dropped, repeats merged); vertices keep the graph's labels. Attributes are
    /// ignored. O((V + E) log E).
    ///
    /// ```
    /// use grundy::graph::text::parse_str;
    /// use grundy::graph::UndirectedGraph;
    ///
    /// let game = parse_str("a b\nb a\nb c\n").unwrap();
    /// let graph = UndirectedGraph::from_game_graph(&game);
    /// assert_eq!(graph.edge_count(), 2);
    /// assert_eq!(graph.label(graph.neighbours(2)[0]), "b");
    /// assert_eq!(graph.index_of("c"), Some(2));
    /// ```
    pub fn from_game_graph(graph: &GameGraph) -> UndirectedGraph {
        let n = graph.position_count() as u32;
        let edges = (0..n).flat_map(|p| graph.options(p).iter().map(move |&q| (p, q)));
        let mut undirected = UndirectedGraph::from_edges(n, edges);
        undirected.labels = Some(graph.labels().clone());
        undirected
    }

    /// The same graph with the given labels. O(1).
    ///
    /// # Panics
    ///
    /// If there is not one label per vertex.
    pub fn with_labels(mut self, labels: Labels) -> UndirectedGraph {
        assert_eq!(labels.len(), self.vertex_count(), "one label per vertex");
        self.labels = Some(labels);
        self
    }

    /// The number of vertices. O(1).
    pub fn vertex_count(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of edges (each counted once). O(1).
    pub fn edge_count(&self) -> usize {
        self.neighbours.len() / 2
    }

    /// The neighbours of `v`, in increasing order. O(1).
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.neighbours[self.offsets[v as usize]..self.offsets[v as usize + 1]]
    }

    /// Whether `u` and `v` are joined by an edge. O(log deg u).
    pub fn has_edge(&self, u: u32, v: u32) -> bool {
        self.neighbours(u).binary_search(&v).is_ok()
    }

    /// The label of `v`: the file's label, or the index. O(length of the label).
    pub fn label(&self, v: u32) -> String {
        match &self.labels {
            Some(labels) => labels.get(v).to_string(),
            None => v.to_string(),
        }
    }

    /// The vertex with the given label (or index, for a graph without labels): as
    /// [`Labels::index_of`], O(log V) for integer labels and O(V) for names; O(1) without
    /// labels.
    pub fn index_of(&self, label: &str) -> Option<u32> {
        match &self.labels {
            Some(labels) => labels.index_of(label),
            // Digits only, as in labelled graphs: `+1` is not vertex 1.
            None if !label.is_empty() && label.bytes().all(|b| b.is_ascii_digit()) => label
                .parse::<u32>()
                .ok()
                .filter(|&v| (v as usize) < self.vertex_count()),
            None => None,
        }
    }

    /// A 2-colouring (`true` for one side) if the graph has no odd cycle. The first vertex of
    /// each connected component is `true`. O(V + E).
    ///
    /// ```
    /// use grundy::graph::UndirectedGraph;
    ///
    /// let path = UndirectedGraph::from_edges(3, [(0, 1), (1, 2)]);
    /// assert_eq!(path.two_colouring(), Some(vec![true, false, true]));
    /// let triangle = UndirectedGraph::from_edges(3, [(0, 1), (1, 2), (2, 0)]);
    /// assert_eq!(triangle.two_colouring(), None);
    /// ```
    pub fn two_colouring(&self) -> Option<Vec<bool>> {
        let n = self.vertex_count();
        let mut colour: Vec<Option<bool>> = vec![None; n];
        let mut queue = Vec::new();
        for root in 0..n {
            if colour[root].is_some() {
                continue;
            }
            colour[root] = Some(true);
            queue.clear();
            queue.push(root as u32);
            while let Some(v) = queue.pop() {
                let c = colour[v as usize].expect("coloured when queued");
                for &w in self.neighbours(v) {
                    match colour[w as usize] {
                        None => {
                            colour[w as usize] = Some(!c);
                            queue.push(w);
                        }
                        Some(d) if d == c => return None,
                        Some(_) => {}
                    }
                }
            }
        }
        Some(colour.into_iter().map(|c| c == Some(true)).collect())
    }
}
