//! The tree game with increasing distances: a token stands on a vertex of a tree; a move takes
//! it to any other vertex (not only a neighbour, and visited vertices are allowed) at a
//! distance — the number of edges of the path between them — larger than the distance of the
//! previous move (any distance for the first move); the player who cannot move loses.
//!
//! **Theorem** (notes 000, the tree game before 「雅礼集训 2017 Day2」棋盘游戏: "先手必败当且仅当
//! 1 是直径中点"). The player to move at the start loses iff the start is the middle vertex of
//! a diameter (all diameters share their middle; when the diameter has odd length its middle
//! is an edge's midpoint, and every start wins). The notes prove it on a path by mirroring and
//! extend it to trees by the diameter; here it is proven for every position, which also gives
//! the winning moves mid-game:
//!
//! Let c be the middle of a diameter (a vertex, or the midpoint of an edge) and ρ(v) twice the
//! distance from v to c (an integer; with a central edge c₁c₂, ρ(v) = d(v, c₁) + d(v, c₂)).
//! The player to move with the token on v, after a move of length ℓ (ℓ = 0 at the start),
//! **loses iff ℓ ≥ ρ(v)**. Indeed c has two branches reaching distance D/2 (D the diameter),
//! so every vertex v has a *mirror* v′ at the same distance from c on another branch, with
//! d(v, v′) = ρ(v) = ρ(v′). If ℓ < ρ(v), moving to the mirror leaves the opponent at
//! (v′, ρ(v′)). If ℓ ≥ ρ(v), any move to some u has d(v, u) > ρ(v), so ρ(u) > d(v, u)
//! (from d(v, u) ≤ (ρ(v) + ρ(u)) / 2), and the opponent answers with u's mirror, at distance
//! ρ(u) > d(v, u): the position is again of the form (w, ≥ ρ(w)), and the game is finite.
//! So the winning moves from (v, ℓ) are the vertices u with ℓ < d(v, u) and ρ(u) ≤ d(v, u).
//!
//! **Complexity.** [`solve`]: two breadth-first searches for a diameter and two for ρ, O(n).
//! The outcome of any position is then O(1); all winning moves of a position, O(n) (one more
//! search).
//!
//! The notes go on to count the connected parts containing vertex 1 in which the first player
//! wins (by long-path decomposition); that count is not part of this module.

use std::fmt;

use serde::Serialize;

use super::{Example, Family, Group, Inputs, Param, RunError};
use crate::games::geography::LISTED_MOVES;
use crate::games::Answer;
use grundy::graph::GameGraph;
use grundy::graph::UndirectedGraph;
use grundy::input::InputError;
use grundy::outcome::Outcome;
use grundy::report::{Cell, Column, Field, Listing, Report};
use grundy::rules::Impartial;

/// Why a graph is not a tree.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// A tree has at least one vertex.
    #[error("the graph is empty: a tree needs at least one vertex")]
    Empty,
    /// An edge from a vertex to itself.
    #[error("not a tree: a loop at {vertex}")]
    Loop {
        /// The vertex's label.
        vertex: String,
    },
    /// Two vertices with no path between them.
    #[error("not a tree: no path joins {from} and {to}")]
    NotConnected {
        /// The first vertex's label.
        from: String,
        /// A vertex not reached from it.
        to: String,
    },
    /// Connected, with too many edges.
    #[error("not a tree: {vertices} vertices and {edges} edges make a cycle (a tree has one edge fewer than vertices)")]
    Cycle {
        /// The number of vertices.
        vertices: usize,
        /// The number of edges.
        edges: usize,
    },
}

/// A tree: a connected undirected graph without cycles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    graph: UndirectedGraph,
}

impl Tree {
    /// The graph, if it is a tree. O(n).
    pub fn new(graph: UndirectedGraph) -> Result<Tree, TreeError> {
        let n = graph.vertex_count();
        if n == 0 {
            return Err(TreeError::Empty);
        }
        let distance = distances(&graph, 0);
        if let Some(far) = distance.iter().position(|&d| d == u32::MAX) {
            return Err(TreeError::NotConnected {
                from: graph.label(0),
                to: graph.label(far as u32),
            });
        }
        if graph.edge_count() != n - 1 {
            return Err(TreeError::Cycle {
                vertices: n,
                edges: graph.edge_count(),
            });
        }
        Ok(Tree { graph })
    }

