//! Board games strongly solved (tic-tac-toe, the mills, Teeko, Quixo, Dōbutsu Shōgi,
//! Gobblet Gobblers): a game is one file of this folder, its rules ([`BoardRules`]: the
//! moves, the end, the notation, the tiers its positions are numbered by) and one `static`
//! declaration ([`BoardGame`]: its names and words); every surface comes from them here,
//! written once: the command that answers a position (explored from it, or read from a strong
//! solution on disk), the strong solve into a folder and its check, and play (the terminal's
//! and the page's), where each move is named as the game names it.
//!
//! Positions carry the player to move; every move passes the turn. A position the rules end
//! ([`grundy::rules::Game::result`]) has no moves. Draws are positions from which neither
//! player can force a win: play may go on for ever (the mills, Quixo) or the board fills.

pub mod arrange;
pub mod dobutsu;
pub mod gobblet;
pub mod grid;
pub mod morris;
pub mod quixo;
pub mod teeko;
pub mod tic_tac_toe;

use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

use super::strong::{check_solution, start_value, Checked, Strong, StrongRun};
use super::{Example, Family, Group, Inputs, Param, RemoteAnswer, RunError};
use crate::play::{boards, Drawing, Match, PlayError, Playable};
use grundy::budget::{Budget, Resource};
use grundy::input::InputError;
use grundy::outcome::Outcome;
use grundy::progress::Progress;
use grundy::report::{Field, Report};
use grundy::rules::tiered::{self, TierOptions, TierRanking};
use grundy::rules::{explore, ExploreError};
use grundy::solve::{draw_levels, draws, solve, DrawLevel, SolveOptions};

/// The rules of a board game, as the catalogue needs them: its tiers (to be solved strongly),
/// how its rules are chosen (variants), and its notation.
pub trait BoardRules: TierRanking + Clone + Sized + Send + Sync + 'static
where
    Self::Position: Send + Sync + fmt::Debug,
{
    /// The rules that the inputs' variant parameters choose (the standard rules when none is
    /// given): the parameters are the declaration's ([`BoardGame::params`]).
    fn from_inputs(inputs: &Inputs) -> Result<Self, RunError>;

    /// The rules that play's argument names (`flying` in `morris:flying`; empty for the
    /// standard rules), or what is wrong with it.
    fn from_argument(argument: &str) -> Result<Self, String>;

    /// The rules whose [`TierRanking::name`] is `name`, if it names this game: how a folder
    /// solved strongly is known again.
    fn from_name(name: &str) -> Option<Self>;

    /// The variant parameters that choose these rules, by name, as text: what solves them
    /// again (said where a solution's file is damaged).
    fn settings(&self) -> Vec<(&'static str, String)>;

    /// The start of the game.
    fn start(&self) -> Self::Position;

    /// Whether play of the whole game begins at [`BoardRules::start`]: false for a part of a
    /// game solved alone (an endgame), whose start is only a first board to show, so that no
    /// count of positions reachable from it is made.
    fn starts_the_game(&self) -> bool {
        true
    }

    /// The position `text` writes in the game's notation, or what is wrong with it.
    fn read(&self, text: &str) -> Result<Self::Position, String>;

    /// The position in the game's notation: [`BoardRules::read`] gives it back.
    fn write(&self, p: &Self::Position) -> String;

    /// The board as it is drawn: its rows, top first, one character a cell (`.` empty).
    fn rows(&self, p: &Self::Position) -> Vec<String>;

    /// Who is to move, in words, with what else a player must know: `x to move`, `x to move
    /// (in hand: x 3, o 3)`.
    fn to_move(&self, p: &Self::Position) -> String;

    /// The moves of `p`, each named as players write it (`b2`, `a1-a4`), with the position it
    /// leads to: the same positions as [`grundy::rules::Game::moves`], in its order.
    fn named_moves(&self, p: &Self::Position) -> Vec<(String, Self::Position)>;
}

/// A board game's declaration: its names and words. The rules are the type `R`.
pub struct BoardGame<R> {
    /// The command's name: `tic-tac-toe`.
    pub name: &'static str,
    /// The game's name in a sentence: `Tic-tac-toe`.
    pub title: &'static str,
    /// One line: what is answered.
    pub about: &'static str,
    /// How a position is written.
    pub notation: &'static str,
    /// The parameters of the command: `position` (optional: the start), the variants, then
    /// [`SOLVED`] and [`max_positions`].
    pub params: &'static [Param],
    /// The variant parameters alone: the strong solve's.
    pub variants: &'static [Param],
    /// An example of the command's parameters.
    pub example: Example,
    /// How play names the game (`tic-tac-toe`, or `morris:VARIANT` with an argument).
    pub play_syntax: &'static str,
    /// A name play takes as it is.
    pub play_example: &'static str,
    /// The folder an example's solution is written into.
    pub example_folder: &'static str,
    /// Itself, as the game it plays: `&[&NAME]` (a family lends its games for `'static`, which
    /// a method's `&self` cannot).
    pub plays: &'static [&'static dyn Playable],
    /// The rules' type.
    pub rules: PhantomData<fn() -> R>,
}

