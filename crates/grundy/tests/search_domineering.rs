//! Domineering's own search (`grundy::partizan::search::domineering`) against the
//! definition: every position of small boards against a brute-force solver of the rules,
//! with every technique on and each turned off; random positions of larger boards against
//! their canonical forms; every empty rectangle up to 8 × 8 against the published table;
//! and its refusals (a budget run out, a board of another shape).

mod common;

use std::collections::HashMap;

use common::domineering::published_rectangles;
use common::rulesets::random_grids;
use grundy::budget::Budget;
use grundy::partizan::rulesets::domineering::{Board, Domineering};
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::search::domineering::{DomineeringSearch, Options};
use grundy::partizan::search::SearchError;
use grundy::partizan::{GameId, GameStore, OutcomeClass, Side};
use grundy::progress::NoProgress;

/// Whether the player to move wins, by the rules alone: some move leaves the opponent a
/// position he loses. Memoised on (empty cells, Left to move).
struct Brute {
    memo: HashMap<(u128, bool), bool>,
}

impl Brute {
    fn wins(&mut self, b: &Board, left: bool) -> bool {
        if let Some(&w) = self.memo.get(&(b.empty, left)) {
            return w;
        }
        let mut moves = Vec::new();
        b.place(left, &mut moves);
        let w = moves.iter().any(|(_, q)| !self.wins(q, !left));
        self.memo.insert((b.empty, left), w);
        w
    }
}

/// The configurations checked: every technique, each left out, canonical forms for small
/// positions, and two threads.
fn configurations() -> Vec<(&'static str, Options)> {
    let full = Options {
        table_bytes: 1 << 20,
        ..Options::default()
    };
    vec![
        ("full", full),
        (
            "no table",
            Options {
                table: false,
                ..full
            },
        ),
        (
            "no ordering",
            Options {
                ordering: false,
                ..full
            },
        ),
        (
            "no symmetry",
            Options {
                symmetry: false,
                ..full
            },
        ),
        (
            "no count",
            Options {
                count: false,
                ..full
            },
        ),
        (
            "no chains",
            Options {
                chains: false,
                ..full
            },
        ),
        (
            "no options",
            Options {
                count_options: false,
                ..full
            },
        ),
        (
            "safe moves searched",
            Options {
                skip_safe: false,
                ..full
            },
        ),
        (
            "canonical forms",
            Options {
                small: Some(8),
                count: false,
                ..full
            },
        ),
        ("two threads", Options { threads: 2, ..full }),
    ]
}

/// Checks one answer: the outcome, and that the line is a line of play whose moves are
/// each the winner's winning move (the outcome for the player to move flips at each).
fn check(
    brute: &mut Brute,
    b: &Board,
    side: Side,
    s: &grundy::partizan::search::Searched<grundy::partizan::rulesets::domineering::Domino, Board>,
    what: &str,
) {
    let left = side == Side::Left;
    let wins = brute.wins(b, left);
    assert_eq!(s.wins, wins, "{} {side:?} first under {what}", b.show());
    assert_eq!(s.line.first().map(|m| m.1), s.best.map(|m| m.1));
    let mut moves = Vec::new();
    b.place(left, &mut moves);
    assert_eq!(s.best.is_none(), moves.is_empty(), "{}", b.show());
    let (mut at, mut mover, mut outcome) = (*b, left, wins);
    for (m, q) in &s.line {
        let mut options = Vec::new();
        at.place(mover, &mut options);
        assert!(
            options
                .iter()
                .any(|(o, r)| r == q && o.to_string() == m.to_string()),
            "{}: {m} is not a move of {}",
            b.show(),
            at.show()
        );
        // A winner's move wins: the opponent loses after it.
        if outcome {
            assert!(!brute.wins(q, !mover), "{}: {m} does not win", b.show());
        }
        (at, mover, outcome) = (*q, !mover, !outcome);
        assert_eq!(brute.wins(&at, mover), outcome, "{}", b.show());
    }
}

