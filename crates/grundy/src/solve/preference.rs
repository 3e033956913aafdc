//! Two named players, each with a ranking of the three results.
//!
//! A game between player 1 and player 2 ends with "player 1 wins", "player 2 wins", or goes on
//! forever ("endless play", a draw; a fixed `result=draw` ends it with the same value). The
//! usual ranking is win > draw > loss for both, but the notes (000, the case 平局 > 赢 > 输)
//! also study player 1 preferring endless play > win > loss against player 2's
//! win > loss > endless play. Any two *opposite* rankings make a zero-sum game with three
//! values, and all six are solved here in O(n + m):
//!
//! 1. **Values by thresholds.** Number the results 2, 1, 0 in player 1's order. For t = 1, 2,
//!    "can player 1 force a value ≥ t?" is a reachability game: if endless play is worth ≥ t,
//!    player 1 wins it unless player 2 can force an end worth < t (player 2's attractor of
//!    those end positions); otherwise player 1 must force an end worth ≥ t (player 1's
//!    attractor). Each attractor is one retrograde pass. For the notes' case this is exactly
//!    their method: first decide where the game can be made to stop, then solve the rest.
//! 2. **Remoteness.** Each player hurries towards an end he likes better than endless play and
//!    delays an end he likes less (for the usual ranking: win fast, lose slow). Among the
//!    positions of one end value, with only the moves that keep that value, the player who
//!    prefers that end to endless play forces it; one more retrograde pass over all value
//!    classes at once gives the ranks and best moves.
//!
//! Positions of draw value get a best move that keeps the draw.

use std::fmt;

use super::retrograde::{self, Ranks, Rule, BLOCKED, NO_POSITION};
use super::{terminal_outcome, Solution, SolveError, NONE};
use crate::graph::GameGraph;
use crate::outcome::{Outcome, Player};

/// One player's ranking of the three results from his own point of view, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ranking(pub [Outcome; 3]);

/// Why a ranking or a pair of rankings was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RankingError {
    /// The text is not three distinct words among win, loss, draw.
    #[error("'{0}' is not a ranking: expected win, loss and draw once each, best first, separated by ',' or '>' (e.g. draw>win>loss)")]
    Syntax(String),
    /// The two rankings are not opposite, so the game would not be zero-sum.
    #[error("player 2's ranking {given} is not the opposite of player 1's {first}: the solver handles zero-sum games, where player 2 ranks the results in exactly the reverse order of player 1 (here {expected} from player 2's side)")]
    NotOpposite {
        /// Player 1's ranking.
        first: Ranking,
        /// Player 2's ranking as given.
        given: Ranking,
        /// The ranking player 2 would need.
        expected: Ranking,
    },
}

impl Ranking {
    /// The usual ranking: win > draw > loss.
    pub const USUAL: Ranking = Ranking([Outcome::Win, Outcome::Draw, Outcome::Loss]);

    /// Parses three words among `win`, `loss`, `draw`, best first, separated by `,` or `>`.
    pub fn parse(text: &str) -> Result<Ranking, RankingError> {
        let words: Vec<&str> = text.split([',', '>']).map(str::trim).collect();
        let parsed: Option<Vec<Outcome>> = words.iter().map(|w| Outcome::from_word(w)).collect();
        match parsed.as_deref() {
            Some(&[a, b, c]) if a != b && b != c && a != c => Ok(Ranking([a, b, c])),
            _ => Err(RankingError::Syntax(text.to_string())),
        }
    }

    /// The ranking of the other player in a zero-sum game: results seen from the other side
    /// (win and loss swap), in reverse order.
    pub fn opposite(self) -> Ranking {
        let [a, b, c] = self.0;
        Ranking([c.flip(), b.flip(), a.flip()])
    }

    /// Rank of an outcome: 2 for the best, 0 for the worst.
    fn value_of(self, o: Outcome) -> u8 {
        2 - self
            .0
            .iter()
            .position(|&x| x == o)
            .expect("a ranking holds each outcome") as u8
    }
}

impl fmt::Display for Ranking {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.0;
        write!(f, "{a}>{b}>{c}")
    }
}

/// The rankings of both players, known to be opposite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Preferences {
    first: Ranking,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            first: Ranking::USUAL,
        }
    }
}

impl Preferences {
    /// Player 1's ranking, with player 2's either given (and checked to be the opposite) or
    /// taken as the opposite.
    pub fn new(first: Ranking, second: Option<Ranking>) -> Result<Preferences, RankingError> {
        match second {
            Some(given) if given != first.opposite() => Err(RankingError::NotOpposite {
                first,
                given,
                expected: first.opposite(),
            }),
            _ => Ok(Preferences { first }),
        }
    }

    /// Player 2's ranking only; player 1's is its opposite.
    pub fn from_second(second: Ranking) -> Preferences {
        Preferences {
            first: second.opposite(),
        }
    }

    /// The ranking of `player`, from his own point of view.
    pub fn ranking(&self, player: Player) -> Ranking {
        match player {
            Player::One => self.first,
            Player::Two => self.first.opposite(),
        }
    }
}

/// A result of the whole game, independent of who is to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Result3 {
    Wins(Player),
    Endless,
}

impl Result3 {
    /// The result as seen by `player`.
    fn seen_by(self, player: Player) -> Outcome {
        match self {
            Result3::Wins(w) if w == player => Outcome::Win,
            Result3::Wins(_) => Outcome::Loss,
            Result3::Endless => Outcome::Draw,
        }
    }

