//! Handing back to the system the memory that the build's threads freed but their
//! allocator still holds.
//!
//! mimalloc keeps each thread's freed pages for that thread to reuse, and returns them only
//! when the same thread allocates or frees again after a delay; rayon's threads sit idle
//! once a stage's work is done, so what they freed stayed resident while the next stage
//! (the listings, on the calling thread) allocated more (bench/notes.md, issue 24). Without
//! the `mimalloc` feature this does nothing: the system allocator has no such per-thread
//! caches to empty.

/// Empties the freed-memory caches of every thread in rayon's pool and of the calling one.
pub(crate) fn give_back() {
    #[cfg(feature = "mimalloc")]
    {
        rayon::broadcast(|_| collect());
        collect();
    }
}

#[cfg(feature = "mimalloc")]
fn collect() {
    // SAFETY: `mi_collect` only returns the calling thread's free memory to the system; a
    // thread whose heap mimalloc never set up (the system allocator is the global one, as in
    // the library's tests) is left as it is.
    unsafe { mi_collect(true) }
}

#[cfg(feature = "mimalloc")]
unsafe extern "C" {
    /// mimalloc's own `mi_collect` (mimalloc.h), linked in with the `mimalloc` crate.
    fn mi_collect(force: bool);
}

#[cfg(test)]
mod tests {
    #[test]
    fn giving_back_leaves_what_is_held() {
        let held: Vec<String> = (0..10_000).map(|i| i.to_string()).collect();
        super::give_back();
        assert_eq!(held[9_999], "9999");
    }
}
