//! The words every solver answers in: outcomes and players, and for partizan games the two
//! sides and the four outcome classes (L, R, N, P).

use std::fmt;

/// The result of a position for the player to move there, with both sides playing well.
///
/// A draw is endless play: neither side can force the game to end in their favour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player to move can force a win (an N-position).
    Win,
    /// The player to move loses against best play (a P-position).
    Loss,
    /// Neither player can force a win; play goes on forever (or ends in a declared draw).
    Draw,
}

impl Outcome {
    /// The outcome seen from the other player: win and loss swap, a draw stays.
    #[inline]
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
        }
    }

    /// The lowercase word used in every output format: `win`, `loss` or `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
        }
    }

    /// Parses `win`, `loss` or `draw`.
    pub fn from_word(word: &str) -> Option<Outcome> {
        match word {
            "win" => Some(Outcome::Win),
            "loss" => Some(Outcome::Loss),
            "draw" => Some(Outcome::Draw),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One of the two players. Player 1 moves first from a start position unless a graph says
/// otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The first player.
    One,
    /// The second player.
    Two,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 1 or 2.
    pub fn number(self) -> u8 {
        match self {
            Player::One => 1,
            Player::Two => 2,
        }
    }

    /// Parses `1` or `2`.
    pub fn from_word(word: &str) -> Option<Player> {
        match word {
            "1" => Some(Player::One),
            "2" => Some(Player::Two),
            _ => None,
        }
    }
}

impl serde::Serialize for Player {
    /// As its number, 1 or 2: the word the graph format (`player=1`), the command line and
    /// every answer use for a player.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// One of the two players of a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Left, who plays the positive games (Alice, Blue, vertical dominoes, `x`).
    Left,
    /// Right, who plays the negative games (Bob, Red, horizontal dominoes, `o`).
    Right,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

impl fmt::Display for Side {
    /// `Left` or `Right`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "Left",
            Side::Right => "Right",
        })
    }
}

/// The outcome class of a partizan position: who wins with perfect play, whoever starts.
/// Serialized as its letter, `"L"`, `"R"`, `"N"` or `"P"`, on every surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum OutcomeClass {
    /// Left wins whoever starts (L, a positive game).
    #[serde(rename = "L")]
    Left,
    /// Right wins whoever starts (R, a negative game).
    #[serde(rename = "R")]
    Right,
    /// The player who moves first wins (N, a fuzzy game).
    #[serde(rename = "N")]
    First,
    /// The player who moves second wins (P, a zero game).
    #[serde(rename = "P")]
    Second,
}

impl OutcomeClass {
    /// Who wins when `first` moves first.
    pub fn winner(self, first: Side) -> Side {
        match self {
            OutcomeClass::Left => Side::Left,
            OutcomeClass::Right => Side::Right,
            OutcomeClass::First => first,
            OutcomeClass::Second => first.other(),
        }
    }

    /// The class in which Left wins moving first iff `first`, and wins moving second iff
    /// `second`.
    pub fn from_left_wins(first: bool, second: bool) -> OutcomeClass {
        match (first, second) {
            (true, true) => OutcomeClass::Left,
            (false, false) => OutcomeClass::Right,
            (true, false) => OutcomeClass::First,
            (false, true) => OutcomeClass::Second,
        }
    }

    /// The class's letter in the usual notation, its JSON form: `L`, `R`, `N` (the first
    /// player wins) or `P` (the second player wins).
    pub fn letter(self) -> char {
        match self {
            OutcomeClass::Left => 'L',
            OutcomeClass::Right => 'R',
            OutcomeClass::First => 'N',
            OutcomeClass::Second => 'P',
        }
    }
}

impl fmt::Display for OutcomeClass {
    /// The letter and its meaning, the one text form of every surface: `N (the first player
    /// wins)`, `L (Left wins)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let meaning = match self {
            OutcomeClass::Left => "Left wins",
            OutcomeClass::Right => "Right wins",
            OutcomeClass::First => "the first player wins",
            OutcomeClass::Second => "the second player wins",
        };
        write!(f, "{} ({meaning})", self.letter())
    }
}
