//! The web app's own JavaScript as it is sent: without its comments and
//! without the indentation of its lines (about a fifth of the compressed
//! bytes of a first load). Every line ending is kept, so the line numbers
//! of the browser's messages are those of the files in `web/`, and
//! automatic semicolon insertion sees the same line breaks.
//!
//! The scanner knows JavaScript's strings, template literals (with their
//! `${...}` substitutions, nested), regular expression literals (told from
//! a division by the token before the slash, as JavaScript's grammar
//! does) and comments. Strings, templates and regular expressions are
//! copied as they are.

/// Keywords after which a `/` starts a regular expression, not a division.
const BEFORE_REGEX: &[&str] = &[
    "return",
    "typeof",
    "instanceof",
    "in",
    "of",
    "new",
    "delete",
    "void",
    "throw",
    "case",
    "do",
    "else",
    "yield",
    "await",
];

/// What came last in the code, for telling a regular expression from a
/// division.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// An operand: a name, a number, a string, `)` or `]`: a `/` divides.
    Operand,
    /// An operator, an opening bracket, a keyword, the start: a `/` starts
    /// a regular expression.
    Operator,
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// `src` without comments and without the spaces that start or end its
/// lines (outside strings and templates). A source the scanner cannot
/// follow to its end (an unterminated string, comment or template) is
/// returned unchanged.
pub(crate) fn strip_js(src: &str) -> String {
    strip(src.as_bytes())
        .and_then(|out| String::from_utf8(out).ok())
        .unwrap_or_else(|| src.to_string())
}

