//! Laws of short games, checked on random games (proptest): sums form an abelian group with
//! `G + (−G) = 0`; canonical forms are idempotent and unique (`G ≤ H ≤ G` iff equal ids);
//! the number-avoidance theorem; the mean is additive; reduced canonical forms ignore
//! infinitesimals; atomic weights of all-small games add, and two of them make a game
//! positive. Then the census of games born by days 1, 2 and 3 (4, 22 and 1474), and the
//! companion of numbers by its recursive definition.

use grundy::partizan::{Comparison, Dyadic, GameId, GameStore, Nus};
use proptest::prelude::*;

/// A recipe for a game: leaves in closed form, nodes `{L|R}` canonicalised by the store.
#[derive(Clone, Debug)]
enum Recipe {
    Number(i8, u8),
    Nimber(u8),
    Ups(i8, u8),
    Node(Vec<Recipe>, Vec<Recipe>),
}

fn build(store: &mut GameStore, r: &Recipe) -> GameId {
    match r {
        Recipe::Number(n, e) => store.number(Dyadic::new(*n as i64, *e as u32).unwrap()),
        Recipe::Nimber(m) => store.nimber(*m as u32),
        Recipe::Ups(u, m) => store
            .nus_game(Nus::new(Dyadic::ZERO, *u as i32, *m as u32).unwrap())
            .unwrap(),
        Recipe::Node(l, r) => {
            let l: Vec<GameId> = l.iter().map(|x| build(store, x)).collect();
            let r: Vec<GameId> = r.iter().map(|x| build(store, x)).collect();
            store.game(&l, &r).unwrap()
        }
    }
}

fn recipe() -> impl Strategy<Value = Recipe> {
    let leaf = prop_oneof![
        (-4i8..=4, 0u8..=2).prop_map(|(n, e)| Recipe::Number(n, e)),
        (0u8..=3).prop_map(Recipe::Nimber),
        (-2i8..=2, 0u8..=1).prop_map(|(u, m)| Recipe::Ups(u, m)),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Recipe::Node(l, r))
    })
}

/// All-small recipes: every node has options on both sides or none, leaves are nimbers and
/// ups.
fn all_small_recipe() -> impl Strategy<Value = Recipe> {
    let leaf = prop_oneof![
        (0u8..=3).prop_map(Recipe::Nimber),
        (-2i8..=2, 0u8..=1).prop_map(|(u, m)| Recipe::Ups(u, m)),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(l, r)| Recipe::Node(l, r))
    })
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// G + (−G) = 0; G + H = H + G; (G + H) + K = G + (H + K).
    #[test]
    fn sums_form_an_abelian_group(a in recipe(), b in recipe(), c in recipe()) {
        let mut s = GameStore::new();
        let (g, h, k) = (build(&mut s, &a), build(&mut s, &b), build(&mut s, &c));
        let minus_g = s.neg(g).unwrap();
        prop_assert_eq!(s.sum(g, minus_g).unwrap(), GameId::ZERO);
        prop_assert_eq!(s.sum(g, h).unwrap(), s.sum(h, g).unwrap());
        let gh = s.sum(g, h).unwrap();
        let hk = s.sum(h, k).unwrap();
        prop_assert_eq!(s.sum(gh, k).unwrap(), s.sum(g, hk).unwrap());
    }

    /// Rebuilding a canonical form from its own options gives it back, and `≤` both ways
    /// holds exactly for equal ids.
    #[test]
    fn canonical_forms_are_idempotent_and_unique(a in recipe(), b in recipe()) {
        let mut s = GameStore::new();
        let (g, h) = (build(&mut s, &a), build(&mut s, &b));
        let (l, r) = (s.left_options(g).unwrap(), s.right_options(g).unwrap());
        prop_assert_eq!(s.game(&l, &r).unwrap(), g);
        let both = s.leq(g, h).unwrap() && s.leq(h, g).unwrap();
        prop_assert_eq!(both, g == h);
        prop_assert_eq!(s.compare(g, h).unwrap() == Comparison::Equal, g == h);
        // The printed form reads back as the same game.
        let text = s.display(g);
        prop_assert_eq!(s.parse(&text).unwrap(), g, "{}", text);
    }

    /// Number avoidance: if G is not a number and Left (Right) wins G + x moving first, she
    /// (he) has a winning move in G.
    #[test]
    fn number_avoidance(a in recipe(), n in -8i64..=8, e in 0u32..=3) {
        let mut s = GameStore::new();
        let mut g = build(&mut s, &a);
        if s.is_number(g) {
            // Make it hot: the theorem is about games that are not numbers.
            let switch = s.parse("+-1").unwrap();
            g = s.sum(g, switch).unwrap();
        }
        let x = s.number(Dyadic::new(n, e).unwrap());
        let gx = s.sum(g, x).unwrap();
        if !s.leq(gx, GameId::ZERO).unwrap() {
            let mut found = false;
            for gl in s.left_options(g).unwrap() {
                let t = s.sum(gl, x).unwrap();
                found |= s.leq(GameId::ZERO, t).unwrap();
            }
            prop_assert!(found, "{} + {}", s.display(g), s.display(x));
        }
        if !s.leq(GameId::ZERO, gx).unwrap() {
            let mut found = false;
            for gr in s.right_options(g).unwrap() {
                let t = s.sum(gr, x).unwrap();
                found |= s.leq(t, GameId::ZERO).unwrap();
            }
            prop_assert!(found, "{} + {}", s.display(g), s.display(x));
        }
    }

    /// The mean of a sum is the sum of the means.
    #[test]
    fn means_add(a in recipe(), b in recipe()) {
        let mut s = GameStore::new();
        let (g, h) = (build(&mut s, &a), build(&mut s, &b));
        let gh = s.sum(g, h).unwrap();
        let total = s.mean(g).unwrap().checked_add(s.mean(h).unwrap()).unwrap();
        prop_assert_eq!(s.mean(gh).unwrap(), total);
    }

    /// The reduced canonical form is infinitesimally close to G, blind to ↑ and *, and its
    /// own reduced form.
    #[test]
    fn reduced_forms_ignore_infinitesimals(a in recipe(), ups in -2i32..=2, m in 0u32..=2) {
        let mut s = GameStore::new();
        let g = build(&mut s, &a);
        let r = s.reduced(g).unwrap();
        let d = s.sub(g, r).unwrap();
        prop_assert!(s.is_infinitesimal(d), "{} - {}", s.display(g), s.display(r));
        let eps = s.nus_game(Nus::new(Dyadic::ZERO, ups, m).unwrap()).unwrap();
        let moved = s.sum(g, eps).unwrap();
        prop_assert_eq!(s.reduced(moved).unwrap(), r);
        prop_assert_eq!(s.reduced(r).unwrap(), r);
    }

    /// Atomic weights of all-small games exist and add up, and an all-small game of atomic
    /// weight at least 2 is positive (the two-ahead rule).
    #[test]
    fn atomic_weights_of_all_small_games(a in all_small_recipe(), b in all_small_recipe()) {
        let mut s = GameStore::new();
        let (g, h) = (build(&mut s, &a), build(&mut s, &b));
        prop_assert!(s.is_all_small(g).unwrap());
        let (wg, wh) = (s.atomic_weight(g).unwrap(), s.atomic_weight(h).unwrap());
        let gh = s.sum(g, h).unwrap();
        let total = s.sum(wg, wh).unwrap();
        prop_assert_eq!(s.atomic_weight(gh).unwrap(), total);
        let two = s.integer(2);
        if s.leq(two, wg).unwrap() {
            prop_assert_eq!(s.compare(g, GameId::ZERO).unwrap(), Comparison::Greater);
        }
    }
}

