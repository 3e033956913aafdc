//! The files of a tiered solution: a manifest, and one file a tier.
//!
//! A solution is a folder. `manifest.json` names the game and the options (written first, so
//! that a resumed or queried folder is checked to be the same game). `tier-NNNNN.grundy` holds
//! one tier's results, all integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GRUNDYT` then the format's version byte, 2 |
//! | 4 | flags: bit 0 remoteness kept, bit 1 misère play |
//! | 4 | the tier |
//! | 8 | the number of positions `n` |
//! | 4 | the chunk size `C`, 65,536 |
//! | 4 | the length of the game's name |
//! | … | the game's name, UTF-8 |
//! | 4 | CRC-32 (IEEE) of the header: every byte before it |
//! | … | the payload in chunks of `C` bytes (the last one shorter), each followed by its CRC-32 |
//!
//! The payload is the outcomes, ⌈n/4⌉ bytes of 2 bits a position (0 win, 1 loss, 2 draw),
//! position `i` in bits `2(i mod 4)` of byte `i/4`, then, when remoteness is kept, a byte a
//! position (255 for a draw): P = ⌈n/4⌉ (+ n) bytes, ⌈P/C⌉ chunks. Chunk `k`'s checksum is the
//! CRC-32 of the header's checksum (4 bytes), `k` (8 bytes) and the chunk's bytes, so a chunk
//! copied from another place or another file does not pass either.
//!
//! Every byte is covered by a checksum, and the length is fixed by the header: a query reads
//! and checks the header (its checksum, then that it is this solution's) and the one chunk that
//! holds the position's byte (two with remoteness), a few reads whatever the tier's size;
//! reading a whole tier checks every chunk. A mismatch anywhere is
//! [`TierError::Damaged`], never an answer. The checksums sit beside their chunks rather than
//! in a table of their own: a table would have to be read whole to check its own checksum, 4
//! bytes for every 64 KiB (tens of megabytes for the largest tiers of 7 × 6 Connect Four), at
//! every query.
//!
//! Format 1 (one CRC-32 of the whole file at its end, nothing a query could check) is refused
//! with [`TierError::OldFormat`], in the manifest and in tier files.
//!
//! Files are written under a temporary name, flushed to the disk and renamed, so a tier file
//! either is complete or does not exist; a stopped run leaves at most a `.partial` file, which
//! the next run overwrites.

use std::fs::{self, File};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::results::{code_outcome, Results, NO_REMOTENESS};
use super::{io_error, TierError, Value};

/// The version of the format, in [`MAGIC`] and [`Manifest::format`].
pub const FORMAT: u32 = 2;
/// The first 8 bytes of a tier file: a name and the format's version.
pub const MAGIC: [u8; 8] = *b"GRUNDYT\x02";
/// The bytes of payload a checksum covers (the last chunk of a file may be shorter): a query
/// reads one chunk, so this bounds its reads; a checksum costs 4 bytes a chunk.
pub const CHUNK: u64 = 1 << 16;
/// The bytes of the header before the game's name: magic, flags, tier, count, chunk size,
/// name length.
const FIXED: usize = 32;
/// The manifest's file name.
pub const MANIFEST: &str = "manifest.json";

/// What a solution is of: written to `manifest.json` and repeated in each tier's header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The format's version ([`FORMAT`]).
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

/// The header of a tier file, as bytes, its checksum included.
fn header(manifest: &Manifest, tier: u32, count: u64) -> Vec<u8> {
    let flags = u32::from(manifest.remoteness) | (u32::from(manifest.misere) << 1);
    let mut h = Vec::with_capacity(FIXED + manifest.game.len() + 4);
    h.extend_from_slice(&MAGIC);
    h.extend_from_slice(&flags.to_le_bytes());
    h.extend_from_slice(&tier.to_le_bytes());
    h.extend_from_slice(&count.to_le_bytes());
    h.extend_from_slice(&(CHUNK as u32).to_le_bytes());
    h.extend_from_slice(&(manifest.game.len() as u32).to_le_bytes());
    h.extend_from_slice(manifest.game.as_bytes());
    let sum = crc32fast::hash(&h);
    h.extend_from_slice(&sum.to_le_bytes());
    h
}

/// The checksum of chunk `k` of a file whose header's checksum is `seed`: CRC-32 of the seed,
/// `k` and the chunk's bytes (given in pieces). O(bytes).
fn chunk_sum(seed: u32, k: u64, pieces: &[&[u8]]) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&seed.to_le_bytes());
    crc.update(&k.to_le_bytes());
    for piece in pieces {
        crc.update(piece);
    }
    crc.finalize()
}

