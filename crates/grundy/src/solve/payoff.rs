//! Payoffs: the game ends at a terminal position with an integer payoff; player 1 maximises
//! it and player 2 minimises it (notes 000, 权值博弈). On graphs with cycles, endless play is
//! worth a payoff given by the user.
//!
//! **Values by thresholds.** Let D be the sorted distinct payoffs (with the payoff of endless
//! play). For a threshold t, "can player 1 force a payoff ≥ t?" is a reachability game: when
//! endless play is worth ≥ t, player 1 succeeds unless player 2 can force an end worth < t
//! (player 2's attractor of those ends); otherwise player 1 must force an end worth ≥ t
//! (player 1's attractor). The answer is monotone in t, so each position's value is found by
//! binary search over D, and all positions search at once: a round splits every set of
//! positions that share an interval of possible values at its middle threshold, with one
//! retrograde pass over all sets together (moves between sets are never played: a position
//! whose value is at least t never moves to one below t when it is player 1's turn, and
//! player 2's moves from it all stay at least t; symmetrically below t). ⌈log₂|D|⌉ rounds of
//! O(n + m): O((n + m) log |D|).
//!
//! **Remoteness and best moves.** Each player hurries towards an end he likes better than
//! endless play and delays an end he likes less. Among the positions of one value v, with only
//! the moves that keep the value, the player who prefers v to endless play forces the end
//! (player 1 when v is above the payoff of endless play, player 2 when below): one more
//! retrograde pass over all values at once gives ranks and best moves. Positions whose value
//! is that of endless play get a move that keeps the value. On acyclic graphs without a payoff
//! for endless play, player 1 is taken to hurry.

use super::retrograde::{self, Ranks, Rule, BLOCKED, NO_POSITION, UNDECIDED};
use super::SolveError;
use crate::graph::GameGraph;
use crate::outcome::Player;

/// Value, remoteness and best move of every position: 16 bytes per position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoffSolution {
    value: Vec<i64>,
    remoteness: Vec<u32>,
    best: Vec<u32>,
    endless: Option<i64>,
}

impl PayoffSolution {
    /// The payoff of `p` under best play (player 1 maximising, player 2 minimising). O(1).
    #[inline]
    pub fn value(&self, p: u32) -> i64 {
        self.value[p as usize]
    }

    /// Moves until the game ends under best play; `None` where the value is that of endless
    /// play. O(1).
    #[inline]
    pub fn remoteness(&self, p: u32) -> Option<u32> {
        Some(self.remoteness[p as usize]).filter(|&r| r < BLOCKED)
    }

    /// A best move from `p`, or `None` where the game ends. O(1).
    #[inline]
    pub fn best_move(&self, p: u32) -> Option<u32> {
        Some(self.best[p as usize]).filter(|&b| b != NO_POSITION)
    }

    /// Number of positions. O(1).
    pub fn len(&self) -> usize {
        self.value.len()
    }

    /// Whether there are no positions. O(1).
    pub fn is_empty(&self) -> bool {
        self.value.is_empty()
    }

    /// The payoff of endless play the solution was computed with. O(1).
    pub fn endless(&self) -> Option<i64> {
        self.endless
    }
}

