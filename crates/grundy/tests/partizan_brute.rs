//! The value engine against definitions, on random small games given as raw trees (not
//! canonical, with dominated and reversible options, repeats and all):
//!
//! - `≤` by its recursive definition on the raw trees, against the engine's on the
//!   canonical forms;
//! - the canonical form is equal to the raw game (`≤` both ways, by the definition) and has
//!   no dominated or reversible option, its birthday the height of its tree;
//! - sums built as raw trees, then canonicalised, against the engine's sums;
//! - outcome classes, stops and misère outcomes by playing the raw trees out;
//! - cooling by its definition (frozen at the least temperature where the cooled game is
//!   infinitesimally close to a number), on a grid of temperatures, against the engine's
//!   cooling and thermograph walls.

mod common;

use std::collections::HashMap;

use common::raw::{random_games, Raw};
use grundy::partizan::{Dyadic, GameId, GameStore, OutcomeClass};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn comparisons_canonical_forms_and_outcomes_against_definitions() {
    let mut rng = StdRng::seed_from_u64(12);
    let mut store = GameStore::new();
    let (mut raw, games) = random_games(&mut rng, 160, 3, 4);
    let canon: Vec<GameId> = games
        .iter()
        .map(|&g| raw.canonical(&mut store, g))
        .collect();
    let mut expanded = HashMap::new();
    for (i, &g) in games.iter().enumerate() {
        let c = canon[i];
        let e = raw.expand(&mut store, c, &mut expanded);
        assert!(
            raw.equal(g, e),
            "canonical form {} differs from the raw game",
            store.display(c)
        );
        assert_eq!(store.birthday(c), raw.height(e));
        // No dominated and no reversible options in the canonical tree.
        let (l, r) = raw.nodes[e].clone();
        for &a in &l {
            for &b in &l {
                assert!(
                    a == b || !raw.leq(a, b),
                    "dominated left option in {}",
                    store.display(c)
                );
            }
            for &ar in &raw.nodes[a].1.clone() {
                assert!(
                    !raw.leq(ar, e),
                    "reversible left option in {}",
                    store.display(c)
                );
            }
        }
        for &a in &r {
            for &b in &r {
                assert!(
                    a == b || !raw.leq(b, a),
                    "dominated right option in {}",
                    store.display(c)
                );
            }
            for &al in &raw.nodes[a].0.clone() {
                assert!(
                    !raw.leq(e, al),
                    "reversible right option in {}",
                    store.display(c)
                );
            }
        }
        // Outcomes and stops by playing out.
        let class =
            OutcomeClass::from_left_wins(raw.wins_first(g, true), !raw.wins_first(g, false));
        assert_eq!(store.outcome(c).unwrap(), class, "{}", store.display(c));
        assert_eq!(store.left_stop(c), raw.stop(&mut store, g, true));
        assert_eq!(store.right_stop(c), raw.stop(&mut store, g, false));
        let misere = OutcomeClass::from_left_wins(
            raw.misere_wins_first(e, true),
            !raw.misere_wins_first(e, false),
        );
        assert_eq!(
            store.misere_outcome(c).unwrap(),
            misere,
            "{}",
            store.display(c)
        );
    }
    for _ in 0..3000 {
        let (i, j) = (
            rng.random_range(0..games.len()),
            rng.random_range(0..games.len()),
        );
        let expected = raw.leq(games[i], games[j]);
        assert_eq!(store.leq(canon[i], canon[j]).unwrap(), expected);
        assert_eq!(canon[i] == canon[j], raw.equal(games[i], games[j]));
    }
}

/// Forms `{{A | B, C} | D}` over small games: many equal a number although their left
/// option is hot, so their stops are not the ones their options say (`{{1 | *, ↓} | 2}` is 0,
/// its options say 0 and 2). The canonical form must equal the raw game and must not depend
/// on the order of the options.
#[test]
fn forms_equal_to_numbers_with_hot_options() {
    let mut raw = Raw::default();
    let zero = raw.add(vec![], vec![]);
    let one = raw.add(vec![zero], vec![]);
    let two = raw.add(vec![one], vec![]);
    let minus_one = raw.add(vec![], vec![zero]);
    let half = raw.add(vec![zero], vec![one]);
    let star = raw.add(vec![zero], vec![zero]);
    let up = raw.add(vec![zero], vec![star]);
    let down = raw.add(vec![star], vec![zero]);
    let star2 = raw.add(vec![zero, star], vec![zero, star]);
    let pool = [zero, one, two, minus_one, half, star, up, down, star2];
    let mut store = GameStore::new();
    let mut expanded = HashMap::new();
    for &a in &pool {
        for &b in &pool {
            for &c in &pool {
                if b == c {
                    continue;
                }
                for &d in &pool {
                    let forwards = raw.add(vec![a], vec![b, c]);
                    let backwards = raw.add(vec![a], vec![c, b]);
                    let g = raw.add(vec![forwards], vec![d]);
                    let h = raw.add(vec![backwards], vec![d]);
                    let (cg, ch) = (raw.canonical(&mut store, g), raw.canonical(&mut store, h));
                    assert_eq!(cg, ch, "{} and {}", store.display(cg), store.display(ch));
                    let e = raw.expand(&mut store, cg, &mut expanded);
                    assert!(raw.equal(g, e), "{} is not the raw game", store.display(cg));
                }
            }
        }
    }
}

