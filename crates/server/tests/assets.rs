//! The web UI's files over HTTP: compression by `Accept-Encoding`, strong
//! ETags with `304 Not Modified`, each page preloading the modules of its
//! route and carrying the data of its first draw, and a missing game's
//! socket refused before the upgrade.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

mod common;
use common::{start, Server};

/// GET `path` with the given headers: status, headers, raw body.
async fn get(
    s: &Server,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let mut req = s.client.get(format!("{}{path}", s.base));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = req.send().await.unwrap();
    let status = res.status().as_u16();
    let h = res.headers().clone();
    (status, h, res.bytes().await.unwrap().to_vec())
}

fn header<'a>(h: &'a reqwest::header::HeaderMap, name: &str) -> Option<&'a str> {
    h.get(name).and_then(|v| v.to_str().ok())
}

fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

#[tokio::test]
async fn files_are_compressed_by_accept_encoding() {
    let s = start().await;
    let (st, h, plain) = get(&s, "/static/play.js", &[]).await;
    assert_eq!(st, 200);
    assert_eq!(header(&h, "content-encoding"), None);
    assert_eq!(header(&h, "vary"), Some("Accept-Encoding"));
    // The module as sent: the file without its comments and indentation,
    // line for line (crates/server/src/minify.rs has the scanner's tests).
    let on_disk = std::fs::read_to_string(web_dir().join("play.js")).unwrap();
    let sent = String::from_utf8(plain.clone()).expect("utf-8");
    assert!(sent.len() < on_disk.len());
    assert_eq!(sent.lines().count(), on_disk.lines().count());
    for (line, (a, b)) in sent.lines().zip(on_disk.lines()).enumerate() {
        let code = b.trim();
        if !code.is_empty()
            && !code.starts_with("//")
            && !code.starts_with('*')
            && !code.contains("/*")
        {
            assert!(
                code.starts_with(a.trim()) && !a.trim().is_empty(),
                "line {}: sent {a:?} for {b:?}",
                line + 1
            );
        } else if code.starts_with("//") {
            assert_eq!(a, "", "line {}: a comment line was sent", line + 1);
        }
    }

    let (st, h, br) = get(&s, "/static/play.js", &[("accept-encoding", "gzip, br")]).await;
    assert_eq!(st, 200);
    assert_eq!(header(&h, "content-encoding"), Some("br"));
    assert_eq!(header(&h, "vary"), Some("Accept-Encoding"));
    assert!(header(&h, "content-type").unwrap().contains("javascript"));
    assert!(
        br.len() * 3 < plain.len(),
        "brotli {} of {}",
        br.len(),
        plain.len()
    );
    let mut out = Vec::new();
    brotli::Decompressor::new(&br[..], 4096)
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);

    let (st, h, gz) = get(
        &s,
        "/static/play.js",
        &[("accept-encoding", "gzip;q=1, br;q=0")],
    )
    .await;
    assert_eq!(st, 200);
    assert_eq!(header(&h, "content-encoding"), Some("gzip"));
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);

    // The page itself is compressed too, and keeps its CSP.
    let (st, h, _) = get(&s, "/play/abc", &[("accept-encoding", "br")]).await;
    assert_eq!(st, 200);
    assert_eq!(header(&h, "content-encoding"), Some("br"));
    assert!(header(&h, "content-security-policy").is_some());
}

