//! Draws played well: the *draw level* of every drawn position, and the move that keeps a
//! draw while giving the opponent the most chances to lose.
//!
//! A solved game says only "draw" of the positions where neither side can force a win. Some
//! of those are harder for one side than others: at a drawn position the player to move may
//! have a *losing move* (a move to a position won by the next player); such a drawn position
//! is *tempting* for him. Between two players who both keep the draw, one (the *attacker*)
//! steers towards positions tempting for the other (the *defender*), who steers away. This is
//! GamesmanClassic's pure-draw analysis, measured in plies. On the drawn positions and their
//! drawn moves, with the roles of the player to move:
//!
//! ```text
//! g(y) = 0                                   if y is tempting (defender to move at y)
//!      = 1 + max over drawn moves y -> x of f(x)   otherwise
//! f(x) = 1 + min over drawn moves x -> y of g(y)   (attacker to move at x)
//! ```
//!
//! with ∞ where the defender can keep away from tempting positions for ever: a *pure draw*,
//! as at a position where a drawn game has ended (a fixed draw). The **draw level** of a
//! drawn position is `f`: the plies, counting the attacker's move, until the opponent first
//! faces a chance to err when the attacker hurries and the defender delays; with moves that
//! alternate it is odd. A move that keeps the turn (the same player to move after it, where
//! the graph says who is to move) keeps the roles: it leads from `f` to `f` and from `g` to
//! `g`.
//!
//! Both are computed for every drawn position at once by an attractor: a retrograde
//! breadth-first pass by levels over the pairs (position, role), like the retrograde kernel
//! of the outcome solver, seeded with the tempting positions (`g = 0`); an attacker's pair
//! is decided by its first decided option (the smallest), a defender's by its last (the
//! largest), and pairs never decided are ∞. O(n + m).
//!
//! [`draw_levels_with`] takes, besides the graph, for each position the fold of its moves out
//! of the graph ([`Outside`]: a losing move out, the best drawn moves out for each role): the
//! form a solver of one part of a larger game (a tier) needs, the results of the other parts
//! standing in.
//!
//! The engine's move at a drawn position ([`draw_move`]) is, among the moves that keep the
//! draw, the one that offers the opponent a chance to err soonest (the smallest `g` of the
//! position moved to), ties broken by the most losing moves he has there, then by their share
//! of his moves, then by the first in the graph's order ([`Offer`]). In a pure draw every
//! offer is ∞, and the rule picks the position where the opponent has the most losing moves.
//!
//! ```
//! use grundy::budget::Budget;
//! use grundy::graph::text::parse_str;
//! use grundy::solve::{draw_levels, draw_move, solve, DrawLevel, SolveOptions};
//!
//! // a and b go round a cycle (a draw). From b the player may also step to w, where his
//! // opponent wins at once by moving to the end e: b is tempting.
//! let game = parse_str("a b\nb a\nb w\nw e\n").unwrap();
//! let solution = solve(&game, &SolveOptions::default()).unwrap();
//! let levels = draw_levels(&game, &solution, &Budget::default()).unwrap();
//! let [a, b] = ["a", "b"].map(|id| game.index_of(id).unwrap());
//! // At a, the move to b leaves the opponent a losing move at once: level 1.
//! assert_eq!(levels.level(a), Some(DrawLevel::Plies(1)));
//! assert_eq!(draw_move(&game, &solution, &levels, a), Some(b));
//! // At b the player to move has a losing move now (g = 0); his only drawn move is back to
//! // a, where the opponent has none and must come back: he can offer none, a pure draw.
//! assert_eq!(levels.defence(b), Some(DrawLevel::Plies(0)));
//! assert_eq!(levels.level(b), Some(DrawLevel::Pure));
//! assert_eq!(levels.level(game.index_of("e").unwrap()), None); // not a draw
//! ```

use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, VecDeque};
use std::fmt;

use super::Solution;
use crate::budget::{Budget, Exhausted};
use crate::graph::GameGraph;
use crate::outcome::Outcome;

/// How far a drawn position is from a chance for one side to err, in plies, or `Pure` where
/// that side can avoid every such chance for ever. `Plies(k) < Pure` for every `k`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DrawLevel {
    /// The chance comes after this many plies of best play by both sides.
    Plies(u32),
    /// The chance never comes: a pure draw.
    Pure,
}

