//! The random graph with cycles of the benchmarks, drawn with a fixed seed: a fraction
//! `terminal` of the positions have no move, every other one an out-degree drawn uniformly
//! from `1..=2d-1` (rounded at random so that the mean is `mean`), each move to a position
//! drawn uniformly at random.

use std::io::{self, Write};

use clap::Args;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The random graph's options and the repetitions, shared by the benchmarks that draw it.
#[derive(Args, Debug)]
pub struct GraphArgs {
    /// Positions of the random graph.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub positions: u32,
    /// About this many moves.
    #[arg(long, value_name = "M", default_value_t = 10_000_000)]
    pub moves: u64,
    /// Runs per measurement; the median is reported.
    #[arg(long, value_name = "R", default_value_t = 3)]
    pub reps: usize,
    /// Fraction of terminal positions.
    #[arg(long, value_name = "F", default_value_t = 0.05)]
    pub terminal: f64,
    /// Seed of the random graph.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Passed by `cargo bench` to every benchmark binary; ignored.
    #[arg(long, hide = true)]
    pub bench: bool,
}

impl GraphArgs {
    /// The mean out-degree of a non-terminal position.
    pub fn mean_degree(&self) -> f64 {
        self.moves as f64 / (f64::from(self.positions) * (1.0 - self.terminal))
    }

    /// Why the options draw no graph worth measuring, if they do not.
    pub fn check(&self) -> Result<(), String> {
        if self.positions == 0 || self.positions == u32::MAX || self.reps == 0 {
            return Err(
                "--positions and --reps must be positive (and positions below 2^32 - 1)".into(),
            );
        }
        if !(0.0..1.0).contains(&self.terminal) {
            return Err("--terminal must be in [0, 1)".into());
        }
        if self.mean_degree() < 1.0 {
            return Err("too few moves: every non-terminal position needs one".into());
        }
        Ok(())
    }
}

/// Draws the graph on `n` positions, handing each position and its targets to `emit` in turn.
pub fn generate(
    seed: u64,
    n: u32,
    mean: f64,
    terminal: f64,
    mut emit: impl FnMut(u32, &[u32]) -> io::Result<()>,
) -> io::Result<()> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut targets = Vec::new();
    for u in 0..n {
        targets.clear();
        if !rng.random_bool(terminal) {
            // Uniform in [1, 2 mean - 1], then rounded at random so that the mean stays exact.
            let real = 1.0 + rng.random::<f64>() * (2.0 * mean - 2.0);
            let degree = (real + rng.random::<f64>()) as u32;
            targets.extend((0..degree).map(|_| rng.random_range(0..n)));
        }
        emit(u, &targets)?;
    }
    Ok(())
}

/// Writes a position's lines in the text format: `u v` per move, or `u` alone if it has none.
pub fn write_position<W: Write>(out: &mut W, u: u32, targets: &[u32]) -> io::Result<()> {
    let (mut u_buf, mut v_buf) = (itoa::Buffer::new(), itoa::Buffer::new());
    let u = u_buf.format(u).as_bytes();
    if targets.is_empty() {
        out.write_all(u)?;
        return out.write_all(b"\n");
    }
    for &v in targets {
        out.write_all(u)?;
        out.write_all(b" ")?;
        out.write_all(v_buf.format(v).as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