/// Where payload bytes `range` lie in the two arrays of [`Results`]: the part in the outcomes
/// (`outcomes` bytes long) and the part in the remoteness bytes that follow them.
fn split(range: Range<u64>, outcomes: u64) -> (Range<usize>, Range<usize>) {
    let clamp = |x: u64| x.min(outcomes) as usize;
    let after = |x: u64| x.saturating_sub(outcomes) as usize;
    (
        clamp(range.start)..clamp(range.end),
        after(range.start)..after(range.end),
    )
}

/// The payload bytes of chunk `k` of a payload of `payload` bytes.
fn chunk_range(k: u64, payload: u64) -> Range<u64> {
    k * CHUNK..((k + 1) * CHUNK).min(payload)
}

/// Writes a file to `path` whole or not at all: under a temporary name, synced, renamed.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> Result<(), TierError> {
    let partial = path.with_extension("partial");
    let file = File::create(&partial).map_err(io_error(&partial))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    write(&mut out).map_err(io_error(&partial))?;
    let file = out
        .into_inner()
        .map_err(|e| io_error(&partial)(e.into_error()))?;
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
    write_atomically(&path, |out| out.write_all(text.as_bytes()))
}

/// Reads the manifest of the solution in `dir`.
pub fn read_manifest(dir: &Path) -> Result<Manifest, TierError> {
    let path = dir.join(MANIFEST);
    let text = fs::read_to_string(&path).map_err(io_error(&path))?;
    let manifest: Manifest = serde_json::from_str(&text).map_err(|e| TierError::BadFile {
        path: path.clone(),
        what: format!("not a solution's manifest: {e}"),
    })?;
    if manifest.format < FORMAT {
        return Err(TierError::OldFormat {
            path,
            format: manifest.format,
        });
    }
    if manifest.format != FORMAT {
        return Err(TierError::BadFile {
            path,
            what: format!(
                "format {}, written by a newer version of grundy (this one reads format \
                 {FORMAT})",
                manifest.format
            ),
        });
    }
    Ok(manifest)
}

/// Writes `tier`'s results to its file in `dir`, atomically: the header, then each chunk of
/// the payload followed by its checksum. O(count).
pub fn write_tier(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    results: &Results,
) -> Result<(), TierError> {
    let header = header(manifest, tier, results.len());
    let seed = crc32fast::hash(&header[..header.len() - 4]);
    let outcomes = results.outcomes.len() as u64;
    let payload = outcomes + results.remoteness.len() as u64;
    write_atomically(&tier_path(dir, tier), |out| {
        out.write_all(&header)?;
        for k in 0..payload.div_ceil(CHUNK) {
            let (o, r) = split(chunk_range(k, payload), outcomes);
            let pieces = [&results.outcomes[o], &results.remoteness[r]];
            for piece in pieces {
                out.write_all(piece)?;
            }
            out.write_all(&chunk_sum(seed, k, &pieces).to_le_bytes())?;
        }
        Ok(())
    })
}

/// A file's damage, named.
fn damaged(path: &Path, what: impl Into<String>) -> TierError {
    TierError::Damaged {
        path: path.to_path_buf(),
        what: what.into(),
    }
}

/// A tier file opened, its header and length checked: ready to read checked chunks.
struct TierFile {
    path: PathBuf,
    file: File,
    /// The checksum of the header, which every chunk's checksum starts from.
    seed: u32,
    /// Where the first chunk starts.
    start: u64,
    /// The payload's bytes.
    payload: u64,
}

impl TierFile {
    /// Opens `tier`'s file in `dir` and checks, in this order, the magic bytes (format 1 is
    /// [`TierError::OldFormat`]), the length of the game's name, the header's checksum, that
    /// the header is this solution's (the manifest, `tier` and `count`: [`TierError::BadFile`]
    /// otherwise), and the file's length. Two reads of the header.
    fn open(dir: &Path, manifest: &Manifest, tier: u32, count: u64) -> Result<TierFile, TierError> {
        let path = tier_path(dir, tier);
        let mut file = File::open(&path).map_err(io_error(&path))?;
        let len = file.metadata().map_err(io_error(&path))?.len();
        if len < FIXED as u64 + 4 {
            return Err(damaged(&path, format!("{len} bytes: truncated")));
        }
        let mut found = vec![0; FIXED];
        file.read_exact(&mut found).map_err(io_error(&path))?;
        if found[..7] != MAGIC[..7] {
            return Err(damaged(
                &path,
                "bad magic bytes (not a tier file of grundy)",
            ));
        }
        match u32::from(found[7]) {
            FORMAT => {}
            old @ 1 => return Err(TierError::OldFormat { path, format: old }),
            other => return Err(damaged(&path, format!("unknown format version {other}"))),
        }
        let name = u32::from_le_bytes(found[FIXED - 4..].try_into().expect("4 bytes"));
        if name as usize != manifest.game.len() {
            // Not read further: a damaged length could ask for gigabytes.
            return Err(damaged(
                &path,
                format!(
                    "the header names a game of {name} bytes, expected {} (a damaged header, or \
                     a file of another game)",
                    manifest.game.len()
                ),
            ));
        }
        let length = FIXED as u64 + u64::from(name) + 4;
        if length > len {
            return Err(damaged(
                &path,
                format!("{len} bytes, less than the header's {length}: truncated"),
            ));
        }
        found.resize(length as usize, 0);
        file.read_exact(&mut found[FIXED..])
            .map_err(io_error(&path))?;
        let (fields, sum) = found.split_at(found.len() - 4);
        let seed = crc32fast::hash(fields);
        if seed.to_le_bytes() != sum {
            return Err(damaged(&path, "header checksum mismatch"));
        }
        if found != header(manifest, tier, count) {
            return Err(TierError::BadFile {
                path,
                what: "the header does not match the solution (another game, tier, size or \
                       options)"
                    .into(),
            });
        }
        let payload = Results::bytes_for(count, manifest.remoteness);
        let want = length + payload + 4 * payload.div_ceil(CHUNK);
        if len != want {
            return Err(damaged(
                &path,
                format!("{len} bytes, expected {want}: truncated or grown"),
            ));
        }
        Ok(TierFile {
            path,
            file,
            seed,
            start: length,
            payload,
        })
    }