impl DrawLevel {
    /// The plies, or `None` for a pure draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            DrawLevel::Plies(k) => Some(k),
            DrawLevel::Pure => None,
        }
    }

    /// One ply more (a move counted): `Pure` stays. O(1).
    pub fn after_move(self) -> DrawLevel {
        from_raw(raw(self).saturating_add(1))
    }
}

impl fmt::Display for DrawLevel {
    /// `3`, or `pure`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawLevel::Plies(k) => write!(f, "{k}"),
            DrawLevel::Pure => f.write_str("pure"),
        }
    }
}

impl serde::Serialize for DrawLevel {
    /// A number of plies, or the string `"pure"`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            DrawLevel::Plies(k) => serializer.serialize_u32(*k),
            DrawLevel::Pure => serializer.serialize_str("pure"),
        }
    }
}

/// ∞ in the arrays: a pure draw.
const INF: u32 = u32::MAX;
/// In the arrays, a position that is not a draw.
const NOT_DRAW: u32 = u32::MAX - 1;
/// The largest finite level kept: larger ones (only from outside values) are clamped.
const MAX_FINITE: u32 = u32::MAX - 2;

fn raw(level: DrawLevel) -> u32 {
    match level {
        DrawLevel::Plies(k) => k.min(MAX_FINITE),
        DrawLevel::Pure => INF,
    }
}

fn from_raw(v: u32) -> DrawLevel {
    if v >= NOT_DRAW {
        DrawLevel::Pure
    } else {
        DrawLevel::Plies(v)
    }
}

/// What the moves of a position that leave the graph give, folded, for
/// [`draw_levels_with`]: each such move's result is known from elsewhere (a later tier).
/// `Outside::default()` is "no move out".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outside {
    /// Some move out is a losing move for the player to move here.
    pub losing: bool,
    /// With the player to move here attacking: the least, over the drawn moves out, of the
    /// plies (this move counted) until the opponent first faces a losing move; `None` if no
    /// move out is drawn.
    pub attack: Option<DrawLevel>,
    /// With the player to move here defending: the most, over the drawn moves out, of the
    /// plies (this move counted) until he first faces a losing move; `None` if no move out
    /// is drawn.
    pub defence: Option<DrawLevel>,
}

/// The draw levels of every position of a graph: for each drawn position, `f` (the player to
/// move attacking: [`DrawLevels::level`]) and `g` (defending: [`DrawLevels::defence`]).
/// 8 bytes a position; every accessor O(1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawLevels {
    attack: Vec<u32>,
    defence: Vec<u32>,
}

impl DrawLevels {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.attack.len()
    }

    /// Whether the graph was empty.
    pub fn is_empty(&self) -> bool {
        self.attack.is_empty()
    }

    /// The draw level of `p` (`f`): with the player to move at `p` attacking, the plies until
    /// his opponent first faces a losing move under best play of both; `None` where `p` is
    /// not a draw.
    #[inline]
    pub fn level(&self, p: u32) -> Option<DrawLevel> {
        let v = self.attack[p as usize];
        (v != NOT_DRAW).then(|| from_raw(v))
    }

    /// `g` of `p`: with the player to move at `p` defending, the plies until he first faces a
    /// losing move (0 where he has one now); `None` where `p` is not a draw.
    #[inline]
    pub fn defence(&self, p: u32) -> Option<DrawLevel> {
        let v = self.defence[p as usize];
        (v != NOT_DRAW).then(|| from_raw(v))
    }

    /// How many drawn positions have each draw level: `(level, count)` sorted by level, pure
    /// draws last. O(n log n).
    pub fn histogram(&self) -> Vec<(DrawLevel, usize)> {
        let mut counts: std::collections::BTreeMap<DrawLevel, usize> = Default::default();
        for p in 0..self.len() as u32 {
            if let Some(level) = self.level(p) {
                *counts.entry(level).or_default() += 1;
            }
        }
        counts.into_iter().collect()
    }
}

/// The draw levels of every position of a solved graph (no move leaves it). O(n + m) time;
/// about 4 bytes a move and 30 a position besides the result's 8. The solution should be
/// solved with the usual preferences (win > draw > loss for both).
///
/// # Errors
/// The budget's memory (checked before allocating), its deadline or its cancel flag.
pub fn draw_levels(
    graph: &GameGraph,
    solution: &Solution,
    budget: &Budget,
) -> Result<DrawLevels, Exhausted> {
    draw_levels_with(
        graph,
        |p| solution.outcome(p),
        |_| Outside::default(),
        budget,
    )
}