/// Every position (every set of empty cells) of a `rows` × `cols` board, with each player
/// first, every `every`th under the configurations other than the first.
fn every_position(rows: u8, cols: u8, every: usize) {
    let mut brute = Brute {
        memo: HashMap::new(),
    };
    let budget = Budget::default();
    let empty = Board::empty(rows, cols).unwrap();
    let searches: Vec<_> = configurations()
        .into_iter()
        .map(|(what, o)| {
            let s = DomineeringSearch::new(empty.shape, o, &budget)
                .unwrap()
                .unwrap();
            (what, s)
        })
        .collect();
    let cells = u32::from(rows) * u32::from(cols);
    for (i, e) in (0..1u128 << cells).enumerate() {
        let b = Board { empty: e, ..empty };
        for (k, (what, search)) in searches.iter().enumerate() {
            if k > 0 && i % every != 0 {
                continue;
            }
            for side in [Side::Left, Side::Right] {
                let s = search.search(&b, side, &budget, &NoProgress).unwrap();
                check(&mut brute, &b, side, &s, what);
            }
        }
    }
}

#[test]
fn every_position_of_the_4_by_4_board_has_the_outcome_of_the_rules() {
    every_position(4, 4, 7);
}

#[test]
fn every_position_of_the_3_by_5_and_5_by_3_boards_has_the_outcome_of_the_rules() {
    every_position(3, 5, 5);
    every_position(5, 3, 5);
}

/// Searches `b` with each player first and checks the outcome class against `b`'s canonical
/// form, and that each winner's move leaves a position the canonical form says she wins.
/// Returns the class; `what` names the position in a failure.
fn against_canonical_form(
    store: &mut GameStore,
    evaluator: &mut Evaluator<Domineering>,
    search: &mut DomineeringSearch,
    b: &Board,
    what: &str,
) -> OutcomeClass {
    let budget = Budget::default();
    let v = evaluator.value(store, b).unwrap();
    let truth = store.outcome(v).unwrap();
    let left = search.search(b, Side::Left, &budget, &NoProgress).unwrap();
    let right = search.search(b, Side::Right, &budget, &NoProgress).unwrap();
    assert_eq!(
        OutcomeClass::from_left_wins(left.wins, !right.wins),
        truth,
        "{what}"
    );
    for (s, side) in [(&left, Side::Left), (&right, Side::Right)] {
        if let (true, Some((_, after))) = (s.wins, &s.best) {
            let w = evaluator.value(store, after).unwrap();
            let won = match side {
                Side::Left => store.leq(GameId::ZERO, w).unwrap(),
                Side::Right => store.leq(w, GameId::ZERO).unwrap(),
            };
            assert!(won, "{what}: {side:?}'s move to {} loses", after.show());
        }
    }
    truth
}

/// Random positions of boards up to 6 × 6 with a quarter of their cells filled, against
/// the outcome class of their canonical forms.
#[test]
fn random_positions_have_the_classes_of_canonical_forms() {
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(Domineering);
    let budget = Budget::default();
    let mut searches: HashMap<(u8, u8), DomineeringSearch> = HashMap::new();
    for text in random_grids(0xd0_0001, 150, 36, &[('.', 3), ('#', 1)]) {
        let b = Domineering.parse(&text).unwrap();
        if b.empty.count_ones() > 22 {
            continue;
        }
        let search = searches
            .entry((b.shape.rows, b.shape.cols))
            .or_insert_with(|| {
                DomineeringSearch::new(b.shape, Options::default(), &budget)
                    .unwrap()
                    .unwrap()
            });
        against_canonical_form(&mut store, &mut evaluator, search, &b, &text);
    }
}

