//! Puzzle sets: the mined puzzles of one game in one gzip-compressed file
//! of JSON lines (`data/puzzles/GAME.jsonl.gz`), made once by `tablero
//! puzzles mine` and read by whatever offers puzzles.
//!
//! [`decode`] reads a set and checks it: every line a puzzle whose proof
//! holds ([`super::read_puzzles`]: the id the hash of the content, every
//! legal move valued once, the answer the only best), all of the set's
//! game, no position twice, and every searched puzzle confirmed by a search
//! at least [`MIN_DEEPER`] plies deeper than the one that found it.
//! [`load_committed`] also checks the file against the manifest this build
//! was made with (`data/puzzles/manifest.json`, compiled in): its SHA-256
//! and its count, so a set changed after the build, even with every id
//! recomputed, is refused.
//!
//! ```
//! use tablero_ai::puzzles::set::{decode, encode};
//! use tablero_ai::puzzles::{generate, MineOptions};
//! use tablero_games::imago::{Imago, Layout};
//!
//! let found = generate::<Imago>(&Layout::default(), &[], 3, 1, 50, &MineOptions::default(), &mut |_, _| {});
//! let bytes = encode(&found);
//! assert_eq!(decode(&bytes, "imago").unwrap(), found);
//! let mut changed = bytes.clone();
//! let last = changed.len() - 9;
//! changed[last] ^= 1; // the gzip trailer's checksum
//! assert!(decode(&changed, "imago").is_err());
//! ```

use super::{Puzzle, PuzzleError};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::Path;
use tablero_core::{id, Localize, Message};

/// The least number of plies by which a searched puzzle's confirming
/// search looks deeper than the search that found it.
pub const MIN_DEEPER: u32 = 4;

/// One set of the manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetEntry {
    /// The game's command-line name.
    pub game: String,
    /// The file's name in the set folder (`imago.jsonl.gz`).
    pub file: String,
    /// The file's SHA-256, in hex.
    pub sha256: String,
    /// Its bytes.
    pub bytes: u64,
    /// Its puzzles.
    pub puzzles: usize,
    /// Puzzles per theme.
    pub themes: BTreeMap<String, usize>,
}

/// The sets a build knows: `data/puzzles/manifest.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// One entry per game.
    pub sets: Vec<SetEntry>,
}

impl Manifest {
    /// The entry of `game`.
    #[must_use]
    pub fn get(&self, game: &str) -> Option<&SetEntry> {
        self.sets.iter().find(|s| s.game == game)
    }

    /// Puts `entry` in place of the entry of its game (or adds it), the
    /// entries sorted by game.
    pub fn put(&mut self, entry: SetEntry) {
        self.sets.retain(|s| s.game != entry.game);
        self.sets.push(entry);
        self.sets.sort_by(|a, b| a.game.cmp(&b.game));
    }

    /// The manifest as the file holds it (pretty JSON, a final newline).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
        s.push('\n');
        s
    }
}

/// The manifest this build was made with.
///
/// # Panics
/// Never for the file in the repository (a test reads it).
#[must_use]
pub fn manifest() -> Manifest {
    serde_json::from_str(include_str!("../../../../data/puzzles/manifest.json"))
        .expect("data/puzzles/manifest.json reads")
}

/// The set folder of the repository: `data/puzzles` at its root.
#[must_use]
pub fn repository_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles")
}

/// The file name of a game's set: `GAME.jsonl.gz`.
#[must_use]
pub fn file_name(game: &str) -> String {
    format!("{game}.jsonl.gz")
}

