//! The budget of the commands whose work grows with their input (valuing a ruleset's
//! position, take-and-break values, `grundy cgt`, `grundy table`): `--memory SIZE` and
//! `--timeout SECONDS`, and Ctrl-C, which stops the work cleanly ("stopped while ...", exit
//! code 2) rather than killing the process.
//!
//! The memory budget defaults to the library's ([`grundy::budget::default_memory`]: 3/4 of
//! what the process can have); the time budget to [`DEFAULT_TIMEOUT`] (or `GRUNDY_TIMEOUT`
//! seconds where the environment sets it), so that no input a user types without asking for
//! more keeps the terminal for minutes (`--timeout none` lifts it). Every budget built here says how to raise itself in the words of these options
//! ([`RAISE`]).

use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{anyhow, Result};
use clap::{Arg, ArgMatches, Args};
use grundy::budget::{Budget, Cancel, Raise};
use grundy::input;
use grundy_catalogue::games::{Family, Group};

/// How the command line's budgets are raised, for a command with `--max-positions`.
pub const RAISE: Raise = Raise {
    positions: "raise it with --max-positions N",
    memory: "raise it with --memory SIZE (e.g. --memory 8G)",
    time: "raise it with --timeout SECONDS",
};

/// How the budgets are raised for a command without `--max-positions`: its position budget
/// is the most positions the engine numbers, which no option raises.
pub const RAISE_MEMORY_TIME: Raise = Raise {
    positions: "that is the most positions the engine numbers: give a smaller input",
    ..RAISE
};

/// The time budget of these commands when `--timeout` is not given, in seconds: long
/// enough for every answer the guide shows (the longest take a few seconds), short enough
/// that a typed input never holds the terminal for minutes unasked.
pub const DEFAULT_TIMEOUT: u64 = 60;

/// The longest `--timeout`: a thousand years is no limit worth writing.
const MAX_TIMEOUT: f64 = 3.2e10;

/// The help of `--memory`.
const MEMORY_HELP: &str = "The most memory the computation may take, by its own estimate \
    (8G, 512M) [default: 3/4 of what the process can have]";
/// The help of `--timeout`.
const TIMEOUT_HELP: &str = "Stop the computation with an error after SECONDS seconds (1.5, \
    600), or 'none' for no limit [default: 60, or GRUNDY_TIMEOUT; Ctrl-C stops it too]";

/// `--memory` and `--timeout`, for the commands declared with clap's derive.
#[derive(Debug, Clone, Args)]
pub struct BudgetArgs {
    #[arg(long, value_name = "SIZE", help = MEMORY_HELP)]
    pub memory: Option<String>,
    #[arg(long, value_name = "SECONDS", help = TIMEOUT_HELP)]
    pub timeout: Option<String>,
}

impl BudgetArgs {
    /// The budget these options give (see [`budget`]).
    pub fn budget(&self) -> Result<Budget> {
        budget(self.memory.as_deref(), self.timeout.as_deref())
    }
}

/// Whether a family of the catalogue values within a budget, and so takes `--memory` and
/// `--timeout`: the partizan rulesets (canonical forms of boards, strips and graphs), the
/// take-and-break games (values from heap 0 up), misère play (canonical forms of sums, the
/// census), search (its deadline; the memory its table may take) and the board games
/// (exploring from a position).
pub fn takes_budget(family: &dyn Family) -> bool {
    matches!(
        family.group(),
        Group::Rulesets | Group::TakeAndBreak | Group::Misere | Group::Search | Group::Boards
    )
}

/// `--memory` and `--timeout` as arguments of a generated command.
pub fn args() -> [Arg; 2] {
    [
        Arg::new("memory")
            .long("memory")
            .value_name("SIZE")
            .help(MEMORY_HELP),
        Arg::new("timeout")
            .long("timeout")
            .value_name("SECONDS")
            .help(TIMEOUT_HELP),
    ]
}

/// The budget of a generated command's matches (with [`args`]), naming `--max-positions`
/// where `family` has it.
pub fn from_matches(matches: &ArgMatches, family: &dyn Family) -> Result<Budget> {
    let budget = budget(
        matches.get_one::<String>("memory").map(String::as_str),
        matches.get_one::<String>("timeout").map(String::as_str),
    )?;
    Ok(
        match family.params().iter().any(|p| p.name == "max-positions") {
            true => budget.named(RAISE),
            false => budget,
        },
    )
}

/// The budget of `--memory SIZE` (the default memory if not given) and `--timeout SECONDS`
/// (if not given, `GRUNDY_TIMEOUT` from the environment or [`DEFAULT_TIMEOUT`]; no deadline
/// for `none`), stopped by Ctrl-C, its
/// errors naming these options ([`RAISE_MEMORY_TIME`]). The deadline runs from this call. O(1), and the Ctrl-C
/// handler is installed on the first call.
pub fn budget(memory: Option<&str>, timeout: Option<&str>) -> Result<Budget> {
    let mut budget = Budget::default()
        .named(RAISE_MEMORY_TIME)
        .with_cancel(cancel());
    if let Some(text) = memory {
        budget = budget.with_memory(input::bytes("--memory", text)?);
    }
    let time = match timeout {
        None => default_time(Some(Duration::from_secs(DEFAULT_TIMEOUT)))?,
        Some(text) => seconds(text)?,
    };
    if let Some(time) = time {
        budget = budget.with_time(time);
    }
    Ok(budget)
}

