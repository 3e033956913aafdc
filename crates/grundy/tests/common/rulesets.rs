//! The check of a ruleset against brute force, shared by the rulesets' tests: the game tree
//! built from the rules alone (move by move, never split into regions, no canonical form)
//! must equal the engine's value by the definition of `≤` both ways; the outcome class and
//! each player's winning moves must be those found by playing the tree out.

use std::collections::HashMap;
use std::hash::Hash;

use grundy::partizan::rulesets::{analyse, Evaluator, Rules, Ruleset};
use grundy::partizan::{GameStore, OutcomeClass, PartizanRules, Side};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::raw::Raw;

/// Checks every position of `boards` (texts the ruleset reads) against the brute force;
/// returns how many were checked.
pub fn against_brute_force<R: Ruleset + Clone>(rules: R, boards: &[String]) -> usize {
    let mut store = GameStore::new();
    let mut eval = Evaluator::new(rules.clone());
    let adapter = Rules(rules.clone());
    for text in boards {
        let p = rules
            .parse(text)
            .unwrap_or_else(|e| panic!("{}: {text}: {e}", rules.name()));
        let mut raw = Raw::default();
        let tree = raw.tree_of(&adapter, &p, &mut HashMap::new());
        let analysis = analyse(&mut eval, &mut store, &p).unwrap();
        let form = raw.expand(&mut store, analysis.value, &mut HashMap::new());
        let shown = store.display(analysis.value);
        assert!(
            raw.equal(tree, form),
            "{} {text}: the engine says {shown}, not the game tree",
            rules.name()
        );
        let left_first = raw.wins_first(tree, true);
        let right_first = raw.wins_first(tree, false);
        assert_eq!(
            analysis.class,
            OutcomeClass::from_left_wins(left_first, !right_first),
            "{} {text} = {shown}",
            rules.name()
        );
        // A move wins for its player iff the opponent, moving first after it, loses.
        for (side, listed) in [
            (Side::Left, &analysis.left_wins),
            (Side::Right, &analysis.right_wins),
        ] {
            let mut moves = Vec::new();
            rules.moves(&p, side, &mut moves);
            let winning: Vec<String> = moves
                .iter()
                .filter(|(_, q)| {
                    let after = raw.tree_of(&adapter, q, &mut HashMap::new());
                    !raw.wins_first(after, side == Side::Right)
                })
                .map(|(m, _)| m.to_string())
                .collect();
            let got: Vec<String> = listed.iter().map(|m| m.play.clone()).collect();
            assert_eq!(got, winning, "{} {text} {side}", rules.name());
            assert_eq!(
                !winning.is_empty(),
                analysis.class.winner(side) == side,
                "{} {text} {side}",
                rules.name()
            );
        }
    }
    boards.len()
}

/// `count` random grids of up to `max_cells` cells (at least one row and column), each cell
/// drawn from `symbols` with the given weights.
pub fn random_grids(
    seed: u64,
    count: usize,
    max_cells: usize,
    symbols: &[(char, u32)],
) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let total: u32 = symbols.iter().map(|s| s.1).sum();
    (0..count)
        .map(|_| {
            let rows = rng.random_range(1..=max_cells.min(5));
            let cols = rng.random_range(1..=(max_cells / rows).min(6));
            let row = |rng: &mut StdRng| -> String {
                (0..cols)
                    .map(|_| {
                        let mut pick = rng.random_range(0..total);
                        symbols
                            .iter()
                            .find(|s| {
                                let hit = pick < s.1;
                                pick = pick.saturating_sub(s.1);
                                hit
                            })
                            .expect("a symbol")
                            .0
                    })
                    .collect()
            };
            (0..rows)
                .map(|_| row(&mut rng))
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

/// A game whose positions are sums of components (heaps, cakes), by its definition written
/// in a test: for a player and a component, every list of components a move leaves. A
/// position is its components sorted (a sum does not depend on the order), those not `kept`
/// dropped (empty heaps).
pub struct Components<T> {
    /// The lists of components each move of a player on one component leaves.
    pub moves: fn(Side, T) -> Vec<Vec<T>>,
    /// Whether a component stays in a position.
    pub kept: fn(&T) -> bool,
}

impl<T> Components<T> {
    /// The game of `moves`, every component kept.
    pub fn of(moves: fn(Side, T) -> Vec<Vec<T>>) -> Components<T> {
        Components {
            moves,
            kept: |_| true,
        }
    }
}

impl<T: Copy + Ord + Hash> PartizanRules for Components<T> {
    type Position = Vec<T>;

    fn options(&self, p: &Vec<T>, side: Side, out: &mut Vec<Vec<T>>) {
        for (i, &c) in p.iter().enumerate() {
            for parts in (self.moves)(side, c) {
                let mut next: Vec<T> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
                next.extend(parts.into_iter().filter(self.kept));
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

/// Checks `rules` on every position of `boards` against `definition`: the game tree built
/// from the position's components (`components`, the definition's game on whole positions,
/// never split) must equal the engine's value; then against its own moves played out
/// ([`against_brute_force`]). Returns how many positions were checked.
pub fn against_definition<R, T>(
    rules: R,
    definition: &Components<T>,
    boards: &[String],
    components: impl Fn(&R::Position) -> Vec<T>,
) -> usize
where
    R: Ruleset + Clone,
    T: Copy + Ord + Hash,
{
    let mut store = GameStore::new();
    let mut evaluator = Evaluator::new(rules.clone());
    for text in boards {
        let p = rules.parse(text).unwrap();
        let mut raw = Raw::default();
        let mut start: Vec<T> = components(&p).into_iter().filter(definition.kept).collect();
        start.sort_unstable();
        let tree = raw.tree_of(definition, &start, &mut HashMap::new());
        let analysis = analyse(&mut evaluator, &mut store, &p).unwrap();
        let form = raw.expand(&mut store, analysis.value, &mut HashMap::new());
        assert!(
            raw.equal(tree, form),
            "{} {text}: the engine says {}, not the definition",
            rules.name(),
            store.display(analysis.value)
        );
    }
    against_brute_force(rules, boards)
}
