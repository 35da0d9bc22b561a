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
    let reason = crate::i18n::t!("cannot-write-stdout", error = crate::i18n::io_reason(e));
    eprintln!("{}", crate::i18n::t!("error-prefix", error = reason));
    std::process::exit(2);
}

/// A progress bar's style from `template` (indicatif's keys), whose
/// `{elapsed}` and `{eta}` are written with the catalogue's units
/// ([`duration`]) rather than indicatif's English ones (`3m`, `2w`). The
/// words around them come from the catalogue too (`bar-…`); `{` and `}` in
/// them must be left out by the caller.
pub fn bar_style(template: &str) -> indicatif::ProgressStyle {
    use indicatif::{ProgressState, ProgressStyle};
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "elapsed",
            |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&duration(s.elapsed()));
            },
        )
        .with_key("eta", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            let _ = w.write_str(&duration(s.eta()));
        })
}

/// A duration, short, in the language in use: its largest unit among
/// seconds, minutes, hours and days, rounded (`45 s`, `3 min`, `2 h`,
/// `4 d`), as indicatif rounds: a unit is used from one and a half of it on,
/// and a count of a smaller unit is at least 2.
pub fn duration(d: std::time::Duration) -> String {
    use crate::i18n::t;
    const UNITS: [u64; 4] = [86_400, 3_600, 60, 1];
    let secs = d.as_secs_f64();
    let i = UNITS
        .iter()
        .position(|&u| secs >= (u + u / 2) as f64)
        .unwrap_or(UNITS.len() - 1);
    let mut n = (secs / UNITS[i] as f64).round() as u64;
    if i + 1 < UNITS.len() {
        n = n.max(2);
    }
    match UNITS[i] {
        86_400 => t!("unit-days", n = n),
        3_600 => t!("unit-hours", n = n),
        60 => t!("unit-minutes", n = n),
        _ => t!("unit-seconds", n = n),
    }
}

#[cfg(test)]
mod tests {
    use super::duration;
    use std::time::Duration;

    #[test]
    fn durations_round_to_their_largest_unit() {
        let s = |n| duration(Duration::from_secs(n));
        assert_eq!(s(0), "0 s");
        assert_eq!(s(1), "1 s");
        assert_eq!(s(45), "45 s");
        assert_eq!(s(89), "89 s");
        assert_eq!(s(90), "2 min");
        assert_eq!(s(3 * 60 + 10), "3 min");
        assert_eq!(s(5_400), "2 h");
        assert_eq!(s(3 * 86_400), "3 d");
    }
}
