//! Cutcake against its definitions: on every cake of sides up to 4, every sum of two of
//! sides up to 3 and seeded random sums of three, the game tree built from the rules alone (never split
//! into cakes, no canonical form) equals the engine's value, with the same outcome class
//! and winning moves; each cake's value is the simplest number between its players' best
//! cuts, worked out on whole numbers alone; and the reference tool's values of the cakes
//! 8 × n (`testdata/cgsuite/cgsuite_expression_tests.json`, case `game.heap.Cutcake`) are
//! the engine's.

mod common;

use std::collections::HashMap;

use common::rulesets::against_brute_force;
use grundy::partizan::rulesets::cutcake::Cutcake;
use grundy::partizan::rulesets::Ruleset;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// The canonical form of `text`, as printed.
fn value(text: &str) -> String {
    Cutcake.value_of(text).unwrap().canonical_form()
}

#[test]
fn sums_of_small_cakes_against_brute_force() {
    let cakes = |sides: std::ops::RangeInclusive<u16>| -> Vec<String> {
        sides
            .clone()
            .flat_map(|m| sides.clone().map(move |n| format!("{m}x{n}")))
            .collect()
    };
    // Every cake of sides up to 4, every sum of two up to 3, and seeded sums of three.
    let mut positions = cakes(0..=4);
    let small = cakes(1..=3);
    for (i, a) in small.iter().enumerate() {
        for b in &small[i..] {
            positions.push(format!("{a} {b}"));
        }
    }
    let mut rng = StdRng::seed_from_u64(44);
    for _ in 0..20 {
        let three: Vec<String> = (0..3)
            .map(|_| format!("{}x{}", rng.random_range(1..=2), rng.random_range(1..=3)))
            .collect();
        positions.push(three.join(" "));
    }
    let count = positions.len();
    assert_eq!(against_brute_force(Cutcake, &positions), count);
}

/// The value of the cake `m` × `n` by the simplicity rule on whole numbers: every Cutcake
/// position is a whole number (*Winning Ways*, chapter 2), so a cake is the simplest whole
/// number strictly between Left's best cut and Right's best cut (one more than Left's best,
/// or none, where only Left can cut).
fn integer_value(m: usize, n: usize, memo: &mut HashMap<(usize, usize), i64>) -> i64 {
    if let Some(&v) = memo.get(&(m, n)) {
        return v;
    }
    let mut cut = |pieces: [(usize, usize); 2]| {
        integer_value(pieces[0].0, pieces[0].1, memo)
            + integer_value(pieces[1].0, pieces[1].1, memo)
    };
    let left = (1..n).map(|a| cut([(m, a), (m, n - a)])).max();
    let right = (1..m).map(|a| cut([(a, n), (m - a, n)])).min();
    let v = match (left, right) {
        (None, None) => 0,
        (Some(l), None) => (l + 1).max(0),
        (None, Some(r)) => (r - 1).min(0),
        (Some(l), Some(r)) => {
            // A whole number lies strictly between them only if they are 2 apart.
            assert!(r - l >= 2, "{m}x{n}: {{{l} | {r}}} is not a whole number");
            if l < 0 && 0 < r {
                0
            } else if l >= 0 {
                l + 1
            } else {
                r - 1
            }
        }
    };
    memo.insert((m, n), v);
    v
}

#[test]
fn cakes_are_the_simplest_whole_numbers_between_their_cuts() {
    let mut memo = HashMap::new();
    for m in 0..=12 {
        for n in 0..=12 {
            let expected = integer_value(m, n, &mut memo);
            assert_eq!(value(&format!("{m}x{n}")), expected.to_string(), "{m}x{n}");
        }
    }
}

#[test]
fn the_reference_tools_cakes_8_by_n() {
    let path = common::testdata_dir().join("cgsuite/cgsuite_expression_tests.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let case = cases
        .iter()
        .find(|c| c["name"] == "game.heap.Cutcake")
        .expect("the reference tool's Cutcake case");
    // The case is a row of the reference tool's table of partizan coordinate games: Left's
    // options of the cake (8, 8) counted, and the canonical forms of (8, n) for n from 0 to 8.
    let mut options = Vec::new();
    Cutcake.moves(
        &Cutcake.parse("8x8").unwrap(),
        grundy::partizan::Side::Left,
        &mut options,
    );
    assert_eq!(options.len().to_string(), case["input"].as_str().unwrap());
    let forms: Vec<String> = (0..=8).map(|n| value(&format!("8x{n}"))).collect();
    assert_eq!(
        format!("[{}]", forms.join(",")),
        case["expected"].as_str().unwrap()
    );
}
