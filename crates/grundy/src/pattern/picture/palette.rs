//! How values become colours: the fixed colours of P, N, L and R, the categorical colours of
//! small values (a value keeps its colour from one picture to the next) and the ramp of larger
//! values. Shared by the heatmap and the thermograph pictures.

/// An RGB colour.
pub type Rgb = [u8; 3];

/// The colour of P-positions (value 0).
pub const P_COLOUR: Rgb = [0, 0, 0];
/// The colour of N-positions in outcome tables.
pub const N_COLOUR: Rgb = [222, 222, 222];
/// The colour of positions Left wins whoever starts (L, in tables of partizan games).
pub const L_COLOUR: Rgb = [52, 101, 204];
/// The colour of positions Right wins whoever starts (R).
pub const R_COLOUR: Rgb = [214, 62, 48];
/// The background.
pub(super) const PAPER: Rgb = [255, 255, 255];
/// Text, ticks and the plot's frame.
pub(crate) const INK: Rgb = [40, 40, 40];

/// The colours of values 1 to 16 when no value exceeds 16.
pub(super) const CATEGORICAL: [Rgb; 16] = [
    [230, 159, 0],
    [86, 180, 233],
    [0, 158, 115],
    [240, 228, 66],
    [0, 114, 178],
    [213, 94, 0],
    [204, 121, 167],
    [150, 150, 150],
    [117, 112, 179],
    [166, 216, 84],
    [231, 41, 138],
    [102, 194, 165],
    [252, 141, 98],
    [141, 160, 203],
    [229, 196, 148],
    [166, 118, 29],
];

/// The anchors of the colour ramp for larger values, from value 1 to the largest.
const RAMP: [Rgb; 7] = [
    [110, 140, 240],
    [60, 175, 235],
    [50, 200, 160],
    [150, 210, 60],
    [250, 215, 40],
    [245, 135, 40],
    [210, 40, 50],
];

/// How values become colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Palette {
    /// P and N.
    Outcomes,
    /// Values up to 16, each its fixed colour.
    Categorical,
    /// Values up to `max`, on the ramp.
    Ramp { max: u64 },
}

impl Palette {
    /// The colour of a cell: P black; then by outcome, by fixed colour or on the ramp.
    pub(super) fn colour(self, cell: u64) -> Rgb {
        match (self, cell) {
            (_, 0) => P_COLOUR,
            (Palette::Outcomes, 1) => N_COLOUR,
            (Palette::Outcomes, 2) => L_COLOUR,
            (Palette::Outcomes, _) => R_COLOUR,
            (Palette::Categorical, v) => CATEGORICAL[(v - 1) as usize % CATEGORICAL.len()],
            (Palette::Ramp { max }, v) => {
                let t = (v - 1) as f64 / (max - 1).max(1) as f64;
                let x = t.clamp(0.0, 1.0) * (RAMP.len() - 1) as f64;
                let i = (x.floor() as usize).min(RAMP.len() - 2);
                let f = x - i as f64;
                let mix = |k: usize| {
                    (RAMP[i][k] as f64 * (1.0 - f) + RAMP[i + 1][k] as f64 * f).round() as u8
                };
                [mix(0), mix(1), mix(2)]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_colours() {
        let ramp = Palette::Ramp { max: 100 };
        assert_eq!(ramp.colour(0), P_COLOUR);
        assert_eq!(ramp.colour(1), RAMP[0]);
        assert_eq!(ramp.colour(100), RAMP[6]);
        assert_eq!(Palette::Categorical.colour(3), CATEGORICAL[2]);
        assert_eq!(Palette::Outcomes.colour(1), N_COLOUR);
    }
}