    /// The undirected reading of a position graph (each move `u v` an edge, repeats merged), if
    /// it is a tree; a loop `u u` is an error. O(n log n).
    pub fn from_game_graph(graph: &GameGraph) -> Result<Tree, TreeError> {
        for p in 0..graph.position_count() as u32 {
            if graph.options(p).contains(&p) {
                return Err(TreeError::Loop {
                    vertex: graph.label(p),
                });
            }
        }
        Tree::new(UndirectedGraph::from_game_graph(graph))
    }

    /// The tree as a graph.
    pub fn graph(&self) -> &UndirectedGraph {
        &self.graph
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.graph.vertex_count()
    }

    /// The distance from `v` to every vertex. O(n).
    pub fn distances_from(&self, v: u32) -> Vec<u32> {
        distances(&self.graph, v)
    }
}

/// Breadth-first distances from `root` (`u32::MAX` where unreachable).
fn distances(graph: &UndirectedGraph, root: u32) -> Vec<u32> {
    let mut distance = vec![u32::MAX; graph.vertex_count()];
    distance[root as usize] = 0;
    let mut queue = vec![root];
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &w in graph.neighbours(v) {
            if distance[w as usize] == u32::MAX {
                distance[w as usize] = distance[v as usize] + 1;
                queue.push(w);
            }
        }
    }
    distance
}

/// The rules, for the generic solvers: a position is the token's vertex and the length of the
/// previous move (0 at the start); the options go to every vertex farther than that. All
/// distances are tabulated, O(n²): meant for small trees.
#[derive(Debug, Clone)]
pub struct IncreasingDistance {
    distance: Vec<Vec<u32>>,
}

impl IncreasingDistance {
    /// The game on `tree`.
    pub fn new(tree: &Tree) -> IncreasingDistance {
        IncreasingDistance {
            distance: (0..tree.vertex_count() as u32)
                .map(|v| tree.distances_from(v))
                .collect(),
        }
    }
}

impl Impartial for IncreasingDistance {
    /// (token, length of the previous move).
    type Position = (u32, u32);

    fn options(&self, &(v, last): &(u32, u32), out: &mut grundy::rules::Moves<(u32, u32)>) {
        for (u, &d) in self.distance[v as usize].iter().enumerate() {
            if d > last {
                out.push((u as u32, d));
            }
        }
    }
}

/// The middle of a diameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Centre {
    /// A vertex (the diameter has even length).
    Vertex(u32),
    /// The midpoint of an edge (odd length).
    Edge(u32, u32),
}

/// Every position decided: the middle of a diameter and ρ(v), twice the distance from each
/// vertex to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistanceSolution {
    diameter: u32,
    centre: Centre,
    /// Distances to the two ends of the central edge (both to the centre vertex when it is
    /// one); ρ(v) is their sum.
    near: Vec<u32>,
    far: Vec<u32>,
}

/// Finds a diameter, its middle and ρ: four breadth-first searches, O(n).
///
/// ```
/// use grundy_catalogue::games::geography::UndirectedGraph;
/// use grundy_catalogue::games::increasing_distance::{solve, Centre, Tree};
/// use grundy::Outcome;
/// // A path 0 - 1 - 2 - 3 - 4: the middle vertex 2 loses, every other start wins.
/// let tree = Tree::new(UndirectedGraph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)])).unwrap();
/// let solution = solve(&tree);
/// assert_eq!((solution.diameter(), solution.centre()), (4, Centre::Vertex(2)));
/// assert_eq!(solution.outcome(2, 0), Outcome::Loss);
/// assert_eq!(solution.outcome(0, 0), Outcome::Win);
/// assert_eq!(solution.first_move(0), Some(2));
/// ```
pub fn solve(tree: &Tree) -> DistanceSolution {
    let graph = tree.graph();
    let from_zero = distances(graph, 0);
    let a = farthest(&from_zero);
    let from_a = distances(graph, a);
    let b = farthest(&from_a);
    let diameter = from_a[b as usize];
    // Walk from b towards a: the vertex at distance ⌊D/2⌋ from b (and the next one for odd D).
    let mut path = vec![b];
    let mut v = b;
    while v != a {
        v = *graph
            .neighbours(v)
            .iter()
            .find(|&&w| from_a[w as usize] + 1 == from_a[v as usize])
            .expect("a path leads back to a");
        path.push(v);
    }
    let half = (diameter / 2) as usize;
    let centre = if diameter % 2 == 0 {
        Centre::Vertex(path[half])
    } else {
        Centre::Edge(path[half], path[half + 1])
    };
    let (near, far) = match centre {
        Centre::Vertex(c) => {
            let d = distances(graph, c);
            (d.clone(), d)
        }
        Centre::Edge(c1, c2) => (distances(graph, c1), distances(graph, c2)),
    };
    DistanceSolution {
        diameter,
        centre,
        near,
        far,
    }
}

