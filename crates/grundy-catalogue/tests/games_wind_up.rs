//! Wind-Up: the values on the circle against the engine's loopy solver on the game's graph,
//! on thousands of seeded random (n, S) and on every small one; sums of tokens (outcome,
//! winning moves, moves that keep a draw) against the solver on the sum's graph; cgt-tools'
//! stated cases (`testdata/cgt-tools/wind_up_cases.json`) and its three-pass method, written
//! here from its description, which agrees on the zeros and wherever it says finite but calls
//! ∞ some positions of finite value (the cases found are asserted and documented); the limits,
//! the budget and the surfaces.

use grundy::budget::{Budget, Cancel};
use grundy::graph::GameGraph;
use grundy::pattern::table::{Kind, Span};
use grundy::progress::NoProgress;
use grundy::rules::{explore, Sum};
use grundy::solve::{grundy_values, solve, NimValue, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::registry;
use grundy_catalogue::games::wind_up::{WindUp, WindUpRules, MAX_N};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The game's graph, written from the rules alone: p ≠ 0 moves to (p − s) mod n for every s
/// of the set as given (repeats and all).
fn graph(n: u64, set: &[u64]) -> GameGraph {
    let moves: Vec<(u32, u32)> = (1..n)
        .flat_map(|p| {
            set.iter()
                .map(move |&s| (p as u32, ((p + n - s % n) % n) as u32))
        })
        .collect();
    GameGraph::from_moves(n as u32, &moves)
}

fn solved(n: u64, set: &[u64]) -> WindUp {
    WindUp::solve(WindUpRules::new(n, set).unwrap(), &Budget::default()).unwrap()
}

/// Checks every position of Wind-Up(n, set) against the engine's solver.
fn check_against_solver(n: u64, set: &[u64]) {
    let game = solved(n, set);
    let g = graph(n, set);
    let values = grundy_values(&g).unwrap();
    for p in 0..n {
        assert_eq!(
            game.value(p),
            values.value(&g, p as u32),
            "Wind-Up(n={n}, {set:?}) at {p}"
        );
    }
}

/// A random set of 1 to `most` amounts from 0 to 2n (so some pass, some repeat modulo n).
fn random_set(rng: &mut StdRng, n: u64, most: usize) -> Vec<u64> {
    let len = rng.random_range(1..=most);
    (0..len).map(|_| rng.random_range(0..=2 * n)).collect()
}

#[test]
fn every_small_game_matches_the_solver() {
    // Every n up to 9 with every set of one to three amounts below 2n.
    for n in 1..=9u64 {
        for a in 0..2 * n {
            check_against_solver(n, &[a]);
            for b in a + 1..2 * n {
                check_against_solver(n, &[a, b]);
                for c in b + 1..2 * n {
                    check_against_solver(n, &[a, b, c]);
                }
            }
        }
    }
}

#[test]
fn random_games_match_the_solver() {
    let mut rng = StdRng::seed_from_u64(0x3d1d_0001);
    for _ in 0..3000 {
        let n = rng.random_range(1..=60);
        let set = random_set(&mut rng, n, 6);
        check_against_solver(n, &set);
    }
    // A few larger ones, with larger sets.
    for _ in 0..20 {
        let n = rng.random_range(200..=2000);
        let set = random_set(&mut rng, n, 12);
        check_against_solver(n, &set);
    }
}

/// cgt-tools' three-pass method, written here from its description: the zeros by a fixed
/// point (p is 0 when no option is a known zero and every option has a move to a known zero),
/// then the mex of each position whose options are all finite, then ∞ for every other
/// position, with the finite values among its options. `None` is ∞.
fn three_passes(n: u64, set: &[u64]) -> Vec<NimValue> {
    let n = n as usize;
    let options = |p: usize| -> Vec<usize> {
        if p == 0 {
            return Vec::new();
        }
        set.iter()
            .map(|&s| (p + n - (s as usize) % n) % n)
            .collect()
    };
    let mut value: Vec<Option<u32>> = vec![None; n];
    value[0] = Some(0);
    for _ in 0..n {
        for p in 1..n {
            if value[p].is_some() {
                continue;
            }
            let zero = options(p)
                .iter()
                .all(|&q| value[q].is_none() && options(q).iter().any(|&r| value[r] == Some(0)));
            if zero {
                value[p] = Some(0);
            }
        }
    }
    for _ in 0..n {
        for p in 1..n {
            if value[p].is_some() {
                continue;
            }
            let known: Option<Vec<u32>> = options(p).iter().map(|&q| value[q]).collect();
            if let Some(known) = known {
                value[p] = Some((0..).find(|v| !known.contains(v)).unwrap());
            }
        }
    }
    (0..n)
        .map(|p| match value[p] {
            Some(v) => NimValue::Finite(v),
            None => {
                let mut k: Vec<u32> = options(p).iter().filter_map(|&q| value[q]).collect();
                k.sort_unstable();
                k.dedup();
                NimValue::Infinite(k)
            }
        })
        .collect()
}

#[test]
fn cgt_tools_method_is_right_where_it_says_finite() {
    let mut rng = StdRng::seed_from_u64(0x3d1d_0002);
    let mut wrong = 0;
    for _ in 0..3000 {
        let n = rng.random_range(1..=40);
        let set = random_set(&mut rng, n, 5);
        let game = solved(n, &set);
        for (p, theirs) in three_passes(n, &set).into_iter().enumerate() {
            let ours = game.value(p as u64);
            match &theirs {
                NimValue::Finite(_) => assert_eq!(theirs, ours, "n={n} {set:?} at {p}"),
                NimValue::Infinite(_) => {
                    // A zero is always found; a position it calls ∞ may be finite.
                    assert_ne!(ours, NimValue::Finite(0), "n={n} {set:?} at {p}");
                    wrong += usize::from(theirs != ours);
                }
            }
        }
    }
    assert!(
        wrong > 0,
        "no position where the three passes miss a finite value"
    );
}

#[test]
fn cases_where_cgt_tools_method_says_infinite_but_the_value_is_finite() {
    // Wind-Up(7, {1, 4, 6}): 5 is a zero (its options 4, 1 and 6 all move to 0), then 3 (its
    // options 2, 6 and 4 move to 5 or 0), 4 = mex{3, 0, 5 → 0} = 1; 1 and 2 move to each
    // other, and 2 = mex{1, 5, 3} = 1 with the move to 1 reversed by 1 → 4 (value 1), so
    // 1 = mex{0, 4, 2} = mex{0, 1, 1} = 2 and 6 = mex{5, 2, 0} = 2. The three passes find
    // the zeros and 4, but never the mex of 1 or 2, each waiting for the other, and call 1,
    // 2 and 6 infinite. Documented in docs/catalogue.md.
    let (n, set) = (7, [1, 4, 6]);
    let ours: Vec<String> = (0..n)
        .map(|p| solved(n, &set).value(p).to_string())
        .collect();
    assert_eq!(ours, ["0", "2", "1", "0", "1", "0", "2"]);
    let theirs: Vec<String> = (three_passes(n, &set).iter())
        .map(NimValue::to_string)
        .collect();
    assert_eq!(theirs, ["0", "inf(0,1)", "inf(0)", "0", "1", "0", "inf(0)"]);
    check_against_solver(n, &set);
    // Every value is the mex of its options': a fixed point with no ∞ at all.
    let moves = WindUpRules::new(n, &set).unwrap();
    for p in 1..n {
        let options: Vec<NimValue> = (moves.moves().iter())
            .map(|&(_, r)| solved(n, &set).value((p + n - r) % n))
            .collect();
        let mex = (0..)
            .find(|&v| !options.contains(&NimValue::Finite(v)))
            .unwrap();
        assert_eq!(solved(n, &set).value(p), NimValue::Finite(mex), "at {p}");
    }
}

/// cgt-tools' sequence method, written here from its description: from a start repeated
/// around the circle, g'(0) = 0 and g'(p) = mex{g((p − s) mod n)}, again and again until the
/// sequence comes back to one already seen.
fn sequence(start: &[u32], n: u64, set: &[u64]) -> Vec<u32> {
    let n = n as usize;
    let mut g: Vec<u32> = (0..n).map(|i| start[i % start.len()]).collect();
    let mut seen = vec![g.clone()];
    loop {
        let next: Vec<u32> = (0..n)
            .map(|p| match p {
                0 => 0,
                _ => {
                    let options: Vec<u32> = (set.iter())
                        .map(|&s| g[(p + n - s as usize % n) % n])
                        .collect();
                    (0..).find(|v| !options.contains(v)).unwrap()
                }
            })
            .collect();
        if seen.contains(&next) {
            return next;
        }
        seen.push(next.clone());
        g = next;
    }
}

#[test]
fn cgt_tools_stated_cases() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/cgt-tools/wind_up_cases.json"
    );
    let cases: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let stated = cases["stated"].as_array().unwrap();
    assert_eq!(stated.len(), 2);
    let game_of = |case: &serde_json::Value| {
        let n = case["n"].as_u64().unwrap();
        let set: Vec<u64> = (case["moves"].as_array().unwrap().iter())
            .map(|s| s.as_u64().unwrap())
            .collect();
        (n, set)
    };
    // Wind-Up(40, {6, 7}): every value finite, the sequence's fixed point from both starts.
    let (n, set) = game_of(&stated[0]);
    assert_eq!((n, set.as_slice()), (40, &[6, 7][..]));
    let game = solved(n, &set);
    let values: Vec<u32> = (0..n).map(|p| game.finite(p).unwrap()).collect();
    let period = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2];
    assert_eq!(sequence(&period, n, &set), values);
    assert_eq!(sequence(&[1], n, &set), values);
    assert_eq!(
        three_passes(n, &set),
        (0..n).map(|p| game.value(p)).collect::<Vec<_>>()
    );
    check_against_solver(n, &set);
    // Wind-Up(3, {1, 2}): the sequence ends differently from [0, 0, 0] and from [0, 1, 2];
    // 1 and 2 move to each other and to 0: both are ∞(0), wins by the move to 0.
    let (n, set) = game_of(&stated[1]);
    assert_eq!((n, set.as_slice()), (3, &[1, 2][..]));
    assert_ne!(sequence(&[0, 0, 0], n, &set), sequence(&[0, 1, 2], n, &set));
    let game = solved(n, &set);
    let values: Vec<String> = (0..n).map(|p| game.value(p).to_string()).collect();
    assert_eq!(values, ["0", "inf(0)", "inf(0)"]);
    assert_eq!(
        three_passes(n, &set),
        (0..n).map(|p| game.value(p)).collect::<Vec<_>>()
    );
}