/// Solves the payoffs of a graph whose positions say which player is to move (player 1
/// maximises) and whose terminal positions carry a payoff. `endless` is the payoff of endless
/// play; without it, a cycle among positions that do not end the game is an error naming it.
/// O((n + m) log k) for k distinct payoffs.
///
/// ```
/// use grundy::graph::text::parse_str;
/// use grundy::solve::{solve_payoffs, SolveError};
///
/// // Player 1 at s takes payoff 1 at a, or moves to t, where player 2 takes 4 at b or
/// // moves back to s.
/// let text = "s player=1\nt player=2\na player=2 payoff=1\nb player=1 payoff=4\n\
///             s a\ns t\nt b\nt s\n";
/// let game = parse_str(text).unwrap();
/// let [s, t, a, b] = ["s", "t", "a", "b"].map(|id| game.index_of(id).unwrap());
/// assert!(matches!(solve_payoffs(&game, None), Err(SolveError::Cycle { .. })));
///
/// // Endless play worth 0: player 2 would rather go round, so player 1 takes 1 at once.
/// let cheap = solve_payoffs(&game, Some(0)).unwrap();
/// assert_eq!((cheap.value(s), cheap.best_move(s), cheap.remoteness(s)), (1, Some(a), Some(1)));
/// assert_eq!((cheap.value(t), cheap.best_move(t)), (1, Some(s)));
/// // Worth 10: player 2 ends the game at b, and player 1 lets him.
/// let dear = solve_payoffs(&game, Some(10)).unwrap();
/// assert_eq!((dear.value(s), dear.best_move(s), dear.remoteness(s)), (4, Some(t), Some(2)));
/// assert_eq!((dear.value(t), dear.best_move(t), dear.endless()), (4, Some(b), Some(10)));
/// ```
pub fn solve_payoffs(
    graph: &GameGraph,
    endless: Option<i64>,
) -> Result<PayoffSolution, SolveError> {
    let players = players(graph)?;
    let n = graph.position_count() as u32;
    if let Some(p) = (0..n).find(|&p| graph.fixed_result(p).is_some()) {
        return Err(SolveError::ResultInPayoffGame {
            position: graph.label(p),
        });
    }
    let mut end = Vec::with_capacity(n as usize);
    for p in 0..n {
        let payoff = graph.payoff(p);
        if payoff.is_none() && graph.options(p).is_empty() {
            return Err(SolveError::MissingPayoff {
                position: graph.label(p),
            });
        }
        end.push(payoff);
    }
    minimax(graph, &players, &end, endless)
}

/// The player to move at every position, or the error naming the first without one.
pub(super) fn players(graph: &GameGraph) -> Result<Vec<Player>, SolveError> {
    (0..graph.position_count() as u32)
        .map(|p| {
            graph.player(p).ok_or_else(|| SolveError::MissingPlayer {
                position: graph.label(p),
            })
        })
        .collect()
}

/// The engine of [`solve_payoffs`]: `end[p]` is the payoff where the game ends at `p`
/// (required where `p` has no move).
pub(super) fn minimax(
    graph: &GameGraph,
    player: &[Player],
    end: &[Option<i64>],
    endless: Option<i64>,
) -> Result<PayoffSolution, SolveError> {
    if endless.is_none() {
        if let Some(cycle) = graph.find_cycle(|p| end[p as usize].is_some()) {
            return Err(SolveError::Cycle {
                positions: cycle.iter().map(|&p| graph.label(p)).collect(),
            });
        }
    }
    let n = graph.position_count();
    let mut payoffs: Vec<i64> = end.iter().flatten().copied().chain(endless).collect();
    payoffs.sort_unstable();
    payoffs.dedup();
    let index_of = |v: i64| payoffs.binary_search(&v).expect("a payoff") as u32;
    let preds = graph.moves().transpose();

    // Interval [lo, hi) of payoff indices each position's value lies in.
    let mut lo = vec![0u32; n];
    let mut hi = vec![payoffs.len() as u32; n];
    for (p, e) in end.iter().enumerate() {
        if let Some(v) = *e {
            lo[p] = index_of(v);
            hi[p] = lo[p] + 1;
        }
    }
    while (0..n).any(|p| hi[p] - lo[p] > 1) {
        split_round(graph, &preds, player, &payoffs, endless, &mut lo, &mut hi);
    }
    let value: Vec<i64> = lo.iter().map(|&i| payoffs[i as usize]).collect();
    let (remoteness, best) = hurry(graph, &preds, player, end, &value, endless);
    Ok(PayoffSolution {
        value,
        remoteness,
        best,
        endless,
    })
}

/// Whether `player` forces, in a set whose threshold is `t`: player 2 forces an end below `t`
/// when endless play is worth at least `t`, else player 1 forces an end at least `t`.
fn threshold_forcer(t: i64, endless: Option<i64>) -> Player {
    if endless.is_some_and(|e| e >= t) {
        Player::Two
    } else {
        Player::One
    }
}

/// One attractor over all sets of positions sharing an interval: positions of a set move
/// only within it.
struct Split<'a> {
    player: &'a [Player],
    lo: &'a [u32],
    forcer: &'a [Player],
}

impl Rule for Split<'_> {
    #[inline]
    fn admits(&self, s: u32, t: u32) -> bool {
        self.lo[s as usize] == self.lo[t as usize]
    }
    #[inline]
    fn immediate(&self, s: u32, _t_at_once: bool) -> bool {
        self.player[s as usize] == self.forcer[s as usize]
    }
}

