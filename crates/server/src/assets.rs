//! The web UI's files (`web/`): embedded in release builds, read from disk
//! in debug builds (so the UI can be edited without rebuilding).
//!
//! Each text file is compressed once (brotli and gzip) and kept; the
//! encoding is chosen from `Accept-Encoding`. Every answer carries a strong
//! `ETag` (from the file's sha256 and the encoding); a file asked for by
//! its versioned name (`?v=`, as the page names every one) may be kept a
//! year, any other answer is revalidated (`no-cache`, then `304 Not
//! Modified` while unchanged). See `docs/web-api.md`, "Caching".

use crate::hub::{Actor, Hub};
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[exclude = "NOTES*"]
struct Web;

/// A content coding the server answers with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Coding {
    fn token(self) -> Option<&'static str> {
        match self {
            Coding::Brotli => Some("br"),
            Coding::Gzip => Some("gzip"),
            Coding::Identity => None,
        }
    }

    fn etag_suffix(self) -> &'static str {
        match self {
            Coding::Brotli => "-br",
            Coding::Gzip => "-gz",
            Coding::Identity => "",
        }
    }
}

/// Files under this size are sent as they are (compression gains little).
const MIN_COMPRESS: usize = 256;

/// Whether a file of this MIME type is worth compressing.
fn compressible(mime: &str) -> bool {
    mime.starts_with("text/")
        || mime.contains("javascript")
        || mime.contains("json")
        || mime.contains("svg")
        || mime.contains("xml")
}

/// The quality `Accept-Encoding` gives `coding` (0 when absent or refused).
fn quality(accept: &str, coding: &str) -> f32 {
    let mut star = None;
    for part in accept.split(',') {
        let mut it = part.split(';');
        let name = it.next().unwrap_or("").trim();
        let q = it
            .find_map(|p| p.trim().strip_prefix("q=").map(str::trim))
            .map_or(Some(1.0), |v| v.parse::<f32>().ok())
            .unwrap_or(0.0);
        if name.eq_ignore_ascii_case(coding) {
            return q;
        }
        if name == "*" {
            star = Some(q);
        }
    }
    star.unwrap_or(0.0)
}

/// The coding to answer with: brotli, then gzip, else none.
fn choose(headers: &HeaderMap) -> Coding {
    let accept = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let br = quality(accept, "br");
    let gz = quality(accept, "gzip");
    if br > 0.0 && br >= gz {
        Coding::Brotli
    } else if gz > 0.0 {
        Coding::Gzip
    } else {
        Coding::Identity
    }
}

fn compress(data: &[u8], coding: Coding) -> Option<Vec<u8>> {
    match coding {
        Coding::Brotli => {
            let mut out = Vec::with_capacity(data.len() / 3);
            {
                let mut w = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
                w.write_all(data).ok()?;
            }
            Some(out)
        }
        Coding::Gzip => {
            let mut w = flate2::write::GzEncoder::new(
                Vec::with_capacity(data.len() / 3),
                flate2::Compression::best(),
            );
            w.write_all(data).ok()?;
            w.finish().ok()
        }
        Coding::Identity => None,
    }
}

/// `data` compressed at a level quick enough for each answer (brotli 5,
/// gzip's default): for bodies made anew each time.
fn compress_quick(data: &[u8], coding: Coding) -> Option<Vec<u8>> {
    match coding {
        Coding::Brotli => {
            let mut out = Vec::with_capacity(data.len() / 3);
            {
                let mut w = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
                w.write_all(data).ok()?;
            }
            Some(out)
        }
        Coding::Gzip => {
            let mut w = flate2::write::GzEncoder::new(
                Vec::with_capacity(data.len() / 3),
                flate2::Compression::default(),
            );
            w.write_all(data).ok()?;
            w.finish().ok()
        }
        Coding::Identity => None,
    }
}

/// Compressed bodies kept by (file's sha256, coding): each file is
/// compressed once per content (a debug build's edited file is a new key).
type Kept = Mutex<HashMap<([u8; 32], Coding), Arc<[u8]>>>;

fn kept() -> &'static Kept {
    static KEPT: OnceLock<Kept> = OnceLock::new();
    KEPT.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The body of `data` in `coding`, compressed at most once per content.
