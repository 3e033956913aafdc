//! Partizan Subtraction, Partizan Splittles and Partizan Take-and-Break against their
//! definitions: for several pairs of rules, every heap up to 12, every sum of two heaps up
//! to 7 and seeded random sums of three, the game tree built from rules written here anew
//! (from the definitions, never the engine's moves; whole positions, never split into
//! heaps) equals the engine's value; the engine's outcome class and winning moves are those
//! of playing its own moves out (`common::rulesets::against_brute_force`); and the reference
//! tool's value (`testdata/cgsuite/cgsuite_expression_tests.json`, case
//! `PartizanSubtraction(1,3|2,3)`) is the engine's.

mod common;

use common::rulesets::{against_definition, Components};
use grundy::impartial::octal::Rule;
use grundy::partizan::rulesets::partizan_heaps::PartizanHeaps;
use grundy::partizan::rulesets::Ruleset;
use grundy::partizan::Side;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// Removing `j` of `n` tokens (`allowed(j)`), the rest left whole.
fn subtract(n: u32, allowed: impl Fn(u32) -> bool) -> Vec<Vec<u32>> {
    (1..=n)
        .filter(|&j| allowed(j))
        .map(|j| vec![n - j])
        .collect()
}

/// Removing `j` of `n` tokens (`allowed(j)`), the rest left whole or in two non-empty heaps.
fn splittle(n: u32, allowed: impl Fn(u32) -> bool) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for j in (1..=n).filter(|&j| allowed(j)) {
        out.push(vec![n - j]);
        for a in 1..n - j {
            out.push(vec![a, n - j - a]);
        }
    }
    out
}

/// The take-and-break code `code` (`d0.d1d2...`, hexadecimal digits) on a heap of `n`: remove
/// `j`, and if bit `k` of digit `j` is set, leave exactly `k` non-empty heaps (none only when
/// `j` is the heap).
fn take_and_break(code: &str, n: u32) -> Vec<Vec<u32>> {
    let (before, after) = code.split_once('.').unwrap_or((code, ""));
    let digits: Vec<u32> = std::iter::once(before.parse().unwrap())
        .chain(after.chars().map(|c| c.to_digit(16).unwrap()))
        .collect();
    let mut out = Vec::new();
    for (j, &d) in digits.iter().enumerate() {
        let j = j as u32;
        if j > n {
            break;
        }
        let rest = n - j;
        for k in 0..4 {
            if d & (1 << k) != 0 {
                compositions(rest, k, &mut vec![], &mut out);
            }
        }
    }
    out
}

/// Every way to write `rest` as `k` positive parts, in order (repeats are the same game).
fn compositions(rest: u32, k: u32, parts: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    if k == 0 {
        if rest == 0 {
            out.push(parts.clone());
        }
        return;
    }
    for a in 1..=rest {
        parts.push(a);
        compositions(rest - a, k - 1, parts, out);
        parts.pop();
    }
}

/// The positions checked: every heap up to 12, every pair up to 7, and 15 seeded triples
/// of heaps up to 5.
fn positions(seed: u64) -> Vec<String> {
    let mut positions: Vec<String> = (0..=12).map(|n| n.to_string()).collect();
    for a in 1..=7 {
        for b in a..=7 {
            positions.push(format!("{a} {b}"));
        }
    }
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..15 {
        let three: Vec<String> = (0..3)
            .map(|_| rng.random_range(1..=5).to_string())
            .collect();
        positions.push(three.join(" "));
    }
    positions
}

/// A heap game by its definition: for a player and a heap of `n`, every list of heaps a move
/// leaves; empty heaps dropped.
fn heaps(moves: fn(Side, u32) -> Vec<Vec<u32>>) -> Components<u32> {
    Components {
        moves,
        kept: |&h| h > 0,
    }
}

