//! Mem: the values and winning moves against the generic solver on every sum of up to two
//! heaps of at most 8 tokens with every memory, and on random sums of three; the values
//! against a recursion of their own up to 30 tokens; the table's cells; the limits.

use std::collections::HashMap;

use grundy::budget::Budget;
use grundy::pattern::table::{Kind, Span};
use grundy_catalogue::games::mem::{read_heaps, Heap, Mem, MAX_HEAP};
use grundy_catalogue::games::registry;
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every heap of at most 8 tokens, with every memory up to 9 (9 leaves no move).
fn small_heaps() -> Vec<Heap> {
    (0..=8).flat_map(|n| (0..=9).map(move |k| (n, k))).collect()
}

#[test]
fn every_sum_of_two_small_heaps_matches_the_solver() {
    let game = Mem::up_to(8, &Budget::default()).unwrap();
    let heaps = small_heaps();
    let singles = heaps.iter().map(|&h| vec![h]);
    let pairs = (heaps.iter()).flat_map(|&a| heaps.iter().map(move |&b| vec![a, b]));
    let checked = against_solver(&game, singles.chain(pairs), &Budget::default()).unwrap();
    assert_eq!(checked.values, 90 + 90 * 90);
    assert!(checked.winning_moves > 1000, "{checked:?}");
}

#[test]
fn random_sums_of_three_heaps_match_the_solver() {
    let game = Mem::up_to(16, &Budget::default()).unwrap();
    let mut rng = StdRng::seed_from_u64(0x4d45_4d01);
    let positions: Vec<Vec<Heap>> = (0..300)
        .map(|_| {
            (0..3)
                .map(|_| (rng.random_range(0..=16), rng.random_range(0..=6)))
                .collect()
        })
        .collect();
    let checked = against_solver(&game, positions, &Budget::default()).unwrap();
    assert_eq!(checked.values, 300);
}

/// g(n, k) straight from the rules, remembered: the mex of the values of every take from
/// max(k, 1) to n.
fn by_recursion(n: u64, k: u64, memo: &mut HashMap<Heap, u64>) -> u64 {
    if let Some(&v) = memo.get(&(n, k)) {
        return v;
    }
    let options: Vec<u64> = (k.max(1)..=n)
        .map(|a| by_recursion(n - a, a, memo))
        .collect();
    let v = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert((n, k), v);
    v
}

#[test]
fn the_values_follow_the_definition_up_to_30_tokens() {
    let game = Mem::up_to(30, &Budget::default()).unwrap();
    let mut memo = HashMap::new();
    for n in 0..=30 {
        for k in 0..=32 {
            assert_eq!(
                game.value(n, k),
                by_recursion(n, k, &mut memo),
                "({n}, {k})"
            );
        }
    }
}

#[test]
fn the_first_values() {
    let game = Mem::up_to(8, &Budget::default()).unwrap();
    let rows: Vec<Vec<u64>> = (0..=8)
        .map(|n| (0..=8).map(|k| game.value(n, k)).collect())
        .collect();
    assert_eq!(
        rows,
        [
            [0, 0, 0, 0, 0, 0, 0, 0, 0],
            [1, 1, 0, 0, 0, 0, 0, 0, 0],
            [2, 2, 1, 0, 0, 0, 0, 0, 0],
            [1, 1, 1, 1, 0, 0, 0, 0, 0],
            [2, 2, 2, 1, 1, 0, 0, 0, 0],
            [3, 3, 2, 1, 1, 1, 0, 0, 0],
            [4, 4, 3, 2, 1, 1, 1, 0, 0],
            [3, 3, 3, 2, 1, 1, 1, 1, 0],
            [2, 2, 2, 2, 2, 1, 1, 1, 1],
        ]
    );
}

#[test]
fn the_table_cells_are_the_values() {
    let table = registry::table_game("mem").unwrap();
    let (a, b) = (Span { first: 0, last: 40 }, Span { first: 0, last: 45 });
    let cells = table.grid(a, b, Kind::Values, &Budget::default()).unwrap();
    let game = Mem::up_to(40, &Budget::default()).unwrap();
    for n in 0..=40 {
        for k in 0..=45 {
            assert_eq!(cells.get(n, k), Some(game.value(n, k)), "({n}, {k})");
        }
    }
}

#[test]
fn heaps_are_read_and_checked_before_anything_is_sized() {
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        read_heaps(&words(&["10", "7:3"])),
        Ok(vec![(10, 0), (7, 3)])
    );
    let error = |w: &[&str]| read_heaps(&words(w)).unwrap_err().to_string();
    assert_eq!(
        error(&["3", "4097:1"]),
        "heap 2: '4097' is not a heap size (expected a whole number from 0 to 4096)"
    );
    assert!(error(&["7:x"]).starts_with("heap 1: 'x' is not a heap's last take"));
    assert!(error(&["7:3:2"]).starts_with("heap 1: '3:2'"));
    assert!(error(&["-1"]).starts_with("heap 1: '-1' is not a heap size"));
}

#[test]
fn heaps_beyond_the_limit_are_refused_and_a_cancel_stops_the_values() {
    let message = Mem::up_to(MAX_HEAP + 1, &Budget::default())
        .unwrap_err()
        .to_string();
    assert!(message.contains("at most 4096"), "{message}");
    let cancel = grundy::budget::Cancel::new();
    cancel.cancel();
    let message = Mem::up_to(MAX_HEAP, &Budget::default().with_cancel(cancel))
        .unwrap_err()
        .to_string();
    assert!(message.contains("valuing heaps"), "{message}");
    let small = Budget::default().with_memory(1 << 20);
    assert!(Mem::up_to(MAX_HEAP, &small).is_err());
}

#[test]
fn mem_is_played_from_heaps_with_memories() {
    let game = registry::play("mem", "7:3 5", 100_000).unwrap();
    let start = game.start();
    assert_eq!(game.name(start), "7:3 5");
    let analysis = game.analyse(start);
    // Heap 1 takes 3 to 7, heap 2 any of 1 to 5: 10 moves.
    assert_eq!(analysis.moves.len(), 10);
    let why = game.why(start).unwrap();
    assert!(why.contains("heap 7:3 → 2, heap 5 → 3"), "{why}");
}
