//! Eatcake, Turn-and-Eatcake, Maundy Cake and Partizan Euclid against their definitions: on
//! every cake (pair) of sides up to 5, every sum of two of sides up to 3 and seeded random
//! sums of three, the game tree built from rules written here anew (from the definitions,
//! never the engine's moves; whole positions, never split) equals the engine's value; the
//! engine's outcome class and winning moves are those of playing its own moves out
//! (`common::rulesets::against_brute_force`); and the reference tool's rows of values
//! (`testdata/cgsuite/cgsuite_expression_tests.json`, cases `game.heap.Eatcake`,
//! `game.heap.TurnAndEatcake`, `game.heap.MaundyCake`, `game.heap.PartizanEuclid`: the
//! distinct options of Left at (8, 8) counted, and the canonical forms of (8, n) for n from
//! 0 to 8) are the engine's.

mod common;

use std::collections::BTreeSet;

use common::rulesets::{against_definition, Components};
use grundy::partizan::rulesets::cakes::Cakes;
use grundy::partizan::rulesets::eatcake::Eatcake;
use grundy::partizan::rulesets::maundy_cake::MaundyCake;
use grundy::partizan::rulesets::partizan_euclid::PartizanEuclid;
use grundy::partizan::rulesets::Ruleset;
use grundy::partizan::Side;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

type Pair = (u32, u32);

/// The take-and-break game 0.7 on a heap of `h`: remove one, leave the rest as nothing, one
/// heap or two non-empty heaps; each option the heaps left.
fn eat(h: u32) -> Vec<Vec<u32>> {
    if h == 0 {
        return Vec::new();
    }
    let rest = h - 1;
    let mut out = vec![if rest == 0 { vec![] } else { vec![rest] }];
    out.extend((1..rest).map(|a| vec![a, rest - a]));
    out
}

/// Eatcake: Left plays 0.7 on the second side (pieces (m, b)), Right on the first.
fn eatcake(side: Side, (m, n): Pair) -> Vec<Vec<Pair>> {
    match side {
        Side::Left => eat(n)
            .into_iter()
            .map(|bs| bs.into_iter().map(|b| (m, b)).collect())
            .collect(),
        Side::Right => eat(m)
            .into_iter()
            .map(|a_s| a_s.into_iter().map(|a| (a, n)).collect())
            .collect(),
    }
}

/// Turn-and-Eatcake: Left plays 0.7 on the first side and the pieces are turned, (n, b);
/// Right on the second, (a, m).
fn turn_and_eatcake(side: Side, (m, n): Pair) -> Vec<Vec<Pair>> {
    match side {
        Side::Left => eat(m)
            .into_iter()
            .map(|bs| bs.into_iter().map(|b| (n, b)).collect())
            .collect(),
        Side::Right => eat(n)
            .into_iter()
            .map(|a_s| a_s.into_iter().map(|a| (a, m)).collect())
            .collect(),
    }
}

/// Maundy Cake: Left splits the second side into k ≥ 2 equal parts, Right the first.
fn maundy(side: Side, (m, n): Pair) -> Vec<Vec<Pair>> {
    let length = if side == Side::Left { n } else { m };
    (2..=length)
        .filter(|k| length % k == 0)
        .map(|k| {
            let piece = if side == Side::Left {
                (m, n / k)
            } else {
                (m / k, n)
            };
            vec![piece; k as usize]
        })
        .collect()
}

/// Partizan Euclid: no move where q is 0 or divides p; else Left to (q, p mod q), Right to
/// (q, q - p mod q).
fn euclid(side: Side, (p, q): Pair) -> Vec<Vec<Pair>> {
    if q == 0 || p % q == 0 {
        return Vec::new();
    }
    let r = p % q;
    vec![vec![if side == Side::Left {
        (q, r)
    } else {
        (q, q - r)
    }]]
}

