//! A game with numbers (Codeforces 919F, for any number of cards and any modulus): a game full
//! of cycles, solved strongly by retrograde analysis over its un-moves.
//!
//! Each player holds `K` cards, each showing a number from 0 to `M - 1`. A move: pick one of
//! your cards `a` and one of your opponent's `b`, both not 0, and replace your `a` by
//! `(a + b) mod M`. Who first has only zeros wins; play may go on forever (a draw). The
//! problem's case, 8 cards modulo 5, has 495 hands and 245,025 positions; 28 cards modulo 5
//! have 35,960 hands and 1,293,121,600 positions.
//!
//! Only the multiset of a hand matters, so a hand is numbered among the `C(K + M - 1, M - 1)`
//! multisets, and a position (the hand of the player to move, the other hand) by
//! `mover · hands + other`: one tier, one rank a position. Moves change one card of the
//! mover's hand (a table of `hands · M · M` transitions), and so do the un-moves: the position
//! before `(x, y)` was `(y', x)`, where `y'` is `y` with one card `c` put back to
//! `a = (c - b) mod M` for a card `b ≠ 0, c` of `x`. A position has at most `(M - 1)²` moves
//! and as many un-moves.

use std::fmt;

use rustc_hash::FxHashMap;
use serde::Serialize;

use super::strong::{check_solution, Strong, StrongRun};
use super::{Example, Family, Group, Inputs, Param, RunError};
use grundy::budget::{Budget, Resource};
use grundy::input::{self, InputError};
use grundy::outcome::Outcome;
use grundy::report::{Field, Report};
use grundy::rules::tiered::{self, TierRanking};
use grundy::rules::{explore, ExploreError, Game};
use grundy::solve::{solve, SolveOptions};

/// The most numbers on a card (a hand's numbers present fit 16 bits).
pub const MAX_MODULUS: u32 = 16;
/// The most cards a hand (a count of cards fits a byte).
pub const MAX_CARDS: u32 = 250;
/// The most entries of the transition table (`hands · M · M`, 4 bytes each: 256 MiB).
const MAX_TRANSITIONS: u64 = 1 << 26;

/// The game for `K` cards a hand and numbers modulo `M`: its hands and their transitions.
#[derive(Debug, Clone)]
pub struct Cards {
    cards: u32,
    modulus: u32,
    /// `counts[h · M + v]`: how many cards of hand `h` show `v`.
    counts: Vec<u8>,
    /// `next[(h · M + a) · M + c]`: hand `h` with a card `a` turned into `c` (`u32::MAX`
    /// where `h` has no `a`).
    next: Vec<u32>,
    /// The numbers each hand shows, as a bit set.
    shown: Vec<u16>,
    /// The hand of zeros only.
    zeros: u32,
}

/// A position: the hand of the player to move and the other hand, by their numbers in
/// [`Cards::hand`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardsPosition {
    /// The hand of the player to move.
    pub mover: u32,
    /// The other player's hand.
    pub other: u32,
}

/// A move: your card `yours` plus their card `theirs`, modulo `M`, replaces `yours`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CardMove {
    /// The number on the mover's card.
    pub yours: u32,
    /// The number on the opponent's card.
    pub theirs: u32,
}

impl fmt::Display for CardMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.yours, self.theirs)
    }
}

/// The number of multisets of `k` cards over `m` numbers, `C(k + m - 1, m - 1)`, or `None`
/// past `u64`.
fn multisets(k: u32, m: u32) -> Option<u64> {
    let mut c: u64 = 1;
    for i in 1..u64::from(m) {
        c = c.checked_mul(u64::from(k) + i)? / i;
    }
    Some(c)
}

/// Every bit set in `bits`, lowest first.
fn bits(mut bits: u16) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let v = bits.trailing_zeros();
            bits &= bits - 1;
            v
        })
    })
}

