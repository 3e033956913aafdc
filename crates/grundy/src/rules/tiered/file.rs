//! The files of a tiered solution: a manifest, and one file a tier.
//!
//! A solution is a folder. `manifest.json` names the game, its variant, the layout of the
//! records and the options (written first, so that a resumed or queried folder is checked to
//! be the same game). `tier-NNNNN.grundy` holds one tier's results, format 3, all integers
//! little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | magic `GRUNDYT` then the format's version byte, 3 |
//! | 4 | the header's length `H` in bytes, its checksum included |
//! | 4 | flags: bit 0 misère play |
//! | 4 | the tier |
//! | 8 | the number of positions `n` |
//! | 4 | positions a block `B`: 65,536 |
//! | 4 | entries a piece of the index `E`: 256 |
//! | 8 | the file's length in bytes |
//! | 2 + … | the game's name ([`TierRanking::name`](super::TierRanking::name)), UTF-8, after its length |
//! | 2 + … | the rules' variant ([`TierRanking::variant`](super::TierRanking::variant)), likewise (often empty) |
//! | 2 + … | the layout's name, likewise: `value2` or `value16` ([`Layout`]) |
//! | 4 | CRC-32 (IEEE) of the header: every byte before it |
//! | … | the block index: ⌈N/E⌉ pieces for the N = ⌈n/B⌉ blocks, each of `E` entries (the last fewer) followed by its CRC-32 |
//! | … | the blocks, end to end in order, the last one ending the file |
//!
//! A block holds the results of `B` consecutive positions (the last one fewer) in the layout:
//! `value2`, 2 bits a position (0 win, 1 loss, 2 draw), four a byte, position `i` in bits
//! `2(i mod 4)`; `value16`, a 16-bit record a position, the outcome in its top 2 bits and the
//! remoteness of a win or loss, or a draw's level (16,383 for none), in its low 14. Each block
//! is compressed on its own (deflate, by `miniz_oxide`) and stored raw where that is not
//! smaller. An index entry is 20 bytes: the block's offset in the file (8), its stored length
//! (4; bit 31 set when stored raw), the CRC-32 of the header's checksum, the byte `S`, the
//! block's number (8 bytes) and its stored bytes (4), and the same with the byte `B` and its
//! uncompressed bytes (4). The first is checked before the block is decompressed (a flip in
//! a deflate stream's last padding bits changes nothing it decodes to, and is damage all the
//! same), the second after, on the records the answers are read from. A piece's checksum is
//! the CRC-32 of the header's checksum, the byte `I`, the piece's number (8 bytes) and its
//! entries. So a block or a piece copied from another place or another file does not pass.
//!
//! A solution written by the processes of a distributed solve is in parts (the manifest's
//! `parts`, left out for one): each process writes the blocks of each tier it holds to
//! `tier-NNNNN.process-P-of-N.grundy`, a tier file as above whose index has an entry for every
//! block of the tier, zero for the blocks of the other parts. Which part holds block `k` of a
//! tier is a fixed hash of the two ([`part_of`]), so a query still reads one header, one piece
//! and one block, and a part under another's name is damage.
//!
//! Every byte is covered by a checksum and the header fixes the file's length, so a query
//! reads and checks the header (its checksum, then that it is this solution's, then the
//! file's length), one piece of the index (5 KiB) and one block, a few reads whatever the
//! tier's size; reading a whole tier (a check, a resumed solve) checks every piece, that the
//! blocks lie end to end, and every block. A mismatch anywhere is [`TierError::Damaged`],
//! never an answer; sizes read from a file are checked against its length before anything is
//! allocated from them.
//!
//! On Connect Four 6 × 4 (159,643,961 boards), the files take 1.6 bits a board with remoteness
//! (format 2: 10.0) and 0.8 without (2.0): deflate at level 3 compresses the records about 10
//! times and decompresses a block in a fraction of a millisecond; LZ4 compressed them 4 times.
//!
//! Formats 1 (one CRC-32 at the end) and 2 (raw records, 2 bits and a byte of remoteness,
//! CRC-32 every 64 KiB) are refused with [`TierError::OldFormat`], in the manifest and in tier
//! files.
//!
//! Files are written under a temporary name, flushed to the disk and renamed, so a tier file
//! either is complete or does not exist; a stopped run leaves at most a `.partial` file, which
//! the next run overwrites.

use std::fs::{self, File};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::results::{value_in, Layout, Results};
use super::{io_error, TierError, Value};

/// The version of the format, in [`MAGIC`] and [`Manifest::format`].
pub const FORMAT: u32 = 3;
/// The first 8 bytes of a tier file: a name and the format's version.
pub const MAGIC: [u8; 8] = *b"GRUNDYT\x03";
/// Positions a block: a query decompresses one block (128 KiB of records at most).
pub const BLOCK: u64 = 1 << 16;
/// Entries a piece of the index: a query reads and checks one piece (5 KiB).
pub const PIECE: u64 = 256;
/// The bytes of an index entry.
const ENTRY: u64 = 20;
/// Bit 31 of an entry's length: the block is stored raw.
const RAW: u32 = 1 << 31;
/// The deflate level: about 10 times smaller records at 100 MB/s a core (level 6 is 15 % smaller
/// and 3 times slower).
const LEVEL: u8 = 3;
/// The bytes of the header before its texts.
const FIXED: usize = 44;
/// The most bytes a header may have: three texts of at most 65,535 bytes.
const MAX_HEADER: u64 = FIXED as u64 + 3 * (2 + u16::MAX as u64) + 4;
/// The most positions a block may have in a file read (a block of 16-bit records is 2 MiB).
const MAX_BLOCK: u64 = 1 << 20;
/// Blocks compressed or decompressed at once, on rayon's threads.
const BATCH: u64 = 64;
/// The manifest's file name.
pub const MANIFEST: &str = "manifest.json";

/// What a solution is of: written to `manifest.json` and repeated in each tier's header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// The format's version ([`FORMAT`]).
    pub format: u32,
    /// The game's name with its parameters ([`TierRanking::name`](super::TierRanking::name)).
    pub game: String,
    /// The rules' variant ([`TierRanking::variant`](super::TierRanking::variant)), often
    /// empty.
    pub variant: String,
    /// The number of tiers.
    pub tiers: u32,
    /// The layout of the records: with remoteness or not.
    pub layout: Layout,
    /// Misère play.
    pub misere: bool,
    /// The parts each tier is written in: 1 for one file a tier; more where the processes of
    /// a distributed solve each wrote their own blocks ([`part_of`]). Left out of the file
    /// when 1.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub parts: u32,
}

/// The default of [`Manifest::parts`]: one file a tier.
fn one() -> u32 {
    1
}

/// Whether a manifest's parts are the default, one.
fn is_one(parts: &u32) -> bool {
    *parts == 1
}

impl Manifest {
    /// Whether the solution keeps remoteness.
    pub fn remoteness(&self) -> bool {
        self.layout.remoteness()
    }
}

/// The path of `tier`'s file in `dir`.
pub fn tier_path(dir: &Path, tier: u32) -> PathBuf {
    dir.join(format!("tier-{tier:05}.grundy"))
}

