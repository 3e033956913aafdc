//! Where ticks go: "nice" steps (1, 2 or 5 times a power of ten) so that the labels on an axis
//! or on the legend's ramp are round numbers and do not overlap.

/// A "nice" step (1, 2 or 5 times a power of ten) at least `min`.
pub(super) fn nice_step(min: u64) -> u64 {
    let mut power = 1u64;
    loop {
        for m in [1, 2, 5] {
            let step = power.saturating_mul(m);
            if step >= min {
                return step;
            }
        }
        power = power.saturating_mul(10);
    }
}

/// The indices along an axis of `count` cells that get a tick, for labels `label(i)`: every
/// `step`-th label when `by_label`, every `step`-th index otherwise; `room` is the pixels a
/// label needs and `scale` the pixels per cell.
pub(super) fn tick_indices(
    count: usize,
    scale: u32,
    room: u32,
    label: impl Fn(usize) -> u64,
    by_label: bool,
) -> Vec<usize> {
    let step = nice_step(u64::from(room.div_ceil(scale.max(1))).max(1));
    (0..count)
        .filter(|&i| {
            if by_label {
                label(i) % step == 0
            } else {
                i as u64 % step == 0
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(0), 1);
        assert_eq!(nice_step(3), 5);
        assert_eq!(nice_step(11), 20);
        assert_eq!(nice_step(u64::MAX), u64::MAX);
    }
}
