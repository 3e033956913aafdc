//! Take a square number: the values against the generic solver on every sum of up to three
//! piles of at most 30 (and every single pile up to 400), and the known P-positions.

use grundy::budget::Budget;
use grundy_catalogue::games::square_subtraction::{SquareSubtraction, MAX_PILE};
use grundy_catalogue::games::verify::against_solver;

#[test]
fn every_small_position_matches_the_solver() {
    let game = SquareSubtraction::up_to(400, &Budget::default()).unwrap();
    let singles = (0..=400).map(|n| vec![n]);
    let triples =
        (0..=30).flat_map(|a| (0..=a).flat_map(move |b| (0..=b).map(move |c| vec![a, b, c])));
    let checked = against_solver(&game, singles.chain(triples), &Budget::default()).unwrap();
    assert!(checked.values > 5000);
}

#[test]
fn the_first_p_positions() {
    let game = SquareSubtraction::up_to(40, &Budget::default()).unwrap();
    let losses: Vec<u64> = (0..=40).filter(|&n| game.value(n) == 0).collect();
    assert_eq!(losses, [0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, 39]);
}

#[test]
fn piles_beyond_the_limit_are_refused() {
    let message = SquareSubtraction::up_to(MAX_PILE + 1, &Budget::default())
        .unwrap_err()
        .to_string();
    assert!(message.contains("at most 4194304"), "{message}");
}

#[test]
fn a_deadline_or_a_cancel_stops_the_values() {
    let cancel = grundy::budget::Cancel::new();
    cancel.cancel();
    let message = SquareSubtraction::up_to(MAX_PILE, &Budget::default().with_cancel(cancel))
        .unwrap_err()
        .to_string();
    assert!(message.contains("valuing piles"), "{message}");
    let budget = Budget::default().with_time(std::time::Duration::ZERO);
    assert!(SquareSubtraction::up_to(MAX_PILE, &budget).is_err());
}
