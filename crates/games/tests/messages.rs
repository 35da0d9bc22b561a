//! Every error of the games says what it is as a message of the catalogue
//! (`locales/<lang>/games.ftl`): each variant of each error type (listed
//! here; the `exhaustive` functions fail to compile when a variant is
//! added), and each reason the games' code builds, has its id in English
//! and Spanish, and the messages use only the arguments given.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tablero_core::{Arg, Localize, Message, MoveError, MoveListError};
use tablero_games::{dimensiones, draughts, imago, jarmo, linja};
use tablero_i18n::id;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The messages of `locales/<lang>/games.ftl`: id -> the variables its
/// text uses (parsed with `fluent-syntax`, by `tablero_i18n::variables`).
fn catalogue(lang: &str) -> BTreeMap<String, BTreeSet<String>> {
    let path = root().join("locales").join(lang).join("games.ftl");
    let text = std::fs::read_to_string(&path).unwrap();
    tablero_i18n::variables(&text).unwrap_or_else(|e| panic!("{lang}/games.ftl: {e}"))
}

/// Checks `m` and the messages nested in it against both catalogues.
fn check(m: &Message, cats: &[(&str, BTreeMap<String, BTreeSet<String>>)]) {
    for inner in m.all() {
        assert!(!inner.id().is_empty(), "a message without an id: {inner:?}");
        assert!(!inner.as_str().is_empty(), "no English text: {inner:?}");
        let given: BTreeSet<String> = inner.args().iter().map(|(n, _)| n.to_string()).collect();
        for (lang, cat) in cats {
            let used = cat
                .get(inner.id())
                .unwrap_or_else(|| panic!("{lang}/games.ftl has no {}", inner.id()));
            assert!(
                used.is_subset(&given),
                "{lang} {}: uses {used:?}, given {given:?}",
                inner.id()
            );
        }
    }
}

fn cats() -> Vec<(&'static str, BTreeMap<String, BTreeSet<String>>)> {
    vec![("en", catalogue("en")), ("es", catalogue("es"))]
}

#[test]
fn both_languages_have_the_same_ids() {
    let en: BTreeSet<_> = catalogue("en").into_keys().collect();
    let es: BTreeSet<_> = catalogue("es").into_keys().collect();
    assert_eq!(en, es);
    assert!(en.len() > 100, "{}", en.len());
}

#[allow(dead_code, clippy::too_many_arguments)]
fn exhaustive(
    a: &imago::PositionError,
    b: &imago::MoveSyntaxError,
    c: &imago::LayoutProblem,
    d: &imago::LayoutError,
    e: &jarmo::PositionError,
    f: &jarmo::MoveSyntaxError,
    g: &linja::PositionError,
    h: &linja::MoveSyntaxError,
    i: &draughts::PositionError,
    j: &draughts::MoveSyntaxError,
    k: &MoveError,
) {
    use imago::PositionError as P;
    match a {
        P::FieldCount { .. }
        | P::MissingSlash { .. }
        | P::BadCell { .. }
        | P::PieceCount { .. }
        | P::Overlap { .. }
        | P::ForeignGoal { .. }
        | P::TwoGoals { .. }
        | P::BadSide { .. }
        | P::BadPasses { .. } => {}
    }
    match b {
        imago::MoveSyntaxError::Empty
        | imago::MoveSyntaxError::BadCell { .. }
        | imago::MoveSyntaxError::Shape { .. }
        | imago::MoveSyntaxError::NotAdjacent { .. } => {}
    }
    match c {
        imago::LayoutProblem::StartCount { .. }
        | imago::LayoutProblem::StartOnGoal(_)
        | imago::LayoutProblem::StartOverlap(_)
        | imago::LayoutProblem::WallNotAdjacent(..)
        | imago::LayoutProblem::DuplicateWall(..) => {}
    }
    match d {
        imago::LayoutError::Syntax { .. } | imago::LayoutError::Invalid(_) => {}
    }
    use jarmo::PositionError as J;
    match e {
        J::FieldCount { .. }
        | J::RowCount { .. }
        | J::BadChar { .. }
        | J::RowLength { .. }
        | J::TooManyArchers { .. }
        | J::BadSide { .. }
        | J::BadOwed { .. }
        | J::OwedTooMany { .. }
        | J::BadQuiet { .. }
        | J::BadRecent { .. } => {}
    }
    match f {
        jarmo::MoveSyntaxError::Empty
        | jarmo::MoveSyntaxError::BadPoint { .. }
        | jarmo::MoveSyntaxError::Shape { .. }
        | jarmo::MoveSyntaxError::NotALine { .. } => {}
    }
    use linja::PositionError as L;
    match g {
        L::FieldCount { .. }
        | L::RowCount { .. }
        | L::BadRow { .. }
        | L::PieceCount { .. }
        | L::FullRow { .. }
        | L::BadSide { .. }
        | L::BadPasses { .. } => {}
    }
    match h {
        linja::MoveSyntaxError::Empty
        | linja::MoveSyntaxError::BadStep { .. }
        | linja::MoveSyntaxError::Shape { .. } => {}
    }
    use draughts::PositionError as D;
    match i {
        D::FieldCount { .. }
        | D::RowCount { .. }
        | D::RowLength { .. }
        | D::BadChar { .. }
        | D::BadPiece { .. }
        | D::BadMover { .. }
        | D::BadClock { .. }
        | D::Inconsistent { .. } => {}
    }
    match j {
        draughts::MoveSyntaxError::Empty
        | draughts::MoveSyntaxError::BadSquare { .. }
        | draughts::MoveSyntaxError::Shape { .. }
        | draughts::MoveSyntaxError::Penalty { .. } => {}
    }
    match k {
        MoveError::Syntax { .. }
        | MoveError::Illegal { .. }
        | MoveError::Ambiguous { .. }
        | MoveError::GameOver => {}
    }
}