#[tokio::test]
async fn etags_answer_304_while_the_file_is_unchanged() {
    let s = start().await;
    for enc in ["", "br", "gzip"] {
        let ae: &[(&str, &str)] = if enc.is_empty() {
            &[]
        } else {
            &[("accept-encoding", enc)]
        };
        let (st, h, body) = get(&s, "/static/style.css", ae).await;
        assert_eq!(st, 200);
        assert!(!body.is_empty());
        let etag = header(&h, "etag").expect("an etag").to_string();
        assert!(
            etag.starts_with('"') && etag.ends_with('"'),
            "strong: {etag}"
        );
        assert_eq!(header(&h, "cache-control"), Some("no-cache"));

        let mut with = ae.to_vec();
        with.push(("if-none-match", &etag));
        let (st, h2, body) = get(&s, "/static/style.css", &with).await;
        assert_eq!(st, 304, "{enc}");
        assert!(body.is_empty());
        assert_eq!(header(&h2, "etag"), Some(etag.as_str()));
        assert_eq!(header(&h2, "vary"), Some("Accept-Encoding"));

        let mut other = ae.to_vec();
        other.push(("if-none-match", "\"0000\", \"1111\""));
        let (st, _, _) = get(&s, "/static/style.css", &other).await;
        assert_eq!(st, 200, "a different etag gets the file");
    }
    // The two encodings are different representations: different tags.
    let (_, a, _) = get(&s, "/static/app.js", &[("accept-encoding", "br")]).await;
    let (_, b, _) = get(&s, "/static/app.js", &[("accept-encoding", "gzip")]).await;
    let (_, c, _) = get(&s, "/static/app.js", &[]).await;
    let tags: BTreeSet<_> = [&a, &b, &c]
        .iter()
        .map(|h| header(h, "etag").unwrap().to_string())
        .collect();
    assert_eq!(tags.len(), 3);
    // A file that does not exist is still a 404.
    let (st, _, _) = get(&s, "/static/nope.js", &[("accept-encoding", "br")]).await;
    assert_eq!(st, 404);
}

/// The modules a JS file imports (static `from '...'` and `import('...')`
/// with a literal path), resolved against its folder, relative to `web/`.
fn imports(file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().unwrap();
    let mut out = Vec::new();
    for quote in ["'", "\""] {
        for pat in [format!("from {quote}"), format!("import({quote}")] {
            let mut rest = text;
            while let Some(i) = rest.find(&pat) {
                rest = &rest[i + pat.len()..];
                let Some(end) = rest.find(quote) else { break };
                let spec = &rest[..end];
                if spec.starts_with('.') {
                    out.push(normalize(&dir.join(spec)));
                }
            }
        }
    }
    out
}

/// A path under `web/` as `a/b.js`, with `.` and `..` resolved.
fn normalize(p: &Path) -> String {
    let web = web_dir();
    let mut parts: Vec<String> = Vec::new();
    let rel = p.strip_prefix(&web).unwrap_or(p);
    for c in rel.components() {
        match c {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            _ => {}
        }
    }
    parts.join("/")
}

fn js_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            js_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "js") {
            out.push(p);
        }
    }
}

/// The modules a JS file imports statically (`from '...'`, not
/// `import(...)`), relative to `web/`.
fn static_imports(file: &Path, text: &str) -> Vec<String> {
    let dir = file.parent().unwrap();
    let mut out = Vec::new();
    // `... from './x.js'` and the bare `import './x.js'` (run for its
    // effect, as app.js loads the settings gear).
    for pat in ["from '", "from \"", "import '", "import \""] {
        let quote = &pat[pat.len() - 1..];
        let mut rest = text;
        while let Some(i) = rest.find(pat) {
            rest = &rest[i + pat.len()..];
            let Some(end) = rest.find(quote) else { break };
            let spec = &rest[..end];
            if spec.starts_with('.') {
                out.push(normalize(&dir.join(spec)));
            }
        }
    }
    out
}

/// `roots` (paths under `web/`) and all they import statically.
fn static_closure(roots: &[&str]) -> BTreeSet<String> {
    let web = web_dir();
    let mut out = BTreeSet::new();
    let mut todo: Vec<String> = roots.iter().map(|r| r.to_string()).collect();
    while let Some(m) = todo.pop() {
        if out.insert(m.clone()) {
            let text = std::fs::read_to_string(web.join(&m)).unwrap();
            todo.extend(static_imports(&web.join(&m), &text));
        }
    }
    out
}

/// The modules a page preloads (`<link rel="modulepreload">`), relative to
/// `web/`, without their versions.
fn preloaded(html: &str) -> BTreeSet<String> {
    let open = "<link rel=\"modulepreload\" href=\"/static/";
    html.match_indices(open)
        .map(|(i, _)| {
            let rest = &html[i + open.len()..];
            let end = rest.find(['"', '?']).unwrap();
            rest[..end].to_string()
        })
        .collect()
}

