//! Sprague–Grundy values (nim values) of the positions of an impartial game in normal play,
//! with or without cycles.
//!
//! - **Acyclic graphs**: the value of a position is the mex (least non-negative integer not
//!   among) of its options' values (notes 002, 000: SG 定理). Computed in one depth-first
//!   pass, each position after its options: O(n + m) time.
//! - **Graphs with cycles**: the generalised Sprague–Grundy function of Smith and of Fraenkel
//!   and Yesha. A position has a finite value k when (a) no option has value k, (b) every
//!   value below k is the value of an option, and (c) every option of infinite value or of a
//!   value above k has itself an option of value k (the move can be reversed). Positions
//!   without a finite value have value ∞(K), K the set of finite values of their options.
//!   Values are found round by round, k = 0, 1, 2, ...: in round k, retrograde analysis labels
//!   k every unlabelled position all of whose unlabelled or infinite options have an option
//!   labelled k (and none labelled k itself), and afterwards every unlabelled position with no
//!   option labelled k can never be finite: it is ∞. Each round is one pass of the retrograde
//!   kernel, O(n + m); there are at most g + 2 rounds, g the largest finite value, and
//!   g ≤ √(2m) (a value g needs options of values 0..g-1, which needs those options to have
//!   moves in turn: 1 + 2 + ... + g ≤ m). So O((n + m)·√m) at worst, O(n + m) per round in
//!   practice, where values are small.
//!
//! A disjunctive sum of positions (several tokens, one moved per turn) is then decided by
//! [`sum_of_tokens`]: finite values add by XOR; one ∞(K) plus finite k wins iff k ∈ K, else
//! the sum is a draw; two ∞ make a draw (Smith's theorem).

use std::fmt;

use super::retrograde::{self, Ranks, Rule, BLOCKED};
use super::SolveError;
use crate::graph::GameGraph;
use crate::math::mex::Mex;
use crate::outcome::Outcome;

/// Marks a position of infinite value in [`GrundyValues`].
const INFINITE: u32 = u32::MAX;
/// Marks a position not labelled yet during the loopy rounds.
const UNLABELLED: u32 = u32::MAX - 1;

/// A position's value: a nimber, or ∞ with the finite values of its options. Displayed as
/// `3` or `inf(0,2)`.
///
/// ```
/// use grundy::solve::NimValue;
///
/// assert_eq!(NimValue::Finite(3).to_string(), "3");
/// assert_eq!(NimValue::Infinite(vec![0, 2]).to_string(), "inf(0,2)");
/// assert_eq!(NimValue::Infinite(vec![]).to_string(), "inf()");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NimValue {
    /// A finite Sprague–Grundy value.
    Finite(u32),
    /// Infinite (loopy) value ∞(K): K, sorted, are the finite values among the options.
    Infinite(Vec<u32>),
}

impl fmt::Display for NimValue {
    /// `3`, or `inf(0,2)` (`inf()` when K is empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NimValue::Finite(v) => write!(f, "{v}"),
            NimValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u32::to_string).collect();
                write!(f, "inf({})", k.join(","))
            }
        }
    }
}

/// The Sprague–Grundy values of every position: 4 bytes per position. Made by
/// [`grundy_values`].
///
/// ```
/// use grundy::graph::text::parse_str;
/// use grundy::solve::{grundy_values, NimValue};
///
/// // x and y lead to each other and both to the end e; "one" leads to e only.
/// let game = parse_str("x y\ny x\nx e\ny e\none e\n").unwrap();
/// let values = grundy_values(&game).unwrap();
/// let [x, e, one] = ["x", "e", "one"].map(|id| game.index_of(id).unwrap());
/// assert!(values.is_loopy());
/// assert_eq!(values.finite(e), Some(0));
/// assert_eq!(values.finite(one), Some(1));
/// assert_eq!(values.finite(x), None);
/// assert_eq!(values.value(&game, x), NimValue::Infinite(vec![0]));
/// assert_eq!(values.value(&game, x).to_string(), "inf(0)");
/// assert_eq!(values.max_finite(), Some(1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyValues {
    value: Vec<u32>,
    loopy: bool,
}

impl GrundyValues {
    /// The finite value of `p`, or `None` if it is infinite. O(1).
    #[inline]
    pub fn finite(&self, p: u32) -> Option<u32> {
        Some(self.value[p as usize]).filter(|&v| v != INFINITE)
    }

