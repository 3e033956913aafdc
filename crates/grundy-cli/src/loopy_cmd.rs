//! `grundy loopy EXPR...`: loopy partizan games in the notation CGSuite reads (`on`, `over`,
//! `{0|pass}`, `a{0|{1|a}}`, sums, negatives): whether each is a stopper, its simplest form,
//! stops, degree and variety, or its onside and offside if it is not one, and who wins with
//! each player moving first; `--compare A B` for the order of two stoppers; `--ruleset NAME
//! POSITION...` for positions of a loopy ruleset (Backsliding Toads and Frogs, Fox and
//! Geese), which the engine lists.

use anyhow::{anyhow, bail, Result};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;
use grundy::partizan::loopy::{describe, LoopyError, LoopyGame, Sides};
use grundy::partizan::rulesets::loopy_registry::{loopy_ruleset, LOOPY_RULESETS};

use crate::budget_cmd::BudgetArgs;
use crate::output::{emit_each, Format};

/// Arguments of `grundy loopy`.
#[derive(Debug, Args)]
pub struct LoopyArgs {
    /// Loopy games in CGSuite's notation: short games ({1|*}, ^, 3/4), on, off, over, under,
    /// 5over, upon (^[on], v[on]*), uponth (^<on>), Tiny(on), dud, pass (a move back to the
    /// game in the braces around it), named positions (a{0|{1|a}}), sums, differences,
    /// negatives, switches (+-{0|^<on>}), integer multiples (3*upon), ordinal sums ({-1|1}:on)
    /// and sided values (over & v, {2&-2|1&-2}). Games that start with `-` follow `--`.
    #[arg(value_name = "EXPR", allow_negative_numbers = true)]
    pub expressions: Vec<String>,
    /// Compare two stoppers A and B: <, =, >, or <> when confused.
    #[arg(long, conflicts_with = "ruleset")]
    pub compare: bool,
    /// Read each argument as a position of the loopy ruleset NAME and describe its game.
    #[arg(long, value_name = "NAME", value_parser = ruleset_names())]
    pub ruleset: Option<String>,
    /// The budget of the computation.
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// The names of the engine's loopy rulesets, each with what it is, as `--ruleset` takes them.
fn ruleset_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        LOOPY_RULESETS
            .iter()
            .map(|r| PossibleValue::new(r.name).help(format!("{}: {}", r.title, r.about))),
    )
}

/// Runs `grundy loopy`.
pub fn run(args: &LoopyArgs, format: Format) -> Result<()> {
    if args.expressions.is_empty() {
        bail!("no game given: write one (grundy loopy '{{0|pass}}')");
    }
    let budget = args.budget.budget()?;
    let ruleset = args.ruleset.as_deref().map(loopy_ruleset).transpose()?;
    // A sided value `S & T` is a value, not one game: it is reported by its sides.
    if args.ruleset.is_none() && !args.compare && args.expressions.iter().any(|e| e.contains('&')) {
        let reports = args
            .expressions
            .iter()
            .map(|text| {
                let sides = Sides::parse(text, &budget).map_err(|e| match e {
                    LoopyError::Parse(e) => {
                        anyhow!("expression '{text}': column {}: {}", e.column, e.kind)
                    }
                    e => anyhow!("expression '{text}': {e}"),
                })?;
                Ok(describe::sided(text, &sides))
            })
            .collect::<Result<Vec<_>>>()?;
        return emit_each(&reports, format);
    }
    // Every game is read before anything is computed.
    let games = args
        .expressions
        .iter()
        .map(|text| {
            if let Some(ruleset) = ruleset {
                let (game, names) = ruleset
                    .explore(text, &budget)
                    .map_err(|e| anyhow!("position '{text}': {e}"))?;
                Ok((game, Some(names)))
            } else {
                let game = LoopyGame::parse(text, &budget).map_err(|e| match e {
                    LoopyError::Parse(e) => {
                        anyhow!("expression '{text}': column {}: {}", e.column, e.kind)
                    }
                    e => anyhow!("expression '{text}': {e}"),
                })?;
                Ok((game, None))
            }
        })
        .collect::<Result<Vec<(LoopyGame, Option<Vec<String>>)>>>()?;
    if args.compare {
        let [(a, _), (b, _)] = &games[..] else {
            bail!("--compare takes two games, A and B; {} given", games.len());
        };
        let (ta, tb) = (&args.expressions[0], &args.expressions[1]);
        let report = describe::comparison((ta, a), (tb, b), &budget)?;
        return emit_each(&[report], format);
    }
    let reports = args
        .expressions
        .iter()
        .zip(&games)
        .map(|(text, (game, names))| {
            describe::properties(text, game, names.as_deref(), &budget)
                .map_err(|e| anyhow!("expression '{text}': {e}"))
        })
        .collect::<Result<Vec<_>>>()?;
    emit_each(&reports, format)
}