/// The JSON data block the page carries for its first draw.
fn boot(html: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"boot\">";
    let i = html.find(open).expect("a boot block") + open.len();
    let text = &html[i..i + html[i..].find("</script>").unwrap()];
    assert!(!text.contains('<'), "a < in the block could end it early");
    serde_json::from_str(text).unwrap()
}

/// A new game between two people: its id.
async fn new_game(s: &Server, game: &str) -> String {
    let res = s
        .client
        .post(format!("{}/api/games", s.base))
        .json(&serde_json::json!({ "game": game, "seats": [{ "kind": "human" }, { "kind": "human" }] }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let v: serde_json::Value = res.json().await.unwrap();
    v["id"].as_str().unwrap().to_string()
}

#[test]
fn every_import_names_a_module_that_exists() {
    let web = web_dir();
    let mut files = Vec::new();
    js_files(&web, &mut files);
    assert!(files.len() > 5);
    for f in &files {
        for m in imports(f, &std::fs::read_to_string(f).unwrap()) {
            assert!(
                web.join(&m).is_file(),
                "{} imports a missing {m}",
                f.display()
            );
        }
    }
    // The pages are imported when their route is shown, not before.
    let app = std::fs::read_to_string(web.join("app.js")).unwrap();
    for page in ["home", "newgame", "play", "analysis", "editor", "rules"] {
        assert!(app.contains(&format!("import('./{page}.js')")), "{page}");
        assert!(!app.contains(&format!("from './{page}.js'")), "{page}");
    }
}

#[tokio::test]
async fn each_page_preloads_what_its_route_draws_first() {
    let s = start().await;
    let web = web_dir();
    let mut files = Vec::new();
    js_files(&web, &mut files);
    for game in ["imago", "jarmo", "linja", "dimensiones"] {
        let id = new_game(&s, game).await;
        let (st, _, body) = get(&s, &format!("/play/{id}"), &[]).await;
        assert_eq!(st, 200);
        let html = String::from_utf8(body).unwrap();
        let board = format!("boards/{game}.js");
        assert_eq!(
            preloaded(&html),
            static_closure(&["app.js", "play.js", &board]),
            "{game}"
        );
    }
    for (path, page) in [
        ("/", "home.js"),
        ("/new/imago", "newgame.js"),
        ("/analysis/abc", "analysis.js"),
        ("/analysis", "analysis.js"),
        ("/explore/imago", "explore.js"),
        ("/editor", "editor.js"),
        ("/rules/linja", "rules.js"),
        ("/lab", "lab.js"),
        ("/lab/some-report", "lab.js"),
        ("/tournaments", "tournament.js"),
        ("/tournament/abc", "tournament.js"),
    ] {
        let (_, _, body) = get(&s, path, &[]).await;
        let html = String::from_utf8(body).unwrap();
        assert_eq!(
            preloaded(&html),
            static_closure(&["app.js", page]),
            "{path}"
        );
    }
    // A game page preloads neither the editor nor the rules nor the analysis.
    let id = new_game(&s, "imago").await;
    let (_, _, body) = get(&s, &format!("/play/{id}"), &[]).await;
    let pre = preloaded(&String::from_utf8(body).unwrap());
    for other in [
        "editor.js",
        "rules.js",
        "analysis.js",
        "markdown.js",
        "home.js",
    ] {
        assert!(!pre.contains(other), "{other}");
    }
    // No such game, no such page: the app alone.
    for path in ["/play/nosuchgame", "/nowhere"] {
        let (st, _, body) = get(&s, path, &[]).await;
        assert_eq!(st, 200);
        let html = String::from_utf8(body).unwrap();
        let want = if path == "/nowhere" {
            static_closure(&["app.js"])
        } else {
            static_closure(&["app.js", "play.js"])
        };
        assert_eq!(preloaded(&html), want, "{path}");
    }
}

#[tokio::test]
async fn the_page_carries_what_the_first_draw_needs() {
    let s = start().await;
    let id = new_game(&s, "linja").await;
    let (_, _, body) = get(&s, &format!("/play/{id}"), &[]).await;
    let b = boot(&String::from_utf8(body).unwrap());
    // The game as a spectator sees it: what GET /api/games/ID answers.
    let (_, _, state) = get(&s, &format!("/api/games/{id}"), &[]).await;
    let state: serde_json::Value = serde_json::from_slice(&state).unwrap();
    assert_eq!(b["game"], state);
    assert_eq!(b["game"]["id"], id.as_str());
    assert_eq!(b["game"]["you"], serde_json::json!([]));
    // The catalog, as GET /api/catalog has it.
    let (_, _, cat) = get(&s, "/api/catalog", &[]).await;
    let cat: serde_json::Value = serde_json::from_slice(&cat).unwrap();
    assert_eq!(b["catalog"], cat["games"]);
    // The messages: English by default, the browser's language, the
    // reader's choice (a cookie) above both.
    let en = std::fs::read_to_string(web_dir().join("../locales/en/web.ftl")).unwrap();
    let es = std::fs::read_to_string(web_dir().join("../locales/es/web.ftl")).unwrap();
    assert_eq!(b["messages"]["lang"], "en");
    assert_eq!(b["messages"]["ftl"], en.as_str());
    for (headers, want, text) in [
        (
            vec![("accept-language", "es-ES,es;q=0.9,en;q=0.8")],
            "es",
            &es,
        ),
        (vec![("accept-language", "fr, es")], "en", &en),
        (
            vec![
                ("accept-language", "es-ES"),
                ("cookie", "a=b; tablero_lang=en"),
            ],
            "en",
            &en,
        ),
        (vec![("cookie", "tablero_lang=es")], "es", &es),
        (vec![("cookie", "tablero_lang=xx")], "en", &en),
    ] {
        let (_, h, body) = get(&s, "/", &headers).await;
        let b = boot(&String::from_utf8(body).unwrap());
        assert_eq!(b["messages"]["lang"], want, "{headers:?}");
        assert_eq!(b["messages"]["ftl"], text.as_str());
        assert!(b.get("game").is_none());
        let vary = header(&h, "vary").unwrap();
        assert!(
            vary.contains("Cookie") && vary.contains("Accept-Language"),
            "{vary}"
        );
    }
    // A missing game: no state in the page (the app asks, and says so).
    let (_, _, body) = get(&s, "/play/nosuchgame", &[]).await;
    assert!(boot(&String::from_utf8(body).unwrap())
        .get("game")
        .is_none());
    // The page of a game that changes is revalidated: a new ETag.
    let (_, h1, _) = get(&s, &format!("/play/{id}"), &[]).await;
    let (st, _, _) = get(
        &s,
        &format!("/play/{id}"),
        &[("if-none-match", header(&h1, "etag").unwrap())],
    )
    .await;
    assert_eq!(st, 304);
}

#[tokio::test]
async fn a_missing_game_is_404_and_its_socket_is_refused() {
    let s = start().await;
    let (st, _, body) = get(&s, "/api/games/nosuchgame", &[]).await;
    assert_eq!(st, 404);
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(v["error"].as_str().unwrap().contains("no game"), "{v}");
    let url = format!("{}/api/games/nosuchgame/ws", s.base.replace("http", "ws"));
    match tokio_tungstenite::connect_async(url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
            assert_eq!(res.status().as_u16(), 404);
        }
        Err(e) => panic!("expected a 404 before the upgrade, got {e}"),
        Ok(_) => panic!("the socket of a missing game was opened"),
    }
}

fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(ABC[((n >> (18 - 6 * i)) & 63) as usize])
            } else {
                '='
            });
        }
    }
    out
}