    /// Reads chunk `k` into `buf` and checks its checksum. One read of at most `CHUNK + 4`
    /// bytes.
    fn chunk(&mut self, k: u64, buf: &mut Vec<u8>) -> Result<(), TierError> {
        let range = chunk_range(k, self.payload);
        let size = (range.end - range.start) as usize;
        buf.resize(size + 4, 0);
        self.file
            .seek(SeekFrom::Start(self.start + k * (CHUNK + 4)))
            .and_then(|_| self.file.read_exact(buf))
            .map_err(io_error(&self.path))?;
        let (bytes, sum) = buf.split_at(size);
        if chunk_sum(self.seed, k, &[bytes]).to_le_bytes() != sum {
            return Err(damaged(
                &self.path,
                format!(
                    "checksum mismatch in chunk {k} (payload bytes {}..{})",
                    range.start, range.end
                ),
            ));
        }
        buf.truncate(size);
        Ok(())
    }
}

/// Reads and checks `tier`'s file: its header against the manifest and `count`, its length,
/// every chunk's checksum and the outcome codes. O(count), one chunk of memory beside the
/// results.
pub fn read_tier(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
) -> Result<Results, TierError> {
    let mut file = TierFile::open(dir, manifest, tier, count)?;
    let mut results = Results::new(count, manifest.remoteness);
    let outcomes = results.outcomes.len() as u64;
    let mut buf = Vec::new();
    for k in 0..file.payload.div_ceil(CHUNK) {
        file.chunk(k, &mut buf)?;
        let (o, r) = split(chunk_range(k, file.payload), outcomes);
        let (a, b) = buf.split_at(o.len());
        results.outcomes[o].copy_from_slice(a);
        results.remoteness[r].copy_from_slice(b);
    }
    // A pair of bits 11 is code 3, which is never written.
    if let Some(k) = results
        .outcomes
        .iter()
        .position(|&b| b & (b >> 1) & 0x55 != 0)
    {
        return Err(damaged(
            &file.path,
            format!("an outcome code 3 among positions {}..{}", 4 * k, 4 * k + 4),
        ));
    }
    Ok(results)
}

/// Reads one position's value from `tier`'s file without reading the rest: the header and
/// the length are checked, and the chunk that holds the position's outcome (and the one that
/// holds its remoteness byte, when another) against its checksum. O(1) reads of at most 64 KiB
/// each.
pub fn read_value(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
    rank: u64,
) -> Result<Value, TierError> {
    let mut file = TierFile::open(dir, manifest, tier, count)?;
    let (mut buf, mut loaded) = (Vec::new(), None);
    let mut byte_at = |file: &mut TierFile, at: u64| -> Result<u8, TierError> {
        let k = at / CHUNK;
        if loaded != Some(k) {
            file.chunk(k, &mut buf)?;
            loaded = Some(k);
        }
        Ok(buf[(at % CHUNK) as usize])
    };
    let byte = byte_at(&mut file, rank / 4)?;
    let outcome = code_outcome((byte >> (2 * (rank % 4))) & 3).ok_or_else(|| {
        damaged(
            &file.path,
            format!("position {rank} has the outcome code 3"),
        )
    })?;
    let mut remoteness = None;
    if manifest.remoteness {
        let byte = byte_at(&mut file, count.div_ceil(4) + rank)?;
        remoteness = (byte != NO_REMOTENESS).then_some(u32::from(byte));
    }
    Ok(Value {
        outcome,
        remoteness,
    })
}
