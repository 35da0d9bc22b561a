//! The web UI's files (`web/`): embedded in release builds, read from disk
//! in debug builds (so the UI can be edited without rebuilding).
//!
//! Every answer carries a strong `ETag` (from the file's sha256; the
//! encoding is added by [`conditional`] once tower-http's compression has
//! chosen it); a file asked for by its versioned name (`?v=`, as the page
//! names every one) may be kept a year, any other answer is revalidated
//! (`no-cache`, then `304 Not Modified` while unchanged). See
//! `docs/web-api.md`, "Caching". The handlers are in `routes/assets.rs`.

use crate::games::GameState;
use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[exclude = "NOTES*"]
struct Web;

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// How long a browser may keep a file asked for by its versioned name.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A file's version in its URL (`?v=`): the first 8 bytes of its sha256.
fn version(hash: &[u8; 32]) -> String {
    hex(&hash[..8])
}

/// An answer with `data` as it is, with its strong ETag (`hash`'s first
/// 16 bytes, which [`conditional`] marks with the encoding), `cache` as
/// its Cache-Control, and `Vary: Accept-Encoding` (tower-http's
/// compression layer compresses it as the request allows).
pub(crate) fn respond(
    data: impl Into<axum::body::Body>,
    hash: [u8; 32],
    mime: &str,
    cache: &'static str,
) -> Response {
    let mut r = data.into().into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(mime).unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("\"{}\"", hex(&hash[..16]))) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    r
}

/// The file `path` of `web/` (`query`: the URL's query, which may name
/// its current version `v=`), or `None` when there is none. Asked for by
/// its current version it may be kept a year (`immutable`); otherwise the
/// browser revalidates it each time (`no-cache`, `ETag`).
pub(crate) fn static_file(path: &str, query: Option<&str>) -> Option<Response> {
    let file = Web::get(path)?;
    let hash = file.metadata.sha256_hash();
    let current = query.is_some_and(|q| {
        q.split('&')
            .any(|kv| kv.strip_prefix("v=") == Some(version(&hash).as_str()))
    });
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let cache = if current { IMMUTABLE } else { "no-cache" };
    if path.ends_with(".js") && !path.contains(".min.") {
        let body = axum::body::Bytes::from_owner(sent_js(hash, &file.data));
        return Some(respond(body, hash, mime.as_ref(), cache));
    }
    Some(respond(file.data.into_owned(), hash, mime.as_ref(), cache))
}

/// The URL of the file `name` of `web/` by its current version
/// (`/static/NAME?v=VERSION`, which may be kept a year), for pages made
/// apart from the app's own (the unsubscribe page's style sheet); `None`
/// when there is no such file.
pub(crate) fn versioned_url(name: &str) -> Option<String> {
    let file = Web::get(name)?;
    Some(format!(
        "/static/{name}?v={}",
        version(&file.metadata.sha256_hash())
    ))
}

/// Every file of `web/` (but `skip`) by its versioned URL, and a hash of
/// them all (the service worker's shell and cache version, issue #49,
/// `routes/push.rs`).
pub(crate) fn shell(skip: &[&str]) -> (Vec<String>, String) {
    use sha2::Digest;
    let mut all = sha2::Sha256::new();
    let mut urls = Vec::new();
    for name in Web::iter() {
        let name = name.as_ref();
        if skip.iter().any(|s| name == *s || name.ends_with(".md")) {
            continue;
        }
        let Some(f) = Web::get(name) else { continue };
        let hash = f.metadata.sha256_hash();
        all.update(name.as_bytes());
        all.update(hash);
        urls.push(format!("/static/{name}?v={}", version(&hash)));
    }
    let all: [u8; 32] = all.finalize().into();
    (urls, version(&all))
}