#[tokio::test]
async fn the_page_names_every_module_by_its_version() {
    use sha2::Digest;
    let s = start().await;
    let (st, h, body) = get(&s, "/play/abc", &[]).await;
    assert_eq!(st, 200);
    let html = String::from_utf8(body).unwrap();
    // The import map: every module under web/ sent to its versioned name.
    let open = "<script type=\"importmap\">";
    let i = html.find(open).expect("an import map") + open.len();
    let text = &html[i..i + html[i..].find("</script>").unwrap()];
    let map: serde_json::Value = serde_json::from_str(text).unwrap();
    let imports = map["imports"].as_object().unwrap();
    let rest = html.replace(text, "");
    let mut files = Vec::new();
    js_files(&web_dir(), &mut files);
    let pre = preloaded(&html);
    assert!(pre.contains("app.js") && pre.contains("play.js"));
    for f in &files {
        let name = normalize(f);
        let plain = format!("/static/{name}");
        let versioned = imports[&plain]
            .as_str()
            .unwrap_or_else(|| panic!("{plain} not mapped"));
        assert!(versioned.starts_with(&format!("{plain}?v=")), "{versioned}");
        // The page's own references (its preloads) use the same names.
        if pre.contains(&name) {
            assert!(
                rest.contains(&format!("\"{versioned}\"")),
                "{versioned} not in the page"
            );
        }
        assert!(
            !rest.contains(&format!("\"{plain}\"")),
            "{plain} named without its version"
        );
    }
    // It comes before anything that loads a module or a style.
    assert!(html.find(open).unwrap() < html.find("<link rel=\"stylesheet\"").unwrap());
    assert!(html.find(open).unwrap() < html.find("modulepreload").unwrap());
    // The CSP lets that one inline script run, and no other.
    let csp = header(&h, "content-security-policy").unwrap();
    let hash = base64(&sha2::Sha256::digest(text.as_bytes()));
    assert!(
        csp.contains(&format!("script-src 'self' 'sha256-{hash}'")),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-inline"));

    // A versioned name may be kept; a wrong or missing version may not.
    let versioned = imports["/static/play.js"].as_str().unwrap();
    let (st, h, _) = get(&s, versioned, &[]).await;
    assert_eq!(st, 200);
    assert_eq!(
        header(&h, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let (st, h, _) = get(&s, "/static/play.js?v=0000000000000000", &[]).await;
    assert_eq!(st, 200);
    assert_eq!(header(&h, "cache-control"), Some("no-cache"));
    let (_, h, _) = get(&s, "/static/play.js", &[]).await;
    assert_eq!(header(&h, "cache-control"), Some("no-cache"));
    let css = html
        .split("href=\"")
        .find(|p| p.starts_with("/static/style.css?v="))
        .expect("the style sheet versioned");
    let css = &css[..css.find('"').unwrap()];
    let (_, h, _) = get(&s, css, &[]).await;
    assert_eq!(
        header(&h, "cache-control"),
        Some("public, max-age=31536000, immutable")
    );
}

#[tokio::test]
async fn json_answers_are_compressed_too() {
    let s = start().await;
    let (st, h, plain) = get(&s, "/api/catalog", &[]).await;
    assert_eq!(st, 200);
    assert_eq!(header(&h, "content-encoding"), None);
    assert!(plain.len() > 1024, "the catalog is {} bytes", plain.len());
    let (st, h, br) = get(&s, "/api/catalog", &[("accept-encoding", "br, gzip")]).await;
    assert_eq!(st, 200);
    assert_eq!(header(&h, "content-encoding"), Some("br"));
    assert!(header(&h, "vary").unwrap().contains("Accept-Encoding"));
    assert!(
        br.len() * 2 < plain.len(),
        "{} of {}",
        br.len(),
        plain.len()
    );
    let mut out = Vec::new();
    brotli::Decompressor::new(&br[..], 4096)
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);
    let (_, h, gz) = get(&s, "/api/catalog", &[("accept-encoding", "gzip")]).await;
    assert_eq!(header(&h, "content-encoding"), Some("gzip"));
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, plain);
    // A small answer (an error) is sent as it is.
    let (st, h, _) = get(&s, "/api/games/nosuchgame", &[("accept-encoding", "br")]).await;
    assert_eq!(st, 404);
    assert_eq!(header(&h, "content-encoding"), None);
}