/// The part of a solution in `parts` parts that holds block `block` of `tier`: a hash of the
/// two, so that each process of a distributed solve holds a share of every large tier. Part
/// of the format (a reader finds a block's file by it): never to change. O(1).
pub fn part_of(tier: u32, block: u64, parts: u32) -> u32 {
    if parts <= 1 {
        return 0;
    }
    // SplitMix64's finaliser of the tier and block together.
    let mut z = (u64::from(tier) << 40) ^ block;
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z % u64::from(parts)) as u32
}

/// The path of part `part` of `tier`'s file in a solution of `parts` parts: the tier's file
/// itself for one part, `tier-00012.process-0-of-2.grundy` for the part process 0 of 2
/// wrote.
pub fn part_path(dir: &Path, tier: u32, part: u32, parts: u32) -> PathBuf {
    if parts <= 1 {
        return tier_path(dir, tier);
    }
    dir.join(format!("tier-{tier:05}.process-{part}-of-{parts}.grundy"))
}

/// The paths of every part of `tier`'s file in the solution `manifest` describes.
pub fn tier_paths(dir: &Path, manifest: &Manifest, tier: u32) -> Vec<PathBuf> {
    (0..manifest.parts)
        .map(|part| part_path(dir, tier, part, manifest.parts))
        .collect()
}

/// The path of the file that holds position `rank` of `tier` in the solution `manifest`
/// describes.
pub fn rank_path(dir: &Path, manifest: &Manifest, tier: u32, rank: u64) -> PathBuf {
    let part = part_of(tier, rank / BLOCK, manifest.parts);
    part_path(dir, tier, part, manifest.parts)
}

/// The fields of a tier file's header.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Header {
    misere: bool,
    tier: u32,
    count: u64,
    block: u64,
    piece: u64,
    length: u64,
    game: String,
    variant: String,
    layout: String,
}

impl Header {
    /// The header of `tier` (of `count` positions) of the solution `manifest`, in a file of
    /// `length` bytes, with the blocks and pieces this version writes.
    fn of(manifest: &Manifest, tier: u32, count: u64, length: u64) -> Header {
        Header {
            misere: manifest.misere,
            tier,
            count,
            block: BLOCK,
            piece: PIECE,
            length,
            game: manifest.game.clone(),
            variant: manifest.variant.clone(),
            layout: manifest.layout.name().to_string(),
        }
    }

    /// The header as bytes, its checksum included. The texts are at most 65,535 bytes
    /// ([`write_manifest`] checks).
    fn bytes(&self) -> Vec<u8> {
        let texts = [&self.game, &self.variant, &self.layout];
        let len = FIXED + texts.iter().map(|t| 2 + t.len()).sum::<usize>() + 4;
        let mut h = Vec::with_capacity(len);
        h.extend_from_slice(&MAGIC);
        h.extend_from_slice(&(len as u32).to_le_bytes());
        h.extend_from_slice(&u32::from(self.misere).to_le_bytes());
        h.extend_from_slice(&self.tier.to_le_bytes());
        h.extend_from_slice(&self.count.to_le_bytes());
        h.extend_from_slice(&(self.block as u32).to_le_bytes());
        h.extend_from_slice(&(self.piece as u32).to_le_bytes());
        h.extend_from_slice(&self.length.to_le_bytes());
        for text in texts {
            h.extend_from_slice(&(text.len() as u16).to_le_bytes());
            h.extend_from_slice(text.as_bytes());
        }
        let sum = crc32fast::hash(&h);
        h.extend_from_slice(&sum.to_le_bytes());
        h
    }

    /// The fields of a header's bytes (magic, length and checksum already checked), `None`
    /// where they do not fill it exactly or a text is not UTF-8.
    fn parse(bytes: &[u8]) -> Option<Header> {
        let fields = bytes.get(..bytes.len().checked_sub(4)?)?;
        let mut at: usize = 12;
        let mut take = |n: usize| -> Option<&[u8]> {
            let piece = fields.get(at..at.checked_add(n)?)?;
            at += n;
            Some(piece)
        };
        let u32_at = |b: &[u8]| u32::from_le_bytes(b.try_into().expect("4 bytes"));
        let u64_at = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
        let flags = u32_at(take(4)?);
        let tier = u32_at(take(4)?);
        let count = u64_at(take(8)?);
        let block = u64::from(u32_at(take(4)?));
        let piece = u64::from(u32_at(take(4)?));
        let length = u64_at(take(8)?);
        let mut text = || -> Option<String> {
            let n = u16::from_le_bytes(take(2)?.try_into().expect("2 bytes"));
            String::from_utf8(take(usize::from(n))?.to_vec()).ok()
        };
        let (game, variant, layout) = (text()?, text()?, text()?);
        (at == fields.len() && flags <= 1).then_some(Header {
            misere: flags == 1,
            tier,
            count,
            block,
            piece,
            length,
            game,
            variant,
            layout,
        })
    }
}

/// The bytes of the index of `blocks` blocks in pieces of `piece` entries, checksums
/// included (saturating: a hostile header's sizes are compared with the file's length).
fn index_bytes(blocks: u64, piece: u64) -> u64 {
    (blocks.saturating_mul(ENTRY)).saturating_add(4 * blocks.div_ceil(piece))
}

/// The CRC-32 of the header's checksum `seed`, the byte `kind`, the number `k` and the bytes
/// hashed by `bytes` (a hasher, so that a block's sums are made once the header is known,
/// after the block is compressed and written). O(1).
fn sum(seed: u32, kind: u8, k: u64, bytes: &crc32fast::Hasher) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    crc.update(&seed.to_le_bytes());
    crc.update(&[kind]);
    crc.update(&k.to_le_bytes());
    crc.combine(bytes);
    crc.finalize()
}

/// The hasher of `bytes`.
fn hasher(bytes: &[u8]) -> crc32fast::Hasher {
    let mut h = crc32fast::Hasher::new();
    h.update(bytes);
    h
}

/// Writes a file to `path` whole or not at all: under a temporary name, synced, renamed.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> Result<(), TierError> {
    write_through(path, &path.with_extension("partial"), write)
}