/// The games born by day `n + 1` from those born by day `n`: `{L|R}` for every pair of
/// antichains (sets of pairwise incomparable games; other sets have dominated options).
fn next_day(s: &mut GameStore, day: &[GameId]) -> Vec<GameId> {
    let mut antichains: Vec<Vec<GameId>> = vec![Vec::new()];
    for (i, &g) in day.iter().enumerate() {
        let mut more = Vec::new();
        for a in &antichains {
            let fits = a
                .iter()
                .all(|&h| s.compare(g, h).unwrap() == Comparison::Incomparable);
            if fits
                && a.iter()
                    .all(|&h| day.iter().position(|&x| x == h).unwrap() < i)
            {
                let mut b = a.clone();
                b.push(g);
                more.push(b);
            }
        }
        antichains.extend(more);
    }
    let mut born = std::collections::BTreeSet::new();
    for l in &antichains {
        for r in &antichains {
            born.insert(s.game(l, r).unwrap());
        }
    }
    born.into_iter().collect()
}

#[test]
fn census_of_the_first_three_days() {
    let mut s = GameStore::new();
    let mut day = vec![GameId::ZERO];
    let mut counts = Vec::new();
    for _ in 0..3 {
        day = next_day(&mut s, &day);
        counts.push(day.len());
    }
    assert_eq!(counts, [4, 22, 1474]);
    assert!(day.iter().all(|&g| s.birthday(g) <= 3));
}

/// The companion by its recursive definition, with no shortcut for numbers.
fn companion_by_definition(s: &mut GameStore, g: GameId) -> GameId {
    if let Some(v) = s.nus(g).filter(|v| v.number == Dyadic::ZERO) {
        let nimber = if v.nimber >= 2 {
            v.nimber
        } else {
            v.nimber ^ 1
        };
        return s.nus_game(Nus { nimber, ..v }).unwrap();
    }
    let mut l: Vec<GameId> = s
        .left_options(g)
        .unwrap()
        .into_iter()
        .map(|o| companion_by_definition(s, o))
        .collect();
    let mut r: Vec<GameId> = s
        .right_options(g)
        .unwrap()
        .into_iter()
        .map(|o| companion_by_definition(s, o))
        .collect();
    if s.leq(GameId::ZERO, g).unwrap() {
        l.push(GameId::ZERO);
    }
    if s.leq(g, GameId::ZERO).unwrap() {
        r.push(GameId::ZERO);
    }
    s.game(&l, &r).unwrap()
}

#[test]
fn companions_of_numbers_by_the_definition() {
    let mut s = GameStore::new();
    for n in -12..=12 {
        for e in 0..=4 {
            let x = s.number(Dyadic::new(n, e).unwrap());
            if x == GameId::ZERO {
                continue;
            }
            assert_eq!(companion_by_definition(&mut s, x), x);
            assert_eq!(s.companion(x).unwrap(), x);
        }
    }
}
