//! The generic search (`grundy::search::solver`) against the exhaustive solvers: rulesets'
//! positions against their canonical forms' outcome classes, with every technique on and
//! off; Domineering's counting bounds against brute force; rules games (draws by the rules
//! included) against the retrograde solver on their explored graphs; Domineering's empty
//! rectangles against the published table.

mod common;

use common::domineering::published_rectangles;
use common::rulesets::random_grids;
use grundy::budget::Budget;
use grundy::outcome::Outcome;
use grundy::partizan::rulesets::clobber::Clobber;
use grundy::partizan::rulesets::domineering::{Board, CountRules, Domineering};
use grundy::partizan::rulesets::konane::Konane;
use grundy::partizan::rulesets::toads_frogs::ToadsAndFrogs;
use grundy::partizan::rulesets::{Evaluator, RaceBounds, Ruleset};
use grundy::partizan::search::{PositionSearch, RulesetSearch, SearchError, SearchOptions};
use grundy::partizan::{GameStore, OutcomeClass, Side};
use grundy::progress::NoProgress;
use grundy::rules::search::{search, GameSearchError};
use grundy::rules::{explore, Game, Moves};
use grundy::search::solver::Options;
use grundy::solve::{solve, SolveOptions};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The configurations searched: every technique, then each left out, and two threads.
fn configurations() -> Vec<SearchOptions> {
    let full = SearchOptions::default();
    let with = |f: fn(&mut SearchOptions)| {
        let mut o = full;
        f(&mut o);
        o
    };
    vec![
        full,
        with(|o| o.small = None),
        with(|o| o.small = Some(0)),
        with(|o| o.small = Some(40)),
        with(|o| o.search.ordering = false),
        with(|o| o.search.table_bytes = 0),
        with(|o| o.search.threads = 2),
        with(|o| o.search.on_caller = true),
    ]
}

/// The class of `p` by search with each player first.
fn searched_class<R>(search: &mut RulesetSearch<R>, p: &R::Position) -> OutcomeClass
where
    R: Ruleset + Clone + Send,
    R::Position: Send + Sync,
    R::Move: Send,
{
    let budget = Budget::default();
    let left = search.search(p, Side::Left, &budget, &NoProgress).unwrap();
    let right = search.search(p, Side::Right, &budget, &NoProgress).unwrap();
    for (s, side) in [(&left, Side::Left), (&right, Side::Right)] {
        // A winner's best move is a move, and the line starts with it.
        let after = |m: Option<&(R::Move, R::Position)>| m.map(|(_, q)| q.clone());
        assert_eq!(after(s.line.first()), after(s.best.as_ref()), "{side:?}");
    }
    OutcomeClass::from_left_wins(left.wins, !right.wins)
}

/// Every position of `texts`: the class by search, under every configuration, equals the
/// canonical form's; and the best move of a winner leads to a position it wins.
fn against_canonical_forms<R>(rules: R, texts: &[String])
where
    R: Ruleset + Clone + Send,
    R::Position: Send + Sync,
    R::Move: Send,
{
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(rules.clone());
    let mut searches: Vec<_> = configurations()
        .into_iter()
        .map(|o| {
            (
                o,
                RulesetSearch::new(rules.clone(), o, &Budget::default()).unwrap(),
            )
        })
        .collect();
    for text in texts {
        let p = rules.parse(text).unwrap();
        let v = evaluator.value(&mut store, &p).unwrap();
        let truth = store.outcome(v).unwrap();
        for (o, search) in &mut searches {
            assert_eq!(searched_class(search, &p), truth, "{text} under {o:?}");
        }
        // The winner's move wins: the position after it, the opponent to move, is ≥ 0 for
        // Left (≤ 0 for Right) by its canonical form.
        let (_, search) = &mut searches[0];
        for side in [Side::Left, Side::Right] {
            let s = search
                .search(&p, side, &Budget::default(), &NoProgress)
                .unwrap();
            if let (true, Some((_, after))) = (s.wins, &s.best) {
                let w = evaluator.value(&mut store, after).unwrap();
                let mover_wins = match side {
                    Side::Left => store.leq(grundy::partizan::GameId::ZERO, w).unwrap(),
                    Side::Right => store.leq(w, grundy::partizan::GameId::ZERO).unwrap(),
                };
                assert!(
                    mover_wins,
                    "{text}: {side:?}'s move to {} does not win",
                    rules.show(after)
                );
            }
        }
    }
}

#[test]
fn domineering_by_search_has_the_classes_of_canonical_forms() {
    let grids = random_grids(0x5ea_0001, 120, 20, &[('.', 4), ('#', 1)]);
    against_canonical_forms(Domineering, &grids);
}

#[test]
fn clobber_by_search_has_the_classes_of_canonical_forms() {
    let grids = random_grids(0x5ea_0002, 80, 12, &[('x', 2), ('o', 2), ('.', 1)]);
    against_canonical_forms(Clobber::CLOBBER, &grids);
}

#[test]
fn konane_by_search_has_the_classes_of_canonical_forms() {
    let grids = random_grids(0x5ea_0003, 80, 16, &[('x', 2), ('o', 2), ('.', 2)]);
    against_canonical_forms(Konane, &grids);
}

