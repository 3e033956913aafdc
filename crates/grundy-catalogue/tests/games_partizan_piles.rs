//! Partizan piles: the outcome class and both players' winning moves against the retrograde
//! solver on the two-player graph (positions with the player to move, solved for both
//! starting players): every a, b ≤ 5 with every position of up to 3 piles of at most 12,
//! and every a, b ≤ 3 with 4 piles of at most 7; the pile kinds against the notes' forms; and
//! internal consistency for piles and takes up to 2^64 − 1.

use grundy::budget::Budget;
use grundy::partizan::{GameId, GameStore};
use grundy::Outcome;
use grundy_catalogue::games::partizan_piles::{
    KindCounts, OutcomeClass, PartizanPiles, PileKind, PilesPosition, Side, ZeroTake,
};
use grundy_catalogue::games::verify::against_solver;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every list of `count` piles of at most `max`.
fn every_position(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..count {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u64>| {
                (0..=max).map(move |s| {
                    let mut q = p.clone();
                    q.push(s);
                    q
                })
            })
            .collect();
    }
    all
}

/// Compares the closed form with the solver on every position of `count` piles of at most
/// `max`, for Left taking a and Right taking b: each player's answer moving first (outcome and
/// every winning move) by the harness, and the class from the two.
fn compare(a: u64, b: u64, count: usize, max: u64) {
    let game = PartizanPiles::new(a, b).unwrap();
    let positions = every_position(count, max);
    let starts = positions.iter().flat_map(|piles| {
        [Side::Left, Side::Right].map(|to_move| PilesPosition {
            piles: piles.clone(),
            to_move,
        })
    });
    against_solver(&game, starts, &Budget::default())
        .unwrap_or_else(|e| panic!("a={a} b={b}: {e}"));
    for piles in &positions {
        let answer = game.answer(piles);
        let left_wins = [
            answer.left_first.outcome == Outcome::Win,
            answer.right_first.outcome == Outcome::Loss,
        ];
        for side in [Side::Left, Side::Right] {
            let formula = match side {
                Side::Left => &answer.left_first,
                Side::Right => &answer.right_first,
            };
            assert_eq!(
                answer.class.winner(side) == side,
                formula.outcome == Outcome::Win,
                "a={a} b={b} {piles:?} {side} first"
            );
        }
        assert_eq!(
            answer.class,
            OutcomeClass::from_left_wins(left_wins[0], left_wins[1]),
            "a={a} b={b} {piles:?}"
        );
        assert_eq!(game.class(piles), answer.class);
    }
}

#[test]
fn classes_and_moves_match_solver_up_to_3_piles_of_12() {
    for a in 1..=5 {
        for b in 1..=5 {
            compare(a, b, 3, 12);
        }
    }
}

#[test]
fn classes_and_moves_match_solver_with_4_piles_of_7() {
    for a in 1..=3 {
        for b in 1..=3 {
            compare(a, b, 4, 7);
        }
    }
}

#[test]
fn larger_takes_match_solver() {
    // Takes far apart, so that piles of every kind are long runs.
    for (a, b) in [(2, 9), (9, 2), (3, 7), (7, 3), (4, 6), (1, 8)] {
        compare(a, b, 2, 30);
    }
}

#[test]
fn the_notes_forms() {
    // a = 2 < b = 5: modulo 7, 0..2 is 0, 2..5 only Left, 5..7 hot for Left.
    let game = PartizanPiles::new(2, 5).unwrap();
    let kinds: Vec<PileKind> = (0..7).map(|s| game.kind(s)).collect();
    assert_eq!(
        kinds,
        [
            PileKind::Zero,
            PileKind::Zero,
            PileKind::Only(Side::Left, 1),
            PileKind::Only(Side::Left, 1),
            PileKind::Only(Side::Left, 2),
            PileKind::Hot(Side::Left, 1),
            PileKind::Hot(Side::Left, 2),
        ]
    );
    // a = 3 < b = 4: 4 and 5 are * (b ≤ r < 2a), 6 is hot (r = 2a: the notes' two cases
    // overlap there; Left's move leaves 3, which only she can move in).
    let game = PartizanPiles::new(3, 4).unwrap();
    assert_eq!(game.kind(4), PileKind::Star);
    assert_eq!(game.kind(5), PileKind::Star);
    assert_eq!(game.kind(6), PileKind::Hot(Side::Left, 1));
    // Mirror image for a > b.
    let game = PartizanPiles::new(5, 2).unwrap();
    assert_eq!(game.kind(4), PileKind::Only(Side::Right, 2));
    assert_eq!(game.kind(6), PileKind::Hot(Side::Right, 2));
    assert_eq!(game.kind(6).to_string(), "{0|-2}");
    // a = b: only 0 and *.
    let game = PartizanPiles::new(3, 3).unwrap();
    assert!((0..6).all(|s| matches!(game.kind(s), PileKind::Zero | PileKind::Star)));
    // One hot pile: with an even number of * the first player wins, with an odd number Left.
    let game = PartizanPiles::new(2, 3).unwrap();
    assert_eq!(game.class(&[4]), OutcomeClass::First);
    assert_eq!(game.class(&[4, 3]), OutcomeClass::Left);
    assert_eq!(game.class(&[4, 3, 3]), OutcomeClass::First);
    assert_eq!(game.class(&[4, 4]), OutcomeClass::Left);
    assert_eq!(game.class(&[2]), OutcomeClass::Left);
    assert_eq!(game.class(&[]), OutcomeClass::Second);
    assert_eq!(PartizanPiles::new(0, 3), Err(ZeroTake { a: 0, b: 3 }));
}