#[test]
fn sums_of_tokens_match_the_solver() {
    let mut rng = StdRng::seed_from_u64(0x3d1d_0003);
    let mut seen = [0usize; 3];
    for _ in 0..400 {
        let n = rng.random_range(1..=12);
        let set = random_set(&mut rng, n, 4);
        let rules = WindUpRules::new(n, &set).unwrap();
        let game = WindUp::solve(rules.clone(), &Budget::default()).unwrap();
        let count = rng.random_range(1..=3);
        let tokens: Vec<u64> = (0..count).map(|_| rng.random_range(0..n)).collect();
        let explored = explore(
            &Sum(rules),
            [tokens.clone()],
            &Budget::default(),
            &NoProgress,
        )
        .unwrap();
        let solution = solve(&explored.graph, &SolveOptions::default()).unwrap();
        let (answer, drawing) = game.answer(&tokens);
        let outcome = solution.outcome(0);
        assert_eq!(answer.outcome, outcome, "n={n} {set:?} {tokens:?}");
        seen[match outcome {
            Outcome::Win => 0,
            Outcome::Loss => 1,
            Outcome::Draw => 2,
        }] += 1;
        let after = |m: &grundy_catalogue::games::wind_up::WindUpMove| {
            assert_eq!(tokens[m.token - 1], m.from);
            let mut next = tokens.clone();
            next[m.token - 1] = m.to;
            next
        };
        let mut ours: Vec<(Outcome, Vec<u64>)> = (answer.winning_moves.iter())
            .map(|m| (Outcome::Loss, after(m)))
            .chain(drawing.iter().map(|m| (Outcome::Draw, after(m))))
            .collect();
        let mut solver: Vec<(Outcome, Vec<u64>)> = (explored.graph.options(0).iter())
            .map(|&q| (solution.outcome(q), explored.position(q).clone()))
            .filter(|(o, _)| {
                *o == Outcome::Loss || (*o == Outcome::Draw && outcome == Outcome::Draw)
            })
            .collect();
        ours.sort();
        solver.sort();
        assert_eq!(ours, solver, "n={n} {set:?} {tokens:?}");
        let all_finite = tokens.iter().all(|&p| game.finite(p).is_some());
        assert_eq!(answer.value.is_some(), all_finite);
    }
    assert!(seen.iter().all(|&s| s > 20), "{seen:?}");
}

