//! Two named players, each with a ranking of the three results.
//!
//! A game between player 1 and player 2 ends with "player 1 wins", "player 2 wins", or goes on
//! forever ("endless play", a draw; a fixed `result=draw` ends it with the same value). The
//! usual ranking is win > draw > loss for both, but the notes (000, the case 平局 > 赢 > 输)
//! also study player 1 preferring endless play > win > loss against player 2's
//! win > loss > endless play. Any two *opposite* rankings make a zero-sum game with three
//! values, and all six are solved here in O(n + m):
//!
//! Each result is given a payoff, its rank in player 1's order (2, 1, 0), endless play the
//! rank of a draw, and the game is solved as a payoff game (see [`super::payoff`]):
//! values by thresholds — "can player 1 force a result at least this good?" — each an
//! attractor; for the notes' case this is exactly their method (first decide where the game
//! can be made to stop, then solve the rest). Remoteness: each player hurries towards an end
//! he likes better than endless play and delays an end he likes less (for the usual ranking:
//! win fast, lose slow).
//!
//! Positions of draw value get a best move that keeps the draw.
//!
//! ```
//! use grundy::graph::text::parse_str;
//! use grundy::solve::{solve, Outcome, Preferences, Ranking, SolveOptions};
//!
//! // From s, move to the end e (the opponent cannot move there), or to l, where the players
//! // pass for ever. Each position is taken once with each player to move.
//! let game = parse_str("s e\ns l\nl l\n").unwrap().with_player_to_move();
//! let [s, e, l] = ["s@1", "e@2", "l@2"].map(|id| game.index_of(id).unwrap());
//! let usual = solve(&game, &SolveOptions::default()).unwrap();
//! assert_eq!((usual.outcome(s), usual.best_move(s)), (Outcome::Win, Some(e)));
//!
//! // Player 1 prefers endless play to winning (like `--prefer draw,win,loss`).
//! let prefs = Preferences::new(Ranking::parse("draw,win,loss").unwrap(), None).unwrap();
//! let options = SolveOptions { misere: false, preferences: Some(prefs) };
//! let solution = solve(&game, &options).unwrap();
//! assert_eq!((solution.outcome(s), solution.best_move(s)), (Outcome::Draw, Some(l)));
//! ```

use std::fmt;

use super::payoff;
use super::{terminal_outcome, Solution, SolveError, NONE};
use crate::graph::GameGraph;
use crate::outcome::{Outcome, Player};

/// One player's ranking of the three results from his own point of view, best first.
///
/// ```
/// use grundy::solve::{Outcome, Ranking};
///
/// let ranking = Ranking::parse("draw > win > loss").unwrap();
/// assert_eq!(ranking, Ranking([Outcome::Draw, Outcome::Win, Outcome::Loss]));
/// assert_eq!(ranking.to_string(), "draw>win>loss");
/// // The opponent in a zero-sum game: my loss is his win, and my first choice his last.
/// assert_eq!(ranking.opposite().to_string(), "win>loss>draw");
/// assert_eq!(Ranking::USUAL.opposite(), Ranking::USUAL);
/// assert!(Ranking::parse("win,win,loss").is_err());
/// ```
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

    /// Parses three words among `win`, `loss`, `draw`, best first, separated by `,` or `>`
    /// (spaces around them allowed). O(length).
    pub fn parse(text: &str) -> Result<Ranking, RankingError> {
        let words: Vec<&str> = text.split([',', '>']).map(str::trim).collect();
        let parsed: Option<Vec<Outcome>> = words.iter().map(|w| Outcome::from_word(w)).collect();
        match parsed.as_deref() {
            Some(&[a, b, c]) if a != b && b != c && a != c => Ok(Ranking([a, b, c])),
            _ => Err(RankingError::Syntax(text.to_string())),
        }
    }

    /// The ranking of the other player in a zero-sum game: results seen from the other side
    /// (win and loss swap), in reverse order. O(1).
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