/// Why a set was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// The file could not be read.
    Io(String),
    /// Not gzip, or not text.
    Gzip(String),
    /// A line is no puzzle, or its proof does not hold.
    Line(PuzzleError),
    /// A puzzle of another game.
    WrongGame {
        /// The line, from 1.
        line: usize,
        /// The set's game.
        game: String,
        /// The puzzle's.
        found: String,
    },
    /// A position met twice.
    Duplicate {
        /// The line, from 1.
        line: usize,
        /// The puzzle's id.
        id: String,
    },
    /// A searched puzzle's deep search not [`MIN_DEEPER`] plies deeper.
    Shallow {
        /// The line, from 1.
        line: usize,
        /// How much deeper it is.
        deeper: u32,
    },
    /// The file is not the one of the manifest.
    Digest {
        /// The game.
        game: String,
        /// The file's SHA-256.
        found: String,
        /// The manifest's.
        expected: String,
    },
    /// The manifest has no set of the game.
    Unknown(String),
    /// The file holds another number of puzzles than the manifest says.
    Count {
        /// The game.
        game: String,
        /// Puzzles in the file.
        found: usize,
        /// The manifest's count.
        expected: usize,
    },
}

impl Localize for SetError {
    /// The message of the catalogue (`puzzle-set-…` in `games.ftl`).
    fn message(&self) -> Message {
        match self {
            SetError::Io(e) => Message::of(id!("puzzle-set-io")).text("error", e),
            SetError::Gzip(e) => Message::of(id!("puzzle-set-gzip")).text("error", e),
            SetError::Line(e) => e.message(),
            SetError::WrongGame { line, game, found } => Message::of(id!("puzzle-set-wrong-game"))
                .num("line", *line as i64)
                .text("game", game)
                .text("found", found),
            SetError::Duplicate { line, id } => Message::of(id!("puzzle-set-duplicate"))
                .num("line", *line as i64)
                .text("id", id),
            SetError::Shallow { line, deeper } => Message::of(id!("puzzle-set-shallow"))
                .num("line", *line as i64)
                .num("deeper", i64::from(*deeper))
                .num("least", i64::from(MIN_DEEPER)),
            SetError::Digest {
                game,
                found,
                expected,
            } => Message::of(id!("puzzle-set-digest"))
                .text("game", game)
                .text("found", found)
                .text("expected", expected),
            SetError::Unknown(game) => Message::of(id!("puzzle-set-unknown")).text("game", game),
            SetError::Count {
                game,
                found,
                expected,
            } => Message::of(id!("puzzle-set-count"))
                .text("game", game)
                .num("found", *found as i64)
                .num("expected", *expected as i64),
        }
    }
}

tablero_core::display_by_message!(SetError);

/// The SHA-256 of `bytes`, in hex.
#[must_use]
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The set's file: the puzzles as JSON lines, gzip-compressed at the best
/// level with no name and no time in the header, so the same puzzles give
/// the same bytes.
#[must_use]
pub fn encode(puzzles: &[Puzzle]) -> Vec<u8> {
    let text = super::write_puzzles(puzzles);
    let mut gz = flate2::GzBuilder::new().mtime(0).write(
        Vec::with_capacity(text.len() / 8),
        flate2::Compression::best(),
    );
    // Writing into memory does not fail.
    let _ = gz.write_all(text.as_bytes());
    gz.finish().unwrap_or_default()
}

/// Reads and checks a set of `game` (see the module's text).
///
/// # Errors
/// The first thing found wrong.
pub fn decode(bytes: &[u8], game: &str) -> Result<Vec<Puzzle>, SetError> {
    let mut out = Vec::new();
    read_each(bytes, game, true, |p| {
        out.push(p);
        true
    })?;
    Ok(out)
}

