//! The rulesets played on graphs that CGSuite has (Hackenbush on any graph, Childish
//! Hackenbush, Fjords, Arc Kayles, Weighted Arc Kayles, Partizan Arc Kayles) against rules
//! written again here, naively, on seeded random graphs with cycles, loops and repeated
//! edges: a game tree (or, for the impartial games, nim values by mex) built from a plain
//! edge list, with connectivity recomputed by search at every move, never split into parts,
//! must equal the engine's value; the shared check (`common::rulesets`) adds the outcome
//! class and the winning moves. Then every value CGSuite's tests state for these games
//! (`testdata/cgsuite/cgsuite_expression_tests.json`, file `GameGraphTest`).

mod common;

use std::collections::HashMap;

use common::raw::Raw;
use common::rulesets::against_brute_force;
use grundy::partizan::rulesets::arc_kayles::{ArcKayles, PartizanArcKayles, WeightedArcKayles};
use grundy::partizan::rulesets::hackenbush::{ChildishHackenbush, Hackenbush};
use grundy::partizan::rulesets::snort_col::SnortCol;
use grundy::partizan::rulesets::{Evaluator, Ruleset};
use grundy::partizan::GameStore;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// A random connected graph on `n` vertices (a random tree, then `extra` random edges, loops
/// and repeats among them), each edge with a letter of `letters`.
fn random_graph(
    rng: &mut StdRng,
    n: usize,
    extra: usize,
    letters: &[char],
) -> Vec<(usize, usize, char)> {
    let mut edges = Vec::new();
    let letter = |rng: &mut StdRng| letters[rng.random_range(0..letters.len())];
    for v in 1..n {
        let u = rng.random_range(0..v);
        edges.push((u, v, letter(rng)));
    }
    for _ in 0..extra {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        edges.push((u, v, letter(rng)));
    }
    edges
}

/// The graph in CGSuite's notation, every vertex named by its number (vertex 0 first):
/// `:{0}l:{1};:{1}r:{1}`; `dash` for an edge whose letter is `-`.
fn cgsuite_text(edges: &[(usize, usize, char)]) -> String {
    edges
        .iter()
        .map(|&(u, v, c)| format!(":{{{u}}}{c}:{{{v}}}"))
        .collect::<Vec<_>>()
        .join(";")
}

/// Hackenbush's rules, naively: the edges still joined to vertex 0 after cutting edge `i`.
fn after_cut(edges: &[(usize, usize, char)], i: usize) -> Vec<(usize, usize, char)> {
    let rest: Vec<_> = edges
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, &e)| e)
        .collect();
    let mut reached = vec![0usize];
    let mut grew = true;
    while grew {
        grew = false;
        for &(u, v, _) in &rest {
            for (a, b) in [(u, v), (v, u)] {
                if reached.contains(&a) && !reached.contains(&b) {
                    reached.push(b);
                    grew = true;
                }
            }
        }
    }
    rest.into_iter()
        .filter(|&(u, _, _)| reached.contains(&u))
        .collect()
}

