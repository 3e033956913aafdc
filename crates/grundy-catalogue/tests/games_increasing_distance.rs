//! The tree game with increasing distances: the rule "the player to move at (v, ℓ) loses iff
//! ℓ ≥ ρ(v)" against the generic solver on every position (every vertex, every previous move
//! length 0..n) of every labelled tree with at most 7 vertices (all Prüfer sequences) and of
//! seeded random trees up to 30 vertices: outcome and the exact set of winning moves. Then
//! internal consistency on trees of 10^5 to 10^6 vertices, and the errors for non-trees.

use std::collections::BTreeSet;

use grundy::budget::Budget;
use grundy::graph::text::parse_str;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::geography::{UndirectedGraph, LISTED_MOVES};
use grundy_catalogue::games::increasing_distance::{
    answer, solve as solve_tree, Centre, IncreasingDistance, Tree, TreeError,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The tree of a Prüfer sequence over `0..n` (length n − 2).
fn prufer_tree(n: u32, code: &[u32]) -> Tree {
    let mut degree = vec![1u32; n as usize];
    for &c in code {
        degree[c as usize] += 1;
    }
    let mut edges = Vec::new();
    for &c in code {
        let leaf = (0..n).find(|&v| degree[v as usize] == 1).unwrap();
        edges.push((leaf, c));
        degree[leaf as usize] -= 1;
        degree[c as usize] -= 1;
    }
    let rest: Vec<u32> = (0..n).filter(|&v| degree[v as usize] == 1).collect();
    if n >= 2 {
        edges.push((rest[0], rest[1]));
    }
    Tree::new(UndirectedGraph::from_edges(n, edges)).unwrap()
}

/// A random tree: each vertex after the first hangs from an earlier one (a long path when
/// `stretch`).
fn random_tree(rng: &mut StdRng, n: u32, stretch: bool) -> Tree {
    let edges: Vec<(u32, u32)> = (1..n)
        .map(|v| {
            let parent = if stretch {
                v - 1 - rng.random_range(0..v.min(3))
            } else {
                rng.random_range(0..v)
            };
            (parent, v)
        })
        .collect();
    Tree::new(UndirectedGraph::from_edges(n, edges)).unwrap()
}

/// Every position (v, ℓ) with ℓ ≤ n against the solver.
#[track_caller]
fn check_tree(tree: &Tree, what: &str) {
    let n = tree.vertex_count() as u32;
    let game = IncreasingDistance::new(tree);
    let starts: Vec<(u32, u32)> = (0..n).flat_map(|v| (0..=n).map(move |l| (v, l))).collect();
    let explored = explore(
        &game,
        starts.iter().copied(),
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    let solved = solve(&explored.graph, &SolveOptions::default()).unwrap();
    let solution = solve_tree(tree);
    let mut starting_losses = 0;
    for &(v, last) in &starts {
        let id = explored.id(&(v, last)).unwrap();
        let outcome = solution.outcome(v, u64::from(last));
        assert_eq!(outcome, solved.outcome(id), "{what}: ({v}, {last})");
        let expected: BTreeSet<(u32, u64)> = explored
            .graph
            .options(id)
            .iter()
            .filter(|&&q| solved.outcome(q) == Outcome::Loss)
            .map(|&q| {
                let &(u, d) = explored.position(q);
                (u, u64::from(d))
            })
            .collect();
        let moves = solution.winning_moves(tree, v, u64::from(last));
        assert_eq!(
            moves.iter().copied().collect::<BTreeSet<_>>(),
            expected,
            "{what}: ({v}, {last})"
        );
        assert!(moves.windows(2).all(|w| w[0].0 < w[1].0));
        if last == 0 {
            starting_losses += usize::from(outcome == Outcome::Loss);
            match solution.first_move(v) {
                Some(u) => {
                    let d = u64::from(tree.distances_from(v)[u as usize]);
                    assert!(expected.contains(&(u, d)), "{what}: first move {v} -> {u}");
                }
                None => assert_eq!(outcome, Outcome::Loss, "{what}: {v}"),
            }
            // The notes: the first player loses iff the start is the middle of a diameter.
            let middle = matches!(solution.centre(), Centre::Vertex(c) if c == v);
            assert_eq!(outcome == Outcome::Loss, middle, "{what}: {v}");
        }
    }
    let expected_losses = usize::from(matches!(solution.centre(), Centre::Vertex(_)));
    assert_eq!(starting_losses, expected_losses, "{what}");
    // The diameter by brute force.
    let diameter = (0..n).flat_map(|v| tree.distances_from(v)).max().unwrap();
    assert_eq!(solution.diameter(), diameter, "{what}");
}

#[test]
fn rule_matches_solver_on_every_tree_up_to_7_vertices() {
    let mut trees = 0;
    for n in 1..=7u32 {
        let len = n.saturating_sub(2) as usize;
        let total = n.pow(len as u32);
        for index in 0..total {
            let code: Vec<u32> = (0..len).map(|i| index / n.pow(i as u32) % n).collect();
            check_tree(&prufer_tree(n, &code), &format!("n = {n}, Prüfer {code:?}"));
            trees += 1;
        }
    }
    // Cayley: n^(n-2) labelled trees.
    assert_eq!(trees, 1 + 1 + 3 + 16 + 125 + 1296 + 16807);
}

#[test]
fn rule_matches_solver_on_random_trees_up_to_30_vertices() {
    let mut rng = StdRng::seed_from_u64(6);
    let mut centres = [0usize; 2];
    for round in 0..300 {
        let n = rng.random_range(8..=30u32);
        let tree = random_tree(&mut rng, n, round % 2 == 0);
        centres[usize::from(matches!(solve_tree(&tree).centre(), Centre::Edge(..)))] += 1;
        check_tree(&tree, &format!("round {round}"));
    }
    assert!(centres[0] > 80 && centres[1] > 80, "{centres:?}");
}

#[test]
fn examples() {
    // A path of 5: the middle loses; a path of 4 (odd diameter): everyone wins.
    let path = |n: u32| Tree::new(UndirectedGraph::from_edges(n, (1..n).map(|v| (v - 1, v))));
    let five = solve_tree(&path(5).unwrap());
    assert_eq!(five.centre(), Centre::Vertex(2));
    assert_eq!(
        (0..5).map(|v| five.threshold(v)).collect::<Vec<_>>(),
        [4, 2, 0, 2, 4]
    );
    let four_tree = path(4).unwrap();
    let four = solve_tree(&four_tree);
    assert_eq!(four.centre(), Centre::Edge(1, 2));
    assert_eq!(
        (0..4).map(|v| four.threshold(v)).collect::<Vec<_>>(),
        [3, 1, 1, 3]
    );
    assert_eq!(four.first_move(0), Some(2));
    assert_eq!(four.first_move(2), Some(1));
    let ans = answer(&four_tree, 0, 0);
    assert_eq!(ans.outcome, Outcome::Win);
    assert_eq!(
        ans.winning_moves
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "to 1 (distance 1)",
            "to 2 (distance 2)",
            "to 3 (distance 3)"
        ]
    );
    // After a move of length 3 nothing is longer.
    assert_eq!(answer(&four_tree, 0, 3).outcome, Outcome::Loss);
    // One vertex: no move at all.
    let one = Tree::new(UndirectedGraph::from_edges(1, [])).unwrap();
    assert_eq!(solve_tree(&one).centre(), Centre::Vertex(0));
    assert_eq!(answer(&one, 0, 0).outcome, Outcome::Loss);
    // Labels from the text format.
    let tree = Tree::from_game_graph(&parse_str("a b\nb c\nc b\nb d\n").unwrap()).unwrap();
    let solution = solve_tree(&tree);
    let b = tree.graph().index_of("b").unwrap();
    assert_eq!(solution.centre(), Centre::Vertex(b));
    assert_eq!(solution.outcome(b, 0), Outcome::Loss);
    assert_eq!(
        answer(&tree, tree.graph().index_of("a").unwrap(), 0)
            .winning_moves
            .iter()
            .map(|m| m.to.as_str())
            .collect::<Vec<_>>(),
        ["b", "c", "d"]
    );
}

#[test]
fn non_trees_are_refused() {
    let err = |text: &str| Tree::from_game_graph(&parse_str(text).unwrap()).unwrap_err();
    assert_eq!(err(""), TreeError::Empty);
    assert_eq!(err("a b\nb b\n").to_string(), "not a tree: a loop at b");
    assert_eq!(
        err("a b\nc d\n").to_string(),
        "not a tree: no path joins a and c"
    );
    assert_eq!(
        err("a b\nb c\nc a\n").to_string(),
        "not a tree: 3 vertices and 3 edges make a cycle (a tree has one edge fewer than vertices)"
    );
}

#[test]
fn large_trees_are_consistent() {
    let mut rng = StdRng::seed_from_u64(1_000_000);
    for (n, stretch) in [(100_000u32, false), (100_000, true), (1_000_000, true)] {
        let tree = random_tree(&mut rng, n, stretch);
        let solution = solve_tree(&tree);
        // ρ is twice the distance to the middle: the ends of a diameter have ρ = D.
        let max = (0..n).map(|v| solution.threshold(v)).max().unwrap();
        assert_eq!(max, u64::from(solution.diameter()));
        let losses: Vec<u32> = (0..n)
            .filter(|&v| solution.outcome(v, 0) == Outcome::Loss)
            .collect();
        match solution.centre() {
            Centre::Vertex(c) => assert_eq!(losses, [c]),
            Centre::Edge(..) => assert!(losses.is_empty()),
        }
        for _ in 0..5 {
            let v = rng.random_range(0..n);
            let last = rng.random_range(0..=solution.threshold(v));
            let ans = solution.answer(&tree, v, last);
            assert_eq!(ans.outcome, solution.outcome(v, last));
            let moves = solution.winning_moves(&tree, v, last);
            assert_eq!(ans.winning_moves.len(), moves.len().min(LISTED_MOVES));
            if moves.len() > LISTED_MOVES {
                assert_eq!(ans.winning_move_count, Some(moves.len() as u128));
            }
            // Each winning move leaves the opponent a loss; its length beats `last`.
            for &(u, d) in &moves {
                assert!(d > last);
                assert_eq!(solution.outcome(u, d), Outcome::Loss);
            }
            if let Some(u) = solution.first_move(v) {
                let d = u64::from(tree.distances_from(v)[u as usize]);
                assert_eq!(solution.outcome(u, d), Outcome::Loss);
            }
        }
    }
}