/// The parameter `solved`: a strong solution on disk to answer from.
pub const SOLVED: Param = Param::option(
    "solved",
    "DIR",
    "Answer from a strong solution on disk (made by the strong solver of this game) instead of \
     exploring from the position; the solution's rules are the game's",
);

/// The parameter `max-positions`, with its default.
pub const fn max_positions(default: &'static str) -> Param {
    super::max_positions(default)
}

/// What a command's inputs set up: the position, the rules, and the solution to answer from
/// if one is named.
type Setup<R> = (
    <R as grundy::rules::Game>::Position,
    R,
    Option<tiered::Solved<R>>,
);

/// A position's answer: outcome, remoteness, the winning and the best moves by name, and
/// how many positions were explored (or are in the solution).
pub type BoardAnswer = RemoteAnswer<String>;

impl<R: BoardRules> BoardGame<R>
where
    R::Position: Send + Sync + fmt::Debug,
{
    /// The rules and the position the inputs give, and the solution to answer from, if one
    /// is named.
    fn setup(&self, inputs: &Inputs) -> Result<Setup<R>, RunError> {
        let solution = match inputs.value("solved") {
            Some(dir) => Some(super::open_solution(
                inputs,
                dir,
                R::from_name,
                self.title,
                self.name,
            )?),
            None => None,
        };
        let rules = match &solution {
            Some(s) => R::from_name(&s.game().name()).ok_or("the solution's game is unknown")?,
            None => R::from_inputs(inputs)?,
        };
        let position = match inputs.value("position") {
            Some(text) => rules
                .read(text)
                .map_err(|e| InputError::invalid(inputs.shown("position"), e))?,
            None => rules.start(),
        };
        Ok((position, rules, solution))
    }
}

/// The levels of a drawn answer: the position's draw level, and what each best move offers
/// (the plies, the move counted, until the opponent first faces a losing move), in the order
/// of the best moves; `None` where a level is not known, both empty for a win or a loss.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DrawAnswer {
    /// The position's draw level.
    pub level: Option<DrawLevel>,
    /// Each best move's offer, as [`RemoteAnswer::best_moves`] lists them.
    pub moves: Vec<Option<DrawLevel>>,
}

/// The answer of `p` from a strong solution: a query of `p` and of each of its moves. O(moves)
/// reads of the solution's files, O(moves²) in a draw. In a draw, the best moves are the
/// moves that keep it in the engine's order ([`answer_and_levels`]).
pub fn answer_from<R: BoardRules>(
    solution: &tiered::Solved<R>,
    p: &R::Position,
) -> Result<BoardAnswer, RunError>
where
    R::Position: Send + Sync + fmt::Debug,
{
    Ok(answer_and_levels(solution, p)?.0)
}

