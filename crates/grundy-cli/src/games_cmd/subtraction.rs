//! `grundy subtraction (--set S | --bash K | --range L,R | --except L) N...`: subtraction
//! games on one or more piles (their values add by XOR), with every winning move.
//!
//! Besides the common answer: `rule` (the rule in words), `pile_values` (each pile's value),
//! `preperiod` and `period` of the value sequence (for a set, found and proven by the
//! library), and for `--except` the `saltus` (what a period adds to the value). A period
//! beyond 2^64 - 1 (take L to R with L + R that large) is printed as a string in JSON.
//! Moves print as `pile 1: take 3 (leaves 7)`, in JSON `{"pile": 1, "take": 3, "to": 7}`.

use anyhow::{anyhow, bail, Context, Result};
use clap::{ArgGroup, Args};
use grundy::games::subtraction::{Rule, Subtraction, SubtractionError, DEFAULT_SEARCH_LIMIT};
use serde_json::Value;

/// Arguments of `grundy subtraction`.
#[derive(Debug, Args)]
#[command(group(
    ArgGroup::new("rule")
        .required(true)
        .multiple(false)
        .args(["set", "bash", "range", "except"])
))]
pub struct SubtractionArgs {
    /// The pile sizes (0 to 2^64 - 1 counters each).
    #[arg(value_name = "N", required = true, allow_negative_numbers = true)]
    pub piles: Vec<String>,
    /// Take any amount of this finite set, e.g. `1,3,4`.
    #[arg(long, value_name = "S1,S2,...", allow_hyphen_values = true)]
    pub set: Option<String>,
    /// Take 1 to K counters (Bash game).
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    pub bash: Option<String>,
    /// Take L to R counters.
    #[arg(long, value_name = "L,R", allow_hyphen_values = true)]
    pub range: Option<String>,
    /// Take any positive number of counters except exactly L.
    #[arg(long, value_name = "L", allow_hyphen_values = true)]
    pub except: Option<String>,
    /// With --set: how many values to compute at most while looking for the period
    /// [default: 4194304].
    #[arg(long, value_name = "COUNT", allow_hyphen_values = true)]
    pub search_limit: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads one amount of an option: a decimal integer from 0 to 2^64 - 1 (0 is refused later,
/// with the reason).
fn parse_amount(option: &str, text: &str) -> Result<u64> {
    text.trim().parse::<u64>().ok().with_context(|| {
        format!(
            "{option}: '{text}' is not an amount (expected a whole number from 1 to {})",
            u64::MAX
        )
    })
}

/// Reads a comma-separated list of amounts.
fn parse_amounts(option: &str, text: &str) -> Result<Vec<u64>> {
    text.split(',').map(|t| parse_amount(option, t)).collect()
}

/// The rule chosen by the options (clap makes sure there is exactly one).
fn rule(args: &SubtractionArgs) -> Result<Rule> {
    if let Some(set) = &args.set {
        return Ok(Rule::Set(parse_amounts("--set", set)?));
    }
    if let Some(k) = &args.bash {
        return Ok(Rule::Bash {
            max: parse_amount("--bash", k)?,
        });
    }
    if let Some(range) = &args.range {
        return match parse_amounts("--range", range)?[..] {
            [min, max] => Ok(Rule::Range { min, max }),
            _ => bail!("--range: expected L,R (two amounts and a comma), got '{range}'"),
        };
    }
    match &args.except {
        Some(l) => Ok(Rule::Except {
            amount: parse_amount("--except", l)?,
        }),
        None => bail!("give the rule: --set, --bash, --range or --except"),
    }
}

/// A JSON number, or a string for values beyond 2^64 - 1.
fn number(x: u128) -> Value {
    u64::try_from(x).map_or_else(|_| Value::String(x.to_string()), Value::from)
}

/// Runs `grundy subtraction`.
pub fn run(args: &SubtractionArgs) -> Result<()> {
    let piles = super::nim::parse_piles(&args.piles)?;
    let limit = match &args.search_limit {
        Some(text) => text.parse::<usize>().ok().with_context(|| {
            format!("--search-limit: '{text}' is not a count (expected a whole number)")
        })?,
        None => DEFAULT_SEARCH_LIMIT,
    };
    let game = Subtraction::with_search_limit(rule(args)?, limit).map_err(|e| match e {
        SubtractionError::NoPeriodFound { .. } => anyhow!("{e} (raise --search-limit)"),
        other => anyhow!("{other}"),
    })?;
    let answer = game.answer(&piles);
    let pattern = game.pattern();
    let values: Vec<u64> = piles.iter().map(|&n| game.value(n)).collect();
    let mut extra = vec![
        ("rule", Value::from(game.rule().to_string())),
        ("pile_values", Value::from(values)),
        ("preperiod", Value::from(pattern.preperiod)),
        ("period", number(pattern.period)),
    ];
    if pattern.saltus != 0 {
        extra.push(("saltus", Value::from(pattern.saltus)));
    }
    super::emit(&answer, &extra, args.json)
}
