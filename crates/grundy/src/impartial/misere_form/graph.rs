//! Misère canonical forms of the positions of a game given as a position graph: the bridge from
//! any impartial game the engine can explore (rules, a graph file) to its misère forms.
//!
//! A position's form is the canonical form of its options' forms, so the positions are taken
//! in post-order (options first) by an iterative depth-first search, with no recursion.

use super::store::{FormId, MisereStore};
use crate::budget::Exhausted;
use crate::graph::GameGraph;

/// Why a graph's positions have no misère forms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphFormError {
    /// The game can go on for ever: a short game has no cycle.
    #[error(
        "the game has a cycle through position {position}: misère forms are for games that end"
    )]
    Cycle {
        /// The label of a position on the cycle.
        position: String,
    },
    /// The graph fixes results, payoffs or players: forms are for plain impartial games, where
    /// a position with no move ends the game.
    #[error(
        "the graph has fixed results, payoffs or players: misère forms are for plain impartial \
         games"
    )]
    NotPlain,
    /// The store ran out of a budget.
    #[error(transparent)]
    Budget(#[from] Exhausted),
}

impl MisereStore {
    /// The misère canonical form of every position of `graph` (by position index). The graph
    /// must be acyclic and plain (no fixed results, payoffs or players). O(n + m) canonical
    /// forms for n positions and m moves, each O(d log d) for d options; the forms are
    /// counted against the store's budget.
    ///
    /// ```
    /// use grundy::impartial::misere_form::MisereStore;
    /// use grundy::GameGraph;
    ///
    /// // Position 0 moves to 1 and 2; 1 moves to 2; 2 has no move: 0 is *2, 1 is *, 2 is 0.
    /// let graph = GameGraph::from_moves(3, &[(0, 1), (0, 2), (1, 2)]);
    /// let mut store = MisereStore::new();
    /// let forms = store.forms_of_graph(&graph).unwrap();
    /// assert_eq!(forms[0], store.nimber(2).unwrap());
    /// ```
    pub fn forms_of_graph(&mut self, graph: &GameGraph) -> Result<Vec<FormId>, GraphFormError> {
        if graph.has_fixed_results() || graph.has_payoffs() || graph.has_players() {
            return Err(GraphFormError::NotPlain);
        }
        if let Some(cycle) = graph.find_cycle(|_| false) {
            let position = graph.label(cycle[0]);
            return Err(GraphFormError::Cycle { position });
        }
        let n = graph.position_count();
        let mut forms: Vec<Option<FormId>> = vec![None; n];
        let mut stack: Vec<u32> = Vec::new();
        let mut options = Vec::new();
        for root in 0..n as u32 {
            stack.push(root);
            while let Some(&p) = stack.last() {
                if forms[p as usize].is_some() {
                    stack.pop();
                    continue;
                }
                let missing: Vec<u32> = (graph.options(p).iter())
                    .copied()
                    .filter(|&q| forms[q as usize].is_none())
                    .collect();
                if !missing.is_empty() {
                    stack.extend(missing);
                    continue;
                }
                stack.pop();
                options.clear();
                options.extend(graph.options(p).iter().filter_map(|&q| forms[q as usize]));
                forms[p as usize] = Some(self.canonical(&options)?);
            }
        }
        Ok(forms
            .into_iter()
            .map(|f| f.unwrap_or(FormId::ZERO))
            .collect())
    }
}