#[test]
fn every_error_variant_has_its_message_in_both_languages() {
    let cats = cats();
    let cell = |s: &str| imago::Cell::parse(s).unwrap();
    let point = |s: &str| jarmo::Point::parse(s).unwrap();
    let why = Message::of(id!("imago-cell-taken")).text("to", "c2");
    let mut all: Vec<Message> = Vec::new();
    {
        use imago::PositionError as P;
        let t = || "zz".to_string();
        for e in [
            P::FieldCount { at: 1, found: 2 },
            P::MissingSlash { at: 1 },
            P::BadCell { at: 1, text: t() },
            P::PieceCount {
                at: 1,
                colour: "red",
                found: 3,
            },
            P::Overlap {
                at: 1,
                cell: cell("b2"),
            },
            P::ForeignGoal {
                at: 1,
                colour: "blue",
                cell: cell("a1"),
            },
            P::TwoGoals { at: 1 },
            P::BadSide { at: 1, text: t() },
            P::BadPasses { at: 1, text: t() },
        ] {
            all.push(e.message());
        }
        use imago::MoveSyntaxError as M;
        for e in [
            M::Empty,
            M::BadCell { at: 0, text: t() },
            M::Shape { at: 0 },
            M::NotAdjacent {
                at: 0,
                from: cell("b2"),
                to: cell("d4"),
            },
        ] {
            all.push(e.message());
        }
        use imago::LayoutProblem as Q;
        let problems = vec![
            Q::StartCount {
                colour: "red",
                found: 1,
            },
            Q::StartOnGoal(cell("a1")),
            Q::StartOverlap(cell("b2")),
            Q::WallNotAdjacent(cell("b2"), cell("d4")),
            Q::DuplicateWall(cell("b2"), cell("b3")),
        ];
        all.push(imago::LayoutError::Invalid(problems).message());
        all.push(
            imago::LayoutError::Syntax {
                at: 0,
                reason: Message::of(id!("imago-layout-empty")),
            }
            .message(),
        );
    }
    {
        use jarmo::PositionError as P;
        let t = || "zz".to_string();
        for e in [
            P::FieldCount { at: 1, found: 2 },
            P::RowCount { at: 1, found: 2 },
            P::BadChar { at: 1, found: 'x' },
            P::RowLength {
                at: 1,
                row: 2,
                found: 3,
            },
            P::TooManyArchers {
                at: 1,
                colour: "dark",
                found: 6,
            },
            P::BadSide { at: 1, text: t() },
            P::BadOwed { at: 1, text: t() },
            P::OwedTooMany {
                at: 1,
                colour: "light",
                owed: 2,
                lost: 1,
            },
            P::BadQuiet { at: 1, text: t() },
            P::BadRecent {
                at: 1,
                reason: Message::of(id!("jarmo-recent-count")),
            },
        ] {
            all.push(e.message());
        }
        use jarmo::MoveSyntaxError as M;
        for e in [
            M::Empty,
            M::BadPoint { at: 0, text: t() },
            M::Shape { at: 0 },
            M::NotALine {
                at: 0,
                from: point("a1"),
                to: point("e2"),
            },
        ] {
            all.push(e.message());
        }
        all.push(jarmo::VariantError { at: 0, text: t() }.message());
    }
    {
        use linja::PositionError as P;
        let t = || "zz".to_string();
        for e in [
            P::FieldCount { at: 1, found: 2 },
            P::RowCount { at: 1, found: 2 },
            P::BadRow { at: 1, text: t() },
            P::PieceCount {
                at: 1,
                colour: "black",
                found: 11,
            },
            P::FullRow {
                at: 1,
                row: linja::Row::ALL[3],
                found: 7,
            },
            P::BadSide { at: 1, text: t() },
            P::BadPasses { at: 1, text: t() },
        ] {
            all.push(e.message());
        }
        use linja::MoveSyntaxError as M;
        for e in [
            M::Empty,
            M::BadStep { at: 0, text: t() },
            M::Shape { at: 0 },
        ] {
            all.push(e.message());
        }
        all.push(linja::RulesError { text: t() }.message());
    }
    {
        use draughts::PositionError as P;
        let t = || "zz".to_string();
        let what = Message::of(id!("draughts-light-square")).text("sq", "b1");
        for e in [
            P::FieldCount {
                at: 1,
                expected: 3,
                found: 2,
                what: "board side clock",
            },
            P::FieldCount {
                at: 1,
                expected: 5,
                found: 2,
                what: "board army sub-games clock cycle",
            },
            P::RowCount {
                at: 1,
                expected: 8,
                found: 2,
            },
            P::RowLength {
                at: 1,
                rank: 2,
                expected: 8,
                found: 3,
            },
            P::BadChar {
                at: 1,
                ch: 'x',
                pieces: "wWbB",
            },
            P::BadPiece {
                at: 1,
                what: what.clone(),
            },
            P::BadMover {
                at: 1,
                what: "side",
                allowed: "`w` or `b`",
                text: t(),
            },
            P::BadMover {
                at: 1,
                what: "army",
                allowed: "`r`",
                text: t(),
            },
            P::BadClock {
                at: 1,
                max: 80,
                text: t(),
            },
            P::Inconsistent { at: 1, what },
        ] {
            all.push(e.message());
        }
        use draughts::MoveSyntaxError as M;
        for e in [
            M::Empty,
            M::BadSquare { at: 0, text: t() },
            M::Shape { at: 0 },
            M::Penalty { at: 0 },
        ] {
            all.push(e.message());
        }
        all.push(draughts::VariantError { at: 0, text: t() }.message());
        all.push(
            dimensiones::VariantError {
                at: 0,
                reason: Message::of(id!("dimensiones-huff-needs-n")),
            }
            .message(),
        );
    }
    for e in [
        MoveError::Syntax {
            text: "x".into(),
            at: 0,
            reason: Message::of(id!("move-empty")),
        },
        MoveError::Illegal {
            text: "x".into(),
            why: Message::default(),
        },
        MoveError::Illegal {
            text: "x".into(),
            why: why.clone(),
        },
        MoveError::Ambiguous {
            text: "x".into(),
            candidates: vec!["a".into(), "b".into()],
        },
        MoveError::GameOver,
    ] {
        all.push(e.message());
    }
    for (text, legal) in [
        ("", vec![]),
        ("x", vec![]),
        ("x", vec!["a1-a2".to_string()]),
    ] {
        all.push(
            MoveListError {
                index: 2,
                text: text.into(),
                error: MoveError::Illegal {
                    text: "x".into(),
                    why: why.clone(),
                },
                legal,
            }
            .message(),
        );
    }
    assert!(all.len() > 60);
    for m in &all {
        check(m, &cats);
        assert!(m
            .args()
            .iter()
            .all(|(n, a)| !n.is_empty() && !matches!(a, Arg::Text(t) if t.is_empty())));
    }
}

