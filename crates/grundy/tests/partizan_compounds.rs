//! Every compound of `grundy::partizan::compound` against its definition, played out on the
//! raw trees of the canonical forms of seeded random small games: free games, impartial
//! games and games in which each position has moves for both players or for neither (so
//! that the continued conjunctive compound is valued by suspense, component by component,
//! and here by its whole tree); the diminished disjunctive compound of nimbers against the
//! engine's impartial sums that end with any component; and each compound under a budget.

mod common;

use std::collections::HashMap;

use common::raw::Raw;
use grundy::budget::{Budget, Resource};
use grundy::impartial::ending::{ending_sum, ending_values, LastMover};
use grundy::partizan::compound::{Compound, Count};
use grundy::partizan::{GameId, GameStore, OutcomeClass, Side, ValueError};
use grundy::{GameGraph, Outcome};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Which random games to draw.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// Left's and Right's options drawn apart.
    Free,
    /// The same options for both.
    Impartial,
    /// Options for both players or for neither, drawn apart.
    InStep,
}

/// Random raw games: each new node takes random subsets of the earlier ones as options,
/// trees at most 3 high.
fn random_games(rng: &mut StdRng, count: usize, kind: Kind) -> (Raw, Vec<usize>) {
    let mut raw = Raw::default();
    raw.add(vec![], vec![]);
    let mut games = vec![0];
    let mut heights = vec![0];
    while games.len() < count {
        let pick = |rng: &mut StdRng, at_least: usize| -> Vec<usize> {
            let n = rng.random_range(at_least..=3);
            (0..n).map(|_| rng.random_range(0..games.len())).collect()
        };
        let (l, r) = match kind {
            Kind::Free => (pick(rng, 0), pick(rng, 0)),
            Kind::Impartial => {
                let l = pick(rng, 0);
                (l.clone(), l)
            }
            Kind::InStep => {
                let l = pick(rng, 1);
                (l, pick(rng, 1))
            }
        };
        let height = l
            .iter()
            .chain(&r)
            .map(|&i| heights[i] + 1)
            .max()
            .unwrap_or(0);
        if height > 3 {
            continue;
        }
        games.push(raw.add(l, r));
        heights.push(height);
    }
    (raw, games)
}

/// Every tuple taking one of `choices[i]` for each i.
fn product(choices: &[Vec<usize>]) -> Vec<Vec<usize>> {
    match choices.split_last() {
        None => vec![vec![]],
        Some((last, rest)) => product(rest)
            .into_iter()
            .flat_map(|t| {
                last.iter().map(move |&c| {
                    let mut u = t.clone();
                    u.push(c);
                    u
                })
            })
            .collect(),
    }
}

/// The positions the player (`left` or not) can move the compound `kind` of `state` to,
/// by the definitions of the module's page.
fn moves(raw: &Raw, kind: Compound, state: &[usize], left: bool) -> Vec<Vec<usize>> {
    let options = |g: usize| {
        let (l, r) = &raw.nodes[g];
        if left {
            l.clone()
        } else {
            r.clone()
        }
    };
    let ended = |g: usize| raw.nodes[g].0.is_empty() && raw.nodes[g].1.is_empty();
    let stay_or_move = |g: usize| {
        let mut c = vec![g];
        c.extend(options(g));
        c
    };
    let moved = |t: &Vec<usize>| t.as_slice() != state;
    match kind {
        Compound::Conjunctive => product(&state.iter().map(|&g| options(g)).collect::<Vec<_>>()),
        Compound::Selective => product(&state.iter().map(|&g| stay_or_move(g)).collect::<Vec<_>>())
            .into_iter()
            .filter(moved)
            .collect(),
        Compound::ContinuedConjunctive => {
            let choices: Vec<Vec<usize>> = state
                .iter()
                .map(|&g| {
                    let o = options(g);
                    if o.is_empty() {
                        vec![g]
                    } else {
                        o
                    }
                })
                .collect();
            product(&choices).into_iter().filter(moved).collect()
        }
        Compound::DiminishedDisjunctive | Compound::ShortenedSelective
            if state.iter().any(|&g| ended(g)) =>
        {
            vec![]
        }
        Compound::DiminishedDisjunctive => (0..state.len())
            .flat_map(|i| {
                options(state[i]).into_iter().map(move |o| {
                    let mut t = state.to_vec();
                    t[i] = o;
                    t
                })
            })
            .collect(),
        Compound::ShortenedSelective => {
            product(&state.iter().map(|&g| stay_or_move(g)).collect::<Vec<_>>())
                .into_iter()
                .filter(moved)
                .collect()
        }
        Compound::Sequential => match state.iter().position(|&g| !ended(g)) {
            None => vec![],
            Some(i) => options(state[i])
                .into_iter()
                .map(|o| {
                    let mut t = state.to_vec();
                    t[i] = o;
                    t
                })
                .collect(),
        },
    }
}

