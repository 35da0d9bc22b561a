//! A committed set is checked and read again a line at a time (issue #42:
//! a fresh server loading the sets held Linja's whole text, 45 MB from a
//! 3 MB file, and its 20,000 puzzles at once: a peak of 202 MiB). Alone in
//! its file: the allocator below counts every allocation of the process.
#![allow(unsafe_code)] // the counting allocator

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use tablero_ai::puzzles::set::{check_committed, manifest, repository_dir};

/// The system's allocator, counting the bytes held now and at most.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed on to `System` unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let held = HELD.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(held, Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        HELD.fetch_sub(layout.size(), Relaxed);
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

#[test]
fn the_largest_set_is_checked_and_read_one_puzzle_at_a_time() {
    let entry = manifest().get("linja").cloned().unwrap();
    let file = std::fs::File::open(repository_dir().join(&entry.file)).unwrap();
    let text = std::io::copy(
        &mut flate2::read::GzDecoder::new(std::io::BufReader::new(file)),
        &mut std::io::sink(),
    )
    .unwrap();
    let text = usize::try_from(text).unwrap();
    assert!(text > 10 * usize::try_from(entry.bytes).unwrap(), "{text}");
    let before = HELD.load(Relaxed);
    PEAK.store(before, Relaxed);
    let checked = check_committed(&repository_dir(), "linja").unwrap();
    let mut read = 0;
    let handed = checked
        .each(|p| {
            assert_eq!(p.game, "linja");
            read += 1;
            true
        })
        .unwrap();
    assert_eq!((handed, read), (entry.puzzles, entry.puzzles));
    let peak = PEAK.load(Relaxed) - before;
    // The file and the positions met, far from its text.
    assert!(peak < text / 4, "a peak of {peak} bytes for {text} of text");
}