/// The ids written in the code (`msg!("id", ...)`, `id!("id")`), each on
/// the line of the call or the next.
fn ids_in_source(dir: &Path, out: &mut BTreeSet<String>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            ids_in_source(&path, out);
            continue;
        }
        if path.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        // Comments name example ids.
        let text: String = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for opener in ["msg!(", "id!("] {
            for (i, _) in text.match_indices(opener) {
                let rest = text[i + opener.len()..].trim_start();
                let Some(rest) = rest.strip_prefix('"') else {
                    continue;
                };
                let id = &rest[..rest.find('"').unwrap()];
                if id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    && !id.is_empty()
                {
                    out.insert(id.to_string());
                }
            }
        }
    }
}

#[test]
fn every_reason_the_code_builds_is_in_both_languages() {
    let mut ids = BTreeSet::new();
    ids_in_source(&root().join("crates/games/src"), &mut ids);
    ids_in_source(&root().join("crates/core/src"), &mut ids);
    // The rules around the board and the server's refusals (`table-…`).
    ids_in_source(&root().join("crates/ai/src"), &mut ids);
    ids_in_source(&root().join("crates/server/src"), &mut ids);
    assert!(ids.len() > 100, "only {} ids found", ids.len());
    for id in [
        "table-no-offer",
        "table-spectator",
        "linja-following-distance",
        "move-list-legal",
    ] {
        assert!(ids.contains(id), "the scan missed {id}");
    }
    for (lang, mut cat) in cats() {
        // The courses' refusals (crates/ai/src/course) are in learn.ftl.
        let path = root().join("locales").join(lang).join("learn.ftl");
        let learn = tablero_i18n::variables(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{lang}/learn.ftl: {e}"));
        cat.extend(learn);
        let missing: Vec<_> = ids.iter().filter(|id| !cat.contains_key(*id)).collect();
        assert!(
            missing.is_empty(),
            "{lang}/games.ftl and learn.ftl lack {missing:?}"
        );
    }
}