fn encoded(hash: [u8; 32], data: &[u8], coding: Coding) -> Option<Arc<[u8]>> {
    let key = (hash, coding);
    if let Some(b) = kept().lock().ok()?.get(&key) {
        return Some(Arc::clone(b));
    }
    let body: Arc<[u8]> = compress(data, coding)?.into();
    // Keep it only when it is smaller than the file itself.
    if body.len() >= data.len() {
        return None;
    }
    if let Ok(mut map) = kept().lock() {
        map.insert(key, Arc::clone(&body));
    }
    Some(body)
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// Whether `If-None-Match` names `etag` (or `*`). Weak comparison, as the
/// standard asks for this header.
fn none_match(headers: &HeaderMap, etag: &str) -> bool {
    let strip = |t: &str| {
        let t = t.trim();
        t.strip_prefix("W/").unwrap_or(t).to_string()
    };
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == "*" || strip(t) == etag)
}

/// How long a browser may keep a file asked for by its versioned name.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// An answer with `data`: compressed as the request allows, with its ETag,
/// or `304 Not Modified` when `If-None-Match` names that tag.
pub(crate) fn respond(
    data: &[u8],
    hash: [u8; 32],
    mime: &str,
    headers: &HeaderMap,
    cache: &'static str,
) -> Response {
    respond_as(data, hash, mime, headers, cache, true)
}

/// [`respond`], with `keep` false for a body that is new each time: then
/// it is compressed at a quicker level and not kept.
fn respond_as(
    data: &[u8],
    hash: [u8; 32],
    mime: &str,
    headers: &HeaderMap,
    cache: &'static str,
    keep: bool,
) -> Response {
    let coding = if compressible(mime) && data.len() >= MIN_COMPRESS {
        choose(headers)
    } else {
        Coding::Identity
    };
    let body = if keep {
        encoded(hash, data, coding)
    } else {
        compress_quick(data, coding)
            .filter(|b| b.len() < data.len())
            .map(Arc::from)
    };
    let coding = if body.is_some() {
        coding
    } else {
        Coding::Identity
    };
    let etag = format!("\"{}{}\"", hex(&hash[..16]), coding.etag_suffix());
    let mut out = if none_match(headers, &etag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut r = match body {
            Some(b) => axum::body::Body::from(axum::body::Bytes::from_owner(b)).into_response(),
            None => axum::body::Body::from(data.to_vec()).into_response(),
        };
        r.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(mime)
                .unwrap_or(HeaderValue::from_static("application/octet-stream")),
        );
        if let Some(tok) = coding.token() {
            r.headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static(tok));
        }
        r
    };
    let h = out.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    out
}

/// 404: no file `path` among the app's files, answered as every error is
/// (`{error, code, args}`, docs/web-api.md, "Errors in the reader's
/// language").
fn not_found(path: &str) -> Response {
    crate::hub::ApiError::NotFound(
        tablero_core::Message::new("api_no_static_file", format!("no file {path}"))
            .text("path", path),
    )
    .into_response()
}

/// A file's version in its URL (`?v=`): the first 8 bytes of its sha256.
fn version(hash: &[u8; 32]) -> String {
    hex(&hash[..8])
}

/// `GET /static/PATH[?v=VERSION]`: a file of `web/`. Asked for by its
/// current version it may be kept a year (`immutable`); otherwise the
/// browser revalidates it each time (`no-cache`, `ETag`).
pub async fn file(
    Path(path): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Some(file) = Web::get(&path) else {
        return not_found(&path);
    };
    let hash = file.metadata.sha256_hash();
    let current = query.as_deref().is_some_and(|q| {
        q.split('&')
            .any(|kv| kv.strip_prefix("v=") == Some(version(&hash).as_str()))
    });
    let mime = mime_guess::from_path(&path).first_or_octet_stream();
    let cache = if current { IMMUTABLE } else { "no-cache" };
    if path.ends_with(".js") && !path.contains(".min.") {
        return respond(
            &sent_js(hash, &file.data),
            hash,
            mime.as_ref(),
            &headers,
            cache,
        );
    }
    respond(&file.data, hash, mime.as_ref(), &headers, cache)
}

/// A module of the app as it is sent: without comments and indentation
/// ([`crate::minify`]), made once per content. Its ETag and version stay
/// those of the file in `web/`, from which it follows.
fn sent_js(hash: [u8; 32], data: &[u8]) -> Arc<[u8]> {
    type Sent = Mutex<HashMap<[u8; 32], Arc<[u8]>>>;
    static SENT: OnceLock<Sent> = OnceLock::new();
    let sent = SENT.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(b) = sent.lock().ok().and_then(|m| m.get(&hash).cloned()) {
        return b;
    }
    let body: Arc<[u8]> = match std::str::from_utf8(data) {
        Ok(text) => crate::minify::strip_js(text).into_bytes().into(),
        Err(_) => data.into(),
    };
    if let Ok(mut m) = sent.lock() {
        m.insert(hash, Arc::clone(&body));
    }
    body
}