/// The game tree of a Hackenbush graph by the rules alone (`childish`: a blue or red cut
/// must drop nothing else).
fn hackenbush_tree(
    raw: &mut Raw,
    edges: Vec<(usize, usize, char)>,
    childish: bool,
    memo: &mut HashMap<Vec<(usize, usize, char)>, usize>,
) -> usize {
    if let Some(&t) = memo.get(&edges) {
        return t;
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (i, &(_, _, c)) in edges.iter().enumerate() {
        let next = after_cut(&edges, i);
        if childish && c != 'e' && next.len() + 1 != edges.len() {
            continue;
        }
        let t = hackenbush_tree(raw, next, childish, memo);
        if c != 'r' {
            left.push(t);
        }
        if c != 'l' {
            right.push(t);
        }
    }
    let t = raw.add(left, right);
    memo.insert(edges, t);
    t
}

/// Checks `rules`' value of `text` against the tree `tree` of `raw`.
fn same_as_tree<R: Ruleset>(rules: R, text: &str, raw: &mut Raw, tree: usize) {
    let mut store = GameStore::new();
    let p = rules.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let v = Evaluator::new(rules).value(&mut store, &p).unwrap();
    let form = raw.expand(&mut store, v, &mut HashMap::new());
    assert!(
        raw.equal(tree, form),
        "{text}: the engine says {}",
        store.display(v)
    );
}

#[test]
fn hackenbush_and_childish_hackenbush_on_random_graphs() {
    let mut rng = StdRng::seed_from_u64(45);
    let mut texts = Vec::new();
    for _ in 0..300 {
        let n = rng.random_range(2..=6);
        let extra = rng.random_range(0..=3);
        let edges = random_graph(&mut rng, n, extra, &['l', 'r', 'e']);
        let text = cgsuite_text(&edges);
        for childish in [false, true] {
            let mut raw = Raw::default();
            let tree = hackenbush_tree(&mut raw, edges.clone(), childish, &mut HashMap::new());
            if childish {
                same_as_tree(ChildishHackenbush, &text, &mut raw, tree);
            } else {
                same_as_tree(Hackenbush, &text, &mut raw, tree);
            }
        }
        texts.push(text);
    }
    assert_eq!(against_brute_force(Hackenbush, &texts), 300);
    assert_eq!(against_brute_force(ChildishHackenbush, &texts), 300);
}

/// Fjords' rules, naively, on vertices labelled `.`, `L`, `R` (`None` once coloured or
/// closed to both).
fn fjords_tree(
    raw: &mut Raw,
    labels: Vec<Option<char>>,
    edges: &[(usize, usize)],
    memo: &mut HashMap<Vec<Option<char>>, usize>,
) -> usize {
    if let Some(&t) = memo.get(&labels) {
        return t;
    }
    let mut options = [Vec::new(), Vec::new()];
    for (side, (own, theirs)) in [('L', 'R'), ('R', 'L')].into_iter().enumerate() {
        for v in 0..labels.len() {
            if labels[v] != Some(own) {
                continue;
            }
            let mut next = labels.clone();
            next[v] = None;
            for &(a, b) in edges {
                for (x, y) in [(a, b), (b, a)] {
                    if x == v && y != v {
                        match labels[y] {
                            Some('.') => next[y] = Some(own),
                            Some(t) if t == theirs => next[y] = None,
                            _ => {}
                        }
                    }
                }
            }
            let t = fjords_tree(raw, next, edges, memo);
            options[side].push(t);
        }
    }
    let [left, right] = options;
    let t = raw.add(left, right);
    memo.insert(labels, t);
    t
}

#[test]
fn fjords_on_random_graphs() {
    let mut rng = StdRng::seed_from_u64(46);
    let mut texts = Vec::new();
    for _ in 0..300 {
        let n = rng.random_range(1..=7);
        let extra = rng.random_range(0..=3);
        let edges: Vec<(usize, usize)> = random_graph(&mut rng, n, extra, &['-'])
            .iter()
            .map(|&(u, v, _)| (u, v))
            .collect();
        let labels: Vec<char> = (0..n)
            .map(|_| ['.', 'L', 'R', '.'][rng.random_range(0..4)])
            .collect();
        let mut words: Vec<String> = labels
            .iter()
            .enumerate()
            .map(|(v, c)| format!("{v}:{c}"))
            .collect();
        words.extend(edges.iter().map(|(u, v)| format!("{u}-{v}")));
        let text = words.join(" ");
        let mut raw = Raw::default();
        let tree = fjords_tree(
            &mut raw,
            labels.into_iter().map(Some).collect(),
            &edges,
            &mut HashMap::new(),
        );
        same_as_tree(SnortCol::FJORDS, &text, &mut raw, tree);
        texts.push(text);
    }
    assert_eq!(against_brute_force(SnortCol::FJORDS, &texts), 300);
    // CGSuite's notation: Left alone colours a path of three from its tinted end (3); a
    // path of four tinted at both ends: who moves first takes the last move (*).
    assert_eq!(
        SnortCol::FJORDS
            .value_of("L-.-.-R")
            .unwrap()
            .canonical_form(),
        "*"
    );
    assert_eq!(
        SnortCol::FJORDS.value_of("L-.-.").unwrap().canonical_form(),
        "3"
    );
}

/// The least number not in `values`.
fn mex(values: &[u32]) -> u32 {
    (0..).find(|x| !values.contains(x)).unwrap()
}

/// The nim value of Arc Kayles on the vertices `live` of the graph `edges`, naively.
fn arc_kayles_nim(live: u64, edges: &[(usize, usize)], memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&g) = memo.get(&live) {
        return g;
    }
    let options: Vec<u32> = edges
        .iter()
        .filter(|&&(u, v)| live >> u & 1 == 1 && live >> v & 1 == 1)
        .map(|&(u, v)| arc_kayles_nim(live & !(1 << u) & !(1 << v), edges, memo))
        .collect();
    let g = mex(&options);
    memo.insert(live, g);
    g
}

/// The nimber `*g` as printed.
fn nimber(g: u32) -> String {
    match g {
        0 => "0".to_string(),
        1 => "*".to_string(),
        g => format!("*{g}"),
    }
}