/// The scanner: `None` if the source ends inside a string, a comment, a
/// template or a regular expression.
fn strip(s: &[u8]) -> Option<Vec<u8>> {
    let mut out: Vec<u8> = Vec::with_capacity(s.len());
    // Open braces of each enclosing template substitution (`${`).
    let mut subst: Vec<u32> = Vec::new();
    let mut last = Last::Operator;
    let mut line_start = true;
    let mut i = 0;
    // Drops the spaces at the end of the output's current line.
    let trim_end = |out: &mut Vec<u8>| {
        while matches!(out.last(), Some(b' ' | b'\t' | b'\r')) {
            out.pop();
        }
    };
    while i < s.len() {
        let b = s[i];
        match b {
            b'\n' => {
                trim_end(&mut out);
                out.push(b'\n');
                line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                if !line_start {
                    out.push(b);
                }
                i += 1;
                continue;
            }
            _ => {}
        }
        let was_line_start = line_start;
        line_start = false;
        match b {
            b'/' if s.get(i + 1) == Some(&b'/') => {
                while i < s.len() && s[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if s.get(i + 1) == Some(&b'*') => {
                let end = find(s, i + 2, b"*/")?;
                let newlines = s[i..end].iter().filter(|&&c| c == b'\n').count();
                i = end + 2;
                if newlines > 0 {
                    // Keep the comment's line breaks (line numbers, and a
                    // multi-line comment ends a statement as a line does).
                    trim_end(&mut out);
                    out.extend(std::iter::repeat_n(b'\n', newlines));
                    line_start = true;
                } else if out.last().is_some_and(|&c| is_word(c))
                    && s.get(i).is_some_and(|&c| is_word(c))
                {
                    out.push(b' ');
                } else {
                    line_start = was_line_start;
                }
            }
            b'/' if last == Last::Operator => {
                // A regular expression literal, copied with its flags.
                let start = i;
                i += 1;
                let mut class = false;
                loop {
                    match *s.get(i)? {
                        b'\\' => i += 1,
                        b'[' => class = true,
                        b']' => class = false,
                        b'/' if !class => break,
                        b'\n' => return None,
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
                while i < s.len() && is_word(s[i]) {
                    i += 1;
                }
                out.extend_from_slice(&s[start..i]);
                last = Last::Operand;
            }
            b'\'' | b'"' => {
                let start = i;
                i += 1;
                loop {
                    match *s.get(i)? {
                        b'\\' => i += 1,
                        c if c == b => break,
                        b'\n' => return None,
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
                out.extend_from_slice(&s[start..i]);
                last = Last::Operand;
            }
            b'`' => {
                out.push(b'`');
                (i, last) = template(s, i + 1, &mut out, &mut subst)?;
            }
            b'{' => {
                if let Some(depth) = subst.last_mut() {
                    *depth += 1;
                }
                out.push(b);
                last = Last::Operator;
                i += 1;
            }
            b'}' => match subst.last_mut() {
                Some(0) => {
                    // The end of a `${...}`: the template goes on.
                    subst.pop();
                    out.push(b);
                    (i, last) = template(s, i + 1, &mut out, &mut subst)?;
                }
                depth => {
                    if let Some(d) = depth {
                        *d -= 1;
                    }
                    out.push(b);
                    last = Last::Operator;
                    i += 1;
                }
            },
            b')' | b']' => {
                out.push(b);
                last = Last::Operand;
                i += 1;
            }
            c if is_word(c) => {
                let start = i;
                while i < s.len() && is_word(s[i]) {
                    i += 1;
                }
                let word = &s[start..i];
                out.extend_from_slice(word);
                let keyword = std::str::from_utf8(word).is_ok_and(|w| BEFORE_REGEX.contains(&w));
                // A member named like a keyword (`x.in`) is an operand.
                let member = start > 0 && s[start - 1] == b'.';
                last = if keyword && !member {
                    Last::Operator
                } else {
                    Last::Operand
                };
            }
            _ => {
                out.push(b);
                last = Last::Operator;
                i += 1;
            }
        }
    }
    if subst.is_empty() {
        trim_end(&mut out);
        if s.ends_with(b"\n") && !out.ends_with(b"\n") {
            out.push(b'\n');
        }
        Some(out)
    } else {
        None
    }
}

/// Copies a template literal's text from `i` (just after its opening
/// backtick or after the `}` of a substitution) to its closing backtick,
/// or to the `${` of its next substitution (then a substitution is opened
/// on `subst`). Returns where the code goes on, and what comes last
/// there: an operator inside a substitution just opened, else the
/// template, an operand.
fn template(
    s: &[u8],
    mut i: usize,
    out: &mut Vec<u8>,
    subst: &mut Vec<u32>,
) -> Option<(usize, Last)> {
    loop {
        match *s.get(i)? {
            b'\\' => {
                out.extend_from_slice(s.get(i..i + 2)?);
                i += 2;
            }
            b'`' => {
                out.push(b'`');
                return Some((i + 1, Last::Operand));
            }
            b'$' if s.get(i + 1) == Some(&b'{') => {
                out.extend_from_slice(b"${");
                subst.push(0);
                return Some((i + 2, Last::Operator));
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
}

/// The index of the next `pat` in `s` from `from`.
fn find(s: &[u8], from: usize, pat: &[u8]) -> Option<usize> {
    s.get(from..)?
        .windows(pat.len())
        .position(|w| w == pat)
        .map(|p| p + from)
}

#[cfg(test)]
mod tests {
    use super::strip_js;

    #[test]
    fn comments_and_indentation_go_line_breaks_stay() {
        let src = "// head\n/** doc\n * more\n */\nfunction f(a) {\n    return a; // why\n}\n";
        assert_eq!(strip_js(src), "\n\n\n\nfunction f(a) {\nreturn a;\n}\n");
    }

    #[test]
    fn strings_keep_what_looks_like_comments() {
        let src = "const u = 'http://x/*y*/';\nconst v = \"a // b\";\n";
        assert_eq!(strip_js(src), src);
    }

    #[test]
    fn regular_expressions_and_divisions() {
        let src = "const p = s.replace(/\\/+$/, '') || '/';\nconst q = a / b / c; // d\nif (/[/]x/.test(t)) return /\\//g;\n";
        assert_eq!(
            strip_js(src),
            "const p = s.replace(/\\/+$/, '') || '/';\nconst q = a / b / c;\nif (/[/]x/.test(t)) return /\\//g;\n"
        );
    }

    #[test]
    fn templates_keep_their_text_and_substitutions_are_code() {
        let src = "const t = `a // b\n    indented ${ x /* c */ + `${'//'}` } /* d */ ${ {a: 1}.a }`; // e\nf();\n";
        assert_eq!(
            strip_js(src),
            "const t = `a // b\n    indented ${ x  + `${'//'}` } /* d */ ${ {a: 1}.a }`;\nf();\n"
        );
    }

    #[test]
    fn a_comment_between_words_keeps_them_apart() {
        assert_eq!(strip_js("return/* x */a;\n"), "return a;\n");
    }

    #[test]
    fn an_unfinished_source_is_sent_as_it_is() {
        for src in [
            "const a = 'open\n",
            "/* open\n",
            "const t = `open ${ a\n",
            "x = /open\n",
        ] {
            assert_eq!(strip_js(src), src);
        }
    }

    /// Every module of the web app: smaller, stable when stripped twice,
    /// and (where Node.js is installed, as in CI's browser tests) still
    /// valid JavaScript. The browser tests run the app on stripped files.
    #[test]
    fn every_web_module_strips_to_valid_javascript() {
        let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
        let dir = std::env::temp_dir().join(format!("tablero-strip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let node = std::process::Command::new("node")
            .arg("--version")
            .output()
            .is_ok();
        if !node {
            eprintln!(
                "node is not installed: the stripped modules are not checked by node --check"
            );
        }
        let mut seen = 0;
        let mut stack = vec![web];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("web/ is readable") {
                let p = e.expect("entry").path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                let name = p.to_string_lossy().to_string();
                if !name.ends_with(".js") || name.contains(".min.") {
                    continue;
                }
                let src = std::fs::read_to_string(&p).expect("utf-8");
                let out = strip_js(&src);
                assert_ne!(
                    out, src,
                    "{name}: nothing stripped (or the scanner gave up)"
                );
                assert_eq!(strip_js(&out), out, "{name}: stripping twice changes it");
                assert_eq!(
                    out.matches('\n').count(),
                    src.matches('\n').count(),
                    "{name}: the line numbers moved"
                );
                if node {
                    let f = dir.join(format!("m{seen}.mjs"));
                    std::fs::write(&f, &out).expect("write");
                    let r = std::process::Command::new("node")
                        .arg("--check")
                        .arg(&f)
                        .output()
                        .expect("node runs");
                    assert!(
                        r.status.success(),
                        "{name} stripped is not valid JavaScript: {}",
                        String::from_utf8_lossy(&r.stderr)
                    );
                }
                seen += 1;
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert!(seen >= 15, "only {seen} modules found under web/");
    }
}
