//! Rectangle cutting: a move takes one rectangle, chooses one of its sides, of length l, and a
//! divisor d ≥ 2 of l, and cuts the rectangle across that side into d equal pieces (a side of
//! l becomes d sides of l / d; the other side stays). The pieces are played on as independent
//! rectangles; a player who cannot move (every rectangle is 1×1) loses.
//!
//! **Values** (notes 000, 观察法, the rectangle-cutting problem after "Nim, 但是每次不能拿正好
//! l 个"). Cutting into an even number of equal pieces leaves a sum of pairs of equal games,
//! of value 0; cutting into an odd number leaves the value of one piece. Let Ω(x) be the
//! number of prime factors of x counted with multiplicity, and x' the odd part of x (x
//! without its factors 2). With both sides odd, a move removes any positive number of prime
//! factors from one side: Nim on two heaps, and the value of an a×b rectangle is
//! Ω(a) ⊕ Ω(b). With a side even, every move of the odd game is still there (an odd cut keeps
//! the factors 2), and so is a move to 0 (an even cut); adding 0 to every set of options
//! raises each mex by one, so the value is (Ω(a') ⊕ Ω(b')) + 1. In one formula:
//!
//! > value(a×b) = (Ω(a') ⊕ Ω(b')) + [a or b is even],
//!
//! and a position of several rectangles is worth the XOR of theirs. The notes leave d = 1 out
//! implicitly (it would be a move that changes nothing); here d ≥ 2.
//!
//! **Winning moves.** A cut of the side a of a×b into d pieces leaves a rectangle worth 0 if
//! d is even, and worth ((Ω(a') − Ω(d)) ⊕ Ω(b')) + [a or b is even] if d is odd, so the
//! winning cuts of one side are all its even divisors (when the rest of the position is worth
//! 0 and the side is even) or all its odd divisors with one prescribed number of prime
//! factors. They are counted from the factorisation, without listing the divisors; the first
//! [`LISTED_MOVES`] are listed.
//!
//! **Complexity.** Factoring a side takes O(n^(1/4)) expected time (Pollard's rho with
//! Miller–Rabin, exact for every `u64`); everything else is O(number of prime factors) per
//! rectangle, plus the listed moves (at most the divisors of one side, at most 103,680 for
//! numbers below 2^64, beyond the list).

use std::fmt;

use serde::Serialize;

use super::catalogue_game::own_rules;
use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use grundy::input::InputError;
use grundy::math::primes::factorize;
use grundy::report::{Field, Report};
use grundy::rules::Impartial;

/// How many winning moves an [`Answer`] lists at most; `winning_move_count` gives the total
/// when there are more.
pub const LISTED_MOVES: usize = 1000;

/// A rectangle has a side of length 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a rectangle needs both sides at least 1, and {a}x{b} has a side of 0")]
pub struct ZeroSide {
    /// Side A.
    pub a: u64,
    /// Side B.
    pub b: u64,
}

/// A rectangle with sides `a` and `b`, both at least 1 (serialized as `[a, b]`; displayed as
/// `axb`). Sides are kept in the order given: side A is the first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Rectangle(u64, u64);

impl Rectangle {
    /// The rectangle a×b; fails if a side is 0.
    pub fn new(a: u64, b: u64) -> Result<Rectangle, ZeroSide> {
        if a == 0 || b == 0 {
            return Err(ZeroSide { a, b });
        }
        Ok(Rectangle(a, b))
    }

    /// Side A.
    pub fn a(self) -> u64 {
        self.0
    }

    /// Side B.
    pub fn b(self) -> u64 {
        self.1
    }

    /// The Sprague–Grundy value: (Ω(a') ⊕ Ω(b')) + [a or b is even]. At most 64. Expected
    /// O(a^(1/4) + b^(1/4)) (two factorisations).
    ///
    /// ```
    /// use grundy_catalogue::games::rectangle_cut::Rectangle;
    /// assert_eq!(Rectangle::new(1, 1).unwrap().value(), 0);
    /// assert_eq!(Rectangle::new(9, 3).unwrap().value(), 2 ^ 1);
    /// assert_eq!(Rectangle::new(12, 5).unwrap().value(), (1 ^ 1) + 1);
    /// ```
    pub fn value(self) -> u64 {
        let (a, b) = (Side::of(self.0), Side::of(self.1));
        combine(a.odd_omega, b.odd_omega, a.twos + b.twos > 0)
    }
}