#[test]
fn arc_kayles_on_random_graphs() {
    let mut rng = StdRng::seed_from_u64(47);
    let mut texts = Vec::new();
    for _ in 0..300 {
        let n = rng.random_range(1..=9);
        let extra = rng.random_range(0..=4);
        let edges: Vec<(usize, usize)> = random_graph(&mut rng, n, extra, &['-'])
            .iter()
            .map(|&(u, v, _)| (u, v))
            .collect();
        // Sometimes two pieces: the same graph twice, the second numbered after the first.
        let twice = rng.random_range(0..4) == 0;
        let mut all = edges.clone();
        if twice {
            all.extend(edges.iter().map(|&(u, v)| (u + n, v + n)));
        }
        let vertices = if twice { 2 * n } else { n };
        let mut text = cgsuite_text(&all.iter().map(|&(u, v)| (u, v, '-')).collect::<Vec<_>>());
        // The vertices on no edge, written as pieces of their own.
        for v in 0..vertices {
            if !all.iter().any(|&(a, b)| a == v || b == v) {
                text.push_str(&format!(";:{{{v}}}"));
            }
        }
        let g = arc_kayles_nim((1u64 << vertices) - 1, &all, &mut HashMap::new());
        assert_eq!(
            ArcKayles.value_of(&text).unwrap().canonical_form(),
            nimber(g),
            "{text}"
        );
        texts.push(text);
    }
    assert_eq!(against_brute_force(ArcKayles, &texts), 300);
}

/// The nim value of Weighted Arc Kayles, naively.
fn weighted_nim(
    weights: Vec<u32>,
    edges: &[(usize, usize)],
    memo: &mut HashMap<Vec<u32>, u32>,
) -> u32 {
    if let Some(&g) = memo.get(&weights) {
        return g;
    }
    let options: Vec<u32> = edges
        .iter()
        .filter(|&&(u, v)| weights[u] > 0 && weights[v] > 0)
        .map(|&(u, v)| {
            let mut next = weights.clone();
            next[u] -= 1;
            if v != u {
                next[v] -= 1;
            }
            weighted_nim(next, edges, memo)
        })
        .collect();
    let g = mex(&options);
    memo.insert(weights, g);
    g
}

#[test]
fn weighted_arc_kayles_on_random_graphs() {
    let mut rng = StdRng::seed_from_u64(48);
    let mut texts = Vec::new();
    for _ in 0..300 {
        let n = rng.random_range(1..=6);
        let extra = rng.random_range(0..=3);
        let edges: Vec<(usize, usize)> = random_graph(&mut rng, n, extra, &['-'])
            .iter()
            .map(|&(u, v, _)| (u, v))
            .collect();
        let weights: Vec<u32> = (0..n).map(|_| rng.random_range(0..=3)).collect();
        let mut pieces: Vec<String> = edges
            .iter()
            .map(|&(u, v)| format!("{}:{{{u}}}-{}:{{{v}}}", weights[u], weights[v]))
            .collect();
        if n == 1 && edges.is_empty() {
            pieces.push(format!("{}", weights[0]));
        }
        let text = pieces.join(";");
        let g = weighted_nim(weights, &edges, &mut HashMap::new());
        assert_eq!(
            WeightedArcKayles.value_of(&text).unwrap().canonical_form(),
            nimber(g),
            "{text}"
        );
        texts.push(text);
    }
    assert_eq!(against_brute_force(WeightedArcKayles, &texts), 300);
}