impl Cards {
    /// The game of `cards` cards a hand, numbers modulo `modulus`. Errors when the modulus is
    /// not from 2 to 16, the cards not from 1 to 250, or the transition table would pass 2^26
    /// entries.
    /// O(hands · M²).
    pub fn new(cards: u32, modulus: u32) -> Result<Cards, String> {
        if !(2..=MAX_MODULUS).contains(&modulus) || !(1..=MAX_CARDS).contains(&cards) {
            return Err(format!(
                "expected 1 to {MAX_CARDS} cards and a modulus from 2 to {MAX_MODULUS}, not \
                 {cards} cards modulo {modulus}"
            ));
        }
        let m = modulus as usize;
        let hands = multisets(cards, modulus)
            .filter(|&h| h.saturating_mul((m * m) as u64) <= MAX_TRANSITIONS)
            .ok_or_else(|| {
                format!(
                    "{cards} cards modulo {modulus} have too many hands for the transition table \
                     (at most {MAX_TRANSITIONS} entries of hands × modulus²)"
                )
            })? as usize;
        // Every multiset as counts, in lexicographic order of the counts.
        let mut counts = Vec::with_capacity(hands * m);
        let mut hand = vec![0u8; m];
        fn fill(v: usize, left: u32, hand: &mut [u8], out: &mut Vec<u8>) {
            if v + 1 == hand.len() {
                hand[v] = left as u8;
                out.extend_from_slice(hand);
                return;
            }
            for here in 0..=left {
                hand[v] = here as u8;
                fill(v + 1, left - here, hand, out);
            }
        }
        fill(0, cards, &mut hand, &mut counts);
        let index: FxHashMap<&[u8], u32> = counts
            .chunks(m)
            .enumerate()
            .map(|(h, c)| (c, h as u32))
            .collect();
        let mut next = vec![u32::MAX; hands * m * m];
        let mut shown = vec![0u16; hands];
        let mut changed = vec![0u8; m];
        for (h, c) in counts.chunks(m).enumerate() {
            for a in (0..m).filter(|&a| c[a] > 0) {
                shown[h] |= 1 << a;
                for to in 0..m {
                    changed.copy_from_slice(c);
                    changed[a] -= 1;
                    changed[to] += 1;
                    next[(h * m + a) * m + to] = index[&changed[..]];
                }
            }
        }
        let mut zeros = vec![0u8; m];
        zeros[0] = cards as u8;
        let zeros = index[&zeros[..]];
        Ok(Cards {
            cards,
            modulus,
            counts,
            next,
            shown,
            zeros,
        })
    }

    /// Cards a hand.
    pub fn cards(&self) -> u32 {
        self.cards
    }

    /// The modulus.
    pub fn modulus(&self) -> u32 {
        self.modulus
    }

    /// The number of hands, `C(K + M - 1, M - 1)`.
    pub fn hands(&self) -> u64 {
        self.shown.len() as u64
    }

    /// The game named by [`TierRanking::name`] (`cards 8 mod 5`), as a solution's manifest
    /// gives it.
    pub fn from_name(name: &str) -> Option<Cards> {
        let rest = name.strip_prefix("cards ")?;
        let (k, m) = rest.split_once(" mod ")?;
        Cards::new(k.parse().ok()?, m.parse().ok()?).ok()
    }

    /// The number of the hand showing `numbers` (in any order), or why there is none.
    pub fn hand(&self, numbers: &[u32]) -> Result<u32, String> {
        if numbers.len() != self.cards as usize {
            return Err(format!(
                "expected {} cards, not {}",
                self.cards,
                numbers.len()
            ));
        }
        let m = self.modulus as usize;
        let mut counts = vec![0u8; m];
        for &v in numbers {
            if v >= self.modulus {
                return Err(format!(
                    "{v} is not a number modulo {} (expected 0 to {})",
                    self.modulus,
                    self.modulus - 1
                ));
            }
            counts[v as usize] += 1;
        }
        // Hands are few: a scan costs nothing next to a solve.
        let h = self
            .counts
            .chunks(m)
            .position(|c| c == &counts[..])
            .expect("every multiset is a hand");
        Ok(h as u32)
    }

    /// The numbers of hand `h`, smallest first.
    pub fn numbers(&self, h: u32) -> Vec<u32> {
        let m = self.modulus as usize;
        let counts = &self.counts[h as usize * m..][..m];
        (0..m as u32)
            .flat_map(|v| std::iter::repeat_n(v, usize::from(counts[v as usize])))
            .collect()
    }

    /// Hand `h` with a card `a` turned into `c`.
    #[inline]
    fn turn(&self, h: u32, a: u32, c: u32) -> u32 {
        let m = self.modulus as usize;
        self.next[(h as usize * m + a as usize) * m + c as usize]
    }

    /// The non-zero numbers of hand `h`.
    #[inline]
    fn nonzero(&self, h: u32) -> u16 {
        self.shown[h as usize] & !1
    }

