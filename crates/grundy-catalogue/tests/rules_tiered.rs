//! The tiered solver against the graph solver (explore + solve) on Connect Four, on the card
//! game of Codeforces 919F and on random games with cycles inside tiers, by the tier's graph
//! and by un-moves; its files: resumed runs byte for byte, damaged, truncated and old files
//! named and never answered from.

use std::fs;
use std::path::{Path, PathBuf};

use grundy::budget::Budget;
use grundy::progress::NoProgress;
use grundy::rules::tiered::{
    file, solve_tiered, Solved, Step, TierError, TierOptions, TierRanking, Value,
};
use grundy::rules::{explore, Game};
use grundy::solve::{draw_levels, solve, SolveOptions};
use grundy::Outcome;
use grundy_catalogue::games::cards::{answer, answer_from, Cards, CardsPosition};
use grundy_catalogue::games::connect4::Connect4Tiers;
use grundy_catalogue::games::connect4::{Connect4, Connect4Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// An empty scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tiered-{name}"));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// Every file of a folder with its bytes, sorted by name.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut all: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    all.sort();
    all
}

/// Solves `game` by the tiered solver into `dir` and by the graph solver from `starts`, and
/// compares outcome and remoteness on every reachable position, and each draw's level (none
/// for a game solved by un-moves); returns how many.
fn compare_with_graph<G>(game: &G, starts: Vec<G::Position>, dir: &Path, misere: bool) -> usize
where
    G: TierRanking + Clone + Send + Sync + 'static,
{
    let options = TierOptions {
        misere,
        ..TierOptions::default()
    };
    solve_tiered(game, dir, &options, &NoProgress).unwrap();
    let solved = Solved::open(game.clone(), dir).unwrap();
    let explored = explore(game, starts, &Budget::default(), &NoProgress).unwrap();
    let solution = solve(
        &explored.graph,
        &SolveOptions {
            misere,
            preferences: None,
        },
    )
    .unwrap();
    let tiers: Vec<_> = (0..game.tier_count())
        .map(|t| solved.tier(t).unwrap())
        .collect();
    let levels = draw_levels(&explored.graph, &solution, &Budget::default()).unwrap();
    let n = explored.graph.position_count();
    for id in 0..n as u32 {
        let p = explored.position(id);
        let value = tiers[game.tier(p) as usize].get(game.rank(p));
        if id % 1000 == 0 {
            assert_eq!(solved.value(p).unwrap(), value);
        }
        assert_eq!(
            (value.outcome, value.remoteness),
            (solution.outcome(id), solution.remoteness(id)),
            "position {id} of {}",
            game.name()
        );
        assert_eq!(
            value.draw_level,
            levels.level(id),
            "draw level of position {id} of {}",
            game.name()
        );
    }
    n
}

#[test]
fn connect_four_ranking_is_a_bijection_tier_by_tier() {
    for (w, h) in [(4, 4), (3, 5), (5, 3), (1, 6), (6, 1)] {
        let tiers = Connect4Tiers::new(Connect4::new(w, h).unwrap()).unwrap();
        let mut stepped = Vec::new();
        let (mut options, mut ranked, mut expected) =
            (grundy::rules::Moves::new(), Vec::new(), Vec::new());
        for t in 0..tiers.tier_count() {
            let size = tiers.tier_size(t);
            stepped.clear();
            tiers.unrank_range(t, 0..size, &mut stepped);
            for rank in 0..size {
                let p = tiers.unrank(t, rank);
                assert_eq!(p.mask.count_ones(), t);
                assert_eq!(tiers.tier(&p), t);
                assert_eq!(tiers.rank(&p), rank, "{w}x{h} tier {t}");
                assert_eq!(stepped[rank as usize], p, "{w}x{h} tier {t} rank {rank}");
                // A range from the middle steps the same way.
                let mut from = Vec::new();
                tiers.unrank_range(t, rank..(rank + 3).min(size), &mut from);
                assert_eq!(from[0], p);
                if tiers.result(&p).is_none() {
                    options.clear();
                    tiers.moves(&p, &mut options);
                    expected.clear();
                    expected.extend(options.iter().map(|q| (tiers.tier(q), tiers.rank(q))));
                    ranked.clear();
                    tiers.ranked_moves(&p, &mut ranked);
                    assert_eq!(ranked, expected, "{w}x{h} tier {t} rank {rank}");
                }
            }
        }
    }
}

#[test]
fn connect_four_ranking_counts_every_board_with_gravity() {
    // Σ over shapes of C(k, ⌈k/2⌉): 4 × 4 has 201,755 such boards, 7 × 4 4,593,382,831.
    let total = |w, h| {
        let tiers = Connect4Tiers::new(Connect4::new(w, h).unwrap()).unwrap();
        (0..tiers.tier_count())
            .map(|t| tiers.tier_size(t))
            .sum::<u64>()
    };
    assert_eq!(total(4, 4), 201_755);
    assert_eq!(total(7, 4), 4_593_382_831);
    assert_eq!(total(6, 5), 9_918_556_649);
    assert!(Connect4Tiers::new(Connect4::new(8, 7).unwrap()).is_err());
}