/// A module of the app as it is sent: without comments and indentation
/// ([`super::minify`]), made once per content. Its ETag and version stay
/// those of the file in `web/`, from which it follows.
fn sent_js(hash: [u8; 32], data: &[u8]) -> Arc<[u8]> {
    type Sent = Mutex<HashMap<[u8; 32], Arc<[u8]>>>;
    static SENT: OnceLock<Sent> = OnceLock::new();
    let sent = SENT.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(b) = sent.lock().ok().and_then(|m| m.get(&hash).cloned()) {
        return b;
    }
    let body: Arc<[u8]> = match std::str::from_utf8(data) {
        Ok(text) => super::minify::strip_js(text).into_bytes().into(),
        Err(_) => data.into(),
    };
    if let Ok(mut m) = sent.lock() {
        m.insert(hash, Arc::clone(&body));
    }
    body
}

/// The page module of each route of `web/app.js` (which imports it when the
/// route is shown): the module whose static imports the page preloads.
fn page_module(path: &str) -> Option<&'static str> {
    let p = path.trim_end_matches('/');
    if p.is_empty() {
        Some("home.js")
    } else if p.starts_with("/play/") {
        Some("play.js")
    } else if p.starts_with("/new/") {
        Some("newgame.js")
    } else if p == "/analysis" || p.starts_with("/analysis/") {
        Some("analysis.js")
    } else if p.starts_with("/explore/") {
        Some("explore.js")
    } else if p == "/editor" {
        Some("editor.js")
    } else if p == "/lobby" {
        Some("lobby.js")
    } else if p == "/puzzles" {
        Some("puzzles.js")
    } else if p == "/learn" || p.starts_with("/learn/") {
        Some("learn.js")
    } else if p == "/leaderboard" || p.starts_with("/@/") {
        Some("profile.js")
    } else if p == "/watch" {
        Some("watch.js")
    } else if p == "/following" {
        Some("people.js")
    } else if p == "/moderation" {
        Some("moderation.js")
    } else if p == "/tournaments" || p.starts_with("/tournament/") {
        Some("tournament.js")
    } else if p.starts_with("/rules/") {
        Some("rules.js")
    } else if p == "/lab" || p.starts_with("/lab/") {
        Some("lab.js")
    } else {
        None
    }
}