/// Who wins the compound (Left or not) and in how many moves: by remoteness the winner
/// takes his quickest win and the loser his slowest loss, by suspense the other way round.
fn play(
    raw: &Raw,
    kind: Compound,
    state: &[usize],
    left: bool,
    memo: &mut HashMap<(Vec<usize>, bool), (bool, u64)>,
) -> (bool, u64) {
    if let Some(&p) = memo.get(&(state.to_vec(), left)) {
        return p;
    }
    let after: Vec<(bool, u64)> = moves(raw, kind, state, left)
        .into_iter()
        .map(|t| play(raw, kind, &t, !left, memo))
        .collect();
    let wins: Vec<u64> = after.iter().filter(|p| p.0 == left).map(|p| p.1).collect();
    let losses: Vec<u64> = after.iter().filter(|p| p.0 != left).map(|p| p.1).collect();
    let suspense = kind.count() == Count::Suspense;
    let p = if !wins.is_empty() {
        let w = if suspense {
            wins.iter().max()
        } else {
            wins.iter().min()
        };
        (left, w.unwrap() + 1)
    } else if !losses.is_empty() {
        let l = if suspense {
            losses.iter().min()
        } else {
            losses.iter().max()
        };
        (!left, l.unwrap() + 1)
    } else {
        (!left, 0)
    };
    memo.insert((state.to_vec(), left), p);
    p
}

/// Whether every position of `g` has moves for both players or for neither.
fn in_step(raw: &Raw, g: usize) -> bool {
    let (l, r) = &raw.nodes[g];
    l.is_empty() == r.is_empty() && l.iter().chain(r).all(|&o| in_step(raw, o))
}

#[test]
fn every_compound_against_its_definition_on_random_games() {
    let mut checked: HashMap<Compound, usize> = HashMap::new();
    let mut continued_in_step = 0;
    let mut classes: HashMap<OutcomeClass, usize> = HashMap::new();
    for (seed, kind) in [(48, Kind::Free), (49, Kind::Impartial), (50, Kind::InStep)] {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut store = GameStore::new();
        let (mut raw, games) = random_games(&mut rng, 40, kind);
        let canon: Vec<GameId> = games
            .iter()
            .map(|&g| raw.canonical(&mut store, g))
            .collect();
        let mut expanded = HashMap::new();
        for _ in 0..250 {
            let count = rng.random_range(1..=3);
            let picked: Vec<GameId> = (0..count)
                .map(|_| canon[rng.random_range(0..canon.len())])
                .collect();
            let trees: Vec<usize> = picked
                .iter()
                .map(|&g| raw.expand(&mut store, g, &mut expanded))
                .collect();
            let shown: Vec<String> = picked.iter().map(|&g| store.display(g)).collect();
            for compound in Compound::ALL {
                let got = store.compound_outcome(compound, &picked).unwrap();
                for (left, p) in [(true, got.left_first), (false, got.right_first)] {
                    let want = play(&raw, compound, &trees, left, &mut HashMap::new());
                    assert_eq!(
                        (p.winner == Side::Left, p.moves),
                        want,
                        "{compound:?} of {shown:?} ({kind:?}), Left first: {left}"
                    );
                }
                *checked.entry(compound).or_default() += 1;
                *classes.entry(got.class()).or_default() += 1;
                if compound == Compound::ContinuedConjunctive
                    && trees.iter().all(|&t| in_step(&raw, t))
                {
                    continued_in_step += 1;
                }
            }
        }
    }
    println!("checked {checked:?}; {continued_in_step} continued conjunctive compounds in step");
    println!("outcome classes {classes:?}");
    for compound in Compound::ALL {
        assert_eq!(checked[&compound], 750);
    }
    // Each class occurs, and the suspense of the components decided many compounds.
    assert_eq!(classes.len(), 4);
    assert!(continued_in_step > 200, "{continued_in_step}");
}