impl fmt::Display for Rectangle {
    /// `6x4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.0, self.1)
    }
}

/// The value from the odd parts' factor counts and whether a side is even.
fn combine(odd_a: u32, odd_b: u32, even: bool) -> u64 {
    u64::from(odd_a ^ odd_b) + u64::from(even)
}

/// The rules, for the generic solver: a position is the multiset of rectangles, as a sorted
/// list; its options are every cut of every rectangle. Positions multiply fast (a 6×6
/// rectangle reaches 20,649 of them), so this is meant for small sides.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RectangleCut;

impl Impartial for RectangleCut {
    type Position = Vec<Rectangle>;

    fn options(&self, rects: &Vec<Rectangle>, out: &mut grundy::rules::Moves<Vec<Rectangle>>) {
        for (i, &r) in rects.iter().enumerate() {
            if i > 0 && rects[i - 1] == r {
                continue;
            }
            for (len, piece) in [(r.0, 0), (r.1, 1)] {
                for d in 2..=len {
                    if len % d != 0 {
                        continue;
                    }
                    let cut = if piece == 0 {
                        Rectangle(len / d, r.1)
                    } else {
                        Rectangle(r.0, len / d)
                    };
                    let mut next: Vec<Rectangle> = rects[..i].to_vec();
                    next.extend_from_slice(&rects[i + 1..]);
                    next.extend(std::iter::repeat_n(cut, d as usize));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
    }
}

/// Which side of a rectangle a cut divides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Axis {
    /// Side A, the first.
    A,
    /// Side B, the second.
    B,
}

/// A move: rectangle `rectangle` (numbered from 1, in the order given), of sides `from`, has
/// its side `side` cut into `parts` equal pieces, each `piece` (serialized as
/// `{"rectangle": 1, "from": [6, 4], "side": "a", "parts": 3, "piece": [2, 4]}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct CutMove {
    /// The rectangle, numbered from 1.
    pub rectangle: usize,
    /// Its sides before the cut.
    pub from: Rectangle,
    /// The side cut.
    pub side: Axis,
    /// Into how many pieces (a divisor of that side, at least 2).
    pub parts: u64,
    /// Each piece.
    pub piece: Rectangle,
}

impl fmt::Display for CutMove {
    /// `rectangle 1 (6x4): cut side A into 3 pieces 2x4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Axis::A => 'A',
            Axis::B => 'B',
        };
        write!(
            f,
            "rectangle {} ({}): cut side {side} into {} pieces {}",
            self.rectangle, self.from, self.parts, self.piece
        )
    }
}

/// A side's factorisation, as far as the game needs it.
#[derive(Debug, Clone)]
struct Side {
    /// The exponent of 2.
    twos: u32,
    /// The odd primes and their exponents.
    odd: Vec<(u64, u32)>,
    /// Ω of the odd part.
    odd_omega: u32,
}

impl Side {
    fn of(len: u64) -> Side {
        let mut twos = 0;
        let mut odd = Vec::new();
        for (p, e) in factorize(len) {
            if p == 2 {
                twos = e;
            } else {
                odd.push((p, e));
            }
        }
        let odd_omega = odd.iter().map(|&(_, e)| e).sum();
        Side {
            twos,
            odd,
            odd_omega,
        }
    }

    /// How many odd divisors have exactly `j` prime factors (with multiplicity).
    fn odd_divisors_with_omega(&self, j: u32) -> u128 {
        let mut poly = vec![1u128];
        for &(_, e) in &self.odd {
            let mut next = vec![0u128; poly.len() + e as usize];
            for (i, &c) in poly.iter().enumerate() {
                for slot in &mut next[i..=i + e as usize] {
                    *slot += c;
                }
            }
            poly = next;
        }
        poly.get(j as usize).copied().unwrap_or(0)
    }

