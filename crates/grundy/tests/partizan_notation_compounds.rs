//! What the notation reads besides sums, against the definitions on raw game trees: the
//! ordinal sum `G : H` (`{G^L, G : H^L | G^R, G : H^R}`, built as a raw tree from the
//! canonical forms of G and H) and the integer multiple `k * G` (k copies added as raw
//! trees), on random small games.

mod common;

use std::collections::HashMap;

use common::raw::{random_games, Raw};
use grundy::partizan::{GameId, GameStore};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// `g : h` as a raw tree, by the definition.
fn raw_ordinal(raw: &mut Raw, g: usize, h: usize, memo: &mut HashMap<usize, usize>) -> usize {
    if let Some(&x) = memo.get(&h) {
        return x;
    }
    let (mut l, mut r) = raw.nodes[g].clone();
    let (hl, hr) = raw.nodes[h].clone();
    l.extend(hl.iter().map(|&o| raw_ordinal(raw, g, o, memo)));
    r.extend(hr.iter().map(|&o| raw_ordinal(raw, g, o, memo)));
    let x = raw.add(l, r);
    memo.insert(h, x);
    x
}

#[test]
fn ordinal_sums_read_against_the_definition() {
    let mut rng = StdRng::seed_from_u64(45);
    let mut store = GameStore::new();
    let (mut raw, games) = random_games(&mut rng, 60, 3, 3);
    let canon: Vec<GameId> = games
        .iter()
        .map(|&g| raw.canonical(&mut store, g))
        .collect();
    let mut expanded = HashMap::new();
    let mut checked = 0;
    let mut subordinate_form_matters = 0;
    for _ in 0..600 {
        let (i, j) = (
            rng.random_range(0..games.len()),
            rng.random_range(0..games.len()),
        );
        let (g, h) = (canon[i], canon[j]);
        let text = format!("({}) : ({})", store.display(g), store.display(h));
        let read = store.parse(&text).unwrap();
        let rg = raw.expand(&mut store, g, &mut expanded);
        let rh = raw.expand(&mut store, h, &mut expanded);
        let by_definition = raw_ordinal(&mut raw, rg, rh, &mut HashMap::new());
        let engine = raw.expand(&mut store, read, &mut expanded);
        assert!(
            raw.equal(by_definition, engine),
            "{text}: {}",
            store.display(read)
        );
        // The same with the subordinate as it was drawn (not canonical): the notation's games
        // are canonical forms, which is only right if the value does not depend on its form.
        let drawn = raw_ordinal(&mut raw, rg, games[j], &mut HashMap::new());
        subordinate_form_matters += usize::from(!raw.equal(drawn, engine));
        checked += 1;
    }
    println!("{checked} ordinal sums checked, each with the subordinate's drawn form too");
    // With a canonical base, the subordinate's form does not change the value here.
    assert_eq!(subordinate_form_matters, 0);
    // CGSuite's example: the base's form matters, `{-1|1} : 1` is 1/2 as a form and 1 as
    // the canonical 0 read here.
    let g = store.parse("{-1|1} : 1").unwrap();
    assert_eq!(store.display(g), "1");
    let g = store.parse("{*|*} : 1").unwrap();
    assert_eq!(store.display(g), "1");
    let g = store.parse("-1 : {0|-1}").unwrap();
    let minus = store.parse("-(1 : {1|0})").unwrap();
    assert_eq!(g, minus);
}

#[test]
fn integer_multiples_read_against_raw_sums() {
    let mut rng = StdRng::seed_from_u64(46);
    let mut store = GameStore::new();
    let (mut raw, games) = random_games(&mut rng, 40, 3, 3);
    let mut expanded = HashMap::new();
    let mut checked = 0;
    for &g in &games {
        let c = raw.canonical(&mut store, g);
        for k in -3i64..=3 {
            let shown = store.display(c);
            for text in [format!("{k}*({shown})"), format!("{k} * ({shown})")] {
                let read = store.parse(&text).unwrap();
                let mut acc = raw.add(vec![], vec![]);
                let copy = if k < 0 {
                    let minus = store.neg(c).unwrap();
                    raw.expand(&mut store, minus, &mut expanded)
                } else {
                    raw.expand(&mut store, c, &mut expanded)
                };
                for _ in 0..k.abs() {
                    acc = raw.sum(acc, copy, &mut HashMap::new());
                }
                let engine = raw.expand(&mut store, read, &mut expanded);
                assert!(raw.equal(acc, engine), "{text}: {}", store.display(read));
                checked += 1;
            }
        }
    }
    println!("{checked} multiples checked");
    // `3*` is 3 + *, `3*2` is 3 + *2; a product needs a brace, a parenthesis, a name or spaces.
    for (text, shown) in [
        ("3*", "3*"),
        ("3*2", "3*2"),
        ("3 * 2", "6"),
        ("3*{1|0}", "{2|1}"),
        ("2*^", "2^*"),
        ("-2*(^)", "vv"),
    ] {
        let g = store.parse(text).unwrap();
        assert_eq!(store.display(g), shown, "{text}");
    }
}

