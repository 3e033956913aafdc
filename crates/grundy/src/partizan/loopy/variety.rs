//! What the theory defines for stoppers beyond their stops (Siegel, *Combinatorial Game
//! Theory*, ch. VI.5, and CGSuite's `Degree`, `IsIdempotent`, `Variety`): the degree of
//! loopiness G +↑ −G, idempotents, and the variety of a stable stopper.

use super::error::LoopyError;
use super::form::Stopper;
use super::sides::{downsum, upsum};
use crate::budget::Budget;

impl Stopper {
    /// The degree of loopiness, G +↑ −G: the onside of G − G (0 for a short game). Within
    /// `budget` (see [`onside`](super::onside)).
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::{LoopyGame, Stopper};
    ///
    /// let budget = Budget::default();
    /// let s = |t| Stopper::new(&LoopyGame::parse(t, &budget).unwrap(), &budget).unwrap();
    /// assert_eq!(s("{1|*}").degree(&budget).unwrap().to_string(), "0");
    /// assert_eq!(s("on").degree(&budget).unwrap().to_string(), "on");
    /// ```
    pub fn degree(&self, budget: &Budget) -> Result<Stopper, LoopyError> {
        upsum(self, &self.negative(budget)?, budget)
    }

    /// Whether G + G = G: both G +↑ G and G +↓ G are G. Within `budget`.
    pub fn is_idempotent(&self, budget: &Budget) -> Result<bool, LoopyError> {
        Ok(upsum(self, self, budget)? == *self && downsum(self, self, budget)? == *self)
    }

    /// The upsum variety of G relative to the idempotent D: G +↑ (−G +↓ −D). An error if D is
    /// not an idempotent. Within `budget`.
    pub fn upsum_variety(&self, degree: &Stopper, budget: &Budget) -> Result<Stopper, LoopyError> {
        check_idempotent(degree, budget)?;
        let inner = downsum(&self.negative(budget)?, &degree.negative(budget)?, budget)?;
        upsum(self, &inner, budget)
    }

    /// The downsum variety of G relative to the idempotent D: G +↓ (−G +↑ D). An error if D
    /// is not an idempotent. Within `budget`.
    pub fn downsum_variety(
        &self,
        degree: &Stopper,
        budget: &Budget,
    ) -> Result<Stopper, LoopyError> {
        check_idempotent(degree, budget)?;
        let inner = upsum(&self.negative(budget)?, degree, budget)?;
        downsum(self, &inner, budget)
    }

    /// The variety of a stable stopper: its upsum and downsum varieties relative to its
    /// degree, when they are equal (the stopper is then *stable*); an error
    /// ([`LoopyError::Unstable`]) when they differ. Within `budget`.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::partizan::loopy::{LoopyGame, Stopper};
    ///
    /// let budget = Budget::default();
    /// let s = |t| Stopper::new(&LoopyGame::parse(t, &budget).unwrap(), &budget).unwrap();
    /// assert_eq!(s("{1|*}").variety(&budget).unwrap().to_string(), "0");
    /// ```
    pub fn variety(&self, budget: &Budget) -> Result<Stopper, LoopyError> {
        let degree = self.degree(budget)?;
        let up = self.upsum_variety(&degree, budget)?;
        let down = self.downsum_variety(&degree, budget)?;
        if up == down {
            Ok(up)
        } else {
            Err(LoopyError::Unstable {
                upsum: up.to_string(),
                downsum: down.to_string(),
            })
        }
    }
}

/// `Ok` if `degree` is an idempotent, else the error naming it.
fn check_idempotent(degree: &Stopper, budget: &Budget) -> Result<(), LoopyError> {
    if degree.is_idempotent(budget)? {
        Ok(())
    } else {
        Err(LoopyError::NotIdempotent(degree.to_string()))
    }
}
