//! Compound games valued through nimbers, as families of the catalogue: Moore's Nim_k, misère
//! sums (Anti-SG) and the corner-flipping coin game (Tartan's theorem). The mathematics is in
//! [`grundy::impartial`]; this reads what users give and says what it means.

use std::fmt;

use serde::Serialize;

use super::{Answer, Example, Family, Group, Inputs, Param, RunError};
use grundy::impartial::product::{corner_move, corners_value, CornerMove};
use grundy::impartial::{misere, nim_k};
use grundy::input::{self, InputError};
use grundy::outcome::Outcome;
use grundy::report::{Field, Report};

/// A winning move of Nim_k: the piles it leaves (serialized as `{"piles": [...]}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NimKMove {
    /// The piles after the move.
    pub piles: Vec<u64>,
    /// The piles before it, for the text.
    #[serde(skip)]
    pub before: Vec<u64>,
}

impl fmt::Display for NimKMove {
    /// `pile 1 from 3 to 2, pile 4 from 7 to 1 (leaves 2 5 6 1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let taken: Vec<String> = (0..self.piles.len())
            .filter(|&i| self.piles[i] != self.before[i])
            .map(|i| {
                format!(
                    "pile {} from {} to {}",
                    i + 1,
                    self.before[i],
                    self.piles[i]
                )
            })
            .collect();
        let sizes: Vec<String> = self.piles.iter().map(u64::to_string).collect();
        write!(f, "{} (leaves {})", taken.join(", "), sizes.join(" "))
    }
}

/// `grundy nim-k K PILES...`: Moore's Nim_k, a move takes from 1 to K piles; the player to
/// move loses iff for every bit the number of piles with that bit set is a multiple of K + 1.
/// The common answer, with one winning move (built bit by bit from the top, as in the notes).
pub struct NimKFamily;

impl Family for NimKFamily {
    fn name(&self) -> &'static str {
        "nim-k"
    }

    fn group(&self) -> Group {
        Group::Compounds
    }

    fn about(&self) -> &'static str {
        "Moore's Nim_k: a move takes from 1 to K piles; who wins, and a winning move"
    }

    fn example(&self) -> Example {
        &[
            ("k", "2"),
            ("piles", "3"),
            ("piles", "5"),
            ("piles", "6"),
            ("piles", "7"),
        ]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::arg("k", "K", "How many piles a move may take from (at least 1)")
                .whole("a number of piles", 1),
            super::PILES,
        ];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_nim_k(inputs)
    }
}

fn run_nim_k(inputs: &Inputs) -> Result<Report, RunError> {
    let k = inputs.whole("k")?;
    let piles = inputs.wholes("piles")?;
    let moves = nim_k::winning_move(&piles, k)
        .map(|next| NimKMove {
            piles: next,
            before: piles.clone(),
        })
        .into_iter()
        .collect();
    let mut answer = Answer::from_moves(None, moves);
    answer.outcome = if nim_k::wins(&piles, k) {
        Outcome::Win
    } else {
        Outcome::Loss
    };
    Ok(Report::answer(&answer))
}

/// A winning move of a misère sum: component `component` (from 1) goes from value `from` to
/// `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ComponentMove {
    /// The component, numbered from 1.
    pub component: usize,
    /// Its value before the move.
    pub from: u64,
    /// Its value after the move.
    pub to: u64,
}

impl fmt::Display for ComponentMove {
    /// `component 3: value 4 -> 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "component {}: value {} -> {}",
            self.component, self.from, self.to
        )
    }
}

/// `grundy misere VALUES...`: a misère sum (Anti-SG) of components of these values, the last
/// player to move loses: the player to move wins iff every value is at most 1 and their XOR is
/// 0, or some value is above 1 and the XOR is not 0. The common answer, with one winning move.
pub struct MisereFamily;

impl Family for MisereFamily {
    fn name(&self) -> &'static str {
        "misere"
    }

    fn group(&self) -> Group {
        Group::Compounds
    }

    fn about(&self) -> &'static str {
        "A misère sum (Anti-SG): components of the given values, the last player to move loses"
    }

    fn example(&self) -> Example {
        &[("values", "1"), ("values", "1"), ("values", "4")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::args(
            "values",
            "VALUES",
            "The values of the components (for Anti-Nim: the pile sizes). The rule is exact when \
             a component of value 0 has no move (see docs/catalogue.md)",
        )
        .whole("a value", 0)
        .each("component")];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_misere(inputs)
    }
}

