//! Misère canonical forms, sums, genus and census against brute force: every answer from the
//! forms is checked by a direct misère search of explicit game trees, which knows nothing of
//! simplification.
//!
//! Facts from the literature, each also checked by the brute force here:
//! - Conway, *On Numbers and Games* (2nd ed.), ch. 12: `{*}` = 0 in misère play (the
//!   proviso), `* + *` = 0, `*2 + *2` ≠ 0; the genus of 0 is `0^120`, of `*` is `1^031`, of
//!   `*n` (n ≥ 2) is `n^n(n⊕2)`; the census 1, 2, 3, 5, 22 of games born by days 0 to 4.
//! - Berlekamp, Conway and Guy, *Winning Ways*, ch. 13: `*2 + *2` has genus `0^02` and
//!   `*2 + *2 + *` has `1^13` (the firm tame genera), and the genus rule for sums of tame
//!   games (misère Nim's rule).
//! - Plambeck, "Taming the wild in impartial combinatorial games", *INTEGERS* 5 (2005), and
//!   his analysis of the octal game 0.312: the heap of size 4 is `{*2#, *}` (`2#1`), of genus
//!   `2^1420`, and twice it has the genus `0^120` of 0 (written `0^1202` there).

use std::collections::HashMap;

use grundy::budget::{Budget, Resource};
use grundy::graph::GameGraph;
use grundy::impartial::misere_form::GraphFormError;
use grundy::impartial::misere_form::{
    tame_outcome, FormId, GenusKind, GenusTable, MisereStore, Phylum,
};
use grundy::outcome::OutcomeClass;
use grundy::solve::{solve, SolveOptions};
use grundy::Outcome;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Explicit games: each node is the list of its options (node ids), with no simplification.
/// Identical option lists share a node, so that the brute force's memo finds repeats.
#[derive(Default)]
struct Explicit {
    nodes: Vec<Vec<usize>>,
    ids: HashMap<Vec<usize>, usize>,
    wins: HashMap<Vec<usize>, bool>,
    misere: HashMap<Vec<usize>, u32>,
}