/// The deadline of a command that runs as long as it needs unless told otherwise (`grundy
/// strong`, whose stopped run resumes): `--timeout SECONDS` if given, else `GRUNDY_TIMEOUT`
/// where the environment sets it, else none; stopped by Ctrl-C, its errors naming
/// `--timeout`. Its memory is the default: such a command bounds its memory its own way.
/// O(1).
pub fn deadline(timeout: Option<&str>) -> Result<Budget> {
    let time = match timeout {
        None => default_time(None)?,
        Some(text) => seconds(text)?,
    };
    let budget = Budget::default()
        .named(RAISE_MEMORY_TIME)
        .with_cancel(cancel());
    Ok(match time {
        Some(time) => budget.with_time(time),
        None => budget,
    })
}

/// The time budget when `--timeout` is not given: `GRUNDY_TIMEOUT` (seconds, or `none`)
/// where the environment sets it, `default` otherwise.
fn default_time(default: Option<Duration>) -> Result<Option<Duration>> {
    match std::env::var("GRUNDY_TIMEOUT") {
        Ok(text) => seconds(&text).map_err(|e| anyhow!("GRUNDY_TIMEOUT (in the environment): {e}")),
        Err(_) => Ok(default),
    }
}

/// Reads `--timeout`: a number of seconds, more than 0, decimals allowed; `none` for no
/// deadline.
fn seconds(text: &str) -> Result<Option<Duration>> {
    if text.trim().eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let number = text.trim().parse::<f64>().ok();
    if number.is_some_and(|s| s > MAX_TIMEOUT) {
        return Err(anyhow!(
            "--timeout: '{text}' is longer than the longest time, {MAX_TIMEOUT:.0} seconds \
             (a thousand years): give 'none' for no limit"
        ));
    }
    number
        .filter(|s| s.is_finite() && *s > 0.0)
        .map(|s| Some(Duration::from_secs_f64(s)))
        .ok_or_else(|| {
            anyhow!(
                "--timeout: '{text}' is not a time (expected a number of seconds greater than \
                 0, like 1.5 or 60, or 'none' for no limit)"
            )
        })
}

/// The process's cancel flag, set by Ctrl-C. The first call installs the handler: the first
/// Ctrl-C sets the flag (the work stops at its next check and the command ends with its
/// error), a second one ends the process at once with exit code 130, as an interrupted
/// process does. Without a handler (it could not be installed), Ctrl-C ends the process.
pub fn cancel() -> Cancel {
    static CANCEL: OnceLock<Cancel> = OnceLock::new();
    CANCEL
        .get_or_init(|| {
            let cancel = Cancel::new();
            let flag = cancel.clone();
            // If no handler can be installed, Ctrl-C keeps its default: ending the process.
            let _ = ctrlc::set_handler(move || {
                if flag.is_cancelled() {
                    std::process::exit(130);
                }
                flag.cancel();
            });
            cancel
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::budget::Resource;

    #[test]
    fn the_options_set_the_budget_and_name_themselves() {
        let budget = budget(Some("512M"), Some("2.5")).unwrap();
        assert_eq!(budget.memory(), 512 << 20);
        assert!(budget.time_left().unwrap() <= Duration::from_millis(2500));
        let error = budget.check_memory(1 << 30, "valuing", 3).unwrap_err();
        assert_eq!(error.resource, Resource::Memory);
        assert!(error
            .to_string()
            .ends_with("raise it with --memory SIZE (e.g. --memory 8G)"));
        let default = super::budget(None, None).unwrap();
        assert_eq!(default.memory(), grundy::budget::default_memory());
        let left = default.time_left().unwrap();
        assert!(left <= Duration::from_secs(DEFAULT_TIMEOUT));
        assert!(left > Duration::from_secs(DEFAULT_TIMEOUT - 10));
        let none = super::budget(None, Some("none")).unwrap();
        assert!(none.time_left().is_none());
    }

    #[test]
    fn a_timeout_is_a_positive_number_of_seconds() {
        assert_eq!(seconds("60").unwrap(), Some(Duration::from_secs(60)));
        assert_eq!(seconds(" None ").unwrap(), None);
        for bad in ["0", "-1", "soon", "inf", "NaN", "1e300", ""] {
            let error = seconds(bad).unwrap_err().to_string();
            assert!(error.starts_with("--timeout: "), "{bad}: {error}");
        }
        // Too long a time is named as such, with the way to have none.
        let error = seconds("99999999999").unwrap_err().to_string();
        assert!(error.contains("longer than the longest time"), "{error}");
        assert!(error.contains("'none'"), "{error}");
    }
}