/// Partizan Arc Kayles' game tree, naively.
fn partizan_arc_kayles_tree(
    raw: &mut Raw,
    live: u64,
    edges: &[(usize, usize, char)],
    memo: &mut HashMap<u64, usize>,
) -> usize {
    if let Some(&t) = memo.get(&live) {
        return t;
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for &(u, v, c) in edges {
        if live >> u & 1 == 1 && live >> v & 1 == 1 {
            let t = partizan_arc_kayles_tree(raw, live & !(1 << u) & !(1 << v), edges, memo);
            if c != 'r' {
                left.push(t);
            }
            if c != 'l' {
                right.push(t);
            }
        }
    }
    let t = raw.add(left, right);
    memo.insert(live, t);
    t
}

#[test]
fn partizan_arc_kayles_on_random_graphs() {
    let mut rng = StdRng::seed_from_u64(49);
    let mut texts = Vec::new();
    for _ in 0..300 {
        let n = rng.random_range(2..=8);
        let extra = rng.random_range(0..=4);
        let edges = random_graph(&mut rng, n, extra, &['l', 'r', 'e']);
        let text = cgsuite_text(&edges);
        let mut raw = Raw::default();
        let tree = partizan_arc_kayles_tree(&mut raw, (1u64 << n) - 1, &edges, &mut HashMap::new());
        same_as_tree(PartizanArcKayles, &text, &mut raw, tree);
        texts.push(text);
    }
    assert_eq!(against_brute_force(PartizanArcKayles, &texts), 300);
}

/// A position's text: the quoted text after `Class(`.
fn quoted(input: &str, class: &str) -> String {
    let rest = input.split_once(&format!(".{class}(\"")).unwrap().1;
    rest.split_once('"').unwrap().0.to_string()
}

/// The nim values of a list of positions.
fn nim_values<R: Ruleset + Clone>(rules: R, texts: impl Iterator<Item = String>) -> String {
    let values: Vec<String> = texts
        .map(|t| {
            let form = rules.value_of(&t).unwrap().canonical_form();
            match form.as_str() {
                "0" => "0".to_string(),
                "*" => "1".to_string(),
                f => f
                    .strip_prefix('*')
                    .unwrap_or_else(|| panic!("{t}: {f}"))
                    .to_string(),
            }
        })
        .collect();
    format!("[{}]", values.join(","))
}

#[test]
fn cgsuite_graph_game_values() {
    let path = common::testdata_dir().join("cgsuite/cgsuite_expression_tests.json");
    let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut checked = Vec::new();
    for case in cases.iter().filter(|c| c["file"] == "GameGraphTest") {
        let field = |k: &str| case[k].as_str().unwrap();
        let (name, input, expected) = (field("name"), field("input"), field("expected"));
        let got = if input.contains("ArcKayles(Graph.Path(n))") {
            nim_values(ArcKayles, (1..=50).map(|n| n.to_string()))
        } else if input.contains("ArcKayles(loopedPath(n))") {
            // Graph.Path(n) with a loop at every vertex: `:{1}-:{1}-:{2}-:{2}-...`.
            let looped = |n: usize| {
                (1..=n)
                    .map(|v| format!(":{{{v}}}-:{{{v}}}"))
                    .collect::<Vec<_>>()
                    .join("-")
            };
            nim_values(ArcKayles, (1..=50).map(looped))
        } else if input.starts_with("game.graph.ChildishHackenbush(") {
            let mut v = ChildishHackenbush
                .value_of(&quoted(input, "ChildishHackenbush"))
                .unwrap();
            if input.ends_with(".AtomicWeight") {
                let g = v.value();
                let w = v.store_mut().atomic_weight(g).unwrap();
                v.store_mut().display(w)
            } else {
                v.canonical_form()
            }
        } else if input.starts_with("game.graph.PartizanArcKayles(") {
            PartizanArcKayles
                .value_of(&quoted(input, "PartizanArcKayles"))
                .unwrap()
                .canonical_form()
        } else if input.starts_with("game.graph.Hackenbush(") && !expected.starts_with("!!") {
            Hackenbush
                .value_of(&quoted(input, "Hackenbush"))
                .unwrap()
                .canonical_form()
        } else {
            continue;
        };
        assert_eq!(got, expected, "{name}: {input}");
        checked.push(name);
    }
    assert_eq!(checked.len(), 14, "{checked:?}");
    // CGSuite refuses a graph in two pieces.
    let e = Hackenbush.parse("lrlr;lr").unwrap_err();
    assert_eq!((e.column, e.message.contains("not connected")), (6, true));
}

/// Checks the engine's Hackenbush value of `text` against the naive rules on the graph as
/// the engine read it.
fn hackenbush_against_naive(text: &str) -> usize {
    let p = Hackenbush.parse(text).unwrap();
    let edges: Vec<(usize, usize, char)> = Hackenbush
        .show(&p)
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let (ends, c) = w.split_once(':').unwrap();
            let (u, v) = ends.split_once('-').unwrap();
            let c = match c {
                "b" => 'l',
                "g" => 'e',
                _ => 'r',
            };
            (u.parse().unwrap(), v.parse().unwrap(), c)
        })
        .collect();
    let mut raw = Raw::default();
    let tree = hackenbush_tree(&mut raw, edges.clone(), false, &mut HashMap::new());
    same_as_tree(Hackenbush, text, &mut raw, tree);
    edges.len()
}

#[test]
fn hackenbush_graphs_in_cgsuite_notation() {
    // CGSuite's documentation's examples (graph/constants.cgs): a graph with cycles, a bulb
    // on a stalk, a cycle on the ground; and a loop, a double edge.
    let waist = "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))";
    assert_eq!(hackenbush_against_naive(waist), 12);
    for text in [
        "ee:Aeeee:A",
        ":Geeee:G",
        "l:Al:A",
        "(l:B;r:Bl)",
        ":{g}lrl:{g}e",
    ] {
        hackenbush_against_naive(text);
    }
    // The fusion principle's values: an even cycle on a stalk adds nothing.
    assert_eq!(
        Hackenbush.value_of("ee:Aeeee:A").unwrap().canonical_form(),
        "*2"
    );
    assert_eq!(Hackenbush.value_of("l:Al:A").unwrap().canonical_form(), "2");
    for bad in ["l(l;x)", "l:", "l{", "lrl(", ".;l", "l)"] {
        assert!(Hackenbush.parse(bad).is_err(), "{bad}");
    }
}
