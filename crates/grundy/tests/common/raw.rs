//! Raw game trees: games given by their options, with no simplification (dominated and
//! reversible options, repeats and all), compared and played by the definitions alone. The
//! reference the value engine and the rulesets are checked against.

use std::collections::HashMap;

use std::hash::Hash;

use grundy::partizan::{Dyadic, GameId, GameStore, PartizanRules, Side};
use rand::rngs::StdRng;
use rand::Rng;

/// `count` random raw games: each new node takes as options random lists (repeats allowed)
/// of up to `max_options` earlier nodes, trees at most `max_height` high, so that they are
/// shallow but full of dominated and reversible options. O(count · max_options).
pub fn random_games(
    rng: &mut StdRng,
    count: usize,
    max_options: usize,
    max_height: usize,
) -> (Raw, Vec<usize>) {
    let mut raw = Raw::default();
    raw.add(vec![], vec![]);
    let mut games = vec![0];
    let mut heights = vec![0];
    while games.len() < count {
        let pick = |rng: &mut StdRng| -> Vec<usize> {
            let n = rng.random_range(0..=max_options);
            (0..n).map(|_| rng.random_range(0..games.len())).collect()
        };
        let (l, r) = (pick(rng), pick(rng));
        let height = l
            .iter()
            .chain(&r)
            .map(|&i| heights[i] + 1)
            .max()
            .unwrap_or(0);
        if height > max_height {
            continue;
        }
        games.push(raw.add(l, r));
        heights.push(height);
    }
    (raw, games)
}

/// Raw game trees in an arena: node i has left and right options (indices).
#[derive(Default)]
pub struct Raw {
    pub nodes: Vec<(Vec<usize>, Vec<usize>)>,
    leq_memo: HashMap<(usize, usize), bool>,
}

impl Raw {
    pub fn add(&mut self, left: Vec<usize>, right: Vec<usize>) -> usize {
        self.nodes.push((left, right));
        self.nodes.len() - 1
    }

    /// `g ≤ h`: no `g^L ≥ h` and no `h^R ≤ g`.
    pub fn leq(&mut self, g: usize, h: usize) -> bool {
        if let Some(&b) = self.leq_memo.get(&(g, h)) {
            return b;
        }
        let (gl, _) = self.nodes[g].clone();
        let (_, hr) = self.nodes[h].clone();
        let result = !gl.iter().any(|&x| self.leq(h, x)) && !hr.iter().any(|&x| self.leq(x, g));
        self.leq_memo.insert((g, h), result);
        result
    }

    pub fn equal(&mut self, g: usize, h: usize) -> bool {
        self.leq(g, h) && self.leq(h, g)
    }

    /// The raw sum tree of g and h.
    pub fn sum(&mut self, g: usize, h: usize, memo: &mut HashMap<(usize, usize), usize>) -> usize {
        if let Some(&s) = memo.get(&(g, h)) {
            return s;
        }
        let (gl, gr) = self.nodes[g].clone();
        let (hl, hr) = self.nodes[h].clone();
        let mut left = Vec::new();
        let mut right = Vec::new();
        for x in gl {
            left.push(self.sum(x, h, memo));
        }
        for x in hl {
            left.push(self.sum(g, x, memo));
        }
        for x in gr {
            right.push(self.sum(x, h, memo));
        }
        for x in hr {
            right.push(self.sum(g, x, memo));
        }
        let s = self.add(left, right);
        memo.insert((g, h), s);
        s
    }

    /// Whether the player `left` (or Right), moving first, wins under normal play.
    pub fn wins_first(&self, g: usize, left: bool) -> bool {
        let (gl, gr) = &self.nodes[g];
        let options = if left { gl } else { gr };
        options.iter().any(|&o| !self.wins_first(o, !left))
    }

    /// The same under misère play (a player without a move wins).
    pub fn misere_wins_first(&self, g: usize, left: bool) -> bool {
        let (gl, gr) = &self.nodes[g];
        let options = if left { gl } else { gr };
        options.is_empty() || options.iter().any(|&o| !self.misere_wins_first(o, !left))
    }

    pub fn height(&self, g: usize) -> u64 {
        let (gl, gr) = &self.nodes[g];
        gl.iter()
            .chain(gr)
            .map(|&o| self.height(o) + 1)
            .max()
            .unwrap_or(0)
    }

    /// The canonical form, bottom-up through the engine.
    pub fn canonical(&self, store: &mut GameStore, g: usize) -> GameId {
        let (gl, gr) = &self.nodes[g];
        let l: Vec<GameId> = gl.iter().map(|&o| self.canonical(store, o)).collect();
        let r: Vec<GameId> = gr.iter().map(|&o| self.canonical(store, o)).collect();
        store.game(&l, &r).unwrap()
    }

    /// The canonical form's tree, copied into the arena.
    pub fn expand(
        &mut self,
        store: &mut GameStore,
        g: GameId,
        memo: &mut HashMap<GameId, usize>,
    ) -> usize {
        if let Some(&i) = memo.get(&g) {
            return i;
        }
        let l: Vec<usize> = store
            .left_options(g)
            .unwrap()
            .into_iter()
            .map(|o| self.expand(store, o, memo))
            .collect();
        let r: Vec<usize> = store
            .right_options(g)
            .unwrap()
            .into_iter()
            .map(|o| self.expand(store, o, memo))
            .collect();
        let i = self.add(l, r);
        memo.insert(g, i);
        i
    }

    /// A stop by play: the number reached when `left` (or Right) moves first and both play
    /// on until the position is a number (the engine tells numbers apart).
    pub fn stop(&self, store: &mut GameStore, g: usize, left: bool) -> Dyadic {
        let c = self.canonical(store, g);
        if let Some(x) = store.as_number(c) {
            return x;
        }
        let (gl, gr) = self.nodes[g].clone();
        let options = if left { gl } else { gr };
        let stops = options.iter().map(|&o| self.stop(store, o, !left));
        if left {
            stops.max().unwrap()
        } else {
            stops.min().unwrap()
        }
    }

    /// The game tree of `p` under `rules`, move by move (the whole position, never split
    /// into regions); a position met again shares its node.
    pub fn tree_of<G: PartizanRules>(
        &mut self,
        rules: &G,
        p: &G::Position,
        memo: &mut HashMap<G::Position, usize>,
    ) -> usize
    where
        G::Position: Hash + Eq + Clone,
    {
        if let Some(&i) = memo.get(p) {
            return i;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            let mut options = Vec::new();
            rules.options(p, side, &mut options);
            sides[k] = options
                .iter()
                .map(|o| self.tree_of(rules, o, memo))
                .collect();
        }
        let [left, right] = sides;
        let i = self.add(left, right);
        memo.insert(p.clone(), i);
        i
    }
}