/// Every pair of sides up to 5, every sum of two up to 3, and 15 seeded triples up to 3;
/// written `MxN` or `P,Q` (`between`).
fn positions(between: char, seed: u64) -> Vec<String> {
    let pair = |m: u32, n: u32| format!("{m}{between}{n}");
    let mut positions = Vec::new();
    for m in 0..=5 {
        for n in 0..=5 {
            positions.push(pair(m, n));
        }
    }
    let small: Vec<String> = (1..=3)
        .flat_map(|m| (1..=3).map(move |n| (m, n)))
        .map(|(m, n)| pair(m, n))
        .collect();
    for (i, a) in small.iter().enumerate() {
        for b in &small[i..] {
            positions.push(format!("{a} {b}"));
        }
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..15 {
        let three: Vec<String> = (0..3)
            .map(|_| pair(rng.random_range(1..=3), rng.random_range(1..=3)))
            .collect();
        positions.push(three.join(" "));
    }
    positions
}

/// Checks `game` on `positions` against `definition` and its own moves played out; returns
/// how many positions were checked.
fn check<R: Ruleset<Position = Cakes> + Clone>(
    game: R,
    definition: Components<Pair>,
    positions: &[String],
) -> usize {
    against_definition(game, &definition, positions, |p| {
        p.0.iter()
            .map(|&(m, n)| (u32::from(m), u32::from(n)))
            .collect()
    })
}

#[test]
fn eatcake_against_its_definition() {
    let positions = positions('x', 11);
    assert_eq!(
        check(Eatcake::EATCAKE, Components::of(eatcake), &positions),
        positions.len()
    );
}

#[test]
fn turn_and_eatcake_against_its_definition() {
    let positions = positions('x', 12);
    let checked = check(
        Eatcake::TURN_AND_EATCAKE,
        Components::of(turn_and_eatcake),
        &positions,
    );
    assert_eq!(checked, positions.len());
}

#[test]
fn maundy_cake_against_its_definition() {
    // A cut into k pieces makes a sum of k cakes, whose game tree grows fast: the sums
    // are of small cakes, and the single cakes have sides with several divisors.
    let mut positions = positions('x', 13);
    positions.extend(["6x2", "2x6", "6x3", "4x4", "8x2", "6x4 2x2"].map(String::from));
    assert_eq!(
        check(MaundyCake, Components::of(maundy), &positions),
        positions.len()
    );
}

#[test]
fn partizan_euclid_against_its_definition() {
    let mut positions = positions(',', 14);
    // Longer lines of Euclid's algorithm.
    for p in 0..=30 {
        for q in [7, 13, 21] {
            positions.push(format!("{p},{q}"));
        }
    }
    positions.push("(34,21) (13,8)".to_string());
    assert_eq!(
        check(PartizanEuclid, Components::of(euclid), &positions),
        positions.len()
    );
}

/// The reference tool's row `name`: Left's distinct options at (8, 8) under `definition`
/// (its `Options.Size` counts distinct options) and the forms of (8, n), n from 0 to 8.
fn reference_row<R: Ruleset + Clone>(
    game: R,
    name: &str,
    definition: fn(Side, Pair) -> Vec<Vec<Pair>>,
    between: char,
) {
    let path = common::testdata_dir().join("cgsuite/cgsuite_expression_tests.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let case = cases.iter().find(|c| c["name"] == name).expect(name);
    let distinct: BTreeSet<Vec<Pair>> = definition(Side::Left, (8, 8))
        .into_iter()
        .map(|mut o| {
            o.sort_unstable();
            o
        })
        .collect();
    assert_eq!(
        distinct.len().to_string(),
        case["input"].as_str().unwrap(),
        "{name}"
    );
    let mut moves = Vec::new();
    game.moves(
        &game.parse(&format!("8{between}8")).unwrap(),
        Side::Left,
        &mut moves,
    );
    assert_eq!(
        moves.len(),
        distinct.len(),
        "{name}: the engine's moves at (8, 8)"
    );
    let forms: Vec<String> = (0..=8)
        .map(|n| {
            game.value_of(&format!("8{between}{n}"))
                .unwrap()
                .canonical_form()
        })
        .collect();
    assert_eq!(
        format!("[{}]", forms.join(",")),
        case["expected"].as_str().unwrap(),
        "{name}"
    );
}

#[test]
fn the_reference_tools_rows() {
    reference_row(Eatcake::EATCAKE, "game.heap.Eatcake", eatcake, 'x');
    reference_row(
        Eatcake::TURN_AND_EATCAKE,
        "game.heap.TurnAndEatcake",
        turn_and_eatcake,
        'x',
    );
    reference_row(MaundyCake, "game.heap.MaundyCake", maundy, 'x');
    reference_row(PartizanEuclid, "game.heap.PartizanEuclid", euclid, ',');
}