    fn from_view(o: Outcome, player: Player) -> Result3 {
        match o {
            Outcome::Win => Result3::Wins(player),
            Outcome::Loss => Result3::Wins(player.other()),
            Outcome::Draw => Result3::Endless,
        }
    }
}

/// Attractor of `forcer`: positions from which `forcer` can force reaching a target.
struct Attract<'a> {
    player: &'a [Player],
    forcer: Player,
}

impl Rule for Attract<'_> {
    #[inline]
    fn immediate(&self, s: u32, _t: u32) -> bool {
        self.player[s as usize] == self.forcer
    }
    #[inline]
    fn decide(&mut self, _s: u32, _t: u32, _immediate: bool) {}
}

/// Ranks within value classes: only value-keeping moves count, and in each class the player
/// who prefers its end to endless play forces it.
struct Hurry<'a> {
    player: &'a [Player],
    value: &'a [u8],
    forcer: [Option<Player>; 3],
}

impl Rule for Hurry<'_> {
    #[inline]
    fn admits(&self, s: u32, t: u32) -> bool {
        self.value[s as usize] == self.value[t as usize]
    }
    #[inline]
    fn immediate(&self, s: u32, _t: u32) -> bool {
        Some(self.player[s as usize]) == self.forcer[self.value[s as usize] as usize]
    }
    #[inline]
    fn decide(&mut self, _s: u32, _t: u32, _immediate: bool) {}
}

/// Solves a graph whose every position says which player is to move, with the given
/// preferences. Three retrograde passes: O(n + m).
pub fn solve(graph: &GameGraph, misere: bool, prefs: Preferences) -> Result<Solution, SolveError> {
    let n = graph.position_count();
    let mut player = Vec::with_capacity(n);
    for p in 0..n as u32 {
        match graph.player(p) {
            Some(pl) => player.push(pl),
            None => {
                return Err(SolveError::MissingPlayer {
                    position: graph.label(p),
                })
            }
        }
    }
    let ranking = prefs.ranking(Player::One);
    let value_of = |r: Result3| ranking.value_of(r.seen_by(Player::One));
    let endless = value_of(Result3::Endless);
    // The end value of each terminal position (u8::MAX for positions the game does not end at).
    let end: Vec<u8> = (0..n as u32)
        .map(|p| match terminal_outcome(graph, p, misere) {
            Some(o) => value_of(Result3::from_view(o, player[p as usize])),
            None => u8::MAX,
        })
        .collect();
    let preds = graph.moves().transpose();
    let degree: Vec<u32> = (0..n as u32).map(|p| graph.moves().degree(p)).collect();

    // Step 1: value = number of thresholds t in {1, 2} that player 1 can force.
    let mut value = vec![0u8; n];
    for t in 1..=2u8 {
        // Player 2 forces an end worth < t, or player 1 one worth >= t.
        let forcer = if endless >= t {
            Player::Two
        } else {
            Player::One
        };
        let mut ranks = Ranks::new(n);
        let mut seeds = Vec::new();
        for (p, &e) in end.iter().enumerate() {
            if e != u8::MAX {
                if (e >= t) == (forcer == Player::One) {
                    ranks.rank[p] = 0;
                    seeds.push(p as u32);
                } else {
                    ranks.rank[p] = BLOCKED;
                }
            }
        }
        let mut counters = degree.clone();
        let mut rule = Attract {
            player: &player,
            forcer,
        };
        retrograde::run(&preds, &mut counters, seeds, &mut ranks, &mut rule);
        for p in 0..n as u32 {
            let attracted = ranks.is_decided(p);
            if attracted == (forcer == Player::One) {
                value[p as usize] += 1;
            }
        }
    }

    // Step 2: remoteness and best moves within each end value.
    let mut forcer = [None; 3];
    for (v, f) in forcer.iter_mut().enumerate() {
        let v = v as u8;
        if v != endless {
            *f = Some(if v > endless {
                Player::One
            } else {
                Player::Two
            });
        }
    }
    let mut ranks = Ranks::new(n);
    let mut seeds = Vec::new();
    let mut counters = vec![0u32; n];
    for p in 0..n as u32 {
        let i = p as usize;
        if end[i] != u8::MAX {
            if end[i] == endless {
                ranks.rank[i] = BLOCKED;
            } else {
                ranks.rank[i] = 0;
                seeds.push(p);
            }
        } else {
            counters[i] = graph
                .options(p)
                .iter()
                .filter(|&&q| value[q as usize] == value[i])
                .count() as u32;
        }
    }
    let mut rule = Hurry {
        player: &player,
        value: &value,
        forcer,
    };
    retrograde::run(&preds, &mut counters, seeds, &mut ranks, &mut rule);
    drop(preds);

    let Ranks {
        rank: mut remoteness,
        mut best,
    } = ranks;
    let mut outcome = Vec::with_capacity(n);
    for p in 0..n as u32 {
        let i = p as usize;
        let result = if value[i] == endless {
            Result3::Endless
        } else if ranking.value_of(Outcome::Win) == value[i] {
            Result3::Wins(Player::One)
        } else {
            Result3::Wins(Player::Two)
        };
        outcome.push(result.seen_by(player[i]));
        if value[i] == endless {
            remoteness[i] = NONE;
            if end[i] == u8::MAX {
                best[i] = graph
                    .options(p)
                    .iter()
                    .copied()
                    .find(|&q| value[q as usize] == endless)
                    .unwrap_or(NO_POSITION);
            }
        }
        debug_assert!(value[i] == endless || remoteness[i] < BLOCKED);
    }
    Ok(Solution {
        outcome,
        remoteness,
        best,
    })
}
