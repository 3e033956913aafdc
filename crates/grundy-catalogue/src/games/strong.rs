//! How a family is solved strongly: every position's outcome (and remoteness) written tier by
//! tier into a folder of files ([`grundy::rules::tiered`]), and the files read back and checked.
//! A family declares it ([`super::Family::strong`]); front ends make their command from it.

use std::path::Path;

use super::inputs::{Example, Inputs, Param, RunError};
use grundy::budget::Budget;
use grundy::progress::Progress;
use grundy::report::{Cell, Column, Field, Listing, Report};
use grundy::rules::tiered::{
    Solved, Summary, TierError, TierOptions, TierRanking, TierReach, TierSummary, Value,
};
use grundy::solve::DrawLevel;

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
        if dir.as_os_str().is_empty() {
            return Err("DIR: the folder's name is empty (name a folder to solve into)".into());
        }
        (self.solve)(inputs, dir, options)
    }
}

/// The value of `start` in the solution just solved into `dir`, named `name`: `None` where the
/// folder holds only this process's parts of a solution in parts (a distributed solve whose
/// processes each wrote into a folder of their own: the start's block may be another's).
/// One block read.
pub fn start_value<G: TierRanking>(
    game: G,
    dir: &Path,
    name: &'static str,
    start: &G::Position,
) -> Result<Option<(&'static str, Value)>, TierError> {
    let manifest = grundy::rules::tiered::file::read_manifest(dir)?;
    let whole = (0..manifest.tiers)
        .flat_map(|t| grundy::rules::tiered::file::tier_paths(dir, &manifest, t))
        .all(|path| path.exists());
    if !whole {
        return Ok(None);
    }
    Ok(Some((name, Solved::open(game, dir)?.value(start)?)))
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
                "this game has no start to count reachable positions from (a part of a game \
                 solved alone, or a game whose every position is a question of its own)"
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

impl StrongRun {
    /// The run as every front end reports it: the game, the start's value, the positions,
    /// the files' bytes in `dir`, the `seconds` it took, and each tier's counts. O(tiers).
    pub fn report(self, dir: &Path, seconds: f64) -> Report {
        let summary = self.summary;
        let mut fields = vec![Field::shown("game", &summary.game, "game", &summary.game)];
        if let Some((name, value)) = self.start {
            fields.push(Field::shown(
                "start",
                value.outcome,
                name,
                match (value.remoteness, value.draw_level) {
                    (Some(r), _) => format!("{} in {r} moves", value.outcome),
                    (None, Some(DrawLevel::Pure)) => "pure draw".to_string(),
                    (None, Some(level)) => format!("{} (level {level})", value.outcome),
                    (None, None) => value.outcome.to_string(),
                },
            ));
            fields.push(Field::json_only("start_remoteness", value.remoteness));
            fields.push(Field::json_only("start_draw_level", value.draw_level));
        }
        Report::new()
            .fields(fields)
            .fields([
                Field::new("positions", summary.positions),
                Field::shown(
                    "bytes",
                    summary.bytes,
                    "on disk",
                    format!(
                        "{} bytes ({:.2} bits a position) in {}",
                        summary.bytes,
                        8.0 * summary.bytes as f64 / summary.positions.max(1) as f64,
                        dir.display()
                    ),
                ),
                Field::shown("seconds", seconds, "seconds", format!("{seconds:.2}")),
            ])
            .fields(summary.exchanged.map(|bytes| {
                Field::shown(
                    "exchanged",
                    bytes,
                    "exchanged",
                    format!("{bytes} bytes between the workers"),
                )
            }))
            .listing(tier_listing(summary.tiers))
    }
}

/// A check's report: the game, its positions, and each tier's counts; with `reached` (the
/// positions reachable from the start, tier by tier), their total and outcomes and each
/// tier's. O(tiers).
pub fn check_report(
    game: &str,
    tiers: Vec<TierSummary>,
    reached: Option<Vec<TierReach>>,
) -> Report {
    let positions: u64 = tiers.iter().map(|t| t.positions).sum();
    let report = Report::new().fields([
        Field::shown("game", game, "game", game),
        Field::new("positions", positions),
        Field::shown(
            "checked",
            true,
            "checked",
            "every tier file: header, index, every block's checksum",
        ),
    ]);
    let Some(reached) = reached else {
        return report.listing(tier_listing(tiers));
    };
    let total = |f: fn(&TierReach) -> u64| reached.iter().map(f).sum::<u64>();
    let (reachable, over) = (total(|t| t.reachable), total(|t| t.over));
    let counts = [0, 1, 2].map(|i| reached.iter().map(|t| t.counts[i]).sum::<u64>());
    report
        .fields([
            Field::shown(
                "reachable",
                reachable,
                "reachable",
                format!(
                    "{reachable} from the start: {} wins, {} losses, {} draws for the player to \
                     move; the game is over at {over}",
                    counts[0], counts[1], counts[2]
                ),
            ),
            Field::json_only("reachable_counts", counts),
            Field::json_only("reachable_over", over),
        ])
        .listing(reach_listing(reached))
}

/// The tiers as a listing: size, counts, time, and whether the file was already there.
fn tier_listing(tiers: Vec<TierSummary>) -> Listing {
    let columns = vec![
        Column::right("tier", "tier"),
        Column::right("positions", "positions"),
        Column::right("wins", "wins"),
        Column::right("losses", "losses"),
        Column::right("draws", "draws"),
        Column::right("seconds", "seconds"),
        Column::left("resumed", "resumed"),
    ];
    Listing::new("tiers", columns, tiers.len(), move |i| {
        let t = &tiers[i];
        vec![
            Cell::Number(u64::from(t.tier)),
            Cell::Number(t.positions),
            Cell::Number(t.counts[0]),
            Cell::Number(t.counts[1]),
            Cell::Number(t.counts[2]),
            Cell::Both(format!("{:.2}", t.seconds), t.seconds.into()),
            Cell::Text(if t.resumed { "yes" } else { "no" }.into()),
        ]
    })
}

/// The tiers' reachable positions as a listing: size, reachable, over, and their outcomes.
fn reach_listing(tiers: Vec<TierReach>) -> Listing {
    let columns = vec![
        Column::right("tier", "tier"),
        Column::right("positions", "positions"),
        Column::right("reachable", "reachable"),
        Column::right("over", "over"),
        Column::right("wins", "wins"),
        Column::right("losses", "losses"),
        Column::right("draws", "draws"),
    ];
    Listing::new("tiers", columns, tiers.len(), move |i| {
        let t = &tiers[i];
        [
            t.tier.into(),
            t.positions,
            t.reachable,
            t.over,
            t.counts[0],
            t.counts[1],
            t.counts[2],
        ]
        .map(Cell::Number)
        .to_vec()
    })
}
