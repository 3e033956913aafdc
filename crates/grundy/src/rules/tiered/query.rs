//! Questions to a solved game, answered from its files without solving again.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::file::{self, Block, Manifest};

use super::{Results, TierError, TierRanking, TierSummary, Value};
use crate::outcome::Outcome;
use crate::progress::Progress;
use crate::solve::{DrawLevel, Offer};

/// A tier file's length and time of last change: a block kept is used while they are the
/// same.
type Stamp = (u64, std::time::SystemTime);

/// Blocks a [`Solved`] keeps after reading them: the moves of a position lead to a few
/// tiers, and play asks about neighbouring positions, so most questions find their block here
/// (at most 128 KiB each in the files this version writes).
const CACHED: usize = 16;

/// A game solved by [`solve_tiered`](super::solve_tiered), opened from its folder. Each
/// question reads and checks the header, a piece of the index and one block of a tier file
/// ([`file::read_block`]), never a whole file, and keeps the last blocks read (2 MiB at
/// most): a question about a position of a block kept reads nothing while its file is
/// unchanged (the same length and time of change: one `stat`). A damaged file is an error,
/// never an answer.
#[derive(Debug)]
pub struct Solved<G> {
    pub(super) game: G,
    dir: PathBuf,
    pub(super) manifest: Manifest,
    /// The blocks read last, with their tier and their file's stamp, the newest at the back.
    cache: Mutex<VecDeque<(u32, Stamp, Arc<Block>)>>,
    /// Bytes read from the tier files by questions.
    read: AtomicU64,
}

impl<G: Clone> Clone for Solved<G> {
    /// The same solution, its cache empty.
    fn clone(&self) -> Self {
        Solved {
            game: self.game.clone(),
            dir: self.dir.clone(),
            manifest: self.manifest.clone(),
            cache: Mutex::default(),
            read: AtomicU64::new(0),
        }
    }
}

/// A move from a position, with the value of the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step<P> {
    /// The position after the move.
    pub position: P,
    /// Its value, for the player to move there (the opponent).
    pub value: Value,
    /// Whether the move wins (leads to a loss for the opponent).
    pub winning: bool,
    /// Whether the move is a best move: a fastest win, a slowest loss, or one that keeps the
    /// draw (without remoteness: any winning move of a win, any move of a loss).
    pub best: bool,
    /// For a move to a draw: what it offers the opponent (the plies until he first
    /// faces a losing move, his losing moves and his moves there), by which the engine
    /// chooses among such moves ([`Offer::compare`]); `None` for other moves, and where a
    /// level it needs is not recorded.
    pub offer: Option<Offer>,
}

impl<G: TierRanking> Solved<G> {
    /// Opens the solution in `dir`, checking that its manifest names `game` and that every
    /// tier file is there (their contents are checked as they are read).
    pub fn open(game: G, dir: &Path) -> Result<Solved<G>, TierError> {
        let manifest = file::read_manifest(dir)?;
        if manifest.game == game.name()
            && manifest.variant == game.variant()
            && manifest.tiers != game.tier_count()
        {
            return Err(TierError::BadFile {
                path: dir.join(file::MANIFEST),
                what: format!(
                    "the manifest gives {} {} tiers, which has {}: the manifest is damaged",
                    manifest.game,
                    manifest.tiers,
                    game.tier_count()
                ),
            });
        }
        if manifest.game != game.name() || manifest.variant != game.variant() {
            let variant = |v: String| {
                if v.is_empty() {
                    v
                } else {
                    format!(", variant {v}")
                }
            };
            return Err(TierError::BadFile {
                path: dir.join(file::MANIFEST),
                what: format!(
                    "this folder holds a solution of {}{}, not of {}{}",
                    manifest.game,
                    variant(manifest.variant.clone()),
                    game.name(),
                    variant(game.variant()),
                ),
            });
        }
        if let Some(missing) = (0..manifest.tiers)
            .flat_map(|t| file::tier_paths(dir, &manifest, t))
            .find(|p| !p.exists())
        {
            return Err(TierError::BadFile {
                path: missing,
                what: "missing: the solution is not finished (run the solve again to resume it)"
                    .into(),
            });
        }
        Ok(Solved {
            game,
            dir: dir.to_path_buf(),
            manifest,
            cache: Mutex::default(),
            read: AtomicU64::new(0),
        })
    }