/// `spec` (a relative module specifier) resolved against the module
/// `from` (a path under `web/`); `None` when it leaves `web/`.
fn resolve(from: &str, spec: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for seg in spec.split('/') {
        match seg {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

/// The modules of `web/` that the module `name` imports statically
/// (`import ... from './x.js'`, `export ... from`, `import './x.js'`; not
/// `import()`, which loads when it runs), as paths under `web/`.
fn static_imports(name: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for kw in ["from", "import"] {
        for (i, _) in text.match_indices(kw) {
            // A whole word, then spaces, then a quoted relative path.
            if text[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.')
            {
                continue;
            }
            let rest = text[i + kw.len()..].trim_start();
            let Some(q) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') else {
                continue;
            };
            let Some(end) = rest[1..].find(q) else {
                continue;
            };
            let spec = &rest[1..=end];
            if !spec.starts_with("./") && !spec.starts_with("../") {
                continue;
            }
            if let Some(m) = resolve(name, spec) {
                if Web::get(&m).is_some() && !out.contains(&m) {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// `roots` and every module they import statically, each once, in the
/// order first met.
fn closure(roots: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut todo: std::collections::VecDeque<String> = roots.iter().cloned().collect();
    while let Some(m) = todo.pop_front() {
        if out.contains(&m) {
            continue;
        }
        let Some(f) = Web::get(&m) else { continue };
        let text = String::from_utf8_lossy(&f.data).into_owned();
        todo.extend(static_imports(&m, &text));
        out.push(m);
    }
    out
}

/// The page as sent: `index.html` with every script, module and style
/// sheet named by its version; an import map that sends every module's
/// import to its versioned name (so each module may be cached for good and
/// a changed one is fetched anew); a `<link rel="modulepreload">` for each
/// module in `preload`; and `boot` (JSON, the data of the first draw) as a
/// `<script type="application/json" id="boot">` data block, which is never
/// run. With the import map's CSP hash.
fn page(preload: &[String], boot: Option<&str>) -> Option<(String, String)> {
    let html = Web::get("index.html")?;
    let mut html = String::from_utf8(html.data.into_owned()).ok()?;
    let mut imports = std::collections::BTreeMap::new();
    let mut versions = HashMap::new();
    for name in Web::iter() {
        let name = name.as_ref();
        if !(name.ends_with(".js") || name.ends_with(".css")) {
            continue;
        }
        let Some(f) = Web::get(name) else { continue };
        let plain = format!("/static/{name}");
        let versioned = format!("{plain}?v={}", version(&f.metadata.sha256_hash()));
        html = html.replace(&format!("\"{plain}\""), &format!("\"{versioned}\""));
        if name.ends_with(".js") {
            imports.insert(plain, versioned.clone());
        }
        versions.insert(name.to_string(), versioned);
    }
    let map = serde_json::json!({ "imports": imports }).to_string();
    let hash = script_hash(&map);
    let mut tag = format!("<script type=\"importmap\">{map}</script>\n  ");
    for m in preload {
        if let Some(v) = versions.get(m) {
            tag.push_str(&format!("<link rel=\"modulepreload\" href=\"{v}\">\n  "));
        }
    }
    // Before anything that loads a module.
    let at = html
        .find("<link rel=\"stylesheet\"")
        .or_else(|| html.find("<script"))?;
    html.insert_str(at, &tag);
    if let Some(boot) = boot {
        // `<` written as `\u003c` (the same JSON): the block cannot end early.
        let block = format!(
            "<script type=\"application/json\" id=\"boot\">{}</script>\n",
            boot.replace('<', "\\u003c")
        );
        let at = html.rfind("</body>").unwrap_or(html.len());
        html.insert_str(at, &block);
    }
    Some((html, hash))
}

/// The language of the messages put in the page: the `tablero_lang` cookie
/// (`web/i18n.js` keeps the reader's choice there), else the first language
/// of `Accept-Language`, as the app chooses (Spanish for `es*`, else
/// English).
pub(crate) fn page_lang(headers: &HeaderMap) -> &'static str {
    let pick = |l: &str| {
        if l.trim().to_ascii_lowercase().starts_with("es") {
            "es"
        } else {
            "en"
        }
    };
    for v in headers.get_all(header::COOKIE).iter() {
        let Ok(v) = v.to_str() else { continue };
        for part in v.split(';') {
            if let Some(l) = part.trim().strip_prefix("tablero_lang=") {
                if matches!(l.trim(), "en" | "es") {
                    return pick(l);
                }
            }
        }
    }
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    pick(accept.split([',', ';']).next().unwrap_or(""))
}

/// Every other page: the app's `index.html`, which routes by path, with
/// what the route's first draw needs: its modules preloaded (the app, the
/// route's page module, a game page's board module, and what they import),
/// and in a data block the chosen language's messages, the catalog, and on
/// a game page `game`, the game's state as a spectator sees it (the app
/// asks again with its tokens). The page may load only this server's
/// scripts (and its own import map), styles and sockets. `None` when
/// `index.html` is missing.
pub(crate) fn index_page(
    path: &str,
    headers: &HeaderMap,
    game: Option<&GameState>,
) -> Option<Response> {
    use sha2::Digest;
    let mut roots = vec!["app.js".to_string()];
    roots.extend(page_module(path).map(String::from));
    let lang = page_lang(headers);
    let mut boot = serde_json::json!({
        "messages": { "lang": lang, "ftl": super::locales::web_text(lang) },
        "catalog": crate::games::catalog::catalog(),
    });
    if let Some(st) = game {
        roots.push(format!("boards/{}.js", st.game));
        boot["game"] = serde_json::to_value(st).unwrap_or_default();
    }
    let (html, script_hash) = page(&closure(&roots), Some(&boot.to_string()))?;
    let hash: [u8; 32] = sha2::Sha256::digest(html.as_bytes()).into();
    let mut page = respond(html, hash, "text/html", "no-cache");
    let csp = format!(
        "default-src 'self'; script-src 'self' 'sha256-{script_hash}'; img-src 'self' data:; style-src 'self'; \
         connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    );
    if let Ok(v) = HeaderValue::from_str(&csp) {
        page.headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, v);
    }
    page.headers_mut().insert(
        header::VARY,
        HeaderValue::from_static("Accept-Encoding, Accept-Language, Cookie"),
    );
    Some(page)
}

/// The game id of a game page's path (`/play/ID`), when it can be one.
pub(crate) fn game_of_page(path: &str) -> Option<&str> {
    let id = path.strip_prefix("/play/")?.trim_end_matches('/');
    let valid = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    valid.then_some(id)
}

/// Whether `If-None-Match` (its values `tags`) names `etag` (or `*`). Weak
/// comparison, as the standard asks for this header.
fn none_match(tags: &[String], etag: &str) -> bool {
    let strip = |t: &str| {
        let t = t.trim();
        t.strip_prefix("W/").unwrap_or(t).to_string()
    };
    tags.iter()
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || strip(t) == etag)
}

/// Middleware, outside the compression layer: an answer with an ETag
/// that came compressed gets the encoding in its tag (`"…-br"`, `"…-gzip"`:
/// each encoding is its own representation), and when `If-None-Match`
/// names the tag the answer is `304 Not Modified` with its validators and
/// no body (the body, never read, is never compressed).
pub(crate) async fn conditional(req: Request, next: Next) -> Response {
    let tags: Vec<String> = req
        .headers()
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok().map(str::to_string))
        .collect();
    let mut res = next.run(req).await;
    // tower-http adds `vary: accept-encoding`; written as the app's own.
    let lower = res
        .headers()
        .get_all(header::VARY)
        .iter()
        .any(|v| v.as_bytes() == b"accept-encoding");
    if lower {
        let kept: Vec<HeaderValue> = res
            .headers()
            .get_all(header::VARY)
            .iter()
            .filter(|v| v.as_bytes() != b"accept-encoding")
            .cloned()
            .collect();
        let h = res.headers_mut();
        h.remove(header::VARY);
        for v in kept {
            h.append(header::VARY, v);
        }
        h.append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }
    if res.status() != StatusCode::OK {
        return res;
    }
    let Some(tag) = res
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
    else {
        return res;
    };
    let tag = match res
        .headers()
        .get(header::CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
    {
        Some(coding) => format!("{}-{coding}\"", tag.trim_end_matches('"')),
        None => tag.to_string(),
    };
    if let Ok(v) = HeaderValue::from_str(&tag) {
        res.headers_mut().insert(header::ETAG, v);
    }
    if !none_match(&tags, &tag) {
        return res;
    }
    let mut not_modified = StatusCode::NOT_MODIFIED.into_response();
    for name in [
        header::ETAG,
        header::CACHE_CONTROL,
        header::VARY,
        header::X_CONTENT_TYPE_OPTIONS,
    ] {
        for v in res.headers().get_all(&name) {
            not_modified.headers_mut().append(name.clone(), v.clone());
        }
    }
    not_modified
}

/// The message of a 404 for the app's file `path`.
pub(crate) fn no_file(path: &str) -> tablero_core::Message {
    tablero_core::Message::of(tablero_core::id!("api_no_static_file")).text("path", path)
}

/// The CSP hash of a script: its sha256 in standard base64.
fn script_hash(text: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest;
    base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn if_none_match_is_compared_weakly_and_by_list() {
        let tags = ["W/\"ab-br\", \"cd\"".to_string()];
        assert!(none_match(&tags, "\"ab-br\""));
        assert!(none_match(&tags, "\"cd\""));
        assert!(!none_match(&tags, "\"ab\""));
        assert!(none_match(&["*".to_string()], "\"x\""));
        assert!(!none_match(&[], "\"x\""));
    }

    #[test]
    fn the_script_hash_is_standard_base64_of_its_sha256() {
        // sha256("") in standard base64, as a CSP names it.
        assert_eq!(
            script_hash(""),
            "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="
        );
    }
}
