//! Standard output that a closed pipe ends quietly.
//!
//! `std::println!` panics when standard output is a pipe whose reader has
//! gone (`tablero perft ... | head -1`). The crate's `println!` and `print!`
//! (defined in `main.rs`, shadowing the standard ones in every module) write
//! through [`write`] instead: a broken pipe ends the program at once with
//! exit code 0 and nothing on standard error, as `cat` or `seq` do.

use std::io::{ErrorKind, Write};

/// Writes formatted text to standard output; a closed pipe exits quietly,
/// another error is reported and exits with code 2.
pub fn write(args: std::fmt::Arguments<'_>, newline: bool) {
    let mut out = std::io::stdout().lock();
    let result = out.write_fmt(args).and_then(|()| {
        if newline {
            out.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = result {
        quit_on(&e);
    }
}

/// Flushes standard output, as [`write`] treats errors.
pub fn flush() {
    if let Err(e) = std::io::stdout().flush() {
        quit_on(&e);
    }
}

fn quit_on(e: &std::io::Error) -> ! {
    if e.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("error: cannot write to standard output: {e}");
    std::process::exit(2);
}
