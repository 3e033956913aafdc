//! The sides of loopy games against the outcomes of the retrograde solver, on thousands of
//! random small games: the onside S and offside T of a game G play like G in every sum with
//! infinite play given to Left (S) or to Right (T), so Right wins G + X outright exactly when
//! he wins S + X, and Left exactly when she wins T + X, for random X, stoppers or not; the
//! outcome of a sum G + H predicted from the upsum and downsum of the sides equals the
//! solver's on the explicit sum graph, draws included; and stoppers are their own sides.

use grundy::budget::Budget;
use grundy::partizan::loopy::{
    is_stopper, stopper_leq, LoopyError, LoopyGame, Outcomes, Sides, Stopper, Winner,
};
use grundy::partizan::Side;
use rand::rngs::StdRng;
use rand::SeedableRng;

mod common;
use common::loopy::{random_game, random_stopper};

fn winner(g: &LoopyGame, mover: Side) -> Winner {
    Outcomes::of(g).play(0, mover).winner
}

/// The sides of `g`, `None` if sidling does not settle.
fn sides(g: &LoopyGame, budget: &Budget) -> Option<Sides> {
    match Sides::of(g, budget) {
        Ok(s) => Some(s),
        Err(LoopyError::NotStopperSided { .. }) => None,
        Err(e) => panic!("{g:?}: {e}"),
    }
}

#[test]
fn the_sides_play_like_the_game_in_sums() {
    let mut rng = StdRng::seed_from_u64(0x51de_0001);
    let budget = Budget::default();
    let (mut sided, mut unsettled, mut draws) = (0, 0, 0);
    for i in 0..3000 {
        let g = random_game(&mut rng, 5, if i % 2 == 0 { 0.25 } else { 0.35 });
        let Some(s) = sides(&g, &budget) else {
            unsettled += 1;
            continue;
        };
        sided += 1;
        let (on, off) = (s.onside(), s.offside());
        assert!(
            stopper_leq(off.game(), on.game(), &budget).unwrap(),
            "{g:?}: {s}"
        );
        if is_stopper(&g) {
            let form = Stopper::new(&g, &budget).unwrap();
            assert_eq!((on, off), (&form, &form), "{g:?}");
        }
        let xs = [
            LoopyGame::parse("0", &budget).unwrap(),
            random_game(&mut rng, 3, 0.3),
            random_stopper(&mut rng, 3),
        ];
        for x in xs {
            let gx = g.sum(&x, &budget).unwrap();
            let sx = on.game().sum(&x, &budget).unwrap();
            let tx = off.game().sum(&x, &budget).unwrap();
            for mover in [Side::Left, Side::Right] {
                let w = winner(&gx, mover);
                draws += usize::from(w == Winner::Draw);
                assert_eq!(
                    w == Winner::Right,
                    winner(&sx, mover) == Winner::Right,
                    "{g:?} = {s}, X = {x:?}, {mover:?} first"
                );
                assert_eq!(
                    w == Winner::Left,
                    winner(&tx, mover) == Winner::Left,
                    "{g:?} = {s}, X = {x:?}, {mover:?} first"
                );
            }
        }
        for mover in [Side::Left, Side::Right] {
            assert_eq!(s.winner(mover), winner(&g, mover), "{g:?} = {s}");
        }
    }
    eprintln!("sided {sided}, unsettled {unsettled}, draws {draws}");
    assert!(sided > 2000 && draws > 1000, "{sided} {unsettled} {draws}");
}

#[test]
fn sums_are_predicted_by_upsums_and_downsums() {
    let mut rng = StdRng::seed_from_u64(0x51de_0002);
    let budget = Budget::default();
    let (mut checked, mut draws, mut direct) = (0, 0, 0);
    while checked < 2000 {
        let g = random_game(&mut rng, 4, 0.3);
        let h = random_game(&mut rng, 4, 0.3);
        let (Some(sg), Some(sh)) = (sides(&g, &budget), sides(&h, &budget)) else {
            continue;
        };
        let sum = g.sum(&h, &budget).unwrap();
        let Ok(predicted) = sg.sum(&sh, &budget) else {
            continue;
        };
        checked += 1;
        for mover in [Side::Left, Side::Right] {
            let w = winner(&sum, mover);
            draws += usize::from(w == Winner::Draw);
            assert_eq!(
                predicted.winner(mover),
                w,
                "{g:?} = {sg}, {h:?} = {sh}: {predicted}, {mover:?} first"
            );
        }
        if let Some(s) = sides(&sum, &budget) {
            assert_eq!(s, predicted, "{g:?} = {sg}, {h:?} = {sh}");
            direct += 1;
        }
    }
    eprintln!("checked {checked}, draws {draws}, direct {direct}");
    assert!(draws > 500 && direct > 1500, "{draws} {direct}");
}

/// Sidling that does not settle grows its approximations every round, but they share their
/// positions: the stopper of each round of Backsliding Toads and Frogs on `T.F..T` (40
/// positions, 38 rounds) stays under 200 positions, where a copy of each approximation made
/// it over 1000 in the last rounds (two million pairs to compare each round, and minutes for
/// a board of 105 positions).
#[test]
fn sidling_that_does_not_settle_stays_within_a_small_budget() {
    use grundy::partizan::rulesets::loopy_registry::loopy_ruleset;
    let budget = Budget::default();
    let (game, _) = loopy_ruleset("backsliding")
        .unwrap()
        .explore("T.F..T", &budget)
        .unwrap();
    assert_eq!(game.len(), 40);
    // Each round compares the 2 N² pairs of positions of its stopper of N positions.
    let small = Budget::default().with_positions(2 * 200 * 200);
    assert!(matches!(
        Sides::of(&game, &small),
        Err(LoopyError::NotStopperSided { rounds: 38 })
    ));
}
