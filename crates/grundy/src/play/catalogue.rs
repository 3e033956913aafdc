//! The catalogue's games played: a [`Playable`] game (a [`CatalogueGame`] that can list its
//! moves and read and write its positions and moves) becomes a [`Played`] game through
//! [`CatalogueMatch`].
//!
//! Outcomes, values and winning moves come from the formula, at any size. Remoteness comes
//! from the generic solver run on the rules, where everything reachable from the position
//! fits a budget ([`SOLVE_BUDGET`] positions); beyond it, remoteness is unknown and the
//! analysis says so (`exact: false`).

use serde::Serialize;

use super::{Analysis, Choice, Drawing, Eval, PlayError, Played, TableOffer};
use crate::games::CatalogueGame;
use crate::input::InputError;
use crate::progress::NoProgress;
use crate::rules::{explore, ExploreLimits, Explored};
use crate::solve::{solve, Solution, SolveOptions};

/// The most positions the generic solver explores to find remoteness: Nim 10 10 10 (1,331
/// positions) or Wythoff 60 60 (3,721) are solved exactly, a pile of 10^18 is not.
pub const SOLVE_BUDGET: usize = 20_000;

/// A catalogue game that can be played: it lists its legal moves (a bounded number of
/// them: a pile of 10^18 has too many), and reads and writes its positions and moves as text.
pub trait Playable: CatalogueGame + Send + Sync {
    /// The game and its parameters in words: `Nim`, `subtraction game: take 1, 3 or 4`.
    fn title(&self) -> String;

    /// How moves are typed, in one line, with an example.
    fn notation(&self) -> String;

    /// The position as text, in the notation [`Playable::read_position`] reads.
    fn write_position(&self, p: &Self::Position) -> String;

    /// Reads a position (as [`Playable::write_position`] writes it), checking that it is
    /// one of the game's.
    fn read_position(&self, text: &str) -> Result<Self::Position, InputError>;

    /// The first legal moves at `p` in the game's order (at most about `limit` of them), and
    /// the number of legal moves.
    fn legal_moves(&self, p: &Self::Position, limit: usize) -> (Vec<Self::Move>, u128);

    /// What a user types for the move `m`.
    fn move_key(&self, m: &Self::Move) -> String;

    /// Reads a move typed at `p`; it is checked for legality with [`CatalogueGame::play`].
    fn read_move(&self, p: &Self::Position, text: &str) -> Result<Self::Move, InputError>;

    /// The position, drawn.
    fn drawing(&self, p: &Self::Position) -> Drawing;

    /// A table of values whose cells are positions of this game, when `p` is one of its
    /// cells' kind (two piles for the table of two-pile Nim).
    fn table(&self, p: &Self::Position) -> Option<TableOffer> {
        let _ = p;
        None
    }
}

/// A [`Playable`] game from a start position: a [`Played`] game.
#[derive(Debug, Clone)]
pub struct CatalogueMatch<G> {
    game: G,
    start: String,
    table: Option<TableOffer>,
}

impl<G: Playable> CatalogueMatch<G> {
    /// The game played from `start`.
    pub fn new(game: G, start: &G::Position) -> CatalogueMatch<G> {
        CatalogueMatch {
            start: game.write_position(start),
            table: game.table(start),
            game,
        }
    }

    /// The same, boxed as a played game.
    pub fn boxed(game: G, start: &G::Position) -> Box<dyn Played>
    where
        G: 'static,
    {
        Box::new(CatalogueMatch::new(game, start))
    }

    /// Reads a position, as a play error.
    fn position(&self, text: &str) -> Result<G::Position, PlayError> {
        self.game
            .read_position(text)
            .map_err(|e| PlayError::Position(e.to_string()))
    }

    /// The rules explored and solved from `p`, if `p` has at most `SOLVE_BUDGET` moves and
    /// everything reachable fits the budget.
    fn solved(
        &self,
        p: &G::Position,
        move_count: u128,
    ) -> Option<(Explored<G::Position>, Solution)> {
        if move_count > SOLVE_BUDGET as u128 {
            return None;
        }
        let limits = ExploreLimits {
            max_positions: SOLVE_BUDGET,
            max_bytes: 64 << 20,
        };
        let explored = explore(&self.game.rules(), [p.clone()], limits, &NoProgress).ok()?;
        let options = SolveOptions {
            misere: self.game.misere(),
            preferences: None,
        };
        let solution = solve(&explored.graph, &options).ok()?;
        Some((explored, solution))
    }

    /// The evaluation of `q`: the formula's outcome and value, the solver's remoteness when
    /// `q` was solved.
    fn evaluate(
        &self,
        q: &G::Position,
        solved: Option<&(Explored<G::Position>, Solution)>,
    ) -> Eval {
        let answer = self.game.answer(q);
        let remoteness = solved.and_then(|(explored, solution)| {
            explored.id(q).and_then(|id| solution.remoteness(id))
        });
        Eval {
            outcome: answer.outcome,
            remoteness,
            value: answer.value,
        }
    }

    /// The move `m` from `p`, evaluated; `None` if it is illegal.
    fn choice(
        &self,
        p: &G::Position,
        m: &G::Move,
        solved: Option<&(Explored<G::Position>, Solution)>,
    ) -> Option<Choice> {
        let q = self.game.play(p, m)?;
        Some(Choice::new(
            self.game.move_key(m),
            m.to_string(),
            json(m),
            self.game.write_position(&q),
            self.game.drawing(&q),
            self.evaluate(&q, solved),
        ))
    }
}

/// A move's JSON (its `Serialize`); moves are plain data, so this cannot fail.
fn json(m: &impl Serialize) -> serde_json::Value {
    serde_json::to_value(m).unwrap_or(serde_json::Value::Null)
}

impl<G: Playable> Played for CatalogueMatch<G> {
    fn title(&self) -> String {
        self.game.title()
    }

    fn notation(&self) -> String {
        self.game.notation()
    }

    fn start(&self) -> String {
        self.start.clone()
    }

    /// O(listed moves × the formula's cost), plus the generic solver on at most
    /// [`SOLVE_BUDGET`] positions.
    fn analyse(&self, position: &str, limit: usize) -> Result<Analysis, PlayError> {
        let p = self.position(position)?;
        let answer = self.game.answer(&p);
        let (mut moves, count) = self.game.legal_moves(&p, limit);
        for m in answer.winning_moves {
            if !moves.contains(&m) {
                moves.push(m);
            }
        }
        let solved = self.solved(&p, count);
        let choices: Vec<Choice> = moves
            .iter()
            .filter_map(|m| self.choice(&p, m, solved.as_ref()))
            .collect();
        let eval = self.evaluate(&p, solved.as_ref());
        Ok(Analysis::new(
            self.game.write_position(&p),
            self.game.drawing(&p),
            eval,
            choices,
            count,
            solved.is_some(),
        ))
    }

    fn read_move(&self, position: &str, text: &str) -> Result<Choice, PlayError> {
        let p = self.position(position)?;
        let illegal = |why: String| PlayError::Move(format!("'{}': {why}", text.trim()));
        let m = self
            .game
            .read_move(&p, text)
            .map_err(|e| illegal(e.to_string()))?;
        let (_, count) = self.game.legal_moves(&p, 0);
        let solved = self.solved(&p, count);
        let mut choice = self
            .choice(&p, &m, solved.as_ref())
            .ok_or_else(|| illegal(format!("{m} is not a legal move here")))?;
        choice.mistake = super::is_mistake(self.game.answer(&p).outcome, choice.result);
        Ok(choice)
    }

    fn table(&self) -> Option<TableOffer> {
        self.table.clone()
    }
}
