//! The dataflow engine against the in-memory solver on random graphs with cycles: 1, 2 and 4
//! workers, normal and misère play, integer ids and names, fixed results. Outcome and
//! remoteness must be identical; every best move must be an optimal move (a win's to a loss
//! of remoteness r − 1, a loss's to a win of remoteness r − 1, a draw's to a draw), since
//! engines may choose differently among equally good moves.

use grundy::graph::text::parse_str;
use grundy::solve::{grundy_values, solve, Solution, SolveOptions};
use grundy::{GameGraph, Outcome};
use grundy_timely::{Cell, Cluster, Error, Job, Part, Values};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random graph as text: `n` positions, each with up to `max_degree` moves to random
/// positions (so cycles abound), some declared alone, some with a fixed result when `fixed`;
/// names instead of integers when `named` (ids then also in a scrambled order).
fn random_graph(seed: u64, named: bool, fixed: bool) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let n = rng.random_range(1..40u32);
    let max_degree = rng.random_range(1..4u32);
    let id = |p: u32| {
        if named {
            format!("p{}", (p * 7 + 3) % 101)
        } else {
            (p * 3 % 97).to_string()
        }
    };
    let mut text = String::new();
    for p in 0..n {
        if rng.random_bool(0.2) {
            text += &format!("{}\n", id(p));
            continue;
        }
        for _ in 0..rng.random_range(0..=max_degree) {
            text += &format!("{} {}\n", id(p), id(rng.random_range(0..n)));
        }
        if fixed && rng.random_bool(0.1) {
            let result = ["win", "loss", "draw"][rng.random_range(0..3)];
            text += &format!("{} result={result}\n", id(p));
        }
    }
    text
}

fn solve_dataflow(text: &str, values: Values, misere: bool, workers: usize) -> Result<Part, Error> {
    let job = Job { values, misere };
    grundy_timely::solve(text.into(), "<input>", &job, &Cluster::threads(workers))
}

/// Checks a part of the whole graph against the in-memory solution.
fn check_outcomes(graph: &GameGraph, solution: &Solution, part: &Part, what: &str) {
    assert_eq!(part.rows.len(), graph.position_count(), "{what}: rows");
    let (w, l, d) = solution.counts();
    assert_eq!(
        part.summary.counts,
        [w as u64, l as u64, d as u64],
        "{what}"
    );
    assert_eq!(
        part.summary.positions,
        graph.position_count() as u64,
        "{what}"
    );
    assert_eq!(part.summary.moves, graph.move_count() as u64, "{what}");
    for (p, row) in part.rows.iter().enumerate() {
        let p = p as u32;
        assert_eq!(
            row.node.to_string(),
            graph.label(p),
            "{what}: order of rows"
        );
        let Cell::Outcome {
            outcome,
            remoteness,
            best,
        } = &row.cell
        else {
            panic!("{what}: an outcome row expected");
        };
        assert_eq!(
            *outcome,
            solution.outcome(p),
            "{what}: outcome of {}",
            row.node
        );
        assert_eq!(
            *remoteness,
            solution.remoteness(p),
            "{what}: remoteness of {}",
            row.node
        );
        let best = best
            .as_ref()
            .map(|b| graph.index_of(&b.to_string()).expect("a position"));
        assert_eq!(
            best.is_some(),
            solution.best_move(p).is_some(),
            "{what}: {}",
            row.node
        );
        let Some(q) = best else { continue };
        assert!(
            graph.options(p).contains(&q),
            "{what}: {} -> {q} is a move",
            row.node
        );
        let next = |r: u32| Some(r - 1);
        match outcome {
            Outcome::Win => {
                assert_eq!(solution.outcome(q), Outcome::Loss, "{what}: {}", row.node);
                assert_eq!(solution.remoteness(q), remoteness.and_then(next), "{what}");
            }
            Outcome::Loss => {
                assert_eq!(solution.outcome(q), Outcome::Win, "{what}: {}", row.node);
                assert_eq!(solution.remoteness(q), remoteness.and_then(next), "{what}");
            }
            Outcome::Draw => assert_eq!(solution.outcome(q), Outcome::Draw, "{what}"),
        }
    }
}

#[test]
fn outcomes_match_the_in_memory_solver() {
    for seed in 0..300 {
        let named = seed % 3 == 1;
        let text = random_graph(seed, named, seed % 2 == 0);
        let graph = parse_str(&text).unwrap();
        for misere in [false, true] {
            let options = SolveOptions {
                misere,
                preferences: None,
            };
            let solution = solve(&graph, &options).unwrap();
            for workers in [1, 2, 4] {
                let what = format!("seed {seed}, misère {misere}, {workers} workers");
                let part = solve_dataflow(&text, Values::Outcome, misere, workers).unwrap();
                check_outcomes(&graph, &solution, &part, &what);
            }
        }
    }
}

