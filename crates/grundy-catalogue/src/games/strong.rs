//! How a family is solved strongly: every position's outcome (and remoteness) written tier by
//! tier into a folder of files ([`grundy::rules::tiered`]), and the files read back and checked.
//! A family declares it ([`super::Family::strong`]); front ends make their command from it.

use std::path::Path;

use super::inputs::{Example, Inputs, Param, RunError};
use grundy::budget::Budget;
use grundy::progress::Progress;
use grundy::rules::tiered::{
    Solved, Summary, TierError, TierOptions, TierRanking, TierReach, TierSummary, Value,
};

/// Solves the game the inputs name into a folder (resuming a stopped run), with the options
/// of the solve (remoteness, memory).
pub type SolveInto = fn(&Inputs, &Path, &TierOptions) -> Result<StrongRun, RunError>;

/// Checks the solution in a folder if the game its manifest names (`game`) is of this family
/// (`None` when it is not); with a budget (`reach`), also counts the positions reachable from
/// the game's start.
pub type CheckFolder =
    fn(game: &str, dir: &Path, reach: Option<&Budget>, progress: &dyn Progress) -> Option<Checked>;

/// A family's strong solution: its parameters, and how it is solved and checked.
#[derive(Debug, Clone, Copy)]
pub struct Strong {
    /// One line: what is solved.
    pub about: &'static str,
    /// The parameters that choose the game (a board's size), each with its default.
    pub params: &'static [Param],
    /// An example of the parameters' values, for help (each front end writes it its own way;
    /// a value of a name that is not one of `params`, a position, is left out).
    pub example: Example,
    /// The folder an example's solution is written into: `c4-5x4`.
    pub example_folder: &'static str,
    /// Solves the game into a folder.
    pub solve: SolveInto,
    /// Checks a folder's files.
    pub check: CheckFolder,
}

impl Strong {
    /// Checks the inputs against the parameters' declarations ([`Inputs::check`]), then
    /// solves into `dir`: the way every front end runs a strong solve.
    pub fn solve_into(
        &self,
        inputs: &Inputs,
        dir: &Path,
        options: &TierOptions,
    ) -> Result<StrongRun, RunError> {
        inputs.check()?;
        (self.solve)(inputs, dir, options)
    }
}

/// What a strong solve gives: the summary of the tiers, and the start's value where the game
/// has one start (Connect Four's empty board).
#[derive(Debug, Clone)]
pub struct StrongRun {
    /// The tiers solved or resumed.
    pub summary: Summary,
    /// The start, named, with its value.
    pub start: Option<(&'static str, Value)>,
}

/// What checking a solution gives: each tier's counts (or the first damage found), and the
/// parameters that solve the game again (by name: `width` 7), for the message that says how
/// to rebuild a damaged file.
#[derive(Debug)]
pub struct Checked {
    /// The tiers, each read back and checked.
    pub tiers: Result<Vec<TierSummary>, TierError>,
    /// Where asked, the positions reachable from the start, tier by tier
    /// ([`Solved::reachable`]).
    pub reachable: Option<Result<Vec<TierReach>, TierError>>,
    /// The parameters of the solution's game, by name, as text.
    pub params: Vec<(&'static str, String)>,
}

/// Checks a solution opened (or the error of opening it): its files and, with a budget
/// (`reach`), the positions reachable from `start` (where the game has one start: a game
/// without is refused, saying so). `params` solve the game again. What every family's
/// [`CheckFolder`] does once it knows the game. O(positions) for the files, O(reachable
/// positions · moves) for the reach.
pub fn check_solution<G>(
    solved: Result<Solved<G>, TierError>,
    start: Option<G::Position>,
    reach: Option<&Budget>,
    progress: &dyn Progress,
    params: Vec<(&'static str, String)>,
) -> Checked
where
    G: TierRanking + Sync,
    G::Position: Send,
{
    let solved = match solved {
        Ok(solved) => solved,
        Err(e) => {
            return Checked {
                tiers: Err(e),
                reachable: None,
                params,
            }
        }
    };
    let tiers = solved.check(progress);
    let reachable = match (reach, &tiers) {
        (Some(budget), Ok(_)) => Some(match start {
            Some(start) => solved.reachable(&[start], budget, progress),
            None => Err(TierError::Position(
                "this game has no one start to reach positions from: every position is a \
                 question of its own"
                    .into(),
            )),
        }),
        _ => None,
    };
    Checked {
        tiers,
        reachable,
        params,
    }
}
