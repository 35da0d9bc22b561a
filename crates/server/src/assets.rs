//! The web UI's files (`web/`): embedded in release builds, read from disk
//! in debug builds (so the UI can be edited without rebuilding).
//!
//! Each text file is compressed once (brotli and gzip) and kept; the
//! encoding is chosen from `Accept-Encoding`. Every answer carries a strong
//! `ETag` (from the file's sha256 and the encoding) and `Cache-Control:
//! no-cache`, so a browser revalidates and gets `304 Not Modified` with no
//! body while the file is unchanged (see `docs/web-api.md`, "Caching").

use axum::extract::Path;
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

fn serve(path: &str, headers: &HeaderMap) -> Response {
    let Some(file) = Web::get(path) else {
        return (
            StatusCode::NOT_FOUND,
            axum::Json(serde_json::json!({ "error": format!("no file {path}") })),
        )
            .into_response();
    };
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let hash = file.metadata.sha256_hash();
    let coding = if compressible(mime.as_ref()) && file.data.len() >= MIN_COMPRESS {
        choose(headers)
    } else {
        Coding::Identity
    };
    let body = encoded(hash, &file.data, coding);
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
            None => axum::body::Body::from(file.data.into_owned()).into_response(),
        };
        r.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(mime.as_ref())
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
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    out
}

/// `GET /static/PATH`: a file of `web/`.
pub async fn file(Path(path): Path<String>, headers: HeaderMap) -> Response {
    serve(&path, &headers)
}

/// Every other page: the app's `index.html`, which routes by path. The
/// page may load only this server's scripts, styles and sockets.
pub async fn index(headers: HeaderMap) -> Response {
    let mut page = serve("index.html", &headers);
    page.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; \
             connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    page
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
}
