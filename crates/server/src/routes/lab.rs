//! The designer's lab (`crate::lab`): `GET /api/lab` lists the reports,
//! `GET /api/lab/{name}` gives one report's figures and plots and the live
//! progress of a survey another process is still playing, and
//! `GET /api/lab/{name}/files/{file}` one of its files (docs/web-api.md,
//! "The lab"). With no folder they answer an empty list and 404s.

use super::http::error::ApiError;
use crate::lab::{self, LabDir};
use axum::extract::{Path as UrlPath, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

type Dir = LabDir;

/// `GET /api/lab`: the reports.
pub(super) async fn list(State(dir): State<Dir>) -> Response {
    let Some(root) = dir.0.as_ref() else {
        return Json(json!({ "reports": [] })).into_response();
    };
    let mut out = Vec::new();
    for (name, path) in lab::reports(root) {
        out.push(lab::summary(&name, &path).await.0);
    }
    Json(json!({ "reports": out })).into_response()
}

/// `GET /api/lab/{name}`: one report, with its progress and plots.
pub(super) async fn one(
    State(dir): State<Dir>,
    UrlPath(name): UrlPath<String>,
) -> Result<Response, ApiError> {
    let path = lab::find(&dir, &name)?;
    let (mut value, progress, report) = lab::summary(&name, &path).await;
    value["progress"] = serde_json::to_value(progress).unwrap_or(Value::Null);
    value["report"] = report.unwrap_or(Value::Null);
    value["plots"] = json!(lab::plots(&path));
    let mut res = Json(value).into_response();
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// `GET /api/lab/{name}/files/{file}`: a plot or a JSON file of a report.
pub(super) async fn file(
    State(dir): State<Dir>,
    UrlPath((name, file)): UrlPath<(String, String)>,
) -> Result<Response, ApiError> {
    let (path, kind) = lab::served_file(&dir, &name, &file)?;
    let no_file = || {
        lab::LabError::NotFound(tablero_core::Message::of(tablero_i18n::id!(
            "api_lab_no_file"
        )))
    };
    let bytes = tokio::fs::read(path).await.map_err(|_| no_file())?;
    Ok((
        [
            (header::CONTENT_TYPE, kind),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'",
            ),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        bytes,
    )
        .into_response())
}
