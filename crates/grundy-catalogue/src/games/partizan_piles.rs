//! Partizan piles: piles of counters; Left (Alice) must take exactly `a` counters from one
//! pile, Right (Bob) exactly `b`; a player who cannot move loses. Who wins depends on who
//! starts, so a position has one of four outcome classes: Left wins whoever starts, Right
//! wins whoever starts, the first player wins, the second player wins.
//!
//! **Reduction** (notes 000, the last problem, "有 n 堆石子, Alice 每次必须从一堆拿正好 a 个,
//! Bob 每次拿正好 b 个"). Either player can answer a move on a pile by a move on the same
//! pile, so a pile of s counters plays like one of s mod (a + b).
//!
//! **Kinds of piles** (same place; the notes take a < b, the other case is the mirror image
//! with Left and Right swapped). With r = s mod (a + b):
//!
//! - r < a: nobody can move, the game 0;
//! - a ≤ r < b: only Left can move, ⌊r/a⌋ times: a positive integer (the notes write
//!   {0|} = 1, which is the case r < 2a; only the sign matters below);
//! - b ≤ r < 2a: both can move, once in all: {0|0} = *;
//! - r ≥ b and r ≥ 2a: Right's move leaves 0, Left's leaves a pile only she can move in: the
//!   hot game {c|0}, c = ⌊r/a⌋ − 1 ≥ 1.
//!
//! **Outcome class**, with a < b (Left is the favoured player; for a > b swap the names; for
//! a = b every pile is 0 or *):
//!
//! - some Left-only pile, or at least two hot piles: Left wins (she keeps her spare moves for
//!   the end; against two hot piles Right can only cool one);
//! - exactly one hot pile: moving first, Left plays in it and wins. Moving first, Right must
//!   cool it (else Left does so next), which leaves the * piles with Left to move: so the
//!   first player wins if the number of * piles is even, and Left wins if it is odd;
//! - no such pile: only the * piles remain, an impartial game: the first player wins iff their
//!   number is odd.
//!
//! The notes stop at "if there is one, Alice wins moving first" for a single hot pile; the
//! parity of the * piles decides what happens when Bob moves first, and the tests confirm it
//! against the retrograde solver on the two-player graph.
//!
//! **Winning moves.** A move changes one pile's kind, so the class after each move comes from
//! the counts of kinds in O(1). All winning moves of each player are listed (the first
//! [`LISTED_MOVES`], with their number when there are more).
//!
//! **Complexity.** O(p) for p piles (one remainder per pile), exact for all `u64` piles and
//! parameters.

use std::fmt;
use std::sync::Arc;

use serde::Serialize;

use super::{Answer, CatalogueGame, Example, Family, Group, Inputs, Param, RunError};
use crate::play::playable::{game_error, words};
use crate::play::{fits, piles, Drawing, Match, PlayError, Playable, WhyLine};
use grundy::budget::Budget;
use grundy::input;
use grundy::outcome::Player;
pub use grundy::partizan::{OutcomeClass, Side};
use grundy::report::{Field, Layout, Part, RenderedAnswer, Report};
use grundy::rules::Game;

/// How many winning moves an [`Answer`] lists at most; `winning_move_count` gives the total
/// when there are more.
pub const LISTED_MOVES: usize = 1000;

/// A take of 0 would let a player pass forever.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("each player must take at least 1 counter (a = {a}, b = {b})")]
pub struct ZeroTake {
    /// Left's take.
    pub a: u64,
    /// Right's take.
    pub b: u64,
}

/// What a pile is worth, from its remainder mod a + b.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "c")]
pub enum PileKind {
    /// No one can move: 0.
    Zero,
    /// Only this player can move, c times: the integer c (Left) or −c (Right).
    Only(Side, u64),
    /// Each can move, once in all: {0|0} = *.
    Star,
    /// Hot: Left's move leaves a pile only she can move in, c times, and Right's leaves 0:
    /// {c|0}; or the mirror image {0|−c} for Right.
    Hot(Side, u64),
}

impl fmt::Display for PileKind {
    /// `0`, `2`, `-2`, `*`, `{1|0}` or `{0|-1}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PileKind::Zero => f.write_str("0"),
            PileKind::Only(Side::Left, c) => write!(f, "{c}"),
            PileKind::Only(Side::Right, c) => write!(f, "-{c}"),
            PileKind::Star => f.write_str("*"),
            PileKind::Hot(Side::Left, c) => write!(f, "{{{c}|0}}"),
            PileKind::Hot(Side::Right, c) => write!(f, "{{0|-{c}}}"),
        }
    }
}

