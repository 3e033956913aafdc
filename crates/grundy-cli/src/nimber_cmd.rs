//! `grundy nimber OP ...`: nimber arithmetic, one operation from the arguments, or nim products
//! in bulk from standard input.
//!
//! Each operation prints its result in decimal, or with `--json` a line
//! `{"op":"mul","args":[A,B],"result":N}` (with `--format tsv` or `csv`, the result alone). `batch` reads Library Checker's `nim_product_64`
//! format (`T`, then `T` lines `A B`) and prints the `T` products, one a line; malformed input
//! is reported as `<stdin>:LINE:COLUMN: what was expected`.

use std::io::{self, Read, Write};

use anyhow::{anyhow, bail, Result};
use clap::{Args, Subcommand};

use crate::output::Format;
use grundy::input;
use grundy::nimber::batch::products;
use grundy::Nimber;
use serde::Serialize;

/// Arguments of `grundy nimber`.
#[derive(Debug, Args)]
pub struct NimberArgs {
    /// The operation.
    #[command(subcommand)]
    pub op: Op,
}

/// The operations of `grundy nimber`. Nimbers are decimal integers from 0 to 2^64 - 1.
#[derive(Debug, Subcommand)]
pub enum Op {
    /// Nim sum A ⊕ B (bitwise XOR): the value of the sum of two games.
    Add {
        #[arg(value_name = "A", allow_negative_numbers = true)]
        a: String,
        #[arg(value_name = "B", allow_negative_numbers = true)]
        b: String,
    },
    /// Nim product A ⊗ B: the value of the product of two games (Tartan theorem).
    Mul {
        #[arg(value_name = "A", allow_negative_numbers = true)]
        a: String,
        #[arg(value_name = "B", allow_negative_numbers = true)]
        b: String,
    },
    /// Nim quotient A ⊗ B⁻¹; B must not be 0.
    Div {
        #[arg(value_name = "A", allow_negative_numbers = true)]
        a: String,
        #[arg(value_name = "B", allow_negative_numbers = true)]
        b: String,
    },
    /// Nim inverse: the X with A ⊗ X = 1; A must not be 0.
    Inv {
        #[arg(value_name = "A", allow_negative_numbers = true)]
        a: String,
    },
    /// Nim square root: the unique X with X ⊗ X = A.
    Sqrt {
        #[arg(value_name = "A", allow_negative_numbers = true)]
        a: String,
    },
    /// Nim power: A ⊗ A ⊗ ... ⊗ A, N factors (A^0 = 1).
    Pow {
        #[arg(value_name = "A", allow_negative_numbers = true)]
        a: String,
        #[arg(value_name = "N", allow_negative_numbers = true)]
        n: String,
    },
    /// Nim products in bulk: standard input is T, then T lines `A B`; prints the T products,
    /// one a line (Library Checker's nim_product_64 format).
    Batch,
}

/// Reads an operand: a nimber from 0 to 2^64 - 1.
fn nimber(name: &str, text: &str) -> Result<Nimber> {
    Ok(Nimber(input::whole(name, text, "a nimber", 0)?))
}

/// Runs `grundy nimber`.
pub fn run(args: &NimberArgs, format: Format) -> Result<()> {
    let (name, operands, result): (&str, Vec<u64>, Nimber) = match &args.op {
        Op::Add { a, b } => {
            let (a, b) = (nimber("A", a)?, nimber("B", b)?);
            ("add", vec![a.get(), b.get()], a + b)
        }
        Op::Mul { a, b } => {
            let (a, b) = (nimber("A", a)?, nimber("B", b)?);
            ("mul", vec![a.get(), b.get()], a * b)
        }
        Op::Div { a, b } => {
            let (a, b) = (nimber("A", a)?, nimber("B", b)?);
            match a.checked_div(b) {
                Some(q) => ("div", vec![a.get(), b.get()], q),
                None => bail!("division by zero: 0 has no inverse"),
            }
        }
        Op::Inv { a } => {
            let a = nimber("A", a)?;
            match a.inv() {
                Some(inverse) => ("inv", vec![a.get()], inverse),
                None => bail!("0 has no inverse"),
            }
        }
        Op::Sqrt { a } => {
            let a = nimber("A", a)?;
            ("sqrt", vec![a.get()], a.sqrt())
        }
        Op::Pow { a, n } => {
            let (a, n) = (nimber("A", a)?, input::whole("N", n, "an exponent", 0)?);
            ("pow", vec![a.get(), n], a.pow(n))
        }
        Op::Batch => {
            if format != Format::Text {
                bail!("batch prints one product a line: it has no other output format");
            }
            return batch();
        }
    };
    let mut out = io::stdout().lock();
    if format == Format::Json {
        let document = JsonResult {
            op: name,
            args: operands,
            result,
        };
        serde_json::to_writer(&mut out, &document)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{result}")?;
    }
    out.flush()?;
    Ok(())
}

/// The `--json` output of one operation, fields in this order.
#[derive(Serialize)]
struct JsonResult<'a> {
    op: &'a str,
    args: Vec<u64>,
    result: Nimber,
}

/// `grundy nimber batch`: all of standard input is read and parsed before anything is
/// printed, so malformed input prints nothing but the error.
fn batch() -> Result<()> {
    let mut input = Vec::new();
    io::stdin().lock().read_to_end(&mut input)?;
    // The library's error is `LINE:COLUMN: message`: the place gets the input's name.
    let output = products(&input).map_err(|e| anyhow!("<stdin>:{e}"))?;
    let mut out = io::stdout().lock();
    out.write_all(&output)?;
    out.flush()?;
    Ok(())
}