/// Standard base64 (with padding), for the CSP's script hash.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
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
    } else if p == "/editor" {
        Some("editor.js")
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
    use sha2::Digest;
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
    let hash = base64(&sha2::Sha256::digest(map.as_bytes()));
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
fn page_lang(headers: &HeaderMap) -> &'static str {
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
/// a game page the game's state as a spectator sees it (the app asks again
/// with its tokens). The page may load only this server's scripts (and its
/// own import map), styles and sockets.
pub async fn index(
    State(hub): State<Arc<Hub>>,
    uri: axum::http::Uri,
    headers: HeaderMap,
) -> Response {
    use sha2::Digest;
    let path = uri.path();
    let mut roots = vec!["app.js".to_string()];
    roots.extend(page_module(path).map(String::from));
    let lang = page_lang(&headers);
    let mut boot = serde_json::json!({
        "messages": { "lang": lang, "ftl": crate::locales::web_text(lang) },
        "catalog": crate::games::catalog(),
    });
    if let Some(id) = path.strip_prefix("/play/").map(|p| p.trim_end_matches('/')) {
        let valid = !id.is_empty()
            && id.len() <= 64
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if valid {
            if let Ok(st) = hub.state(id, &Actor::Tokens(Vec::new()), None).await {
                roots.push(format!("boards/{}.js", st.game));
                boot["game"] = serde_json::to_value(&st).unwrap_or_default();
            }
        }
    }
    let Some((html, script_hash)) = page(&closure(&roots), Some(&boot.to_string())) else {
        return not_found("index.html");
    };
    let hash: [u8; 32] = sha2::Sha256::digest(html.as_bytes()).into();
    // Each page is new (a game's state, a language): compressed, not kept.
    let mut page = respond_as(
        html.as_bytes(),
        hash,
        "text/html",
        &headers,
        "no-cache",
        false,
    );
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
    page
}

/// JSON answers over this size are compressed (see [`compress_json`]).
const MIN_JSON: usize = 1024;
/// JSON answers over this size are sent as they are (not held in memory).
const MAX_JSON: usize = 4 << 20;

/// Middleware: a JSON answer of the API (the catalog, a game's state) is
/// compressed, brotli or gzip by `Accept-Encoding`, at a quick level (each
/// answer is new). Other answers pass as they are.
pub async fn compress_json(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let coding = choose(req.headers());
    let res = next.run(req).await;
    let json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    // Only a body of known size (not a stream), within the bounds.
    let sized = axum::body::HttpBody::size_hint(res.body())
        .exact()
        .and_then(|n| usize::try_from(n).ok())
        .is_some_and(|n| (MIN_JSON..=MAX_JSON).contains(&n));
    if coding == Coding::Identity
        || !json
        || !sized
        || res.headers().contains_key(header::CONTENT_ENCODING)
    {
        return res;
    }
    let (mut parts, body) = res.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_JSON).await else {
        return (StatusCode::INTERNAL_SERVER_ERROR, "body lost").into_response();
    };
    let packed = match coding {
        Coding::Brotli => {
            let mut out = Vec::with_capacity(bytes.len() / 3);
            {
                let mut w = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
                let _ = w.write_all(&bytes);
            }
            Some(out)
        }
        _ => compress(&bytes, coding),
    };
    match packed {
        Some(p) if p.len() < bytes.len() => {
            parts.headers.remove(header::CONTENT_LENGTH);
            if let Some(tok) = coding.token() {
                parts
                    .headers
                    .insert(header::CONTENT_ENCODING, HeaderValue::from_static(tok));
            }
            parts
                .headers
                .append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
            Response::from_parts(parts, axum::body::Body::from(p))
        }
        _ => Response::from_parts(parts, axum::body::Body::from(bytes)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_encoding_is_read_with_its_qualities() {
        assert_eq!(quality("gzip, deflate, br", "br"), 1.0);
        assert_eq!(quality("gzip;q=0.5, br;q=0", "br"), 0.0);
        assert_eq!(quality("gzip;q=0.5, br;q=0", "gzip"), 0.5);
        assert_eq!(quality("*;q=0.2", "gzip"), 0.2);
        assert_eq!(quality("", "gzip"), 0.0);
        assert_eq!(quality("gzip;q=nonsense", "gzip"), 0.0);
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, br"),
        );
        assert_eq!(choose(&h), Coding::Brotli);
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip, br;q=0"),
        );
        assert_eq!(choose(&h), Coding::Gzip);
        h.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("identity"),
        );
        assert_eq!(choose(&h), Coding::Identity);
    }

    #[test]
    fn base64_is_the_standard_one() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xfb, 0xff]), "+/8=");
    }
}