/// How many piles of each kind a position has (serialized with these field names).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub struct KindCounts {
    /// Piles worth 0.
    pub zero: u64,
    /// Piles only Left can move in.
    pub left_only: u64,
    /// Piles only Right can move in.
    pub right_only: u64,
    /// Piles worth *.
    pub star: u64,
    /// Hot piles {c|0}, good for Left.
    pub left_hot: u64,
    /// Hot piles {0|−c}, good for Right.
    pub right_hot: u64,
}

impl KindCounts {
    fn slot(&mut self, kind: PileKind) -> &mut u64 {
        match kind {
            PileKind::Zero => &mut self.zero,
            PileKind::Only(Side::Left, _) => &mut self.left_only,
            PileKind::Only(Side::Right, _) => &mut self.right_only,
            PileKind::Star => &mut self.star,
            PileKind::Hot(Side::Left, _) => &mut self.left_hot,
            PileKind::Hot(Side::Right, _) => &mut self.right_hot,
        }
    }

    /// The outcome class of a position with these piles (the rule in the module
    /// documentation). O(1).
    pub fn class(&self) -> OutcomeClass {
        // At most one side has only or hot piles: the one with the smaller take.
        let (favoured, only, hot) = if self.left_only + self.left_hot > 0 {
            (Side::Left, self.left_only, self.left_hot)
        } else {
            (Side::Right, self.right_only, self.right_hot)
        };
        let wins = match favoured {
            Side::Left => OutcomeClass::Left,
            Side::Right => OutcomeClass::Right,
        };
        let odd_stars = self.star % 2 == 1;
        if only > 0 || hot >= 2 {
            wins
        } else if hot == 1 {
            if odd_stars {
                wins
            } else {
                OutcomeClass::First
            }
        } else if odd_stars {
            OutcomeClass::First
        } else {
            OutcomeClass::Second
        }
    }
}

impl fmt::Display for KindCounts {
    /// The non-zero counts, as `1 pile worth 0, 2 piles worth *, 1 pile hot for Left ({c|0})`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts = [
            (self.zero, "worth 0"),
            (self.star, "worth *"),
            (self.left_only, "only Left can move in (a positive integer)"),
            (
                self.right_only,
                "only Right can move in (a negative integer)",
            ),
            (self.left_hot, "hot for Left ({c|0})"),
            (self.right_hot, "hot for Right ({0|-c})"),
        ];
        let mut first = true;
        for (count, what) in parts {
            if count == 0 {
                continue;
            }
            if !first {
                f.write_str(", ")?;
            }
            first = false;
            let piles = if count == 1 { "pile" } else { "piles" };
            write!(f, "{count} {piles} {what}")?;
        }
        if first {
            f.write_str("no piles")?;
        }
        Ok(())
    }
}

/// A move: the player whose answer it is takes his amount from pile `pile` (numbered from
/// 1), which goes from `from` counters to `to` (serialized as
/// `{"pile": 1, "from": 7, "to": 5}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct PileMove {
    /// The pile, numbered from 1.
    pub pile: usize,
    /// Its size before the move.
    pub from: u64,
    /// Its size after the move.
    pub to: u64,
}

impl fmt::Display for PileMove {
    /// `pile 1: 7 -> 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pile {}: {} -> {}", self.pile, self.from, self.to)
    }
}

/// Everything about a position: its class, its piles' kinds, and for each player the answer
/// when he moves first (outcome for him, his winning moves).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PilesAnswer {
    /// The outcome class.
    pub class: OutcomeClass,
    /// How many piles of each kind.
    pub kinds: KindCounts,
    /// Left to move: her outcome and winning moves (taking `a`).
    pub left_first: Answer<PileMove>,
    /// Right to move: his outcome and winning moves (taking `b`).
    pub right_first: Answer<PileMove>,
}

/// A position of the rules: the piles, in order, and who is to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PilesPosition {
    /// The pile sizes.
    pub piles: Vec<u64>,
    /// The player to move.
    pub to_move: Side,
}