    /// Every move from `p` with the position it leads to, yours then theirs ascending; none
    /// where the game is over.
    pub fn labelled_moves(&self, p: &CardsPosition) -> Vec<(CardMove, CardsPosition)> {
        if self.result(p).is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for yours in bits(self.nonzero(p.mover)) {
            for theirs in bits(self.nonzero(p.other)) {
                let turned = self.turn(p.mover, yours, (yours + theirs) % self.modulus);
                let after = CardsPosition {
                    mover: p.other,
                    other: turned,
                };
                out.push((CardMove { yours, theirs }, after));
            }
        }
        out
    }

    /// Calls `f` with the rank of every predecessor of `(mover, other)`: the position before
    /// the other player turned one of their cards `a` into `c` with a card `b` of `mover`.
    #[inline]
    fn for_each_predecessor(&self, mover: u32, other: u32, mut f: impl FnMut(u32, u32)) {
        let m = self.modulus;
        for c in bits(self.shown[other as usize]) {
            for b in bits(self.nonzero(mover)).filter(|&b| b != c) {
                f(self.turn(other, c, (c + m - b) % m), mover);
            }
        }
    }
}

impl Game for Cards {
    type Position = CardsPosition;

    fn moves(&self, p: &CardsPosition, out: &mut grundy::rules::Moves<CardsPosition>) {
        out.extend(self.labelled_moves(p).into_iter().map(|(_, q)| q));
    }

    /// The player who just moved wins with zeros only; so does the player to move in a start
    /// where they already hold only zeros.
    fn result(&self, p: &CardsPosition) -> Option<Outcome> {
        if p.other == self.zeros {
            Some(Outcome::Loss)
        } else if p.mover == self.zeros {
            Some(Outcome::Win)
        } else {
            None
        }
    }
}

impl TierRanking for Cards {
    const UNMOVES: bool = true;

    fn name(&self) -> String {
        format!("cards {} mod {}", self.cards, self.modulus)
    }
    fn tier_count(&self) -> u32 {
        1
    }
    fn tier(&self, _p: &CardsPosition) -> u32 {
        0
    }
    fn tier_size(&self, _tier: u32) -> u64 {
        self.hands() * self.hands()
    }
    fn rank(&self, p: &CardsPosition) -> u64 {
        u64::from(p.mover) * self.hands() + u64::from(p.other)
    }
    fn unrank(&self, _tier: u32, rank: u64) -> CardsPosition {
        CardsPosition {
            mover: (rank / self.hands()) as u32,
            other: (rank % self.hands()) as u32,
        }
    }
    fn ranked_moves(&self, p: &CardsPosition, out: &mut Vec<(u32, u64)>) {
        let m = self.modulus;
        for yours in bits(self.nonzero(p.mover)) {
            for theirs in bits(self.nonzero(p.other)) {
                let turned = self.turn(p.mover, yours, (yours + theirs) % m);
                out.push((0, u64::from(p.other) * self.hands() + u64::from(turned)));
            }
        }
    }
    fn predecessors(&self, p: &CardsPosition, out: &mut Vec<CardsPosition>) {
        self.for_each_predecessor(p.mover, p.other, |mover, other| {
            out.push(CardsPosition { mover, other })
        });
    }
    fn ranked_predecessors(&self, p: &CardsPosition, _tier: u32, out: &mut Vec<u64>) {
        let hands = self.hands();
        self.for_each_predecessor(p.mover, p.other, |mover, other| {
            out.push(u64::from(mover) * hands + u64::from(other))
        });
    }
}

/// A position answered: outcome and winning moves, remoteness and best moves.
pub type CardsAnswer = super::RemoteAnswer<CardMove>;

/// Explores every position reachable from `p` (at most `max_positions`) and solves them by
/// the graph solver. O(reachable positions · (M - 1)²).
///
/// ```
/// use grundy_catalogue::games::cards::{answer, CardMove, Cards, CardsPosition};
/// use grundy::Outcome;
/// // Codeforces 919F, third example: Alice (to move) turns her 1 into 0 with Bob's 4.
/// let game = Cards::new(8, 5).unwrap();
/// let p = CardsPosition {
///     mover: game.hand(&[1, 0, 0, 0, 0, 0, 0, 0]).unwrap(),
///     other: game.hand(&[0, 0, 0, 0, 4, 0, 0, 0]).unwrap(),
/// };
/// let solved = answer(&game, &p, 100_000).unwrap();
/// assert_eq!(solved.answer.outcome, Outcome::Win);
/// assert_eq!(solved.best_moves, [CardMove { yours: 1, theirs: 4 }]);
/// ```
pub fn answer(
    game: &Cards,
    p: &CardsPosition,
    max_positions: usize,
) -> Result<CardsAnswer, String> {
    let budget = Budget::default().with_positions(max_positions as u64);
    let explored = explore(game, [*p], &budget, &grundy::progress::NoProgress).map_err(|e| {
        match e {
            // The caller says how to raise the limit, in its front end's words.
            ExploreError::Budget(e) if e.resource == Resource::Positions => format!(
                "more than {max_positions} positions are reachable from this deal (the position \
                 limit)"
            ),
            e => e.to_string(),
        }
    })?;
    let solution =
        solve(&explored.graph, &SolveOptions::default()).expect("a graph without players solves");
    let value = |q: &CardsPosition| {
        let id = explored.id(q).expect("explored");
        (solution.outcome(id), solution.remoteness(id))
    };
    Ok(answer_with(
        game,
        p,
        value(p),
        value,
        explored.graph.position_count() as u64,
    ))
}

