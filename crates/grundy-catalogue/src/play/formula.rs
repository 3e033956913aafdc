//! Playing a family of the catalogue by its formula, for positions too large to explore: a
//! Nim pile of 10^18, Wythoff's game on piles of 10^15.
//!
//! The family's [`CatalogueGame::answer`] gives each position's outcome, value and winning
//! moves in O(piles) or O(log n), so nothing is explored: a position gets its number when
//! play (or a lookup by name) first reaches it, and the positions a move leads to are
//! evaluated by the same formula when the position is analysed. A position lists all its
//! moves when it has few ([`ALL_MOVES`]); otherwise its winning moves and a handful of others
//! ([`Playbook::candidates`]: take one, take everything...), and any legal move can be typed as
//! the position it leads to. The formula says who wins but not in how many moves, so the
//! moves carry no remoteness; in a lost position the engine plays the first of the listed
//! moves, which [`Playbook::candidates`] puts first because it takes the least.

use std::fmt::Debug;
use std::sync::{Mutex, PoisonError};

use rustc_hash::FxHashMap;

use super::{is_mistake, move_key, Analysis, Choice, Drawing, PlayError};
use crate::catalogue_game::CatalogueGame;
use grundy::outcome::Outcome;
use grundy::rules::{Game, Moves};

/// A position with at most this many moves lists them all, in the rules' order.
pub const ALL_MOVES: usize = 32;

/// About how many candidates ([`Playbook::candidates`]) a position with many moves lists, and
/// at most how many of its winning moves: a position of 10^5 piles lists a few dozen moves.
pub const CANDIDATES: usize = 16;

/// How many of the rules' first moves a position with many lists besides its candidates and
/// winning moves.
const FIRST_MOVES: usize = 3;

/// What a front end needs of a game played by its formula: every position is known by the
/// number play gave it when it first reached it.
pub(super) trait ByFormula: Send + Sync + Debug {
    /// The name of position `p`.
    fn name(&self, p: u32) -> String;
    /// The outcome for the player to move at `p`, by the formula. O(the formula).
    fn outcome(&self, p: u32) -> Outcome;
    /// Position `p` with its listed moves, evaluated by the formula, each with its touches
    /// if `touches`. O(listed moves × the formula).
    fn analyse(&self, p: u32, touches: bool) -> Analysis;
    /// The position a move typed at `p` leads to: a listed move's number, or the name of any
    /// position one legal move away.
    fn read_move(&self, p: u32, text: &str) -> Result<u32, PlayError>;
    /// The move from `p` to `to`, evaluated, if one legal move leads there.
    fn choice(&self, p: u32, to: u32) -> Option<Choice>;
    /// The position named `name`, if it is a position of this game of the start's shape.
    fn find(&self, name: &str) -> Option<u32>;
    /// How many positions play has reached so far.
    fn visited(&self) -> usize;
    /// An estimate of the bytes held. O(positions visited).
    fn heap_bytes(&self) -> usize;
}

/// A position's name and drawing.
pub type Describe<P> = Box<dyn Fn(&P) -> (String, Drawing) + Send + Sync>;
/// The position a name gives.
pub type Read<P> = Box<dyn Fn(&str) -> Option<P> + Send + Sync>;
/// The moves of a position, each with its name, in any order: what play asks of a board
/// game to name the moves of its graph or of its solution.
pub type Named<P> = Box<dyn Fn(&P) -> Vec<(String, P)> + Send + Sync>;
/// The move between two positions.
pub type Between<P, M> = Box<dyn Fn(&P, &P) -> Option<M> + Send + Sync>;
/// The positions worth listing as moves.
pub type Candidates<P> = Box<dyn Fn(&P) -> Vec<P> + Send + Sync>;

/// A family of the catalogue's playbook: what playing it by its formula takes besides the formula:
/// how its positions are named, drawn and read, which move leads from one position to
/// another, and a few moves worth listing at a position with many.
pub struct Playbook<G: CatalogueGame> {
    /// The game, with its formula ([`CatalogueGame::answer`]) and its rules.
    pub game: G,
    /// A position's name (what a player types to move there) and its drawing.
    pub describe: Describe<G::Position>,
    /// The position a name gives, if it is one of this game of the start's shape (the same
    /// number of piles).
    pub read: Read<G::Position>,
    /// The move from one position to another, if some move could lead there; whether it is
    /// legal is [`CatalogueGame::play`]'s to say.
    pub between: Between<G::Position, G::Move>,
    /// Positions worth listing as moves at a position with many, smallest takes first (the
    /// first legal one is the engine's move where every move loses), about [`CANDIDATES`] of
    /// them whatever the position's size; the illegal ones are dropped.
    pub candidates: Candidates<G::Position>,
}

