//! One push to one browser: the payload encrypted for its keys
//! (aes128gcm, RFC 8291), signed with the server's VAPID key (RFC 8292)
//! by `web-push-native`, and posted to its push service with `reqwest`,
//! tried again while the service is unreachable or busy.

use super::store::Stored;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use std::time::Duration;
use web_push_native::jwt_simple::algorithms::{
    ECDSAP256KeyPairLike, ECDSAP256PublicKeyLike, ES256KeyPair,
};
use web_push_native::jwt_simple::claims::Claims;
use web_push_native::{p256, Auth, WebPushBuilder};

/// How long a push (and its VAPID signature) is valid.
const VALID: Duration = Duration::from_secs(12 * 3600);

/// The VAPID `Authorization` value (RFC 8292) for a push to `endpoint`:
/// a JWT signed with `key` whose audience is the endpoint's origin (with
/// its port, where it has one: web-push-native's own header drops it),
/// from `subject`, valid [`VALID`]; and the public key.
fn vapid(key: &ES256KeyPair, subject: &str, endpoint: &reqwest::Url) -> Result<String, String> {
    let claims = Claims::create(VALID.into())
        .with_audience(endpoint.origin().ascii_serialization())
        .with_subject(subject);
    let token = key.sign(claims).map_err(|e| e.to_string())?;
    let public = URL_SAFE_NO_PAD.encode(key.public_key().public_key().to_bytes_uncompressed());
    Ok(format!("vapid t={token}, k={public}"))
}

/// How many times a push is tried, and the wait before each try after the
/// first (a push service's `Retry-After` is not awaited longer).
pub(super) const TRIES: [Duration; 4] = [
    Duration::ZERO,
    Duration::from_secs(2),
    Duration::from_secs(10),
    Duration::from_secs(60),
];

/// How a push ended.
#[derive(Debug)]
pub(super) enum Outcome {
    /// The push service took it.
    Sent,
    /// The push service says the subscription is gone (404, 410).
    Gone,
    /// Not delivered: why.
    Failed(String),
}

/// The client that posts pushes: a timeout, no redirects.
pub(super) fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(15))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap_or_default()
}

/// `endpoint` as a URL with a host, if it is one.
pub(super) fn target(endpoint: &str) -> Option<reqwest::Url> {
    reqwest::Url::parse(endpoint)
        .ok()
        .filter(|u| u.host_str().is_some() && matches!(u.scheme(), "https" | "http"))
}

/// One try: `Err` when it may succeed later (unreachable, 429, 5xx).
async fn once(
    client: &reqwest::Client,
    key: &ES256KeyPair,
    subject: &str,
    sub: &Stored,
    body: &[u8],
) -> Result<Outcome, String> {
    let decode = |s: &str| URL_SAFE_NO_PAD.decode(s.trim_end_matches('='));
    let (Ok(public), Ok(auth)) = (decode(&sub.p256dh), decode(&sub.auth)) else {
        return Ok(Outcome::Failed("keys that do not read".into()));
    };
    let Ok(public) = p256::PublicKey::from_sec1_bytes(&public) else {
        return Ok(Outcome::Failed("a public key that does not read".into()));
    };
    if auth.len() != 16 {
        return Ok(Outcome::Failed(
            "an authentication secret not of 16 bytes".into(),
        ));
    }
    let (Ok(endpoint), Some(url)) = (sub.endpoint.parse(), target(&sub.endpoint)) else {
        return Ok(Outcome::Failed("an endpoint that does not read".into()));
    };
    let authorization = match vapid(key, subject, &url) {
        Ok(a) => a,
        Err(e) => return Ok(Outcome::Failed(format!("cannot sign: {e}"))),
    };
    let built = WebPushBuilder::new(endpoint, public, Auth::clone_from_slice(&auth))
        .with_valid_duration(VALID)
        .build(body.to_vec());
    let request = match built {
        Ok(r) => r,
        Err(e) => return Ok(Outcome::Failed(format!("cannot encrypt: {e}"))),
    };
    let mut request = reqwest::Request::try_from(request).map_err(|e| e.to_string())?;
    let Ok(value) = reqwest::header::HeaderValue::from_str(&authorization) else {
        return Ok(Outcome::Failed("a VAPID header that does not read".into()));
    };
    request
        .headers_mut()
        .insert(reqwest::header::AUTHORIZATION, value);
    let answer = client.execute(request).await.map_err(|e| e.to_string())?;
    let status = answer.status().as_u16();
    match status {
        200..=299 => Ok(Outcome::Sent),
        404 | 410 => Ok(Outcome::Gone),
        429 | 500..=599 => Err(format!("the push service answered {status}")),
        _ => Ok(Outcome::Failed(format!(
            "the push service answered {status}"
        ))),
    }
}

/// Sends `body` to `sub`, trying again ([`TRIES`]) while it may succeed.
pub(super) async fn with_retries(
    client: &reqwest::Client,
    key: &ES256KeyPair,
    subject: &str,
    sub: &Stored,
    body: &[u8],
) -> Outcome {
    let mut last = String::new();
    for wait in TRIES {
        tokio::time::sleep(wait).await;
        match once(client, key, subject, sub, body).await {
            Ok(outcome) => return outcome,
            Err(why) => last = why,
        }
    }
    Outcome::Failed(last)
}
