//! The files of a tiered solution: a manifest, and one file a tier.
//!
//! A solution is a folder. `manifest.json` names the game and the options (written first, so
//! that a resumed or queried folder is checked to be the same game). `tier-NNNNN.grundy` holds
//! one tier's results, all integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GRUNDYT` then format version byte 1 |
//! | 4 | flags: bit 0 remoteness kept, bit 1 misère play |
//! | 4 | the tier |
//! | 8 | the number of positions `n` |
//! | 4 | the length of the game's name |
//! | … | the game's name, UTF-8 |
//! | ⌈n/4⌉ | outcomes, 2 bits a position (0 win, 1 loss, 2 draw), position `i` in bits `2(i mod 4)` of byte `i/4` |
//! | n or 0 | remoteness, a byte a position (255 for a draw) when kept |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! Files are written under a temporary name, flushed to the disk and renamed, so a tier file
//! either is complete or does not exist; a stopped run leaves at most a `.partial` file, which
//! the next run overwrites.

use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::results::{code_outcome, Results, NO_REMOTENESS};
use super::{io_error, TierError, Value};

/// The first 8 bytes of a tier file: a name and the format's version.
pub const MAGIC: [u8; 8] = *b"GRUNDYT\x01";
/// The manifest's file name.
pub const MANIFEST: &str = "manifest.json";

/// What a solution is of: written to `manifest.json` and repeated in each tier's header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The format's version (1).
    pub format: u32,
    /// The game's name with its parameters ([`TierRanking::name`](super::TierRanking::name)).
    pub game: String,
    /// The number of tiers.
    pub tiers: u32,
    /// Whether remoteness is kept.
    pub remoteness: bool,
    /// Misère play.
    pub misere: bool,
}

/// The path of `tier`'s file in `dir`.
pub fn tier_path(dir: &Path, tier: u32) -> PathBuf {
    dir.join(format!("tier-{tier:05}.grundy"))
}

/// The header of a tier file, as bytes.
fn header(manifest: &Manifest, tier: u32, count: u64) -> Vec<u8> {
    let flags = u32::from(manifest.remoteness) | (u32::from(manifest.misere) << 1);
    let mut h = Vec::with_capacity(28 + manifest.game.len());
    h.extend_from_slice(&MAGIC);
    h.extend_from_slice(&flags.to_le_bytes());
    h.extend_from_slice(&tier.to_le_bytes());
    h.extend_from_slice(&count.to_le_bytes());
    h.extend_from_slice(&(manifest.game.len() as u32).to_le_bytes());
    h.extend_from_slice(manifest.game.as_bytes());
    h
}

/// Writes `bytes` to `path` whole or not at all: under a temporary name, synced, renamed.
fn write_atomically(path: &Path, parts: &[&[u8]]) -> Result<(), TierError> {
    let partial = path.with_extension("partial");
    let mut file = File::create(&partial).map_err(io_error(&partial))?;
    for part in parts {
        file.write_all(part).map_err(io_error(&partial))?;
    }
    file.sync_all().map_err(io_error(&partial))?;
    fs::rename(&partial, path).map_err(io_error(path))
}

/// Writes the manifest of a new solution in `dir` (made if missing), or checks that the one
/// already there is the same: a folder holds one solution.
pub fn write_manifest(dir: &Path, manifest: &Manifest) -> Result<(), TierError> {
    fs::create_dir_all(dir).map_err(io_error(dir))?;
    let path = dir.join(MANIFEST);
    if path.exists() {
        let found = read_manifest(dir)?;
        if &found != manifest {
            return Err(TierError::BadFile {
                path,
                what: format!(
                    "this folder holds a solution of {} (remoteness {}, misère {}), not of {} \
                     (remoteness {}, misère {}): give another folder",
                    found.game,
                    found.remoteness,
                    found.misere,
                    manifest.game,
                    manifest.remoteness,
                    manifest.misere
                ),
            });
        }
        return Ok(());
    }
    let mut text = serde_json::to_string_pretty(manifest).expect("a manifest serialises");
    text.push('\n');
    write_atomically(&path, &[text.as_bytes()])
}

/// Reads the manifest of the solution in `dir`.
pub fn read_manifest(dir: &Path) -> Result<Manifest, TierError> {
    let path = dir.join(MANIFEST);
    let text = fs::read_to_string(&path).map_err(io_error(&path))?;
    let manifest: Manifest = serde_json::from_str(&text).map_err(|e| TierError::BadFile {
        path: path.clone(),
        what: format!("not a solution's manifest: {e}"),
    })?;
    if manifest.format != 1 {
        return Err(TierError::BadFile {
            path,
            what: format!("format {} (expected 1)", manifest.format),
        });
    }
    Ok(manifest)
}

