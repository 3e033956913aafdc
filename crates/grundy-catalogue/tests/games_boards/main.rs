//! The board games strongly solved (`games::boards`): each game's tiered solution against the
//! graph solver on every position reachable from its start, against a brute force of its own
//! rules, and against the published counts; its notation, its play and its answers. One
//! module a game; what they share is here.

mod dobutsu;
mod gobblet;
mod morris;
mod play_solved;
mod quixo;
mod tic_tac_toe;

use std::fs;
use std::path::{Path, PathBuf};

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::rules::tiered::{solve_tiered, Solved, TierOptions, Value};
use grundy::solve::{solve, SolveOptions};
use grundy_catalogue::games::boards::BoardRules;

/// An empty scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("boards-{name}"));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// What [`tiered_against_graph`] found: the positions reachable from the start, and the
/// start's value.
pub struct Compared {
    /// The positions reachable from the start (the start included).
    pub reachable: usize,
    /// The start's value, by the tiered solution.
    pub start: Value,
}

/// Solves `rules` strongly into a scratch folder and by the graph solver from the start, and
/// compares outcome and remoteness on every reachable position; each position's notation
/// reads back to it, and each named move is one of the rules' moves.
pub fn tiered_against_graph<R>(rules: R, name: &str) -> Compared
where
    R: BoardRules + Clone,
    R::Position: Send + Sync + std::fmt::Debug,
{
    let dir = scratch(name);
    solve_tiered(&rules, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let solved = Solved::open(rules.clone(), &dir).unwrap();
    let explored = explore(&rules, [rules.start()], &Budget::default(), &NoProgress).unwrap();
    let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
    let n = explored.graph.position_count();
    for id in 0..n as u32 {
        let p = explored.position(id);
        let value = solved.value(p).unwrap();
        assert_eq!(
            (value.outcome, value.remoteness),
            (solution.outcome(id), solution.remoteness(id)),
            "{}",
            rules.write(p)
        );
        assert_eq!(&rules.read(&rules.write(p)).unwrap(), p);
        let mut moves = grundy::rules::Moves::new();
        if rules.result(p).is_none() {
            rules.moves(p, &mut moves);
        }
        let named: Vec<_> = rules.named_moves(p).into_iter().map(|(_, q)| q).collect();
        assert_eq!(
            named,
            moves.to_vec(),
            "the named moves of {}",
            rules.write(p)
        );
    }
    let start = solved.value(&rules.start()).unwrap();
    fs::remove_dir_all(&dir).unwrap();
    Compared {
        reachable: n,
        start,
    }
}