/// The draw levels of the positions of `graph`, each with its outcome for the player to move
/// (`outcome`) and the fold of its moves out of the graph (`outside`): for a part of a game
/// solved alone, the other parts' results standing in. A position that ends the game
/// ([`GameGraph::is_terminal`]) and is drawn is a pure draw. O(n + m) for the moves inside
/// the graph, plus O(k log k) for the k positions whose moves out change their levels.
///
/// # Errors
/// The budget's memory (checked before allocating), its deadline or its cancel flag.
pub fn draw_levels_with(
    graph: &GameGraph,
    outcome: impl Fn(u32) -> Outcome,
    outside: impl Fn(u32) -> Outside,
    budget: &Budget,
) -> Result<DrawLevels, Exhausted> {
    const WORK: &str = "finding draw levels";
    let n = graph.position_count();
    let m = graph.move_count();
    // The predecessor lists, the two levels, the counters, the flags and the queue.
    let bytes = 4 * m as u64 + 38 * n as u64;
    budget.check_memory(bytes, WORK, 0)?;
    budget.check_time(WORK, 0)?;

    let mut attack = vec![NOT_DRAW; n];
    let mut defence = vec![NOT_DRAW; n];
    // For a defending pair: its drawn moves inside the graph not yet decided.
    let mut counter = vec![0u32; n];
    // Whether each pair (2p: attacking, 2p + 1: defending) is decided.
    let mut done = vec![false; 2 * n];
    let mut outs = Vec::new();
    // Pairs decided in order: the queue holds levels v and v + 1 only, in order; levels
    // from outside, off that rhythm, wait in the heap.
    let mut queue: VecDeque<(u32, u32)> = VecDeque::new();
    let mut heap: BinaryHeap<Reverse<(u32, u32)>> = BinaryHeap::new();
    for p in 0..n as u32 {
        if outcome(p) != Outcome::Draw {
            continue;
        }
        attack[p as usize] = INF;
        defence[p as usize] = INF;
        if graph.is_terminal(p) {
            continue;
        }
        let out = outside(p);
        let mut tempting = out.losing;
        let mut drawn = 0u32;
        for &q in graph.options(p) {
            let result = match outcome(q) {
                o if same_mover(graph, p, q) => o,
                o => o.flip(),
            };
            match result {
                Outcome::Loss => tempting = true,
                Outcome::Draw => drawn += 1,
                Outcome::Win => {}
            }
        }
        counter[p as usize] = drawn;
        if tempting {
            defence[p as usize] = 0;
            queue.push_back((0, 2 * p + 1));
        } else if drawn == 0 {
            // Every drawn move leaves the graph: the defender's level is theirs.
            if let Some(DrawLevel::Plies(k)) = out.defence {
                heap.push(Reverse((k.min(MAX_FINITE), 2 * p + 1)));
            }
        }
        if let Some(level) = out.attack.filter(|&l| l != DrawLevel::Pure) {
            attack[p as usize] = raw(level);
            heap.push(Reverse((raw(level), 2 * p)));
        }
        if out.defence.is_some() && !tempting && drawn > 0 {
            outs.push((p, out.defence.map_or(0, raw)));
        }
    }
    // The defence out of the graph, for the positions that also have drawn moves inside.
    outs.sort_unstable();
    let defence_out = |p: u32| {
        outs.binary_search_by_key(&p, |&(q, _)| q)
            .map_or(0, |i| outs[i].1)
    };
    let preds = graph.moves().transpose();
    let mut popped = 0u64;
    loop {
        let take_heap = match (queue.front(), heap.peek()) {
            (None, None) => break,
            (Some(_), None) => false,
            (None, Some(_)) => true,
            (Some(&(v, _)), Some(Reverse((w, _)))) => *w < v,
        };
        let (v, pair) = if take_heap {
            heap.pop().expect("peeked").0
        } else {
            queue.pop_front().expect("peeked")
        };
        if done[pair as usize] {
            continue;
        }
        done[pair as usize] = true;
        popped += 1;
        if popped % (1 << 16) == 0 {
            budget.check_time(WORK, popped / 2)?;
        }
        let (t, defending) = (pair / 2, pair % 2 == 1);
        if defending {
            defence[t as usize] = v;
        } else {
            attack[t as usize] = v;
        }
        let next = v.saturating_add(1).min(MAX_FINITE);
        for &s in preds.list(t) {
            if attack[s as usize] == NOT_DRAW || graph.is_terminal(s) {
                continue;
            }
            // The role at s of the player who, at s, moves to t.
            let s_defending = defending == same_mover(graph, s, t);
            if s_defending {
                if done[2 * s as usize + 1] || defence[s as usize] == 0 {
                    continue;
                }
                let c = &mut counter[s as usize];
                *c -= 1;
                if *c == 0 {
                    // Decided by its last drawn move inside: the largest, unless a move out
                    // keeps him safe longer.
                    match defence_out(s) {
                        INF => {}
                        out if out > next => heap.push(Reverse((out, 2 * s + 1))),
                        _ => queue.push_back((next, 2 * s + 1)),
                    }
                }
            } else if !done[2 * s as usize] && next < attack[s as usize] {
                attack[s as usize] = next;
                queue.push_back((next, 2 * s));
            }
        }
    }
    // Pairs never decided keep their ∞ (a pure draw): every pair queued was decided.
    Ok(DrawLevels { attack, defence })
}

