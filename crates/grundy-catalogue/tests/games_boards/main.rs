//! The board games strongly solved (`games::boards`): each game's tiered solution against the
//! graph solver on every position reachable from its start, against a brute force of its own
//! rules, and against the published counts; its notation, its play and its answers. One
//! module a game; what they share is here.

mod dobutsu;
mod gobblet;
mod morris;
mod play_solved;
mod quixo;
mod teeko;
mod tic_tac_toe;

use std::fs;
use std::path::{Path, PathBuf};

use grundy::budget::Budget;
use grundy::outcome::Outcome;
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::rules::tiered::{solve_tiered, Solved, TierOptions, TierReach, Value};
use grundy::solve::{solve, SolveOptions};
use grundy_catalogue::games::boards::{answer_and_levels, answer_by_exploring, BoardRules};

/// An empty scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("boards-{name}"));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// The answer at the drawn position `id` from the strong solution lists the moves that keep
/// the draw in the engine's order, each with its level, as the graph's offers
/// ([`grundy::solve::draws::offer`]) order them stably: the first is `draw_move`'s.
fn drawn_answer_agrees<R>(
    rules: &R,
    solved: &Solved<R>,
    explored: &grundy::rules::Explored<R::Position>,
    solution: &grundy::solve::Solution,
    levels: &grundy::solve::DrawLevels,
    id: u32,
) where
    R: BoardRules + Clone,
    R::Position: Send + Sync + std::fmt::Debug,
{
    let p = explored.position(id);
    let (answer, draw) = answer_and_levels(solved, p).unwrap();
    let mut expected = Vec::new();
    if rules.result(p).is_none() {
        for (name, q) in rules.named_moves(p) {
            let to = explored.id(&q).unwrap();
            if let Some(offer) =
                grundy::solve::draws::offer(&explored.graph, solution, levels, id, to)
            {
                expected.push((name, offer));
            }
        }
    }
    expected.sort_by(|(_, a), (_, b)| a.compare(b));
    let names: Vec<_> = expected.iter().map(|(n, _)| n.clone()).collect();
    assert_eq!(answer.best_moves, names, "{}", rules.write(p));
    let offered: Vec<_> = expected.iter().map(|(_, o)| Some(o.level)).collect();
    assert_eq!(draw.moves, offered, "{}", rules.write(p));
    if id == 0 {
        // Explored from the start rather than read from the files: the same answer.
        let (by_exploring, drawn) =
            answer_by_exploring(rules, p, &Budget::default(), "none", &NoProgress).unwrap();
        assert_eq!(
            (&by_exploring.best_moves, &drawn),
            (&answer.best_moves, &draw)
        );
    }
    let engine = grundy::solve::draw_move(&explored.graph, solution, levels, id);
    let first = names.first().map(|n| {
        let named = rules.named_moves(p);
        named.into_iter().find(|(m, _)| m == n).unwrap().1
    });
    assert_eq!(
        engine.map(|q| explored.position(q).clone()),
        first,
        "{}",
        rules.write(p)
    );
}

/// The solution's count of the positions reachable from the start, tier by tier (with those
/// where the game is over and their outcomes), is the explored graph's.
fn reach_agrees<R>(
    rules: &R,
    solved: &Solved<R>,
    explored: &grundy::rules::Explored<R::Position>,
    solution: &grundy::solve::Solution,
) where
    R: BoardRules + Clone,
    R::Position: Send + Sync + std::fmt::Debug,
{
    let reach = solved
        .reachable(&[rules.start()], &Budget::default(), &NoProgress)
        .unwrap();
    let mut expected: Vec<TierReach> = (0..rules.tier_count())
        .map(|tier| TierReach {
            tier,
            positions: rules.tier_size(tier),
            reachable: 0,
            over: 0,
            counts: [0; 3],
        })
        .collect();
    for id in 0..explored.graph.position_count() as u32 {
        let p = explored.position(id);
        let tier = &mut expected[rules.tier(p) as usize];
        tier.reachable += 1;
        tier.over += u64::from(rules.result(p).is_some());
        tier.counts[match solution.outcome(id) {
            Outcome::Win => 0,
            Outcome::Loss => 1,
            Outcome::Draw => 2,
        }] += 1;
    }
    assert_eq!(reach, expected);
}

/// What [`tiered_against_graph`] found: the positions reachable from the start, and the
/// start's value.
pub struct Compared {
    /// The positions reachable from the start (the start included).
    pub reachable: usize,
    /// The start's value, by the tiered solution.
    pub start: Value,
    /// The reachable draws whose levels were compared, and those of a finite level.
    pub draws: [usize; 2],
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
    let levels =
        grundy::solve::draw_levels(&explored.graph, &solution, &Budget::default()).unwrap();
    let n = explored.graph.position_count();
    let mut draws = [0; 2];
    for id in 0..n as u32 {
        let p = explored.position(id);
        let value = solved.value(p).unwrap();
        assert_eq!(
            (value.outcome, value.remoteness),
            (solution.outcome(id), solution.remoteness(id)),
            "{}",
            rules.write(p)
        );
        assert_eq!(
            value.draw_level,
            levels.level(id),
            "draw level of {}",
            rules.write(p)
        );
        if let Some(level) = value.draw_level {
            draws[0] += 1;
            draws[1] += usize::from(level != grundy::solve::DrawLevel::Pure);
            drawn_answer_agrees(&rules, &solved, &explored, &solution, &levels, id);
        }
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
    reach_agrees(&rules, &solved, &explored, &solution);
    let start = solved.value(&rules.start()).unwrap();
    fs::remove_dir_all(&dir).unwrap();
    Compared {
        reachable: n,
        start,
        draws,
    }
}