/// The answer of `p` from a strong solution with its draw levels. In a draw, the best moves
/// are the moves that keep it ordered by the engine's rule ([`grundy::solve::Offer::compare`]:
/// the soonest chance for the opponent to err, then his most losing moves, then their share,
/// then the rules' order), the first the engine's move; where a level is not recorded (a
/// solution without levels) they stay in the rules' order. O(moves²) reads.
pub fn answer_and_levels<R: BoardRules>(
    solution: &tiered::Solved<R>,
    p: &R::Position,
) -> Result<(BoardAnswer, DrawAnswer), RunError>
where
    R::Position: Send + Sync + fmt::Debug,
{
    let rules = solution.game();
    let value = solution.value(p)?;
    let steps = solution.steps(p)?;
    let named = if steps.is_empty() {
        Vec::new()
    } else {
        rules.named_moves(p)
    };
    // The steps are the moves in the rules' order, as `named_moves` lists them: each is named
    // by its place, since two moves may lead to one position (Quixo's pushes along a line).
    let name_of = |i: usize, q: &R::Position| match named.get(i) {
        Some((name, to)) if to == q => name.clone(),
        _ => "?".to_string(),
    };
    let winning = (steps.iter().enumerate().filter(|(_, s)| s.winning))
        .map(|(i, s)| name_of(i, &s.position))
        .collect();
    let mut best: Vec<usize> = (0..steps.len()).filter(|&i| steps[i].best).collect();
    let mut draw = DrawAnswer::default();
    if value.outcome == Outcome::Draw {
        draw.level = value.draw_level;
        let offers: Option<Vec<_>> = best.iter().map(|&i| steps[i].offer).collect();
        if let Some(offers) = offers {
            // A stable sort: equal offers keep the rules' order, as the engine's choice does.
            let mut order: Vec<usize> = (0..best.len()).collect();
            order.sort_by(|&a, &b| offers[a].compare(&offers[b]));
            best = order.iter().map(|&k| best[k]).collect();
        }
        draw.moves = best
            .iter()
            .map(|&i| steps[i].offer.map(|o| o.level))
            .collect();
    }
    let best = best
        .into_iter()
        .map(|i| name_of(i, &steps[i].position))
        .collect();
    let positions = (0..rules.tier_count()).map(|t| rules.tier_size(t)).sum();
    Ok((
        BoardAnswer::new(value.outcome, value.remoteness, winning, best, positions),
        draw,
    ))
}

/// The answer of `p` by exploring every position reachable from it within `budget` and
/// solving them (cycles are draws where neither player can force a win), with its draw
/// levels where it is a draw (the best moves then in the engine's order, as
/// [`answer_and_levels`] gives them); `positions` names how the budget of positions is
/// raised. O(positions × moves).
pub fn answer_by_exploring<R: BoardRules>(
    rules: &R,
    p: &R::Position,
    budget: &Budget,
    positions: &str,
    progress: &dyn Progress,
) -> Result<(BoardAnswer, DrawAnswer), RunError>
where
    R::Position: Send + Sync + fmt::Debug,
{
    // A deadline already past stops the work before it starts, whatever its size.
    budget.check_time("exploring", 0)?;
    let explored = explore(rules, [p.clone()], budget, progress).map_err(|e| match e {
        ExploreError::Budget(e) if e.resource == Resource::Positions => format!(
            "more than {} positions can be reached from this position: raise the most positions \
             to explore ({positions}), or answer from a strong solution of the game",
            e.limit
        )
        .into(),
        e => RunError::from(e),
    })?;
    let solution = solve(&explored.graph, &SolveOptions::default())?;
    let (outcome, remoteness) = (solution.outcome(0), solution.remoteness(0));
    let levels = match outcome {
        Outcome::Draw => Some(draw_levels(&explored.graph, &solution, budget)?),
        _ => None,
    };
    let (mut winning, mut best) = (Vec::new(), Vec::new());
    if rules.result(p).is_none() {
        for (name, q) in rules.named_moves(p) {
            let id = explored
                .id(&q)
                .ok_or("a move left the explored positions")?;
            let after = solution.outcome(id).flip();
            if after == Outcome::Win {
                winning.push(name.clone());
            }
            if after == outcome && solution.remoteness(id).map(|r| r + 1) == remoteness {
                let offer = (levels.as_ref())
                    .and_then(|l| draws::offer(&explored.graph, &solution, l, 0, id));
                best.push((name, offer));
            }
        }
    }
    let mut draw = DrawAnswer::default();
    if let Some(levels) = &levels {
        draw.level = levels.level(0);
        // A stable sort: equal offers keep the rules' order, as `draw_move` does.
        best.sort_by(|(_, a), (_, b)| match (a, b) {
            (Some(a), Some(b)) => a.compare(b),
            _ => std::cmp::Ordering::Equal,
        });
        draw.moves = best.iter().map(|(_, o)| o.map(|o| o.level)).collect();
    }
    let best = best.into_iter().map(|(name, _)| name).collect();
    let positions = explored.graph.position_count() as u64;
    Ok((
        BoardAnswer::new(outcome, remoteness, winning, best, positions),
        draw,
    ))
}