    /// The number of even divisors: twos · Π(e + 1) over the odd primes.
    fn even_divisors(&self) -> u128 {
        self.odd
            .iter()
            .fold(u128::from(self.twos), |n, &(_, e)| n * u128::from(e + 1))
    }

    /// The divisors that are even (if `even`) or odd with `omega` prime factors (if
    /// `Some`), sorted.
    fn divisors(&self, even: bool, omega: Option<u32>) -> Vec<u64> {
        // Odd divisors, with their number of prime factors.
        let mut odd: Vec<(u64, u32)> = vec![(1, 0)];
        for &(p, e) in &self.odd {
            let mut next = Vec::with_capacity(odd.len() * (e as usize + 1));
            for &(d, w) in &odd {
                let mut x = d;
                for k in 0..=e {
                    next.push((x, w + k));
                    if k < e {
                        x *= p;
                    }
                }
            }
            odd = next;
        }
        let mut out = Vec::new();
        if let Some(j) = omega {
            out.extend(odd.iter().filter(|&&(_, w)| w == j).map(|&(d, _)| d));
        }
        if even {
            for &(d, _) in &odd {
                let mut x = d;
                for _ in 0..self.twos {
                    x *= 2;
                    out.push(x);
                }
            }
        }
        out.sort_unstable();
        out
    }
}

/// The value of a position of several rectangles: the XOR of their values. Expected
/// O(Σ (a^(1/4) + b^(1/4))).
pub fn value(rects: &[Rectangle]) -> u64 {
    rects.iter().fold(0, |x, r| x ^ r.value())
}

/// The answer for a position of several rectangles: outcome, value, and the winning moves in
/// order of rectangle, side (A first) and number of pieces (the first [`LISTED_MOVES`], with
/// their number when there are more).
///
/// ```
/// use grundy_catalogue::games::rectangle_cut::{answer, Rectangle};
/// let ans = answer(&[Rectangle::new(6, 4).unwrap()]);
/// assert_eq!(ans.value, Some((1 ^ 0) + 1));
/// // Every even cut wins (it leaves 0): side A into 2 or 6, side B into 2 or 4.
/// let cuts: Vec<u64> = ans.winning_moves.iter().map(|m| m.parts).collect();
/// assert_eq!(cuts, [2, 6, 2, 4]);
/// ```
pub fn answer(rects: &[Rectangle]) -> Answer<CutMove> {
    let sides: Vec<(Side, Side)> = rects
        .iter()
        .map(|r| (Side::of(r.0), Side::of(r.1)))
        .collect();
    let values: Vec<u64> = sides
        .iter()
        .map(|(a, b)| combine(a.odd_omega, b.odd_omega, a.twos + b.twos > 0))
        .collect();
    let total = values.iter().fold(0, |x, v| x ^ v);
    let mut moves = Vec::new();
    let mut count: u128 = 0;
    if total != 0 {
        for (i, ((sa, sb), &v)) in sides.iter().zip(&values).enumerate() {
            let target = total ^ v;
            let r = rects[i];
            let even = sa.twos + sb.twos > 0;
            for (axis, cut, other) in [(Axis::A, sa, sb), (Axis::B, sb, sa)] {
                // Even cuts leave 0; odd cuts with j prime factors leave
                // ((Ω(cut') − j) ⊕ Ω(other')) + even.
                let even_cut = target == 0 && cut.twos > 0;
                let odd_omega = target
                    .checked_sub(u64::from(even))
                    .map(|t| t ^ u64::from(other.odd_omega))
                    .filter(|&keep| keep < u64::from(cut.odd_omega))
                    .map(|keep| cut.odd_omega - keep as u32);
                let here = if even_cut { cut.even_divisors() } else { 0 }
                    + odd_omega.map_or(0, |j| cut.odd_divisors_with_omega(j));
                count += here;
                if here == 0 || moves.len() == LISTED_MOVES {
                    continue;
                }
                for d in cut.divisors(even_cut, odd_omega) {
                    if moves.len() == LISTED_MOVES {
                        break;
                    }
                    let piece = match axis {
                        Axis::A => Rectangle(r.0 / d, r.1),
                        Axis::B => Rectangle(r.0, r.1 / d),
                    };
                    moves.push(CutMove {
                        rectangle: i + 1,
                        from: r,
                        side: axis,
                        parts: d,
                        piece,
                    });
                }
            }
        }
    }
    let mut answer = Answer::from_moves(Some(total), moves);
    if count > answer.winning_moves.len() as u128 {
        answer.winning_move_count = Some(count);
    }
    answer
}

