//! The census of misère impartial games: the distinct games born by day n.
//!
//! A game born by day n + 1 is a set of games born by day n, so the games born by day n + 1
//! are the canonical forms of the subsets of those born by day n: 1, 2, 3, 5, 22 for days 0
//! to 4, and 4171780 for day 5 (Conway, *On Numbers and Games*, ch. 12; Siegel, "On the
//! structure of misère impartial games", 2020), which is 2²² subsets.

use super::store::{FormId, MisereStore};
use crate::budget::Exhausted;

impl MisereStore {
    /// The distinct misère games born by day `day`, in increasing id. Day n + 1 canonicalises
    /// each of the 2^k subsets of the k games of day n: O(2^k · k log k). The number of
    /// subsets is checked against the position budget before it is enumerated (day 5 is
    /// 2²² = 4194304 subsets, about 5 s and 370 MB; day 6 cannot be done this way).
    ///
    /// ```
    /// use grundy::impartial::misere_form::MisereStore;
    ///
    /// let mut store = MisereStore::new();
    /// let counts: Vec<usize> = (0..=4).map(|day| store.born_by(day).unwrap().len()).collect();
    /// assert_eq!(counts, [1, 2, 3, 5, 22]);
    /// ```
    pub fn born_by(&mut self, day: u32) -> Result<Vec<FormId>, Exhausted> {
        let mut games = vec![FormId::ZERO];
        for _ in 0..day {
            let k = games.len() as u32;
            let subsets = 1u64.checked_shl(k).unwrap_or(u64::MAX);
            self.budget().check_positions(subsets)?;
            let mut next = Vec::new();
            let mut options = Vec::with_capacity(games.len());
            for mask in 0..subsets {
                options.clear();
                options.extend(
                    (0..games.len())
                        .filter(|&i| mask >> i & 1 == 1)
                        .map(|i| games[i]),
                );
                next.push(self.canonical(&options)?);
            }
            next.sort_unstable();
            next.dedup();
            games = next;
        }
        Ok(games)
    }
}