/// A random acyclic graph: moves only go to smaller ids.
fn random_dag(seed: u64) -> String {
    let mut rng = StdRng::seed_from_u64(seed);
    let n = rng.random_range(1..50u32);
    let mut text = String::new();
    for p in 0..n {
        text += &format!("{p}\n");
        for _ in 0..rng.random_range(0..5) {
            if p > 0 {
                text += &format!("{p} {}\n", rng.random_range(0..p));
            }
        }
    }
    text
}

#[test]
fn grundy_values_match_on_acyclic_graphs() {
    for seed in 0..150 {
        let text = random_dag(seed);
        let graph = parse_str(&text).unwrap();
        let expected = grundy_values(&graph).unwrap();
        for workers in [1, 2, 4] {
            let part = solve_dataflow(&text, Values::Grundy, false, workers).unwrap();
            let values: Vec<u32> = part
                .rows
                .iter()
                .map(|row| match row.cell {
                    Cell::Value(v) => v,
                    _ => panic!("a value row expected"),
                })
                .collect();
            let labels: Vec<String> = part.rows.iter().map(|r| r.node.to_string()).collect();
            let n = graph.position_count() as u32;
            assert_eq!(labels, (0..n).map(|p| graph.label(p)).collect::<Vec<_>>());
            let want: Vec<u32> = (0..n).map(|p| expected.finite(p).unwrap()).collect();
            assert_eq!(values, want, "seed {seed}, {workers} workers");
            assert_eq!(part.summary.max_value, want.iter().copied().max());
        }
    }
}

#[test]
fn grundy_values_refuse_a_cycle() {
    let error = solve_dataflow("a b\nb c\nc b\nd\n", Values::Grundy, false, 2).unwrap_err();
    let message = error.to_string();
    assert!(message.contains("acyclic"), "{message}");
    let error = solve_dataflow("a b\nb result=win\n", Values::Grundy, false, 2).unwrap_err();
    assert!(error.to_string().starts_with("<input>:2:3: "), "{error}");
}

#[test]
fn errors_name_the_place() {
    let error = solve_dataflow("a b\nc, d\n", Values::Outcome, false, 2).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("<input>:2:2: unexpected character ','"),
        "{error}"
    );
    let error = solve_dataflow("a b\na player=1\n", Values::Outcome, false, 2).unwrap_err();
    assert!(error.to_string().starts_with("<input>:2:3: "), "{error}");
    let error =
        solve_dataflow("a result=win\na result=loss\n", Values::Outcome, false, 1).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("<input>:2:3: contradictory attributes"),
        "{error}"
    );
}

#[test]
fn the_empty_graph() {
    let part = solve_dataflow("# nothing\n", Values::Outcome, false, 2).unwrap();
    assert!(part.rows.is_empty());
    assert_eq!(part.summary.positions, 0);
}

/// A fault put into a random line of a random graph is reported at the same line and column,
/// with the same message, as the in-memory reader reports it, however many workers cut the
/// file into ranges (so whichever range holds it).
#[test]
fn errors_are_placed_as_the_in_memory_reader_places_them() {
    let faults = [
        "c, d",
        "p1 result=maybe",
        "p2 p3 p4",
        "p5 result=win",
        "p5 result=loss",
        "p6 player=1",
        "99999999999 1",
    ];
    let mut refused = 0;
    for seed in 0..120 {
        let mut rng = StdRng::seed_from_u64(seed);
        let text = random_graph(seed, seed % 2 == 0, true);
        let mut lines: Vec<&str> = text.lines().collect();
        let at = rng.random_range(0..=lines.len());
        lines.insert(at, faults[seed as usize % faults.len()]);
        if seed % 7 == 3 {
            // A second fault later: the first in the file's order is the one reported.
            let later = rng.random_range(at + 1..=lines.len());
            lines.insert(later, "x y z");
        }
        let text = lines.join("\n") + "\n";
        let expected = parse_str(&text).map(|_| ()).map_err(|e| e.to_string());
        refused += usize::from(expected.is_err());
        for workers in 1..=5 {
            let found = solve_dataflow(&text, Values::Outcome, false, workers)
                .map(|_| ())
                .map_err(|e| e.to_string());
            match (&expected, &found) {
                (Err(e), Err(f)) => assert_eq!(e, f, "seed {seed}, {workers} workers:\n{text}"),
                (Ok(()), Ok(())) => {}
                // The distributed engine refuses players, which the in-memory reader takes.
                (Ok(()), Err(f)) => assert!(f.contains("player or payoff"), "{f}"),
                (Err(e), Ok(())) => panic!("seed {seed}, {workers} workers: {e} was accepted"),
            }
        }
    }
    assert!(refused >= 60, "only {refused} texts with a fault");
}
