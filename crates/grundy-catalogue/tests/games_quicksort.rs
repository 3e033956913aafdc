//! Quicksort and Pseudo-Quicksort: the values and winning moves against a brute force of
//! their own (the mex over every pivot of the whole sequence, no blocks, no ranks) on seeded
//! random sequences, repeats among them, and against the generic solver; every value
//! cgt-tools' tests state (`testdata/cgt-tools/quicksort_cases.json`); the table's cells;
//! play; the reading of sequences and the limits; the budget.

use std::collections::HashMap;
use std::path::Path;

use grundy::budget::{Budget, Cancel};
use grundy::pattern::table::{Kind, Span};
use grundy::progress::NoProgress;
use grundy::rules::explore;
use grundy::solve::grundy_values;
use grundy_catalogue::games::inputs::{Inputs, Source};
use grundy_catalogue::games::quicksort::{
    blocks, read_sequence, two_runs, Quicksort, QuicksortRules, Variant, MAX_LENGTH,
};
use grundy_catalogue::games::registry;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const BOTH: [Variant; 2] = [Variant::Standard, Variant::Pseudo];

/// The sequence after a pivot, straight from the rules: in Quicksort the numbers below p,
/// one p, the numbers above p; in Pseudo-Quicksort those up to p, then those above.
fn pivoted(variant: Variant, s: &[u32], p: u32) -> Vec<u32> {
    let below: Vec<u32> = match variant {
        Variant::Standard => s.iter().copied().filter(|&x| x < p).collect(),
        Variant::Pseudo => s.iter().copied().filter(|&x| x <= p).collect(),
    };
    let middle = match variant {
        Variant::Standard if s.contains(&p) => vec![p],
        _ => vec![],
    };
    let above = s.iter().copied().filter(|&x| x > p);
    below.into_iter().chain(middle).chain(above).collect()
}

/// The value by brute force: the mex of the values of every pivot that changes the sequence.
fn brute(variant: Variant, s: &[u32], memo: &mut HashMap<Vec<u32>, u64>) -> u64 {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let options: Vec<u64> = (s.iter())
        .map(|&p| pivoted(variant, s, p))
        .filter(|next| next.as_slice() != s)
        .map(|next| brute(variant, &next, memo))
        .collect();
    let v = (0..).find(|v| !options.contains(v)).unwrap();
    memo.insert(s.to_vec(), v);
    v
}

fn random_sequence(rng: &mut StdRng, most: usize, top: u32) -> Vec<u32> {
    let n = rng.random_range(0..=most);
    (0..n).map(|_| rng.random_range(0..=top)).collect()
}

fn random_permutation(rng: &mut StdRng, n: u32) -> Vec<u32> {
    let mut s: Vec<u32> = (1..=n).collect();
    for i in (1..s.len()).rev() {
        s.swap(i, rng.random_range(0..=i));
    }
    s
}

#[test]
fn random_sequences_match_the_brute_force_with_their_winning_moves() {
    let mut rng = StdRng::seed_from_u64(0x5155_4943);
    for variant in BOTH {
        let mut memo = HashMap::new();
        let mut game = Quicksort::new(variant, Budget::default());
        let mut winning = 0;
        for round in 0..600 {
            let s = match round % 3 {
                // Repeats: copies merge when pivoted on (Quicksort).
                0 => random_sequence(&mut rng, 9, 4),
                1 => random_sequence(&mut rng, 9, 1000),
                _ => {
                    let n = rng.random_range(0..=9);
                    random_permutation(&mut rng, n)
                }
            };
            let answer = game.answer(&s).unwrap();
            assert_eq!(answer.value, Some(brute(variant, &s, &mut memo)), "{s:?}");
            // Every listed move is a pivot to a position of value 0, and every such pivot is
            // listed.
            let zeros: Vec<u32> = (s.iter().copied())
                .filter(|&p| {
                    let next = pivoted(variant, &s, p);
                    next != s && brute(variant, &next, &mut memo) == 0
                })
                .fold(Vec::new(), |mut seen, p| {
                    if !seen.contains(&p) {
                        seen.push(p);
                    }
                    seen
                });
            let listed: Vec<u32> = answer.winning_moves.iter().map(|m| m.pivot).collect();
            assert_eq!(listed, zeros, "{s:?}");
            for m in &answer.winning_moves {
                assert_eq!(m.to, pivoted(variant, &s, m.pivot), "{s:?}");
            }
            winning += listed.len();
        }
        assert!(
            winning > 100,
            "{variant:?}: {winning} winning moves checked"
        );
    }
}