    /// The bytes the questions have read from the tier files so far (whole tiers read by
    /// [`Solved::tier`] and [`Solved::check`] not counted): a measure of what a question
    /// costs.
    pub fn bytes_read(&self) -> u64 {
        self.read.load(Relaxed)
    }

    /// The solution's manifest (game, tiers, options).
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The value of `p` for the player to move: from a block kept, or from the block holding
    /// `p` read and checked ([`file::read_block`]) and then kept. O(1) file reads of at most a
    /// block, none when the block is kept.
    pub fn value(&self, p: &G::Position) -> Result<Value, TierError> {
        let tier = self.game.tier(p);
        if tier >= self.manifest.tiers {
            return Err(TierError::Position(format!(
                "the position is in tier {tier}; the game has {}",
                self.manifest.tiers
            )));
        }
        let count = self.game.tier_size(tier);
        let rank = self.game.rank(p);
        if rank >= count {
            return Err(TierError::Position(format!(
                "the position has rank {rank} in tier {tier}, which has {count} positions"
            )));
        }
        let block = self.block(tier, count, rank)?;
        block.value(rank).ok_or_else(|| TierError::Damaged {
            path: file::rank_path(&self.dir, &self.manifest, tier, rank),
            what: format!("position {rank} has a record never written"),
        })
    }

    /// The block of `tier` holding `rank`: kept (its file unchanged), or read, checked and
    /// kept (the oldest one forgotten past [`CACHED`]).
    fn block(&self, tier: u32, count: u64, rank: u64) -> Result<Arc<Block>, TierError> {
        let path = file::rank_path(&self.dir, &self.manifest, tier, rank);
        let meta = std::fs::metadata(&path).map_err(super::io_error(&path))?;
        // A file system without times of change keeps nothing.
        let stamp = meta.modified().ok().map(|time| (meta.len(), time));
        let found = stamp.and_then(|stamp| {
            // A poisoned lock only means another question panicked: the blocks are whole.
            let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            let at = cache
                .iter()
                .position(|(t, s, b)| *t == tier && *s == stamp && b.positions().contains(&rank))?;
            let entry = cache.remove(at)?;
            cache.push_back(entry.clone());
            Some(entry.2)
        });
        if let Some(block) = found {
            return Ok(block);
        }
        let (block, read) = file::read_block(&self.dir, &self.manifest, tier, count, rank)?;
        self.read.fetch_add(read, Relaxed);
        let block = Arc::new(block);
        if let Some(stamp) = stamp {
            let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            // Blocks of an earlier state of the file are of no use any more.
            cache.retain(|(t, s, _)| *t != tier || *s == stamp);
            if cache.len() >= CACHED {
                cache.pop_front();
            }
            cache.push_back((tier, stamp, block.clone()));
        }
        Ok(block)
    }

    /// The results of a whole tier, read and checked (header, length, every piece of the
    /// index, every block's checksum, every record). O(tier).
    pub fn tier(&self, tier: u32) -> Result<Results, TierError> {
        if tier >= self.manifest.tiers {
            return Err(TierError::Position(format!(
                "tier {tier} does not exist; the game has {}",
                self.manifest.tiers
            )));
        }
        file::read_tier(&self.dir, &self.manifest, tier, self.game.tier_size(tier))
    }

