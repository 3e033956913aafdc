//! Playing a game from its strong solution on disk ([`grundy::rules::tiered::Solved`]), for
//! games too large to explore for play (Quixo 4 × 4, Five Men's Morris, Dōbutsu Shōgi).
//!
//! Nothing is explored: a position gets its number when play (or a lookup by name) first
//! reaches it, and it is analysed then, once: its value and each of its moves' values read
//! from the tier files (one checked block each, most of them kept by the solution's cache),
//! the moves named as the game names them. Reading can fail (a damaged file, a tier deleted
//! since the folder was opened): the position is then not numbered and the error is the
//! answer ([`PlayError::Solution`]), so no value is ever shown that the files did not give.
//! Every later question about a numbered position (its analysis, its outcome, a move's
//! verdict) is answered from what was read, and cannot fail.
//!
//! The engine's move is the solver's: the fastest win, the slowest loss (from the records'
//! remoteness), and in a draw the move that keeps it with the best offer (the soonest trap,
//! then the opponent's most losing moves, from the records' draw levels and the positions two
//! moves ahead: [`tiered::Solved::draw_move`]), or the first that keeps it where the records
//! hold no levels.

use std::fmt::Debug;
use std::sync::{Arc, Mutex, PoisonError};

use rustc_hash::FxHashMap;

use super::formula::{Describe, Named, Read};
use super::{is_mistake, move_key, Analysis, Choice, PlayError};
use grundy::budget::Budget;
use grundy::outcome::Outcome;
use grundy::rules::tiered::{self, TierError, TierRanking};

/// What a front end needs of a game played from its solution on disk: every position is
/// known by the number play gave it when it first reached it, analysed then.
pub(super) trait OnDisk: Send + Sync + Debug {
    /// The name of position `p`.
    fn name(&self, p: u32) -> String;
    /// Position `p` analysed as it was read when numbered (each move with its touches).
    /// O(1) and a copy.
    fn analysis(&self, p: u32) -> Arc<Analysis>;
    /// The position a move typed at `p` leads to: a move's number, its name, or the name of
    /// the position it leads to; read and numbered if play reaches it for the first time.
    fn read_move(&self, p: u32, text: &str) -> Result<u32, PlayError>;
    /// The position named `name`, read and numbered if new; `None` for a name that is no
    /// position of the game.
    fn find(&self, name: &str) -> Result<Option<u32>, PlayError>;
    /// How many positions play has reached so far.
    fn visited(&self) -> usize;
    /// An estimate of the bytes held. O(1).
    fn heap_bytes(&self) -> usize;
}

/// A game played from its solution in a folder: the positions reached so far, numbered in
/// the order play reached them (the start is 0), each with its analysis, at most `limit` of
/// them.
pub(super) struct FromSolution<G: TierRanking> {
    solved: tiered::Solved<G>,
    describe: Describe<G::Position>,
    read: Read<G::Position>,
    named: Named<G::Position>,
    reached: Mutex<Reached<G::Position>>,
    limit: usize,
}

/// The positions reached, their analyses and their numbers.
struct Reached<P> {
    positions: Vec<P>,
    analyses: Vec<Arc<Analysis>>,
    numbers: FxHashMap<P, u32>,
    /// Bytes of the analyses' text, roughly.
    bytes: usize,
}

impl<G: TierRanking> Debug for FromSolution<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FromSolution")
            .field("game", &self.solved.game().name())
            .field("limit", &self.limit)
            .finish_non_exhaustive()
    }
}

/// A read of the solution that failed, as play says it: a position the game does not have
/// is the game's error, anything else the solution's.
fn solution_error(e: TierError) -> PlayError {
    match e {
        TierError::Position(what) => PlayError::Game(what),
        e => PlayError::Solution(e.to_string()),
    }
}