#[test]
fn the_rules_match_the_generic_solver_on_every_permutation_of_six() {
    for variant in BOTH {
        let mut game = Quicksort::new(variant, Budget::default());
        let mut starts = Vec::new();
        permutations(&mut (1..=6).collect(), 0, &mut starts);
        assert_eq!(starts.len(), 720);
        let rules = QuicksortRules(variant);
        let explored = explore(&rules, starts.clone(), &Budget::default(), &NoProgress).unwrap();
        let values = grundy_values(&explored.graph).unwrap();
        for s in &starts {
            let solver = values.finite(explored.id(s).unwrap()).map(u64::from);
            assert_eq!(solver, Some(game.value(s).unwrap()), "{variant:?} {s:?}");
        }
    }
}

fn permutations(s: &mut Vec<u32>, k: usize, out: &mut Vec<Vec<u32>>) {
    if k == s.len() {
        out.push(s.clone());
        return;
    }
    for i in k..s.len() {
        s.swap(k, i);
        permutations(s, k + 1, out);
        s.swap(k, i);
    }
}

#[test]
fn longer_random_permutations_match_the_brute_force() {
    let mut rng = StdRng::seed_from_u64(0x5153_0002);
    for variant in BOTH {
        let mut memo = HashMap::new();
        let mut game = Quicksort::new(variant, Budget::default());
        for _ in 0..20 {
            let s = random_permutation(&mut rng, 11);
            assert_eq!(
                game.value(&s).unwrap(),
                brute(variant, &s, &mut memo),
                "{s:?}"
            );
        }
    }
}

fn testdata(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata")
        .join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn every_value_cgt_tools_states() {
    let data = testdata("cgt-tools/quicksort_cases.json");
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 20);
    for case in cases {
        let variant = match case["game"].as_str().unwrap() {
            "Quicksort" => Variant::Standard,
            "PseudoQuicksort" => Variant::Pseudo,
            other => panic!("{other}"),
        };
        let s: Vec<u32> = (case["sequence"].as_array().unwrap().iter())
            .map(|x| x.as_u64().unwrap() as u32)
            .collect();
        let value = Quicksort::new(variant, Budget::default())
            .value(&s)
            .unwrap();
        assert_eq!(Some(value), case["nim_value"].as_u64(), "{case}");
    }
}

#[test]
fn sequences_split_into_blocks_by_their_ranks() {
    assert_eq!(
        blocks(&[2, 1, 3, 6, 5, 4, 7, 9, 8]),
        [vec![1, 0], vec![2, 1, 0], vec![1, 0]]
    );
    assert_eq!(blocks(&[1, 2, 3]), Vec::<Vec<u8>>::new());
    // Copies of one number stay in one block.
    assert_eq!(blocks(&[5, 5, 7]), [vec![0, 0]]);
    assert_eq!(blocks(&[]), Vec::<Vec<u8>>::new());
}

#[test]
fn the_table_cells_are_the_values_of_the_two_runs() {
    for variant in BOTH {
        let table = registry::table_game(variant.syntax()).unwrap();
        let span = Span { first: 0, last: 16 };
        let cells = table
            .grid(span, span, Kind::Values, &Budget::default())
            .unwrap();
        let mut game = Quicksort::new(variant, Budget::default());
        for a in 0..=16 {
            for b in 0..=16 {
                let value = game.value(&two_runs(a, b)).unwrap();
                assert_eq!(cells.get(a, b), Some(value), "({a}, {b})");
                // Observed, not proven: 1 + ((a − 1) ⊕ (b − 1)) when both runs are there.
                if a > 0 && b > 0 {
                    assert_eq!(value, 1 + ((a - 1) ^ (b - 1)), "({a}, {b})");
                }
            }
        }
    }
    assert_eq!(two_runs(1, 3), [2, 3, 4, 1]);
    let table = registry::table_game("quicksort").unwrap();
    let (a, b) = (
        Span {
            first: 0,
            last: 100,
        },
        Span {
            first: 0,
            last: 100,
        },
    );
    let error = table
        .grid(a, b, Kind::Values, &Budget::default())
        .unwrap_err();
    assert!(error.to_string().contains("a + b"), "{error}");
}