    /// The full value of `p`; for ∞ the set K is read off the options. O(deg p · log deg p).
    pub fn value(&self, graph: &GameGraph, p: u32) -> NimValue {
        match self.finite(p) {
            Some(v) => NimValue::Finite(v),
            None => {
                let mut k: Vec<u32> = graph
                    .options(p)
                    .iter()
                    .filter_map(|&q| self.finite(q))
                    .collect();
                k.sort_unstable();
                k.dedup();
                NimValue::Infinite(k)
            }
        }
    }

    /// Whether the graph had a cycle (so the loopy algorithm ran; values may still all be
    /// finite). O(1).
    pub fn is_loopy(&self) -> bool {
        self.loopy
    }

    /// Number of positions. O(1).
    pub fn len(&self) -> usize {
        self.value.len()
    }

    /// Whether there are no positions. O(1).
    pub fn is_empty(&self) -> bool {
        self.value.is_empty()
    }

    /// The largest finite value, if any position has one. O(n).
    pub fn max_finite(&self) -> Option<u32> {
        self.value.iter().copied().filter(|&v| v != INFINITE).max()
    }
}

/// Sprague–Grundy values of every position of an impartial game in normal play. Acyclic
/// graphs in O(n + m); graphs with cycles by the loopy rounds (see the module).
///
/// Graphs with fixed results, players or payoffs are refused: nim values describe impartial
/// games in which a player who cannot move loses.
///
/// ```
/// use grundy::solve::grundy_values;
/// use grundy::GameGraph;
///
/// // Take 1, 3 or 4 counters from a pile of at most 13.
/// let moves: Vec<(u32, u32)> = (0..14u32)
///     .flat_map(|n| [1, 3, 4].into_iter().filter(move |&t| t <= n).map(move |t| (n, n - t)))
///     .collect();
/// let values = grundy_values(&GameGraph::from_moves(14, &moves)).unwrap();
/// assert!(!values.is_loopy());
/// // The values repeat 0 1 0 1 2 3 2 with period 7.
/// let got: Vec<u32> = (0..14).map(|n| values.finite(n).unwrap()).collect();
/// assert_eq!(got, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
/// ```
pub fn grundy_values(graph: &GameGraph) -> Result<GrundyValues, SolveError> {
    if graph.has_fixed_results() || graph.has_players() || graph.has_payoffs() {
        return Err(SolveError::NotImpartial);
    }
    Ok(match acyclic(graph) {
        Some(value) => GrundyValues {
            value,
            loopy: false,
        },
        None => GrundyValues {
            value: loopy(graph),
            loopy: true,
        },
    })
}

/// Values of an acyclic graph by iterative depth-first search; `None` at the first cycle.
fn acyclic(graph: &GameGraph) -> Option<Vec<u32>> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = graph.position_count();
    let mut state = vec![NEW; n];
    let mut value = vec![0u32; n];
    let max_degree = (0..graph.position_count() as u32)
        .map(|p| graph.options(p).len())
        .max()
        .unwrap_or(0);
    let mut mex = Mex::with_capacity(max_degree);
    let mut stack: Vec<(u32, u32)> = Vec::new();
    for root in 0..n as u32 {
        if state[root as usize] != NEW {
            continue;
        }
        state[root as usize] = OPEN;
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let (p, i) = *top;
            let options = graph.options(p);
            if let Some(&q) = options.get(i as usize) {
                top.1 += 1;
                match state[q as usize] {
                    NEW => {
                        state[q as usize] = OPEN;
                        stack.push((q, 0));
                    }
                    OPEN => return None,
                    _ => {}
                }
            } else {
                value[p as usize] = mex.of(options.iter().map(|&q| value[q as usize]));
                state[p as usize] = DONE;
                stack.pop();
            }
        }
    }
    Some(value)
}

/// One loopy round: positions labelled `round` are the "losses" (the seeds, and positions
/// decided by running out of options), positions with an option labelled `round` the "wins".
struct LoopyRound;

impl Rule for LoopyRound {
    #[inline]
    fn immediate(&self, _s: u32, t_at_once: bool) -> bool {
        !t_at_once
    }
}