#[test]
fn toads_and_frogs_by_search_has_the_classes_of_canonical_forms() {
    let mut rng = StdRng::seed_from_u64(0x5ea_0004);
    let strips: Vec<String> = (0..80)
        .map(|_| {
            let n = rng.random_range(1..=10);
            (0..n)
                .map(|_| ['T', 'F', '.', '.'][rng.random_range(0..4)])
                .collect()
        })
        .collect();
    against_canonical_forms(ToadsAndFrogs, &strips);
}

/// The most dominoes of one direction placed one after another, the other player never
/// moving: brute force over the placements.
fn most_alone(board: &Board, vertical: bool) -> usize {
    let mut moves = Vec::new();
    board.place(vertical, &mut moves);
    moves
        .iter()
        .map(|(_, b)| 1 + most_alone(b, vertical))
        .max()
        .unwrap_or(0)
}

/// Every board the other direction's dominoes can leave from `board` (any number placed).
fn after_opponent(board: &Board, vertical: bool, out: &mut Vec<Board>) {
    if out.contains(board) {
        return;
    }
    out.push(*board);
    let mut moves = Vec::new();
    board.place(!vertical, &mut moves);
    for (_, b) in &moves {
        after_opponent(b, vertical, out);
    }
}

#[test]
fn domineering_bounds_are_sound() {
    let grids = random_grids(0x5ea_0005, 300, 16, &[('.', 4), ('#', 1)]);
    for text in &grids {
        let board = Board::parse(text).unwrap();
        for vertical in [true, false] {
            let (safe, most) = board.bounds(vertical);
            // The most: exactly the packing of runs, which no sequence of moves beats.
            assert_eq!(most, most_alone(&board, vertical), "{text} {vertical}");
            // Safe moves survive anything the opponent does.
            let mut reached = Vec::new();
            after_opponent(&board, vertical, &mut reached);
            for b in &reached {
                assert!(
                    most_alone(b, vertical) >= safe,
                    "{text} {vertical}: {}",
                    b.show()
                );
            }
            assert!(safe <= most);
        }
    }
}

/// Whether the player to move wins `board` plus an integer `k` (`k` free moves for the
/// vertical player if positive, `-k` for the horizontal one if negative): brute force.
fn wins_with_integer(
    board: &Board,
    k: i8,
    vertical: bool,
    memo: &mut std::collections::HashMap<(Board, i8, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(*board, k, vertical)) {
        return w;
    }
    let mut moves = Vec::new();
    board.place(vertical, &mut moves);
    let mut wins = moves
        .iter()
        .any(|(_, b)| !wins_with_integer(b, k, !vertical, memo));
    if !wins && vertical && k > 0 {
        wins = !wins_with_integer(board, k - 1, !vertical, memo);
    }
    if !wins && !vertical && k < 0 {
        wins = !wins_with_integer(board, k + 1, !vertical, memo);
    }
    memo.insert((*board, k, vertical), wins);
    wins
}

/// The count of moves (`RaceBounds::race` on Domineering's bounds, zones and room) never
/// contradicts the outcome by brute force, on random boards with integers of either player
/// added (which move each bound to its threshold), under every combination of the count's
/// rules; and it decides positions that the safe and most moves alone do not, and
/// positions that it does not decide with either of its rules turned off.
#[test]
fn domineering_race_counts_are_sound() {
    let mut grids = random_grids(0x5ea_0007, 1500, 26, &[('.', 6), ('#', 1)]);
    grids.extend(random_grids(0x5ea_0008, 1500, 26, &[('.', 4), ('#', 1)]));
    let mut memo = std::collections::HashMap::new();
    // Lines apart, then in chains; with options, then without.
    let rules = [(false, true), (true, true), (false, false), (true, false)]
        .map(|(chains, options)| CountRules { chains, options });
    // Decided by either packing, as the search decides; of those, not by the safe and
    // most moves alone; not without chains; not without options.
    let mut decided = [0; 4];
    for text in &grids {
        let board = Board::parse(text).unwrap();
        for k in -4i8..=4 {
            let n = usize::from(k.unsigned_abs());
            let i = usize::from(k < 0);
            let (mine, theirs) = RaceBounds::integer(n);
            let with_integer = |mut b: [RaceBounds; 2]| {
                b[i] += mine;
                b[1 - i] += theirs;
                b
            };
            let plain = with_integer([true, false].map(|v| {
                let (safe, most) = board.bounds(v);
                RaceBounds::counted(safe, most, board.bounds(!v).1)
            }));
            let counted = rules.map(|r| with_integer([true, false].map(|v| board.race_with(v, r))));
            for (x, y, vertical) in [(0, 1, true), (1, 0, false)] {
                let truth = wins_with_integer(&board, k, vertical, &mut memo);
                let races = counted.map(|b| RaceBounds::race(&b[x], &b[y]));
                for (race, (r, b)) in races.iter().zip(rules.iter().zip(&counted)) {
                    if let Some(v) = race {
                        assert_eq!(
                            *v > 0,
                            truth,
                            "{text} + {k}, vertical {vertical}, {r:?}: {b:?}"
                        );
                    }
                }
                if races[0].or(races[1]).is_some() {
                    decided[0] += 1;
                    let undecided = [
                        RaceBounds::race(&plain[x], &plain[y]),
                        races[0],
                        races[2].or(races[3]),
                    ];
                    for (d, u) in decided[1..].iter_mut().zip(undecided) {
                        *d += usize::from(u.is_none());
                    }
                }
            }
        }
    }
    let [all, zones, chains, options] = decided;
    eprintln!(
        "{all} decided: {zones} not by the safe and most moves alone, {chains} not without chains, {options} not without options"
    );
    assert!(zones > 100 && chains > 10 && options > 10, "{decided:?}");
}

