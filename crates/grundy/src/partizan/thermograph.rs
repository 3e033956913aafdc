//! Thermographs: how a game's stops move as it is cooled, and its mean and temperature.
//!
//! Cooling a game by `t` taxes every move by `t`; the stops of the cooled game, as functions
//! of `t ≥ −1`, are the thermograph's *walls*. They are computed bottom-up: an integer's
//! walls are the vertical line at its value; otherwise the left *scaffold* is the largest
//! right wall of the left options minus `t`, the right scaffold the smallest left wall of the
//! right options plus `t`, and the walls are the scaffolds below the temperature `τ` (where
//! the scaffolds meet: the left one never increases, the right one never decreases) and the
//! vertical *mast* at the meeting value above it. The mast value is the game's mean; `τ` is
//! its temperature (−1 for an integer, negative for any number).
//!
//! A [`Trajectory`] is a continuous piecewise-linear function on `[−1, ∞)` with dyadic
//! breakpoints and slopes −1, 0 or 1; it is printed like the reference tool's: the value at
//! the top, the critical temperatures from the top down, and the slopes of the pieces from
//! the top down (`dx/dt`). Thermographs are memoised per game.

use std::fmt;

use super::error::ValueError;
use super::number::Dyadic;
use super::store::{GameId, GameStore};
use super::Side;

/// A continuous piecewise-linear function of the temperature `t` on `[−1, ∞)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    /// The value at `t = −1`.
    base: Dyadic,
    /// The breakpoints, increasing, all greater than −1.
    breaks: Vec<Dyadic>,
    /// The slopes `dx/dt` of the pieces from the bottom up: one more than the breakpoints.
    slopes: Vec<i64>,
}