impl<G: CatalogueGame> Debug for Formula<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Formula")
            .field("visited", &self.visited_count())
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

/// A family played by its formula from a start: the positions reached so far, numbered in
/// the order play reached them (the start is 0), at most `limit` of them.
pub(super) struct Formula<G: CatalogueGame> {
    playbook: Playbook<G>,
    rules: G::Rules,
    reached: Mutex<Reached<G::Position>>,
    limit: usize,
}

/// The positions reached, and their numbers.
struct Reached<P> {
    positions: Vec<P>,
    numbers: FxHashMap<P, u32>,
}

impl<G: CatalogueGame> Formula<G> {
    /// The family played from `start`, numbering at most `limit` positions (at least one).
    pub fn new(playbook: Playbook<G>, start: G::Position, limit: usize) -> Formula<G> {
        let rules = playbook.game.rules();
        let numbers = FxHashMap::from_iter([(start.clone(), 0)]);
        Formula {
            playbook,
            rules,
            reached: Mutex::new(Reached {
                positions: vec![start],
                numbers,
            }),
            limit: limit.max(1),
        }
    }

    /// How many positions play has reached.
    fn visited_count(&self) -> usize {
        let reached = self.reached.lock().unwrap_or_else(PoisonError::into_inner);
        reached.positions.len()
    }

    /// Position `p`. Panics if `p` was never given out.
    fn position(&self, p: u32) -> G::Position {
        let reached = self.reached.lock().unwrap_or_else(PoisonError::into_inner);
        reached.positions[p as usize].clone()
    }

    /// The number of `position`, given it now if play reaches it for the first time; an
    /// error when the positions reached would go past the limit.
    fn number(&self, position: G::Position) -> Result<u32, PlayError> {
        let mut reached = self.reached.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&p) = reached.numbers.get(&position) {
            return Ok(p);
        }
        if reached.positions.len() >= self.limit {
            return Err(PlayError::Reached { limit: self.limit });
        }
        let p = reached.positions.len() as u32;
        reached.positions.push(position.clone());
        reached.numbers.insert(position, p);
        Ok(p)
    }

    /// The moves listed at `position` (the positions they lead to, with the move in words),
    /// and whether it has more: all of them if there are at most [`ALL_MOVES`], else the
    /// legal candidates and the winning moves. O(listed moves × the formula).
    fn listed(&self, position: &G::Position) -> (Vec<(G::Position, String)>, bool) {
        let game = &self.playbook.game;
        let mut all = Moves::with_most(ALL_MOVES);
        self.rules.moves(position, &mut all);
        let more = all.is_over();
        let mut targets: Vec<G::Position> = Vec::new();
        if more {
            let candidates = (self.playbook.candidates)(position)
                .into_iter()
                .filter(|q| self.legal_move(position, q).is_some());
            let winning = (game.answer(position).winning_moves.into_iter())
                .take(CANDIDATES)
                .filter_map(|m| game.play(position, &m));
            // The rules' first moves too, so that a position with moves lists some.
            let first = all.iter().take(FIRST_MOVES).cloned();
            for q in candidates.chain(winning).chain(first) {
                if !targets.contains(&q) {
                    targets.push(q);
                }
            }
        } else {
            targets = all.into_vec();
        }
        let words = |to: &G::Position| match (self.playbook.between)(position, to) {
            Some(m) => m.to_string(),
            None => {
                let describe = &self.playbook.describe;
                describe(position).1.change(&describe(to).1)
            }
        };
        let moves = targets.into_iter().map(|q| {
            let text = words(&q);
            (q, text)
        });
        (moves.collect(), more)
    }

    /// The move to `to` from a position of outcome `before`, evaluated by the formula, with
    /// `key` (the name of `to` where `None`) and `text` to show, and its touches where the
    /// drawing of the position moved from is given. Describes `to` once. O(the formula).
    fn evaluate(
        &self,
        before: (Outcome, Option<&Drawing>),
        key: Option<String>,
        to: &G::Position,
        text: String,
    ) -> Choice {
        let after = self.playbook.game.answer(to);
        let result = after.outcome.flip();
        let (name, drawing) = (self.playbook.describe)(to);
        Choice {
            key: key.unwrap_or_else(|| name.clone()),
            to: name,
            text,
            result,
            remoteness: None,
            draw_level: None,
            losing_offered: None,
            value: after.value,
            canonical_form: None,
            mistake: is_mistake(before.0, result),
            touches: before.1.and_then(|from| from.touched(&drawing)),
        }
    }

    /// The move from `from` to `to`, if one legal move leads there. O(the move's check).
    fn legal_move(&self, from: &G::Position, to: &G::Position) -> Option<G::Move> {
        let m = (self.playbook.between)(from, to)?;
        (self.playbook.game.play(from, &m).as_ref() == Some(to)).then_some(m)
    }
}