/// Writes `tier`'s results to its file in `dir`, atomically.
pub fn write_tier(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    results: &Results,
) -> Result<(), TierError> {
    let header = header(manifest, tier, results.len());
    let mut crc = crc32fast::Hasher::new();
    crc.update(&header);
    crc.update(&results.outcomes);
    crc.update(&results.remoteness);
    let sum = crc.finalize().to_le_bytes();
    let path = tier_path(dir, tier);
    write_atomically(
        &path,
        &[&header, &results.outcomes, &results.remoteness, &sum],
    )
}

/// A file's damage, named.
fn bad(path: &Path, what: impl Into<String>) -> TierError {
    TierError::BadFile {
        path: path.to_path_buf(),
        what: what.into(),
    }
}

/// Checks a header read from `path` against the expected one.
fn check_header(path: &Path, found: &[u8], expected: &[u8]) -> Result<(), TierError> {
    if found.len() < MAGIC.len() || found[..MAGIC.len()] != MAGIC {
        return Err(bad(path, "not a tier file of grundy (bad magic bytes)"));
    }
    if found != expected {
        return Err(bad(
            path,
            "the header does not match the solution (another game, tier, size or options): \
             delete the file to solve the tier again",
        ));
    }
    Ok(())
}

/// Reads and checks `tier`'s file: its header against the manifest and `count`, its length,
/// its checksum and its outcome codes. O(count).
pub fn read_tier(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
) -> Result<Results, TierError> {
    let path = tier_path(dir, tier);
    let expected = header(manifest, tier, count);
    let body = Results::bytes_for(count, manifest.remoteness);
    let bytes = fs::read(&path).map_err(io_error(&path))?;
    let want = expected.len() as u64 + body + 4;
    if bytes.len() as u64 != want {
        return Err(bad(
            &path,
            format!(
                "{} bytes, expected {want}: the file is truncated or damaged; delete it to \
                 solve the tier again",
                bytes.len()
            ),
        ));
    }
    check_header(&path, &bytes[..expected.len()], &expected)?;
    let (data, sum) = bytes.split_at(bytes.len() - 4);
    if crc32fast::hash(data).to_le_bytes() != sum {
        return Err(bad(
            &path,
            "checksum mismatch: the file is damaged; delete it to solve the tier again",
        ));
    }
    let mut results = Results::new(count, manifest.remoteness);
    let start = expected.len();
    let split = start + results.outcomes.len();
    results.outcomes.copy_from_slice(&data[start..split]);
    results.remoteness.copy_from_slice(&data[split..]);
    // A pair of bits 11 is code 3, which is never written.
    if let Some(k) = results
        .outcomes
        .iter()
        .position(|&b| b & (b >> 1) & 0x55 != 0)
    {
        return Err(bad(
            &path,
            format!(
                "an outcome code 3 among positions {}..{}: damaged",
                4 * k,
                4 * k + 4
            ),
        ));
    }
    Ok(results)
}

/// Reads one position's value from `tier`'s file without reading the rest: the header and
/// the length are checked, not the checksum (see [`read_tier`]). O(1) reads.
pub fn read_value(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
    rank: u64,
) -> Result<Value, TierError> {
    let path = tier_path(dir, tier);
    let expected = header(manifest, tier, count);
    let mut file = File::open(&path).map_err(io_error(&path))?;
    let len = file.metadata().map_err(io_error(&path))?.len();
    let want = expected.len() as u64 + Results::bytes_for(count, manifest.remoteness) + 4;
    if len != want {
        return Err(bad(
            &path,
            format!("{len} bytes, expected {want}: the file is truncated or damaged"),
        ));
    }
    let mut found = vec![0; expected.len()];
    file.read_exact(&mut found).map_err(io_error(&path))?;
    check_header(&path, &found, &expected)?;
    let mut byte = [0u8];
    file.seek(SeekFrom::Start(expected.len() as u64 + rank / 4))
        .and_then(|_| file.read_exact(&mut byte))
        .map_err(io_error(&path))?;
    let outcome = code_outcome((byte[0] >> (2 * (rank % 4))) & 3).ok_or_else(|| {
        bad(
            &path,
            format!("position {rank} has the outcome code 3: damaged"),
        )
    })?;
    let mut remoteness = None;
    if manifest.remoteness {
        let at = expected.len() as u64 + count.div_ceil(4) + rank;
        file.seek(SeekFrom::Start(at))
            .and_then(|_| file.read_exact(&mut byte))
            .map_err(io_error(&path))?;
        remoteness = (byte[0] != NO_REMOTENESS).then_some(u32::from(byte[0]));
    }
    Ok(Value {
        outcome,
        remoteness,
    })
}