impl<G> FromSolution<G>
where
    G: TierRanking + Send + Sync,
    G::Position: Send + Sync,
{
    /// The game of `solved` played from `start`, numbering at most the budget's positions;
    /// the start is read at once, so that a solution that cannot answer it is refused here.
    /// O(moves of the start) reads.
    pub fn new(
        solved: tiered::Solved<G>,
        describe: Describe<G::Position>,
        read: Read<G::Position>,
        named: Named<G::Position>,
        start: G::Position,
        budget: &Budget,
    ) -> Result<FromSolution<G>, PlayError> {
        let limit = usize::try_from(budget.positions()).unwrap_or(usize::MAX);
        let game = FromSolution {
            solved,
            describe,
            read,
            named,
            reached: Mutex::new(Reached {
                positions: Vec::new(),
                analyses: Vec::new(),
                numbers: FxHashMap::default(),
                bytes: 0,
            }),
            limit: limit.max(1),
        };
        game.number(start)?;
        Ok(game)
    }

    /// The positions reached, whether or not a question panicked while holding them (they
    /// are consistent between statements).
    fn reached(&self) -> std::sync::MutexGuard<'_, Reached<G::Position>> {
        self.reached.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The number of `position`, given it now (after it is read and analysed) if play
    /// reaches it for the first time; an error when it cannot be read, or when the positions
    /// reached would go past the limit. O(moves) reads for a new position.
    fn number(&self, position: G::Position) -> Result<u32, PlayError> {
        if let Some(&p) = self.reached().numbers.get(&position) {
            return Ok(p);
        }
        if self.reached().positions.len() >= self.limit {
            return Err(PlayError::Reached { limit: self.limit });
        }
        // Read without the lock: another question may go on meanwhile.
        let analysis = self.analyse(&position)?;
        let mut reached = self.reached();
        if let Some(&p) = reached.numbers.get(&position) {
            return Ok(p);
        }
        let p = reached.positions.len() as u32;
        reached.bytes += text_bytes(&analysis);
        reached.positions.push(position.clone());
        reached.analyses.push(Arc::new(analysis));
        reached.numbers.insert(position, p);
        Ok(p)
    }

    /// Position `p` (numbered).
    fn position(&self, p: u32) -> G::Position {
        self.reached().positions[p as usize].clone()
    }

    /// `position` analysed from the solution: its value, each move (named as the game
    /// names it, in the rules' order) with the value it leads to, and the engine's move.
    /// O(moves) checked reads.
    fn analyse(&self, position: &G::Position) -> Result<Analysis, PlayError> {
        let value = self.solved.value(position).map_err(solution_error)?;
        let steps = self.solved.steps(position).map_err(solution_error)?;
        let named = if steps.is_empty() {
            Vec::new()
        } else {
            (self.named)(position)
        };
        let (name, drawing) = (self.describe)(position);
        // The engine's draw-keeping move, by the offers (`None` where a level is missing).
        let draw_pick = tiered::Solved::<G>::draw_move(&steps);
        let moves: Vec<Choice> = (steps.into_iter().enumerate())
            .map(|(i, step)| {
                // The steps are the moves in the rules' order, as the names list them: each is
                // named by its place, since two moves may lead to one position (Quixo's
                // pushes along a line).
                let text = match named.get(i) {
                    Some((text, to)) if *to == step.position => text.clone(),
                    _ => format!("move {}", i + 1),
                };
                let (to, after) = (self.describe)(&step.position);
                let result = step.value.outcome.flip();
                Choice {
                    key: (i + 1).to_string(),
                    to,
                    text,
                    result,
                    remoteness: step.value.remoteness.map(|r| r + 1),
                    draw_level: step.offer.map(|o| o.level),
                    losing_offered: step.offer.map(|o| o.losing),
                    value: None,
                    canonical_form: None,
                    mistake: is_mistake(value.outcome, result),
                    touches: drawing.touched(&after),
                }
            })
            .collect();
        let best = best_move(value.outcome, &moves, draw_pick);
        Ok(Analysis {
            position: name,
            drawing,
            to_move: self.solved.game().player(position),
            outcome: value.outcome,
            remoteness: value.remoteness,
            draw_level: value.draw_level,
            value: None,
            form: None,
            moves,
            best,
            more_moves: false,
        })
    }
}