/// The generalised Sprague–Grundy function, round by round (see the module).
fn loopy(graph: &GameGraph) -> Vec<u32> {
    let n = graph.position_count();
    let preds = graph.moves().transpose();
    let mut label = vec![UNLABELLED; n];
    let mut round = 0u32;
    while label.contains(&UNLABELLED) {
        let mut ranks = Ranks::new(n);
        let mut counters = vec![0u32; n];
        let mut seeds = Vec::new();
        for p in 0..n as u32 {
            let i = p as usize;
            let open = |q: &&u32| matches!(label[**q as usize], UNLABELLED | INFINITE);
            match label[i] {
                // An infinite position is never labelled, but may get an option labelled
                // `round`: its counter cannot reach zero.
                INFINITE => counters[i] = graph.options(p).len() as u32 + 1,
                UNLABELLED => {
                    counters[i] = graph.options(p).iter().filter(open).count() as u32;
                    if counters[i] == 0 {
                        ranks.rank[i] = 0;
                        seeds.push(p);
                    }
                }
                _ => ranks.rank[i] = BLOCKED,
            }
        }
        for &p in &seeds {
            label[p as usize] = round;
        }
        retrograde::run(&preds, &mut counters, seeds, &mut ranks, &LoopyRound);
        for ((l, &r), &at_once) in label.iter_mut().zip(&ranks.rank).zip(&ranks.at_once) {
            if *l == UNLABELLED {
                if r == retrograde::UNDECIDED {
                    // No option labelled `round`: never finite.
                    *l = INFINITE;
                } else if !at_once {
                    *l = round;
                }
            }
        }
        round += 1;
    }
    label
}

/// The answer for a disjunctive sum of tokens on one graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumAnswer {
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The nim value of the sum when every token has a finite value (their XOR).
    pub value: Option<u32>,
    /// A winning move when the sum is a win: which token (index into the tokens) moves, and
    /// to which position.
    pub winning_move: Option<(usize, u32)>,
}

/// Decides a sum of tokens on `graph` (one token moved per turn; a player who cannot move
/// any token loses) from the tokens' values, with a winning move. O(k + degree of the
/// moved token).
///
/// ```
/// use grundy::graph::text::parse_str;
/// use grundy::solve::{grundy_values, sum_of_tokens, Outcome};
///
/// // x and y lead to each other and to the end e (both are inf(0)); "one" has value 1,
/// // "two" value 2.
/// let game = parse_str("x y\ny x\nx e\ny e\none e\ntwo one\ntwo e\n").unwrap();
/// let values = grundy_values(&game).unwrap();
/// let [x, e, one, two] = ["x", "e", "one", "two"].map(|id| game.index_of(id).unwrap());
///
/// // Finite values add by XOR: 1 ⊕ 2 = 3, won by moving "two" to "one".
/// let sum = sum_of_tokens(&game, &values, &[one, two]);
/// assert_eq!((sum.outcome, sum.value), (Outcome::Win, Some(3)));
/// assert_eq!(sum.winning_move, Some((1, one)));
/// // inf(0) alone wins by moving to 0; inf(0) + 1 is a draw; inf + inf is a draw.
/// assert_eq!(sum_of_tokens(&game, &values, &[x]).winning_move, Some((0, e)));
/// assert_eq!(sum_of_tokens(&game, &values, &[x, one]).outcome, Outcome::Draw);
/// assert_eq!(sum_of_tokens(&game, &values, &[x, x]).outcome, Outcome::Draw);
/// ```
pub fn sum_of_tokens(graph: &GameGraph, values: &GrundyValues, tokens: &[u32]) -> SumAnswer {
    let infinite: Vec<usize> = (0..tokens.len())
        .filter(|&i| values.finite(tokens[i]).is_none())
        .collect();
    let x = tokens
        .iter()
        .filter_map(|&p| values.finite(p))
        .fold(0, |a, v| a ^ v);
    let move_to = |token: usize, target: u32| {
        graph
            .options(tokens[token])
            .iter()
            .copied()
            .find(|&q| values.finite(q) == Some(target))
            .map(|q| (token, q))
    };
    match infinite.as_slice() {
        [] if x == 0 => SumAnswer {
            outcome: Outcome::Loss,
            value: Some(0),
            winning_move: None,
        },
        [] => {
            // A token whose value has the top bit of x can move to value v ^ x < v.
            let token = (0..tokens.len())
                .find(|&i| {
                    let v = values.finite(tokens[i]).expect("finite");
                    v ^ x < v
                })
                .expect("some value has the top bit of the XOR");
            let v = values.finite(tokens[token]).expect("finite");
            SumAnswer {
                outcome: Outcome::Win,
                value: Some(x),
                winning_move: move_to(token, v ^ x),
            }
        }
        [j] => match move_to(*j, x) {
            Some(m) => SumAnswer {
                outcome: Outcome::Win,
                value: None,
                winning_move: Some(m),
            },
            None => SumAnswer {
                outcome: Outcome::Draw,
                value: None,
                winning_move: None,
            },
        },
        _ => SumAnswer {
            outcome: Outcome::Draw,
            value: None,
            winning_move: None,
        },
    }
}
