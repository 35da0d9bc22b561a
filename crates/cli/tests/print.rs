//! `tablero print`: each game's kit is a valid PDF of the stated pages and
//! paper, its board drawn at the stated millimetres (read back from the
//! PDF's drawing operators), and Imago's custom layouts show their walls.

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object};
use std::path::PathBuf;
use std::process::Command;

const PT_PER_MM: f64 = 72.0 / 25.4;

fn out_dir() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("print");
    std::fs::create_dir_all(&d).expect("a temporary folder");
    d
}

/// Runs `tablero print` with `args` into `file` and returns its bytes.
fn print(args: &[&str], file: &str) -> Vec<u8> {
    let path = out_dir().join(file);
    let out = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .arg("print")
        .args(args)
        .arg("-o")
        .arg(&path)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .output()
        .expect("tablero runs");
    assert!(
        out.status.success(),
        "tablero print {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read(&path).expect("the output file")
}

/// A drawn subpath in millimetres, and whether it has curves.
#[derive(Debug)]
struct Sub {
    pts: Vec<(f64, f64)>,
    closed: bool,
    curved: bool,
}

type M = [f64; 6];

fn mul(m: M, c: M) -> M {
    [
        m[0] * c[0] + m[1] * c[2],
        m[0] * c[1] + m[1] * c[3],
        m[2] * c[0] + m[3] * c[2],
        m[2] * c[1] + m[3] * c[3],
        m[4] * c[0] + m[5] * c[2] + c[4],
        m[4] * c[1] + m[5] * c[3] + c[5],
    ]
}

fn num(o: &Object) -> f64 {
    match o {
        Object::Integer(i) => *i as f64,
        Object::Real(r) => f64::from(*r),
        _ => panic!("not a number: {o:?}"),
    }
}

fn matrix(ops: &[Object]) -> M {
    let v: Vec<f64> = ops.iter().map(num).collect();
    [v[0], v[1], v[2], v[3], v[4], v[5]]
}

fn dict<'a>(doc: &'a Document, o: &'a Object) -> Option<&'a Dictionary> {
    match o {
        Object::Dictionary(d) => Some(d),
        Object::Reference(r) => doc.get_dictionary(*r).ok(),
        _ => None,
    }
}

/// Every subpath drawn by `content`, following form XObjects, in
/// millimetres of the page.
fn walk(
    doc: &Document,
    content: &[u8],
    res: Option<&Dictionary>,
    ctm: M,
    out: &mut Vec<Sub>,
    depth: u32,
) {
    assert!(depth < 32, "XObjects nest too deep");
    let ops = Content::decode(content)
        .expect("a content stream")
        .operations;
    let mut stack = vec![ctm];
    let mut cur: Option<Sub> = None;
    let mut path: Vec<Sub> = Vec::new();
    let pt = |m: M, x: f64, y: f64| {
        (
            (m[0] * x + m[2] * y + m[4]) / PT_PER_MM,
            (m[1] * x + m[3] * y + m[5]) / PT_PER_MM,
        )
    };
    for op in ops {
        let m = *stack.last().expect("a state");
        let o = &op.operands;
        match op.operator.as_str() {
            "q" => stack.push(m),
            "Q" => {
                stack.pop();
            }
            "cm" => *stack.last_mut().expect("a state") = mul(matrix(o), m),
            "m" => {
                path.extend(cur.take());
                cur = Some(Sub {
                    pts: vec![pt(m, num(&o[0]), num(&o[1]))],
                    closed: false,
                    curved: false,
                });
            }
            "l" => {
                if let Some(s) = cur.as_mut() {
                    s.pts.push(pt(m, num(&o[0]), num(&o[1])));
                }
            }
            "c" | "v" | "y" => {
                if let Some(s) = cur.as_mut() {
                    s.curved = true;
                    let n = o.len();
                    s.pts.push(pt(m, num(&o[n - 2]), num(&o[n - 1])));
                }
            }
            "h" => {
                if let Some(s) = cur.as_mut() {
                    s.closed = true;
                }
            }
            "re" => {
                path.extend(cur.take());
                let (x, y, w, h) = (num(&o[0]), num(&o[1]), num(&o[2]), num(&o[3]));
                path.push(Sub {
                    pts: vec![
                        pt(m, x, y),
                        pt(m, x + w, y),
                        pt(m, x + w, y + h),
                        pt(m, x, y + h),
                    ],
                    closed: true,
                    curved: false,
                });
            }
            "S" | "s" | "f" | "F" | "f*" | "B" | "B*" | "b" | "b*" => {
                path.extend(cur.take());
                out.append(&mut path);
            }
            "n" => {
                cur = None;
                path.clear();
            }
            "Do" => {
                let name = o[0].as_name().expect("an XObject name");
                let x = res
                    .and_then(|r| r.get(b"XObject").ok())
                    .and_then(|x| dict(doc, x))
                    .and_then(|x| x.get(name).ok())
                    .and_then(|r| r.as_reference().ok())
                    .expect("the XObject named");
                let stream = doc
                    .get_object(x)
                    .and_then(Object::as_stream)
                    .expect("a form XObject");
                let sub_m = stream
                    .dict
                    .get(b"Matrix")
                    .ok()
                    .and_then(|a| a.as_array().ok())
                    .map_or([1.0, 0.0, 0.0, 1.0, 0.0, 0.0], |a| matrix(a));
                let sub_res = stream
                    .dict
                    .get(b"Resources")
                    .ok()
                    .and_then(|r| dict(doc, r))
                    .or(res);
                let data = stream
                    .decompressed_content()
                    .unwrap_or_else(|_| stream.content.clone());
                walk(doc, &data, sub_res, mul(sub_m, m), out, depth + 1);
            }
            _ => {}
        }
    }
}

struct Pdf {
    pages: Vec<(f64, f64, Vec<Sub>)>,
    raw: Vec<u8>,
}

fn read_pdf(bytes: Vec<u8>) -> Pdf {
    let doc = Document::load_mem(&bytes).expect("a valid PDF");
    let mut pages = Vec::new();
    for (_, id) in doc.get_pages() {
        let page = doc.get_dictionary(id).expect("a page");
        let mb = page
            .get(b"MediaBox")
            .and_then(Object::as_array)
            .expect("a media box");
        let (w, h) = (
            (num(&mb[2]) - num(&mb[0])) / PT_PER_MM,
            (num(&mb[3]) - num(&mb[1])) / PT_PER_MM,
        );
        let res = page.get(b"Resources").ok().and_then(|r| dict(&doc, r));
        let content = doc.get_page_content(id).expect("page content");
        let mut subs = Vec::new();
        walk(
            &doc,
            &content,
            res,
            [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
            &mut subs,
            0,
        );
        pages.push((w, h, distinct(subs)));
    }
    Pdf { pages, raw: bytes }
}

/// The shapes drawn, each once: svg2pdf paints a filled and stroked
/// shape as two paths of the same geometry (segments either way round).
fn distinct(subs: Vec<Sub>) -> Vec<Sub> {
    let key = |s: &Sub| {
        let mut pts: Vec<(i64, i64)> = s
            .pts
            .iter()
            .map(|p| ((p.0 * 10.0).round() as i64, (p.1 * 10.0).round() as i64))
            .collect();
        if pts.len() == 2 {
            pts.sort_unstable();
        }
        (pts, s.closed, s.curved)
    };
    let mut seen = std::collections::HashSet::new();
    subs.into_iter().filter(|s| seen.insert(key(s))).collect()
}

fn near(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.5
}

/// Closed axis-aligned rectangles of `w` x `h` mm (either way round).
fn rects(subs: &[Sub], w: f64, h: f64) -> usize {
    subs.iter()
        .filter(|s| !s.curved && s.pts.len() >= 4 && (s.closed || s.pts.len() == 5))
        .filter(|s| {
            let xs: Vec<f64> = s.pts.iter().map(|p| p.0).collect();
            let ys: Vec<f64> = s.pts.iter().map(|p| p.1).collect();
            let span = |v: &[f64]| {
                v.iter().copied().fold(f64::MIN, f64::max)
                    - v.iter().copied().fold(f64::MAX, f64::min)
            };
            let (sx, sy) = (span(&xs), span(&ys));
            (near(sx, w) && near(sy, h)) || (near(sx, h) && near(sy, w))
        })
        .count()
}

/// Open two-point segments, with their lengths in mm.
fn segments(subs: &[Sub]) -> Vec<f64> {
    subs.iter()
        .filter(|s| !s.curved && !s.closed && s.pts.len() == 2)
        .map(|s| (s.pts[1].0 - s.pts[0].0).hypot(s.pts[1].1 - s.pts[0].1))
        .collect()
}

fn check_paper(pdf: &Pdf, n: usize, w: f64, h: f64) {
    assert_eq!(pdf.pages.len(), n, "page count");
    for (pw, ph, _) in &pdf.pages {
        assert!(
            near(*pw, w) && near(*ph, h),
            "page {pw}x{ph} mm, expected {w}x{h}"
        );
    }
    let text = String::from_utf8_lossy(&pdf.raw);
    assert!(text.contains("/FontFile"), "a font is embedded");
}

#[test]
fn imago_board_has_22_mm_cells_on_a4() {
    let pdf = read_pdf(print(&["imago"], "imago.pdf"));
    check_paper(&pdf, 2, 210.0, 297.0);
    // 36 grid cells and 4 goal cells.
    assert!(
        rects(&pdf.pages[0].2, 22.0, 22.0) >= 40,
        "{} cells of 22 mm",
        rects(&pdf.pages[0].2, 22.0, 22.0)
    );
    assert_eq!(rects(&pdf.pages[0].2, 23.5, 23.5), 0);
    // No walls in the default layout.
    assert!(segments(&pdf.pages[0].2).iter().all(|&l| !near(l, 22.0)));
}

#[test]
fn imago_custom_layout_shows_its_walls() {
    let layout = "red:b2,b5 blue:g2,g5 walls:c3-d3,c4-d4,e5-e6";
    let file = out_dir().join("layout.txt");
    std::fs::write(&file, layout).expect("a layout file");
    let svg = String::from_utf8(print(
        &["imago", "--layout", file.to_str().expect("a path")],
        "imago-walls.svg",
    ))
    .expect("text");
    for w in ["c3-d3", "c4-d4", "e5-e6"] {
        assert!(
            svg.contains(&format!("data-wall=\"{w}\"")),
            "wall {w} in the SVG"
        );
    }
    let pdf = read_pdf(print(
        &["imago", "--variant", layout, "--paper", "letter"],
        "imago-walls.pdf",
    ));
    check_paper(&pdf, 2, 215.9, 279.4);
    let walls = segments(&pdf.pages[0].2)
        .into_iter()
        .filter(|&l| near(l, 22.0))
        .count();
    assert_eq!(walls, 3, "three wall segments of one cell's length");
}

#[test]
fn jarmo_draws_its_39_lines_at_40_mm_steps() {
    use tablero_games::jarmo::LINES;
    let pdf = read_pdf(print(&["jarmo", "--lang", "es"], "jarmo.pdf"));
    check_paper(&pdf, 2, 210.0, 297.0);
    let mut expected: Vec<f64> = LINES
        .iter()
        .map(|(a, b)| {
            let dc = f64::from(a.col()) - f64::from(b.col());
            let dr = f64::from(a.row()) - f64::from(b.row());
            40.0 * dc.hypot(dr)
        })
        .collect();
    let mut found = segments(&pdf.pages[0].2);
    assert_eq!(found.len(), 39);
    expected.sort_by(f64::total_cmp);
    found.sort_by(f64::total_cmp);
    for (e, f) in expected.iter().zip(&found) {
        assert!(near(*e, *f), "line of {f} mm, expected {e}");
    }
}

#[test]
fn linja_has_eight_rows_of_28_mm_and_seven_sticks() {
    let pdf = read_pdf(print(&["linja"], "linja.pdf"));
    check_paper(&pdf, 3, 210.0, 297.0);
    assert_eq!(rects(&pdf.pages[0].2, 150.0, 28.0), 8);
    let sticks = segments(&pdf.pages[0].2)
        .into_iter()
        .filter(|&l| near(l, 154.0))
        .count();
    assert_eq!(sticks, 7);
}

#[test]
fn dimensiones_has_24_mm_squares_cards_and_five_pages() {
    let pdf = read_pdf(print(
        &["dimensiones", "--variant", "I-C-A-E-S", "--paper", "letter"],
        "dim.pdf",
    ));
    check_paper(&pdf, 5, 215.9, 279.4);
    assert_eq!(rects(&pdf.pages[0].2, 24.0, 24.0), 36);
    assert_eq!(rects(&pdf.pages[0].2, 20.0, 20.0), 4, "four signal cells");
    let svg = String::from_utf8(print(&["dimensiones"], "dim.svg")).expect("text");
    for card in ["1M", "1I", "2D", "2C", "3A", "3N", "4W", "4E", "5R", "5S"] {
        assert!(
            svg.contains(&format!("data-card=\"{card}\"")),
            "card {card}"
        );
    }
    assert!(svg.contains("Estrategia") || svg.contains("STRATEGY"));
}

#[test]
fn draughts_board_is_8_by_8_squares_of_22_mm() {
    let pdf = read_pdf(print(&["draughts"], "draughts.pdf"));
    check_paper(&pdf, 3, 210.0, 297.0);
    assert_eq!(rects(&pdf.pages[0].2, 22.0, 22.0), 64);
}

#[test]
fn bad_output_and_layout_fail_cleanly() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_tablero"))
            .arg("print")
            .args(args)
            .output()
            .expect("tablero runs")
    };
    let out = run(&["imago", "-o", "x.png"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains(".pdf or .svg"));
    let out = run(&["imago", "--variant", "walls:z9-z8", "-o", "x.pdf"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad variant"));
}