/// A game on numbered positions, its moves and its ending results from a table: positions
/// move only to smaller numbers (no cycles), some end the game with a result.
#[derive(Clone)]
struct Table {
    moves: Vec<Vec<u32>>,
    results: Vec<Option<Outcome>>,
}

impl Game for Table {
    type Position = u32;

    fn moves(&self, &p: &u32, out: &mut Moves<u32>) {
        out.extend(self.moves[p as usize].iter().copied());
    }

    fn result(&self, &p: &u32) -> Option<Outcome> {
        self.results[p as usize]
    }
}

fn random_table(rng: &mut StdRng, cycles: bool) -> Table {
    let n = rng.random_range(1..=40usize);
    let moves = (0..n)
        .map(|p| {
            let k = rng.random_range(0..=3);
            (0..k)
                .filter_map(|_| {
                    let to = if cycles { n } else { p };
                    (to > 0).then(|| rng.random_range(0..to as u32))
                })
                .collect()
        })
        .collect();
    let results = (0..n)
        .map(|_| match rng.random_range(0..10) {
            0 => Some(Outcome::Draw),
            1 => Some(Outcome::Win),
            2 => Some(Outcome::Loss),
            _ => None,
        })
        .collect();
    Table { moves, results }
}

#[test]
fn rules_games_by_search_have_the_retrograde_outcomes() {
    let mut rng = StdRng::seed_from_u64(0x5ea_0006);
    for round in 0..2000 {
        let cycles = round % 4 == 0;
        let table = random_table(&mut rng, cycles);
        let start = rng.random_range(0..table.moves.len() as u32);
        let explored = explore(&table, [start], &Budget::default(), &NoProgress).unwrap();
        let truth = solve(&explored.graph, &SolveOptions::default()).unwrap();
        let expected = truth.outcome(explored.id(&start).unwrap());
        // One thread, two, or the calling thread.
        let options = Options {
            threads: 1 + round % 2,
            on_caller: round % 3 == 2,
            ..Options::default()
        };
        match search(table.clone(), &start, options, 100, &Budget::default()) {
            Ok(found) => {
                assert_eq!(found.outcome, expected, "round {round}");
                assert_eq!(found.line.first(), found.best.as_ref(), "round {round}");
                // Each move of the line is a best move: the outcome for the player to move
                // flips at each.
                let mut outcome = expected;
                for q in &found.line {
                    outcome = outcome.flip();
                    let id = explored.id(q).unwrap();
                    assert_eq!(truth.outcome(id), outcome, "round {round}");
                }
            }
            Err(GameSearchError::Cycle) => assert!(cycles, "round {round}: a cycle in a DAG"),
            Err(e) => panic!("round {round}: {e}"),
        }
    }
}

#[test]
fn a_search_out_of_nodes_says_so() {
    let budget = Budget::default().with_positions(1000);
    let board = Board::empty(6, 6).unwrap();
    let mut s = RulesetSearch::new(Domineering, SearchOptions::default(), &budget).unwrap();
    match s.search(&board, Side::Left, &budget, &NoProgress) {
        Err(SearchError::Budget(e)) => assert!(e.to_string().contains("searching"), "{e}"),
        other => panic!("expected the budget to run out, got {other:?}"),
    }
}

/// The published boards whose size `fits`, searched with each player first.
fn rectangles_against_the_published_table(fits: impl Fn(usize, usize) -> bool) {
    let mut search =
        RulesetSearch::new(Domineering, SearchOptions::default(), &Budget::default()).unwrap();
    let boards = published_rectangles();
    assert_eq!(boards.len(), 64);
    for (m, n, class) in boards {
        if fits(m, n) {
            let board = Board::empty(m as u8, n as u8).unwrap();
            assert_eq!(searched_class(&mut search, &board), class, "{m} x {n}");
        }
    }
}

#[test]
fn domineering_rectangles_have_the_published_classes() {
    rectangles_against_the_published_table(|m, n| m * n <= 30 || m.min(n) <= 2);
}

/// The larger boards: minutes in a test build (`cargo test --release -- --ignored`).
#[test]
#[ignore]
fn larger_domineering_rectangles_have_the_published_classes() {
    rectangles_against_the_published_table(|m, n| m * n > 30 && m.min(n) > 2 && m * n <= 42);
}