/// Random positions of boards beyond one word (65 to 127 cells), most cells filled, against
/// the outcome class of their canonical forms, with every configuration: the search over two
/// words, its keys (a bit for the mover on boards that are not square, the transpose on
/// square ones) and its table of whole keys.
#[test]
fn positions_of_boards_beyond_one_word_have_the_classes_of_canonical_forms() {
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(Domineering);
    let budget = Budget::default();
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let shapes = [
        (9, 9),
        (10, 10),
        (11, 11),
        (8, 9),
        (9, 8),
        (5, 13),
        (4, 16),
        (7, 18),
    ];
    let mut classes = std::collections::HashSet::new();
    for (name, options) in configurations() {
        let mut searches: HashMap<(u8, u8), DomineeringSearch> = HashMap::new();
        for round in 0..24 {
            let (rows, cols) = shapes[round % shapes.len()];
            let mut b = Board::empty(rows, cols).unwrap();
            // A few empty cells in a few clusters, so that dominoes fit and regions form.
            let cells = u64::from(rows) * u64::from(cols);
            let mut empty = 0u128;
            for _ in 0..1 + next(3) {
                let mut at = next(cells);
                for _ in 0..6 + next(6) {
                    empty |= 1 << at;
                    at = match next(4) {
                        0 => at + 1,
                        1 => at + u64::from(cols),
                        2 => at.saturating_sub(1),
                        _ => at.saturating_sub(u64::from(cols)),
                    } % cells;
                }
            }
            b.empty = empty;
            let search = searches.entry((rows, cols)).or_insert_with(|| {
                DomineeringSearch::new(b.shape, options, &budget)
                    .unwrap()
                    .unwrap()
            });
            assert!(search.is_wide());
            let what = format!("{name}: {}", b.show());
            classes.insert(against_canonical_form(
                &mut store,
                &mut evaluator,
                search,
                &b,
                &what,
            ));
        }
    }
    // The positions are of every kind: no class is missing.
    assert_eq!(classes.len(), 4, "{classes:?}");
}

/// Every empty rectangle up to 8 × 8, each player first, against the published classes:
/// the 8 × 8 board (about nine million nodes with Left first) included; and the boards of
/// 21 to 48 cells by two threads too (where positions keep enough empty cells for a thread
/// to leave a move the other is searching).
#[test]
fn every_rectangle_up_to_8_by_8_has_the_published_class() {
    let budget = Budget::default().with_positions(200_000_000);
    let boards = published_rectangles();
    assert_eq!(boards.len(), 64);
    for (m, n, class) in boards {
        let board = Board::empty(m as u8, n as u8).unwrap();
        let mut threads = vec![1];
        if (21..=48).contains(&(m * n)) {
            threads.push(2);
        }
        for threads in threads {
            let options = Options {
                threads,
                ..Options::default()
            };
            let search = DomineeringSearch::new(board.shape, options, &budget)
                .unwrap()
                .unwrap();
            let left = search
                .search(&board, Side::Left, &budget, &NoProgress)
                .unwrap();
            let right = search
                .search(&board, Side::Right, &budget, &NoProgress)
                .unwrap();
            assert_eq!(
                OutcomeClass::from_left_wins(left.wins, !right.wins),
                class,
                "{m} x {n}, {threads} threads"
            );
        }
    }
}

#[test]
fn a_search_out_of_nodes_says_which_budget() {
    let budget = Budget::default().with_positions(10_000);
    let board = Board::empty(8, 8).unwrap();
    let search = DomineeringSearch::new(board.shape, Options::default(), &budget)
        .unwrap()
        .unwrap();
    match search.search(&board, Side::Left, &budget, &NoProgress) {
        Err(SearchError::Budget(e)) => assert!(e.to_string().contains("searching"), "{e}"),
        other => panic!("expected the budget to run out, got {other:?}"),
    }
    // The table keeps only finished results: the same search with room answers rightly.
    let budget = Budget::default().with_positions(100_000_000);
    let s = search
        .search(&board, Side::Left, &budget, &NoProgress)
        .unwrap();
    assert!(s.wins);
}

#[test]
fn boards_beyond_two_words_and_of_another_shape_are_refused() {
    let budget = Budget::default();
    let shape = |r, c| Board::empty(r, c).unwrap().shape;
    // 65 cells, and 64 on a board that is not square (a key would need 65 bits): two words.
    for (r, c) in [(5, 13), (4, 16), (9, 9), (11, 11)] {
        let search = DomineeringSearch::new(shape(r, c), Options::default(), &budget);
        assert!(search.unwrap().unwrap().is_wide(), "{r} x {c}");
    }
    let search = DomineeringSearch::new(shape(8, 8), Options::default(), &budget);
    assert!(!search.unwrap().unwrap().is_wide());
    // 128 cells on a board that is not square: a key would need 129 bits.
    assert!(DomineeringSearch::new(shape(8, 16), Options::default(), &budget).is_none());
    let search = DomineeringSearch::new(shape(4, 4), Options::default(), &budget)
        .unwrap()
        .unwrap();
    let e = search
        .search(
            &Board::empty(4, 5).unwrap(),
            Side::Left,
            &budget,
            &NoProgress,
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the board is 4 × 5, and this search was made for boards of 4 × 4"
    );
}
