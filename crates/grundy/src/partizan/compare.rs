//! Comparison of games: `G ≤ H`, and the partial order it gives.
//!
//! `G ≤ H` iff no left option `G^L` has `H ≤ G^L` and no right option `H^R` has
//! `H^R ≤ G` (Left wins `H − G` when Right starts). The recursion is memoised by pair of
//! ids, answered in closed form when both games are numbers + ups + nimbers, cut short by
//! the number-avoidance theorem (a number's options never need to be looked at against a
//! game that is not a number) and by the stops (`G ≤ H` implies that both stops of G are at
//! most those of H, and `L(G) < R(H)` implies `G < H`, since the stops of a sum satisfy
//! `R(A + B) ≥ R(A) + R(B)`). `GameStore::leq_form` and `GameStore::form_leq` compare an interned
//! game with a form `{L|R}` that is not interned yet: canonicalisation needs them to find
//! reversible options.

use std::cmp::Ordering;

use super::error::ValueError;
use super::number::Dyadic;
use super::store::{GameId, GameStore};
use super::Side;

/// How two games compare: the four possibilities of a partial order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// `G < H`.
    Less,
    /// `G = H`.
    Equal,
    /// `G > H`.
    Greater,
    /// `G <> H` (`G ‖ H`): confused, neither `G ≤ H` nor `H ≤ G`.
    Incomparable,
}

impl Comparison {
    /// The comparison as a partial ordering (`None` for incomparable games).
    pub fn to_ordering(self) -> Option<Ordering> {
        match self {
            Comparison::Less => Some(Ordering::Less),
            Comparison::Equal => Some(Ordering::Equal),
            Comparison::Greater => Some(Ordering::Greater),
            Comparison::Incomparable => None,
        }
    }

    /// The operator: `<`, `==`, `>` or `<>`.
    pub fn symbol(self) -> &'static str {
        match self {
            Comparison::Less => "<",
            Comparison::Equal => "==",
            Comparison::Greater => ">",
            Comparison::Incomparable => "<>",
        }
    }
}

/// Whether `G ≤ H` follows from the stops `(L, R)` of `G` and `H` alone: no if a stop of G
/// exceeds H's (stops are monotone), yes if `L(G) < R(H)` (then `R(H − G) ≥ R(H) − L(G) > 0`);
/// unknown otherwise, or when the stops of a form are unknown (`None`). O(1).
pub(crate) fn stops_decide(
    g: Option<(Dyadic, Dyadic)>,
    h: Option<(Dyadic, Dyadic)>,
) -> Option<bool> {
    let ((gl, gr), (hl, hr)) = (g?, h?);
    if gl > hl || gr > hr {
        Some(false)
    } else if gl < hr {
        Some(true)
    } else {
        None
    }
}

impl GameStore {
    /// `g ≤ h`: Left, moving second, wins `h − g`. Memoised; O(1) for two numbers + ups +
    /// nimbers; otherwise at most one evaluation per pair of followers, each O(options).
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let up = store.parse("^").unwrap();
    /// let small = store.parse("1/64").unwrap();
    /// assert!(store.leq(up, small).unwrap()); // ↑ is infinitesimal
    /// ```
    pub fn leq(&mut self, g: GameId, h: GameId) -> Result<bool, ValueError> {
        let depth = self.depth(g) + self.depth(h);
        self.guarded(depth, |s| s.leq_in(g, h))
    }

    /// How `g` compares with `h`: less, equal, greater or incomparable. Two `≤` tests (one
    /// when the ids are equal).
    pub fn compare(&mut self, g: GameId, h: GameId) -> Result<Comparison, ValueError> {
        if g == h {
            return Ok(Comparison::Equal);
        }
        let depth = self.depth(g) + self.depth(h);
        self.guarded(depth, |s| {
            Ok(match (s.leq_in(g, h)?, s.leq_in(h, g)?) {
                (true, true) => Comparison::Equal,
                (true, false) => Comparison::Less,
                (false, true) => Comparison::Greater,
                (false, false) => Comparison::Incomparable,
            })
        })
    }

    /// `g ≤ h`, unguarded (the caller checked the depth).
    pub(crate) fn leq_in(&mut self, g: GameId, h: GameId) -> Result<bool, ValueError> {
        if g == h {
            return Ok(true);
        }
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            return Ok(a.leq(b));
        }
        let stops = |g| Some((self.left_stop(g), self.right_stop(g)));
        if let Some(known) = stops_decide(stops(g), stops(h)) {
            return Ok(known);
        }
        if let Some(known) = self.known_leq(g, h) {
            return Ok(known);
        }
        self.tick()?;
        let mut result = true;
        // Number avoidance: against a game that is not a number, a number's own moves never
        // matter (and both being numbers was answered above).
        if !self.is_number(g) {
            self.ensure_options(g)?;
            for i in 0..self.count(g, Side::Left) {
                let gl = self.option(g, Side::Left, i);
                if self.leq_in(h, gl)? {
                    result = false;
                    break;
                }
            }
        }
        if result && !self.is_number(h) {
            self.ensure_options(h)?;
            for i in 0..self.count(h, Side::Right) {
                let hr = self.option(h, Side::Right, i);
                if self.leq_in(hr, g)? {
                    result = false;
                    break;
                }
            }
        }
        self.remember_leq(g, h, result);
        Ok(result)
    }

    /// `x ≤ {left | right}` for a form that need not be canonical nor interned. O(options
    /// of the form + comparisons); numbers are not shortcut here, since the form may be one.
    pub(crate) fn leq_form(
        &mut self,
        x: GameId,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<bool, ValueError> {
        self.tick()?;
        for &r in right {
            if self.leq_in(r, x)? {
                return Ok(false);
            }
        }
        self.ensure_options(x)?;
        for i in 0..self.count(x, Side::Left) {
            let xl = self.option(x, Side::Left, i);
            if self.form_leq(left, right, xl)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `{left | right} ≤ y` for a form that need not be canonical nor interned.
    pub(crate) fn form_leq(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        y: GameId,
    ) -> Result<bool, ValueError> {
        self.tick()?;
        for &l in left {
            if self.leq_in(y, l)? {
                return Ok(false);
            }
        }
        self.ensure_options(y)?;
        for i in 0..self.count(y, Side::Right) {
            let yr = self.option(y, Side::Right, i);
            if self.leq_form(yr, left, right)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
