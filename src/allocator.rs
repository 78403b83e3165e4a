//! The process's global allocator: mimalloc, asked for plain blocks when a
//! word's alignment is enough (see [`WordAlignedMimalloc`]), keeping the
//! memory freed for reuse (see [`keep_freed_memory`]).

/// mimalloc, asked for plain blocks when a word's alignment is enough.
///
/// `mimalloc::MiMalloc` asks for every block with `mi_malloc_aligned`; in
/// mimalloc 3, an aligned request whose size class has no free block at
/// hand takes the generic path and, for a size that is not a power of two
/// (24, 40, 48 … bytes), over-allocates into a larger class — so that class
/// never gets a page of its own and every later request of that size takes
/// the slow path again. Loading the rulebook makes half a million small
/// allocations: 43 M instructions through the aligned path. Every mimalloc
/// block is aligned to a word at least, so `mi_malloc` serves any layout
/// whose alignment is at most 8 (nearly all of them); larger alignments
/// still go through the aligned calls.
pub struct WordAlignedMimalloc;

/// The alignment every mimalloc block has (a word).
const WORD_ALIGN: usize = std::mem::size_of::<usize>();

// SAFETY: each method forwards to the mimalloc call that honours the
// layout: the plain calls return word-aligned blocks, which is enough when
// `layout.align() <= WORD_ALIGN`; otherwise the aligned calls are used.
// `mi_free` frees a block from either kind of call.
unsafe impl std::alloc::GlobalAlloc for WordAlignedMimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: plain FFI allocation calls; any size is allowed.
        unsafe {
            if layout.align() <= WORD_ALIGN {
                libmimalloc_sys::mi_malloc(layout.size()).cast()
            } else {
                libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        unsafe {
            if layout.align() <= WORD_ALIGN {
                libmimalloc_sys::mi_zalloc(layout.size()).cast()
            } else {
                libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        // SAFETY: `ptr` came from this allocator (the caller's contract).
        unsafe { libmimalloc_sys::mi_free(ptr.cast()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator with `layout` (the
        // caller's contract); the new block keeps the alignment.
        unsafe {
            if layout.align() <= WORD_ALIGN {
                libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast()
            } else {
                libmimalloc_sys::mi_realloc_aligned(ptr.cast(), new_size, layout.align()).cast()
            }
        }
    }
}

/// mimalloc's `mi_option_purge_delay` (its place in `mi_option_t`, the same
/// in mimalloc 2 and 3; the `libmimalloc-sys` bindings name no constant for
/// it in version 3).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Tells mimalloc to keep the memory the process frees for reuse rather
/// than hand it back to the OS a second later (its default purge delay).
///
/// Every command is a batch job whose memory is bounded (the question memo
/// and the lazy DFAs' caches have caps) and whose caches churn: a full memo
/// generation is dropped and another one built in its place. With purging,
/// the dropped pages went back to the OS and the next generation faulted
/// them in again, each 2 MiB huge page zeroed by the kernel (a profile of
/// `bidbook auction --random 100000 --jobs 1` showed 9–14% in the kernel
/// clearing pages). Kept, page faults fall from 1,606 to 344 and system time
/// from 0.06–0.56 s to 0.07–0.10 s; wall time is 1–3% better on a quiet
/// machine (2.49–2.62 s against 2.57–3.06 s, four runs each), peak memory
/// 6% higher (271 against 257 MB). Call it first thing in `main`.
pub fn keep_freed_memory() {
    // SAFETY: a plain FFI call that sets one option value; mimalloc reads
    // options at any time and accepts -1 ("never purge") for this one.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

#[cfg(test)]
mod tests {
    use super::{MI_OPTION_PURGE_DELAY, WordAlignedMimalloc, keep_freed_memory};
    use std::alloc::{GlobalAlloc, Layout};

    /// Every block honours its layout's alignment, plain or aligned, and a
    /// reallocated block keeps its contents and its alignment.
    #[test]
    fn blocks_are_aligned_and_realloc_keeps_contents() {
        let allocator = WordAlignedMimalloc;
        for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
            let mut blocks = Vec::new();
            for size in (1..300).step_by(7) {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: the layout's size is not zero; each block is freed
                // below with the layout (and size) it has then.
                unsafe {
                    let p = allocator.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size}, align {align}");
                    p.write_bytes(0xA5, size);
                    let q = allocator.realloc(p, layout, size * 3);
                    assert_eq!(q as usize % align, 0, "realloc: size {size}, align {align}");
                    assert!((0..size).all(|i| *q.add(i) == 0xA5));
                    let z = allocator.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0, "zeroed: size {size}, align {align}");
                    assert!((0..size).all(|i| *z.add(i) == 0));
                    blocks.push((q, Layout::from_size_align(size * 3, align).unwrap()));
                    blocks.push((z, layout));
                }
            }
            for (p, layout) in blocks {
                // SAFETY: allocated above with this layout.
                unsafe { allocator.dealloc(p, layout) };
            }
        }
    }

    /// The option set is mimalloc's purge delay (the constant names the
    /// right option: its value reads back, and the option after it keeps
    /// its own).
    #[test]
    fn keep_freed_memory_sets_the_purge_delay() {
        keep_freed_memory();
        // SAFETY: plain FFI reads of option values.
        unsafe {
            assert_eq!(libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY), -1);
            assert_ne!(
                libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY + 1),
                -1
            );
        }
    }
}
