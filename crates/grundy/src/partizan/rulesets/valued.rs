//! A ruleset's position valued in one call ([`Ruleset::value_of`]): the text read, its
//! regions valued by an [`Evaluator`] in a [`GameStore`] of its own, and the store kept with
//! the value so that every property of the engine can be asked of it afterwards.

use std::fmt;

use super::{BoardError, Evaluator, Ruleset};
use crate::budget::Budget;
use crate::partizan::{GameId, GameStore, OutcomeClass, ValueError};

/// A position could not be valued: its text is not a position of the ruleset, or the
/// valuation failed (a budget ran out, a number left its range).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text is not a position: where and why.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The valuation failed.
    #[error(transparent)]
    Value(#[from] ValueError),
}

/// A position's value with the store that holds it: its canonical form and outcome class at
/// hand, and the store ([`Valued::store_mut`]) for everything else the engine computes of a
/// game (temperature, mean, thermograph, atomic weight...).
pub struct Valued {
    store: GameStore,
    value: GameId,
    class: OutcomeClass,
}

impl Valued {
    /// Values the position written `text` under `rules` within `budget`: one canonical form
    /// per distinct normalised region reachable from it (see [`Evaluator::value`]), and its
    /// outcome class.
    pub fn new<R: Ruleset>(rules: R, text: &str, budget: &Budget) -> Result<Valued, PositionError> {
        let p = rules.parse(text)?;
        let mut store = GameStore::with_budget(budget.clone());
        let value = Evaluator::new(rules).value(&mut store, &p)?;
        let class = store.outcome(value)?;
        Ok(Valued {
            store,
            value,
            class,
        })
    }

    /// The canonical form in the engine's notation (`+-1`, `{1|*}`, `^*`), as
    /// [`GameStore::display`] writes it (within the store's print limit). O(size of the
    /// form); `&mut` because the store memoises what it prints.
    pub fn canonical_form(&mut self) -> String {
        self.store.display(self.value)
    }

    /// Who wins: L, R, N (the first player) or P (the second). O(1).
    pub fn outcome_class(&self) -> OutcomeClass {
        self.class
    }

    /// The value's id in [`Valued::store_mut`]. O(1).
    pub fn value(&self) -> GameId {
        self.value
    }

    /// The store that holds the value, to ask more of it (`store.temperature(v.value())`).
    pub fn store_mut(&mut self) -> &mut GameStore {
        &mut self.store
    }
}

impl fmt::Debug for Valued {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Valued")
            .field("value", &self.value)
            .field("class", &self.class)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::rulesets::clobber::Clobber;
    use crate::partizan::rulesets::domineering::Domineering;

    /// The one call agrees with an evaluator and a store of the caller's own, on every
    /// Clobber strip of up to six cells.
    #[test]
    fn agrees_with_an_evaluator() {
        let mut store = GameStore::new();
        let mut evaluator = Evaluator::new(Clobber::CLOBBER);
        for len in 1..=6u32 {
            for code in 0..3u32.pow(len) {
                let text: String = (0..len)
                    .map(|i| ['x', 'o', '.'][(code / 3u32.pow(i) % 3) as usize])
                    .collect();
                let p = Clobber::CLOBBER.parse(&text).unwrap();
                let expected = evaluator.value(&mut store, &p).unwrap();
                let mut v = Clobber::CLOBBER.value_of(&text).unwrap();
                assert_eq!(v.canonical_form(), store.display(expected), "{text}");
                assert_eq!(
                    v.outcome_class(),
                    store.outcome(expected).unwrap(),
                    "{text}"
                );
            }
        }
    }

    /// Text that is not a position is refused with its place; a budget that runs out is the
    /// valuation's error.
    #[test]
    fn errors_say_what_failed() {
        match Domineering.value_of("..|.z") {
            Err(PositionError::Board(e)) => assert_eq!((e.line, e.column), (2, 2)),
            other => panic!("{other:?}"),
        }
        let tight = Budget::default().with_positions(3);
        match Valued::new(Domineering, "....|....|....|....", &tight) {
            Err(PositionError::Value(ValueError::Budget(_))) => {}
            other => panic!("{other:?}"),
        }
    }
}