#[test]
fn connect_four_small_boards_match_the_graph_solver() {
    for (w, h, reachable) in [(4, 4, 161_029), (5, 4, 3_945_711), (4, 5, 1_706_255)] {
        let tiers = Connect4Tiers::new(Connect4::new(w, h).unwrap()).unwrap();
        let dir = scratch(&format!("c4-{w}x{h}"));
        let n = compare_with_graph(&tiers, vec![Connect4Position::default()], &dir, false);
        assert_eq!(n, reachable);
        let solved = Solved::open(tiers.clone(), &dir).unwrap();
        let root = solved.value(&Connect4Position::default()).unwrap();
        assert_eq!(root.outcome, Outcome::Draw, "{w}x{h}");
        // A question about a position of the largest tier reads its header, a piece of the
        // index and one block, not the file; a neighbour in the same block reads nothing.
        let tier = (0..tiers.tier_count())
            .max_by_key(|&t| tiers.tier_size(t))
            .unwrap();
        let file_size = fs::metadata(file::tier_path(&dir, tier)).unwrap().len();
        let rank = tiers.tier_size(tier) / 2;
        let before = solved.bytes_read();
        solved.value(&tiers.unrank(tier, rank)).unwrap();
        let read = solved.bytes_read() - before;
        assert!(
            read <= 200 + 5124 + 2 * file::BLOCK,
            "{w}x{h}: {read} bytes read"
        );
        if tiers.tier_size(tier) > file::BLOCK {
            assert!(
                read < file_size / 2,
                "{w}x{h}: {read} bytes read of {file_size}"
            );
        }
        solved.value(&tiers.unrank(tier, rank + 1)).unwrap();
        assert_eq!(solved.bytes_read() - before, read, "{w}x{h}");
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// A random game of `tiers` tiers with moves inside tiers (cycles) and to later tiers, some
/// positions ended by the rules with a fixed result.
#[derive(Debug, Clone)]
struct RandomTiers {
    seed: u64,
    sizes: Vec<u64>,
    moves: Vec<Vec<Vec<(u32, u64)>>>,
    ends: Vec<Vec<Option<Outcome>>>,
}

impl RandomTiers {
    fn new(seed: u64) -> RandomTiers {
        let mut rng = StdRng::seed_from_u64(seed);
        let tiers = rng.random_range(1..6usize);
        let sizes: Vec<u64> = (0..tiers).map(|_| rng.random_range(1..12)).collect();
        let inside = rng.random_range(0.0..0.6);
        let mut moves = Vec::new();
        let mut ends = Vec::new();
        for t in 0..tiers {
            let mut tier_moves = Vec::new();
            let mut tier_ends = Vec::new();
            for _ in 0..sizes[t] {
                tier_ends.push(match rng.random_range(0..12) {
                    0 => Some(Outcome::Win),
                    1 => Some(Outcome::Loss),
                    2 => Some(Outcome::Draw),
                    _ => None,
                });
                let count = rng.random_range(0..4);
                let mut list = Vec::new();
                for _ in 0..count {
                    let to = if t + 1 == tiers || rng.random_bool(inside) {
                        t
                    } else {
                        rng.random_range(t + 1..tiers)
                    };
                    list.push((to as u32, rng.random_range(0..sizes[to])));
                }
                tier_moves.push(list);
            }
            moves.push(tier_moves);
            ends.push(tier_ends);
        }
        RandomTiers {
            seed,
            sizes,
            moves,
            ends,
        }
    }

    fn all(&self) -> Vec<(u32, u64)> {
        (0..self.sizes.len() as u32)
            .flat_map(|t| (0..self.sizes[t as usize]).map(move |i| (t, i)))
            .collect()
    }
}

impl Game for RandomTiers {
    type Position = (u32, u64);

    fn moves(&self, &(t, i): &(u32, u64), out: &mut grundy::rules::Moves<(u32, u64)>) {
        out.extend(self.moves[t as usize][i as usize].iter().copied());
    }

    fn result(&self, &(t, i): &(u32, u64)) -> Option<Outcome> {
        self.ends[t as usize][i as usize]
    }
}

impl TierRanking for RandomTiers {
    fn name(&self) -> String {
        format!("random {}", self.seed)
    }
    fn tier_count(&self) -> u32 {
        self.sizes.len() as u32
    }
    fn tier(&self, p: &(u32, u64)) -> u32 {
        p.0
    }
    fn tier_size(&self, tier: u32) -> u64 {
        self.sizes[tier as usize]
    }
    fn rank(&self, p: &(u32, u64)) -> u64 {
        p.1
    }
    fn unrank(&self, tier: u32, rank: u64) -> (u32, u64) {
        (tier, rank)
    }
}

#[test]
fn random_games_with_cycles_match_the_graph_solver_in_both_plays() {
    let dir = scratch("random");
    let mut positions = 0;
    for seed in 0..400 {
        let game = RandomTiers::new(seed);
        for misere in [false, true] {
            let _ = fs::remove_dir_all(&dir);
            positions += compare_with_graph(&game, game.all(), &dir, misere);
        }
    }
    assert!(positions > 10_000, "{positions}");
    fs::remove_dir_all(&dir).unwrap();
}

/// A random tiered game that supplies its un-moves (its moves reversed), with one of them
/// possibly broken on purpose.
#[derive(Debug, Clone)]
struct Unmoved {
    game: RandomTiers,
    /// The predecessors of each position, by tier and rank.
    before: Vec<Vec<Vec<(u32, u64)>>>,
}

/// A mistake in a game's un-moves.
#[derive(Debug, Clone, Copy)]
enum Fault {
    /// One un-move left out.
    Missing,
    /// One position listed that has no such move.
    Extra,
    /// One un-move listed twice.
    Twice,
}

impl Unmoved {
    fn new(game: RandomTiers) -> Unmoved {
        let mut before: Vec<Vec<Vec<(u32, u64)>>> = game
            .sizes
            .iter()
            .map(|&n| vec![Vec::new(); n as usize])
            .collect();
        for q in game.all() {
            // Positions where the game is over have no moves, hence are nobody's predecessor.
            if game.result(&q).is_none() {
                for &(t, r) in &game.moves[q.0 as usize][q.1 as usize] {
                    before[t as usize][r as usize].push(q);
                }
            }
        }
        Unmoved { game, before }
    }

    /// The same game with `fault` in the un-moves of a position that has some, if any.
    fn broken(mut self, fault: Fault) -> Option<Unmoved> {
        // A list with a predecessor in the same tier (the others are not used).
        let list = self
            .before
            .iter_mut()
            .enumerate()
            .flat_map(|(t, tier)| tier.iter_mut().map(move |l| (t as u32, l)))
            .find(|(t, l)| l.iter().any(|q| q.0 == *t))
            .map(|(_, l)| l)?;
        // In-tier predecessors first: the others are from earlier tiers.
        list.sort_by_key(|q| std::cmp::Reverse(q.0));
        match fault {
            Fault::Missing => {
                list.remove(0);
            }
            Fault::Extra => {
                let q = list[0];
                list.push((q.0, (q.1 + 1) % self.game.sizes[q.0 as usize]));
            }
            Fault::Twice => list.push(list[0]),
        }
        Some(self)
    }
}

impl Game for Unmoved {
    type Position = (u32, u64);

    fn moves(&self, p: &(u32, u64), out: &mut grundy::rules::Moves<(u32, u64)>) {
        self.game.moves(p, out);
    }

    fn result(&self, p: &(u32, u64)) -> Option<Outcome> {
        self.game.result(p)
    }
}

impl TierRanking for Unmoved {
    const UNMOVES: bool = true;

    fn name(&self) -> String {
        self.game.name()
    }
    fn tier_count(&self) -> u32 {
        self.game.tier_count()
    }
    fn tier(&self, p: &(u32, u64)) -> u32 {
        p.0
    }
    fn tier_size(&self, tier: u32) -> u64 {
        self.game.tier_size(tier)
    }
    fn rank(&self, p: &(u32, u64)) -> u64 {
        p.1
    }
    fn unrank(&self, tier: u32, rank: u64) -> (u32, u64) {
        (tier, rank)
    }
    fn predecessors(&self, &(t, r): &(u32, u64), out: &mut Vec<(u32, u64)>) {
        out.extend(&self.before[t as usize][r as usize]);
    }
}

#[test]
fn retrograde_by_unmoves_matches_the_graph_solver_in_both_plays() {
    let dir = scratch("unmoves");
    let mut positions = 0;
    for seed in 0..400 {
        let game = Unmoved::new(RandomTiers::new(seed));
        for misere in [false, true] {
            let _ = fs::remove_dir_all(&dir);
            positions += compare_with_graph(&game, game.game.all(), &dir, misere);
            // Without remoteness (every later option at level 0): the same outcomes.
            let with = Solved::open(game.clone(), &dir).unwrap();
            let without = scratch("unmoves-outcomes");
            let options = TierOptions {
                remoteness: false,
                misere,
                ..TierOptions::default()
            };
            solve_tiered(&game, &without, &options, &NoProgress).unwrap();
            let without = Solved::open(game.clone(), &without).unwrap();
            for p in game.game.all() {
                let (a, b) = (with.value(&p).unwrap(), without.value(&p).unwrap());
                assert_eq!(
                    (a.outcome, None),
                    (b.outcome, b.remoteness),
                    "seed {seed} {p:?}"
                );
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
    fs::remove_dir_all(&dir).unwrap();
    scratch("unmoves-outcomes");
}

#[test]
fn wrong_unmoves_stop_the_solve_instead_of_giving_a_result() {
    let dir = scratch("wrong-unmoves");
    let mut caught = 0;
    for seed in 0..100 {
        for fault in [Fault::Missing, Fault::Extra, Fault::Twice] {
            let Some(game) = Unmoved::new(RandomTiers::new(seed)).broken(fault) else {
                continue;
            };
            let _ = fs::remove_dir_all(&dir);
            let err = solve_tiered(&game, &dir, &TierOptions::default(), &NoProgress)
                .expect_err(&format!("seed {seed}, {fault:?}"));
            assert!(
                matches!(&err, TierError::Ranking(m) if m.contains("predecessors")),
                "seed {seed}, {fault:?}: {err}"
            );
            caught += 1;
        }
    }
    assert!(caught > 250, "{caught}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn retrograde_by_unmoves_is_the_same_on_any_number_of_threads() {
    // One tier of 200,000 positions with cycles: both threads visit at once.
    let mut rng = StdRng::seed_from_u64(7);
    let size = 200_000u64;
    let mut game = RandomTiers::new(0);
    game.sizes = vec![size];
    game.ends = vec![(0..size)
        .map(|_| match rng.random_range(0..40) {
            0 => Some(Outcome::Win),
            1 => Some(Outcome::Loss),
            _ => None,
        })
        .collect()];
    game.moves = vec![(0..size)
        .map(|_| {
            (0..rng.random_range(0..4))
                .map(|_| (0, rng.random_range(0..size)))
                .collect()
        })
        .collect()];
    let game = Unmoved::new(game);
    let mut runs = Vec::new();
    for threads in [1, 2, 3] {
        let dir = scratch(&format!("unmoves-threads-{threads}"));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| solve_tiered(&game, &dir, &TierOptions::default(), &NoProgress))
            .unwrap();
        runs.push(files(&dir));
        fs::remove_dir_all(&dir).unwrap();
    }
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0], runs[2]);
    let dir = scratch("unmoves-big");
    assert_eq!(
        compare_with_graph(&game, game.game.all(), &dir, false),
        size as usize
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resumed_runs_and_thread_counts_give_the_same_files() {
    let tiers = Connect4Tiers::new(Connect4::new(4, 4).unwrap()).unwrap();
    let whole = scratch("whole");
    let pool = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    };
    pool(1)
        .install(|| solve_tiered(&tiers, &whole, &TierOptions::default(), &NoProgress))
        .unwrap();
    let two = scratch("two-threads");
    pool(2)
        .install(|| solve_tiered(&tiers, &two, &TierOptions::default(), &NoProgress))
        .unwrap();
    assert_eq!(files(&whole), files(&two));
    // A run stopped in tier 5: tiers 6.. finished, a partial file of tier 5 left behind.
    let stopped = scratch("stopped");
    fs::create_dir_all(&stopped).unwrap();
    for (name, bytes) in files(&whole) {
        let keep = name == file::MANIFEST || name.as_str() > "tier-00005.grundy";
        if keep {
            fs::write(stopped.join(&name), bytes).unwrap();
        }
    }
    fs::write(stopped.join("tier-00005.partial"), b"half a tier").unwrap();
    let summary = solve_tiered(&tiers, &stopped, &TierOptions::default(), &NoProgress).unwrap();
    assert_eq!(
        summary.tiers.iter().filter(|t| t.resumed).count(),
        tiers.tier_count() as usize - 6
    );
    let mut after = files(&stopped);
    after.retain(|(name, _)| !name.ends_with(".partial"));
    assert_eq!(after, files(&two));
    for dir in [whole, two, stopped] {
        fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn damaged_and_truncated_tier_files_are_named() {
    let tiers = Connect4Tiers::new(Connect4::new(4, 3).unwrap()).unwrap();
    let dir = scratch("damaged");
    solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let path = file::tier_path(&dir, 7);
    let good = fs::read(&path).unwrap();
    // One bit flipped in the results: the checksum says so.
    let mut flipped = good.clone();
    let at = flipped.len() / 2;
    flipped[at] ^= 0x10;
    fs::write(&path, &flipped).unwrap();
    let err = solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap_err();
    assert!(matches!(err, TierError::Damaged { .. }), "{err}");
    let text = err.to_string();
    assert!(
        text.contains("tier-00007.grundy")
            && text.contains("checksum mismatch in block 0")
            && text.contains("rebuild the solution"),
        "{text}"
    );
    // Truncated: the solve and a query both name the file.
    fs::write(&path, &good[..good.len() - 9]).unwrap();
    let text = solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress)
        .unwrap_err()
        .to_string();
    assert!(
        text.contains("tier-00007.grundy") && text.contains("truncated"),
        "{text}"
    );
    let solved = Solved::open(tiers.clone(), &dir).unwrap();
    let p = tiers.unrank(7, 3);
    let text = solved.value(&p).unwrap_err().to_string();
    assert!(
        text.contains("tier-00007.grundy") && text.contains("truncated"),
        "{text}"
    );
    // Another game's folder is refused.
    fs::write(&path, &good).unwrap();
    let other = Connect4Tiers::new(Connect4::new(3, 4).unwrap()).unwrap();
    let text = solve_tiered(&other, &dir, &TierOptions::default(), &NoProgress)
        .unwrap_err()
        .to_string();
    assert!(
        text.contains("connect4 4x3") && text.contains("connect4 3x4"),
        "{text}"
    );
    // A missing tier: the solution is not finished.
    fs::remove_file(&path).unwrap();
    let text = Solved::open(tiers, &dir).unwrap_err().to_string();
    assert!(
        text.contains("tier-00007.grundy") && text.contains("resume"),
        "{text}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// The value and the steps of a position, as a solution answers them.
type Answer<P> = (Value, Vec<Step<P>>);

/// Asks `solved` about `p`: its value and its steps.
fn ask<G: TierRanking + Clone>(
    solved: &Solved<G>,
    p: &G::Position,
) -> Result<Answer<G::Position>, TierError> {
    Ok((solved.value(p)?, solved.steps(p)?))
}

/// The first position a damaged byte at `at` of a tier file (`bytes`, format 3) makes
/// unreadable, read from the documented layout: the tier's first for the header, the first
/// of a piece's blocks for a byte of the index, the first of a block for a byte of it.
fn first_damaged(bytes: &[u8], at: usize) -> u64 {
    let u32_at = |i: usize| u64::from(u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap()));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap());
    let (header, count, block, piece) = (u32_at(8), u64_at(20), u32_at(28), u32_at(32));
    let blocks = count.div_ceil(block);
    let at = at as u64;
    let index = |p: u64| header + p * (20 * piece + 4);
    let pieces = blocks.div_ceil(piece);
    if at < header {
        0
    } else if at < index(pieces) - (pieces * piece - blocks) * 20 {
        (at - header) / (20 * piece + 4) * piece * block
    } else {
        let entry = |k: u64| index(k / piece) + (k % piece) * 20;
        let k = (0..blocks)
            .rfind(|&k| u64_at(entry(k) as usize) <= at)
            .unwrap();
        k * block
    }
}

/// Flips single bytes of every tier file of the solution of `game` in `dir`, one at a time
/// (seeded: the header's first and last bytes, the file's last bytes and every k-th byte from
/// a random start, about `per_file` a file, each by a random non-zero mask), and asks each
/// time about the positions of the damaged tier and of the tier before it (whose steps lead
/// into it) among `sample`, and about the first position the flipped byte covers (in its
/// block, its piece of the index, or the header): every answer is the undamaged one or an
/// error naming the damaged file, the flipped position's is always an error, and so is
/// reading the tier whole. Returns the flips, the failed queries (value and steps) and the
/// values of the damaged tier still answered (from other blocks).
fn flip_bytes<G>(
    game: &G,
    dir: &Path,
    sample: &[G::Position],
    per_file: usize,
    rng: &mut StdRng,
) -> (usize, usize, usize)
where
    G: TierRanking + Clone + Send + Sync + 'static,
    G::Position: PartialEq + std::fmt::Debug,
{
    let expected: Vec<_> = {
        let solved = Solved::open(game.clone(), dir).unwrap();
        sample.iter().map(|p| ask(&solved, p).unwrap()).collect()
    };
    let (mut flips, mut failed, mut answered) = (0, 0, 0);
    for tier in 0..game.tier_count() {
        let path = file::tier_path(dir, tier);
        let name = path.to_str().unwrap().to_string();
        let good = fs::read(&path).unwrap();
        let header = u32::from_le_bytes(good[8..12].try_into().unwrap()) as usize;
        let step = (good.len() / per_file).max(1);
        let mut offsets = vec![0, 7, 8, 20, header - 5, header - 1, good.len() - 1];
        offsets.extend((rng.random_range(0..step)..good.len()).step_by(step));
        let size = game.tier_size(tier);
        for at in offsets {
            let mut bytes = good.clone();
            bytes[at] ^= rng.random_range(1..=255u8);
            fs::write(&path, &bytes).unwrap();
            flips += 1;
            // A solution opened anew for each flip: one opened before keeps the blocks it read.
            let solved = Solved::open(game.clone(), dir).unwrap();
            let flipped = first_damaged(&good, at);
            let err = solved
                .value(&game.unrank(tier, flipped.min(size - 1)))
                .unwrap_err();
            assert!(err.to_string().contains(&name), "byte {at}: {err}");
            let err = solved.tier(tier).unwrap_err();
            assert!(err.to_string().contains(&name), "byte {at}: {err}");
            for (p, answer) in sample.iter().zip(&expected) {
                let t = game.tier(p);
                if t != tier && t + 1 != tier {
                    continue;
                }
                match solved.value(p) {
                    Ok(found) => {
                        assert_eq!(found, answer.0, "{p:?} after flipping byte {at}");
                        answered += usize::from(t == tier);
                    }
                    Err(err) => assert!(err.to_string().contains(&name), "byte {at}: {err}"),
                }
                match ask(&solved, p) {
                    Ok(found) => assert_eq!(&found, answer, "{p:?} after flipping byte {at}"),
                    Err(err) => {
                        failed += 1;
                        assert!(err.to_string().contains(&name), "byte {at}: {err}");
                    }
                }
            }
        }
        fs::write(&path, &good).unwrap();
    }
    Solved::open(game.clone(), dir)
        .unwrap()
        .check(&NoProgress)
        .unwrap();
    (flips, failed, answered)
}

#[test]
fn flipped_bytes_never_change_an_answer() {
    let mut rng = StdRng::seed_from_u64(919);
    // Connect Four 4 × 4: 17 files of one block each; 8 positions a tier.
    let tiers = Connect4Tiers::new(Connect4::new(4, 4).unwrap()).unwrap();
    let dir = scratch("flips-c4");
    solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let sample: Vec<_> = (0..tiers.tier_count())
        .flat_map(|t| {
            let size = tiers.tier_size(t);
            (0..8).map(move |i| (t, size * i / 8 + size / 16))
        })
        .map(|(t, r)| tiers.unrank(t, r))
        .collect();
    let (flips, failed, _) = flip_bytes(&tiers, &dir, &sample, 12, &mut rng);
    assert!(
        flips > 300 && failed > 100,
        "{flips} flips, {failed} failed"
    );
    fs::remove_dir_all(&dir).unwrap();
    // The card game 7 mod 5: one tier of 108,900 positions, two blocks.
    let game = Cards::new(7, 5).unwrap();
    for remoteness in [false, true] {
        let dir = scratch(&format!("flips-cards-{remoteness}"));
        let options = TierOptions {
            remoteness,
            ..TierOptions::default()
        };
        solve_tiered(&game, &dir, &options, &NoProgress).unwrap();
        let size = game.tier_size(0);
        let sample: Vec<_> = (0..24)
            .map(|_| game.unrank(0, rng.random_range(0..size)))
            .collect();
        let (flips, failed, answered) = flip_bytes(&game, &dir, &sample, 60, &mut rng);
        assert!(flips > 60 && failed > 0, "{flips} flips, {failed} failed");
        // The values whose blocks are not the flipped one are answered.
        assert!(answered > 0, "{answered} answered");
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn truncated_grown_and_old_files_are_refused() {
    let tiers = Connect4Tiers::new(Connect4::new(4, 3).unwrap()).unwrap();
    let dir = scratch("truncated");
    let first = solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let path = file::tier_path(&dir, 6);
    let name = path.to_str().unwrap().to_string();
    let good = fs::read(&path).unwrap();
    let solved = Solved::open(tiers.clone(), &dir).unwrap();
    let p = tiers.unrank(6, tiers.tier_size(6) - 1);
    let before = solved.value(&p).unwrap();
    let n = good.len();
    let header = u32::from_le_bytes(good[8..12].try_into().unwrap()) as usize;
    for len in [
        0,
        5,
        31,
        header - 1,
        header,
        header + 1,
        n / 2,
        n - 4,
        n - 1,
    ] {
        fs::write(&path, &good[..len]).unwrap();
        for err in [
            solved.value(&p).unwrap_err(),
            solved.tier(6).unwrap_err(),
            solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap_err(),
        ] {
            assert!(matches!(err, TierError::Damaged { .. }), "{len}: {err}");
            let text = err.to_string();
            assert!(
                text.contains(&name) && text.contains("truncated"),
                "{len}: {text}"
            );
        }
    }
    let mut grown = good.clone();
    grown.push(0);
    fs::write(&path, &grown).unwrap();
    let text = solved.value(&p).unwrap_err().to_string();
    assert!(text.contains(&name) && text.contains("expected"), "{text}");
    // Rebuilding: the damaged file deleted, the same solve does that tier again, and only it.
    fs::remove_file(&path).unwrap();
    let again = solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let redone: Vec<_> = again
        .tiers
        .iter()
        .filter(|t| !t.resumed)
        .map(|t| t.tier)
        .collect();
    assert_eq!(redone, [6]);
    assert_eq!(fs::read(&path).unwrap(), good);
    assert_eq!(solved.value(&p).unwrap(), before);
    let counts = |s: &grundy::rules::tiered::Summary| -> Vec<[u64; 3]> {
        s.tiers.iter().map(|t| t.counts).collect()
    };
    assert_eq!(counts(&again), counts(&first));

    // A tier file of format 1, written by hand: header, outcomes, remoteness, one CRC-32.
    let size = tiers.tier_size(6);
    let mut old = b"GRUNDYT\x01".to_vec();
    old.extend_from_slice(&1u32.to_le_bytes());
    old.extend_from_slice(&6u32.to_le_bytes());
    old.extend_from_slice(&size.to_le_bytes());
    old.extend_from_slice(&(tiers.name().len() as u32).to_le_bytes());
    old.extend_from_slice(tiers.name().as_bytes());
    old.resize(old.len() + size.div_ceil(4) as usize + size as usize, 0);
    let sum = crc32fast_sum(&old);
    old.extend_from_slice(&sum.to_le_bytes());
    fs::write(&path, &old).unwrap();
    for err in [
        solved.value(&p).unwrap_err(),
        solved.tier(6).unwrap_err(),
        solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap_err(),
    ] {
        assert!(
            matches!(err, TierError::OldFormat { format: 1, .. }),
            "{err}"
        );
        let text = err.to_string();
        assert!(
            text.contains(&name)
                && text.contains("older version of grundy")
                && text.contains("fresh folder"),
            "{text}"
        );
    }
    // A tier file of format 2, written by hand: header, outcomes and remoteness bytes in
    // chunks of 64 KiB, each with its CRC-32 (one chunk here).
    let mut old = b"GRUNDYT\x02".to_vec();
    old.extend_from_slice(&1u32.to_le_bytes());
    old.extend_from_slice(&6u32.to_le_bytes());
    old.extend_from_slice(&size.to_le_bytes());
    old.extend_from_slice(&65536u32.to_le_bytes());
    old.extend_from_slice(&(tiers.name().len() as u32).to_le_bytes());
    old.extend_from_slice(tiers.name().as_bytes());
    let sum = crc32fast_sum(&old);
    old.extend_from_slice(&sum.to_le_bytes());
    old.resize(old.len() + size.div_ceil(4) as usize + size as usize + 4, 0);
    fs::write(&path, &old).unwrap();
    for err in [
        solved.value(&p).unwrap_err(),
        solved.tier(6).unwrap_err(),
        solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap_err(),
    ] {
        assert!(
            matches!(err, TierError::OldFormat { format: 2, .. }),
            "{err}"
        );
    }
    // Manifests of formats 1 and 2 (format 2's named no variant nor layout): refused on
    // open, and by a solve into the folder.
    fs::write(&path, &good).unwrap();
    let manifest = dir.join(file::MANIFEST);
    let text = fs::read_to_string(&manifest).unwrap();
    for format in [1, 2] {
        let old = format!(
            "{{\n  \"format\": {format},\n  \"game\": \"{}\",\n  \"tiers\": {},\n  \
             \"remoteness\": true,\n  \"misere\": false\n}}\n",
            tiers.name(),
            tiers.tier_count()
        );
        fs::write(&manifest, old).unwrap();
        for err in [
            Solved::open(tiers.clone(), &dir).unwrap_err(),
            solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap_err(),
        ] {
            assert!(
                matches!(err, TierError::OldFormat { format: f, .. } if f == format),
                "{err}"
            );
            let text = err.to_string();
            assert!(
                text.contains("manifest.json") && text.contains("older version of grundy"),
                "{text}"
            );
        }
    }
    fs::write(&manifest, text).unwrap();
    assert_eq!(solved.value(&p).unwrap(), before);
    fs::remove_dir_all(&dir).unwrap();
}

/// CRC-32 (IEEE), bit by bit: the checksum of format 1, written here without the engine.
fn crc32fast_sum(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn memory_limit_and_remoteness_overflow_are_clear_errors() {
    let tiers = Connect4Tiers::new(Connect4::new(4, 4).unwrap()).unwrap();
    let dir = scratch("memory");
    let options = TierOptions {
        memory: Some(10_000),
        ..TierOptions::default()
    };
    let text = solve_tiered(&tiers, &dir, &options, &NoProgress)
        .unwrap_err()
        .to_string();
    assert!(
        text.contains("memory budget") && text.contains("10000") && !text.contains("--"),
        "{text}"
    );
    // Refused before any tier is solved or allocated, and before anything is written.
    assert!(!dir.exists(), "{}", dir.display());

    // A chain of positions in one tier: remoteness 299 fits a record (not format 2's byte),
    // 16,383 does not.
    #[derive(Clone)]
    struct Chain(u64);
    impl Game for Chain {
        type Position = u64;
        fn moves(&self, &n: &u64, out: &mut grundy::rules::Moves<u64>) {
            if n > 0 {
                out.push(n - 1);
            }
        }
    }
    impl TierRanking for Chain {
        fn name(&self) -> String {
            "chain".into()
        }
        fn tier_count(&self) -> u32 {
            1
        }
        fn tier(&self, _: &u64) -> u32 {
            0
        }
        fn tier_size(&self, _: u32) -> u64 {
            self.0
        }
        fn rank(&self, &n: &u64) -> u64 {
            n
        }
        fn unrank(&self, _: u32, rank: u64) -> u64 {
            rank
        }
    }
    let dir = scratch("chain");
    solve_tiered(&Chain(300), &dir, &TierOptions::default(), &NoProgress).unwrap();
    let solved = Solved::open(Chain(300), &dir).unwrap();
    for n in [0u64, 1, 298, 299] {
        let value = solved.value(&n).unwrap();
        let expected = if n % 2 == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        };
        assert_eq!(
            (value.outcome, value.remoteness),
            (expected, Some(n as u32))
        );
    }
    let _ = fs::remove_dir_all(&dir);
    let err = solve_tiered(&Chain(16_384), &dir, &TierOptions::default(), &NoProgress).unwrap_err();
    assert!(
        matches!(
            err,
            TierError::Remoteness {
                remoteness: 16_383,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("16,382"), "{err}");
    let _ = fs::remove_dir_all(&dir);
    let outcomes_only = TierOptions {
        remoteness: false,
        ..TierOptions::default()
    };
    solve_tiered(&Chain(16_384), &dir, &outcomes_only, &NoProgress).unwrap();
    let solved = Solved::open(Chain(16_384), &dir).unwrap();
    for n in [0u64, 1, 298, 299, 16_383] {
        let value = solved.value(&n).unwrap();
        let expected = if n % 2 == 0 {
            Outcome::Loss
        } else {
            Outcome::Win
        };
        assert_eq!((value.outcome, value.remoteness), (expected, None), "{n}");
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// Take 1, 3 or 4 counters from a pile of at most `counters`, the pile sizes in tiers of
/// `per` (tier t holds the piles `counters - per t - i`, rank i): moves go to the same tier or
/// later ones; with `UNMOVES`, solved by retrograde over un-moves (a pile's predecessors are
/// the piles 1, 3 and 4 larger).
#[derive(Debug, Clone)]
struct Take<const UNMOVES: bool> {
    counters: u64,
    per: u64,
}

impl<const U: bool> Game for Take<U> {
    type Position = u64;
    fn moves(&self, &n: &u64, out: &mut grundy::rules::Moves<u64>) {
        out.extend([1, 3, 4].into_iter().filter(|&t| t <= n).map(|t| n - t));
    }
}

impl<const U: bool> TierRanking for Take<U> {
    const UNMOVES: bool = U;
    fn name(&self) -> String {
        format!("take-1-3-4 {} by {}", self.counters, self.per)
    }
    fn variant(&self) -> String {
        if U { "un-moves" } else { "" }.into()
    }
    fn tier_count(&self) -> u32 {
        (self.counters / self.per + 1) as u32
    }
    fn tier(&self, &n: &u64) -> u32 {
        ((self.counters - n) / self.per) as u32
    }
    fn tier_size(&self, tier: u32) -> u64 {
        self.per.min(self.counters + 1 - u64::from(tier) * self.per)
    }
    fn rank(&self, &n: &u64) -> u64 {
        (self.counters - n) % self.per
    }
    fn unrank(&self, tier: u32, rank: u64) -> u64 {
        self.counters - u64::from(tier) * self.per - rank
    }
    fn predecessors(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend(
            [1, 3, 4]
                .map(|t| n + t)
                .into_iter()
                .filter(|&q| q <= self.counters),
        );
    }
}

#[test]
fn remoteness_past_a_byte_is_kept_by_every_way_of_solving() {
    // Take 1, 3 or 4 from 2,000 counters: the loser takes one at a time, so the start's
    // remoteness is in the hundreds (format 2 held 254 at most).
    let mut longest = 0;
    for per in [100, 2001, 7] {
        let dir = scratch(&format!("take-{per}"));
        let pull = Take::<false> {
            counters: 2000,
            per,
        };
        assert_eq!(compare_with_graph(&pull, vec![2000], &dir, false), 2001);
        let solved = Solved::open(pull, &dir).unwrap();
        let unmoved = Take::<true> {
            counters: 2000,
            per,
        };
        let by_unmoves = scratch(&format!("take-unmoves-{per}"));
        assert_eq!(
            compare_with_graph(&unmoved, vec![2000], &by_unmoves, false),
            2001
        );
        let unmoved = Solved::open(unmoved, &by_unmoves).unwrap();
        for n in 0..=2000u64 {
            let value = solved.value(&n).unwrap();
            assert_eq!(unmoved.value(&n).unwrap(), value, "{n}");
            let loses = n % 7 == 0 || n % 7 == 2;
            assert_eq!(value.outcome == Outcome::Loss, loses, "{n}");
            assert_eq!(value.draw_level, None);
            longest = longest.max(value.remoteness.unwrap());
        }
        fs::remove_dir_all(&dir).unwrap();
        fs::remove_dir_all(&by_unmoves).unwrap();
    }
    assert!(longest > 500, "{longest}");
}

/// Every position of a card game, for exploring them all.
fn all_cards(game: &Cards) -> Vec<CardsPosition> {
    (0..game.tier_size(0)).map(|r| game.unrank(0, r)).collect()
}

#[test]
fn card_game_by_unmoves_matches_the_graph_solver() {
    for (cards, modulus) in [(1, 2), (2, 3), (3, 3), (3, 5), (4, 4), (2, 7), (8, 5)] {
        let game = Cards::new(cards, modulus).unwrap();
        let dir = scratch(&format!("cards-{cards}-{modulus}"));
        let n = compare_with_graph(&game, all_cards(&game), &dir, false);
        assert_eq!(n as u64, game.hands() * game.hands());
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn card_game_unmoves_are_the_moves_reversed() {
    for (cards, modulus) in [(2, 3), (3, 4), (4, 5), (2, 9)] {
        let game = Cards::new(cards, modulus).unwrap();
        let mut from_moves: Vec<Vec<u64>> = vec![Vec::new(); game.tier_size(0) as usize];
        let mut options = grundy::rules::Moves::new();
        for p in all_cards(&game) {
            if game.result(&p).is_none() {
                options.clear();
                game.moves(&p, &mut options);
                for q in &options {
                    from_moves[game.rank(q) as usize].push(game.rank(&p));
                }
            }
        }
        let (mut before, mut ranked) = (Vec::new(), Vec::new());
        for p in all_cards(&game) {
            before.clear();
            game.predecessors(&p, &mut before);
            let mut listed: Vec<u64> = before.iter().map(|q| game.rank(q)).collect();
            ranked.clear();
            game.ranked_predecessors(&p, 0, &mut ranked);
            assert_eq!(listed, ranked);
            listed.sort();
            let expected = &mut from_moves[game.rank(&p) as usize];
            expected.sort();
            assert_eq!(&listed, expected, "{cards} cards mod {modulus}: {p:?}");
        }
    }
}

/// Outcomes by the notes' relaxation: sweep every position until nothing changes (a win if
/// some option is a loss, a loss if every option is a win); what stays open is a draw.
fn relaxed_outcomes(game: &Cards) -> Vec<Outcome> {
    let all = all_cards(game);
    let mut known: Vec<Option<Outcome>> = all.iter().map(|p| game.result(p)).collect();
    let mut options = grundy::rules::Moves::new();
    loop {
        let mut changed = false;
        for (i, p) in all.iter().enumerate() {
            if known[i].is_some() {
                continue;
            }
            options.clear();
            game.moves(p, &mut options);
            let of = |q: &CardsPosition| known[game.rank(q) as usize];
            let value = if options.iter().any(|q| of(q) == Some(Outcome::Loss)) {
                Some(Outcome::Win)
            } else if options.iter().all(|q| of(q) == Some(Outcome::Win)) {
                Some(Outcome::Loss)
            } else {
                None
            };
            if value.is_some() {
                known[i] = value;
                changed = true;
            }
        }
        if !changed {
            return known
                .into_iter()
                .map(|o| o.unwrap_or(Outcome::Draw))
                .collect();
        }
    }
}

#[test]
fn card_game_outcomes_match_plain_relaxation_and_the_problems_examples() {
    let mut draws = 0;
    for (cards, modulus) in [(3, 4), (5, 3), (4, 5), (6, 4)] {
        let game = Cards::new(cards, modulus).unwrap();
        let dir = scratch(&format!("cards-relaxed-{cards}-{modulus}"));
        solve_tiered(&game, &dir, &TierOptions::default(), &NoProgress).unwrap();
        let results = Solved::open(game.clone(), &dir).unwrap().tier(0).unwrap();
        let relaxed = relaxed_outcomes(&game);
        for (r, o) in relaxed.iter().enumerate() {
            assert_eq!(
                results.get(r as u64).outcome,
                *o,
                "{cards} mod {modulus}: {r}"
            );
        }
        draws += relaxed.iter().filter(|&&o| o == Outcome::Draw).count();
        fs::remove_dir_all(&dir).unwrap();
    }
    assert!(draws > 0);
    // Codeforces 919F's examples (8 cards modulo 5): the player to move first.
    let game = Cards::new(8, 5).unwrap();
    let dir = scratch("cards-919f");
    solve_tiered(&game, &dir, &TierOptions::default(), &NoProgress).unwrap();
    let solved = Solved::open(game.clone(), &dir).unwrap();
    let hand = |h: [u32; 8]| game.hand(&h).unwrap();
    for (mover, other, expected) in [
        // Bob to move, Alice already holds zeros only: Alice.
        ([1, 2, 3, 4, 1, 2, 3, 4], [0; 8], Outcome::Loss),
        // Bob to move turns his 4 into 0 with Alice's 1: Bob.
        (
            [0, 0, 0, 0, 4, 0, 0, 0],
            [0, 0, 0, 1, 0, 0, 0, 0],
            Outcome::Win,
        ),
        // Alice to move turns her 1 into 0 with Bob's 4: Alice.
        (
            [1, 0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 4, 0, 0, 0],
            Outcome::Win,
        ),
        // Only ones: nobody can force zeros (Deal).
        ([1; 8], [1; 8], Outcome::Draw),
    ] {
        let p = CardsPosition {
            mover: hand(mover),
            other: hand(other),
        };
        assert_eq!(
            solved.value(&p).unwrap().outcome,
            expected,
            "{mover:?} {other:?}"
        );
        let explored = answer(&game, &p, 1_000_000).unwrap();
        let from_files = answer_from(&solved, &p).unwrap();
        assert_eq!(explored.answer, from_files.answer);
        assert_eq!(explored.remoteness, from_files.remoteness);
        assert_eq!(explored.best_moves, from_files.best_moves);
    }
    fs::remove_dir_all(&dir).unwrap();
}

/// A progress that sets `cancel` when the `stop_at`-th phase starts (phases are the tiers,
/// and the passes inside a tier solved by un-moves).
struct CancelAt {
    cancel: grundy::budget::Cancel,
    phases: std::sync::atomic::AtomicUsize,
    stop_at: usize,
}

impl grundy::progress::Progress for CancelAt {
    fn phase(&self, _name: &str, _total: Option<u64>) {
        let n = 1 + (self.phases).fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if n == self.stop_at {
            self.cancel.cancel();
        }
    }
    fn advance(&self, _done: u64) {}
    fn finish(&self) {}
}

#[test]
fn a_stopped_run_keeps_its_finished_tiers_and_resumes_to_the_same_files() {
    use grundy::budget::{Cancel, Resource};
    let tiers = Connect4Tiers::new(Connect4::new(4, 4).unwrap()).unwrap();
    let whole = scratch("stop-whole");
    solve_tiered(&tiers, &whole, &TierOptions::default(), &NoProgress).unwrap();
    // Cancelled before it starts: nothing but the manifest is written.
    let dir = scratch("stop-cancelled");
    let cancel = Cancel::new();
    cancel.cancel();
    let stopped = TierOptions {
        budget: Budget::default().with_cancel(cancel),
        ..TierOptions::default()
    };
    let err = solve_tiered(&tiers, &dir, &stopped, &NoProgress).unwrap_err();
    assert!(
        matches!(&err, TierError::Budget(e) if e.resource == Resource::Cancelled),
        "{err}"
    );
    assert!(err.to_string().contains("resumes"), "{err}");
    assert_eq!(files(&dir).len(), 1, "the manifest only");
    // A deadline already passed stops it the same way.
    let late = TierOptions {
        budget: Budget::default().with_time(std::time::Duration::ZERO),
        ..TierOptions::default()
    };
    let err = solve_tiered(&tiers, &dir, &late, &NoProgress).unwrap_err();
    assert!(
        matches!(&err, TierError::Budget(e) if e.resource == Resource::Time),
        "{err}"
    );
    // Stopped in its fourth tier: three tiers are kept, and the run resumes from them to
    // the files a run that was never stopped writes.
    for stop_at in [2, 4, 7] {
        let dir = scratch(&format!("stop-{stop_at}"));
        let cancel = Cancel::new();
        let progress = CancelAt {
            cancel: cancel.clone(),
            phases: Default::default(),
            stop_at,
        };
        let options = TierOptions {
            budget: Budget::default().with_cancel(cancel),
            ..TierOptions::default()
        };
        let err = solve_tiered(&tiers, &dir, &options, &progress).unwrap_err();
        assert!(matches!(err, TierError::Budget(_)), "{err}");
        assert_eq!(
            files(&dir).len(),
            stop_at,
            "the manifest and the finished tiers"
        );
        let summary = solve_tiered(&tiers, &dir, &TierOptions::default(), &NoProgress).unwrap();
        let resumed = summary.tiers.iter().filter(|t| t.resumed).count();
        assert_eq!(resumed, stop_at - 1, "{stop_at}");
        assert_eq!(files(&dir), files(&whole), "{stop_at}");
        fs::remove_dir_all(&dir).unwrap();
    }
    // A game solved by un-moves (one tier full of cycles) stops inside its tier.
    let game = Cards::new(7, 5).unwrap();
    let dir = scratch("stop-cards");
    let cancel = Cancel::new();
    let progress = CancelAt {
        cancel: cancel.clone(),
        phases: Default::default(),
        stop_at: 2,
    };
    let options = TierOptions {
        budget: Budget::default().with_cancel(cancel),
        ..TierOptions::default()
    };
    let err = solve_tiered(&game, &dir, &options, &progress).unwrap_err();
    assert!(matches!(err, TierError::Budget(_)), "{err}");
    assert_eq!(files(&dir).len(), 1, "the manifest only");
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&whole).unwrap();
}
