//! `grundy josephus N K`: n people in a circle, every k-th is killed (notes 002). Prints the
//! survivor, or the answers to the questions asked: who dies in given rounds (`--dies`), when
//! given people die (`--person`), everyone in order of death (`--order`), and the survivor
//! too with `--survivor`.
//!
//! People are numbered from 0 and counting starts at person 0, as in the notes; with
//! `--one-based` they are numbered from 1 (counting starts at person 1), in input and output
//! alike. Rounds are numbered from 1; the last one left "dies" in round n.
//!
//! Text:
//!
//! ```text
//! survivor: 3
//! round 1: person 2 dies
//! person 0: dies in round 6
//! order: 2 5 1 6 4 0 3
//! ```
//!
//! JSON: `{"n": 7, "k": 3, "first_person": 0, "survivor": 3, "deaths": [{"round": 1,
//! "person": 2}], "people": [{"person": 0, "round": 6}], "order": [...]}` (`survivor` and
//! `order` only when printed). A question that would take more than 10^9 steps (about min(n, k·ln(n/k))
//! are needed) is refused; `--order` needs n ≤ 10^7.

use std::io::{self, Write};

use anyhow::{anyhow, bail, Result};
use clap::Args;
use grundy::games::josephus::Josephus;
use serde::Serialize;

/// The most loop rounds one question may take.
const STEP_LIMIT: u64 = 1_000_000_000;

/// The largest n for `--order`.
const MAX_ORDER: u64 = 10_000_000;

/// Arguments of `grundy josephus`.
#[derive(Debug, Args)]
pub struct JosephusArgs {
    /// The number of people (1 to 2^64 - 1).
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: String,
    /// Every k-th is killed (1 to 2^64 - 1; may exceed N).
    #[arg(value_name = "K", allow_negative_numbers = true)]
    pub k: String,
    /// Who dies in these rounds (from 1 to N), comma-separated.
    #[arg(long, value_name = "ROUNDS", allow_negative_numbers = true)]
    pub dies: Option<String>,
    /// In which round these people die, comma-separated.
    #[arg(long, value_name = "PEOPLE", allow_negative_numbers = true)]
    pub person: Option<String>,
    /// Print the survivor too (the default when no other question is asked).
    #[arg(long)]
    pub survivor: bool,
    /// Everyone, in order of death (N up to 10^7).
    #[arg(long)]
    pub order: bool,
    /// Number people from 1 instead of 0.
    #[arg(long)]
    pub one_based: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads a whole number; `what` names it in messages.
fn parse_number(what: &str, text: &str) -> Result<u64> {
    text.trim().parse::<u64>().map_err(|_| {
        anyhow!(
            "{what}: '{text}' is not a whole number from 0 to {}",
            u64::MAX
        )
    })
}

/// Reads a comma-separated list of whole numbers.
fn parse_list(what: &str, text: &str) -> Result<Vec<u64>> {
    text.split(',').map(|t| parse_number(what, t)).collect()
}

#[derive(Serialize)]
struct Death {
    round: u64,
    person: u64,
}

#[derive(Serialize)]
struct Person {
    person: u64,
    round: u64,
}

#[derive(Serialize)]
struct Report {
    n: u64,
    k: u64,
    first_person: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    survivor: Option<u64>,
    deaths: Vec<Death>,
    people: Vec<Person>,
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<Vec<u64>>,
}

/// Runs `grundy josephus`.
pub fn run(args: &JosephusArgs) -> Result<()> {
    let n = parse_number("N", &args.n)?;
    let k = parse_number("K", &args.k)?;
    let circle = Josephus::new(n, k)?.with_step_limit(STEP_LIMIT);
    let base = u64::from(args.one_based);
    if args.order && n > MAX_ORDER {
        bail!("--order lists everyone: it needs n ≤ {MAX_ORDER}, and n = {n}");
    }
    let alone = args.dies.is_none() && args.person.is_none() && !args.order;
    let survivor = if args.survivor || alone {
        Some(circle.survivor()? + base)
    } else {
        None
    };
    let deaths = match &args.dies {
        Some(text) => parse_list("--dies", text)?
            .into_iter()
            .map(|round| {
                Ok(Death {
                    round,
                    person: circle.dies(round)? + base,
                })
            })
            .collect::<Result<_>>()?,
        None => Vec::new(),
    };
    let people = match &args.person {
        Some(text) => parse_list("--person", text)?
            .into_iter()
            .map(|person| {
                let last = n - 1 + base;
                if person < base || person > last {
                    bail!(
                        "person {person} does not exist: people are numbered from {base} to {last}"
                    );
                }
                let round = circle.round_of(person - base)?;
                Ok(Person { person, round })
            })
            .collect::<Result<_>>()?,
        None => Vec::new(),
    };
    let order = args
        .order
        .then(|| circle.order().into_iter().map(|p| p + base).collect());
    let report = Report {
        n,
        k,
        first_person: base,
        survivor,
        deaths,
        people,
        order,
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer(&mut out, &report)?;
        writeln!(out)?;
        out.flush()?;
        return Ok(());
    }
    if let Some(survivor) = report.survivor {
        writeln!(out, "survivor: {survivor}")?;
    }
    for d in &report.deaths {
        writeln!(out, "round {}: person {} dies", d.round, d.person)?;
    }
    for p in &report.people {
        writeln!(out, "person {}: dies in round {}", p.person, p.round)?;
    }
    if let Some(order) = &report.order {
        write!(out, "order:")?;
        let mut buffer = itoa::Buffer::new();
        for &p in order {
            write!(out, " {}", buffer.format(p))?;
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(())
}