impl Explicit {
    fn node(&mut self, mut options: Vec<usize>) -> usize {
        options.sort_unstable();
        if let Some(&id) = self.ids.get(&options) {
            return id;
        }
        self.nodes.push(options.clone());
        self.ids.insert(options, self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    /// A random game of at most `depth` levels, with up to `width` options a level: most
    /// options one level down, so that games born on the later days are common.
    fn random(&mut self, rng: &mut StdRng, depth: u32, width: usize) -> usize {
        let n = if depth == 0 {
            0
        } else {
            rng.random_range(1..=width)
        };
        let options = (0..n)
            .map(|_| {
                let d = if rng.random_range(0..3) == 0 {
                    rng.random_range(0..depth)
                } else {
                    depth - 1
                };
                self.random(rng, d, width)
            })
            .collect();
        self.node(options)
    }

    /// The nim heap of size n.
    fn heap(&mut self, n: usize) -> usize {
        let heaps: Vec<usize> = (0..n).map(|k| self.heap(k)).collect();
        self.node(heaps)
    }

    /// The explicit tree of a canonical form: its canonical options, recursively.
    fn of_form(&mut self, store: &MisereStore, g: FormId) -> usize {
        let options = store.options(g).to_vec();
        let nodes = options.iter().map(|&o| self.of_form(store, o)).collect();
        self.node(nodes)
    }

    /// The position of a sum: its components, without those that have no move, sorted.
    fn position(&self, mut parts: Vec<usize>) -> Vec<usize> {
        parts.retain(|&p| !self.nodes[p].is_empty());
        parts.sort_unstable();
        parts
    }

    /// The sums one move away.
    fn moves(&self, pos: &[usize]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            for &o in &self.nodes[pos[i]] {
                let mut next = pos.to_vec();
                next[i] = o;
                out.push(self.position(next));
            }
        }
        out
    }

    /// Whether the player to move wins the sum in misère play: with no move, yes (the
    /// opponent moved last); else iff some move leaves a loss.
    fn misere_wins(&mut self, parts: Vec<usize>) -> bool {
        let pos = self.position(parts);
        if let Some(&w) = self.wins.get(&pos) {
            return w;
        }
        let win = pos.is_empty() || self.moves(&pos).into_iter().any(|m| !self.misere_wins(m));
        self.wins.insert(pos, win);
        win
    }

    fn outcome(&mut self, parts: Vec<usize>) -> OutcomeClass {
        if self.misere_wins(parts) {
            OutcomeClass::First
        } else {
            OutcomeClass::Second
        }
    }

    /// The misère Grundy value of the sum: 1 with no move, else the mex of the options'.
    fn misere_value(&mut self, parts: Vec<usize>) -> u32 {
        let pos = self.position(parts);
        if pos.is_empty() {
            return 1;
        }
        if let Some(&v) = self.misere.get(&pos) {
            return v;
        }
        let values: Vec<u32> = self
            .moves(&pos)
            .into_iter()
            .map(|m| self.misere_value(m))
            .collect();
        let v = (0..).find(|v| !values.contains(v)).unwrap();
        self.misere.insert(pos, v);
        v
    }

    /// The normal-play Grundy value of one game.
    fn normal_value(&self, g: usize) -> u32 {
        let values: Vec<u32> = self.nodes[g]
            .iter()
            .map(|&o| self.normal_value(o))
            .collect();
        (0..).find(|v| !values.contains(v)).unwrap()
    }

    /// The canonical form of an explicit game, built from its options' forms.
    fn form(&self, store: &mut MisereStore, g: usize) -> FormId {
        let options: Vec<FormId> = self.nodes[g].iter().map(|&o| self.form(store, o)).collect();
        store.canonical(&options).unwrap()
    }
}

#[test]
fn outcomes_of_sums_match_a_direct_search() {
    let mut rng = StdRng::seed_from_u64(29);
    let mut store = MisereStore::new();
    let mut games = Explicit::default();
    let mut seen = [0usize; 2];
    for case in 0..4000 {
        // One to three games, the fewer the deeper (born by day 6, 5 or 4).
        let k = 1 + case % 3;
        let depth = 7 - k as u32;
        let parts: Vec<usize> = (0..k).map(|_| games.random(&mut rng, depth, 3)).collect();
        let forms: Vec<FormId> = parts.iter().map(|&p| games.form(&mut store, p)).collect();
        let from_forms = store.sum_outcome(&forms).unwrap();
        assert_eq!(
            from_forms,
            games.outcome(parts.clone()),
            "case {case}: {parts:?}"
        );
        seen[(from_forms == OutcomeClass::Second) as usize] += 1;
    }
    assert!(
        seen.iter().all(|&n| n > 500),
        "both outcomes often: {seen:?}"
    );
}

#[test]
fn a_game_and_its_canonical_form_are_equal_in_every_sum() {
    let mut rng = StdRng::seed_from_u64(12);
    let mut store = MisereStore::new();
    let mut games = Explicit::default();
    let others: Vec<usize> = (0..60).map(|_| games.random(&mut rng, 3, 3)).collect();
    let mut simplified = 0;
    for _ in 0..300 {
        let g = games.random(&mut rng, 4, 3);
        let form = games.form(&mut store, g);
        let h = games.of_form(&store, form);
        simplified += usize::from(g != h);
        for &x in &others {
            assert_eq!(games.outcome(vec![g, x]), games.outcome(vec![h, x]));
            // Two copies of x as well: the test games should not be too small.
            assert_eq!(games.outcome(vec![g, x, x]), games.outcome(vec![h, x, x]));
        }
    }
    assert!(simplified > 100, "most random games simplify: {simplified}");
}

#[test]
fn games_with_equal_forms_agree_and_distinct_forms_are_told_apart() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut store = MisereStore::new();
    let mut games = Explicit::default();
    // Random games grouped by form: within a group, every sum has one outcome.
    let mut groups: HashMap<FormId, Vec<usize>> = HashMap::new();
    for _ in 0..600 {
        let g = games.random(&mut rng, 3, 3);
        let form = games.form(&mut store, g);
        let group = groups.entry(form).or_default();
        if !group.contains(&g) {
            group.push(g);
        }
    }
    let others: Vec<usize> = (0..40).map(|_| games.random(&mut rng, 3, 3)).collect();
    let mut pairs = 0;
    for group in groups.values().filter(|g| g.len() > 1) {
        for &x in &others {
            let outcome = games.outcome(vec![group[0], x]);
            for &h in &group[1..] {
                pairs += 1;
                assert_eq!(games.outcome(vec![h, x]), outcome);
            }
        }
    }
    assert!(
        pairs > 1000,
        "pairs of games with equal forms checked: {pairs}"
    );