impl<G> ByFormula for Formula<G>
where
    G: CatalogueGame + Send + Sync,
    G::Position: Send + Sync,
    G::Rules: Send + Sync,
{
    fn name(&self, p: u32) -> String {
        (self.playbook.describe)(&self.position(p)).0
    }

    fn outcome(&self, p: u32) -> Outcome {
        self.playbook.game.answer(&self.position(p)).outcome
    }

    fn analyse(&self, p: u32, touches: bool) -> Analysis {
        let position = self.position(p);
        let game = &self.playbook.game;
        let answer = game.answer(&position);
        let (moves, more_moves) = self.listed(&position);
        let (name, drawing) = (self.playbook.describe)(&position);
        let before = (answer.outcome, touches.then_some(&drawing));
        let choices: Vec<Choice> = moves
            .into_iter()
            .enumerate()
            .map(|(i, (q, text))| self.evaluate(before, Some((i + 1).to_string()), &q, text))
            .collect();
        // A winning move where there is one, else the first listed (the smallest take).
        let best = match answer.outcome {
            Outcome::Win => choices.iter().position(|c| c.result == Outcome::Win),
            _ => None,
        }
        .or((!choices.is_empty()).then_some(0));
        Analysis {
            position: name,
            drawing,
            to_move: None,
            outcome: answer.outcome,
            remoteness: None,
            draw_level: None,
            value: answer.value,
            form: None,
            moves: choices,
            best,
            more_moves,
        }
    }

    fn read_move(&self, p: u32, text: &str) -> Result<u32, PlayError> {
        let position = self.position(p);
        let (moves, _) = self.listed(&position);
        if moves.is_empty() {
            return Err(PlayError::Move(
                "the game is over: no move is left".to_string(),
            ));
        }
        let text = text.trim();
        if let Ok(k) = text.parse::<usize>() {
            if (1..=moves.len()).contains(&k) {
                return self.number(moves[k - 1].0.clone());
            }
        }
        let typed = move_key(text);
        if let Some((q, _)) = moves.iter().find(|(_, words)| move_key(words) == typed) {
            return self.number(q.clone());
        }
        match (self.playbook.read)(text).filter(|q| self.legal_move(&position, q).is_some()) {
            Some(q) => self.number(q),
            None => Err(PlayError::Move(format!(
                "'{text}' is not a move here: type a listed move's number (1 to {}) or the \
                 position a legal move leads to",
                moves.len()
            ))),
        }
    }

    fn choice(&self, p: u32, to: u32) -> Option<Choice> {
        let (from, to) = (self.position(p), self.position(to));
        let m = self.legal_move(&from, &to)?;
        let before = self.playbook.game.answer(&from).outcome;
        Some(self.evaluate((before, None), None, &to, m.to_string()))
    }

    fn find(&self, name: &str) -> Option<u32> {
        self.number((self.playbook.read)(name)?).ok()
    }

    fn visited(&self) -> usize {
        self.visited_count()
    }

    fn heap_bytes(&self) -> usize {
        // A position, its copy as a key, and the table's slot: a few words each, more for
        // a position with many piles (not counted).
        self.visited() * (2 * std::mem::size_of::<G::Position>() + 16)
    }
}
