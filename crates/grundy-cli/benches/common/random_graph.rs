//! The random graph with cycles of the benchmarks, drawn with a fixed seed: a fraction
//! `terminal` of the positions have no move, every other one an out-degree drawn uniformly
//! from `1..=2d-1` (rounded at random so that the mean is `mean`), each move to a position
//! drawn uniformly at random.

use std::io::{self, Write};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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
