//! The process's global allocator: mimalloc, asked for plain blocks when a
//! word's alignment is enough (see [`WordAlignedMimalloc`]).

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

#[cfg(test)]
mod tests {
    use super::WordAlignedMimalloc;
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
}
