//! The reference tool's deterministic order of games, used to list options and sets.
//!
//! Numbers come first (by value), then nimbers (by size), then uptimals (by
//! [`UptimalExpansion`]'s order), then all other games, compared by their sorted left
//! options as sequences (element by element, a proper prefix first), then by their right
//! options. This order has nothing to do with the game order `≤`; it only makes printed forms
//! and sets reproducible, and identical to the reference tool's.

use std::cmp::Ordering;

use super::error::ValueError;
use super::number::Dyadic;
use super::store::{GameId, GameStore};
use super::uptimal::UptimalExpansion;
use super::Side;

/// The classes of the order, in order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Number(Dyadic),
    Nimber(u32),
    Uptimal(UptimalExpansion),
    Other,
}

impl GameStore {
    fn class(&mut self, g: GameId) -> Result<Class, ValueError> {
        if let Some(v) = self.nus(g) {
            if v.is_number() {
                return Ok(Class::Number(v.number));
            }
            if v.ups == 0 && v.number == Dyadic::ZERO {
                return Ok(Class::Nimber(v.nimber));
            }
        }
        Ok(match self.uptimal_expansion(g)? {
            Some(e) => Class::Uptimal(e),
            None => Class::Other,
        })
    }

    /// Compares two games in the deterministic order of the module documentation. O(size
    /// of the smaller game) comparisons of classes, memoised sorted option lists.
    pub fn display_order(&mut self, g: GameId, h: GameId) -> Result<Ordering, ValueError> {
        if g == h {
            return Ok(Ordering::Equal);
        }
        let (cg, ch) = (self.class(g)?, self.class(h)?);
        if cg != Class::Other || ch != Class::Other {
            return Ok(cg.cmp(&ch));
        }
        let (gl, gr) = self.sorted_options(g)?;
        let (hl, hr) = self.sorted_options(h)?;
        match self.compare_lists(&gl, &hl)? {
            Ordering::Equal => self.compare_lists(&gr, &hr),
            other => Ok(other),
        }
    }

    fn compare_lists(&mut self, a: &[GameId], b: &[GameId]) -> Result<Ordering, ValueError> {
        for (&x, &y) in a.iter().zip(b) {
            let o = self.display_order(x, y)?;
            if o.is_ne() {
                return Ok(o);
            }
        }
        Ok(a.len().cmp(&b.len()))
    }

    /// Sorts games in the deterministic order. O(n log n) comparisons.
    pub fn sort_for_display(&mut self, games: &mut [GameId]) -> Result<(), ValueError> {
        let mut error = None;
        games.sort_by(|&a, &b| match self.display_order(a, b) {
            Ok(o) => o,
            Err(e) => {
                error.get_or_insert(e);
                Ordering::Equal
            }
        });
        error.map_or(Ok(()), Err)
    }

    /// The left and right options of `g`, each sorted in the deterministic order. Memoised.
    pub fn sorted_options(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>), ValueError> {
        if let Some(known) = self.known_sorted_options(g) {
            return Ok(known);
        }
        let mut left = self.options(g, Side::Left)?;
        let mut right = self.options(g, Side::Right)?;
        self.sort_for_display(&mut left)?;
        self.sort_for_display(&mut right)?;
        self.remember_sorted_options(g, (left.clone(), right.clone()));
        Ok((left, right))
    }
}