/// Who wins a compound of raw trees with `mover` to move, and in how many moves, by its
/// definition: each move a choice of an option in every component (`all`), or in a
/// non-empty set of them; the winner ends soonest, the loser puts it off.
fn raw_compound(
    raw: &Raw,
    state: &[usize],
    left: bool,
    all: bool,
    memo: &mut HashMap<(Vec<usize>, bool), (bool, u64)>,
) -> (bool, u64) {
    if let Some(&p) = memo.get(&(state.to_vec(), left)) {
        return p;
    }
    let options = |g: usize| {
        let (l, r) = &raw.nodes[g];
        if left {
            l.clone()
        } else {
            r.clone()
        }
    };
    // Every tuple of choices: in the conjunctive compound an option of each component, in
    // the selective one the component itself (no move) or an option, not all unmoved.
    let mut tuples: Vec<(Vec<usize>, bool)> = vec![(Vec::new(), false)];
    for &g in state {
        let mut next = Vec::new();
        for (t, moved) in &tuples {
            if !all {
                let mut u = t.clone();
                u.push(g);
                next.push((u, *moved));
            }
            for o in options(g) {
                let mut u = t.clone();
                u.push(o);
                next.push((u, true));
            }
        }
        tuples = next;
    }
    let (mut win, mut loss): (Option<u64>, Option<u64>) = (None, None);
    for (t, moved) in tuples {
        if !moved {
            continue;
        }
        let (left_wins, moves) = raw_compound(raw, &t, !left, all, memo);
        if left_wins == left {
            win = Some(win.map_or(moves, |w| w.min(moves)));
        } else {
            loss = Some(loss.map_or(moves, |l| l.max(moves)));
        }
    }
    let p = match (win, loss) {
        (Some(w), _) => (left, w + 1),
        (None, Some(l)) => (!left, l + 1),
        (None, None) => (!left, 0),
    };
    memo.insert((state.to_vec(), left), p);
    p
}

#[test]
fn conjunctive_and_selective_compounds_against_their_definitions() {
    use grundy::partizan::compound::Compound;
    use grundy::partizan::Side;
    let mut rng = StdRng::seed_from_u64(47);
    let mut store = GameStore::new();
    let (mut raw, games) = random_games(&mut rng, 40, 3, 3);
    let canon: Vec<GameId> = games
        .iter()
        .map(|&g| raw.canonical(&mut store, g))
        .collect();
    let mut expanded = HashMap::new();
    let mut checked = [0, 0];
    for _ in 0..300 {
        let count = rng.random_range(1..=3);
        let picked: Vec<GameId> = (0..count)
            .map(|_| canon[rng.random_range(0..canon.len())])
            .collect();
        let trees: Vec<usize> = picked
            .iter()
            .map(|&g| raw.expand(&mut store, g, &mut expanded))
            .collect();
        // The other compounds: `partizan_compounds.rs`.
        for (k, kind) in [Compound::Conjunctive, Compound::Selective]
            .into_iter()
            .enumerate()
        {
            let all = kind == Compound::Conjunctive;
            let got = store.compound_outcome(kind, &picked).unwrap();
            for (left, play) in [(true, got.left_first), (false, got.right_first)] {
                let want = raw_compound(&raw, &trees, left, all, &mut HashMap::new());
                let shown: Vec<String> = picked.iter().map(|&g| store.display(g)).collect();
                assert_eq!(
                    ((play.winner == Side::Left), play.moves),
                    want,
                    "{kind:?} of {shown:?}, Left first: {left}"
                );
            }
            checked[k] += 1;
        }
    }
    println!(
        "{} conjunctive and {} selective compounds checked",
        checked[0], checked[1]
    );
}