/// The game with Left taking `a` and Right taking `b`: its rules (a [`Game`] whose positions
/// say who is to move: Left is player 1) and its closed form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartizanPiles {
    a: u64,
    b: u64,
}

impl PartizanPiles {
    /// Left takes a, Right takes b, both at least 1.
    pub fn new(a: u64, b: u64) -> Result<PartizanPiles, ZeroTake> {
        if a == 0 || b == 0 {
            return Err(ZeroTake { a, b });
        }
        Ok(PartizanPiles { a, b })
    }

    /// Left's take.
    pub fn a(&self) -> u64 {
        self.a
    }

    /// Right's take.
    pub fn b(&self) -> u64 {
        self.b
    }

    /// The amount `side` takes.
    pub fn take(&self, side: Side) -> u64 {
        match side {
            Side::Left => self.a,
            Side::Right => self.b,
        }
    }

    /// The kind of a pile of s counters, from s mod (a + b). O(1).
    ///
    /// ```
    /// use grundy_catalogue::games::partizan_piles::{PartizanPiles, PileKind, Side};
    /// let game = PartizanPiles::new(2, 5).unwrap();
    /// assert_eq!(game.kind(1), PileKind::Zero);
    /// assert_eq!(game.kind(4), PileKind::Only(Side::Left, 2));
    /// assert_eq!(game.kind(6), PileKind::Hot(Side::Left, 2));
    /// assert_eq!(game.kind(13), game.kind(6));
    /// assert_eq!(PartizanPiles::new(3, 4).unwrap().kind(5), PileKind::Star);
    /// ```
    pub fn kind(&self, s: u64) -> PileKind {
        // Mirror the case a > b into a < b, with the players' names swapped.
        let (small, large, favoured) = if self.a <= self.b {
            (self.a, self.b, Side::Left)
        } else {
            (self.b, self.a, Side::Right)
        };
        let r = (u128::from(s) % (u128::from(small) + u128::from(large))) as u64;
        if r < small {
            PileKind::Zero
        } else if r < large {
            PileKind::Only(favoured, r / small)
        } else if u128::from(r) < 2 * u128::from(small) {
            PileKind::Star
        } else {
            PileKind::Hot(favoured, r / small - 1)
        }
    }

    /// The counts of the piles' kinds. O(p).
    pub fn kinds(&self, piles: &[u64]) -> KindCounts {
        let mut counts = KindCounts::default();
        for &s in piles {
            *counts.slot(self.kind(s)) += 1;
        }
        counts
    }

    /// The outcome class of a position. O(p).
    ///
    /// ```
    /// use grundy_catalogue::games::partizan_piles::{OutcomeClass, PartizanPiles};
    /// let game = PartizanPiles::new(2, 3).unwrap();
    /// assert_eq!(game.class(&[1, 1]), OutcomeClass::Second); // nobody can move
    /// assert_eq!(game.class(&[4]), OutcomeClass::First); // {1|0}
    /// assert_eq!(game.class(&[4, 3]), OutcomeClass::Left); // {1|0} + *
    /// ```
    pub fn class(&self, piles: &[u64]) -> OutcomeClass {
        self.kinds(piles).class()
    }

    /// The answer for a position: class, kinds, and both players' winning first moves, in
    /// pile order. O(p).
    pub fn answer(&self, piles: &[u64]) -> PilesAnswer {
        let kinds = self.kinds(piles);
        PilesAnswer {
            class: kinds.class(),
            kinds,
            left_first: self.moves_of(piles, kinds, Side::Left),
            right_first: self.moves_of(piles, kinds, Side::Right),
        }
    }

    /// The winning moves of `mover` moving first.
    fn moves_of(&self, piles: &[u64], kinds: KindCounts, mover: Side) -> Answer<PileMove> {
        let take = self.take(mover);
        let mut moves = Vec::new();
        let mut count: u128 = 0;
        for (i, &s) in piles.iter().enumerate() {
            if s < take {
                continue;
            }
            let mut after = kinds;
            *after.slot(self.kind(s)) -= 1;
            *after.slot(self.kind(s - take)) += 1;
            // The opponent moves next: the mover wins iff the opponent, moving first, loses.
            if after.class().winner(mover.other()) == mover {
                count += 1;
                if moves.len() < LISTED_MOVES {
                    moves.push(PileMove {
                        pile: i + 1,
                        from: s,
                        to: s - take,
                    });
                }
            }
        }
        let mut answer = Answer::from_moves(None, moves);
        if count > answer.winning_moves.len() as u128 {
            answer.winning_move_count = Some(count);
        }
        answer
    }
}