/// [`write_atomically`] through the temporary file `partial`.
fn write_through(
    path: &Path,
    partial: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> Result<(), TierError> {
    let partial = partial.to_path_buf();
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
/// already there is the same: a folder holds one solution. Names and variants longer than a
/// header holds (65,535 bytes) are [`TierError::Ranking`].
pub fn write_manifest(dir: &Path, manifest: &Manifest) -> Result<(), TierError> {
    for (what, text) in [("name", &manifest.game), ("variant", &manifest.variant)] {
        if text.len() > usize::from(u16::MAX) {
            return Err(TierError::Ranking(format!(
                "the game's {what} has {} bytes; a tier file's header holds at most 65,535",
                text.len()
            )));
        }
    }
    fs::create_dir_all(dir).map_err(io_error(dir))?;
    let path = dir.join(MANIFEST);
    if path.exists() {
        let found = read_manifest(dir)?;
        if &found != manifest {
            let describe = |m: &Manifest| {
                let variant = if m.variant.is_empty() {
                    String::new()
                } else {
                    format!(", variant {}", m.variant)
                };
                // The solver's misère convention (no move wins), apart from the rules' own.
                let convention = if m.misere { ", no move wins" } else { "" };
                let parts = if m.parts > 1 {
                    format!(", written by {} processes", m.parts)
                } else {
                    String::new()
                };
                format!(
                    "{}{variant} ({}{convention}{parts})",
                    m.game,
                    m.layout.name()
                )
            };
            return Err(TierError::BadFile {
                path,
                what: format!(
                    "this folder holds a solution of {}, not of {}: give another folder",
                    describe(&found),
                    describe(manifest)
                ),
            });
        }
        return Ok(());
    }
    let mut text = serde_json::to_string_pretty(manifest).expect("a manifest serialises");
    text.push('\n');
    // The processes of a distributed solve may write the same manifest into one folder at
    // once: each through a temporary file of its own.
    static WRITERS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let writer = WRITERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let partial = dir.join(format!(
        "{MANIFEST}.{}-{writer}.partial",
        std::process::id()
    ));
    write_through(&path, &partial, |out| out.write_all(text.as_bytes()))
}

/// The length of the file at `path`, which must be a regular file: a pipe or a device in a
/// solution's place would block a read, or never end one. O(1): one `stat`.
fn regular_file(path: &Path) -> Result<u64, TierError> {
    let meta = fs::metadata(path).map_err(io_error(path))?;
    if !meta.is_file() {
        return Err(TierError::BadFile {
            path: path.to_path_buf(),
            what: "not a regular file (a solution's files are plain files)".into(),
        });
    }
    Ok(meta.len())
}

/// Reads the manifest of the solution in `dir`: its format first (older ones are
/// [`TierError::OldFormat`]), then its fields.
pub fn read_manifest(dir: &Path) -> Result<Manifest, TierError> {
    let path = dir.join(MANIFEST);
    // Its name and variant are at most 65,535 bytes each, with a few short fields.
    if regular_file(&path)? > 1 << 20 {
        return Err(TierError::BadFile {
            path,
            what: "not a solution's manifest: larger than 1 MiB".into(),
        });
    }
    let text = fs::read_to_string(&path).map_err(io_error(&path))?;
    let bad = |e: serde_json::Error| TierError::BadFile {
        path: path.clone(),
        what: format!("not a solution's manifest: {e}"),
    };
    // The format is read alone first: an older manifest has other fields.
    #[derive(Deserialize)]
    struct Format {
        format: u32,
    }
    let format = serde_json::from_str::<Format>(&text).map_err(bad)?.format;
    if format < FORMAT {
        return Err(TierError::OldFormat { path, format });
    }
    if format != FORMAT {
        return Err(TierError::BadFile {
            path,
            what: format!(
                "format {format}, written by a newer version of grundy (this one reads format \
                 {FORMAT})"
            ),
        });
    }
    serde_json::from_str(&text).map_err(bad)
}

/// A block ready to write: its stored bytes, its entry's length word, and the hashers of its
/// stored and its uncompressed bytes.
struct Stored {
    bytes: Vec<u8>,
    length: u32,
    hashes: [crc32fast::Hasher; 2],
}

/// Positions `range` of `results`, compressed unless that is not smaller. O(range).
fn store(results: &Results, range: Range<u64>) -> Stored {
    let mut raw = Vec::with_capacity(results.layout().bytes_for(range.end - range.start) as usize);
    results.block_bytes(range, &mut raw);
    let packed = miniz_oxide::deflate::compress_to_vec(&raw, LEVEL);
    if packed.len() < raw.len() {
        Stored {
            length: packed.len() as u32,
            hashes: [hasher(&packed), hasher(&raw)],
            bytes: packed,
        }
    } else {
        Stored {
            length: raw.len() as u32 | RAW,
            hashes: [hasher(&raw), hasher(&raw)],
            bytes: raw,
        }
    }
}

/// Writes `tier`'s results to its file in `dir`, atomically: a header and an index of
/// zeros, the blocks (compressed on rayon's threads, 64 at a time), then the header and
/// the index over the zeros, now that the blocks' places and the file's length are known.
/// O(count); memory a batch of blocks and an entry a block.
pub fn write_tier(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    results: &Results,
) -> Result<(), TierError> {
    write_blocks(dir, manifest, tier, results, BLOCK, PIECE)
}

/// [`write_tier`] with blocks of `block` positions (a multiple of 4 up to [`MAX_BLOCK`])
/// and pieces of `piece` entries: the reader takes any, so tests write small ones.
pub(crate) fn write_blocks(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    results: &Results,
    block: u64,
    piece: u64,
) -> Result<(), TierError> {
    debug_assert_eq!(results.layout(), manifest.layout);
    let count = results.len();
    let shape = Shape {
        tier,
        count,
        block,
        piece,
    };
    write_file(&tier_path(dir, tier), manifest, &shape, |k| {
        Some(store(results, k * block..((k + 1) * block).min(count)))
    })
}

/// Writes the part `part` of `tier`'s file (of `count` positions) in a solution of
/// [`Manifest::parts`] parts, from the blocks of the part ([`part_of`]): `blocks` holds each
/// of them once, as its number and its results alone (blocks of [`BLOCK`] positions, the
/// tier's last one fewer). The index has an entry for every block of the tier, those of the
/// other parts zero. O(the part's positions).
pub fn write_part(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
    part: u32,
    blocks: &[(u64, &Results)],
) -> Result<(), TierError> {
    let shape = Shape {
        tier,
        count,
        block: BLOCK,
        piece: PIECE,
    };
    let mut by_block = std::collections::HashMap::with_capacity(blocks.len());
    for &(k, results) in blocks {
        let expected = shape.positions(k);
        if part_of(tier, k, manifest.parts) != part
            || results.len() != expected.end.saturating_sub(expected.start)
            || results.layout() != manifest.layout
            || by_block.insert(k, results).is_some()
        {
            return Err(TierError::Ranking(format!(
                "block {k} of tier {tier} given to part {part} is not one of its blocks, or not \
                 of its size, or given twice"
            )));
        }
    }
    let mine = (0..shape.blocks())
        .filter(|&k| part_of(tier, k, manifest.parts) == part)
        .count();
    if mine != by_block.len() {
        return Err(TierError::Ranking(format!(
            "part {part} of tier {tier} has {mine} blocks, {} were given",
            by_block.len()
        )));
    }
    let path = part_path(dir, tier, part, manifest.parts);
    write_file(&path, manifest, &shape, |k| {
        by_block
            .get(&k)
            .map(|results| store(results, 0..results.len()))
    })
}

/// The shape of a tier's file: its tier, positions, positions a block and entries a piece.
struct Shape {
    tier: u32,
    count: u64,
    block: u64,
    piece: u64,
}

impl Shape {
    /// The number of blocks.
    fn blocks(&self) -> u64 {
        self.count.div_ceil(self.block)
    }

    /// The positions of block `k`.
    fn positions(&self, k: u64) -> Range<u64> {
        k * self.block..((k + 1) * self.block).min(self.count)
    }
}

/// Writes a tier's file (whole, or a part) to `path`: `stored(k)` gives block `k`'s stored
/// bytes, or `None` for a block of another part (its index entry zero). Blocks are stored on
/// rayon's threads, [`BATCH`] at a time. O(blocks written).
fn write_file(
    path: &Path,
    manifest: &Manifest,
    shape: &Shape,
    stored: impl Fn(u64) -> Option<Stored> + Sync,
) -> Result<(), TierError> {
    let blocks = shape.blocks();
    let mut header = Header::of(manifest, shape.tier, shape.count, 0);
    (header.block, header.piece) = (shape.block, shape.piece);
    let start = header.bytes().len() as u64;
    let piece = shape.piece;
    let data = start + index_bytes(blocks, piece);
    write_atomically(path, |out| {
        out.write_all(&vec![0; data as usize])?;
        let mut entries = Vec::with_capacity(blocks as usize);
        let mut offset = data;
        for first in (0..blocks).step_by(BATCH as usize) {
            let batch: Vec<Option<Stored>> = (first..(first + BATCH).min(blocks))
                .into_par_iter()
                .map(&stored)
                .collect();
            for s in batch {
                entries.push(
                    s.map(|s| {
                        out.write_all(&s.bytes)?;
                        let entry = (offset, s.length, s.hashes);
                        offset += s.bytes.len() as u64;
                        Ok::<_, std::io::Error>(entry)
                    })
                    .transpose()?,
                );
            }
        }
        header.length = offset;
        let header = header.bytes();
        let seed = crc32fast::hash(&header[..header.len() - 4]);
        out.seek(SeekFrom::Start(0))?;
        out.write_all(&header)?;
        for (p, piece_entries) in entries.chunks(piece as usize).enumerate() {
            let mut bytes = Vec::with_capacity(piece_entries.len() * ENTRY as usize);
            for (i, entry) in piece_entries.iter().enumerate() {
                let k = p as u64 * piece + i as u64;
                match entry {
                    Some((offset, length, hashes)) => {
                        bytes.extend_from_slice(&offset.to_le_bytes());
                        bytes.extend_from_slice(&length.to_le_bytes());
                        bytes.extend_from_slice(&sum(seed, b'S', k, &hashes[0]).to_le_bytes());
                        bytes.extend_from_slice(&sum(seed, b'B', k, &hashes[1]).to_le_bytes());
                    }
                    None => bytes.extend_from_slice(&[0; ENTRY as usize]),
                }
            }
            out.write_all(&bytes)?;
            out.write_all(&sum(seed, b'I', p as u64, &hasher(&bytes)).to_le_bytes())?;
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

/// An entry of the index: where a block lies, whether it is raw, and the checksums of its
/// stored and its uncompressed bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    offset: u64,
    length: u64,
    raw: bool,
    stored: u32,
    sum: u32,
}

/// A tier file opened, its header and length checked: ready to read checked pieces and
/// blocks.
pub(crate) struct TierFile {
    path: PathBuf,
    file: File,
    layout: Layout,
    /// The checksum of the header, which every other checksum starts from.
    seed: u32,
    count: u64,
    block: u64,
    piece: u64,
    blocks: u64,
    /// Where the index starts (the header's length), and where the blocks start.
    index: u64,
    data: u64,
    /// The file's length.
    length: u64,
    /// The tier.
    tier: u32,
    /// The part of a solution in [`Manifest::parts`] parts this file is, `None` for a whole
    /// tier: a part's index entries of the other parts' blocks are zero.
    part: Option<(u32, u32)>,
    /// Bytes read so far.
    pub(crate) read: u64,
}

impl TierFile {
    /// Opens part `part` of `tier`'s file in `dir` (the whole file in a solution of one part)
    /// and checks, in this order, the magic bytes (formats 1 and 2 are
    /// [`TierError::OldFormat`]), the header's length against the file's, the header's
    /// checksum, that the header is this solution's (the manifest, `tier` and `count`:
    /// [`TierError::BadFile`] otherwise), the file's length against the header's, and that the
    /// index fits. Two reads of the header.
    pub(crate) fn open(
        dir: &Path,
        manifest: &Manifest,
        tier: u32,
        count: u64,
        part: u32,
    ) -> Result<TierFile, TierError> {
        let path = part_path(dir, tier, part, manifest.parts);
        let length = regular_file(&path)?;
        let file = File::open(&path).map_err(io_error(&path))?;
        let mut tf = TierFile {
            path,
            file,
            layout: manifest.layout,
            seed: 0,
            count,
            block: BLOCK,
            piece: PIECE,
            blocks: 0,
            index: 0,
            data: 0,
            length,
            tier,
            part: (manifest.parts > 1).then_some((part, manifest.parts)),
            read: 0,
        };
        if length < 12 {
            return Err(tf.damaged(format!("{length} bytes: truncated")));
        }
        let mut head = vec![0; 12];
        tf.read_at(0, &mut head)?;
        if head[..7] != MAGIC[..7] {
            return Err(tf.damaged("bad magic bytes (not a tier file of grundy)"));
        }
        match u32::from(head[7]) {
            FORMAT => {}
            old @ (1 | 2) => {
                return Err(TierError::OldFormat {
                    path: tf.path,
                    format: old,
                })
            }
            other => return Err(tf.damaged(format!("unknown format version {other}"))),
        }
        let size = u64::from(u32::from_le_bytes(head[8..].try_into().expect("4 bytes")));
        if !(FIXED as u64 + 10..=MAX_HEADER).contains(&size) {
            // Not read: a damaged length could ask for gigabytes.
            return Err(tf.damaged(format!("a header of {size} bytes is impossible")));
        }
        if size > length {
            return Err(tf.damaged(format!(
                "{length} bytes, less than the header's {size}: truncated"
            )));
        }
        head.resize(size as usize, 0);
        tf.read_at(12, &mut head[12..])?;
        let (fields, sum) = head.split_at(head.len() - 4);
        tf.seed = crc32fast::hash(fields);
        if tf.seed.to_le_bytes() != sum {
            return Err(tf.damaged("header checksum mismatch"));
        }
        let Some(found) = Header::parse(&head) else {
            return Err(tf.damaged("the header's fields do not fill it"));
        };
        let expected = Header {
            block: found.block,
            piece: found.piece,
            length: found.length,
            ..Header::of(manifest, tier, count, 0)
        };
        if found != expected {
            return Err(TierError::BadFile {
                what: format!(
                    "the header does not match the solution (another game, variant, layout, \
                     tier, size or options): it has {}, expected {}",
                    describe(&found),
                    describe(&expected)
                ),
                path: tf.path,
            });
        }
        if found.block % 4 != 0 || !(4..=MAX_BLOCK).contains(&found.block) || found.piece == 0 {
            return Err(TierError::BadFile {
                what: format!(
                    "blocks of {} positions and pieces of {} entries, which this version does \
                     not read",
                    found.block, found.piece
                ),
                path: tf.path,
            });
        }
        if found.length != length {
            return Err(tf.damaged(format!(
                "{length} bytes, expected {}: truncated or grown",
                found.length
            )));
        }
        if tf.part.is_some() && found.block != BLOCK {
            // A part's blocks are found by their number of BLOCK positions.
            return Err(tf.damaged(format!(
                "a part of a solution with blocks of {} positions, not {BLOCK}",
                found.block
            )));
        }
        (tf.block, tf.piece) = (found.block, found.piece);
        tf.blocks = count.div_ceil(tf.block);
        tf.index = size;
        tf.data = size.saturating_add(index_bytes(tf.blocks, tf.piece));
        // Every block of the file takes a byte at least (a part's, its own).
        let least = if tf.part.is_some() { 0 } else { tf.blocks };
        if tf.data.saturating_add(least) > length {
            return Err(tf.damaged(format!(
                "{length} bytes, too few for the index of {} blocks: truncated",
                tf.blocks
            )));
        }
        Ok(tf)
    }

    /// This file's damage, named.
    fn damaged(&self, what: impl Into<String>) -> TierError {
        damaged(&self.path, what)
    }

    /// Reads `buf.len()` bytes at `offset`. One read.
    fn read_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<(), TierError> {
        self.file
            .seek(SeekFrom::Start(offset))
            .and_then(|_| self.file.read_exact(buf))
            .map_err(io_error(&self.path))?;
        self.read += buf.len() as u64;
        Ok(())
    }

    /// The positions of block `k`.
    fn positions(&self, k: u64) -> Range<u64> {
        k * self.block..((k + 1) * self.block).min(self.count)
    }

    /// The uncompressed bytes of block `k`.
    fn raw_size(&self, k: u64) -> u64 {
        let range = self.positions(k);
        self.layout.bytes_for(range.end - range.start)
    }

    /// Whether block `k` is in this file (a part holds its own blocks only).
    fn holds(&self, k: u64) -> bool {
        self.part
            .is_none_or(|(part, parts)| part_of(self.tier, k, parts) == part)
    }

    /// Reads piece `p` of the index, checks its checksum and each entry (a stored length
    /// possible for its block, within the file; zero for a block of another part, which is
    /// `None`). One read of at most `20 E + 4` bytes.
    fn piece(&mut self, p: u64) -> Result<Vec<Option<Entry>>, TierError> {
        let first = p * self.piece;
        let n = self.piece.min(self.blocks - first);
        let mut buf = vec![0; (n * ENTRY + 4) as usize];
        self.read_at(self.index + p * (self.piece * ENTRY + 4), &mut buf)?;
        let (bytes, stored) = buf.split_at(buf.len() - 4);
        if sum(self.seed, b'I', p, &hasher(bytes)).to_le_bytes() != stored {
            return Err(self.damaged(format!(
                "checksum mismatch in piece {p} of the index (blocks {first}..{})",
                first + n
            )));
        }
        let mut entries = Vec::with_capacity(n as usize);
        for (i, e) in bytes.chunks_exact(ENTRY as usize).enumerate() {
            let k = first + i as u64;
            if !self.holds(k) {
                if e.iter().any(|&b| b != 0) {
                    return Err(self.damaged(format!(
                        "index entry {k} is not zero, though block {k} is another part's"
                    )));
                }
                entries.push(None);
                continue;
            }
            let word = u32::from_le_bytes(e[8..12].try_into().expect("4 bytes"));
            let entry = Entry {
                offset: u64::from_le_bytes(e[..8].try_into().expect("8 bytes")),
                length: u64::from(word & !RAW),
                raw: word & RAW != 0,
                stored: u32::from_le_bytes(e[12..16].try_into().expect("4 bytes")),
                sum: u32::from_le_bytes(e[16..].try_into().expect("4 bytes")),
            };
            let raw = self.raw_size(k);
            let possible = if entry.raw {
                entry.length == raw
            } else {
                (1..raw).contains(&entry.length)
            };
            let within = entry.offset >= self.data
                && entry
                    .offset
                    .checked_add(entry.length)
                    .is_some_and(|end| end <= self.length);
            if !possible || !within {
                return Err(self.damaged(format!(
                    "index entry {k} is impossible ({} bytes at {})",
                    entry.length, entry.offset
                )));
            }
            entries.push(Some(entry));
        }
        Ok(entries)
    }

    /// The entry of block `k`, which this file holds: one piece of the index read and
    /// checked.
    fn entry(&mut self, k: u64) -> Result<Entry, TierError> {
        let entries = self.piece(k / self.piece)?;
        entries[(k % self.piece) as usize]
            .ok_or_else(|| self.damaged(format!("block {k} is not in this part")))
    }

    /// Block `k`'s stored bytes, as `entry` places them. One read.
    fn stored(&mut self, entry: &Entry) -> Result<Vec<u8>, TierError> {
        let mut buf = vec![0; entry.length as usize];
        self.read_at(entry.offset, &mut buf)?;
        Ok(buf)
    }

    /// Block `k`'s uncompressed bytes from its stored ones, both checked against their
    /// checksums in `entry`. O(block).
    fn unpack(&self, k: u64, entry: &Entry, stored: Vec<u8>) -> Result<Vec<u8>, TierError> {
        let raw = self.raw_size(k) as usize;
        if sum(self.seed, b'S', k, &hasher(&stored)) != entry.stored {
            return Err(self.damaged(format!(
                "checksum mismatch in block {k} (positions {:?})",
                self.positions(k)
            )));
        }
        let bytes = if entry.raw {
            stored
        } else {
            let mut out = vec![0; raw];
            let done = miniz_oxide::inflate::decompress_slice_iter_to_slice(
                &mut out,
                std::iter::once(&stored[..]),
                false,
                true,
            );
            if done != Ok(raw) {
                return Err(self.damaged(format!(
                    "block {k} (positions {:?}) does not decompress to its {raw} bytes",
                    self.positions(k)
                )));
            }
            out
        };
        if sum(self.seed, b'B', k, &hasher(&bytes)) != entry.sum {
            return Err(self.damaged(format!(
                "checksum mismatch in the records of block {k} (positions {:?})",
                self.positions(k)
            )));
        }
        Ok(bytes)
    }
}

/// A header's fields in words, for an error.
fn describe(h: &Header) -> String {
    format!(
        "{}{} ({}, {}), tier {}, {} positions",
        h.game,
        if h.variant.is_empty() {
            String::new()
        } else {
            format!(", variant {}", h.variant)
        },
        h.layout,
        if h.misere { "misère" } else { "normal play" },
        h.tier,
        h.count
    )
}

/// Reads and checks `tier`'s file (every part of it): its header against the manifest and
/// `count`, its length, every piece of the index, that the blocks lie end to end, every
/// block's checksum and every record. O(count), blocks decompressed on rayon's threads 64 at
/// a time.
pub fn read_tier(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
) -> Result<Results, TierError> {
    // Every part opened first: its length bounds `count` before anything is allocated.
    let files = (0..manifest.parts)
        .map(|part| TierFile::open(dir, manifest, tier, count, part))
        .collect::<Result<Vec<_>, _>>()?;
    let mut results = Results::new(count, manifest.layout);
    for mut file in files {
        let block = file.block;
        file.blocks_read(|k, bytes| {
            results
                .set_block(k * block, &bytes)
                .map_err(|i| format!("position {i} has a record never written"))
        })?;
    }
    Ok(results)
}

/// Reads and checks part `part` of `tier`'s file as [`read_tier`] does a whole one, and
/// returns the blocks `keep` names, each with its number and its results alone: how a worker
/// of a distributed solve takes back its share of a finished tier. O(the part's positions).
pub fn read_part(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
    part: u32,
    keep: &dyn Fn(u64) -> bool,
) -> Result<Vec<(u64, Results)>, TierError> {
    let mut file = TierFile::open(dir, manifest, tier, count, part)?;
    let mut blocks = Vec::new();
    let layout = manifest.layout;
    let block = file.block;
    file.blocks_read(|k, bytes| {
        if keep(k) {
            let len = (count - k * block).min(block);
            let mut results = Results::new(len, layout);
            results
                .set_block(0, &bytes)
                .map_err(|i| format!("position {} has a record never written", k * block + i))?;
            blocks.push((k, results));
        }
        Ok(())
    })?;
    Ok(blocks)
}

impl TierFile {
    /// Reads every piece of the index, checks that the blocks this file holds lie end to end
    /// and fill it, and hands each block's checked bytes to `sink` with its number, in
    /// order; `sink`'s error is damage of the file. O(the file), blocks decompressed on
    /// rayon's threads [`BATCH`] at a time.
    fn blocks_read(
        &mut self,
        mut sink: impl FnMut(u64, Vec<u8>) -> Result<(), String>,
    ) -> Result<(), TierError> {
        let mut entries = Vec::with_capacity(self.blocks as usize);
        for p in 0..self.blocks.div_ceil(self.piece) {
            entries.extend(self.piece(p)?);
        }
        let held: Vec<(u64, Entry)> = entries
            .into_iter()
            .enumerate()
            .filter_map(|(k, e)| Some((k as u64, e?)))
            .collect();
        let mut end = self.data;
        for (k, e) in &held {
            if e.offset != end {
                return Err(self.damaged(format!(
                    "block {k} starts at {}, expected {end}: the blocks do not lie end to end",
                    e.offset
                )));
            }
            end += e.length;
        }
        if end != self.length {
            return Err(self.damaged(format!(
                "the blocks end at {end}, the file at {}",
                self.length
            )));
        }
        for batch in held.chunks(BATCH as usize) {
            let mut stored = Vec::with_capacity(batch.len());
            for (_, e) in batch {
                stored.push(self.stored(e)?);
            }
            let file = &*self;
            let blocks = batch
                .iter()
                .zip(stored)
                .collect::<Vec<_>>()
                .into_par_iter()
                .map(|((k, e), s)| Ok((*k, file.unpack(*k, e, s)?)))
                .collect::<Result<Vec<_>, TierError>>()?;
            for (k, bytes) in blocks {
                sink(k, bytes).map_err(|what| self.damaged(what))?;
            }
        }
        Ok(())
    }
}

/// One block of a tier's results, read and checked: the values of its positions.
#[derive(Debug, Clone)]
pub struct Block {
    layout: Layout,
    /// The positions it holds.
    positions: Range<u64>,
    bytes: Vec<u8>,
}

impl Block {
    /// The positions the block holds.
    pub fn positions(&self) -> Range<u64> {
        self.positions.clone()
    }

    /// The value of position `rank` (within [`Block::positions`]), `None` for a record never
    /// written (the file is damaged). O(1).
    pub fn value(&self, rank: u64) -> Option<Value> {
        let i = rank.checked_sub(self.positions.start)?;
        (rank < self.positions.end).then(|| value_in(self.layout, &self.bytes, i as usize))?
    }
}

/// Reads the block of `tier`'s file that holds position `rank` (below `count`), without
/// reading the rest: the header and the length are checked, then one piece of the index and
/// the block against their checksums. Four reads: 12 bytes, the header, at most 5 KiB of
/// index, one block; returns the block and the bytes read.
pub fn read_block(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
    rank: u64,
) -> Result<(Block, u64), TierError> {
    let part = part_of(tier, rank / BLOCK, manifest.parts);
    let mut file = TierFile::open(dir, manifest, tier, count, part)?;
    let k = rank / file.block;
    if k >= file.blocks {
        return Err(TierError::Position(format!(
            "position {rank} of tier {tier}, which has {count}"
        )));
    }
    let entry = file.entry(k)?;
    let stored = file.stored(&entry)?;
    let bytes = file.unpack(k, &entry, stored)?;
    let block = Block {
        layout: file.layout,
        positions: file.positions(k),
        bytes,
    };
    Ok((block, file.read))
}

/// Reads one position's value from `tier`'s file without reading the rest
/// ([`read_block`]). O(1) reads of at most a block.
pub fn read_value(
    dir: &Path,
    manifest: &Manifest,
    tier: u32,
    count: u64,
    rank: u64,
) -> Result<Value, TierError> {
    let (block, _) = read_block(dir, manifest, tier, count, rank)?;
    block.value(rank).ok_or_else(|| {
        damaged(
            &rank_path(dir, manifest, tier, rank),
            format!("position {rank} has a record never written"),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Outcome;
    use crate::rules::tiered::MAX_REMOTENESS;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// An empty scratch folder.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("grundy-tier-file-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn manifest(layout: Layout) -> Manifest {
        Manifest {
            format: FORMAT,
            game: "test game".into(),
            variant: "flying, misère".into(),
            tiers: 3,
            layout,
            misere: false,
            parts: 1,
        }
    }

    /// Random results: runs of one value (which compress) and stretches of noise (which do
    /// not), remoteness up to the most a record holds.
    fn random_results(len: u64, layout: Layout, rng: &mut StdRng) -> Results {
        let mut results = Results::new(len, layout);
        let mut w = results.writer();
        let mut i = 0;
        while i < len {
            let run = rng.random_range(1..3 * BLOCK.min(4096));
            let noisy = rng.random_bool(0.3);
            let fixed = (rng.random_range(0..3), rng.random_range(0..=MAX_REMOTENESS));
            for j in i..(i + run).min(len) {
                let (o, r) = if noisy {
                    (rng.random_range(0..3), rng.random_range(0..=MAX_REMOTENESS))
                } else {
                    fixed
                };
                let outcome = [Outcome::Win, Outcome::Loss, Outcome::Draw][o];
                w.set(j as usize, outcome, r);
            }
            i += run;
        }
        results
    }

    /// Every entry of the file's index, read and checked.
    fn entries(dir: &Path, m: &Manifest, tier: u32, count: u64) -> Vec<Entry> {
        let mut f = TierFile::open(dir, m, tier, count, 0).unwrap();
        (0..f.blocks.div_ceil(f.piece))
            .flat_map(|p| f.piece(p).unwrap().into_iter().map(Option::unwrap))
            .collect()
    }

    /// The blocks of `results` of one part of a tier in `parts`, each alone.
    fn part_blocks(results: &Results, tier: u32, part: u32, parts: u32) -> Vec<(u64, Results)> {
        let blocks = results.len().div_ceil(BLOCK);
        (0..blocks)
            .filter(|&k| part_of(tier, k, parts) == part)
            .map(|k| {
                let range = k * BLOCK..((k + 1) * BLOCK).min(results.len());
                let mut alone = Results::new(range.end - range.start, results.layout());
                for i in range.clone() {
                    let v = results.get(i);
                    alone.set(i - range.start, v.outcome, v.remoteness.unwrap_or(0));
                }
                (k, alone)
            })
            .collect()
    }

    /// A tier written in parts reads back as the whole: read whole, block by block, and each
    /// part's own blocks; a part under another part's name, or a part missing a block, is
    /// damage or refused, never an answer.
    #[test]
    fn a_tier_written_in_parts_reads_back_whole() {
        let mut rng = StdRng::seed_from_u64(48);
        let dir = scratch("parts");
        for (parts, len) in [(2, 5 * BLOCK + 17), (3, 9 * BLOCK), (4, 3)] {
            let mut m = manifest(Layout::Value16);
            m.parts = parts;
            let results = random_results(len, Layout::Value16, &mut rng);
            for part in 0..parts {
                let blocks = part_blocks(&results, 1, part, parts);
                let given: Vec<(u64, &Results)> = blocks.iter().map(|(k, r)| (*k, r)).collect();
                write_part(&dir, &m, 1, len, part, &given).unwrap();
                // Missing one of its blocks: refused.
                if let Some(fewer) = given.get(1..) {
                    assert!(write_part(&dir, &m, 1, len, part, fewer).is_err());
                }
                let kept = read_part(&dir, &m, 1, len, part, &|k| k % 2 == 0).unwrap();
                let even: Vec<_> = blocks.into_iter().filter(|(k, _)| k % 2 == 0).collect();
                assert_eq!(kept, even);
            }
            assert_eq!(read_tier(&dir, &m, 1, len).unwrap(), results);
            for rank in (0..len).step_by(997).chain([len - 1]) {
                assert_eq!(
                    read_value(&dir, &m, 1, len, rank).unwrap(),
                    results.get(rank)
                );
            }
            // Parts 0 and 1 swapped by name: every block read is refused.
            let (zero, one) = (part_path(&dir, 1, 0, parts), part_path(&dir, 1, 1, parts));
            let swap = dir.join("swap");
            fs::rename(&zero, &swap).unwrap();
            fs::rename(&one, &zero).unwrap();
            fs::rename(&swap, &one).unwrap();
            assert!(read_tier(&dir, &m, 1, len).is_err());
            for rank in (0..len).step_by(BLOCK as usize) {
                let part = part_of(1, rank / BLOCK, parts);
                if part < 2 {
                    let err = read_value(&dir, &m, 1, len, rank).unwrap_err();
                    assert!(matches!(err, TierError::Damaged { .. }), "{err}");
                }
            }
        }
    }

    #[test]
    fn random_results_of_many_sizes_round_trip() {
        let mut rng = StdRng::seed_from_u64(46);
        let dir = scratch("round-trip");
        let (mut raw, mut packed) = (0, 0);
        for layout in [Layout::Value2, Layout::Value16] {
            let m = manifest(layout);
            // Small blocks and pieces, the sizes around their boundaries.
            for len in [
                0,
                1,
                2,
                3,
                4,
                5,
                63,
                64,
                65,
                127,
                128,
                129,
                64 * 7 + 1,
                1000,
            ] {
                for (block, piece) in [(64, 1), (64, 3), (4, 2), (1 << 20, PIECE)] {
                    let results = random_results(len, layout, &mut rng);
                    write_blocks(&dir, &m, 1, &results, block, piece).unwrap();
                    assert_eq!(read_tier(&dir, &m, 1, len).unwrap(), results, "{len}");
                    for rank in (0..len).step_by(7).chain(len.checked_sub(1)) {
                        let v = read_value(&dir, &m, 1, len, rank).unwrap();
                        assert_eq!(v, results.get(rank), "{len} {rank}");
                    }
                }
            }
            // The real sizes, around a block's edge.
            for len in [BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK + 3] {
                let results = random_results(len, layout, &mut rng);
                write_tier(&dir, &m, 2, &results).unwrap();
                assert_eq!(read_tier(&dir, &m, 2, len).unwrap(), results);
                for rank in [0, BLOCK - 1, BLOCK, len - 1, rng.random_range(0..len)] {
                    let rank = rank.min(len - 1);
                    let v = read_value(&dir, &m, 2, len, rank).unwrap();
                    assert_eq!(v, results.get(rank), "{len} {rank}");
                }
                for e in entries(&dir, &m, 2, len) {
                    *if e.raw { &mut raw } else { &mut packed } += 1;
                }
            }
        }
        assert!(raw > 0 && packed > 0, "{raw} raw, {packed} compressed");
        // More blocks than a piece of the index holds, outcomes alone.
        let m = manifest(Layout::Value2);
        let len = (PIECE + 1) * BLOCK + 9;
        let mut results = Results::new(len, Layout::Value2);
        let mut w = results.writer();
        for i in (0..len).step_by(9973) {
            w.set(i as usize, Outcome::Draw, 0);
        }
        write_tier(&dir, &m, 0, &results).unwrap();
        assert_eq!(entries(&dir, &m, 0, len).len() as u64, PIECE + 2);
        assert_eq!(read_tier(&dir, &m, 0, len).unwrap(), results);
        for rank in [0, 9973 * 1600, len - 1] {
            assert_eq!(
                read_value(&dir, &m, 0, len, rank).unwrap(),
                results.get(rank)
            );
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_query_reads_the_header_one_piece_and_one_block() {
        let mut rng = StdRng::seed_from_u64(7);
        let dir = scratch("reads");
        let m = manifest(Layout::Value16);
        let len = 5 * BLOCK + 17;
        let results = random_results(len, Layout::Value16, &mut rng);
        write_tier(&dir, &m, 0, &results).unwrap();
        let header = Header::of(&m, 0, len, 0).bytes().len() as u64;
        let index = entries(&dir, &m, 0, len);
        for k in 0..6 {
            let rank = k * BLOCK + rng.random_range(0..17);
            let (block, read) = read_block(&dir, &m, 0, len, rank).unwrap();
            assert_eq!(block.value(rank), Some(results.get(rank)));
            assert_eq!(block.positions(), k * BLOCK..((k + 1) * BLOCK).min(len));
            // The header, one piece of six entries and its checksum, the block's bytes.
            assert_eq!(read, header + 6 * ENTRY + 4 + index[k as usize].length);
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Whether `err` says the file is damaged (or, for its format's byte, that it is old).
    fn is_damage(err: &TierError, at: usize) -> bool {
        matches!(err, TierError::Damaged { .. })
            || (at == 7 && matches!(err, TierError::OldFormat { .. }))
    }

    #[test]
    fn every_flipped_byte_and_every_truncation_is_damage_never_an_answer() {
        let mut rng = StdRng::seed_from_u64(919);
        let dir = scratch("flips");
        let (len, block, piece) = (300, 64, 2);
        for layout in [Layout::Value2, Layout::Value16] {
            let m = manifest(layout);
            let results = random_results(len, layout, &mut rng);
            write_blocks(&dir, &m, 0, &results, block, piece).unwrap();
            let path = tier_path(&dir, 0);
            let good = fs::read(&path).unwrap();
            let index = entries(&dir, &m, 0, len);
            let (mut answered, mut refused) = (0, 0);
            for at in 0..good.len() {
                for mask in [0x01, 0x80, rng.random_range(1..=255u8)] {
                    let mut bytes = good.clone();
                    bytes[at] ^= mask;
                    fs::write(&path, &bytes).unwrap();
                    let err = read_tier(&dir, &m, 0, len).unwrap_err();
                    assert!(is_damage(&err, at), "byte {at}: {err}");
                    // The block holding the flipped byte, if it is in a block.
                    let hit = index
                        .iter()
                        .position(|e| (e.offset..e.offset + e.length).contains(&(at as u64)));
                    for rank in 0..len {
                        match read_value(&dir, &m, 0, len, rank) {
                            Ok(v) => {
                                assert_eq!(v, results.get(rank), "byte {at}, rank {rank}");
                                assert_ne!(hit, Some((rank / block) as usize), "byte {at}");
                                answered += 1;
                            }
                            Err(err) => {
                                assert!(is_damage(&err, at), "byte {at}: {err}");
                                refused += 1;
                            }
                        }
                    }
                }
            }
            // Flips in other blocks leave the rest answered.
            assert!(answered > 0 && refused > 0, "{answered} {refused}");
            // Cut at every length, or grown by a byte: nothing is answered.
            let mut grown = good.clone();
            grown.push(0);
            for bytes in (0..good.len()).map(|n| &good[..n]).chain([&grown[..]]) {
                fs::write(&path, bytes).unwrap();
                let n = bytes.len();
                let err = read_tier(&dir, &m, 0, len).unwrap_err();
                assert!(matches!(err, TierError::Damaged { .. }), "{n}: {err}");
                let err = read_value(&dir, &m, 0, len, n as u64 % len).unwrap_err();
                assert!(matches!(err, TierError::Damaged { .. }), "{n}: {err}");
            }
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_block_or_an_index_from_another_place_or_file_is_damage() {
        let mut rng = StdRng::seed_from_u64(3);
        let dir = scratch("copies");
        let m = manifest(Layout::Value16);
        let (len, block, piece) = (1000, 64, 4);
        let results = random_results(len, Layout::Value16, &mut rng);
        write_blocks(&dir, &m, 0, &results, block, piece).unwrap();
        write_blocks(&dir, &m, 1, &results, block, piece).unwrap();
        let (zero, one) = (tier_path(&dir, 0), tier_path(&dir, 1));
        let good = fs::read(&zero).unwrap();
        let header = Header::of(&m, 0, len, 0).bytes().len();
        let seed = u32::from_le_bytes(good[header - 4..header].try_into().unwrap());
        // Rewrites the piece checksums of `bytes` from its entries, as a forger would.
        let reseal = |bytes: &mut Vec<u8>, seed: u32| {
            let blocks = len.div_ceil(block);
            for p in 0..blocks.div_ceil(piece) {
                let n = piece.min(blocks - p * piece) as usize * ENTRY as usize;
                let start = header + (p * (piece * ENTRY + 4)) as usize;
                let s = sum(seed, b'I', p, &hasher(&bytes[start..start + n]));
                bytes[start + n..start + n + 4].copy_from_slice(&s.to_le_bytes());
            }
        };
        // Entry 5 made entry 2 (its block's place, length and checksum), the index resealed:
        // block 2's checksum does not hold for block 5.
        let mut bytes = good.clone();
        let entry = |k: usize| header + (k / 4) * (4 * 20 + 4) + (k % 4) * 20;
        bytes.copy_within(entry(2)..entry(2) + 20, entry(5));
        reseal(&mut bytes, seed);
        fs::write(&zero, &bytes).unwrap();
        let err = read_value(&dir, &m, 0, len, 5 * block + 1).unwrap_err();
        assert!(
            err.to_string().contains("checksum mismatch in block 5"),
            "{err}"
        );
        assert!(read_value(&dir, &m, 0, len, 2 * block).is_ok());
        let err = read_tier(&dir, &m, 0, len).unwrap_err();
        assert!(matches!(err, TierError::Damaged { .. }), "{err}");
        // Tier 1's index and blocks (the same results) behind tier 0's header: the index's
        // checksums are tier 1's; resealed, the blocks' are.
        let other = fs::read(&one).unwrap();
        let mut bytes = good[..header].to_vec();
        bytes.extend_from_slice(&other[header..]);
        fs::write(&zero, &bytes).unwrap();
        let err = read_value(&dir, &m, 0, len, 0).unwrap_err();
        assert!(err.to_string().contains("piece 0 of the index"), "{err}");
        reseal(&mut bytes, seed);
        fs::write(&zero, &bytes).unwrap();
        let err = read_value(&dir, &m, 0, len, 0).unwrap_err();
        assert!(
            err.to_string().contains("checksum mismatch in block 0"),
            "{err}"
        );
        assert!(read_tier(&dir, &m, 0, len).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A header of `fields` with a right checksum, then `rest`.
    fn forged(h: &Header, rest: usize) -> Vec<u8> {
        let mut bytes = h.bytes();
        bytes.resize(bytes.len() + rest, 0);
        bytes
    }

    #[test]
    fn hostile_headers_are_refused_before_any_allocation() {
        let dir = scratch("hostile");
        let m = manifest(Layout::Value16);
        let path = tier_path(&dir, 0);
        let count = 1u64 << 40;
        let mut h = Header::of(&m, 0, count, 0);
        // A huge count, a file of 200 bytes that says it is 200 bytes long.
        h.length = (h.bytes().len() + 100) as u64;
        fs::write(&path, forged(&h, 100)).unwrap();
        let err = read_tier(&dir, &m, 0, count).unwrap_err();
        assert!(err.to_string().contains("too few for the index"), "{err}");
        // Another count than the game's: not this solution's file.
        let err = read_tier(&dir, &m, 0, 5).unwrap_err();
        assert!(matches!(err, TierError::BadFile { .. }), "{err}");
        // Blocks of 4 positions (the fewest) and a huge count: the index's size saturates.
        h.block = 4;
        h.count = u64::MAX;
        h.length = (h.bytes().len() + 100) as u64;
        fs::write(&path, forged(&h, 100)).unwrap();
        let err = read_tier(&dir, &m, 0, u64::MAX).unwrap_err();
        assert!(matches!(err, TierError::Damaged { .. }), "{err}");
        // Blocks too large to read, a header length of 4 GiB.
        h.block = 1 << 30;
        fs::write(&path, forged(&h, 100)).unwrap();
        let err = read_tier(&dir, &m, 0, u64::MAX).unwrap_err();
        assert!(matches!(err, TierError::BadFile { .. }), "{err}");
        let mut bytes = forged(&h, 100);
        bytes[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
        fs::write(&path, bytes).unwrap();
        let err = read_tier(&dir, &m, 0, u64::MAX).unwrap_err();
        assert!(err.to_string().contains("impossible"), "{err}");
        // A format 2 file's first bytes: an old format.
        fs::write(&path, b"GRUNDYT\x02\x01\x00\x00\x00\x00\x00\x00\x00").unwrap();
        let err = read_tier(&dir, &m, 0, 5).unwrap_err();
        assert!(
            matches!(err, TierError::OldFormat { format: 2, .. }),
            "{err}"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