impl Trajectory {
    /// The constant function `x`. O(1).
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            base: x,
            breaks: Vec::new(),
            slopes: vec![0],
        }
    }

    /// The value at temperature `t ≥ −1`. O(pieces).
    pub fn value_at(&self, t: Dyadic) -> Result<Dyadic, ValueError> {
        let mut x = self.base;
        let mut from = Dyadic::from(-1);
        for (i, &slope) in self.slopes.iter().enumerate() {
            let to = self.breaks.get(i).copied().filter(|&b| b < t).unwrap_or(t);
            x = x.checked_add((to.checked_sub(from)?).checked_mul_int(slope)?)?;
            from = to;
            if to == t {
                break;
            }
        }
        Ok(x)
    }

    /// The value at the top (for a wall: the mast; for a scaffold the top piece is sloped
    /// and this is its value at the last breakpoint). O(pieces).
    pub fn mast(&self) -> Result<Dyadic, ValueError> {
        let top = self.breaks.last().copied().unwrap_or(Dyadic::from(-1));
        self.value_at(top)
    }

    /// The corners of the graph, from the bottom up: `(t, x(t))` at `t = −1` and at each
    /// critical temperature; above the last corner the function is straight. For drawing the
    /// walls of a thermograph. O(pieces).
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{2|-1}").unwrap();
    /// let walls = store.thermograph(g).unwrap();
    /// let corners: Vec<String> =
    ///     walls.left.corners().unwrap().iter().map(|(t, x)| format!("{x} at {t}")).collect();
    /// assert_eq!(corners, ["3 at -1", "1/2 at 3/2"]);
    /// ```
    pub fn corners(&self) -> Result<Vec<(Dyadic, Dyadic)>, ValueError> {
        let mut t = Dyadic::from(-1);
        let mut x = self.base;
        let mut corners = vec![(t, x)];
        for (&next, &slope) in self.breaks.iter().zip(&self.slopes) {
            x = x.checked_add(next.checked_sub(t)?.checked_mul_int(slope)?)?;
            t = next;
            corners.push((t, x));
        }
        Ok(corners)
    }

    /// The critical temperatures (where the slope changes), from the top down. O(pieces).
    pub fn critical_temperatures(&self) -> Vec<Dyadic> {
        self.breaks.iter().rev().copied().collect()
    }

    /// The slopes `dx/dt` of the pieces, from the top down. O(pieces).
    pub fn slopes(&self) -> Vec<i64> {
        self.slopes.iter().rev().copied().collect()
    }

    /// `x(t) + k·t`. O(pieces).
    fn tilt(&self, k: i64) -> Result<Trajectory, ValueError> {
        Ok(Trajectory {
            base: self.base.checked_sub(Dyadic::from(k))?,
            breaks: self.breaks.clone(),
            slopes: self.slopes.iter().map(|s| s + k).collect(),
        })
    }

    /// The pointwise maximum (`larger`) or minimum of two trajectories. O(pieces of both).
    fn extreme(&self, other: &Trajectory, larger: bool) -> Result<Trajectory, ValueError> {
        let mut cuts: Vec<Dyadic> = self.breaks.iter().chain(&other.breaks).copied().collect();
        cuts.sort();
        cuts.dedup();
        // On each piece where both are linear, the point where they cross, if any.
        let mut crossings = Vec::new();
        let mut from = Dyadic::from(-1);
        for i in 0..=cuts.len() {
            let (sa, sb) = (self.slope_after(from), other.slope_after(from));
            if sa != sb {
                // a0 + sa·d = b0 + sb·d  ⇒  d = (b0 − a0) / (sa − sb).
                let diff = other.value_at(from)?.checked_sub(self.value_at(from)?)?;
                let d = divide(diff, sa - sb)?;
                if d > Dyadic::ZERO {
                    let t = from.checked_add(d)?;
                    if cuts.get(i).is_none_or(|&next| t < next) {
                        crossings.push(t);
                    }
                }
            }
            if let Some(&next) = cuts.get(i) {
                from = next;
            }
        }
        cuts.extend(crossings);
        cuts.sort();
        cuts.dedup();
        // On each piece between cuts one trajectory is the larger throughout: compare them
        // inside the piece.
        let mut breaks = Vec::with_capacity(cuts.len());
        let mut slopes = Vec::with_capacity(cuts.len() + 1);
        let mut from = Dyadic::from(-1);
        for i in 0..=cuts.len() {
            let probe = match cuts.get(i) {
                Some(&next) => midpoint(from, next)?,
                None => from.checked_add(Dyadic::ONE)?,
            };
            let self_wins = (self.value_at(probe)? >= other.value_at(probe)?) == larger;
            slopes.push(if self_wins {
                self.slope_after(from)
            } else {
                other.slope_after(from)
            });
            if let Some(&next) = cuts.get(i) {
                breaks.push(next);
                from = next;
            }
        }
        let base = if (self.base >= other.base) == larger {
            self.base
        } else {
            other.base
        };
        let mut result = Trajectory {
            base,
            breaks,
            slopes,
        };
        result.merge_pieces();
        Ok(result)
    }

    /// The slope of the piece just above `t`. O(pieces).
    fn slope_after(&self, t: Dyadic) -> i64 {
        let i = self.breaks.iter().take_while(|&&b| b <= t).count();
        self.slopes[i]
    }

    /// Removes breakpoints between pieces of equal slope. O(pieces).
    fn merge_pieces(&mut self) {
        let mut i = 0;
        while i < self.breaks.len() {
            if self.slopes[i] == self.slopes[i + 1] {
                self.breaks.remove(i);
                self.slopes.remove(i + 1);
            } else {
                i += 1;
            }
        }
    }

    /// This trajectory up to `t` and constant above it. O(pieces).
    fn cut_at(&self, t: Dyadic) -> Trajectory {
        let keep = self.breaks.iter().take_while(|&&b| b < t).count();
        let mut breaks: Vec<Dyadic> = self.breaks[..keep].to_vec();
        let mut slopes: Vec<i64> = self.slopes[..=keep].to_vec();
        if t > Dyadic::from(-1) {
            breaks.push(t);
            slopes.push(0);
        } else {
            slopes = vec![0];
        }
        let mut result = Trajectory {
            base: self.base,
            breaks,
            slopes,
        };
        result.merge_pieces();
        result
    }
}

/// `x / k` for a small integer `k ≠ 0` that is ±1 or ±2 (the slope differences of walls).
fn divide(x: Dyadic, k: i64) -> Result<Dyadic, ValueError> {
    let x = if k < 0 { -x } else { x };
    Ok(match k.abs() {
        1 => x,
        2 => x.checked_half()?,
        _ => unreachable!("slopes of walls differ by at most 2"),
    })
}

fn midpoint(a: Dyadic, b: Dyadic) -> Result<Dyadic, ValueError> {
    Ok(a.checked_add(b)?.checked_half()?)
}

impl fmt::Display for Trajectory {
    /// `mast,[critical temperatures],[slopes]`, the reference tool's layout.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |items: Vec<String>| items.join(",");
        write!(
            f,
            "{},[{}],[{}]",
            self.mast().map_err(|_| fmt::Error)?,
            list(
                self.critical_temperatures()
                    .iter()
                    .map(|t| t.to_string())
                    .collect()
            ),
            list(self.slopes().iter().map(|s| s.to_string()).collect())
        )
    }
}

/// The thermograph of a game: its left and right walls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall: Left's stop of the game cooled by `t`.
    pub left: Trajectory,
    /// The right wall: Right's stop of the game cooled by `t`.
    pub right: Trajectory,
}

impl Thermograph {
    /// The temperature: the highest critical temperature of either wall, −1 if both walls
    /// are straight (an integer). O(pieces).
    pub fn temperature(&self) -> Dyadic {
        let top = |w: &Trajectory| w.breaks.last().copied().unwrap_or(Dyadic::from(-1));
        top(&self.left).max(top(&self.right))
    }

