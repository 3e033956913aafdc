//! Every game played by its family's formula against the same game explored and solved by
//! its rules, on random small starts: every position's outcome and value, every listed move
//! legal and rightly evaluated, every move listed where there are few, every legal move
//! accepted when typed, and no other. Both come from the registry
//! (`registry::play_by_formula` and `registry::play_within`).

use grundy::budget::Budget;
use grundy::Outcome;
use grundy_catalogue::games::registry;
use grundy_catalogue::play::{Match, PlayError, ALL_MOVES};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The game `spec` from `start`, explored and by the formula, checked to agree.
fn check(spec: &str, start: &str) {
    let budget = Budget::default();
    let explored = registry::play_within(spec, start, &budget).expect("small");
    assert!(!explored.is_by_formula(), "{spec} {start}: explored");
    let formula = registry::play_by_formula(spec, start, &budget).expect("a formula");
    assert!(formula.is_by_formula(), "{spec} {start}");
    agree(&explored, &formula, &format!("{spec} {start}"));
}

/// Checks the formula's match against the explored one, position by position.
fn agree(explored: &Match, formula: &Match, what: &str) {
    let n = explored.position_count() as u32;
    for e in 0..n {
        let name = explored.name(e);
        let f = formula
            .find(&name)
            .unwrap_or_else(|| panic!("{what}: {name} not read"));
        assert_eq!(formula.name(f), name, "{what}");
        let (ea, fa) = (explored.analyse(e), formula.analyse(f));
        assert_eq!(ea.outcome, fa.outcome, "{what}: outcome at {name}");
        assert_eq!(formula.outcome(f), fa.outcome, "{what}");
        if fa.value.is_some() {
            assert_eq!(ea.value, fa.value, "{what}: value at {name}");
        }
        for c in &fa.moves {
            let listed = ea.moves.iter().find(|m| m.to == c.to);
            let listed = listed.unwrap_or_else(|| panic!("{what}: {name} -> {} illegal", c.to));
            assert_eq!(listed.result, c.result, "{what}: {name} -> {}", c.to);
            assert_eq!(c.mistake, listed.mistake, "{what}");
        }
        let mut listed: Vec<&str> = fa.moves.iter().map(|c| c.to.as_str()).collect();
        listed.sort_unstable();
        listed.dedup();
        assert_eq!(
            listed.len(),
            fa.moves.len(),
            "{what}: a move listed twice at {name}"
        );
        if !fa.more_moves {
            let mut all: Vec<&str> = ea.moves.iter().map(|c| c.to.as_str()).collect();
            all.sort_unstable();
            assert_eq!(listed, all, "{what}: the moves at {name}");
        } else {
            assert!(ea.moves.len() > ALL_MOVES, "{what}: {name}");
        }
        assert_eq!(fa.best.is_none(), fa.moves.is_empty(), "{what}: {name}");
        if let (Outcome::Win, Some(best)) = (fa.outcome, fa.best) {
            let best = &fa.moves[best];
            assert_eq!(
                best.result,
                Outcome::Win,
                "{what}: the engine's move at {name}"
            );
        }
        // Every legal move typed as its position, and no other position.
        // (A single pile's name may be read as a listed move's number, which comes first.)
        let number = |text: &str| {
            text.parse()
                .is_ok_and(|k| (1..=fa.moves.len()).contains(&k))
        };
        for m in ea.moves.iter().filter(|m| !number(&m.to)) {
            let to = formula.read_move(f, &m.to).expect("a legal move");
            assert_eq!(formula.name(to), m.to, "{what}");
            let choice = formula.choice(f, to).expect("a move");
            assert_eq!((choice.result, &choice.to), (m.result, &m.to), "{what}");
        }
        for other in (0..n).step_by((n as usize / 8).max(1)) {
            let other = explored.name(other);
            if !ea.moves.iter().any(|m| m.to == other) && !number(&other) {
                assert!(
                    formula.read_move(f, &other).is_err(),
                    "{what}: {name} -> {other}"
                );
            }
        }
    }
}

/// One to three piles, of at most `most` counters in all (so that a start has a few
/// thousand positions at most, and some position has more than [`ALL_MOVES`] moves).
fn random_piles(rng: &mut StdRng, most: u64) -> Vec<u64> {
    let count = rng.random_range(1..=3);
    let mut left = most;
    (0..count)
        .map(|_| {
            let pile = rng.random_range(0..=left);
            left -= pile;
            pile
        })
        .collect()
}

/// Piles as a start: `3 4 5`.
fn text(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_game_with_a_formula_is_tested_here() {
    let tested = [
        "nim",
        "misere-nim",
        "wythoff",
        "subtraction:S (1,3,4 or L..R or except:L)",
        "fibonacci",
        "staircase",
    ];
    let with_formula: Vec<&str> = registry::playables()
        .filter(|g| g.formula().is_some())
        .map(|g| g.syntax())
        .collect();
    assert_eq!(with_formula, tested);
}

#[test]
fn nim_by_formula_agrees_with_the_rules() {
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..16 {
        let piles = random_piles(&mut rng, 36);
        check("nim", &text(&piles));
        check("misere-nim", &text(&piles));
    }
}

#[test]
fn subtraction_by_formula_agrees_with_the_rules() {
    let rules = ["1,3,4", "2,5,7", "1..3", "2..5", "except:2"];
    let mut rng = StdRng::seed_from_u64(2);
    for rule in rules {
        for _ in 0..6 {
            let piles = random_piles(&mut rng, 40);
            check(&format!("subtraction:{rule}"), &text(&piles));
        }
    }
}

#[test]
fn wythoff_fibonacci_and_staircase_by_formula_agree_with_the_rules() {
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..12 {
        let (a, b) = (rng.random_range(0..=24), rng.random_range(0..=24));
        check("wythoff", &format!("{a} {b}"));
    }
    for n in (0..=70).step_by(5) {
        check("fibonacci", &n.to_string());
    }
    for _ in 0..12 {
        let count = rng.random_range(1..=4);
        let steps: Vec<u64> = (0..count).map(|_| rng.random_range(0..=9)).collect();
        check("staircase", &text(&steps));
    }
}

#[test]
fn a_formula_game_numbers_no_more_positions_than_its_budget() {
    let budget = Budget::default().with_positions(2);
    let start = format!("{} 3", 1u64 << 60);
    let game = registry::play_within("nim", &start, &budget).unwrap();
    assert!(game.is_by_formula(), "a start too large to explore");
    let first = game.read_move(0, "5 3").expect("legal");
    assert_eq!(game.name(first), "5 3");
    let e = game.read_move(first, "4 3").expect_err("a third position");
    assert!(matches!(e, PlayError::Reached { limit: 2 }), "{e}");
    assert!(game.find("1 1").is_none());
    assert!(
        game.find("1 1 1").is_none(),
        "three piles are not this game's"
    );
}

#[test]
fn a_game_without_a_formula_says_so() {
    let e = registry::play_by_formula("squares", "5", &Budget::default()).unwrap_err();
    assert!(e.to_string().contains("not played by a formula"), "{e}");
}