    /// Reads and checks every tier file (header, length, index, every block's checksum, every
    /// record) and counts its outcomes, first tier to last. O(positions).
    pub fn check(&self, progress: &dyn Progress) -> Result<Vec<TierSummary>, TierError> {
        let mut tiers = Vec::with_capacity(self.manifest.tiers as usize);
        for tier in 0..self.manifest.tiers {
            let clock = Instant::now();
            let positions = self.game.tier_size(tier);
            progress.phase(&format!("checking tier {tier}"), Some(positions));
            let results = self.tier(tier)?;
            progress.advance(positions);
            tiers.push(TierSummary {
                tier,
                positions,
                counts: results.counts(),
                resumed: true,
                seconds: clock.elapsed().as_secs_f64(),
            });
        }
        progress.finish();
        Ok(tiers)
    }

    /// Every move from `p` in the rules' order, with the value it leads to, whether it is
    /// winning and best and what each move to a draw offers (shown beside the move even
    /// where another wins, as play shows it); empty where the game is over. O(moves) checked
    /// reads as in [`value`](Solved::value), O(moves²) where a move leads to a draw.
    pub fn steps(&self, p: &G::Position) -> Result<Vec<Step<G::Position>>, TierError> {
        if self.game.result(p).is_some() {
            return Ok(Vec::new());
        }
        let here = self.value(p)?;
        let mut options = crate::rules::Moves::new();
        self.game.moves(p, &mut options);
        let mut steps = Vec::with_capacity(options.len());
        for q in options {
            let value = self.value(&q)?;
            let faster = match (here.remoteness, value.remoteness) {
                (Some(r), Some(s)) => s + 1 == r,
                _ => true,
            };
            let best = match here.outcome {
                Outcome::Win => value.outcome == Outcome::Loss && faster,
                Outcome::Loss => faster,
                Outcome::Draw => value.outcome == Outcome::Draw,
            };
            let offer = match value.outcome {
                Outcome::Draw => self.offer(&q)?,
                _ => None,
            };
            steps.push(Step {
                position: q,
                winning: value.outcome == Outcome::Loss,
                best,
                value,
                offer,
            });
        }
        Ok(steps)
    }

    /// What a move to the drawn position `q` offers the opponent, who moves there: `g` of `q`
    /// (0 where he has a losing move, else one more than the largest level of his drawn
    /// moves; a pure draw where the game ends at `q`) and the move counted, his losing moves
    /// and his moves. `None` where a level it needs is not recorded. O(moves of `q`) reads.
    fn offer(&self, q: &G::Position) -> Result<Option<Offer>, TierError> {
        if self.game.result(q).is_some() {
            return Ok(Some(Offer {
                level: DrawLevel::Pure,
                losing: 0,
                moves: 0,
            }));
        }
        let mut options = crate::rules::Moves::new();
        self.game.moves(q, &mut options);
        let (mut losing, mut most) = (0u32, Some(DrawLevel::Plies(0)));
        for x in options.iter() {
            let value = self.value(x)?;
            match value.outcome {
                Outcome::Win => losing += 1,
                Outcome::Loss => {}
                Outcome::Draw => most = most.zip(value.draw_level).map(|(a, b)| a.max(b)),
            }
        }
        let defence = if losing > 0 {
            Some(DrawLevel::Plies(0))
        } else {
            most.map(DrawLevel::after_move)
        };
        Ok(defence.map(|g| Offer {
            level: g.after_move(),
            losing,
            moves: options.len() as u32,
        }))
    }

    /// The engine's move at the drawn position `p`: among the moves that keep the draw, the
    /// one with the best offer ([`Offer::compare`]), the first in the rules' order among
    /// equals, as [`crate::solve::draw_move`] chooses on a graph: its index in
    /// [`steps`](Solved::steps). `None` where `p` is no draw, the game is over, or a level
    /// is not recorded. O(1) beside the steps.
    pub fn draw_move(steps: &[Step<G::Position>]) -> Option<usize> {
        let mut best: Option<(usize, Offer)> = None;
        for (i, step) in steps.iter().enumerate() {
            if step.value.outcome != Outcome::Draw {
                continue;
            }
            let offer = step.offer?;
            if best.is_none_or(|(_, b)| offer.compare(&b) == std::cmp::Ordering::Less) {
                best = Some((i, offer));
            }
        }
        best.map(|(i, _)| i)
    }
}
