//! `grundy merge PART...`: the parts written by the processes of a distributed solve, made
//! into the one listing.
//!
//! Each process writes a contiguous range of the listing (see `grundy solve --engine timely`),
//! so merging is concatenation in process order. Every part is checked on the way: each line
//! complete and with as many columns as the first, so that a part cut short (a process stopped
//! while writing) or a file that is not a part is an error rather than a quiet gap. The ends
//! and first lines of all parts are checked before anything is written, so those errors leave
//! no output behind.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use grundy::input::without_bom_bytes;

/// Arguments of `grundy merge`.
#[derive(Debug, clap::Args)]
#[command(
    after_help = "Example: grundy merge part-0.tsv part-1.tsv > all.tsv (the parts in process order)"
)]
pub struct MergeArgs {
    /// The parts, in process order (process 0's first); a CSV header stays at the top.
    #[arg(required = true, value_name = "PART")]
    pub parts: Vec<PathBuf>,
    /// Write the listing to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Concatenates the parts, checking every line. O(total size) time, one line of memory.
pub fn run(args: &MergeArgs) -> Result<()> {
    for path in &args.parts {
        check_end(path)?;
    }
    let out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(
            File::create(path).with_context(|| format!("{}: cannot create", path.display()))?,
        ),
        None => Box::new(io::stdout().lock()),
    };
    let mut out = BufWriter::with_capacity(1 << 16, out);
    // The separator and the number of separators on a line, from the first line seen.
    let mut shape: Option<(u8, usize)> = None;
    let mut line = Vec::new();
    for path in &args.parts {
        let origin = path.display();
        let file = File::open(path).with_context(|| origin.to_string())?;
        let mut input = BufReader::with_capacity(1 << 16, file);
        let mut number = 0u64;
        loop {
            line.clear();
            let read = input
                .read_until(b'\n', &mut line)
                .with_context(|| origin.to_string())?;
            if read == 0 {
                break;
            }
            number += 1;
            if number == 1 {
                // A part saved by an editor may start with a byte-order mark.
                let mark = line.len() - without_bom_bytes(&line).len();
                line.drain(..mark);
            }
            let (separator, columns) = *shape.get_or_insert_with(|| {
                let separator = if line.contains(&b'\t') { b'\t' } else { b',' };
                (separator, count(&line, separator))
            });
            let found = count(&line, separator);
            if found != columns {
                bail!(
                    "{origin}:{number}:1: {} columns, where the first line of the first part has \
                     {}: is this a part of the same listing?",
                    found + 1,
                    columns + 1
                );
            }
            out.write_all(&line)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Fails unless the part is empty or ends with a line break. O(1).
fn check_end(path: &Path) -> Result<()> {
    let origin = path.display();
    let mut file = File::open(path).with_context(|| origin.to_string())?;
    let size = file.metadata().with_context(|| origin.to_string())?.len();
    if size == 0 {
        return Ok(());
    }
    let mut last = [0u8];
    file.seek(SeekFrom::End(-1))
        .and_then(|_| file.read_exact(&mut last))
        .with_context(|| origin.to_string())?;
    if last[0] != b'\n' {
        bail!(
            "{origin}: the last line has no end: the part is cut short (did its process finish?)"
        );
    }
    Ok(())
}

fn count(line: &[u8], separator: u8) -> usize {
    line.iter().filter(|&&b| b == separator).count()
}
