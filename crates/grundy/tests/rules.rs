//! The rules API: exploration against explicit graphs, dense against hashed numbering, limits,
//! and memoised values of splitting games against explored sums.

use grundy::budget::{Budget, Cancel, Exhausted, Resource};
use grundy::graph::GameGraph;
use grundy::progress::NoProgress;
use grundy::rules::{
    explore, explore_dense, DenseIndex, ExploreError, Game, GrundyMemo, Impartial, MemoError,
    Moves, SplittingGame,
};
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::Outcome;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A game given by a table of option lists, as rules.
struct Table(Vec<Vec<u32>>);

impl Impartial for Table {
    type Position = u32;
    fn options(&self, p: &u32, out: &mut grundy::rules::Moves<u32>) {
        out.extend_from_slice(&self.0[*p as usize]);
    }
}

impl DenseIndex for Table {
    fn index_count(&self) -> u64 {
        self.0.len() as u64
    }
    fn index(&self, p: &u32) -> u64 {
        u64::from(*p)
    }
    fn position(&self, index: u64) -> u32 {
        index as u32
    }
}

fn random_table(rng: &mut StdRng) -> Table {
    let n = rng.random_range(1..=12usize);
    Table(
        (0..n)
            .map(|_| {
                let k = rng.random_range(0..=3);
                (0..k).map(|_| rng.random_range(0..n as u32)).collect()
            })
            .collect(),
    )
}

#[test]
fn explored_graphs_have_the_outcomes_of_the_explicit_graph() {
    let mut rng = StdRng::seed_from_u64(0x21e_0001);
    for _ in 0..1000 {
        let table = random_table(&mut rng);
        let moves: Vec<(u32, u32)> = table
            .0
            .iter()
            .enumerate()
            .flat_map(|(p, l)| l.iter().map(move |&q| (p as u32, q)))
            .collect();
        let full = GameGraph::from_moves(table.0.len() as u32, &moves);
        let truth = solve(&full, &SolveOptions::default()).unwrap();
        let start = rng.random_range(0..table.0.len() as u32);
        let explored = explore(&table, [start], &Budget::default(), &NoProgress).unwrap();
        let dense = explore_dense(&table, [start], &Budget::default(), &NoProgress).unwrap();
        assert_eq!(
            explored.graph, dense.graph,
            "hashing and the dense index agree"
        );
        let s = solve(&explored.graph, &SolveOptions::default()).unwrap();
        assert_eq!(explored.id(&start), Some(0), "the start is numbered first");
        for id in 0..explored.graph.position_count() as u32 {
            let p = *explored.position(id);
            assert_eq!(dense.index(id), u64::from(p));
            assert_eq!(dense.id(u64::from(p)), Some(id));
            assert_eq!(s.outcome(id), truth.outcome(p));
            assert_eq!(s.remoteness(id), truth.remoteness(p));
            assert_eq!(explored.graph.options(id).len(), table.0[p as usize].len());
        }
    }
}

/// Misère Nim on two heaps written as a `Game` with a fixed result: whoever takes the last
/// counter loses, i.e. the player to move at (0, 0) wins.
struct MisereTwoHeaps;

impl Game for MisereTwoHeaps {
    type Position = (u8, u8);
    fn moves(&self, &(a, b): &(u8, u8), out: &mut grundy::rules::Moves<(u8, u8)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
    }
    fn result(&self, p: &(u8, u8)) -> Option<Outcome> {
        (*p == (0, 0)).then_some(Outcome::Win)
    }
}

#[test]
fn fixed_results_from_rules_match_the_misere_nim_rule() {
    for a in 0..6u8 {
        for b in 0..6u8 {
            let e = explore(&MisereTwoHeaps, [(a, b)], &Budget::default(), &NoProgress).unwrap();
            let s = solve(&e.graph, &SolveOptions::default()).unwrap();
            // Misère Nim: with all heaps at most 1 the player to move wins iff the number of
            // heaps of size 1 is even; otherwise iff the XOR is non-zero.
            let win = if a <= 1 && b <= 1 {
                (a + b) % 2 == 0
            } else {
                a ^ b != 0
            };
            let want = if win { Outcome::Win } else { Outcome::Loss };
            assert_eq!(s.outcome(0), want, "heaps {a} {b}");
        }
    }
}

fn budget_error(e: ExploreError) -> Exhausted {
    match e {
        ExploreError::Budget(e) => e,
        other => panic!("not a budget error: {other}"),
    }
}