/// Reads a set of `game` line by line and hands each puzzle to `each`, in
/// the file's order, until `each` answers `false`; with `check`, checks
/// each as [`decode`] does first. Holds one line at a time (and, checking,
/// the positions met), never the whole text: Linja's 3 MB file is 45 MB
/// of text. How many puzzles were handed.
fn read_each(
    bytes: &[u8],
    game: &str,
    check: bool,
    mut each: impl FnMut(Puzzle) -> bool,
) -> Result<usize, SetError> {
    use std::io::BufRead;
    let mut text = std::io::BufReader::new(flate2::read::GzDecoder::new(bytes));
    let mut buf = String::new();
    let mut number = 0;
    let mut seen = HashSet::new();
    let mut handed = 0;
    loop {
        buf.clear();
        let read = text
            .read_line(&mut buf)
            .map_err(|e| SetError::Gzip(e.to_string()))?;
        if read == 0 {
            return Ok(handed);
        }
        number += 1;
        // As `str::lines` cuts them.
        let line = buf.strip_suffix('\n').unwrap_or(&buf);
        let line = line.strip_suffix('\r').unwrap_or(line);
        let Some(p) = super::read_line(line, number, check).map_err(SetError::Line)? else {
            continue;
        };
        if check {
            if p.game != game {
                return Err(SetError::WrongGame {
                    line: number,
                    game: game.to_string(),
                    found: p.game,
                });
            }
            if !seen.insert((p.variant.clone(), p.position.clone())) {
                return Err(SetError::Duplicate {
                    line: number,
                    id: p.id,
                });
            }
            if let Some([a, b]) = p.depths {
                let deeper = b.saturating_sub(a);
                if deeper < MIN_DEEPER {
                    return Err(SetError::Shallow {
                        line: number,
                        deeper,
                    });
                }
            }
        }
        handed += 1;
        if !each(p) {
            return Ok(handed);
        }
    }
}

/// The manifest's entry for a set file just made.
#[must_use]
pub fn entry(game: &str, bytes: &[u8], puzzles: &[Puzzle]) -> SetEntry {
    let mut themes = BTreeMap::new();
    for p in puzzles {
        *themes.entry(p.theme.clone()).or_insert(0) += 1;
    }
    SetEntry {
        game: game.to_string(),
        file: file_name(game),
        sha256: sha256_hex(bytes),
        bytes: bytes.len() as u64,
        puzzles: puzzles.len(),
        themes,
    }
}

/// Checks `bytes` against `manifest`'s entry for `game`, then reads them
/// ([`decode`]).
///
/// # Errors
/// [`SetError::Unknown`], [`SetError::Digest`], [`SetError::Count`], or
/// [`decode`]'s.
pub fn decode_listed(
    bytes: &[u8],
    game: &str,
    manifest: &Manifest,
) -> Result<Vec<Puzzle>, SetError> {
    read_listed(bytes, game, manifest, |bytes| {
        let puzzles = decode(bytes, game)?;
        Ok((puzzles.len(), puzzles))
    })
}

/// Checks `bytes` against `manifest`'s entry for `game` (known, its
/// digest), reads them with `read` (how many puzzles, and what it keeps)
/// and checks the count: what [`decode_listed`] and [`check_listed`]
/// share.
fn read_listed<T>(
    bytes: &[u8],
    game: &str,
    manifest: &Manifest,
    read: impl FnOnce(&[u8]) -> Result<(usize, T), SetError>,
) -> Result<T, SetError> {
    let entry = manifest
        .get(game)
        .ok_or_else(|| SetError::Unknown(game.to_string()))?;
    let found = sha256_hex(bytes);
    if found != entry.sha256 {
        return Err(SetError::Digest {
            game: game.to_string(),
            found,
            expected: entry.sha256.clone(),
        });
    }
    let (count, kept) = read(bytes)?;
    if count != entry.puzzles {
        return Err(SetError::Count {
            game: game.to_string(),
            found: count,
            expected: entry.puzzles,
        });
    }
    Ok(kept)
}

/// The bytes of `game`'s committed set file in `dir`, named by `manifest`.
fn committed_bytes(dir: &Path, game: &str, manifest: &Manifest) -> Result<Vec<u8>, SetError> {
    let entry = manifest
        .get(game)
        .ok_or_else(|| SetError::Unknown(game.to_string()))?;
    std::fs::read(dir.join(&entry.file)).map_err(|e| SetError::Io(e.to_string()))
}

/// The committed set of `game` from the folder `dir` (the repository's is
/// [`repository_dir`]), checked against this build's [`manifest`].
///
/// # Errors
/// [`SetError::Io`] when the file cannot be read, else
/// [`decode_listed`]'s.
pub fn load_committed(dir: &Path, game: &str) -> Result<Vec<Puzzle>, SetError> {
    let m = manifest();
    decode_listed(&committed_bytes(dir, game, &m)?, game, &m)
}