/// Whether the player to move at `p` is to move again at `q`: where the graph says who is to
/// move at both and it is the same player. Without players every move passes the turn.
#[inline]
fn same_mover(graph: &GameGraph, p: u32, q: u32) -> bool {
    match (graph.player(p), graph.player(q)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// What a drawn move offers the opponent, for choosing among the moves that keep a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offer {
    /// The plies, this move counted, until the opponent first faces a losing move (best play
    /// of both after it), or `Pure`.
    pub level: DrawLevel,
    /// The opponent's losing moves at the position moved to (0 where the mover moves again).
    pub losing: u32,
    /// The opponent's moves there (0 where the mover moves again).
    pub moves: u32,
}

impl Offer {
    /// The order of the engine's preference, the better offer first: the smaller level, then
    /// more losing moves, then a larger share of losing moves. O(1).
    pub fn compare(&self, other: &Offer) -> Ordering {
        self.level
            .cmp(&other.level)
            .then(other.losing.cmp(&self.losing))
            .then_with(|| {
                // a/b > c/d  <=>  a*d > c*b (b, d > 0; an empty count counts as no share).
                let share = |o: &Offer| (u64::from(o.losing), u64::from(o.moves.max(1)));
                let ((a, b), (c, d)) = (share(self), share(other));
                (c * b).cmp(&(a * d))
            })
    }
}

/// The losing moves of the player to move at `p`: moves to a position won by the next player
/// (the same player where he moves again). O(moves of `p`).
pub fn losing_moves(graph: &GameGraph, solution: &Solution, p: u32) -> u32 {
    if graph.is_terminal(p) {
        return 0;
    }
    let losing = graph.options(p).iter().filter(|&&q| {
        let o = solution.outcome(q);
        if same_mover(graph, p, q) {
            o == Outcome::Loss
        } else {
            o == Outcome::Win
        }
    });
    losing.count() as u32
}

/// What the move `p -> q` offers the opponent, `q` a draw (`None` otherwise). O(moves of `q`).
pub fn offer(
    graph: &GameGraph,
    solution: &Solution,
    levels: &DrawLevels,
    p: u32,
    q: u32,
) -> Option<Offer> {
    if solution.outcome(q) != Outcome::Draw {
        return None;
    }
    if same_mover(graph, p, q) {
        let level = levels.level(q)?.after_move();
        return Some(Offer {
            level,
            losing: 0,
            moves: 0,
        });
    }
    let level = levels.defence(q)?.after_move();
    let moves = if graph.is_terminal(q) {
        0
    } else {
        graph.moves().degree(q)
    };
    Some(Offer {
        level,
        losing: losing_moves(graph, solution, q),
        moves,
    })
}

/// The engine's move at the drawn position `p`: the drawn move with the best [`Offer`], the
/// first in the graph's order among equals; `None` where `p` is no draw or ends the game.
/// O(moves of `p` × moves of each option).
pub fn draw_move(
    graph: &GameGraph,
    solution: &Solution,
    levels: &DrawLevels,
    p: u32,
) -> Option<u32> {
    if solution.outcome(p) != Outcome::Draw || graph.is_terminal(p) {
        return None;
    }
    let mut best: Option<(u32, Offer)> = None;
    for &q in graph.options(p) {
        if let Some(o) = offer(graph, solution, levels, p, q) {
            if best.is_none_or(|(_, b)| o.compare(&b) == Ordering::Less) {
                best = Some((q, o));
            }
        }
    }
    best.map(|(q, _)| q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Player;
    use crate::solve::{solve, SolveOptions};

    /// A small random game: `n` positions, each with up to 3 moves (cycles likely), some
    /// ends with fixed results, and sometimes the player to move, who may move twice.
    fn random_graph(seed: u64, n: u32, players: bool) -> GameGraph {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut next = move |k: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % u64::from(k)) as u32
        };
        let mut moves = Vec::new();
        let mut fixed = vec![None; n as usize];
        for p in 0..n {
            match next(8) {
                0 => fixed[p as usize] = Some(Outcome::Draw),
                1 => fixed[p as usize] = Some(Outcome::Win),
                _ => {}
            }
            for _ in 0..next(4) {
                moves.push((p, next(n)));
            }
        }
        let graph = GameGraph::from_moves(n, &moves).with_fixed_results(fixed);
        if players {
            let player = (0..n)
                .map(|_| {
                    Some(if next(2) == 0 {
                        Player::One
                    } else {
                        Player::Two
                    })
                })
                .collect();
            graph.with_players(player)
        } else {
            graph
        }
    }

    /// The levels by the definition, iterated to the fixed point from ∞ (Jacobi sweeps, no
    /// queue): `f`, `g` with `u32::MAX` for ∞, `None` for no draw.
    #[allow(clippy::type_complexity)]
    fn brute(
        graph: &GameGraph,
        outcome: &[Outcome],
        outside: &[Outside],
    ) -> Vec<Option<(u32, u32)>> {
        let n = graph.position_count();
        let draw = |p: usize| outcome[p] == Outcome::Draw;
        let same = |p: u32, q: u32| graph.player(p).is_some() && graph.player(p) == graph.player(q);
        let lv = |l: DrawLevel| match l {
            DrawLevel::Plies(k) => u64::from(k),
            DrawLevel::Pure => u64::MAX,
        };
        let mut f = vec![u64::MAX; n];
        let mut g = vec![u64::MAX; n];
        loop {
            let (mut f2, mut g2) = (f.clone(), g.clone());
            for p in 0..n {
                if !draw(p) || graph.is_terminal(p as u32) {
                    continue;
                }
                let pu = p as u32;
                let tempting = outside[p].losing
                    || graph.options(pu).iter().any(|&q| {
                        let o = outcome[q as usize];
                        if same(pu, q) {
                            o == Outcome::Loss
                        } else {
                            o == Outcome::Win
                        }
                    });
                let step = |x: u64| x.saturating_add(1);
                let kids = graph.options(pu).iter().filter(|&&q| draw(q as usize));
                let mut fa: Vec<u64> = kids
                    .clone()
                    .map(|&q| {
                        step(if same(pu, q) {
                            f[q as usize]
                        } else {
                            g[q as usize]
                        })
                    })
                    .collect();
                fa.extend(outside[p].attack.map(lv));
                f2[p] = fa.into_iter().min().unwrap_or(u64::MAX);
                if tempting {
                    g2[p] = 0;
                } else {
                    let mut ga: Vec<u64> = kids
                        .map(|&q| {
                            step(if same(pu, q) {
                                g[q as usize]
                            } else {
                                f[q as usize]
                            })
                        })
                        .collect();
                    ga.extend(outside[p].defence.map(lv));
                    g2[p] = ga.into_iter().max().unwrap_or(u64::MAX);
                }
            }
            if (&f2, &g2) == (&f, &g) {
                break;
            }
            (f, g) = (f2, g2);
        }
        let cut = |x: u64| if x == u64::MAX { u32::MAX } else { x as u32 };
        (0..n)
            .map(|p| draw(p).then(|| (cut(f[p]), cut(g[p]))))
            .collect()
    }

    fn as_raw(levels: &DrawLevels, p: u32) -> Option<(u32, u32)> {
        let r = |l: DrawLevel| l.plies().unwrap_or(u32::MAX);
        Some((r(levels.level(p)?), r(levels.defence(p)?)))
    }

    #[test]
    fn matches_the_fixed_point_on_random_graphs() {
        let mut finite = 0;
        let mut pure = 0;
        for seed in 0..600u64 {
            let players = seed % 3 == 2;
            let graph = random_graph(seed, 3 + (seed % 17) as u32, players);
            let solution = solve(&graph, &SolveOptions::default()).unwrap();
            let levels = draw_levels(&graph, &solution, &Budget::default()).unwrap();
            let outcome: Vec<Outcome> = (0..graph.position_count() as u32)
                .map(|p| solution.outcome(p))
                .collect();
            let none = vec![Outside::default(); outcome.len()];
            let expected = brute(&graph, &outcome, &none);
            for p in 0..graph.position_count() as u32 {
                assert_eq!(as_raw(&levels, p), expected[p as usize], "seed {seed}, {p}");
                match levels.level(p) {
                    Some(DrawLevel::Plies(k)) => {
                        finite += 1;
                        // Moves alternate: the attacker's level is odd.
                        assert!(players || k % 2 == 1, "seed {seed}, {p}: {k}");
                    }
                    Some(DrawLevel::Pure) => pure += 1,
                    None => {}
                }
            }
        }
        assert!(finite > 300 && pure > 300, "{finite} finite, {pure} pure");
    }

    #[test]
    fn matches_the_fixed_point_with_values_from_outside() {
        for seed in 0..400u64 {
            let graph = random_graph(seed + 10_000, 3 + (seed % 13) as u32, seed % 2 == 1);
            let solution = solve(&graph, &SolveOptions::default()).unwrap();
            let n = graph.position_count();
            let mut state = seed + 1;
            let mut next = |k: u64| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 33) % k
            };
            let level = |x: u64| match x {
                0 => DrawLevel::Pure,
                k => DrawLevel::Plies(k as u32),
            };
            let outside: Vec<Outside> = (0..n)
                .map(|_| Outside {
                    losing: next(5) == 0,
                    attack: (next(3) == 0).then(|| level(next(9))),
                    defence: (next(3) == 0).then(|| level(next(9))),
                })
                .collect();
            let outcome: Vec<Outcome> = (0..n as u32).map(|p| solution.outcome(p)).collect();
            let levels = draw_levels_with(
                &graph,
                |p| outcome[p as usize],
                |p| outside[p as usize],
                &Budget::default(),
            )
            .unwrap();
            let expected = brute(&graph, &outcome, &outside);
            for p in 0..n as u32 {
                assert_eq!(as_raw(&levels, p), expected[p as usize], "seed {seed}, {p}");
            }
        }
    }

    #[test]
    fn the_draw_move_is_the_best_offer() {
        for seed in 0..300u64 {
            let graph = random_graph(seed + 20_000, 4 + (seed % 15) as u32, false);
            let solution = solve(&graph, &SolveOptions::default()).unwrap();
            let levels = draw_levels(&graph, &solution, &Budget::default()).unwrap();
            for p in 0..graph.position_count() as u32 {
                let Some(chosen) = draw_move(&graph, &solution, &levels, p) else {
                    assert!(solution.outcome(p) != Outcome::Draw || graph.is_terminal(p));
                    continue;
                };
                let best = offer(&graph, &solution, &levels, p, chosen).unwrap();
                // The level of the position is the level of its best offer.
                assert_eq!(levels.level(p), Some(best.level), "seed {seed}, {p}");
                for &q in graph.options(p) {
                    if let Some(o) = offer(&graph, &solution, &levels, p, q) {
                        assert_ne!(o.compare(&best), Ordering::Less, "seed {seed}, {p}");
                    }
                }
            }
        }
    }

    #[test]
    fn offers_are_ordered_by_level_then_losing_moves_then_share() {
        let o = |level, losing, moves| Offer {
            level,
            losing,
            moves,
        };
        let (one, three) = (DrawLevel::Plies(1), DrawLevel::Plies(3));
        assert_eq!(o(one, 1, 9).compare(&o(three, 5, 5)), Ordering::Less);
        assert_eq!(
            o(three, 5, 5).compare(&o(DrawLevel::Pure, 9, 9)),
            Ordering::Less
        );
        assert_eq!(o(one, 3, 9).compare(&o(one, 2, 2)), Ordering::Less);
        assert_eq!(o(one, 2, 3).compare(&o(one, 2, 4)), Ordering::Less);
        assert_eq!(o(one, 0, 3).compare(&o(one, 0, 4)), Ordering::Equal);
    }

    #[test]
    fn a_cancelled_budget_stops_it() {
        let graph = random_graph(7, 10, false);
        let solution = solve(&graph, &SolveOptions::default()).unwrap();
        let budget = Budget::default();
        budget.cancel().cancel();
        assert!(draw_levels(&graph, &solution, &budget).is_err());
        let tiny = Budget::default().with_memory(10);
        assert!(draw_levels(&graph, &solution, &tiny).is_err());
    }
}