/// The first vertex at the largest distance.
fn farthest(distance: &[u32]) -> u32 {
    let mut best = 0;
    for (v, &d) in distance.iter().enumerate() {
        if d > distance[best] {
            best = v;
        }
    }
    best as u32
}

impl DistanceSolution {
    /// The length of a diameter (in edges).
    pub fn diameter(&self) -> u32 {
        self.diameter
    }

    /// The middle of the diameters.
    pub fn centre(&self) -> Centre {
        self.centre
    }

    /// ρ(v): twice the distance from `v` to the middle of a diameter. The player to move with
    /// the token on `v` loses iff the previous move was at least this long. O(1).
    pub fn threshold(&self, v: u32) -> u64 {
        u64::from(self.near[v as usize]) + u64::from(self.far[v as usize])
    }

    /// The outcome for the player to move with the token on `v` after a move of length `last`
    /// (0 at the start): a loss iff `last` ≥ ρ(v). O(1).
    pub fn outcome(&self, v: u32, last: u64) -> Outcome {
        if last >= self.threshold(v) {
            Outcome::Loss
        } else {
            Outcome::Win
        }
    }

    /// A winning first move from the start `v`, if `v` wins: the centre vertex, or the end of
    /// the central edge on the other side from `v`. O(1).
    pub fn first_move(&self, v: u32) -> Option<u32> {
        match self.centre {
            Centre::Vertex(c) => (c != v).then_some(c),
            Centre::Edge(c1, c2) => Some(if self.near[v as usize] < self.far[v as usize] {
                c2
            } else {
                c1
            }),
        }
    }

    /// Every winning move with the token on `v` after a move of length `last`, in increasing
    /// order of vertex: the vertices u with `last` < d(v, u) and ρ(u) ≤ d(v, u), with their
    /// distances. One breadth-first search, O(n).
    pub fn winning_moves(&self, tree: &Tree, v: u32, last: u64) -> Vec<(u32, u64)> {
        if self.outcome(v, last) == Outcome::Loss {
            return Vec::new();
        }
        tree.distances_from(v)
            .iter()
            .enumerate()
            .map(|(u, &d)| (u as u32, u64::from(d)))
            .filter(|&(u, d)| d > last && self.threshold(u) <= d)
            .collect()
    }

    /// The catalogue answer for the token on `v` after a move of length `last`: the outcome,
    /// no value, and every winning move (up to [`LISTED_MOVES`], with the count beyond). O(n).
    pub fn answer(&self, tree: &Tree, v: u32, last: u64) -> Answer<DistanceMove> {
        let moves = self.winning_moves(tree, v, last);
        let count = moves.len();
        let listed = moves
            .into_iter()
            .take(LISTED_MOVES)
            .map(|(u, distance)| DistanceMove {
                to: tree.graph().label(u),
                distance,
            })
            .collect();
        let mut answer = Answer::from_moves(None, listed);
        if count > LISTED_MOVES {
            answer.winning_move_count = Some(count as u128);
        }
        answer
    }
}

/// The catalogue answer for the token on `v` of `tree` after a move of length `last` (0 at the
/// start). O(n).
pub fn answer(tree: &Tree, v: u32, last: u64) -> Answer<DistanceMove> {
    solve(tree).answer(tree, v, last)
}

/// A move of the tree game: the vertex the token goes to, by its label, and the length of the
/// move (serialized as `{"to": "b", "distance": 2}`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct DistanceMove {
    /// The label of the vertex the token moves to.
    pub to: String,
    /// The distance moved: the next move must be longer.
    pub distance: u64,
}

impl fmt::Display for DistanceMove {
    /// `to b (distance 2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "to {} (distance {})", self.to, self.distance)
    }
}