/// Answers `p` from a strong solution on disk (made by `grundy strong cards`). O((M - 1)²)
/// reads.
pub fn answer_from(
    solution: &tiered::Solved<Cards>,
    p: &CardsPosition,
) -> Result<CardsAnswer, tiered::TierError> {
    let game = solution.game();
    let here = solution.value(p)?;
    let mut values = Vec::new();
    for (_, q) in game.labelled_moves(p) {
        values.push((q, solution.value(&q)?));
    }
    let value = |q: &CardsPosition| {
        let v = values.iter().find(|(r, _)| r == q).expect("an option").1;
        (v.outcome, v.remoteness)
    };
    Ok(answer_with(
        game,
        p,
        (here.outcome, here.remoteness),
        value,
        game.tier_size(0),
    ))
}

/// The answer at `p` worth `here`, from the values of its options.
fn answer_with(
    game: &Cards,
    p: &CardsPosition,
    here: (Outcome, Option<u32>),
    value: impl Fn(&CardsPosition) -> (Outcome, Option<u32>),
    positions: u64,
) -> CardsAnswer {
    let (outcome, remoteness) = here;
    let (mut winning, mut best) = (Vec::new(), Vec::new());
    for (m, q) in game.labelled_moves(p) {
        let (after, r) = value(&q);
        if after == Outcome::Loss {
            winning.push(m);
        }
        let keeps = match outcome {
            Outcome::Win => after == Outcome::Loss,
            Outcome::Loss => true,
            Outcome::Draw => after == Outcome::Draw,
        };
        let timely = match (remoteness, r) {
            (Some(r), Some(s)) => s + 1 == r,
            _ => true,
        };
        if keeps && timely {
            best.push(m);
        }
    }
    CardsAnswer::new(outcome, remoteness, winning, best, positions)
}