#[test]
fn sums_against_raw_sums() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut store = GameStore::new();
    let (mut raw, games) = random_games(&mut rng, 60, 2, 4);
    let mut memo = HashMap::new();
    for _ in 0..150 {
        let (a, b) = (
            games[rng.random_range(0..games.len())],
            games[rng.random_range(0..games.len())],
        );
        if raw.height(a) + raw.height(b) > 6 {
            continue;
        }
        let s = raw.sum(a, b, &mut memo);
        let expected = raw.canonical(&mut store, s);
        let (ca, cb) = (raw.canonical(&mut store, a), raw.canonical(&mut store, b));
        assert_eq!(store.sum(ca, cb).unwrap(), expected);
        let minus_b = store.neg(cb).unwrap();
        let diff = store.sub(ca, cb).unwrap();
        assert_eq!(store.sum(ca, minus_b).unwrap(), diff);
    }
}

/// Cooling by the definition: `G_t = {G^L_t − t | G^R_t + t}`, unless for some `t' < t`
/// that expression is infinitesimally close to a number `x` (both stops `x`), in which case
/// `G_t = x` for the least such `t'`; integers stay. `t'` ranges over `grid`.
fn cool_by_definition(
    store: &mut GameStore,
    g: GameId,
    t: Dyadic,
    grid: &[Dyadic],
    memo: &mut HashMap<(GameId, Dyadic), GameId>,
) -> GameId {
    if store.is_integer(g) {
        return g;
    }
    if let Some(&c) = memo.get(&(g, t)) {
        return c;
    }
    let raw_cooled =
        |store: &mut GameStore, u: Dyadic, memo: &mut HashMap<(GameId, Dyadic), GameId>| {
            let u_id = store.number(u);
            let mut l = Vec::new();
            for o in store.left_options(g).unwrap() {
                let c = cool_by_definition(store, o, u, grid, memo);
                l.push(store.sub(c, u_id).unwrap());
            }
            let mut r = Vec::new();
            for o in store.right_options(g).unwrap() {
                let c = cool_by_definition(store, o, u, grid, memo);
                r.push(store.sum(c, u_id).unwrap());
            }
            store.game(&l, &r).unwrap()
        };
    let mut result = None;
    for &u in grid.iter().take_while(|&&u| u < t) {
        let c = raw_cooled(store, u, memo);
        if store.left_stop(c) == store.right_stop(c) {
            result = Some(store.number(store.left_stop(c)));
            break;
        }
    }
    let result = result.unwrap_or_else(|| raw_cooled(store, t, memo));
    memo.insert((g, t), result);
    result
}

#[test]
fn cooling_and_thermographs_against_the_definition() {
    let mut store = GameStore::new();
    let texts = [
        "{3||2*|1*}",
        "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        "+-1",
        "{2|-1}",
        "{5|{2|0}}",
        "{{4|1}|0}",
        "^",
        "*2",
        "{1|*}",
        "3/4",
        "{1/2|-1/4}",
        "{2||1|0}",
        "{3|||2||1|0,*||||-1/2}",
        "{1,{2|0}|-1}",
        "{0|-3}",
    ];
    // Multiples of 1/32 from −1 to 4: every critical temperature of these games is one.
    let grid: Vec<Dyadic> = (-31..=128).map(|k| Dyadic::new(k, 5).unwrap()).collect();
    let mut memo = HashMap::new();
    for text in texts {
        let g = store.parse(text).unwrap();
        let thermograph = store.thermograph(g).unwrap();
        let temperature = store.temperature(g).unwrap();
        let mut first_frozen = None;
        for &t in &grid {
            let by_definition = cool_by_definition(&mut store, g, t, &grid, &mut memo);
            assert_eq!(
                store.cool(g, t).unwrap(),
                by_definition,
                "{text} cooled by {t}"
            );
            if t <= temperature {
                assert_eq!(
                    store.left_stop(by_definition),
                    thermograph.left.value_at(t).unwrap(),
                    "{text} at {t}"
                );
                assert_eq!(
                    store.right_stop(by_definition),
                    thermograph.right.value_at(t).unwrap(),
                    "{text} at {t}"
                );
            }
            if first_frozen.is_none() && store.is_numberish(by_definition) && !store.is_integer(g) {
                first_frozen = Some(t);
            }
        }
        if !store.is_integer(g) {
            assert_eq!(first_frozen, Some(temperature), "{text}");
        }
        assert_eq!(store.mean(g).unwrap(), thermograph.mast().unwrap());
    }
}
