//! The web UI's files (`web/`): embedded in release builds, read from disk
//! in debug builds (so the UI can be edited without rebuilding).
//!
//! Each text file is compressed once (brotli and gzip) and kept; the
//! encoding is chosen from `Accept-Encoding`. Every answer carries a strong
//! `ETag` (from the file's sha256 and the encoding); a file asked for by
//! its versioned name (`?v=`, as the page names every one) may be kept a
//! year, any other answer is revalidated (`no-cache`, then `304 Not
//! Modified` while unchanged). See `docs/web-api.md`, "Caching".

use axum::extract::{Path, RawQuery};
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
    let coding = if compressible(mime) && data.len() >= MIN_COMPRESS {
        choose(headers)
    } else {
        Coding::Identity
    };
    let body = encoded(hash, data, coding);
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

fn not_found(path: &str) -> Response {
    (
        StatusCode::NOT_FOUND,
        axum::Json(serde_json::json!({ "error": format!("no file {path}") })),
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
    respond(&file.data, hash, mime.as_ref(), &headers, cache)
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

/// The page as sent: `index.html` with every script, module and style
/// sheet named by its version, and an import map that sends every module's
/// import to its versioned name (so each module may be cached for good and
/// a changed one is fetched anew); with the import map's CSP hash.
fn page() -> Option<(String, String)> {
    use sha2::Digest;
    let html = Web::get("index.html")?;
    let mut html = String::from_utf8(html.data.into_owned()).ok()?;
    let mut imports = std::collections::BTreeMap::new();
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
            imports.insert(plain, versioned);
        }
    }
    let map = serde_json::json!({ "imports": imports }).to_string();
    let hash = base64(&sha2::Sha256::digest(map.as_bytes()));
    let tag = format!("<script type=\"importmap\">{map}</script>\n  ");
    // Before anything that loads a module.
    let at = html
        .find("<link rel=\"stylesheet\"")
        .or_else(|| html.find("<script"))?;
    html.insert_str(at, &tag);
    Some((html, hash))
}

/// Every other page: the app's `index.html`, which routes by path. The
/// page may load only this server's scripts (and its own import map),
/// styles and sockets.
pub async fn index(headers: HeaderMap) -> Response {
    use sha2::Digest;
    let Some((html, script_hash)) = page() else {
        return not_found("index.html");
    };
    let hash: [u8; 32] = sha2::Sha256::digest(html.as_bytes()).into();
    let mut page = respond(html.as_bytes(), hash, "text/html", &headers, "no-cache");
    let csp = format!(
        "default-src 'self'; script-src 'self' 'sha256-{script_hash}'; img-src 'self' data:; style-src 'self'; \
         connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    );
    if let Ok(v) = HeaderValue::from_str(&csp) {
        page.headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, v);
    }
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
