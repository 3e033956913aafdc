//! Undirected vertex geography: the matching theorem against the generic solver (positions
//! are (token, visited set)) on every graph with at most 6 vertices (all 2^15 edge sets of
//! K_6 and below), on seeded random graphs of 7 to 12 vertices, bipartite or not, and on every
//! 3 × 3 grid and random grids up to 4 × 5: outcome of every start, the exact set of winning
//! moves, and the matched move. Then Hopcroft–Karp against the blossom algorithm, the
//! blossom search against the definition (ν(G − v) = ν(G)) on larger random graphs, and
//! internal consistency on a 100 × 100 grid.

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::graph::matching::{edmonds, hopcroft_karp, Matching};
use grundy::graph::text::parse_str;
use grundy::graph::UndirectedGraph;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::geography::{
    self, solve_with, Direction, Geography, GeographySolution, Grid, MatchingMethod, LISTED_MOVES,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The generic solver's verdict for every start vertex: the outcome and the set of winning
/// moves (the vertices the token can go to, leaving the opponent a loss).
fn brute_force(graph: &UndirectedGraph) -> Vec<(Outcome, BTreeSet<u32>)> {
    let game = Geography::new(graph);
    let n = graph.vertex_count() as u32;
    let starts: Vec<_> = (0..n).map(|v| game.start(v)).collect();
    let explored = explore(
        &game,
        starts.iter().cloned(),
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
    starts
        .iter()
        .map(|start| {
            let id = explored.id(start).unwrap();
            let moves = explored
                .graph
                .options(id)
                .iter()
                .filter(|&&q| solution.outcome(q) == Outcome::Loss)
                .map(|&q| explored.position(q).token)
                .collect();
            (solution.outcome(id), moves)
        })
        .collect()
}

/// Asserts that `matching` is a matching of `graph`.
#[track_caller]
fn assert_matching(graph: &UndirectedGraph, matching: &Matching) {
    let mut count = 0;
    for v in 0..graph.vertex_count() as u32 {
        if let Some(m) = matching.mate(v) {
            assert!(graph.has_edge(v, m), "{v}-{m} is not an edge");
            assert_eq!(matching.mate(m), Some(v));
            count += 1;
        }
    }
    assert_eq!(count, 2 * matching.size());
    assert_eq!(matching.edges().count(), matching.size());
}

/// Compares one solution with the brute force, start by start.
#[track_caller]
fn assert_agrees(
    graph: &UndirectedGraph,
    solution: &GeographySolution,
    brute: &[(Outcome, BTreeSet<u32>)],
    what: &str,
) {
    assert_matching(graph, solution.matching());
    let mut counts = (0, 0);
    for (v, (outcome, moves)) in brute.iter().enumerate() {
        let v = v as u32;
        assert_eq!(solution.outcome(v), *outcome, "{what}: start {v}");
        let formula = solution.winning_moves(graph, v);
        assert!(
            formula.windows(2).all(|w| w[0] < w[1]),
            "{what}: {formula:?}"
        );
        assert_eq!(
            formula.iter().copied().collect::<BTreeSet<_>>(),
            *moves,
            "{what}: winning moves from {v}"
        );
        match solution.winning_move(v) {
            Some(t) => assert!(moves.contains(&t), "{what}: matched move {v} -> {t}"),
            None => assert_eq!(*outcome, Outcome::Loss, "{what}: start {v}"),
        }
        let ans = solution.answer(graph, v);
        assert_eq!(ans.outcome, *outcome);
        assert_eq!(ans.value, None);
        assert_eq!(ans.winning_moves.len(), moves.len());
        if *outcome == Outcome::Win {
            counts.0 += 1;
        } else {
            counts.1 += 1;
        }
    }
    assert_eq!(solution.counts(), counts, "{what}");
}

/// Every method that applies, against the brute force.
#[track_caller]
fn check_graph(graph: &UndirectedGraph, what: &str) {
    let brute = brute_force(graph);
    let auto = geography::solve(graph);
    assert_agrees(graph, &auto, &brute, what);
    let blossom = solve_with(graph, MatchingMethod::Blossom).unwrap();
    assert_eq!(blossom.method(), MatchingMethod::Blossom);
    assert_agrees(graph, &blossom, &brute, what);
    let bipartite = graph.two_colouring().is_some();
    match solve_with(graph, MatchingMethod::HopcroftKarp) {
        Some(hk) => {
            assert!(bipartite);
            assert_eq!(auto.method(), MatchingMethod::HopcroftKarp);
            assert_eq!(hk.matching().size(), blossom.matching().size(), "{what}");
            assert_agrees(graph, &hk, &brute, what);
        }
        None => {
            assert!(!bipartite);
            assert_eq!(auto.method(), MatchingMethod::Blossom);
        }
    }
}

/// The graph on n vertices with the edges of K_n selected by the bits of `mask`.
fn graph_of_mask(n: u32, mask: u32) -> UndirectedGraph {
    let pairs = (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v)));
    let edges: Vec<_> = pairs
        .enumerate()
        .filter(|&(i, _)| mask >> i & 1 == 1)
        .map(|(_, e)| e)
        .collect();
    UndirectedGraph::from_edges(n, edges)
}