impl Game for PartizanPiles {
    type Position = PilesPosition;

    fn moves(&self, p: &PilesPosition, out: &mut grundy::rules::Moves<PilesPosition>) {
        let take = self.take(p.to_move);
        for (i, &s) in p.piles.iter().enumerate() {
            if s >= take {
                let mut piles = p.piles.clone();
                piles[i] = s - take;
                out.push(PilesPosition {
                    piles,
                    to_move: p.to_move.other(),
                });
            }
        }
    }

    fn player(&self, p: &PilesPosition) -> Option<Player> {
        Some(match p.to_move {
            Side::Left => Player::One,
            Side::Right => Player::Two,
        })
    }
}

impl CatalogueGame for PartizanPiles {
    type Position = PilesPosition;
    type Move = PileMove;
    type Rules = PartizanPiles;

    fn rules(&self) -> PartizanPiles {
        *self
    }

    /// The answer of the player to move.
    fn answer(&self, p: &PilesPosition) -> Answer<PileMove> {
        let answer = PartizanPiles::answer(self, &p.piles);
        match p.to_move {
            Side::Left => answer.left_first,
            Side::Right => answer.right_first,
        }
    }

    fn play(&self, p: &PilesPosition, m: &PileMove) -> Option<PilesPosition> {
        let i = m.pile.checked_sub(1)?;
        let take = self.take(p.to_move);
        (p.piles.get(i) == Some(&m.from) && m.from.checked_sub(take) == Some(m.to)).then(|| {
            let mut piles = p.piles.clone();
            piles[i] = m.to;
            PilesPosition {
                piles,
                to_move: p.to_move.other(),
            }
        })
    }
}

/// `grundy partizan-piles --a A --b B PILES...`: the outcome class and, for each player
/// moving first, his outcome and every winning move:
///
/// ```text
/// N (the first player wins)
/// piles: 1 pile hot for Left ({c|0})
/// Left (takes 2) moving first: win
/// winning moves (1):
///   pile 1: 4 -> 2
/// Right (takes 3) moving first: win
/// winning moves (1):
///   pile 1: 4 -> 1
/// ```
///
/// JSON: `{"outcome_class": "L"|"R"|"N"|"P", "kinds": {"zero": .., "left_only": ..,
/// "right_only": .., "star": .., "left_hot": .., "right_hot": ..}, "left_first": <answer>,
/// "right_first": <answer>, "a": A, "b": B}`, each answer the catalogue's common object. Up to
/// 1000 moves per player are listed ([`LISTED_MOVES`]), with `winning_move_count` when there
/// are more; text lists 20.
pub struct PartizanPilesFamily;

impl Family for PartizanPilesFamily {
    fn name(&self) -> &'static str {
        "partizan-piles"
    }

    fn group(&self) -> Group {
        Group::Partizan
    }

    fn about(&self) -> &'static str {
        "Left takes exactly A, Right exactly B from a pile: outcome class, both players' moves"
    }

    fn example(&self) -> Example {
        &[
            ("a", "2"),
            ("b", "3"),
            ("piles", "4"),
            ("piles", "3"),
            ("piles", "3"),
        ]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::option(
                "a",
                "A",
                "How many counters Left (Alice) must take (1 to 2^64 - 1)",
            )
            .required()
            .whole("a take", 1),
            Param::option(
                "b",
                "B",
                "How many counters Right (Bob) must take (1 to 2^64 - 1)",
            )
            .required()
            .whole("a take", 1),
            super::PILES,
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["partizan"]
    }

    fn plays(&self) -> &'static [&'static dyn Playable] {
        &[&PartizanPlay]
    }
}

/// The game `partizan:A,B` of `grundy play` and the web page.
struct PartizanPlay;

impl Playable for PartizanPlay {
    fn syntax(&self) -> &'static str {
        "partizan:A,B"
    }

    fn example(&self) -> &'static str {
        "partizan:1,2"
    }

    fn about(&self) -> &'static str {
        "Partizan piles: Left takes A counters, Right takes B, from one pile"
    }

    fn position(&self) -> &'static str {
        "the piles, then who moves: 3 4 5 left"
    }

    fn start(&self) -> &'static str {
        "3 4 5 left"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["partizan-piles"]
    }

    fn build(&self, argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
        play_from(argument, start, budget)
    }

    fn why(&self, argument: &str) -> Option<WhyLine> {
        why(argument)
    }
}