/// The rankings of both players, known to be opposite. The default is the usual ranking for
/// both.
///
/// ```
/// use grundy::solve::{Player, Preferences, Ranking, RankingError};
///
/// let first = Ranking::parse("draw,win,loss").unwrap();
/// let prefs = Preferences::new(first, None).unwrap();
/// assert_eq!(prefs.ranking(Player::Two).to_string(), "win>loss>draw");
/// // The same, given by player 2's ranking (like `--prefer2 win,loss,draw`).
/// let second = Ranking::parse("win,loss,draw").unwrap();
/// assert_eq!(Preferences::from_second(second), prefs);
/// // Rankings that are not opposite would make the game not zero-sum.
/// let error = Preferences::new(first, Some(Ranking::USUAL)).unwrap_err();
/// assert!(matches!(error, RankingError::NotOpposite { .. }));
/// ```
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
    /// taken as the opposite. O(1).
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

    /// Player 2's ranking only; player 1's is its opposite. O(1).
    pub fn from_second(second: Ranking) -> Preferences {
        Preferences {
            first: second.opposite(),
        }
    }

    /// The ranking of `player`, from his own point of view. O(1).
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

/// Solves a graph whose every position says which player is to move, with the given
/// preferences: a payoff game (see [`super::payoff`]) where each result is worth its
/// rank in player 1's order (2, 1, 0) and endless play the rank of a draw. O(n + m).
///
/// [`solve`](super::solve) calls it for graphs with players; an error names the first position
/// without a player.
///
/// ```
/// use grundy::solve::{preference, Preferences};
/// use grundy::{GameGraph, Outcome, Player};
///
/// // 0 -> 1 and 1 -> 0 for ever, or 0 -> 2, where player 2 is stuck.
/// let game = GameGraph::from_moves(3, &[(0, 1), (1, 0), (0, 2)])
///     .with_players(vec![Some(Player::One), Some(Player::Two), Some(Player::Two)]);
/// let usual = preference::solve(&game, false, Preferences::default()).unwrap();
/// assert_eq!((usual.outcome(0), usual.best_move(0)), (Outcome::Win, Some(2)));
/// // In misère play, being stuck wins: player 1 keeps the game going instead.
/// let misere = preference::solve(&game, true, Preferences::default()).unwrap();
/// assert_eq!((misere.outcome(0), misere.best_move(0)), (Outcome::Draw, Some(1)));
/// ```
pub fn solve(graph: &GameGraph, misere: bool, prefs: Preferences) -> Result<Solution, SolveError> {
    let player = payoff::players(graph)?;
    let ranking = prefs.ranking(Player::One);
    let worth = |r: Result3| i64::from(ranking.value_of(r.seen_by(Player::One)));
    let end: Vec<Option<i64>> = (0..graph.position_count() as u32)
        .map(|p| {
            terminal_outcome(graph, p, misere)
                .map(|o| worth(Result3::from_view(o, player[p as usize])))
        })
        .collect();
    let endless = worth(Result3::Endless);
    let solved = payoff::minimax(graph, &player, &end, Some(endless))?;
    let p1_wins = worth(Result3::Wins(Player::One));
    let mut outcome = Vec::with_capacity(player.len());
    let mut remoteness = Vec::with_capacity(player.len());
    let mut best = Vec::with_capacity(player.len());
    for (p, &pl) in player.iter().enumerate() {
        let p = p as u32;
        let v = solved.value(p);
        let result = if v == endless {
            Result3::Endless
        } else if v == p1_wins {
            Result3::Wins(Player::One)
        } else {
            Result3::Wins(Player::Two)
        };
        outcome.push(result.seen_by(pl));
        remoteness.push(solved.remoteness(p).unwrap_or(NONE));
        best.push(solved.best_move(p).unwrap_or(NONE));
    }
    Ok(Solution {
        outcome,
        remoteness,
        best,
    })
}