/// The engine's move among `moves` at a position of `outcome`: the fastest win, the slowest
/// loss, in a draw `draw_pick` (the move keeping it with the best offer), or the first
/// keeping it where the records hold no levels; the first of equals in the rules' order; the
/// first move where the records keep no remoteness. `None` where there is no move. O(moves).
fn best_move(outcome: Outcome, moves: &[Choice], draw_pick: Option<usize>) -> Option<usize> {
    let giving =
        |result: Outcome| (moves.iter().enumerate()).filter(move |(_, c)| c.result == result);
    let found = match outcome {
        Outcome::Win => giving(Outcome::Win)
            .min_by_key(|(i, c)| (c.remoteness.unwrap_or(0), *i))
            .map(|(i, _)| i),
        Outcome::Loss => giving(Outcome::Loss)
            .max_by_key(|(i, c)| (c.remoteness.unwrap_or(0), std::cmp::Reverse(*i)))
            .map(|(i, _)| i),
        Outcome::Draw => draw_pick.or_else(|| giving(Outcome::Draw).map(|(i, _)| i).next()),
    };
    found.or((!moves.is_empty()).then_some(0))
}

/// About the bytes an analysis holds in text: its names and its moves'. O(moves).
fn text_bytes(a: &Analysis) -> usize {
    let moves: usize = (a.moves.iter())
        .map(|c| std::mem::size_of::<Choice>() + c.to.len() + c.text.len() + c.key.len())
        .sum();
    // The drawing holds about as much as the name, row by row.
    std::mem::size_of::<Analysis>() + 2 * a.position.len() + moves
}

impl<G> OnDisk for FromSolution<G>
where
    G: TierRanking + Send + Sync,
    G::Position: Send + Sync,
{
    fn name(&self, p: u32) -> String {
        self.reached().analyses[p as usize].position.clone()
    }

    fn analysis(&self, p: u32) -> Arc<Analysis> {
        Arc::clone(&self.reached().analyses[p as usize])
    }

    fn read_move(&self, p: u32, text: &str) -> Result<u32, PlayError> {
        let analysis = self.analysis(p);
        let moves = &analysis.moves;
        if moves.is_empty() {
            return Err(PlayError::Move(
                "the game is over: no move is left".to_string(),
            ));
        }
        let text = text.trim();
        let typed = move_key(text);
        let from = self.position(p);
        let mut options = grundy::rules::Moves::new();
        self.solved.game().moves(&from, &mut options);
        if options.len() != moves.len() {
            return Err(PlayError::Game(
                "the rules list other moves than the solution read".to_string(),
            ));
        }
        // A move's number, its name (in any case: a name is the mover's), or the position it
        // leads to, read by the game's notation (where case may tell the players apart).
        let found = match text.parse::<usize>() {
            Ok(k) if (1..=moves.len()).contains(&k) => Some(k - 1),
            _ => (moves.iter().position(|c| move_key(&c.text) == typed)).or_else(|| {
                let q = (self.read)(text)?;
                options.iter().position(|o| *o == q)
            }),
        };
        let Some(i) = found else {
            return Err(PlayError::Move(format!(
                "'{text}' is not a move here: type a move's number (1 to {}), the move as \
                 listed or the position it leads to",
                moves.len()
            )));
        };
        let to = options.into_vec().swap_remove(i);
        self.number(to)
    }

    fn find(&self, name: &str) -> Result<Option<u32>, PlayError> {
        match (self.read)(name) {
            Some(position) => self.number(position).map(Some),
            None => Ok(None),
        }
    }

    fn visited(&self) -> usize {
        self.reached().positions.len()
    }

    fn heap_bytes(&self) -> usize {
        let reached = self.reached();
        // A position, its copy as a key, the table's slot, and its analysis.
        reached.positions.len() * (2 * std::mem::size_of::<G::Position>() + 24) + reached.bytes
    }
}
