//! Questions to a solved game, answered from its files without solving again.

use std::path::{Path, PathBuf};

use super::file::{self, Manifest};
use std::time::Instant;

use super::{Results, TierError, TierRanking, TierSummary, Value};
use crate::outcome::Outcome;
use crate::progress::Progress;

/// A game solved by [`solve_tiered`](super::solve_tiered), opened from its folder. Each
/// question reads and checks the header and one chunk of 64 KiB of a tier file (two with
/// remoteness), never a whole file; a damaged file is an error, never an answer.
#[derive(Debug, Clone)]
pub struct Solved<G> {
    game: G,
    dir: PathBuf,
    manifest: Manifest,
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
}

impl<G: TierRanking> Solved<G> {
    /// Opens the solution in `dir`, checking that its manifest names `game` and that every
    /// tier file is there (their contents are checked as they are read).
    pub fn open(game: G, dir: &Path) -> Result<Solved<G>, TierError> {
        let manifest = file::read_manifest(dir)?;
        if manifest.game != game.name() || manifest.tiers != game.tier_count() {
            return Err(TierError::BadFile {
                path: dir.join(file::MANIFEST),
                what: format!(
                    "this folder holds a solution of {} ({} tiers), not of {} ({} tiers)",
                    manifest.game,
                    manifest.tiers,
                    game.name(),
                    game.tier_count()
                ),
            });
        }
        if let Some(missing) = (0..manifest.tiers)
            .map(|t| file::tier_path(dir, t))
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
        })
    }

    /// The solution's manifest (game, tiers, options).
    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The value of `p` for the player to move: the header and the chunks holding `p`'s bytes
    /// read and checked ([`file::read_value`]). O(1) file reads of at most 64 KiB.
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
        file::read_value(&self.dir, &self.manifest, tier, count, rank)
    }

    /// The results of a whole tier, read and checked (header, length, every chunk's checksum,
    /// outcome codes). O(tier).
    pub fn tier(&self, tier: u32) -> Result<Results, TierError> {
        if tier >= self.manifest.tiers {
            return Err(TierError::Position(format!(
                "tier {tier} does not exist; the game has {}",
                self.manifest.tiers
            )));
        }
        file::read_tier(&self.dir, &self.manifest, tier, self.game.tier_size(tier))
    }

    /// Reads and checks every tier file (header, length, every chunk's checksum, outcome codes)
    /// and counts its outcomes, first tier to last. O(positions).
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

    /// Every move from `p` in the rules' order, with the value it leads to and whether it is
    /// winning and best; empty where the game is over. O(moves) checked reads as in
    /// [`value`](Solved::value).
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
            steps.push(Step {
                position: q,
                winning: value.outcome == Outcome::Loss,
                best,
                value,
            });
        }
        Ok(steps)
    }
}