    /// The mast value: the mean of the game. O(pieces).
    pub fn mast(&self) -> Result<Dyadic, ValueError> {
        self.left.mast()
    }
}

impl fmt::Display for Thermograph {
    /// `Thermograph(left wall,right wall)`, each as in [`Trajectory`]'s display.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thermograph({},{})", self.left, self.right)
    }
}

impl GameStore {
    /// The thermograph of `g`. Memoised; O(sum over the followers of their walls' pieces).
    ///
    /// ```
    /// use grundy::partizan::GameStore;
    ///
    /// let mut store = GameStore::new();
    /// let g = store.parse("{3||2*|1*}").unwrap();
    /// let t = store.thermograph(g).unwrap();
    /// assert_eq!(t.to_string(), "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])");
    /// assert_eq!(store.temperature(g).unwrap().to_string(), "3/4");
    /// assert_eq!(store.mean(g).unwrap().to_string(), "9/4");
    /// ```
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph, ValueError> {
        let depth = self.depth(g);
        self.guarded(depth, |s| s.thermograph_in(g))
    }

    /// The temperature of `g` (see [`Thermograph::temperature`]); O(1) for a number + ups +
    /// nimber (`−1/2^k` for a number `m/2^k`, 0 for a number plus a non-zero infinitesimal).
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic, ValueError> {
        if let Some(v) = self.nus(g) {
            return Ok(if v.is_number() {
                // −1/2^k; k ≤ 62 so this is in range.
                Dyadic::new(-1, v.number.exponent())?
            } else {
                Dyadic::ZERO
            });
        }
        Ok(self.thermograph(g)?.temperature())
    }

    /// The mean value of `g` (the mast of its thermograph); O(1) for a number + ups + nimber.
    /// The mean of a sum is the sum of the means.
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic, ValueError> {
        if let Some(v) = self.nus(g) {
            return Ok(v.number);
        }
        self.thermograph(g)?.mast()
    }

    pub(crate) fn thermograph_in(&mut self, g: GameId) -> Result<Thermograph, ValueError> {
        if let Some(t) = self.remembered::<Thermograph>(g) {
            return Ok(t);
        }
        self.tick()?;
        if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            let wall = Trajectory::constant(n);
            return Ok(Thermograph {
                left: wall.clone(),
                right: wall,
            });
        }
        self.ensure_options(g)?;
        let mut scaffolds: [Option<Trajectory>; 2] = [None, None];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            for i in 0..self.count(g, side) {
                let option = self.option(g, side, i);
                let t = self.thermograph_in(option)?;
                let wall = match side {
                    Side::Left => t.right,
                    Side::Right => t.left,
                };
                scaffolds[k] = Some(match scaffolds[k].take() {
                    None => wall,
                    Some(s) => s.extreme(&wall, side == Side::Left)?,
                });
            }
        }
        let [Some(left), Some(right)] = scaffolds else {
            unreachable!("a canonical form that is not an integer has options on both sides");
        };
        let left = left.tilt(-1)?;
        let right = right.tilt(1)?;
        let result = meet(&left, &right)?;
        self.remember(g, result.clone());
        Ok(result)
    }
}

/// The walls from two scaffolds: below the temperature (where the left scaffold, which
/// never increases, meets the right one, which never decreases) the scaffolds, above it the
/// mast.
fn meet(left: &Trajectory, right: &Trajectory) -> Result<Thermograph, ValueError> {
    let temperature = crossing(left, right)?;
    Ok(Thermograph {
        left: left.cut_at(temperature),
        right: right.cut_at(temperature),
    })
}

/// The least `t ≥ −1` where the left scaffold is at most the right one. Their gap is linear
/// between the breakpoints of either, so each piece is solved in turn. O(pieces).
fn crossing(left: &Trajectory, right: &Trajectory) -> Result<Dyadic, ValueError> {
    let gap = |t: Dyadic| -> Result<Dyadic, ValueError> {
        Ok(left.value_at(t)?.checked_sub(right.value_at(t)?)?)
    };
    let mut from = Dyadic::from(-1);
    if gap(from)? <= Dyadic::ZERO {
        return Ok(from);
    }
    let mut cuts: Vec<Dyadic> = left.breaks.iter().chain(&right.breaks).copied().collect();
    cuts.sort();
    cuts.dedup();
    for i in 0..=cuts.len() {
        let slope = left.slope_after(from) - right.slope_after(from);
        if slope < 0 {
            let t = from.checked_add(divide(gap(from)?, -slope)?)?;
            if cuts.get(i).is_none_or(|&next| t <= next) {
                return Ok(t);
            }
        }
        match cuts.get(i) {
            Some(&next) => from = next,
            None => break,
        }
    }
    unreachable!("the scaffolds of a short game meet: the gap's top piece has slope -2")
}