#[test]
fn budgets_stop_exploration_with_an_error() {
    let chain = Table((0..1000).map(|p| vec![(p + 1) % 1000]).collect());
    let budget = Budget::default().with_positions(10);
    let e = budget_error(explore(&chain, [0], &budget, &NoProgress).unwrap_err());
    assert_eq!(
        (e.resource, e.limit, e.positions),
        (Resource::Positions, 10, 10)
    );
    assert!(explore_dense(&chain, [0], &budget, &NoProgress).is_err());
    let tiny = Budget::default().with_memory(100);
    let e = budget_error(explore_dense(&chain, [0], &tiny, &NoProgress).unwrap_err());
    assert_eq!(e.resource, Resource::Memory);
    let late = Budget::default().with_time(std::time::Duration::ZERO);
    let e = budget_error(explore(&Endless, [0], &late, &NoProgress).unwrap_err());
    assert_eq!(e.resource, Resource::Time);
    let cancel = Cancel::new();
    cancel.cancel();
    let stopped = Budget::default().with_cancel(cancel);
    let e = budget_error(explore(&Endless, [0], &stopped, &NoProgress).unwrap_err());
    assert_eq!(e.resource, Resource::Cancelled);
}

/// A game without end: position n moves to n + 1.
struct Endless;

impl Impartial for Endless {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Moves<u64>) {
        out.push(n + 1);
    }
}

/// One pile of Nim, its moves listed from the largest take: a pile of 10^18 has 10^18 moves.
struct OnePile;

impl Impartial for OnePile {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Moves<u64>) {
        out.extend(0..n);
    }
}

#[test]
fn one_position_with_too_many_moves_is_refused_without_listing_them() {
    // 10^18 moves would take 8 EB: the cap stops the listing after what 1 MiB holds.
    let budget = Budget::default().with_memory(1 << 20);
    let started = std::time::Instant::now();
    let e = budget_error(
        explore(&OnePile, [1_000_000_000_000_000_000], &budget, &NoProgress).unwrap_err(),
    );
    assert_eq!((e.resource, e.positions), (Resource::Memory, 1));
    assert!(e.needed.unwrap() > 1 << 20);
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    // Within the budget, every move is there.
    let explored = explore(&OnePile, [100], &budget, &NoProgress).unwrap();
    assert_eq!(explored.graph.options(0).len(), 100);
}

/// Kayles: a row of n pins; a move knocks down one pin or two adjacent pins, splitting the row.
struct Kayles;

impl SplittingGame for Kayles {
    type Part = u32;
    fn moves(&self, &n: &u32, out: &mut Vec<Vec<u32>>) {
        for take in 1..=2u32 {
            for left in 0..=n.saturating_sub(take) {
                if left + take <= n {
                    let right = n - take - left;
                    out.push([left, right].into_iter().filter(|&h| h > 0).collect());
                }
            }
        }
    }
}

/// A sum of Kayles rows as one impartial game: the sorted list of rows.
struct KaylesSum;

impl Impartial for KaylesSum {
    type Position = Vec<u32>;
    fn options(&self, rows: &Vec<u32>, out: &mut grundy::rules::Moves<Vec<u32>>) {
        let mut parts = Vec::new();
        for (i, &n) in rows.iter().enumerate() {
            parts.clear();
            Kayles.moves(&n, &mut parts);
            for left in &parts {
                let mut next: Vec<u32> = rows[..i].iter().chain(&rows[i + 1..]).copied().collect();
                next.extend(left);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

#[test]
fn memoised_splitting_values_equal_values_of_the_explored_sum() {
    let mut memo = GrundyMemo::new(&Kayles);
    // Kayles values from n = 0 (a known sequence).
    let known = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2];
    for (n, &v) in known.iter().enumerate() {
        assert_eq!(memo.value(&(n as u32)).unwrap(), v, "Kayles {n}");
    }
    let mut rng = StdRng::seed_from_u64(0x21e_0002);
    for _ in 0..60 {
        let rows: Vec<u32> = (0..rng.random_range(1..=3))
            .map(|_| rng.random_range(0..=6))
            .collect();
        let mut start = rows.clone();
        start.sort_unstable();
        let e = explore(&KaylesSum, [start], &Budget::default(), &NoProgress).unwrap();
        let values = grundy_values(&e.graph).unwrap();
        assert_eq!(
            values.finite(0),
            Some(memo.value_of_sum(&rows).unwrap()),
            "rows {rows:?}"
        );
    }
}

/// A part that can come back to itself.
struct Looping;

impl SplittingGame for Looping {
    type Part = u8;
    fn moves(&self, &p: &u8, out: &mut Vec<Vec<u8>>) {
        out.push(vec![(p + 1) % 3]);
    }
}

#[test]
fn loopy_splitting_games_are_refused() {
    assert_eq!(GrundyMemo::new(&Looping).value(&0), Err(MemoError::Loopy));
}