#[test]
fn sequences_are_read_as_cgt_tools_writes_them_and_checked_first() {
    let read = |t: &str| read_sequence("sequence", t);
    assert_eq!(read("4,1,6,5"), Ok(vec![4, 1, 6, 5]));
    assert_eq!(read("[4, 1,6]"), Ok(vec![4, 1, 6]));
    assert_eq!(read("Quicksort[2,1]"), Ok(vec![2, 1]));
    assert_eq!(read("PseudoQuicksort[]"), Ok(vec![]));
    assert_eq!(read("3 2 1"), Ok(vec![3, 2, 1]));
    let error = |t: &str| read(t).unwrap_err().to_string();
    assert_eq!(
        error("4,x,6"),
        "sequence, number 2: 'x' is not a number (expected a whole number from 0 to 4294967295)"
    );
    assert!(error("4,-1").starts_with("sequence, number 2: '-1'"));
    assert!(error("4294967296").starts_with("sequence, number 1:"));
    assert!(error("Mergesort[1,2]").contains("is not a sequence"));
    assert!(error("[1,2").contains("is not a sequence"));
    assert_eq!(
        error("1,,2"),
        "sequence: '1,,2' leaves out number 2 (expected 4,1,6,5)"
    );
    assert!(error("1,2,").contains("leaves out number 3"));
    assert!(error("[,1]").contains("leaves out number 1"));
    let long = vec!["1"; MAX_LENGTH + 1].join(",");
    assert!(error(&long).contains("at most 128"), "{}", error(&long));
    assert!(read(&vec!["1"; MAX_LENGTH].join(",")).is_ok());
}

#[test]
fn the_family_answers_with_blocks_and_a_cancel_stops_it() {
    let family = registry::family("quicksort").unwrap();
    let no_file = |_: &str| -> Result<Source, _> { unreachable!() };
    let run = |words: &[&str], pseudo: bool, budget: Budget| {
        let mut inputs = Inputs::new(family.params(), &no_file, &NoProgress).with_budget(budget);
        inputs.set("sequence", words.iter().map(|w| w.to_string()).collect());
        if pseudo {
            inputs.set("pseudo", vec!["true".to_string()]);
        }
        family.answer(&inputs).map(|r| r.to_json())
    };
    let json = run(&["2,1,3", "6,5,4"], false, Budget::default()).unwrap();
    assert_eq!(json["value"], 3);
    assert_eq!(json["blocks"], serde_json::json!(["[2,1]", "[6,5,4]"]));
    assert_eq!(json["block_values"], serde_json::json!([1, 2]));
    // [6,5,4] must go to a value of 1: pivot on 6 or on 4, in the order of the sequence.
    let pivots: Vec<u64> = (json["winning_moves"].as_array().unwrap().iter())
        .map(|m| m["pivot"].as_u64().unwrap())
        .collect();
    assert_eq!(pivots, [6, 4]);
    let json = run(&["4,1,6,5,7,8,2,3"], true, Budget::default()).unwrap();
    assert_eq!(json["value"], 3);
    assert_eq!(json["winning_moves"][0]["half"], true);
    let cancel = Cancel::new();
    cancel.cancel();
    let error = run(&["3,1,2"], false, Budget::default().with_cancel(cancel)).unwrap_err();
    assert!(
        error.to_string().contains("stopped while valuing parts"),
        "{error}"
    );
}

#[test]
fn a_long_sequence_runs_out_of_its_budget_with_the_blocks_known_kept() {
    let mut rng = StdRng::seed_from_u64(7);
    let s = random_permutation(&mut rng, 128);
    let mut game = Quicksort::new(Variant::Standard, Budget::default().with_positions(1500));
    let error = game.value(&s).unwrap_err();
    assert!(
        error.to_string().contains("position budget of 1500"),
        "{error}"
    );
    assert!(game.known() >= 1024);
}

#[test]
fn quicksort_is_played_pivot_by_pivot() {
    let game = registry::play("quicksort", "4,1,6,5,3,2", 100_000).unwrap();
    let start = game.start();
    assert_eq!(game.name(start), "4,1,6,5,3,2");
    let analysis = game.analyse_with_touches(start);
    let texts: Vec<&str> = analysis.moves.iter().map(|m| m.text.as_str()).collect();
    assert!(texts.contains(&"pivot on 4"), "{texts:?}");
    let four = analysis
        .moves
        .iter()
        .find(|m| m.text == "pivot on 4")
        .unwrap();
    assert_eq!(four.to, "1,3,2,4,6,5");
    let touch = four.touches.as_ref().unwrap();
    assert_eq!(touch.path, [vec![0, 0]]);
    assert_eq!(touch.changed.len(), 4);
    let mut values = Quicksort::new(Variant::Standard, Budget::default());
    assert_eq!(
        analysis.value,
        Some(values.value(&[4, 1, 6, 5, 3, 2]).unwrap())
    );
    let why = game.why(start).unwrap();
    assert!(why.contains("block [4,1,6,5,3,2] →"), "{why}");
    let next = game.read_move(start, "1,3,2,4,6,5").unwrap();
    assert!(game.why(next).unwrap().contains("block [3,2] → 1"));

    let pseudo = registry::play("pseudo-quicksort", "[3,1,2]", 1000).unwrap();
    let moves = pseudo.analyse(pseudo.start()).moves;
    let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["pivot on 1.5", "pivot on 2.5"]);
    assert!(registry::play("quicksort", "1,x", 1000).is_err());
}