#[test]
fn diminished_disjunctive_nimbers_as_sums_that_end_with_any_component() {
    // Nim heaps 0..6: heap n moves to every smaller heap. A component ends at heap 0, and
    // the player who ends it wins: the next cannot move.
    let heaps = 6u32;
    let moves: Vec<(u32, u32)> = (0..heaps)
        .flat_map(|n| (0..n).map(move |m| (n, m)))
        .collect();
    let graph = GameGraph::from_moves(heaps, &moves);
    let values = ending_values(&graph, LastMover::Wins).unwrap();
    let mut store = GameStore::new();
    let nimbers: Vec<GameId> = (0..heaps)
        .map(|n| store.parse(&format!("*{n}")).unwrap())
        .collect();
    let mut checked = 0;
    for a in 0..heaps {
        for b in 0..heaps {
            for c in 0..heaps {
                let tokens = [a, b, c];
                let ids: Vec<GameId> = tokens.iter().map(|&n| nimbers[n as usize]).collect();
                let got = store
                    .compound_outcome(Compound::DiminishedDisjunctive, &ids)
                    .unwrap();
                // Impartial: the same with either player first.
                assert_eq!(got.left_first.winner, got.right_first.winner.other());
                let mover_wins = ending_sum(&graph, &values, &tokens)
                    .is_some_and(|answer| answer.outcome == Outcome::Win);
                assert_eq!(
                    got.left_first.winner == Side::Left,
                    mover_wins,
                    "{tokens:?}"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 216);
}

#[test]
fn worked_values() {
    let mut store = GameStore::new();
    let mut outcome = |kind: Compound, games: &[&str]| {
        let ids: Vec<GameId> = games.iter().map(|g| store.parse(g).unwrap()).collect();
        let c = store.compound_outcome(kind, &ids).unwrap();
        let side = |s: Side| if s == Side::Left { 'L' } else { 'R' };
        (
            c.class().letter(),
            (side(c.left_first.winner), c.left_first.moves),
            (side(c.right_first.winner), c.right_first.moves),
        )
    };
    // Right cannot move in 1: he loses the join at once; in the slow join he moves in the
    // switch alone, Left in 1, and he is stuck.
    assert_eq!(
        outcome(Compound::Conjunctive, &["1", "{1|0}"]),
        ('L', ('L', 1), ('L', 0))
    );
    assert_eq!(
        outcome(Compound::ContinuedConjunctive, &["1", "{1|0}"]),
        ('L', ('L', 1), ('L', 2))
    );
    // The slow join of *2 and *: whoever moves first ends both at once and wins; moving *2
    // to * instead would hand the last move to the other player.
    assert_eq!(
        outcome(Compound::ContinuedConjunctive, &["*2", "*"]),
        ('N', ('L', 1), ('R', 1))
    );
    // A component that has ended ends the diminished disjunctive and shortened selective
    // compounds: the player to move loses at once, whatever the others.
    for kind in [
        Compound::DiminishedDisjunctive,
        Compound::ShortenedSelective,
    ] {
        assert_eq!(outcome(kind, &["0", "5"]), ('P', ('R', 0), ('L', 0)));
    }
    // The disjunctive sum * + * is P; diminished, the first player ends one * and wins.
    assert_eq!(
        outcome(Compound::DiminishedDisjunctive, &["*", "*"]),
        ('N', ('L', 1), ('R', 1))
    );
    // Sequential, -1 then 3: Left, first, is stuck in -1 though 3 waits behind it; Right,
    // first, ends -1 and hands Left the 3, moves to 2 and is stuck.
    assert_eq!(
        outcome(Compound::Sequential, &["-1", "3"]),
        ('P', ('R', 0), ('L', 2))
    );
    // 0 first has ended: play is in 3 at once.
    assert_eq!(
        outcome(Compound::Sequential, &["0", "3"]),
        ('L', ('L', 1), ('L', 0))
    );
    // No component: the first player cannot move.
    for kind in Compound::ALL {
        assert_eq!(outcome(kind, &[]), ('P', ('R', 0), ('L', 0)), "{kind:?}");
    }
}

#[test]
fn names_read_back() {
    for kind in Compound::ALL {
        assert_eq!(Compound::from_name(kind.name()), Some(kind));
        assert_eq!(
            Compound::from_name(&kind.name().replace('-', "_").to_uppercase()),
            Some(kind)
        );
        if let Some(cg) = kind.cgsuite_name() {
            assert_eq!(Compound::from_name(cg), Some(kind));
        }
    }
    assert_eq!(Compound::from_name("disjunctive"), None);
}

#[test]
fn every_search_stops_within_its_budget() {
    // Twelve components of *4: the selective compounds have 5^12 tuples of moves from each
    // position; the others are quick (the slow join of nimbers by suspense).
    for kind in Compound::ALL {
        let mut store = GameStore::with_budget(
            Budget::default().with_time(std::time::Duration::from_millis(200)),
        );
        let star4 = store.parse("*4").unwrap();
        let games = vec![star4; 12];
        let started = std::time::Instant::now();
        match store.compound_outcome(kind, &games) {
            Ok(c) => assert!(
                !matches!(kind, Compound::Selective | Compound::ShortenedSelective),
                "{kind:?} finished: {c:?}"
            ),
            Err(ValueError::Budget(e)) => assert_eq!(e.resource, Resource::Time, "{kind:?}"),
            Err(e) => panic!("{kind:?}: {e}"),
        }
        assert!(started.elapsed().as_secs() < 10, "{kind:?}");
    }
    // A position budget: the memo of a search is counted.
    let mut store = GameStore::with_budget(Budget::default().with_positions(1_000));
    let g = store.parse("{3|-3}").unwrap();
    let games = vec![g; 8];
    let got = store.compound_outcome(Compound::ShortenedSelective, &games);
    assert!(matches!(got, Err(ValueError::Budget(_))), "{got:?}");
}
