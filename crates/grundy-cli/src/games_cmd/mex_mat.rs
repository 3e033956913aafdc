//! `grundy mex-mat ROW COLUMN`: the n×n matrix with the given first row and first column,
//! every other cell the mex of the cell above and the cell to the left (ARC107 E, notes 000):
//! how many 0s, 1s and 2s it holds, in O(n).
//!
//! ROW and COLUMN are strings of n digits 0, 1, 2 (commas and spaces between them are
//! allowed), the column from top to bottom, both starting with the corner. `--file PATH`
//! (`-` for standard input) reads the contest's format instead: n, then the n values of the
//! first row, then the n − 1 values of the first column below the corner.
//!
//! Text prints `0: 7`, `1: 4`, `2: 5` on three lines; JSON
//! `{"n": 4, "zeros": 7, "ones": 4, "twos": 5}`.

use std::io::{self, Write};

use anyhow::{anyhow, bail, Result};
use clap::Args;
use grundy::games::mex_mat::MexMat;

/// Arguments of `grundy mex-mat`.
#[derive(Debug, Args)]
pub struct MexMatArgs {
    /// The first row: n digits 0, 1, 2 (e.g. `1202`).
    #[arg(value_name = "ROW", allow_hyphen_values = true)]
    pub row: Option<String>,
    /// The first column, top to bottom: n digits, the first one the same corner as ROW's.
    #[arg(value_name = "COLUMN", allow_hyphen_values = true)]
    pub column: Option<String>,
    /// Read the matrix from a file (`-`: standard input) in the format of ARC107 E: n, then
    /// the first row's n values, then the n - 1 values of the first column below the corner.
    #[arg(long, value_name = "PATH")]
    pub file: Option<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Reads cells written as digits, with optional commas or spaces between them.
fn parse_cells(what: &str, text: &str) -> Result<Vec<u8>> {
    text.chars()
        .filter(|c| *c != ',' && !c.is_whitespace())
        .enumerate()
        .map(|(i, c)| match c {
            '0'..='2' => Ok(c as u8 - b'0'),
            _ => bail!(
                "{what}: cell {} is '{c}': cells are the digits 0, 1 and 2",
                i + 1
            ),
        })
        .collect()
}

/// Reads the contest's format.
fn read_file(path: &str) -> Result<(Vec<u8>, Vec<u8>)> {
    let text = if path == "-" {
        io::read_to_string(io::stdin())?
    } else {
        std::fs::read_to_string(path).map_err(|e| anyhow!("{path}: {e}"))?
    };
    let name = if path == "-" { "<stdin>" } else { path };
    let mut tokens = text
        .lines()
        .enumerate()
        .flat_map(|(i, line)| line.split_whitespace().map(move |t| (i + 1, t)));
    let (line, first) = tokens
        .next()
        .ok_or_else(|| anyhow!("{name}: expected n, found the end of the input"))?;
    let n: usize = first
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| anyhow!("{name}:{line}: '{first}' is not a size n ≥ 1"))?;
    let mut cell = |what: &str| -> Result<u8> {
        let (line, t) = tokens
            .next()
            .ok_or_else(|| anyhow!("{name}: expected {what}, found the end of the input"))?;
        match t {
            "0" => Ok(0),
            "1" => Ok(1),
            "2" => Ok(2),
            _ => bail!("{name}:{line}: '{t}' is not a cell (0, 1 or 2)"),
        }
    };
    let row = (0..n)
        .map(|_| cell("a value of the first row"))
        .collect::<Result<Vec<u8>>>()?;
    let mut column = vec![row[0]];
    for _ in 1..n {
        column.push(cell("a value of the first column")?);
    }
    if let Some((line, t)) = tokens.next() {
        bail!("{name}:{line}: unexpected '{t}' after the last value expected");
    }
    Ok((row, column))
}

/// Runs `grundy mex-mat`.
pub fn run(args: &MexMatArgs) -> Result<()> {
    let (row, column) = match (&args.file, &args.row, &args.column) {
        (Some(path), None, None) => read_file(path)?,
        (Some(_), _, _) => bail!("give the matrix as ROW COLUMN or with --file, not both"),
        (None, Some(row), Some(column)) => {
            (parse_cells("ROW", row)?, parse_cells("COLUMN", column)?)
        }
        (None, _, _) => bail!("give the first row and the first column (ROW COLUMN), or --file"),
    };
    let matrix = MexMat::new(&row, &column)?;
    let counts = matrix.counts();
    let mut out = io::stdout().lock();
    if args.json {
        let mut object = serde_json::json!({ "n": matrix.n() });
        if let (Some(map), serde_json::Value::Object(fields)) =
            (object.as_object_mut(), serde_json::to_value(counts)?)
        {
            map.extend(fields);
        }
        serde_json::to_writer(&mut out, &object)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "0: {}", counts.zeros)?;
    writeln!(out, "1: {}", counts.ones)?;
    writeln!(out, "2: {}", counts.twos)?;
    Ok(())
}