#[test]
fn theorem_matches_solver_on_every_graph_up_to_6_vertices() {
    let mut graphs = 0;
    let mut non_bipartite = 0;
    for n in 0..=6u32 {
        let pairs = n * n.saturating_sub(1) / 2;
        for mask in 0..1u32 << pairs {
            let graph = graph_of_mask(n, mask);
            non_bipartite += usize::from(graph.two_colouring().is_none());
            check_graph(&graph, &format!("n = {n}, edges {mask:#b}"));
            graphs += 1;
        }
    }
    assert_eq!(graphs, 1 + 1 + 2 + 8 + 64 + 1024 + 32768);
    assert!(non_bipartite > 20_000);
}

#[test]
fn theorem_matches_solver_on_random_graphs_up_to_12_vertices() {
    let mut rng = StdRng::seed_from_u64(6);
    let mut kinds = [0usize; 2];
    for round in 0..400 {
        let n = rng.random_range(7..=12u32);
        let p = rng.random_range(0.1..0.6);
        let bipartite_only = round % 3 == 0;
        let side: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
        let mut edges = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                if (!bipartite_only || side[u as usize] != side[v as usize]) && rng.random_bool(p) {
                    edges.push((u, v));
                }
            }
        }
        let graph = UndirectedGraph::from_edges(n, edges);
        kinds[usize::from(graph.two_colouring().is_some())] += 1;
        check_graph(&graph, &format!("round {round}"));
    }
    assert!(kinds[0] > 150 && kinds[1] > 100, "{kinds:?}");
}

#[test]
fn theorem_matches_solver_on_grids() {
    // Every 3 x 3 grid.
    for mask in 0..1u32 << 9 {
        let free: Vec<bool> = (0..9).map(|i| mask >> i & 1 == 1).collect();
        let grid = Grid::from_cells(3, 3, &free);
        check_grid(&grid, &format!("3 x 3, free {mask:#b}"));
    }
    // Random grids up to 4 x 5, a quarter of the cells blocked on average.
    let mut rng = StdRng::seed_from_u64(66);
    for round in 0..150 {
        let rows = rng.random_range(1..=4);
        let columns = rng.random_range(1..=5);
        let free: Vec<bool> = (0..rows * columns).map(|_| rng.random_bool(0.75)).collect();
        let grid = Grid::from_cells(rows, columns, &free);
        check_grid(&grid, &format!("round {round}"));
    }
}

/// A grid's answers against the brute force on its graph, and its moves' directions.
#[track_caller]
fn check_grid(grid: &Grid, what: &str) {
    let graph = grid.graph();
    assert!(graph.two_colouring().is_some());
    check_graph(&graph, what);
    let brute = brute_force(&graph);
    for v in 0..graph.vertex_count() as u32 {
        let (row, column) = grid.cell(v);
        assert_eq!(grid.vertex(row, column), Some(v));
        assert_eq!(graph.label(v), format!("{row},{column}"));
        let ans = grid.answer(row, column).unwrap();
        assert_eq!(
            ans.outcome, brute[v as usize].0,
            "{what}: ({row}, {column})"
        );
        let cells: BTreeSet<(usize, usize)> = ans.winning_moves.iter().map(|m| m.to).collect();
        let expected: BTreeSet<(usize, usize)> =
            brute[v as usize].1.iter().map(|&t| grid.cell(t)).collect();
        assert_eq!(cells, expected, "{what}: ({row}, {column})");
        for m in &ans.winning_moves {
            let (dr, dc) = match m.direction {
                Direction::Up => (-1, 0),
                Direction::Down => (1, 0),
                Direction::Left => (0, -1),
                Direction::Right => (0, 1),
            };
            assert_eq!(
                (
                    m.to.0 as isize - row as isize,
                    m.to.1 as isize - column as isize
                ),
                (dr, dc)
            );
        }
    }
}