/// The best moves as a line, in a draw each with what it offers (`a1 (level 1), b2 (level
/// 3)`, `pure`, or `unknown` where the solution has no level): the engine's first.
fn best_moves_text(moves: &[String], draw: &DrawAnswer) -> String {
    if draw.moves.len() != moves.len() || moves.is_empty() {
        return moves_text(moves);
    }
    let level = |l: &Option<DrawLevel>| l.map_or("unknown".to_string(), |l| l.to_string());
    (moves.iter().zip(&draw.moves))
        .map(|(m, l)| format!("{m} (level {})", level(l)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The moves as a line: `b2, c3`, or `none (the game is over)`.
fn moves_text(moves: &[String]) -> String {
    if moves.is_empty() {
        "none (the game is over)".to_string()
    } else {
        moves.join(", ")
    }
}

impl<R: BoardRules> Family for BoardGame<R>
where
    R::Position: Send + Sync + fmt::Debug,
{
    fn name(&self) -> &'static str {
        self.name
    }

    fn group(&self) -> Group {
        Group::Boards
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn example(&self) -> Example {
        self.example
    }

    fn params(&self) -> &'static [Param] {
        self.params
    }

    /// The position's value. JSON: the common answer (winning moves by name), then `position`
    /// (the notation), `board` (rows), `to_move`, `remoteness` (null for a draw),
    /// `best_moves` (fastest wins, slowest losses, or the moves keeping a draw) and
    /// `positions` (explored, or in the solution).
    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        let (position, rules, solution) = self.setup(inputs)?;
        let (answer, draw) = match &solution {
            Some(solution) => answer_and_levels(solution, &position)?,
            None => {
                let limit = inputs.whole("max-positions")?;
                let budget = inputs.budget().clone().with_positions(limit);
                let option = inputs.shown("max-positions");
                answer_by_exploring(&rules, &position, &budget, &option, inputs.progress())?
            }
        };
        let rows = rules.rows(&position);
        Ok(Report::answer(&answer.answer).fields([
            Field::new("position", rules.write(&position)),
            Field::shown("board", &rows, "board", rows.join("|")),
            Field::shown(
                "to_move",
                rules.to_move(&position),
                "turn",
                rules.to_move(&position),
            ),
            Field::shown(
                "remoteness",
                answer.remoteness,
                "remoteness",
                super::remoteness_text(answer.answer.outcome, answer.remoteness),
            ),
            Field::shown(
                "best_moves",
                &answer.best_moves,
                "best moves",
                best_moves_text(&answer.best_moves, &draw),
            ),
            // In a draw, what each best move offers (in the engine's order).
            Field::json_only("best_move_levels", &draw.moves),
            // Shown for a draw only: wins and losses have none.
            match draw.level {
                Some(level) => Field::shown(
                    "draw_level",
                    level,
                    "draw level",
                    match level {
                        DrawLevel::Pure => {
                            "pure (the opponent can always keep from a losing move)".to_string()
                        }
                        k => format!("{k} (plies until the opponent first faces a losing move)"),
                    },
                ),
                // A draw of a solution that holds no level for it.
                None if answer.answer.outcome == Outcome::Draw => Field::shown(
                    "draw_level",
                    None::<DrawLevel>,
                    "draw level",
                    "unknown (the solution holds none: solved without room for the levels)",
                ),
                None => Field::json_only("draw_level", None::<DrawLevel>),
            },
            Field::new("positions", answer.positions),
        ]))
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        self.plays
    }

    fn strong(&self) -> Option<Strong> {
        Some(Strong {
            about: self.about,
            params: self.variants,
            example: self.example,
            example_folder: self.example_folder,
            solve: solve_strongly::<R>,
            check: check_folder::<R>,
        })
    }
}

/// Solves the rules the inputs choose into `dir`, tier by tier, and values the start (an
/// endgame's first board).
fn solve_strongly<R: BoardRules>(
    inputs: &Inputs,
    dir: &Path,
    options: &TierOptions,
) -> Result<StrongRun, RunError>
where
    R::Position: Send + Sync + fmt::Debug,
{
    let rules = R::from_inputs(inputs)?;
    let summary = tiered::solve_tiered(&rules, dir, options, inputs.progress())?;
    let start = rules.start();
    // A part of a game solved alone (an endgame) has no start: its first board is valued.
    let name = if rules.starts_the_game() {
        "start"
    } else {
        "first board"
    };
    let start = start_value(rules, dir, name, &start)?;
    Ok(StrongRun { summary, start })
}

/// Checks a folder solved strongly, if its game is of these rules.
fn check_folder<R: BoardRules>(
    name: &str,
    dir: &Path,
    reach: Option<&Budget>,
    progress: &dyn Progress,
) -> Option<Checked>
where
    R::Position: Send + Sync + fmt::Debug,
{
    let rules = R::from_name(name)?;
    let params = rules.settings();
    let start = rules.starts_the_game().then(|| rules.start());
    let solved = tiered::Solved::open(rules, dir);
    Some(check_solution(solved, start, reach, progress, params))
}

impl<R: BoardRules> Playable for BoardGame<R>
where
    R::Position: Send + Sync + fmt::Debug,
{
    fn syntax(&self) -> &'static str {
        self.play_syntax
    }

    fn example(&self) -> &'static str {
        self.play_example
    }

    fn about(&self) -> &'static str {
        self.about
    }

    fn position(&self) -> &'static str {
        self.notation
    }

    fn start(&self) -> &'static str {
        ""
    }

    /// Reads the game from its strong solution in `dir`, from the start (the rules' own, or
    /// `start` in the notation): the folder's manifest must name the rules the argument
    /// chooses (the same game and variant), else it is refused before play.
    fn build_solved(
        &self,
        argument: &str,
        start: &str,
        dir: &Path,
        budget: &Budget,
    ) -> Result<Match, PlayError> {
        let rules = R::from_argument(argument).map_err(PlayError::Game)?;
        let from = if start.trim().is_empty() {
            rules.start()
        } else {
            rules.read(start).map_err(PlayError::Game)?
        };
        let solved =
            tiered::Solved::open(rules, dir).map_err(|e| PlayError::Solution(e.to_string()))?;
        // The functions below outlive this call: each holds rules of its own.
        let own = || R::from_argument(argument).map_err(PlayError::Game);
        let (drawn, read, named) = (own()?, own()?, own()?);
        boards::from_solution(
            self.title.to_string(),
            solved,
            from,
            budget,
            Box::new(move |p| describe(&drawn, p)),
            Box::new(move |text| read.read(text).ok()),
            Box::new(move |p| named.named_moves(p)),
        )
    }

    /// Explores the game from the start (the rules' own, or `start` in the notation) within
    /// the budget and solves it.
    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        let rules = R::from_argument(argument).map_err(PlayError::Game)?;
        let from = if start.trim().is_empty() {
            rules.start()
        } else {
            rules.read(start).map_err(PlayError::Game)?
        };
        let named = R::from_argument(argument).map_err(PlayError::Game)?;
        boards::build(
            self.title.to_string(),
            &rules,
            from,
            budget,
            |p| describe(&rules, p),
            Box::new(move |p| named.named_moves(p)),
        )
    }
}

/// A position's name (the notation) and its drawing: the board, and who is to move.
fn describe<R: BoardRules>(rules: &R, p: &R::Position) -> (String, Drawing)
where
    R::Position: Send + Sync + fmt::Debug,
{
    let drawing = Drawing::Board {
        rows: rules.rows(p),
        note: Some(rules.to_move(p)),
        chess: true,
    };
    (rules.write(p), drawing)
}