    // Any two distinct forms born by day 4 are told apart by a form born by day 4 or a sum
    // of two ({*2} and {*3} need a sum).
    let day4 = store.born_by(4).unwrap();
    let trees: Vec<usize> = day4.iter().map(|&g| games.of_form(&store, g)).collect();
    let mut testers: Vec<Vec<usize>> = trees.iter().map(|&x| vec![x]).collect();
    for (i, &x) in trees.iter().enumerate() {
        testers.extend(trees[i..].iter().map(|&y| vec![x, y]));
    }
    for i in 0..trees.len() {
        for j in i + 1..trees.len() {
            let apart = testers.iter().any(|x| {
                let with = |g: usize| [vec![g], x.clone()].concat();
                games.outcome(with(trees[i])) != games.outcome(with(trees[j]))
            });
            let (a, b) = (store.notation(day4[i]), store.notation(day4[j]));
            assert!(apart, "{a:?} and {b:?} are not told apart");
        }
    }
}

#[test]
fn canonical_forms_are_fixed_points_and_their_words_read_back() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut store = MisereStore::new();
    let mut games = Explicit::default();
    for _ in 0..500 {
        let g = games.random(&mut rng, 5, 3);
        let form = games.form(&mut store, g);
        let options = store.options(form).to_vec();
        assert_eq!(store.canonical(&options).unwrap(), form);
        // Rebuilding from the canonical tree gives the same form.
        let tree = games.of_form(&store, form);
        assert_eq!(games.form(&mut store, tree), form);
        // The word names the form, in this store and in a fresh one.
        let word = store.notation(form).unwrap();
        assert_eq!(store.parse(&word).unwrap(), form, "{word}");
        let mut fresh = MisereStore::new();
        let again = fresh.parse(&format!("*[{word}]")).unwrap();
        assert_eq!(fresh.notation(again).unwrap(), word);
    }
}

