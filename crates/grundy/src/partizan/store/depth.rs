//! Deep recursions over game trees: the deepest the engine accepts, and running a deep one on
//! a thread whose stack is sized for it, so that deep games never overflow the caller's stack.

use super::GameStore;
use crate::partizan::error::ValueError;

/// The deepest recursion over game trees the engine accepts (see [`GameStore::depth`]): a
/// game deeper than this cannot be built, and an operation that would recurse deeper returns
/// [`ValueError::TooDeep`].
pub const MAX_DEPTH: u64 = 1 << 16;

/// Recursions up to this depth run on the caller's stack; deeper ones on a thread with a
/// stack sized for them.
const INLINE_DEPTH: u64 = 48;

/// Stack reserved per level of recursion when an operation runs on its own thread: measured
/// at about 1.2 KiB a level for the heaviest walks (thermographs, printing) in an optimised
/// build, with a margin; an unoptimised build's frames are several times larger (a
/// thermograph of 1000 levels overflowed 4 KiB a level), so it reserves 16 KiB. The stack is
/// address space, touched only as deep as the walk goes.
const STACK_PER_LEVEL: u64 = if cfg!(debug_assertions) { 16384 } else { 4096 };

/// Runs `f` on a scoped thread with a stack of `bytes`, or returns `None` if the thread
/// cannot be started. A panic in `f` is passed on.
pub(crate) fn with_stack<R: Send>(bytes: usize, f: impl FnOnce() -> R + Send) -> Option<R> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .stack_size(bytes)
            .spawn_scoped(scope, f)
            .ok()?;
        Some(
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        )
    })
}

/// An error if a recursion of `depth` levels is beyond [`MAX_DEPTH`]. O(1).
pub(crate) fn check_depth(depth: u64) -> Result<(), ValueError> {
    if depth > MAX_DEPTH {
        Err(ValueError::TooDeep {
            depth,
            limit: MAX_DEPTH,
        })
    } else {
        Ok(())
    }
}

impl GameStore {
    /// Runs `f`, which recurses at most `depth` levels over game trees: on this thread when
    /// that is shallow, else on a scoped thread whose stack is sized for it, so that deep
    /// games never overflow the caller's stack. Errors if `depth` exceeds [`MAX_DEPTH`] or
    /// the thread cannot be started. O(1) besides `f` (tens of microseconds for a thread).
    pub fn guarded<R: Send>(
        &mut self,
        depth: u64,
        f: impl FnOnce(&mut GameStore) -> Result<R, ValueError> + Send,
    ) -> Result<R, ValueError> {
        check_depth(depth)?;
        if depth <= INLINE_DEPTH {
            return f(self);
        }
        let stack = (depth * STACK_PER_LEVEL + (1 << 20)) as usize;
        with_stack(stack, || f(self)).unwrap_or(Err(ValueError::TooDeep {
            depth,
            limit: INLINE_DEPTH,
        }))
    }
}