#[test]
fn small_examples() {
    let cycle = |n: u32| UndirectedGraph::from_edges(n, (0..n).map(|i| (i, (i + 1) % n)));
    // An even cycle has two perfect matchings: every start wins. An odd cycle: every vertex is
    // missed by some maximum matching, so every start loses.
    let even = geography::solve(&cycle(6));
    assert!((0..6).all(|v| even.outcome(v) == Outcome::Win));
    let odd = geography::solve(&cycle(7));
    assert_eq!(odd.method(), MatchingMethod::Blossom);
    assert!((0..7).all(|v| odd.outcome(v) == Outcome::Loss));
    assert_eq!(odd.counts(), (0, 7));
    // A lone vertex: no move.
    let lone = UndirectedGraph::from_edges(1, []);
    assert_eq!(geography::solve(&lone).outcome(0), Outcome::Loss);
    assert_eq!(geography::answer(&lone, 0).winning_moves, []);
    // Loops are dropped, repeated edges merged.
    let g = UndirectedGraph::from_edges(3, [(0, 1), (1, 0), (1, 1), (1, 2), (0, 1)]);
    assert_eq!((g.vertex_count(), g.edge_count()), (3, 2));
    assert_eq!(g.neighbours(1), [0, 2]);
    // The undirected reading of a position graph keeps its labels.
    let game = parse_str("a b\nb c\nc a\nc d\nd d\ne\n").unwrap();
    let g = UndirectedGraph::from_game_graph(&game);
    assert_eq!((g.vertex_count(), g.edge_count()), (5, 4));
    assert_eq!(g.index_of("d"), Some(3));
    let ans = geography::answer(&g, g.index_of("c").unwrap());
    assert_eq!(ans.outcome, Outcome::Win);
    assert_eq!(ans.winning_moves.len(), 1);
    assert_eq!(ans.winning_moves[0].to_string(), "to d");
    assert_eq!(
        geography::answer(&g, g.index_of("e").unwrap()).outcome,
        Outcome::Loss
    );
}

#[test]
fn many_winning_moves_are_counted() {
    // A star with 2000 leaves: every maximum matching covers the centre, and from it every
    // leaf is a winning move (the opponent is stuck); a leaf loses.
    let leaves = 2000u32;
    let graph = UndirectedGraph::from_edges(leaves + 1, (1..=leaves).map(|l| (0, l)));
    let ans = geography::answer(&graph, 0);
    assert_eq!(ans.outcome, Outcome::Win);
    assert_eq!(ans.winning_moves.len(), LISTED_MOVES);
    assert_eq!(ans.winning_move_count, Some(u128::from(leaves)));
    let ans = geography::answer(&graph, 5);
    assert_eq!(ans.outcome, Outcome::Loss);
}

#[test]
fn grid_parse_errors() {
    let err = |text: &str| Grid::parse(text).unwrap_err().to_string();
    assert_eq!(
        err(""),
        "1:1: empty grid: expected rows of '.' (a free cell) and '#' (a blocked cell)"
    );
    assert_eq!(
        err("..\n.x\n"),
        "2:2: unexpected character 'x': expected '.' (a free cell) or '#' (a blocked cell)"
    );
    assert_eq!(
        err("...\n..\n"),
        "2:3: row 2 has 2 cells, the first row has 3: a grid is a rectangle"
    );
    assert_eq!(
        err("..\n...\n"),
        "2:3: row 2 has 3 cells, the first row has 2: a grid is a rectangle"
    );
    let grid = Grid::parse("#.\r\n..\r\n\n\n").unwrap();
    assert_eq!((grid.rows(), grid.columns(), grid.free_count()), (2, 2, 3));
    assert_eq!(grid.vertex(1, 1), None);
    assert_eq!(grid.vertex(0, 1), None);
    assert_eq!(grid.vertex(3, 1), None);
    assert_eq!(grid.vertex(1, 2), Some(0));
    assert!(grid.answer(1, 1).is_none());
}