#[test]
fn limits_budget_and_cancel() {
    let error = |n, set: &[u64]| WindUpRules::new(n, set).unwrap_err().to_string();
    assert!(
        error(0, &[1]).contains("from 1 to 4194304"),
        "{}",
        error(0, &[1])
    );
    assert!(error(MAX_N + 1, &[1]).contains("from 1 to 4194304"));
    assert!(error(5, &[]).contains("the subtraction set is empty"));
    let rules = WindUpRules::new(MAX_N, &[1, 2]).unwrap();
    let small = Budget::default().with_memory(1 << 20);
    let message = WindUp::solve(rules.clone(), &small)
        .unwrap_err()
        .to_string();
    assert!(message.contains("valuing Wind-Up"), "{message}");
    let cancel = Cancel::new();
    cancel.cancel();
    let message = WindUp::solve(rules.clone(), &Budget::default().with_cancel(cancel))
        .unwrap_err()
        .to_string();
    assert!(message.contains("valuing Wind-Up"), "{message}");
    // The largest game is valued in well under a second. With moves 1 and 2, n = 2^22 is 1
    // modulo 3 as 10 is, and values run p mod 3 away from the wrap: its ends are those of
    // Wind-Up(10, {1, 2}), checked by the solver.
    let game = WindUp::solve(rules, &Budget::default()).unwrap();
    let small = solved(10, &[1, 2]);
    check_against_solver(10, &[1, 2]);
    for p in 0..4 {
        assert_eq!(game.value(p), small.value(p), "at {p}");
        assert_eq!(
            game.value(MAX_N - 1 - p),
            small.value(9 - p),
            "at n - 1 - {p}"
        );
    }
}