/// Checks `game` on [`positions`] against `definition` and against its own moves played
/// out; returns how many positions were checked.
fn check(game: PartizanHeaps, definition: Components<u32>, seed: u64) -> usize {
    against_definition(game, &definition, &positions(seed), |p| {
        p.0.iter().map(|&h| u32::from(h)).collect()
    })
}

#[test]
fn partizan_subtraction_against_its_definition() {
    let mut checked = check(
        PartizanHeaps::subtraction(&[1, 3], &[2, 3], false),
        heaps(|side, n| match side {
            Side::Left => subtract(n, |j| j == 1 || j == 3),
            Side::Right => subtract(n, |j| j == 2 || j == 3),
        }),
        1,
    );
    checked += check(
        PartizanHeaps::subtraction(&[1, 2], &[3], true),
        heaps(|side, n| match side {
            Side::Left => subtract(n, |j| j != 1 && j != 2),
            Side::Right => subtract(n, |j| j != 3),
        }),
        2,
    );
    checked += check(
        PartizanHeaps::subtraction(&[2], &[], false),
        heaps(|side, n| match side {
            Side::Left => subtract(n, |j| j == 2),
            Side::Right => Vec::new(),
        }),
        3,
    );
    assert_eq!(checked, 3 * positions(0).len());
}

#[test]
fn partizan_splittles_against_its_definition() {
    let mut checked = check(
        PartizanHeaps::splittles(&[1, 2], &[2, 3], false),
        heaps(|side, n| match side {
            Side::Left => splittle(n, |j| j == 1 || j == 2),
            Side::Right => splittle(n, |j| j == 2 || j == 3),
        }),
        4,
    );
    checked += check(
        PartizanHeaps::splittles(&[1], &[2], true),
        heaps(|side, n| match side {
            Side::Left => splittle(n, |j| j != 1),
            Side::Right => splittle(n, |j| j != 2),
        }),
        5,
    );
    assert_eq!(checked, 2 * positions(0).len());
}

#[test]
fn partizan_take_and_break_against_its_definition() {
    let rule = |code: &str| Rule::parse(code).unwrap();
    let mut checked = check(
        PartizanHeaps::take_and_break(&rule("0.07"), &rule("0.77")),
        heaps(|side, n| match side {
            Side::Left => take_and_break("0.07", n),
            Side::Right => take_and_break("0.77", n),
        }),
        6,
    );
    checked += check(
        PartizanHeaps::take_and_break(&rule("4.07"), &rule("0.137")),
        heaps(|side, n| match side {
            Side::Left => take_and_break("4.07", n),
            Side::Right => take_and_break("0.137", n),
        }),
        7,
    );
    checked += check(
        PartizanHeaps::take_and_break(&rule("0.8f"), &rule("0.3")),
        heaps(|side, n| match side {
            Side::Left => take_and_break("0.8f", n),
            Side::Right => take_and_break("0.3", n),
        }),
        8,
    );
    // Grundy's game for Left: split a heap into two unequal heaps.
    checked += check(
        PartizanHeaps::take_and_break(&rule("grundy"), &rule("kayles")),
        heaps(|side, n| match side {
            Side::Left => (1..n)
                .filter(|&a| 2 * a != n)
                .map(|a| vec![a, n - a])
                .collect(),
            Side::Right => take_and_break("0.77", n),
        }),
        9,
    );
    assert_eq!(checked, 4 * positions(0).len());
}

#[test]
fn the_reference_tools_partizan_subtraction() {
    let path = common::testdata_dir().join("cgsuite/cgsuite_expression_tests.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    // PartizanSubtraction([1,3],[2,3])(6), and the same game as the partizan join of two
    // subtraction games.
    let game = PartizanHeaps::subtraction(&[1, 3], &[2, 3], false);
    let form = game.value_of("6").unwrap().canonical_form();
    for name in ["PartizanSubtraction(1,3|2,3)", "PartizanJoin"] {
        let case = cases.iter().find(|c| c["name"] == name).expect(name);
        assert_eq!(form, case["expected"].as_str().unwrap(), "{name}");
    }
}