/// Reads a hand: numbers from 0 to `modulus - 1` separated by spaces or commas.
fn read_hand(place: &str, text: &str, modulus: u32) -> Result<Vec<u32>, InputError> {
    let numbers = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let most = u64::from(modulus - 1);
            input::whole_up_to(place, w, "a number on a card (below the modulus)", 0, most)
                .map(|v| v as u32)
        })
        .collect::<Result<Vec<u32>, InputError>>()?;
    if numbers.is_empty() {
        return Err(InputError::invalid(place, "expected at least one card"));
    }
    Ok(numbers)
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let solution = match inputs.value("solved") {
        Some(dir) => Some(super::open_solution(
            inputs,
            dir,
            Cards::from_name,
            "the card game",
            "cards",
        )?),
        None => None,
    };
    let modulus = match (inputs.optional_whole("modulus")?, &solution) {
        (Some(m), _) => m as u32,
        (None, Some(s)) => s.game().modulus(),
        (None, None) => 5,
    };
    let hand = |name: &str| {
        read_hand(
            &inputs.shown(name),
            inputs.value(name).unwrap_or(""),
            modulus,
        )
    };
    let (mover, other) = (hand("mover")?, hand("other")?);
    if mover.len() != other.len() {
        return Err(InputError::invalid(
            "OTHER",
            format!(
                "the hands hold the same number of cards (expected {}, not {})",
                mover.len(),
                other.len()
            ),
        )
        .into());
    }
    let built;
    let game = match &solution {
        Some(s) => {
            if (s.game().cards(), s.game().modulus()) != (mover.len() as u32, modulus) {
                return Err(InputError::invalid(
                    inputs.shown("solved"),
                    format!(
                        "the solution is of {}, the hands are {} cards modulo {modulus}",
                        s.game().name(),
                        mover.len()
                    ),
                )
                .into());
            }
            s.game()
        }
        None => {
            built = Cards::new(mover.len() as u32, modulus)
                .map_err(|e| InputError::invalid("MOVER", e))?;
            &built
        }
    };
    let p = CardsPosition {
        mover: game
            .hand(&mover)
            .map_err(|e| InputError::invalid("MOVER", e))?,
        other: game
            .hand(&other)
            .map_err(|e| InputError::invalid("OTHER", e))?,
    };
    let solved = match &solution {
        Some(s) => answer_from(s, &p)?,
        None => {
            let limit = inputs.whole("max-positions")? as usize;
            answer(game, &p, limit).map_err(|e| {
                let (raise, solved) = (inputs.shown("max-positions"), inputs.shown("solved"));
                InputError::invalid(
                    inputs.shown("mover"),
                    format!("{e} (raise {raise}), or answer from a solution ({solved})"),
                )
            })?
        }
    };
    let list = |moves: &[CardMove], none: &str| {
        if moves.is_empty() {
            none.to_string()
        } else {
            moves
                .iter()
                .map(CardMove::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    Ok(Report::answer(&solved.answer).fields([
        Field::shown(
            "remoteness",
            solved.remoteness,
            "remoteness",
            super::remoteness_text(solved.answer.outcome, solved.remoteness),
        ),
        Field::shown(
            "best_moves",
            &solved.best_moves,
            "best moves",
            list(&solved.best_moves, "none (the game is over)"),
        ),
        Field::new("positions", solved.positions),
    ]))
}

/// `grundy cards MOVER OTHER`: the card game from two hands. The common answer (outcome for
/// the player to move, every winning move as `yours+theirs`), then `remoteness` (null for a
/// draw), `best_moves` and `positions`.
pub struct CardsFamily;

impl Family for CardsFamily {
    fn name(&self) -> &'static str {
        "cards"
    }

    fn group(&self) -> Group {
        Group::Graphs
    }

    fn about(&self) -> &'static str {
        "A game with numbers (Codeforces 919F): turn your card a into a+b mod M with their \
         card b; zeros only wins. Outcome with draws, remoteness, best moves"
    }

    fn example(&self) -> Example {
        &[("mover", "1 0 0 0 0 0 0 0"), ("other", "0 0 0 0 4 0 0 0")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg(
                "mover",
                "MOVER",
                "The hand of the player to move: its numbers, separated by spaces or commas",
            ),
            Param::arg("other", "OTHER", "The other hand, of as many cards"),
            Param::option(
                "modulus",
                "M",
                "The numbers are modulo M (default 5, or the solution's with {solved})",
            )
            .whole("a modulus", 2)
            .at_most(MAX_MODULUS as u64),
            // Positions explored by default to answer one position without a solution on disk.
            super::max_positions("2000000"),
            Param::option(
                "solved",
                "DIR",
                "Answer from a strong solution on disk (made by the strong solver of this game) \
                 instead of exploring",
            ),
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }

    fn strong(&self) -> Option<Strong> {
        const STRONG: Strong = Strong {
            about: "Solve the card game of Codeforces 919F strongly (turn your card a into a + b \
                    mod M with the opponent's card b; zeros only wins): every position's outcome, \
                    draws included, and remoteness, by retrograde analysis over un-moves into DIR",
            params: &[
                Param::option("cards", "N", "Cards a hand")
                    .default("8")
                    .whole("a count", 1)
                    .at_most(u32::MAX as u64),
                Param::option("modulus", "M", "The numbers are modulo M")
                    .default("5")
                    .whole("a count", 1)
                    .at_most(u32::MAX as u64),
            ],
            example: &[("cards", "8"), ("modulus", "5")],
            example_folder: "cards-8-5",
            solve: |inputs, dir, options| {
                let (cards, modulus) = (inputs.whole("cards")?, inputs.whole("modulus")?);
                let (cards, modulus) = (cards as u32, modulus as u32);
                let game = Cards::new(cards, modulus).map_err(|e| {
                    let place =
                        format!("{} and {}", inputs.shown("cards"), inputs.shown("modulus"));
                    InputError::invalid(place, e)
                })?;
                let summary = tiered::solve_tiered(&game, dir, options, inputs.progress())?;
                Ok(StrongRun {
                    summary,
                    start: None,
                })
            },
            check: |name, dir, reach, progress| {
                let game = Cards::from_name(name)?;
                let params = vec![
                    ("cards", game.cards().to_string()),
                    ("modulus", game.modulus().to_string()),
                ];
                let solved = tiered::Solved::open(game, dir);
                Some(check_solution(solved, None, reach, progress, params))
            },
        };
        Some(STRONG)
    }
}