/// Partizan piles (the takes `A,B` the argument) played from `start` (the piles, then `left`
/// or `right`), explored and solved. O(positions × moves).
fn play_from(argument: &str, start: &str, budget: &Budget) -> Result<Match, PlayError> {
    let takes = input::list("partizan:A,B", argument, "a take", 1).map_err(game_error)?;
    let [a, b] = takes[..] else {
        return Err(PlayError::Game("name the takes as partizan:A,B".into()));
    };
    let game = PartizanPiles::new(a, b).map_err(game_error)?;
    let start = position_of_name(start)?;
    fits(budget, piles::counters(&start.piles))?;
    let title = format!("partizan piles: Left takes {a}, Right takes {b}");
    Match::from_rules(title, &game, start, false, budget, |p| {
        let side = match p.to_move {
            Side::Left => "left",
            Side::Right => "right",
        };
        let drawing = Drawing::piles(&p.piles, "pile");
        let note = format!("{} to move", p.to_move);
        (
            format!("{} {side}", piles::text(&p.piles)),
            drawing.with_note(note),
        )
    })
}

/// Why a position of partizan piles (the takes `A,B` the argument) is won or lost: each pile
/// reduced modulo a + b, the kind of game it is, and the outcome class their counts give
/// ([`KindCounts::class`]). O(piles) a position.
fn why(argument: &str) -> Option<WhyLine> {
    let takes = input::list("partizan:A,B", argument, "a take", 1).ok()?;
    let [a, b] = takes[..] else {
        return None;
    };
    let game = PartizanPiles::new(a, b).ok()?;
    Some(WhyLine(Arc::new(move |position| {
        let p = position_of_name(position).ok()?;
        let kinds: Vec<String> = (p.piles.iter())
            .map(|&s| format!("{s} → {}", game.kind(s)))
            .collect();
        let counts = game.kinds(&p.piles);
        let class = counts.class();
        let verdict = match class.winner(p.to_move) == p.to_move {
            true => "wins",
            false => "loses",
        };
        Some(format!(
            "a pile plays as its size modulo a + b = {} (a move in a pile can be answered in \
             the same pile): {}; {counts}: outcome class {class}, so {}, to move, {verdict}",
            u128::from(a) + u128::from(b),
            kinds.join(", "),
            p.to_move
        ))
    })))
}

/// A position as play names it: the piles, then `left` or `right` (Left when left out).
fn position_of_name(name: &str) -> Result<PilesPosition, PlayError> {
    let words = words(name);
    let (to_move, piles) = match words.split_last() {
        Some((last, rest)) if last.eq_ignore_ascii_case("left") => (Side::Left, rest),
        Some((last, rest)) if last.eq_ignore_ascii_case("right") => (Side::Right, rest),
        _ => (Side::Left, &words[..]),
    };
    let piles = input::each_whole("pile", piles, "a pile size", 0).map_err(game_error)?;
    if piles.is_empty() {
        return Err(PlayError::Game("give the piles, like 3 4 5 left".into()));
    }
    Ok(PilesPosition { piles, to_move })
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let (a, b) = (inputs.whole("a")?, inputs.whole("b")?);
    let piles = inputs.wholes("piles")?;
    let game = PartizanPiles::new(a, b)?;
    let answer = game.answer(&piles);
    Ok(Report::new()
        .fields([
            Field::shown("outcome_class", answer.class, "", answer.class).laid_out(Layout::Bare),
            Field::shown("kinds", answer.kinds, "piles", answer.kinds),
        ])
        .with(Part::SideAnswer {
            key: "left_first".to_string(),
            headline: format!("{} (takes {a}) moving first", Side::Left),
            answer: RenderedAnswer::new(&answer.left_first),
        })
        .with(Part::SideAnswer {
            key: "right_first".to_string(),
            headline: format!("{} (takes {b}) moving first", Side::Right),
            answer: RenderedAnswer::new(&answer.right_first),
        })
        .fields([Field::json_only("a", a), Field::json_only("b", b)]))
}