/// `grundy increasing-distance FILE`: the tree game where every move is longer than the one
/// before, decided by the middle of a diameter.
///
/// Without `--start`, every start vertex: a table `vertex outcome threshold move`, where the
/// threshold ρ(v) is twice the distance to the middle of the diameters (the player to move on
/// v loses after a move at least that long) and the move is a winning first move. JSON:
/// `{"vertices": .., "diameter": .., "centre": {"vertex": "c"} | {"edge": ["b", "c"]},
/// "positions": [{"vertex": "a", "outcome": "win", "threshold": 4, "move": "c"}, ...]}`.
/// With `--start V` (and `--last L`, the length of the previous move, 0 by default), the
/// common answer with every winning move, then `threshold`, `diameter` and `centre`.
pub struct IncreasingDistanceFamily;

impl Family for IncreasingDistanceFamily {
    fn name(&self) -> &'static str {
        "increasing-distance"
    }

    fn group(&self) -> Group {
        Group::Graphs
    }

    fn about(&self) -> &'static str {
        "The tree game where each move is longer than the last: decided by the diameter's \
         middle"
    }

    fn example(&self) -> Example {
        &[("file", "tree.game"), ("start", "a")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            super::edges_param!("The tree"),
            Param::option(
                "start",
                "VERTEX",
                "Answer for the token on this vertex, with every winning move",
            ),
            Param::option(
                "last",
                "L",
                "The length of the previous move (0: the game starts; the next move must be \
                 longer)",
            )
            .whole("a length", 0)
            .needs(&["start"]),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

/// The centre in JSON: `{"vertex": "c"}` or `{"edge": ["b", "c"]}`.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum CentreJson {
    Vertex(String),
    Edge([String; 2]),
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let (graph, origin) = inputs.plain_graph(inputs.value("file").unwrap_or("-"))?;
    let tree = Tree::from_game_graph(&graph).map_err(|e| format!("{origin}: {e}"))?;
    let solution = solve(&tree);
    let label = |v: u32| tree.graph().label(v);
    let (centre_json, centre_text) = match solution.centre() {
        Centre::Vertex(c) => (
            CentreJson::Vertex(label(c)),
            format!("the vertex {}", label(c)),
        ),
        Centre::Edge(a, b) => (
            CentreJson::Edge([label(a), label(b)]),
            format!("the middle of the edge {} - {}", label(a), label(b)),
        ),
    };
    if let Some(start) = inputs.value("start") {
        let v = tree.graph().index_of(start).ok_or_else(|| {
            InputError::invalid(
                format!("{} {start}", inputs.shown("start")),
                format!("no such vertex in {origin}"),
            )
        })?;
        let last = inputs.optional_whole("last")?.unwrap_or(0);
        let threshold = solution.threshold(v);
        return Ok(Report::answer(&solution.answer(&tree, v, last)).fields([
            Field::shown(
                "threshold",
                threshold,
                "threshold",
                format!("{threshold} (the player to move loses after a move at least this long)"),
            ),
            Field::new("diameter", solution.diameter()),
            Field::shown("centre", centre_json, "centre", centre_text),
        ]));
    }
    let n = tree.vertex_count() as u32;
    let verdict = match solution.centre() {
        Centre::Vertex(c) => format!("the player to move loses only from {}", label(c)),
        Centre::Edge(..) => "the player to move wins from every vertex".to_string(),
    };
    let headline = format!(
        "{n} vertices, diameter {}, centre {centre_text}: {verdict}",
        solution.diameter()
    );
    let labels: Vec<String> = (0..n).map(label).collect();
    let rows: Vec<(Outcome, u64, Option<u32>)> = (0..n)
        .map(|v| {
            (
                solution.outcome(v, 0),
                solution.threshold(v),
                solution.first_move(v),
            )
        })
        .collect();
    let listing = Listing::new(
        "positions",
        vec![
            Column::left("vertex", "vertex"),
            Column::left("outcome", "outcome"),
            Column::right("threshold", "threshold"),
            Column::left("move", "move"),
        ],
        labels.len(),
        move |i| {
            let (outcome, threshold, to) = rows[i];
            vec![
                Cell::Text(labels[i].clone()),
                Cell::Text(outcome.to_string()),
                Cell::Number(threshold),
                to.map_or(Cell::Missing, |u| Cell::Text(labels[u as usize].clone())),
            ]
        },
    );
    Ok(Report::new()
        .fields([
            Field::headline(headline),
            Field::json_only("vertices", n),
            Field::json_only("diameter", solution.diameter()),
            Field::json_only("centre", centre_json),
        ])
        .listing(listing))
}
