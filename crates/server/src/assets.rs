//! The web UI's files (`web/`): embedded in release builds, read from disk
//! in debug builds (so the UI can be edited without rebuilding).

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[exclude = "NOTES*"]
struct Web;

fn serve(path: &str) -> Response {
    match Web::get(path) {
        Some(file) => {
            let mime = mime_guess::from_path(path).first_or_octet_stream();
            (
                [
                    (header::CONTENT_TYPE, mime.as_ref().to_string()),
                    (header::CACHE_CONTROL, "no-cache".to_string()),
                    (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
                ],
                file.data,
            )
                .into_response()
        }
        None => (
            StatusCode::NOT_FOUND,
            axum::Json(serde_json::json!({ "error": format!("no file {path}") })),
        )
            .into_response(),
    }
}

/// `GET /static/PATH`: a file of `web/`.
pub async fn file(Path(path): Path<String>) -> Response {
    serve(&path)
}

/// Every other page: the app's `index.html`, which routes by path. The
/// page may load only this server's scripts, styles and sockets.
pub async fn index() -> Response {
    let mut page = serve("index.html");
    page.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; style-src 'self'; \
             connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    page
}