/// A set file found to be the manifest's and whole by [`check_committed`]
/// or [`check_listed`], kept compressed: its puzzles are read again, one at
/// a time, by [`Checked::each`].
#[derive(Clone, Debug)]
pub struct Checked {
    bytes: Vec<u8>,
    game: String,
    puzzles: usize,
}

impl Checked {
    /// Its puzzles.
    #[must_use]
    pub fn len(&self) -> usize {
        self.puzzles
    }

    /// Whether it has none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.puzzles == 0
    }

    /// Hands its puzzles to `each` in the file's order (checked already,
    /// not again) until `each` answers `false`; how many were handed.
    ///
    /// # Errors
    /// None for a set that was checked (the same bytes read again).
    pub fn each(&self, each: impl FnMut(Puzzle) -> bool) -> Result<usize, SetError> {
        read_each(&self.bytes, &self.game, false, each)
    }
}

/// Checks a set of `game` as [`decode_listed`] does, reading it through
/// once without keeping its puzzles (a set is read again by
/// [`Checked::each`]).
///
/// # Errors
/// As [`decode_listed`].
pub fn check_listed(bytes: Vec<u8>, game: &str, manifest: &Manifest) -> Result<Checked, SetError> {
    let puzzles = read_listed(&bytes, game, manifest, |bytes| {
        let n = read_each(bytes, game, true, |_| true)?;
        Ok((n, n))
    })?;
    Ok(Checked {
        bytes,
        game: game.to_string(),
        puzzles,
    })
}

/// The committed set of `game` from the folder `dir`, checked against this
/// build's [`manifest`] as [`load_committed`] does, its puzzles not kept.
///
/// # Errors
/// As [`load_committed`].
pub fn check_committed(dir: &Path, game: &str) -> Result<Checked, SetError> {
    let m = manifest();
    check_listed(committed_bytes(dir, game, &m)?, game, &m)
}

/// The id of the last puzzle of the set file of `game` in `dir`, read
/// line by line without checking the set (`None` if it cannot be read).
#[must_use]
pub fn last_id(dir: &Path, game: &str) -> Option<String> {
    use std::io::BufRead;
    let entry = manifest().get(game)?.clone();
    let file = std::fs::File::open(dir.join(&entry.file)).ok()?;
    let text = std::io::BufReader::new(flate2::read::GzDecoder::new(std::io::BufReader::new(file)));
    let mut last = None;
    for line in text.lines() {
        let line = line.ok()?;
        if !line.trim().is_empty() {
            last = Some(line);
        }
    }
    let v: serde_json::Value = serde_json::from_str(&last?).ok()?;
    Some(v.get("id")?.as_str()?.to_string())
}

/// At most `target` of `puzzles`, spread over the groups `group` gives
/// them: each group keeps all of its puzzles when it has no more than its
/// fair share, and the groups with more share what is left equally
/// (water-filling), picked at random within a group (seeded). The result
/// is sorted by variant, theme, difficulty and id.
#[must_use]
pub fn select(
    puzzles: Vec<Puzzle>,
    target: usize,
    group: impl Fn(&Puzzle) -> String,
    seed: u64,
) -> Vec<Puzzle> {
    let mut groups: BTreeMap<String, Vec<Puzzle>> = BTreeMap::new();
    for p in puzzles {
        groups.entry(group(&p)).or_default().push(p);
    }
    let mut sizes: Vec<(usize, String)> =
        groups.iter().map(|(k, v)| (v.len(), k.clone())).collect();
    sizes.sort();
    let mut left = target;
    let mut share: BTreeMap<String, usize> = BTreeMap::new();
    for (i, (n, k)) in sizes.iter().enumerate() {
        let fair = left / (sizes.len() - i);
        let take = (*n).min(fair);
        share.insert(k.clone(), take);
        left -= take;
    }
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::new();
    for (k, mut v) in groups {
        v.sort_by(|a, b| a.id.cmp(&b.id));
        v.shuffle(&mut rng);
        v.truncate(share[&k]);
        out.extend(v);
    }
    out.sort_by(|a, b| {
        (&a.variant, &a.theme, a.difficulty, &a.id).cmp(&(
            &b.variant,
            &b.theme,
            b.difficulty,
            &b.id,
        ))
    });
    out
}