#[test]
fn census_of_games_born_by_each_day() {
    let mut store = MisereStore::new();
    let counts: Vec<usize> = (0..=4).map(|d| store.born_by(d).unwrap().len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
    let day3: Vec<String> = (store.born_by(3).unwrap().iter())
        .map(|&g| store.notation(g).unwrap())
        .collect();
    assert_eq!(day3, ["0", "1", "2", "2#", "3"]);
    // The phyla of the 22 games born by day 4: 14 tame, 4 restive (such as {{*2}, 0}, of
    // genus 1^20), 4 restless (such as {{*2}, *}, of genus 2^1420), none wild.
    let mut genera = GenusTable::new();
    let mut phyla = HashMap::new();
    for g in store.born_by(4).unwrap() {
        *phyla.entry(genera.phylum(&store, g).unwrap()).or_insert(0) += 1;
    }
    let expected = [
        (Phylum::Tame, 14),
        (Phylum::Restive, 4),
        (Phylum::Restless, 4),
    ];
    assert_eq!(phyla, HashMap::from(expected));
    // Day 5 needs 2^22 subsets: a small position budget stops it before it starts.
    let mut small = MisereStore::with_budget(Budget::default().with_positions(1 << 20));
    let error = small.born_by(5).unwrap_err();
    assert_eq!(error.resource, Resource::Positions);
}

#[test]
fn examples_from_the_literature() {
    let mut store = MisereStore::new();
    let mut games = Explicit::default();
    let star2 = store.nimber(2).unwrap();
    let (s, s2) = (games.heap(1), games.heap(2));
    // {*} = 0: the proviso holds, * being a misère P-position.
    assert_eq!(store.canonical(&[FormId::STAR]).unwrap(), FormId::ZERO);
    let wrapped = games.node(vec![s]);
    // * + * = 0.
    assert_eq!(store.sum(FormId::STAR, FormId::STAR).unwrap(), FormId::ZERO);
    // *2 + *2 is not 0: adding *2 + *2 tells it from 0 … and * tells them apart.
    let twos = store.sum(star2, star2).unwrap();
    assert_ne!(twos, FormId::ZERO);
    assert_ne!(games.outcome(vec![s2, s2, s]), games.outcome(vec![s]));
    let zero = games.node(vec![]);
    let others: Vec<usize> = (0..6).map(|n| games.heap(n)).collect();
    for &x in &others {
        assert_eq!(
            games.outcome(vec![wrapped, x]),
            games.outcome(vec![zero, x])
        );
        assert_eq!(games.outcome(vec![s, s, x]), games.outcome(vec![x]));
    }
    let mut genera = GenusTable::new();
    let mut shown = |g| genera.genus(&store, g).unwrap().to_string();
    assert_eq!(shown(FormId::ZERO), "0^120");
    assert_eq!(shown(FormId::STAR), "1^031");
    assert_eq!(shown(twos), "0^02");
    let twos_star = store.sum(twos, FormId::STAR).unwrap();
    let mut genera = GenusTable::new();
    assert_eq!(genera.genus(&store, twos_star).unwrap().to_string(), "1^13");
    for n in 2..12u32 {
        let heap = store.nimber(n).unwrap();
        let genus = genera.genus(&store, heap).unwrap();
        assert_eq!(genus.base, n);
        assert_eq!(genus.gammas(), [n, n ^ 2]);
        assert_eq!(genus.kind(), GenusKind::Tame);
    }
    // Plambeck's 0.312: the heap of size 4, and its double.
    let a = store.canonical(&[star2]).unwrap();
    let g = store.canonical(&[a, FormId::STAR]).unwrap();
    assert_eq!(store.notation(g).unwrap(), "2#1");
    assert_eq!(genera.genus(&store, a).unwrap().to_string(), "0^02");
    assert_eq!(genera.genus(&store, g).unwrap().to_string(), "2^1420");
    let double = store.sum(g, g).unwrap();
    assert_eq!(genera.genus(&store, double).unwrap().to_string(), "0^120");
    assert_ne!(double, FormId::ZERO);
    assert_eq!(store.notation(twos).unwrap(), "32");
    let heap12 = store.nimber(12).unwrap();
    assert_eq!(
        genera.genus(&store, heap12).unwrap().to_string(),
        "12^(12,14)"
    );
}

#[test]
fn genus_matches_its_definition() {
    let mut rng = StdRng::seed_from_u64(3);
    let mut store = MisereStore::new();
    let mut genera = GenusTable::new();
    let mut games = Explicit::default();
    let two = games.heap(2);
    let mut kinds = HashMap::new();
    for _ in 0..400 {
        let g = games.random(&mut rng, 4, 3);
        let form = games.form(&mut store, g);
        let genus = genera.genus(&store, form).unwrap();
        assert_eq!(genus.base, games.normal_value(g));
        // γn is the misère Grundy value of G plus n heaps of size two.
        for n in 0..8 {
            let mut parts = vec![g];
            parts.extend(std::iter::repeat_n(two, n));
            assert_eq!(genus.gamma(n), games.misere_value(parts), "{genus} γ{n}");
        }
        // Written up to where it starts to alternate, no further.
        let w = genus.gammas();
        assert!(w.len() == 2 || w[w.len() - 3] != w[w.len() - 1], "{genus}");
        *kinds.entry(genus.kind()).or_insert(0) += 1;
        // With every option tame, the genus is tame exactly when (g, γ0) is a pair of misère
        // Nim's, g = γ0 or both at most 1 (CGSuite's test, which looks no further).
        let options = store.options(form).to_vec();
        if options.iter().all(|&o| genera.is_tame(&store, o).unwrap()) {
            let (b, g0) = (genus.base, genus.gamma(0));
            assert_eq!(genus.is_tame(), b == g0 || (b < 2 && g0 < 2), "{genus}");
        }
    }
    assert!(kinds.len() >= 3, "several kinds of genus met: {kinds:?}");
}

#[test]
fn sums_of_tame_games_follow_the_genus_rule() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut store = MisereStore::new();
    let mut genera = GenusTable::new();
    let mut games = Explicit::default();
    // Tame random games (and nim heaps, always tame).
    let mut tame = Vec::new();
    let mut wild = 0;
    while tame.len() < 120 {
        let g = games.random(&mut rng, 4, 3);
        let form = games.form(&mut store, g);
        if genera.is_tame(&store, form).unwrap() {
            tame.push((g, form));
        } else {
            wild += 1;
        }
    }
    for n in 0..5 {
        let heap = store.nimber(n).unwrap();
        assert!(genera.is_tame(&store, heap).unwrap());
        tame.push((games.heap(n as usize), heap));
    }
    assert!(wild > 0, "some random games are not tame");
    for case in 0..2000 {
        let k = 1 + case % 3;
        let picked: Vec<(usize, FormId)> = (0..k)
            .map(|_| tame[rng.random_range(0..tame.len())])
            .collect();
        let forms: Vec<FormId> = picked.iter().map(|p| p.1).collect();
        let rule = tame_outcome(&store, &mut genera, &forms).unwrap();
        let parts: Vec<usize> = picked.iter().map(|p| p.0).collect();
        assert_eq!(rule, Some(games.outcome(parts)), "case {case}");
        // The sum of tame games is tame.
        let total = store.sum_all(&forms).unwrap();
        assert!(genera.is_tame(&store, total).unwrap());
    }
}

