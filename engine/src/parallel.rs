//! Running two pieces of work at once on rayon's global pool with the
//! `parallel` feature, one after the other without it (the WebAssembly
//! build has no threads): the result does not depend on which.

/// Runs `a` and `b`, in parallel with the `parallel` feature.
#[cfg(feature = "parallel")]
pub(crate) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    rayon::join(a, b)
}

/// Runs `a` and `b`, in parallel with the `parallel` feature.
#[cfg(not(feature = "parallel"))]
pub(crate) fn join<A, B>(a: impl FnOnce() -> A, b: impl FnOnce() -> B) -> (A, B) {
    (a(), b())
}