/// The rectangles after a cut, sorted, if it is legal.
fn cut(rects: &[Rectangle], m: &CutMove) -> Option<Vec<Rectangle>> {
    let i = m.rectangle.checked_sub(1)?;
    let r = *rects.get(i)?;
    let (len, piece) = match m.side {
        Axis::A => (r.0, Rectangle(r.0.checked_div(m.parts)?, r.1)),
        Axis::B => (r.1, Rectangle(r.0, r.1.checked_div(m.parts)?)),
    };
    if r != m.from || piece != m.piece || m.parts < 2 || len % m.parts != 0 {
        return None;
    }
    let mut next: Vec<Rectangle> = rects[..i].to_vec();
    next.extend_from_slice(&rects[i + 1..]);
    next.extend(std::iter::repeat_n(piece, usize::try_from(m.parts).ok()?));
    next.sort_unstable();
    Some(next)
}

own_rules!(
    RectangleCut,
    Vec<Rectangle>,
    CutMove,
    |p: &Vec<Rectangle>| answer(p),
    |p: &Vec<Rectangle>, m| cut(p, m)
);

/// Reads `AxB` (also `AXB` or `A×B`); `place` names it in messages.
fn parse_rectangle(place: &str, text: &str) -> Result<Rectangle, InputError> {
    let bad = || InputError::Malformed {
        place: place.to_string(),
        text: text.to_string(),
        noun: "a rectangle".to_string(),
        expected: format!("AxB with sides from 1 to {}, e.g. 6x4", u64::MAX),
    };
    let (a, b) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let a = a.trim().parse::<u64>().map_err(|_| bad())?;
    let b = b.trim().parse::<u64>().map_err(|_| bad())?;
    Rectangle::new(a, b).map_err(|e| InputError::invalid(place, e))
}

/// `grundy rectangle-cut AxB...`: text prints each rectangle's value (`values: 6x4 = 2, 9x15 =
/// 0`) and the winning moves as `rectangle 1 (6x4): cut side A into 2 pieces 3x4`; JSON adds
/// `"values": [2, 0]` and moves `{"rectangle": 1, "from": [6, 4], "side": "a", "parts": 2,
/// "piece": [3, 4]}`. The first 1000 moves are listed ([`LISTED_MOVES`]), with
/// `winning_move_count` when there are more.
pub struct RectangleCutFamily;

impl Family for RectangleCutFamily {
    fn name(&self) -> &'static str {
        "rectangle-cut"
    }

    fn group(&self) -> Group {
        Group::Graphs
    }

    fn about(&self) -> &'static str {
        "Rectangle cutting (cut a side into d equal pieces): value by prime-factor counts, \
         moves"
    }

    fn example(&self) -> Example {
        &[("rectangles", "6x4"), ("rectangles", "9x15")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::args(
            "rectangles",
            "RECTANGLES",
            "The rectangles, each as AxB (sides from 1 to 2^64 - 1, e.g. 6x4)",
        )];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run(inputs)
    }
}

fn run(inputs: &Inputs) -> Result<Report, RunError> {
    let rects: Vec<Rectangle> = inputs
        .values("rectangles")
        .iter()
        .enumerate()
        .map(|(i, t)| parse_rectangle(&format!("rectangle {}", i + 1), t))
        .collect::<Result<_, _>>()?;
    let values: Vec<u64> = rects.iter().map(|r| r.value()).collect();
    let listed: Vec<String> = rects
        .iter()
        .zip(&values)
        .map(|(r, v)| format!("{r} = {v}"))
        .collect();
    Ok(Report::answer(&answer(&rects)).field(Field::shown(
        "values",
        values,
        "values",
        listed.join(", "),
    )))
}