#[test]
fn budgets_stop_growing_work() {
    let mut store = MisereStore::with_budget(Budget::default().with_memory(1 << 20));
    let error = store.nimber(5000).unwrap_err();
    assert_eq!(error.resource, Resource::Memory);
    // Sums of ever more random games: the forms they make pass a budget of 1000 positions.
    let mut rng = StdRng::seed_from_u64(1);
    let mut games = Explicit::default();
    let mut store = MisereStore::with_budget(Budget::default().with_positions(1000));
    let mut total = FormId::ZERO;
    let stopped = (0..1000).find_map(|_| {
        let g = games.random(&mut rng, 3, 3);
        let options: Vec<FormId> = (games.nodes[g].clone().iter())
            .map(|&o| games.form(&mut store, o))
            .collect();
        let form = store.canonical(&options).ok()?;
        match store.sum(total, form) {
            Ok(s) => {
                total = s;
                None
            }
            Err(e) => Some(e),
        }
    });
    assert_eq!(stopped.map(|e| e.resource), Some(Resource::Positions));
    // Malformed words are errors, not panics.
    let mut store = MisereStore::new();
    for bad in ["", "(", "2)", "#", "x", "&;", "&99999999999;", "(21"] {
        assert!(store.parse(bad).is_err(), "{bad:?}");
    }
}

/// Day 5 of the census, 4171780 games from 2^22 subsets (Conway, *On Numbers and Games*,
/// ch. 12): about 5 s and 370 MB with the test profile, so run on request
/// (`cargo test -p grundy --test misere_forms -- --ignored`).
#[test]
#[ignore]
fn census_of_day_five() {
    let mut store = MisereStore::new();
    assert_eq!(store.born_by(5).unwrap().len(), 4_171_780);
}

#[test]
fn forms_of_a_position_graph_agree_with_the_misere_solver() {
    let mut rng = StdRng::seed_from_u64(17);
    let misere = SolveOptions {
        misere: true,
        preferences: None,
    };
    for _ in 0..200 {
        // A random acyclic graph: moves go from a position to a larger one.
        let n = rng.random_range(1..40u32);
        let moves: Vec<(u32, u32)> = (0..n)
            .flat_map(|p| (p + 1..n).map(move |q| (p, q)))
            .filter(|_| rng.random_range(0..4) == 0)
            .collect();
        let graph = GameGraph::from_moves(n, &moves);
        let mut store = MisereStore::new();
        let forms = store.forms_of_graph(&graph).unwrap();
        let solved = solve(&graph, &misere).unwrap();
        for p in 0..n {
            let wins = solved.outcome(p) == Outcome::Win;
            let first = store.outcome(forms[p as usize]) == OutcomeClass::First;
            assert_eq!(wins, first, "position {p} of {moves:?}");
        }
    }
    // Nim heaps as a graph: heap n moves to every smaller heap.
    let moves: Vec<(u32, u32)> = (0..8u32)
        .flat_map(|p| (0..p).map(move |q| (p, q)))
        .collect();
    let mut store = MisereStore::new();
    let forms = store
        .forms_of_graph(&GameGraph::from_moves(8, &moves))
        .unwrap();
    for (n, &form) in forms.iter().enumerate() {
        assert_eq!(form, store.nimber(n as u32).unwrap());
    }
    let cycle = GameGraph::from_moves(2, &[(0, 1), (1, 0)]);
    let error = store.forms_of_graph(&cycle).unwrap_err();
    assert!(matches!(error, GraphFormError::Cycle { .. }), "{error}");
    let payoffs = GameGraph::from_moves(2, &[(0, 1)]).with_payoffs(vec![None, Some(3)]);
    let error = store.forms_of_graph(&payoffs).unwrap_err();
    assert_eq!(error, GraphFormError::NotPlain);
}
