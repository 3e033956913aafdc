//! Tartan's theorem and the corner-flipping coin games against the solved games on small
//! boards in two and three dimensions.

use grundy::budget::Budget;
use grundy::impartial::product::{corner_move, corners_value, CornerMove};
use grundy::progress::NoProgress;
use grundy::rules::{explore, Impartial};
use grundy::solve::{grundy_values, solve, SolveOptions};
use grundy::{GameGraph, Nimber, Outcome};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A board of the given size; a position is the set of heads as a bit mask over the cells.
struct Corners {
    dims: Vec<u64>,
}

impl Corners {
    fn cells(&self) -> Vec<Vec<u64>> {
        let mut cells = vec![vec![]];
        for &d in &self.dims {
            cells = cells
                .into_iter()
                .flat_map(|c: Vec<u64>| {
                    (0..d).map(move |x| {
                        let mut c = c.clone();
                        c.push(x);
                        c
                    })
                })
                .collect();
        }
        cells
    }

    fn bit(&self, cell: &[u64]) -> u32 {
        cell.iter()
            .zip(&self.dims)
            .fold(0u64, |i, (&x, &d)| i * d + x) as u32
    }

    fn turn(&self, mask: u32, high: &[u64], low: &[u64]) -> u32 {
        let d = high.len();
        let mut m = mask;
        for corner in 0..(1u32 << d) {
            let c: Vec<u64> = (0..d)
                .map(|i| {
                    if corner >> i & 1 == 1 {
                        high[i]
                    } else {
                        low[i]
                    }
                })
                .collect();
            m ^= 1 << self.bit(&c);
        }
        m
    }
}

impl Impartial for Corners {
    type Position = u32;
    fn options(&self, &mask: &u32, out: &mut grundy::rules::Moves<u32>) {
        let cells = self.cells();
        for high in &cells {
            if mask >> self.bit(high) & 1 == 0 {
                continue;
            }
            for low in &cells {
                if low.iter().zip(high).all(|(l, h)| l < h) {
                    out.push(self.turn(mask, high, low));
                }
            }
        }
    }
}

fn heads_of(game: &Corners, mask: u32) -> Vec<Vec<u64>> {
    game.cells()
        .into_iter()
        .filter(|c| mask >> game.bit(c) & 1 == 1)
        .collect()
}

fn check_board(dims: Vec<u64>, masks: impl Iterator<Item = u32>) {
    let game = Corners { dims };
    let starts: Vec<u32> = masks.collect();
    let e = explore(
        &game,
        starts.iter().copied(),
        &Budget::default(),
        &NoProgress,
    )
    .unwrap();
    let solved = solve(&e.graph, &SolveOptions::default()).unwrap();
    let values = grundy_values(&e.graph).unwrap();
    for &mask in &starts {
        let id = e.id(&mask).unwrap();
        let heads = heads_of(&game, mask);
        let v = corners_value(&heads);
        // Tartan: the value of the board is the XOR of the heads' nim products.
        assert_eq!(
            values.finite(id),
            Some(v.0 as u32),
            "dims {:?}, heads {heads:?}",
            game.dims
        );
        let outcome = solved.outcome(id);
        assert_eq!(outcome == Outcome::Win, v != Nimber::ZERO);
        match corner_move(&heads, 1 << 20) {
            CornerMove::None => assert_eq!(outcome, Outcome::Loss),
            CornerMove::Found { head, lower } => {
                let next = game.turn(mask, &heads[head], &lower);
                let next_id = e.id(&next).expect("a move of the game");
                assert!(e.graph.options(id).contains(&next_id));
                assert_eq!(solved.outcome(next_id), Outcome::Loss, "the move wins");
            }
            CornerMove::NotFound => panic!("small boards are searched exhaustively"),
        }
    }
}

#[test]
fn two_dimensional_boards_up_to_three_by_four() {
    check_board(vec![3, 3], 0..1 << 9);
    let mut rng = StdRng::seed_from_u64(0x7a27_0001);
    check_board(vec![3, 4], (0..300).map(|_| rng.random_range(0..1 << 12)));
}

#[test]
fn three_dimensional_boards() {
    check_board(vec![2, 2, 2], 0..1 << 8);
    let mut rng = StdRng::seed_from_u64(0x7a27_0002);
    check_board(
        vec![2, 2, 3],
        (0..200).map(|_| rng.random_range(0..1 << 12)),
    );
}

/// The notes state Tartan's theorem for products of position graphs where a move moves every
/// factor at once. That compound is not valued by nim products: with two Nim heaps of size 2
/// (values 0, 1, 2), the position (2, 2) has options (1, 1), (1, 0), (0, 1), (0, 0) of values
/// 1, 0, 0, 0 (a coordinate at 0 has no move, so the product has none), hence value 2, while
/// 2 ⊗ 2 = 3. The theorem is about coin-turning games, where a move turns the product of the
/// sets of coins turned in each factor — the corner games above.
#[test]
fn graph_products_moving_every_factor_are_not_nim_products() {
    let heap = GameGraph::from_moves(3, &[(1, 0), (2, 0), (2, 1)]);
    let mut moves = Vec::new();
    for x in 0..3u32 {
        for y in 0..3u32 {
            for &x2 in heap.options(x) {
                for &y2 in heap.options(y) {
                    moves.push((x * 3 + y, x2 * 3 + y2));
                }
            }
        }
    }
    let product = grundy_values(&GameGraph::from_moves(9, &moves)).unwrap();
    assert_eq!(product.finite(2 * 3 + 2), Some(2));
    assert_eq!(Nimber(2) * Nimber(2), Nimber(3));
}

#[test]
fn huge_boards_are_valued_and_answered() {
    let heads = vec![
        vec![1_000_000_000_000_000_000u64, 999_999_999_999_999_999],
        vec![123_456_789_012_345_678, 5],
        vec![3, 7],
    ];
    let v = corners_value(&heads);
    assert_ne!(v, Nimber::ZERO);
    match corner_move(&heads, 1 << 20) {
        CornerMove::Found { head, lower } => {
            let mut after = heads.clone();
            // Turning the box toggles its corners; the value must become 0.
            let h = &heads[head];
            let mut toggled = vec![];
            for corner in 0..4u32 {
                toggled.push(
                    (0..2)
                        .map(|i| if corner >> i & 1 == 1 { h[i] } else { lower[i] })
                        .collect::<Vec<u64>>(),
                );
            }
            for c in toggled {
                match after.iter().position(|x| *x == c) {
                    Some(i) => {
                        after.remove(i);
                    }
                    None => after.push(c),
                }
            }
            assert_eq!(corners_value(&after), Nimber::ZERO);
            assert!(lower.iter().zip(h).all(|(l, x)| l < x));
        }
        other => panic!("expected a move for a head with a small coordinate, got {other:?}"),
    }
}