#[test]
fn the_tables_are_the_values() {
    let span = |first, last| Span { first, last };
    let budget = Budget::default();
    let by_position = registry::table_game("wind-up:7:1,4,6").unwrap();
    let table = by_position
        .line(
            Span { first: 0, last: 6 },
            Kind::Values,
            &Budget::default(),
            &NoProgress,
        )
        .unwrap();
    let cells: Vec<String> = (0..7)
        .map(|p| table.cell_text(table.value(p).unwrap()))
        .collect();
    assert_eq!(cells, ["0", "2", "1", "0", "1", "0", "2"]);
    // Positions from n on do not exist: the table stops at 6, and cannot start beyond it.
    let longer = (by_position.line(span(0, 99), Kind::Values, &budget, &NoProgress)).unwrap();
    assert_eq!(longer.values(), table.values());
    let late = by_position.line(span(7, 9), Kind::Values, &budget, &NoProgress);
    assert!(late
        .unwrap_err()
        .to_string()
        .contains("positions are 0 to n - 1"));
    let outcomes = by_position.line(
        Span { first: 0, last: 6 },
        Kind::Outcomes,
        &Budget::default(),
        &NoProgress,
    );
    assert!(outcomes.unwrap_err().to_string().contains("draws"));
    let by_n = registry::table_game("wind-up:1,2").unwrap();
    let (a, b) = (Span { first: 1, last: 9 }, Span { first: 0, last: 9 });
    let grid = by_n.grid(a, b, Kind::Values, &Budget::default()).unwrap();
    for n in 1..=9 {
        let game = solved(n, &[1, 2]);
        for p in 0..=9 {
            let want = if p < n {
                game.value(p).to_string()
            } else {
                ".".to_string()
            };
            assert_eq!(grid.cell_text(grid.get(n, p).unwrap()), want, "({n}, {p})");
        }
    }
    assert!(registry::table_game("wind-up:").is_err());
    assert!(registry::table_game("wind-up:0:1").is_err());
    assert!(registry::table_game("wind-up:5:x").is_err());
}

#[test]
fn wind_up_is_played_with_its_draws() {
    // Wind-Up(3, {1, 2}) from 1: ∞(0), won by the move to 0.
    let game = registry::play("wind-up:3:1,2", "1", 100_000).unwrap();
    let analysis = game.analyse(game.start());
    assert_eq!(analysis.outcome, Outcome::Win);
    // Two tokens of ∞(0): a draw.
    let game = registry::play("wind-up:3:1,2", "1 2", 100_000).unwrap();
    assert_eq!(game.analyse(game.start()).outcome, Outcome::Draw);
    assert!(registry::play("wind-up:3:1,2", "3", 100_000).is_err());
    assert!(registry::play("wind-up:3", "1", 100_000).is_err());
}

#[test]
fn play_says_why_by_the_values_and_smiths_rule() {
    let play = (registry::playables())
        .find(|p| p.name() == "wind-up")
        .expect("wind-up is played");
    // Wind-Up(3, {1, 2}): 0, ∞(0), ∞(0).
    let why = play.why("3:1,2").expect("a why line");
    let line = |position: &str| (why.0)(position).expect("a line");
    // One infinite token whose options hold the others' nim-sum 0: a win.
    assert!(line("1").contains("worth inf(0)") && line("1").contains("wins"));
    // Two infinite tokens: a draw.
    assert!(line("1 2").contains("a draw"), "{}", line("1 2"));
    // Wind-Up(12, {1, 3}): 7 and 5 are both worth 1, their nim-sum 0 loses.
    let why = play.why("12:1,3").expect("a why line");
    let both = (why.0)("7 5").expect("a line");
    assert!(
        both.contains("token at 7 → 1") && both.contains("loses"),
        "{both}"
    );
    // A position outside the circle, or a name that does not read, has no line.
    assert!((why.0)("12").is_none());
    assert!(play.why("12").is_none());
}