#[test]
fn huge_piles_are_consistent() {
    let mut rng = StdRng::seed_from_u64(0x9a27_0001);
    for _ in 0..500 {
        let (a, b) = if rng.random_bool(0.5) {
            (
                rng.random_range(1..=u64::MAX),
                rng.random_range(1..=u64::MAX),
            )
        } else {
            (
                rng.random_range(1..=1_000_000_000_000u64),
                rng.random_range(1..=1_000_000_000_000u64),
            )
        };
        let game = PartizanPiles::new(a, b).unwrap();
        let count = rng.random_range(0..=6);
        let piles: Vec<u64> = (0..count).map(|_| rng.random_range(0..=u64::MAX)).collect();
        let answer = game.answer(&piles);
        let k: KindCounts = answer.kinds;
        let total = k.zero + k.star + k.left_only + k.right_only + k.left_hot + k.right_hot;
        assert_eq!(total, piles.len() as u64);
        // Only the player with the smaller take has piles of his own.
        assert!(a <= b || k.left_only + k.left_hot == 0);
        assert!(a >= b || k.right_only + k.right_hot == 0);
        for side in [Side::Left, Side::Right] {
            let mine = match side {
                Side::Left => &answer.left_first,
                Side::Right => &answer.right_first,
            };
            assert_eq!(
                mine.outcome == Outcome::Win,
                answer.class.winner(side) == side
            );
            for m in &mine.winning_moves {
                let mut after = piles.clone();
                assert_eq!(after[m.pile - 1], m.from);
                after[m.pile - 1] = m.to;
                assert_eq!(m.from - m.to, game.take(side));
                // The opponent, to move after a winning move, loses.
                assert_eq!(game.class(&after).winner(side.other()), side);
            }
        }
        // Piles that differ by a multiple of a + b are the same kind.
        if let Some(s) = (a as u128 + b as u128)
            .checked_mul(rng.random_range(1..=3))
            .and_then(|step| u64::try_from(step).ok())
        {
            let base = rng.random_range(0..=u64::MAX - s);
            assert_eq!(game.kind(base), game.kind(base + s));
        }
    }
}

/// The canonical form of one pile of `s`, from the rules by the value engine: Left's
/// options take `a`, Right's take `b`.
fn pile_form(store: &mut GameStore, game: &PartizanPiles, s: u64) -> GameId {
    let option = |store: &mut GameStore, take: u64| {
        s.checked_sub(take)
            .map(|rest| pile_form(store, game, rest))
            .into_iter()
            .collect::<Vec<_>>()
    };
    let left = option(store, game.a());
    let right = option(store, game.b());
    store.game(&left, &right).unwrap()
}

#[test]
fn pile_kinds_and_classes_against_canonical_forms() {
    let mut rng = StdRng::seed_from_u64(12);
    for a in 1..=5 {
        for b in 1..=5 {
            let game = PartizanPiles::new(a, b).unwrap();
            let mut store = GameStore::new();
            let forms: Vec<GameId> = (0..=20).map(|s| pile_form(&mut store, &game, s)).collect();
            for (s, &form) in forms.iter().enumerate() {
                let text = game.kind(s as u64).to_string();
                let expected = store.parse(&text).unwrap();
                // The formula's integers say only their sign and size in moves: the forms must
                // be equal.
                assert_eq!(form, expected, "a={a} b={b} s={s}: {}", store.display(form));
            }
            for _ in 0..30 {
                let piles: Vec<u64> = (0..rng.random_range(1..=4))
                    .map(|_| rng.random_range(0..=20))
                    .collect();
                let sum = piles.iter().fold(GameId::ZERO, |acc, &s| {
                    store.sum(acc, forms[s as usize]).unwrap()
                });
                assert_eq!(
                    game.class(&piles),
                    store.outcome(sum).unwrap(),
                    "a={a} b={b} {piles:?}"
                );
            }
        }
    }
}
