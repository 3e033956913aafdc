//! What a caller chooses about a picture (row width, scale), the limit on its size and why a
//! picture could not be drawn.

/// The most pixels a picture may have (about 400 MiB of RGB).
pub const MAX_PIXELS: u64 = 1 << 27;

/// How to draw a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PictureOptions {
    /// Row width of a one-parameter table (ignored for two parameters); 0 for
    /// [`square_wrap`].
    pub wrap: usize,
    /// Pixels per cell; `None` to fit the plot to about 800 pixels.
    pub scale: Option<u32>,
}

/// Why a picture could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    /// The picture would be too large.
    #[error(
        "the picture would be {width} x {height} pixels, more than {limit} pixels: use a \
         smaller range or scale"
    )]
    TooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
        /// [`MAX_PIXELS`].
        limit: u64,
    },
    /// A scale of 0 pixels per cell.
    #[error("the scale must be at least 1 pixel per cell")]
    ZeroScale,
}

/// A row width that makes a one-parameter table of `len` cells about square, and round so
/// that rows start at round numbers: ⌈√len⌉, rounded down to a multiple of 10 above 10 and
/// to two significant digits above 100 (317 → 310, 1001 → 1000).
pub fn square_wrap(len: usize) -> usize {
    let side = len.isqrt() + usize::from(len.isqrt().pow(2) < len);
    if side <= 10 {
        return side.max(1);
    }
    let mut unit = 10;
    while side / unit >= 100 {
        unit *= 10;
    }
    side / unit * unit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_wraps() {
        assert_eq!(square_wrap(0), 1);
        assert_eq!(square_wrap(9), 3);
        assert_eq!(square_wrap(10), 4);
        assert_eq!(square_wrap(100), 10);
        assert_eq!(square_wrap(1000), 30);
        assert_eq!(square_wrap(100_000), 310);
        assert_eq!(square_wrap(1_000_000), 1000);
        assert_eq!(square_wrap(1_000_001), 1000);
    }
}
