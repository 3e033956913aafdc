//! Digraph Placement (`partizan::rulesets::digraph_placement`) against its rules written
//! again here, naively, on seeded random digraphs: a game tree built from an adjacency
//! matrix (a move deletes the vertex and every vertex it points to), never split into parts,
//! must equal the engine's value, read from either notation; the shared check
//! (`common::rulesets`) adds the outcome class and the winning moves; a position shown reads
//! back as the same value. Then the value cgt-tools' test states
//! (`testdata/cgt-tools/digraph_placement.json`).

mod common;

use std::collections::HashMap;

use common::raw::Raw;
use common::rulesets::against_brute_force;
use grundy::partizan::rulesets::digraph_placement::DigraphPlacement;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::{GameStore, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// A digraph: each vertex's colour (`true` Left's) and `arc[u][v]`, an arc from u to v.
struct Naive {
    left: Vec<bool>,
    arc: Vec<Vec<bool>>,
}

impl Naive {
    fn random(rng: &mut StdRng, n: usize) -> Naive {
        let density = rng.random_range(0.0..0.6);
        Naive {
            left: (0..n).map(|_| rng.random_bool(0.5)).collect(),
            arc: (0..n)
                .map(|_| (0..n).map(|_| rng.random_bool(density)).collect())
                .collect(),
        }
    }

    /// The game tree of the vertices `live`, by the rules alone.
    fn tree(&self, raw: &mut Raw, live: u64, memo: &mut HashMap<u64, usize>) -> usize {
        if let Some(&t) = memo.get(&live) {
            return t;
        }
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for v in 0..self.left.len() {
            if live >> v & 1 == 0 {
                continue;
            }
            let mut next = live & !(1 << v);
            for w in 0..self.left.len() {
                if self.arc[v][w] {
                    next &= !(1 << w);
                }
            }
            let t = self.tree(raw, next, memo);
            if self.left[v] {
                left.push(t);
            } else {
                right.push(t);
            }
        }
        let t = raw.add(left, right);
        memo.insert(live, t);
        t
    }

    fn colour(&self, v: usize) -> char {
        if self.left[v] {
            'L'
        } else {
            'R'
        }
    }

    /// The colours, then each arc `u>v` (a pair both ways `u-v`, written either way).
    fn list_text(&self, rng: &mut StdRng) -> String {
        let n = self.left.len();
        let mut words = vec![(0..n).map(|v| self.colour(v)).collect::<String>()];
        for u in 0..n {
            for v in 0..n {
                if !self.arc[u][v] || (self.arc[v][u] && v < u) {
                    continue;
                }
                words.push(match (self.arc[v][u], rng.random_bool(0.5)) {
                    (true, _) if u != v => format!("{u}-{v}"),
                    (_, true) => format!("{u}>{v}"),
                    (_, false) => format!("{v}<{u}"),
                });
            }
        }
        words.join(" ")
    }

    /// CGSuite's graph notation: every vertex named by its number, vertex 0 first, then each
    /// arc as a piece of its own.
    fn graph_text(&self, rng: &mut StdRng) -> String {
        let n = self.left.len();
        let named = |v: usize| format!("{}:{{{v}}}", self.colour(v));
        let mut pieces: Vec<String> = (0..n).map(named).collect();
        for u in 0..n {
            for v in 0..n {
                if self.arc[u][v] {
                    pieces.push(if rng.random_bool(0.5) {
                        format!("{}>{}", named(u), named(v))
                    } else {
                        format!("{}<{}", named(v), named(u))
                    });
                }
            }
        }
        pieces.join(";")
    }
}

/// `rules`' value of `text`, checked against the tree `tree` of `raw`.
fn same_as_tree(text: &str, raw: &mut Raw, tree: usize) {
    let mut store = GameStore::new();
    let p = DigraphPlacement
        .parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let v = Evaluator::new(DigraphPlacement)
        .value(&mut store, &p)
        .unwrap();
    let form = raw.expand(&mut store, v, &mut HashMap::new());
    assert!(
        raw.equal(tree, form),
        "{text}: the engine says {}",
        store.display(v)
    );
}

#[test]
fn digraph_placement_on_random_digraphs() {
    let mut rng = StdRng::seed_from_u64(2407);
    let mut texts = Vec::new();
    for k in 0..400 {
        let n = rng.random_range(1..=8);
        let g = Naive::random(&mut rng, n);
        let mut raw = Raw::default();
        let tree = g.tree(&mut raw, (1u64 << n) - 1, &mut HashMap::new());
        let list = g.list_text(&mut rng);
        let graph = g.graph_text(&mut rng);
        same_as_tree(&list, &mut raw, tree);
        same_as_tree(&graph, &mut raw, tree);
        assert_eq!(
            DigraphPlacement.parse(&list).unwrap(),
            DigraphPlacement.parse(&graph).unwrap(),
            "{list} and {graph}"
        );
        texts.push(if k % 2 == 0 { list } else { graph });
    }
    assert_eq!(against_brute_force(DigraphPlacement, &texts), 400);
}

#[test]
fn positions_shown_read_back_as_the_same_value() {
    let mut rng = StdRng::seed_from_u64(12219);
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(DigraphPlacement);
    for _ in 0..200 {
        let n = rng.random_range(1..=10);
        let g = Naive::random(&mut rng, n);
        let mut p = DigraphPlacement.parse(&g.list_text(&mut rng)).unwrap();
        // Some moves first, so that vertices out of play are left behind.
        for _ in 0..rng.random_range(0..3) {
            let side = if rng.random_bool(0.5) {
                Side::Left
            } else {
                Side::Right
            };
            let mut moves = Vec::new();
            DigraphPlacement.moves(&p, side, &mut moves);
            if moves.is_empty() {
                break;
            }
            p = moves.swap_remove(rng.random_range(0..moves.len())).1;
        }
        let shown = DigraphPlacement.show(&p);
        let again = DigraphPlacement
            .parse(&shown)
            .unwrap_or_else(|e| panic!("{shown}: {e}"));
        assert_eq!(
            eval.value(&mut store, &again).unwrap(),
            eval.value(&mut store, &p).unwrap(),
            "{shown}"
        );
    }
}

#[test]
fn cgt_tools_values() {
    let path = common::testdata_dir().join("cgt-tools/digraph_placement.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 1);
    for case in cases {
        let colours: String = (case["colours"].as_array().unwrap().iter())
            .map(|c| match c.as_str().unwrap() {
                "Left" => 'L',
                "Right" => 'R',
                other => panic!("colour {other}"),
            })
            .collect();
        let arcs: Vec<String> = (case["arcs"].as_array().unwrap().iter())
            .map(|a| format!("{}>{}", a[0], a[1]))
            .collect();
        let text = format!("{colours} {}", arcs.join(" "));
        let mut value = DigraphPlacement.value_of(&text).unwrap();
        let form = value.canonical_form();
        // cgt-tools writes 2 + v + * as `2v*`, and so does grundy; `grundy` is the sum
        // written out, which must be the same value.
        assert_eq!(form, case["expected"].as_str().unwrap(), "{text}");
        let id = value.value();
        let sum = value.store_mut().parse(case["grundy"].as_str().unwrap());
        assert_eq!(sum, Ok(id), "{text}");
    }
}
