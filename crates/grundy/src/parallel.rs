//! Work cut into parts that run on rayon's threads, with results combined in a fixed order.
//!
//! The engine's parallel passes (predecessor lists, the retrograde kernel) give each part a
//! disjoint piece of the output and put the parts' results together in part order, so what
//! they compute is the same whatever the number of threads. Small work is one part, run on
//! the calling thread without rayon: no thread pool is started for it, and nothing is paid
//! for synchronisation.
//!
//! The number of threads is that of the current rayon pool: all cores by default,
//! `RAYON_NUM_THREADS` in the environment, or a pool installed by the caller.

use std::ops::Range;

use rayon::prelude::*;

/// Work below this many elementary steps (moves or positions) is one part: handing it to
/// other threads and waiting for them (a few microseconds) would cost more than it saves.
pub(crate) const MIN_PARALLEL: usize = 1 << 15;

/// How many parts to cut `work` steps into: one below [`MIN_PARALLEL`], else one per thread
/// of the current rayon pool. O(1).
pub(crate) fn parts_for(work: usize) -> usize {
    if work < MIN_PARALLEL {
        1
    } else {
        rayon::current_num_threads().max(1)
    }
}

/// Cuts `0..n` positions into ranges for a pass of O(1) work each: one range below
/// [`MIN_PARALLEL`], else one per thread.
pub(crate) fn position_ranges(n: usize) -> Vec<Range<usize>> {
    balanced(n, parts_for(n), |p| p)
}

/// Applies `f` to every part and returns the results in part order; several parts run on
/// rayon's threads, a single one on the calling thread (without collecting the parts first).
pub(crate) fn map<T, R, F>(parts: impl IntoIterator<Item = T>, f: F) -> Vec<R>
where
    T: Send,
    R: Send,
    F: Fn(T) -> R + Sync + Send,
{
    let mut parts = parts.into_iter();
    let Some(first) = parts.next() else {
        return Vec::new();
    };
    match parts.next() {
        None => vec![f(first)],
        Some(second) => {
            let parts: Vec<T> = [first, second].into_iter().chain(parts).collect();
            parts.into_par_iter().map(f).collect()
        }
    }
}

/// Cuts `0..len` into at most `parts` consecutive non-empty ranges of about equal weight,
/// where `weight_before(i)` is the total weight of items `0..i` (non-decreasing, and
/// `weight_before(0) == 0`). An empty `0..len` gives one empty range. O(parts · log len).
pub(crate) fn balanced(
    len: usize,
    parts: usize,
    weight_before: impl Fn(usize) -> usize,
) -> Vec<Range<usize>> {
    if parts <= 1 {
        return std::iter::once(0..len).collect();
    }
    let total = weight_before(len);
    let mut cuts = vec![0];
    for k in 1..parts {
        let goal = (total as u128 * k as u128 / parts as u128) as usize;
        // The first item boundary at or past the goal.
        let (mut lo, mut hi) = (*cuts.last().expect("starts at 0"), len);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if weight_before(mid) < goal {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        if lo > *cuts.last().expect("starts at 0") && lo < len {
            cuts.push(lo);
        }
    }
    cuts.push(len);
    cuts.windows(2).map(|w| w[0]..w[1]).collect()
}

/// Cuts `slice` into consecutive pieces that end at `ends` (increasing, the last one the
/// slice's length), lazily: nothing is allocated. O(1) per piece.
pub(crate) fn split_at_ends<'a, T>(
    slice: &'a mut [T],
    ends: impl IntoIterator<Item = usize> + 'a,
) -> impl Iterator<Item = &'a mut [T]> + 'a {
    let mut rest = slice;
    let mut at = 0;
    ends.into_iter().map(move |end| {
        let (piece, tail) = std::mem::take(&mut rest).split_at_mut(end - at);
        rest = tail;
        at = end;
        piece
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_ranges_cover_everything_in_order() {
        let weights = [5usize, 0, 0, 1, 1, 1, 9, 1];
        let before = |i: usize| weights[..i].iter().sum::<usize>();
        for parts in 1..=10 {
            let ranges = balanced(weights.len(), parts, before);
            assert!(ranges.len() <= parts);
            assert_eq!(ranges.first().map(|r| r.start), Some(0));
            assert_eq!(ranges.last().map(|r| r.end), Some(weights.len()));
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
            assert!(ranges.iter().all(|r| !r.is_empty()));
        }
        assert_eq!(
            balanced(0, 4, |_| 0),
            std::iter::once(0..0).collect::<Vec<_>>()
        );
        assert_eq!(balanced(4, 2, |i| i), vec![0..2, 2..4]);
    }

    #[test]
    fn split_at_ends_cuts_where_asked() {
        let mut v = [1, 2, 3, 4, 5];
        let pieces: Vec<_> = split_at_ends(&mut v, [1, 1, 4, 5]).collect();
        assert_eq!(pieces.len(), 4);
        assert_eq!(pieces[0], &[1]);
        assert!(pieces[1].is_empty());
        assert_eq!(pieces[2], &[2, 3, 4]);
        assert_eq!(pieces[3], &[5]);
    }
}