/// Halves the interval of every position whose value is not known yet.
fn split_round(
    graph: &GameGraph,
    preds: &crate::graph::Csr,
    player: &[Player],
    payoffs: &[i64],
    endless: Option<i64>,
    lo: &mut [u32],
    hi: &mut [u32],
) {
    let n = graph.position_count();
    let mut ranks = Ranks::new(n);
    let mut counters = vec![0u32; n];
    let mut seeds = Vec::new();
    let mut forcer = vec![Player::One; n];
    for p in 0..n {
        if hi[p] - lo[p] <= 1 {
            // Known values (terminal positions among them) take no part: their effect on
            // the positions that move to them is counted here, below.
            ranks.rank[p] = BLOCKED;
            continue;
        }
        let t = payoffs[((lo[p] + hi[p]) / 2) as usize];
        forcer[p] = threshold_forcer(t, endless);
        let target = |v: i64| (v >= t) == (forcer[p] == Player::One);
        let mut count = 0u32;
        let mut reached = false;
        for &q in graph.options(p as u32) {
            let q = q as usize;
            if hi[q] - lo[q] > 1 {
                count += u32::from(lo[q] == lo[p]);
            } else if (lo[p]..hi[p]).contains(&lo[q]) {
                // An option of known value inside the interval: a target reached already,
                // or a move that leads nowhere useful for the forcer.
                if target(payoffs[lo[q] as usize]) {
                    reached = true;
                } else {
                    count += 1;
                }
            }
        }
        counters[p] = count;
        if (reached && player[p] == forcer[p]) || (count == 0 && player[p] != forcer[p]) {
            ranks.rank[p] = 0;
            seeds.push(p as u32);
        }
    }
    let rule = Split {
        player,
        lo,
        forcer: &forcer,
    };
    retrograde::run(preds, &mut counters, seeds, &mut ranks, &rule);
    for p in 0..n {
        if hi[p] - lo[p] > 1 {
            let mid = (lo[p] + hi[p]) / 2;
            let attracted = ranks.is_decided(p as u32);
            if attracted == (forcer[p] == Player::One) {
                lo[p] = mid;
            } else {
                hi[p] = mid;
            }
        }
    }
}

/// Ranks within value classes: only value-keeping moves count, and in each class the player
/// who prefers its end to endless play forces it.
struct Hurry<'a> {
    player: &'a [Player],
    value: &'a [i64],
    endless: Option<i64>,
}

impl Rule for Hurry<'_> {
    #[inline]
    fn admits(&self, s: u32, t: u32) -> bool {
        self.value[s as usize] == self.value[t as usize]
    }
    #[inline]
    fn immediate(&self, s: u32, _t_at_once: bool) -> bool {
        let v = self.value[s as usize];
        let forcer = if self.endless.is_some_and(|e| v < e) {
            Player::Two
        } else {
            Player::One
        };
        self.player[s as usize] == forcer
    }
}

/// Remoteness and best moves from the values (see the module).
fn hurry(
    graph: &GameGraph,
    preds: &crate::graph::Csr,
    player: &[Player],
    end: &[Option<i64>],
    value: &[i64],
    endless: Option<i64>,
) -> (Vec<u32>, Vec<u32>) {
    let n = graph.position_count();
    let mut ranks = Ranks::new(n);
    let mut seeds = Vec::new();
    let mut counters = vec![0u32; n];
    for p in 0..n {
        let forced = Some(value[p]) != endless;
        if end[p].is_some() {
            if forced {
                ranks.rank[p] = 0;
                seeds.push(p as u32);
            } else {
                ranks.rank[p] = BLOCKED;
            }
        } else if forced {
            counters[p] = graph
                .options(p as u32)
                .iter()
                .filter(|&&q| value[q as usize] == value[p])
                .count() as u32;
        } else {
            ranks.rank[p] = BLOCKED;
        }
    }
    let rule = Hurry {
        player,
        value,
        endless,
    };
    retrograde::run(preds, &mut counters, seeds, &mut ranks, &rule);
    let Ranks {
        mut rank, mut best, ..
    } = ranks;
    for p in 0..n {
        if Some(value[p]) == endless {
            rank[p] = UNDECIDED;
            if end[p].is_none() {
                best[p] = graph
                    .options(p as u32)
                    .iter()
                    .copied()
                    .find(|&q| value[q as usize] == value[p])
                    .unwrap_or(NO_POSITION);
            }
        }
        debug_assert!(Some(value[p]) == endless || rank[p] < BLOCKED);
    }
    (rank, best)
}