fn run_misere(inputs: &Inputs) -> Result<Report, RunError> {
    let values = inputs.wholes("values")?;
    let moves = misere::anti_sg_move(&values)
        .map(|(i, to)| ComponentMove {
            component: i + 1,
            from: values[i],
            to,
        })
        .into_iter()
        .collect();
    let mut answer = Answer::from_moves(None, moves);
    answer.outcome = if misere::anti_sg_wins(&values) {
        Outcome::Win
    } else {
        Outcome::Loss
    };
    let report = Report::answer(&answer);
    Ok(if values.iter().all(|&v| v == 0) {
        report.field(Field::new(
            "note",
            "no move is left: the opponent made the last move, so the player to move has won",
        ))
    } else {
        report
    })
}

/// A winning move of the corner game: turn the corners of the box from `near` to `far` (the
/// head turned).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoxMove {
    /// The head at the box's far corner.
    pub far: Vec<u64>,
    /// The box's near corner.
    pub near: Vec<u64>,
}

impl fmt::Display for BoxMove {
    /// `turn the corners of the box from 1,2 to 3,4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        write!(
            f,
            "turn the corners of the box from {} to {}",
            join(&self.near),
            join(&self.far)
        )
    }
}

/// How many nim products the search for a winning corner move may spend.
const CORNER_BUDGET: u64 = 1 << 22;

/// `grundy corners HEADS...`: the corner-flipping coin game (a box whose far corner is heads
/// has its corners turned); a head at 0-based (x, y) is worth the nim product x ⊗ y (Tartan's
/// theorem), the board the XOR of its heads. The common answer with one winning move,
/// searched within a budget.
pub struct CornersFamily;

impl Family for CornersFamily {
    fn name(&self) -> &'static str {
        "corners"
    }

    fn group(&self) -> Group {
        Group::Compounds
    }

    fn about(&self) -> &'static str {
        "The corner-flipping coin game: its value by Tartan's theorem, and a winning move"
    }

    fn example(&self) -> Example {
        &[("heads", "1,1"), ("heads", "2,2")]
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::args(
            "heads",
            "HEADS",
            "The heads, each as comma-separated 0-based coordinates (`x,y` on a board, `x,y,z` in \
             a box; all of one dimension). `-` reads them from standard input, one per line, with \
             coordinates separated by commas or spaces",
        )];
        PARAMS
    }

    fn run(&self, inputs: &Inputs) -> Result<Report, RunError> {
        run_corners(inputs)
    }
}

/// Heads from the arguments, or from standard input for `-`.
fn read_heads(inputs: &Inputs) -> Result<Vec<Vec<u64>>, InputError> {
    let mut lines: Vec<(String, String)> = Vec::new();
    for (i, a) in inputs.values("heads").iter().enumerate() {
        if a == "-" {
            let source = inputs.read("-")?;
            for (j, line) in source.text.lines().enumerate() {
                if !line.trim().is_empty() {
                    lines.push((format!("{}:{}", source.origin, j + 1), line.to_string()));
                }
            }
        } else {
            lines.push((format!("argument {}", i + 1), a.clone()));
        }
    }
    let mut heads: Vec<Vec<u64>> = Vec::with_capacity(lines.len());
    for (place, line) in &lines {
        let coords: Vec<u64> = line
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .map(|t| input::whole(place, t, "a coordinate", 0))
            .collect::<Result<_, _>>()?;
        if coords.is_empty() {
            return Err(InputError::invalid(place, "expected coordinates like 3,5"));
        }
        if let Some(first) = heads.first() {
            if first.len() != coords.len() {
                return Err(InputError::invalid(
                    place,
                    format!(
                        "{} coordinates, but the first head has {}: all heads have the same \
                         dimension",
                        coords.len(),
                        first.len()
                    ),
                ));
            }
        }
        heads.push(coords);
    }
    Ok(heads)
}

fn run_corners(inputs: &Inputs) -> Result<Report, RunError> {
    let heads = read_heads(inputs)?;
    let value = corners_value(&heads);
    let found = corner_move(&heads, CORNER_BUDGET);
    let moves = match &found {
        CornerMove::Found { head, lower } => vec![BoxMove {
            far: heads[*head].clone(),
            near: lower.clone(),
        }],
        _ => Vec::new(),
    };
    let mut answer = Answer::from_moves(Some(value.get()), moves);
    answer.outcome = if value.get() == 0 {
        Outcome::Loss
    } else {
        Outcome::Win
    };
    let report = Report::answer(&answer);
    Ok(match found {
        CornerMove::NotFound => report.field(Field::new(
            "note",
            format!(
                "a winning move exists; the search for one gave up after {CORNER_BUDGET} \
                 products"
            ),
        )),
        _ => report,
    })
}