/// ν of the graph without `v`: the same graph with `v`'s edges dropped.
fn matching_size_without(graph: &UndirectedGraph, v: u32) -> usize {
    let n = graph.vertex_count() as u32;
    let edges = (0..n)
        .filter(|&u| u != v)
        .flat_map(|u| graph.neighbours(u).iter().map(move |&w| (u, w)))
        .filter(|&(u, w)| u < w && w != v);
    edmonds(&UndirectedGraph::from_edges(n, edges.collect::<Vec<_>>())).size()
}

#[test]
fn blossom_search_matches_the_definition_on_larger_graphs() {
    // A vertex loses iff removing it keeps the matching number: ν(G − v) = ν(G).
    let mut rng = StdRng::seed_from_u64(606);
    for round in 0..30 {
        let n = rng.random_range(20..=70u32);
        let m = rng.random_range(n / 2..=3 * n);
        let edges: Vec<_> = (0..m)
            .map(|_| (rng.random_range(0..n), rng.random_range(0..n)))
            .collect();
        let graph = UndirectedGraph::from_edges(n, edges);
        let solution = solve_with(&graph, MatchingMethod::Blossom).unwrap();
        assert_matching(&graph, solution.matching());
        let size = solution.matching().size();
        for v in 0..n {
            let loses = matching_size_without(&graph, v) == size;
            assert_eq!(
                solution.outcome(v) == Outcome::Loss,
                loses,
                "round {round}, vertex {v}"
            );
        }
    }
}

#[test]
fn hopcroft_karp_matches_blossoms_on_larger_bipartite_graphs() {
    let mut rng = StdRng::seed_from_u64(60);
    for _ in 0..20 {
        let (l, r) = (rng.random_range(50..300u32), rng.random_range(50..300u32));
        let m = rng.random_range(l..4 * (l + r));
        let edges: Vec<_> = (0..m)
            .map(|_| (rng.random_range(0..l), l + rng.random_range(0..r)))
            .collect();
        let graph = UndirectedGraph::from_edges(l + r, edges);
        let side: Vec<bool> = (0..l + r).map(|v| v < l).collect();
        let hk = hopcroft_karp(&graph, &side);
        let blossom = edmonds(&graph);
        assert_matching(&graph, &hk);
        assert_matching(&graph, &blossom);
        assert_eq!(hk.size(), blossom.size());
        let a = solve_with(&graph, MatchingMethod::HopcroftKarp).unwrap();
        let b = solve_with(&graph, MatchingMethod::Blossom).unwrap();
        for v in 0..l + r {
            assert_eq!(a.outcome(v), b.outcome(v), "vertex {v}");
        }
    }
}

#[test]
fn large_grid_is_consistent() {
    // 100 x 100, 20% blocked: all cells at once; sampled starts checked by re-solving the
    // graph without the start (every winning move must leave the opponent a loss there, and
    // every other neighbour a win).
    let mut rng = StdRng::seed_from_u64(100);
    let free: Vec<bool> = (0..100 * 100).map(|_| rng.random_bool(0.8)).collect();
    let grid = Grid::from_cells(100, 100, &free);
    let graph = grid.graph();
    let solution = geography::solve(&graph);
    assert_eq!(solution.method(), MatchingMethod::HopcroftKarp);
    assert_matching(&graph, solution.matching());
    let blossom = solve_with(&graph, MatchingMethod::Blossom).unwrap();
    assert_eq!(blossom.matching().size(), solution.matching().size());
    let n = graph.vertex_count() as u32;
    for v in 0..n {
        assert_eq!(solution.outcome(v), blossom.outcome(v), "vertex {v}");
    }
    let (wins, losses) = solution.counts();
    assert!(wins > 1000 && losses > 1000, "{wins} {losses}");
    for _ in 0..40 {
        let s = rng.random_range(0..n);
        let moves: BTreeSet<u32> = solution.winning_moves(&graph, s).into_iter().collect();
        assert_eq!(moves.is_empty(), solution.outcome(s) == Outcome::Loss);
        if let Some(t) = solution.winning_move(s) {
            assert!(moves.contains(&t));
        }
        let edges: Vec<(u32, u32)> = (0..n)
            .filter(|&u| u != s)
            .flat_map(|u| graph.neighbours(u).iter().map(move |&w| (u, w)))
            .filter(|&(_, w)| w != s)
            .collect();
        let rest = geography::solve(&UndirectedGraph::from_edges(n, edges));
        for &t in graph.neighbours(s) {
            assert_eq!(
                moves.contains(&t),
                rest.outcome(t) == Outcome::Loss,
                "{s} -> {t}"
            );
        }
    }
}
