//! `grundy octal CODE --upto N`: values of a take-and-break game, its rare values and period.

use std::io::{self, BufWriter, Write};

use anyhow::{bail, Result};
use clap::Args;
use grundy::impartial::octal::{values_plain, values_sparse, Rule};
use grundy::pattern::period::{self, OctalPeriod};
use grundy::progress::Progress;
use serde::Serialize;

use crate::progress::Bar;

/// Arguments of `grundy octal`.
#[derive(Debug, Args)]
pub struct OctalArgs {
    /// The game: an octal or hexadecimal code (0.77 Kayles, 0.07 Dawson's Kayles, 0.137,
    /// 4.07, ...) or `grundy` for Grundy's game.
    pub code: String,
    /// Compute the values of heaps 0 to N.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub upto: usize,
    /// The mask that splits values into rare and common (hexadecimal, e.g. fe); chosen
    /// automatically if not given.
    #[arg(long, value_name = "HEX")]
    pub mask: Option<String>,
    /// Use the plain O(n^2) computation instead of the sparse-space method.
    #[arg(long)]
    pub plain: bool,
    /// Print every value, one heap per line (`heap<TAB>value`), after the summary.
    #[arg(long)]
    pub values: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Summary<'a> {
    game: String,
    upto: usize,
    largest: u16,
    largest_at: usize,
    mask: Option<String>,
    rare_heaps: Option<usize>,
    last_rare: Option<u32>,
    periodicity: OctalPeriod,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<&'a [u16]>,
}

/// Largest heap accepted: heaps are numbered in 32 bits (2 bytes each, so 8 GiB of values).
const MAX_UPTO: usize = u32::MAX as usize - 1;

/// Runs `grundy octal`.
pub fn run(args: &OctalArgs) -> Result<()> {
    let rule = Rule::parse(&args.code)?;
    if args.upto > MAX_UPTO {
        bail!("--upto {}: at most {MAX_UPTO} (2 bytes a heap)", args.upto);
    }
    let mask = match &args.mask {
        Some(m) => Some(
            u16::from_str_radix(m.trim_start_matches("0x"), 16).map_err(|_| {
                anyhow::anyhow!("--mask {m}: expected a hexadecimal number like fe")
            })?,
        ),
        None => None,
    };
    let plain = args.plain || rule.splits_in_three();
    let bar = Bar::new();
    let (values, mask, rare) = if plain {
        bar.step(&format!("computing {} heaps", args.upto + 1));
        (values_plain(&rule, args.upto)?, None, None)
    } else {
        let s = values_sparse(&rule, args.upto, mask, &bar)?;
        (s.values, Some(s.mask), Some(s.rare_heaps))
    };
    bar.finish();
    let largest = values.iter().copied().max().unwrap_or(0);
    let largest_at = values.iter().position(|&v| v == largest).unwrap_or(0);
    let summary = Summary {
        game: rule.to_string(),
        upto: args.upto,
        largest,
        largest_at,
        mask: mask.map(|m| format!("{m:x}")),
        rare_heaps: rare.as_ref().map(Vec::len),
        last_rare: rare.as_ref().and_then(|r| r.last().copied()),
        periodicity: if matches!(rule, Rule::Grundy) {
            // Not an octal game: the periodicity theorem does not apply.
            match period::find(&values) {
                Some(p) => OctalPeriod::Observed {
                    period: p,
                    upto: values.len(),
                    needed: usize::MAX,
                },
                None => OctalPeriod::None { upto: values.len() },
            }
        } else {
            period::octal(&values, rule.max_removal())
        },
        values: args.values.then_some(&values[..]),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        serde_json::to_writer(&mut out, &summary)?;
        writeln!(out)?;
        return Ok(out.flush()?);
    }
    writeln!(out, "{}: heaps 0 to {}", summary.game, args.upto)?;
    writeln!(out, "largest value {largest}, first at heap {largest_at}")?;
    if let (Some(m), Some(r)) = (&summary.mask, &rare) {
        writeln!(
            out,
            "rare values (mask {m}): {} heaps, the last at {}",
            r.len(),
            r.last().copied().unwrap_or(0)
        )?;
    }
    match summary.periodicity {
        OctalPeriod::Proven { period } => writeln!(
            out,
            "periodic, proven: period {} from heap {} (the periodicity theorem applies)",
            period.period, period.preperiod
        )?,
        OctalPeriod::Observed {
            period,
            upto,
            needed,
        } if needed != usize::MAX => writeln!(
            out,
            "periodic as far as observed: period {} from heap {}, up to {upto} \
             (a proof needs values up to {needed})",
            period.period, period.preperiod
        )?,
        OctalPeriod::Observed { period, upto, .. } => writeln!(
            out,
            "periodic as far as observed: period {} from heap {}, up to {upto} (no theorem \
             applies to this game)",
            period.period, period.preperiod
        )?,
        OctalPeriod::None { upto } => writeln!(out, "no period observed up to {upto}")?,
    }
    if args.values {
        let mut buf = itoa::Buffer::new();
        for (heap, v) in values.iter().enumerate() {
            out.write_all(buf.format(heap).as_bytes())?;
            out.write_all(b"\t")?;
            out.write_all(buf.format(*v).as_bytes())?;
            out.write_all(b"\n")?;
        }
    }
    Ok(out.flush()?)
}
