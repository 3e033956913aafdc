//! The games of the reference notes that are position graphs, solved and checked against
//! answers worked out by hand and against a naive fixpoint iteration written here.
//!
//! - [SBCOI2020] 时光的流逝 (notes 003): a token on a directed graph, reaching the target
//!   ends the game.
//! - The loopy card game of notes 002.
//! - The preference example of notes 000 (player 1: endless play > win > loss, player 2:
//!   win > loss > endless play), and the other opposite rankings.

use std::error::Error;

use grundy::graph::text::parse_str;
use grundy::solve::{
    principal_line, solve, LineEnd, Outcome, Preferences, Ranking, Solution, SolveOptions,
};
use grundy::GameGraph;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

type TestResult = Result<(), Box<dyn Error>>;
/// The outcome and remoteness of a position.
type Answer = (Outcome, Option<u32>);

// ---------------------------------------------------------------------------------------------
// The independent brute force
// ---------------------------------------------------------------------------------------------

/// Outcome and remoteness of every position by naive fixpoint iteration, in synchronous
/// rounds: in round k (from the state after round k - 1) an undecided position that is not
/// terminal becomes a win if some option is a loss, a loss if every option is a win. Repeat
/// until nothing changes; what is left undecided is a draw. The round in which a position is
/// decided is its remoteness: a win is decided one round after its fastest losing option, a
/// loss one round after its slowest option. Terminal positions are decided in round 0 (their
/// fixed result, else a loss); a fixed draw is never decided.
fn brute_force(graph: &GameGraph) -> Vec<Answer> {
    let n = graph.position_count() as u32;
    let mut state: Vec<Option<(Outcome, u32)>> = (0..n)
        .map(|p| match graph.fixed_result(p) {
            Some(Outcome::Draw) => None,
            Some(o) => Some((o, 0)),
            None if graph.options(p).is_empty() => Some((Outcome::Loss, 0)),
            None => None,
        })
        .collect();
    let mut round = 0;
    loop {
        round += 1;
        let before = state.clone();
        let mut changed = false;
        for p in 0..n {
            if before[p as usize].is_some() || graph.is_terminal(p) {
                continue;
            }
            let outcomes: Vec<Option<Outcome>> = graph
                .options(p)
                .iter()
                .map(|&q| before[q as usize].map(|(o, _)| o))
                .collect();
            if outcomes.contains(&Some(Outcome::Loss)) {
                state[p as usize] = Some((Outcome::Win, round));
                changed = true;
            } else if outcomes.iter().all(|&o| o == Some(Outcome::Win)) {
                state[p as usize] = Some((Outcome::Loss, round));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    state
        .into_iter()
        .map(|s| match s {
            Some((o, r)) => (o, Some(r)),
            None => (Outcome::Draw, None),
        })
        .collect()
}

/// Checks a solution against the brute force: outcome and remoteness of every position, and
/// that every best move is an option that realises the outcome and remoteness.
fn check_against_brute_force(graph: &GameGraph, solution: &Solution, context: &str) {
    let expected = brute_force(graph);
    assert_eq!(solution.len(), graph.position_count(), "{context}");
    for p in 0..graph.position_count() as u32 {
        let (outcome, remoteness) = expected[p as usize];
        let label = graph.label(p);
        assert_eq!(
            solution.outcome(p),
            outcome,
            "{context}: outcome of position {label}"
        );
        assert_eq!(
            solution.remoteness(p),
            remoteness,
            "{context}: remoteness of position {label}"
        );
        let best = solution.best_move(p);
        if graph.is_terminal(p) {
            assert_eq!(best, None, "{context}: best move of terminal {label}");
            continue;
        }
        let q = best.unwrap_or_else(|| panic!("{context}: no best move at {label}"));
        assert!(
            graph.options(p).contains(&q),
            "{context}: best move of {label} is not one of its options"
        );
        let (q_outcome, q_remoteness) = expected[q as usize];
        match outcome {
            Outcome::Win => {
                assert_eq!(q_outcome, Outcome::Loss, "{context}: best move of {label}");
                assert_eq!(
                    q_remoteness.map(|r| r + 1),
                    remoteness,
                    "{context}: {label}"
                );
            }
            Outcome::Loss => {
                assert_eq!(q_outcome, Outcome::Win, "{context}: best move of {label}");
                assert_eq!(
                    q_remoteness.map(|r| r + 1),
                    remoteness,
                    "{context}: {label}"
                );
            }
            Outcome::Draw => {
                assert_eq!(q_outcome, Outcome::Draw, "{context}: best move of {label}")
            }
        }
    }
}

/// Checks the principal line from `start`: consecutive positions are moves, a decided start
/// has `remoteness + 1` positions ending where the game ends, and a drawn start goes round
/// a cycle of draws.
fn check_principal_line(graph: &GameGraph, solution: &Solution, start: u32) {
    let line = principal_line(solution, start);
    assert_eq!(line.positions[0], start);
    for pair in line.positions.windows(2) {
        assert!(
            graph.options(pair[0]).contains(&pair[1]),
            "the line {:?} follows moves",
            line.positions
        );
    }
    match solution.remoteness(start) {
        Some(r) => {
            assert_eq!(line.positions.len(), r as usize + 1);
            assert_eq!(line.end, LineEnd::Terminal);
            let last = *line.positions.last().unwrap();
            assert!(graph.is_terminal(last));
            assert_eq!(solution.remoteness(last), Some(0));
            // Win and loss alternate along the line.
            for (i, &q) in line.positions.iter().enumerate() {
                let expected = if i % 2 == 0 {
                    solution.outcome(start)
                } else {
                    solution.outcome(start).flip()
                };
                assert_eq!(solution.outcome(q), expected);
            }
        }
        None => {
            assert_eq!(solution.outcome(start), Outcome::Draw);
            assert_eq!(line.end, LineEnd::Repeats);
            for &q in &line.positions {
                assert_eq!(solution.outcome(q), Outcome::Draw);
            }
        }
    }
}

fn outcome_of(solution: &Solution, graph: &GameGraph, label: &str) -> Answer {
    let p = graph
        .index_of(label)
        .unwrap_or_else(|| panic!("no position {label}"));
    (solution.outcome(p), solution.remoteness(p))
}

// ---------------------------------------------------------------------------------------------
// (a) [SBCOI2020] 时光的流逝
// ---------------------------------------------------------------------------------------------

/// The graph of the problem as text, with positions `1..=n` and the query's target marked
/// `result=loss`: the player who would have to move at the target has lost (whoever moved
/// there won). The target keeps its outgoing moves; the fixed result takes precedence.
fn time_graph_text(n: u32, edges: &[(u32, u32)], target: u32) -> String {
    let mut text = String::from("# [SBCOI2020] 时光的流逝\n");
    for v in 1..=n {
        if v == target {
            text.push_str(&format!("{v} result=loss\n"));
        } else {
            text.push_str(&format!("{v}\n"));
        }
    }
    for &(u, v) in edges {
        text.push_str(&format!("{u} {v}\n"));
    }
    text
}

/// A graph worked by hand: a cycle 1 -> 2 -> 3 -> 1 with an exit 3 -> 4 -> 5, a two-cycle
/// 7 <-> 8 with an exit 8 -> 3, and a position 6 without moves.
const TIME_EDGES: &[(u32, u32)] = &[
    (1, 2),
    (2, 3),
    (3, 1),
    (3, 4),
    (4, 5),
    (7, 8),
    (8, 7),
    (8, 3),
];

#[test]
fn time_flow_hand_made_queries() -> TestResult {
    use Outcome::{Draw, Loss, Win};
    // (target, [(position, outcome, remoteness)]) for every position 1..=8.
    let queries: [(u32, [Answer; 8]); 4] = [
        // Target 4: 3 moves to the target and wins; 2 must go to 3; 1 goes to 2. 8 can only
        // give 3 the win or go on round 7 <-> 8: a draw.
        (
            4,
            [
                (Win, Some(3)),
                (Loss, Some(2)),
                (Win, Some(1)),
                (Loss, Some(0)),
                (Loss, Some(0)),
                (Loss, Some(0)),
                (Draw, None),
                (Draw, None),
            ],
        ),
        // Target 1: the target keeps its move 1 -> 2 but the game ends there. 3 wins by
        // moving to 1; 4 wins by moving to 5, which has no moves.
        (
            1,
            [
                (Loss, Some(0)),
                (Loss, Some(2)),
                (Win, Some(1)),
                (Win, Some(1)),
                (Loss, Some(0)),
                (Loss, Some(0)),
                (Draw, None),
                (Draw, None),
            ],
        ),
        // Target 5: 4 wins at once, so 3 never moves to 4 and the cycle 1 -> 2 -> 3 goes on
        // forever; 8 and 7 only reach draws.
        (
            5,
            [
                (Draw, None),
                (Draw, None),
                (Draw, None),
                (Win, Some(1)),
                (Loss, Some(0)),
                (Loss, Some(0)),
                (Draw, None),
                (Draw, None),
            ],
        ),
        // Target 8: 7 wins by moving to 8; the cycle 1 -> 2 -> 3 is a draw again since 3
        // would only give 4 the win.
        (
            8,
            [
                (Draw, None),
                (Draw, None),
                (Draw, None),
                (Win, Some(1)),
                (Loss, Some(0)),
                (Loss, Some(0)),
                (Win, Some(1)),
                (Loss, Some(0)),
            ],
        ),
    ];
    for (target, expected) in queries {
        let graph = parse_str(&time_graph_text(8, TIME_EDGES, target))?;
        let solution = solve(&graph, &SolveOptions::default())?;
        for (i, &want) in expected.iter().enumerate() {
            let label = (i + 1).to_string();
            assert_eq!(
                outcome_of(&solution, &graph, &label),
                want,
                "target {target}, position {label}"
            );
        }
        check_against_brute_force(&graph, &solution, &format!("hand-made, target {target}"));
        for p in 0..graph.position_count() as u32 {
            check_principal_line(&graph, &solution, p);
        }
    }
    Ok(())
}

#[test]
fn time_flow_random_graphs_match_brute_force() -> TestResult {
    let mut rng = StdRng::seed_from_u64(0x5bc0_2020);
    let mut seen = [0usize; 3];
    for case in 0..2000 {
        let n: u32 = rng.random_range(1..=12);
        let edge_count = rng.random_range(0..=3 * n);
        let edges: Vec<(u32, u32)> = (0..edge_count)
            .map(|_| (rng.random_range(1..=n), rng.random_range(1..=n)))
            .collect();
        let target = rng.random_range(1..=n);
        let text = time_graph_text(n, &edges, target);
        let graph = parse_str(&text)?;
        assert_eq!(graph.position_count(), n as usize);
        assert_eq!(graph.move_count(), edges.len());
        let target_index = graph.index_of(&target.to_string()).expect("target exists");
        assert_eq!(graph.fixed_result(target_index), Some(Outcome::Loss));

        let solution = solve(&graph, &SolveOptions::default())?;
        check_against_brute_force(&graph, &solution, &format!("case {case}:\n{text}"));
        let (w, l, d) = solution.counts();
        seen[0] += w;
        seen[1] += l;
        seen[2] += d;
        let start = rng.random_range(0..n);
        check_principal_line(&graph, &solution, start);
    }
    // The random graphs exercise all three outcomes.
    assert!(seen.iter().all(|&c| c > 100), "outcome counts {seen:?}");
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// (b) The loopy card game of notes 002
// ---------------------------------------------------------------------------------------------

// Each player holds two cards with values 0..9. The players alternate; the player to move
// picks one of his own cards x and replaces it by (x + y) mod 10, where y is the card the
// opponent played last: we read "the card played" as the new value the opponent's move
// produced, and y = 0 before the opponent has played. A player whose hand holds a 0 after
// his move wins at once.
//
// A position is (mover's hand, opponent's hand, y), seen from the player to move. Hands hold
// no 0 while the game goes on, so they are unordered pairs of 1..9 (45 of them). Every move
// that produces a 0 goes to one terminal position fixed as a loss: the player to move there
// has lost. Two equal cards give the same move, which is added once.

const PAIRS: usize = 45;
const CARD_STATES: u32 = (PAIRS * PAIRS * 10) as u32;
/// The terminal position: the player who would move there has lost.
const CARD_END: u32 = CARD_STATES;

fn pair_list() -> Vec<(u8, u8)> {
    let mut pairs = Vec::with_capacity(PAIRS);
    for a in 1..=9u8 {
        for b in a..=9u8 {
            pairs.push((a, b));
        }
    }
    pairs
}

fn pair_index(a: u8, b: u8) -> usize {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    pair_list()
        .iter()
        .position(|&p| p == (a, b))
        .expect("cards are 1..9")
}

fn card_state(mover: (u8, u8), opponent: (u8, u8), y: u8) -> u32 {
    ((pair_index(mover.0, mover.1) * PAIRS + pair_index(opponent.0, opponent.1)) * 10 + y as usize)
        as u32
}

/// The mover's hand, the opponent's hand and y of a (non-terminal) position.
fn card_decode(p: u32) -> ((u8, u8), (u8, u8), u8) {
    let pairs = pair_list();
    let p = p as usize;
    let y = (p % 10) as u8;
    let opponent = pairs[(p / 10) % PAIRS];
    let mover = pairs[p / 10 / PAIRS];
    (mover, opponent, y)
}

/// The new card values the mover can produce: (x + y) mod 10 for each distinct card x.
fn card_plays(mover: (u8, u8), y: u8) -> Vec<(u8, u8)> {
    let mut plays = vec![(mover.0, mover.1)];
    if mover.0 != mover.1 {
        plays.push((mover.1, mover.0));
    }
    // (new value, the card kept)
    plays
        .into_iter()
        .map(|(x, kept)| ((x + y) % 10, kept))
        .collect()
}

fn card_game() -> GameGraph {
    let pairs = pair_list();
    let mut moves = Vec::new();
    for m in &pairs {
        for o in &pairs {
            for y in 0..10u8 {
                let from = card_state(*m, *o, y);
                for (new, kept) in card_plays(*m, y) {
                    let to = if new == 0 {
                        CARD_END
                    } else {
                        // The opponent moves next, with y = the value just produced.
                        card_state(*o, (kept, new), new)
                    };
                    moves.push((from, to));
                }
            }
        }
    }
    let mut fixed = vec![None; CARD_STATES as usize + 1];
    fixed[CARD_END as usize] = Some(Outcome::Loss);
    GameGraph::from_moves(CARD_STATES + 1, &moves).with_fixed_results(fixed)
}

#[test]
fn card_game_matches_brute_force_and_hand_analysis() -> TestResult {
    let graph = card_game();
    assert_eq!(graph.position_count(), 45 * 45 * 10 + 1);
    let solution = solve(&graph, &SolveOptions::default())?;

    // (i) Every position against the fixpoint iteration.
    check_against_brute_force(&graph, &solution, "card game");

    // (ii) Positions reasoned by hand.
    assert_eq!(solution.outcome(CARD_END), Outcome::Loss);
    assert_eq!(solution.remoteness(CARD_END), Some(0));
    // Holding 3 when the opponent just played 7: 3 + 7 = 10, a 0, a win in one move.
    let p = card_state((3, 5), (1, 1), 7);
    assert_eq!(solution.outcome(p), Outcome::Win);
    assert_eq!(solution.remoteness(p), Some(1));
    assert_eq!(solution.best_move(p), Some(CARD_END));
    // Holding (1, 1) after a 1: the only play makes a 2, and the opponent's 8 + 2 = 10.
    let p = card_state((1, 1), (8, 8), 1);
    let after = card_state((8, 8), (1, 2), 2);
    assert_eq!(graph.options(p), &[after]);
    assert_eq!(solution.outcome(after), Outcome::Win);
    assert_eq!(solution.remoteness(after), Some(1));
    assert_eq!(solution.outcome(p), Outcome::Loss);
    assert_eq!(solution.remoteness(p), Some(2));
    // In general: a win in one move is exactly a hand with x + y = 10, and a loss in two
    // moves a position where no card makes a 0 but every play lets the opponent make one.
    for p in 0..CARD_STATES {
        let (mover, opponent, y) = card_decode(p);
        assert_eq!(card_state(mover, opponent, y), p);
        let wins_now = (mover.0 + y) % 10 == 0 || (mover.1 + y) % 10 == 0;
        assert_eq!(
            solution.outcome(p) == Outcome::Win && solution.remoteness(p) == Some(1),
            wins_now,
            "{mover:?} {opponent:?} y={y}"
        );
        let loses_next = !wins_now
            && card_plays(mover, y)
                .iter()
                .all(|&(new, _)| (opponent.0 + new) % 10 == 0 || (opponent.1 + new) % 10 == 0);
        assert_eq!(
            solution.outcome(p) == Outcome::Loss && solution.remoteness(p) == Some(2),
            loses_next,
            "{mover:?} {opponent:?} y={y}"
        );
        // Before the opponent has played, every play is a pass: nobody wins at once.
        if y == 0 {
            assert_ne!(solution.remoteness(p), Some(1));
        }
    }

    // (iii) The start: A holds (1, 1), B holds (1, 1), nothing played yet.
    let start = card_state((1, 1), (1, 1), 0);
    let expected = brute_force(&graph)[start as usize];
    assert_eq!(
        (solution.outcome(start), solution.remoteness(start)),
        expected
    );
    check_principal_line(&graph, &solution, start);
    let line = principal_line(&solution, start);
    if let Some(r) = solution.remoteness(start) {
        assert_eq!(line.positions.len(), r as usize + 1);
        assert_eq!(*line.positions.last().unwrap(), CARD_END);
    }
    Ok(())
}

#[test]
fn card_game_through_the_text_format() -> TestResult {
    // The same game written out and read back is the same graph with the same solution.
    let graph = card_game();
    let mut text = Vec::new();
    grundy::graph::text::write(&graph, &mut text)?;
    let reread = parse_str(std::str::from_utf8(&text)?)?;
    assert_eq!(reread, graph);
    let options = SolveOptions::default();
    assert_eq!(solve(&reread, &options)?, solve(&graph, &options)?);
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// (c) Preferences: notes 000, player 1 ranks endless play > win > loss, player 2
//     win > loss > endless play
// ---------------------------------------------------------------------------------------------

fn notes_preferences() -> Result<Preferences, Box<dyn Error>> {
    Ok(Preferences::new(Ranking::parse("draw>win>loss")?, None)?)
}

fn solve_with(graph: &GameGraph, preferences: Preferences) -> Result<Solution, Box<dyn Error>> {
    Ok(solve(
        graph,
        &SolveOptions {
            misere: false,
            preferences: Some(preferences),
        },
    )?)
}

/// `(outcome for the player to move, remoteness, best move)` of a position.
fn row(
    graph: &GameGraph,
    solution: &Solution,
    label: &str,
) -> (Outcome, Option<u32>, Option<String>) {
    let p = graph
        .index_of(label)
        .unwrap_or_else(|| panic!("no position {label}"));
    (
        solution.outcome(p),
        solution.remoteness(p),
        solution.best_move(p).map(|q| graph.label(q)),
    )
}

fn some(label: &str) -> Option<String> {
    Some(label.to_string())
}

#[test]
fn notes_preference_ranking_is_the_opposite_pair() -> TestResult {
    let first = Ranking::parse("draw>win>loss")?;
    let second = Ranking::parse("win>loss>draw")?;
    assert_eq!(first.opposite(), second);
    assert_eq!(second.opposite(), first);
    let prefs = notes_preferences()?;
    assert_eq!(prefs.ranking(grundy::Player::One), first);
    assert_eq!(prefs.ranking(grundy::Player::Two), second);
    assert_eq!(Preferences::new(first, Some(second))?, prefs);
    assert_eq!(Preferences::from_second(second), prefs);
    assert!(Preferences::new(first, Some(first)).is_err());
    Ok(())
}

#[test]
fn notes_preference_two_cycle_with_an_exit() -> TestResult {
    use Outcome::{Draw, Loss, Win};
    // a <-> b, b -> c; nobody can move at c. Each position with each player to move.
    let graph = parse_str("a b\nb a\nb c\n")?.alternating();
    let solution = solve_with(&graph, notes_preferences()?)?;
    // At c the player to move cannot move and loses.
    assert_eq!(row(&graph, &solution, "c@1"), (Loss, Some(0), None));
    assert_eq!(row(&graph, &solution, "c@2"), (Loss, Some(0), None));
    // Player 1 at b could win by moving to c, but likes endless play better: he goes to a,
    // where player 2 has to come back to b. Endless play: a draw.
    assert_eq!(row(&graph, &solution, "b@1"), (Draw, None, some("a@2")));
    assert_eq!(row(&graph, &solution, "a@2"), (Draw, None, some("b@1")));
    // Player 2 at b wins by moving to c (he prefers winning to everything).
    assert_eq!(row(&graph, &solution, "b@2"), (Win, Some(1), some("c@1")));
    // Player 1 at a has to hand b to player 2, who wins.
    assert_eq!(row(&graph, &solution, "a@1"), (Loss, Some(2), some("b@2")));

    // With the usual ranking player 1 takes the win at b, and so player 2 loses at a.
    let usual = solve_with(&graph, Preferences::default())?;
    assert_eq!(row(&graph, &usual, "b@1"), (Win, Some(1), some("c@2")));
    assert_eq!(row(&graph, &usual, "a@2"), (Loss, Some(2), some("b@1")));
    assert_eq!(row(&graph, &usual, "b@2"), (Win, Some(1), some("c@1")));
    assert_eq!(row(&graph, &usual, "a@1"), (Loss, Some(2), some("b@2")));
    Ok(())
}

#[test]
fn notes_preference_player_two_prefers_losing_to_endless_play() -> TestResult {
    use Outcome::{Draw, Loss, Win};
    // a <-> b, a -> c -> d; nobody can move at d. The notes: positions the first pass leaves
    // open are not draws here, since player 2 would rather lose than play forever.
    let graph = parse_str("a b\nb a\na c\nc d\n")?.alternating();
    let solution = solve_with(&graph, notes_preferences()?)?;
    assert_eq!(row(&graph, &solution, "d@1"), (Loss, Some(0), None));
    assert_eq!(row(&graph, &solution, "d@2"), (Loss, Some(0), None));
    assert_eq!(row(&graph, &solution, "c@1"), (Win, Some(1), some("d@2")));
    assert_eq!(row(&graph, &solution, "c@2"), (Win, Some(1), some("d@1")));
    // Player 2 at a: endless play round a <-> b, or c, where player 1 wins. He prefers to
    // lose, and hurries to it.
    assert_eq!(row(&graph, &solution, "a@2"), (Loss, Some(2), some("c@1")));
    // So player 1 at b, whose only move is to a, wins.
    assert_eq!(row(&graph, &solution, "b@1"), (Win, Some(3), some("a@2")));
    // Player 1 at a keeps the play going round a <-> b (c would let player 2 win).
    assert_eq!(row(&graph, &solution, "a@1"), (Draw, None, some("b@2")));
    assert_eq!(row(&graph, &solution, "b@2"), (Draw, None, some("a@1")));

    // With the usual ranking player 2 at a keeps the play going instead.
    let usual = solve_with(&graph, Preferences::default())?;
    assert_eq!(row(&graph, &usual, "a@2"), (Draw, None, some("b@1")));
    assert_eq!(row(&graph, &usual, "b@1"), (Draw, None, some("a@2")));
    assert_eq!(row(&graph, &usual, "a@1"), (Draw, None, some("b@2")));
    Ok(())
}

#[test]
fn usual_preferences_on_the_alternating_game_agree_with_the_plain_solve() -> TestResult {
    // Solving with both players told apart and the usual ranking gives, for each player to
    // move, what the plain solve gives for "the player to move".
    let texts: [&str; 5] = [
        "a b\nb a\nb c\n",
        "a b\nb a\na c\nc d\n",
        &time_graph_text(8, TIME_EDGES, 4),
        &time_graph_text(8, TIME_EDGES, 5),
        "a b\nb c\nc a\nc d\nd e\ne d\nf result=win\nf a\ng result=draw\nh g\nh a\n",
    ];
    for text in texts {
        let graph = parse_str(text)?;
        let plain = solve(&graph, &SolveOptions::default())?;
        let alternating = graph.alternating();
        let both = solve_with(&alternating, Preferences::default())?;
        for p in 0..graph.position_count() as u32 {
            for copy in [2 * p, 2 * p + 1] {
                assert_eq!(both.outcome(copy), plain.outcome(p), "{text}: {p}");
                assert_eq!(both.remoteness(copy), plain.remoteness(p), "{text}: {p}");
            }
        }
    }
    Ok(())
}

/// A small game with players given, for each of the six rankings:
/// - `s` (player 1 to move) and `t` (player 2 to move) choose among `w` (player 1 wins: player
///   2 cannot move there), `l` (player 2 wins) and `e` (endless play, a pass forever).
/// - `u` (player 1) can only reach "player 2 wins", at once (`u -> l`) or a move later
///   (`u -> v -> l`); `u2` (player 2) likewise "player 1 wins", at once or through `v2`.
const SIX_RANKINGS_GAME: &str = "\
s player=1
t player=2
w player=2
l player=1
e player=2
e e
s w
s l
s e
t w
t l
t e
u player=1
v player=2
u l
u v
v l
u2 player=2
v2 player=1
u2 w
u2 v2
v2 w
";

#[test]
fn each_of_the_six_rankings_on_a_tiny_game() -> TestResult {
    use Outcome::{Draw, Loss, Win};
    let graph = parse_str(SIX_RANKINGS_GAME)?;
    let rankings = [
        "win>draw>loss",
        "win>loss>draw",
        "draw>win>loss",
        "draw>loss>win",
        "loss>win>draw",
        "loss>draw>win",
    ];
    for text in rankings {
        let first = Ranking::parse(text)?;
        let second = first.opposite();
        let solution = solve_with(&graph, Preferences::new(first, Some(second))?)?;
        let [best1, _, worst1] = first.0;
        let best2 = second.0[0];
        // Player 2's favourite is player 1's least favourite, seen from the other side.
        assert_eq!(best2, worst1.flip(), "{text}");

        // The end positions and the endless pass.
        assert_eq!(row(&graph, &solution, "w"), (Loss, Some(0), None), "{text}");
        assert_eq!(row(&graph, &solution, "l"), (Loss, Some(0), None), "{text}");
        assert_eq!(
            row(&graph, &solution, "e"),
            (Draw, None, some("e")),
            "{text}"
        );

        // s: player 1 takes his favourite result, at once.
        let expected_s = match best1 {
            Win => (Win, Some(1), some("w")),
            Loss => (Loss, Some(1), some("l")),
            Draw => (Draw, None, some("e")),
        };
        assert_eq!(row(&graph, &solution, "s"), expected_s, "{text}: s");
        // t: player 2 takes his favourite result (his own point of view), at once.
        let expected_t = match best2 {
            Win => (Win, Some(1), some("l")),
            Loss => (Loss, Some(1), some("w")),
            Draw => (Draw, None, some("e")),
        };
        assert_eq!(row(&graph, &solution, "t"), expected_t, "{text}: t");

        // u: player 1 loses whatever he does. He hurries if he likes losing better than
        // endless play, and delays otherwise.
        let rank1 = |o: Outcome| first.0.iter().position(|&x| x == o).unwrap();
        let (r_u, best_u) = if rank1(Loss) < rank1(Draw) {
            (1, "l")
        } else {
            (2, "v")
        };
        assert_eq!(
            row(&graph, &solution, "u"),
            (Loss, Some(r_u), some(best_u)),
            "{text}: u"
        );
        assert_eq!(row(&graph, &solution, "v"), (Win, Some(1), some("l")));
        // u2: player 2 loses whatever he does; he hurries if he likes losing (player 1 wins)
        // better than endless play, which is when player 1 likes endless play better than
        // winning.
        let (r_u2, best_u2) = if rank1(Draw) < rank1(Win) {
            (1, "w")
        } else {
            (2, "v2")
        };
        assert_eq!(
            row(&graph, &solution, "u2"),
            (Loss, Some(r_u2), some(best_u2)),
            "{text}: u2"
        );
        assert_eq!(row(&graph, &solution, "v2"), (Win, Some(1), some("w")));

        // Principal lines follow the best moves.
        for p in 0..graph.position_count() as u32 {
            let line = principal_line(&solution, p);
            match solution.remoteness(p) {
                Some(r) => assert_eq!(line.positions.len(), r as usize + 1, "{text}"),
                None => assert_eq!(line.end, LineEnd::Repeats, "{text}"),
            }
        }
    }
    Ok(())
}

#[test]
fn each_of_the_six_rankings_on_the_two_cycle() -> TestResult {
    use Outcome::{Draw, Loss, Win};
    // a <-> b, b -> c, each position with each player to move. Whoever is at b chooses
    // between ending the game (the other player is stuck at c and loses) and endless play
    // (a has only the move back to b). At a the player must hand b to the other player.
    let graph = parse_str("a b\nb a\nb c\n")?.alternating();
    for text in [
        "win>draw>loss",
        "win>loss>draw",
        "draw>win>loss",
        "draw>loss>win",
        "loss>win>draw",
        "loss>draw>win",
    ] {
        let first = Ranking::parse(text)?;
        let solution = solve_with(&graph, Preferences::new(first, None)?)?;
        for (player, ranking) in [(1, first), (2, first.opposite())] {
            let other = 3 - player;
            let rank = |o: Outcome| ranking.0.iter().position(|&x| x == o).unwrap();
            let b = format!("b@{player}");
            let a_other = format!("a@{other}");
            let c_other = format!("c@{other}");
            // The player at b: winning at once, or endless play.
            let expected_b = if rank(Win) < rank(Draw) {
                (Win, Some(1), Some(c_other))
            } else {
                (Draw, None, Some(a_other.clone()))
            };
            assert_eq!(row(&graph, &solution, &b), expected_b, "{text}: {b}");
            // The other player at a must move to b: he gets the mirror of that.
            let expected_a = match expected_b.0 {
                Win => (Loss, Some(2), Some(b.clone())),
                _ => (Draw, None, Some(b.clone())),
            };
            assert_eq!(
                row(&graph, &solution, &a_other),
                expected_a,
                "{text}: {a_other}"
            );
        }
    }
    Ok(())
}
