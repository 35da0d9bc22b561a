//! Web Push (issue #49): an account's browsers subscribe (the push
//! service's endpoint and the browser's keys, RFC 8030/8291), choose which
//! kinds of notice they want pushed ([`Kinds`]: their turn, a new
//! challenge, a tournament round), and the server pushes those notices,
//! encrypted (aes128gcm) and signed with its VAPID key (RFC 8292), from a
//! background task, after their cause committed.
//!
//! The notices come from the event bus ([`crate::events::Notice`]: the
//! games concern's [`Turn`]s, the challenges concern's
//! [`ChallengeNotice`]s), which every process hears: each notice is claimed
//! in the store (`push_claims`) and only the process that claims it sends
//! it. Tournament rounds are pushed by [`Push::tournament_round`]; a
//! league's group, made, is heard on the bus too (`Notice::Group`, one
//! push to each player, to the league's page). A push the service refuses for a while
//! (a network error, 429, 5xx) is tried again ([`send::TRIES`]); one
//! answered 404 or 410 drops the subscription (the browser left).
//!
//! The key pair is made at the first start and kept in the database
//! (`push_vapid`), so every process signs with the same key and the
//! browsers' subscriptions outlive a restart.

mod send;
pub mod store;

use crate::db::{now_ms, random_id, Db, Fault};
use crate::events::{Bus, ChallengeNotice, Notice, Turn};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tablero_core::{id, Message};
use tablero_i18n::Lang;
use tokio::sync::OnceCell;
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256KeyPair};

/// The most subscriptions (browsers) one account keeps.
pub const MAX_SUBSCRIPTIONS: i64 = 20;

/// The longest endpoint URL taken.
pub const MAX_ENDPOINT: usize = 2000;

crate::refusal::concern_error! {
    /// Why the push concern refused.
    pub enum PushError {
        /// Not logged in.
        NoAccount => Unknown,
        /// A subscription that does not read, or too many.
        Invalid => Invalid,
        /// No such subscription of the asker's.
        Missing => Missing,
    }
}

/// The server's push settings (`Config::push`).
#[derive(Clone, Debug)]
pub struct PushConfig {
    /// Who runs this server, as the push services are told (VAPID's
    /// `sub`: a `mailto:` or `https:` URL). `TABLERO_VAPID_SUBJECT`.
    pub subject: String,
    /// Whether endpoints may be plain `http://` URLs (a push service
    /// started by a test); real push services are HTTPS only.
    /// `TABLERO_PUSH_ALLOW_HTTP=1`.
    pub allow_http: bool,
}

impl Default for PushConfig {
    fn default() -> Self {
        PushConfig {
            subject: "mailto:admin@localhost".into(),
            allow_http: false,
        }
    }
}

impl PushConfig {
    /// The settings of the environment (`TABLERO_VAPID_SUBJECT`,
    /// `TABLERO_PUSH_ALLOW_HTTP`), else the defaults.
    #[must_use]
    pub fn from_env() -> PushConfig {
        let d = PushConfig::default();
        PushConfig {
            subject: std::env::var("TABLERO_VAPID_SUBJECT")
                .ok()
                .filter(|s| !s.trim().is_empty())
                .unwrap_or(d.subject),
            allow_http: std::env::var("TABLERO_PUSH_ALLOW_HTTP").is_ok_and(|v| v == "1"),
        }
    }
}

/// Which kinds of notice an account wants pushed (all until it chooses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kinds {
    /// A move made in one of its games: its turn now.
    pub turn: bool,
    /// A challenge made to it.
    pub challenge: bool,
    /// A tournament round that seats it.
    pub tournament: bool,
}

impl Default for Kinds {
    fn default() -> Self {
        Kinds {
            turn: true,
            challenge: true,
            tournament: true,
        }
    }
}

/// A browser's subscription as `PushManager.subscribe` gives it
/// (`subscription.toJSON()`), with the language of its notices.
#[derive(Clone, Debug, Deserialize)]
pub struct NewSubscription {
    /// The push service's URL for this browser.
    pub endpoint: String,
    /// The browser's keys.
    pub keys: SubscriptionKeys,
    /// When the push service will drop it (ignored).
    #[serde(default, rename = "expirationTime")]
    pub expiration_time: Option<serde_json::Value>,
    /// The language of its notices (`en`, `es`; English if none).
    #[serde(default)]
    pub lang: Option<String>,
}

/// A subscription's keys (base64url).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubscriptionKeys {
    /// The browser's P-256 public key (65 bytes, uncompressed).
    pub p256dh: String,
    /// The browser's authentication secret (16 bytes).
    pub auth: String,
}

/// A subscription as its owner sees it.
#[derive(Clone, Debug, Serialize)]
pub struct SubscriptionView {
    /// Its id (to delete it).
    pub id: String,
    /// The push service's URL.
    pub endpoint: String,
    /// The language of its notices.
    pub lang: String,
    /// When it was made (ms since 1970).
    pub created: i64,
}

impl From<store::Stored> for SubscriptionView {
    fn from(s: store::Stored) -> Self {
        SubscriptionView {
            id: s.id,
            endpoint: s.endpoint,
            lang: s.lang,
            created: s.created,
        }
    }
}

/// An account's push settings: its kinds and its subscriptions.
#[derive(Clone, Debug, Serialize)]
pub struct Mine {
    /// The kinds it wants pushed.
    pub kinds: Kinds,
    /// Its browsers.
    pub subscriptions: Vec<SubscriptionView>,
}

/// What one push says (the service worker shows it: `web/sw.js`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    /// The kind: `turn`, `challenge`, `tournament`.
    pub kind: String,
    /// The notification's title.
    pub title: String,
    /// Its text.
    pub body: String,
    /// The page it opens.
    pub url: String,
    /// Notifications of one tag replace each other (one per game).
    pub tag: String,
}

/// One notice to push to one account.
struct Outgoing {
    account: String,
    /// The claim's key: one send per notice and account, whichever
    /// process hears it first.
    key: String,
    kind: &'static str,
    title: tablero_i18n::Id,
    body: Message,
    url: String,
    tag: String,
}

/// Web Push.
#[derive(Clone)]
pub struct Push {
    db: Db,
    bus: Arc<Bus>,
    config: Arc<PushConfig>,
    key: Arc<OnceCell<Arc<ES256KeyPair>>>,
    client: reqwest::Client,
}

/// `text` (base64url, padded or not) as bytes.
fn unbase64(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok()
}

impl Push {
    /// Web Push over `db`, hearing `bus`, with `config`.
    #[must_use]
    pub fn new(db: Db, bus: Arc<Bus>, config: PushConfig) -> Push {
        Push {
            db,
            bus,
            config: Arc::new(config),
            key: Arc::new(OnceCell::new()),
            client: send::client(),
        }
    }

    /// The same, with `config`.
    #[must_use]
    pub fn with_config(self, config: PushConfig) -> Push {
        Push {
            config: Arc::new(config),
            ..self
        }
    }

    /// The VAPID key pair: the stored one, made and stored at the first
    /// call ever.
    async fn key(&self) -> Result<Arc<ES256KeyPair>, Fault> {
        self.key
            .get_or_try_init(|| async {
                let fresh = URL_SAFE_NO_PAD.encode(ES256KeyPair::generate().to_bytes());
                let stored = store::vapid_key(&self.db, &fresh, now_ms()).await?;
                let bytes = unbase64(&stored)
                    .ok_or_else(|| Fault::new("a VAPID key that does not read"))?;
                ES256KeyPair::from_bytes(&bytes)
                    .map(Arc::new)
                    .map_err(|e| Fault::new(format!("a VAPID key that does not read: {e}")))
            })
            .await
            .cloned()
    }

    /// The server's VAPID public key (base64url, the uncompressed point),
    /// the browser's `applicationServerKey`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn public_key(&self) -> Result<String, PushError> {
        let key = self.key().await?;
        Ok(URL_SAFE_NO_PAD.encode(key.public_key().public_key().to_bytes_uncompressed()))
    }

    /// Keeps `s` for `account` (a browser subscribing again replaces its
    /// subscription).
    ///
    /// # Errors
    /// `Invalid` for an endpoint that is not an HTTPS URL (HTTP where the
    /// config allows), keys that do not read, or more than
    /// [`MAX_SUBSCRIPTIONS`].
    pub async fn subscribe(
        &self,
        account: &str,
        s: &NewSubscription,
    ) -> Result<SubscriptionView, PushError> {
        let bad = |why| {
            PushError::Invalid(Message::of(id!("api_push_bad_subscription")).text("why", why))
        };
        let endpoint = s.endpoint.trim();
        let scheme_ok = endpoint.starts_with("https://")
            || (self.config.allow_http && endpoint.starts_with("http://"));
        if !scheme_ok || endpoint.len() > MAX_ENDPOINT || endpoint.contains(char::is_whitespace) {
            return Err(bad("endpoint"));
        }
        if send::target(endpoint).is_none() {
            return Err(bad("endpoint"));
        }
        let p256dh = unbase64(&s.keys.p256dh).ok_or_else(|| bad("p256dh"))?;
        if web_push_native::p256::PublicKey::from_sec1_bytes(&p256dh).is_err() {
            return Err(bad("p256dh"));
        }
        if unbase64(&s.keys.auth).is_none_or(|a| a.len() != 16) {
            return Err(bad("auth"));
        }
        let lang = Lang::parse(s.lang.as_deref().unwrap_or("en")).unwrap_or_default();
        let mine = store::of_account(&self.db, account).await?;
        let again = mine.iter().any(|m| m.endpoint == endpoint);
        if !again && store::count(&self.db, account).await? >= MAX_SUBSCRIPTIONS {
            return Err(PushError::Invalid(
                Message::of(id!("api_push_too_many")).num("max", MAX_SUBSCRIPTIONS),
            ));
        }
        let row = store::Stored {
            id: random_id(16),
            account: account.to_string(),
            endpoint: endpoint.to_string(),
            p256dh: URL_SAFE_NO_PAD.encode(&p256dh),
            auth: s.keys.auth.trim_end_matches('=').to_string(),
            lang: lang.code().to_string(),
            created: now_ms(),
        };
        store::save(&self.db, &row).await?;
        Ok(row.into())
    }

    /// `account`'s kinds and subscriptions.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn mine(&self, account: &str) -> Result<Mine, PushError> {
        Ok(Mine {
            kinds: store::kinds(&self.db, account).await?,
            subscriptions: store::of_account(&self.db, account)
                .await?
                .into_iter()
                .map(SubscriptionView::from)
                .collect(),
        })
    }

    /// Deletes `account`'s subscription `id`.
    ///
    /// # Errors
    /// `Missing` when `account` has no such subscription (another
    /// account's is not named: the same answer).
    pub async fn unsubscribe(&self, account: &str, id: &str) -> Result<(), PushError> {
        if store::delete(&self.db, account, id).await? {
            Ok(())
        } else {
            Err(PushError::Missing(
                Message::of(id!("api_push_no_subscription")).text("id", id),
            ))
        }
    }

    /// Stores the kinds `account` wants pushed.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn set_kinds(&self, account: &str, kinds: Kinds) -> Result<Kinds, PushError> {
        store::set_kinds(&self.db, account, kinds).await?;
        Ok(kinds)
    }

    /// Starts pushing the bus's notices (a task for the server's life),
    /// and forgetting day-old claims.
    pub fn spawn(&self) {
        let me = self.clone();
        let mut notices = self.bus.notices();
        tokio::spawn(async move {
            loop {
                match notices.recv().await {
                    Ok(n) => {
                        for out in outgoing(&n) {
                            me.push(out).await;
                        }
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(k)) => {
                        tracing::warn!("push: {k} notices missed (not pushed)");
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
                }
            }
        });
        let db = self.db.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(std::time::Duration::from_secs(3600)).await;
                if let Err(e) = store::prune_claims(&db, now_ms() - 24 * 3600 * 1000).await {
                    tracing::warn!("push: cannot forget old claims: {e}");
                }
            }
        });
    }

    /// Pushes that tournament `tournament`'s round `round` began to each
    /// player seated in it: `seats` holds (account id, game id) pairs
    /// (the game its notice opens). For the tournaments concern, called
    /// once the round's games are committed; each account is pushed once
    /// per round, whichever process calls.
    pub async fn tournament_round(&self, tournament: &str, round: u32, seats: &[(String, String)]) {
        for (account, game) in seats {
            self.push(Outgoing {
                account: account.clone(),
                key: format!("round:{tournament}:{round}:{account}"),
                kind: "tournament",
                title: id!("push_round_title"),
                body: Message::of(id!("push_round_body")).num("round", round),
                url: format!("/play/{game}"),
                tag: format!("round-{tournament}"),
            })
            .await;
        }
    }

    /// Sends `out` to every browser of its account that wants its kind,
    /// if this process claims it; in the background, trying again.
    async fn push(&self, out: Outgoing) {
        if let Err(e) = self.try_push(out).await {
            tracing::warn!("push: {e}");
        }
    }

    async fn try_push(&self, out: Outgoing) -> Result<(), Fault> {
        let subs = store::of_account(&self.db, &out.account).await?;
        if subs.is_empty() {
            return Ok(());
        }
        let kinds = store::kinds(&self.db, &out.account).await?;
        let wanted = match out.kind {
            "turn" => kinds.turn,
            "challenge" => kinds.challenge,
            _ => kinds.tournament,
        };
        if !wanted || !store::claim(&self.db, &out.key, now_ms()).await? {
            return Ok(());
        }
        let key = self.key().await?;
        for sub in subs {
            let lang = Lang::parse(&sub.lang).unwrap_or_default();
            let payload = Payload {
                kind: out.kind.to_string(),
                title: Message::of(out.title).in_lang(lang),
                body: out.body.in_lang(lang),
                url: out.url.clone(),
                tag: out.tag.clone(),
            };
            let body = serde_json::to_vec(&payload).unwrap_or_default();
            let (db, client, key) = (self.db.clone(), self.client.clone(), Arc::clone(&key));
            let subject = self.config.subject.clone();
            tokio::spawn(async move {
                match send::with_retries(&client, &key, &subject, &sub, &body).await {
                    send::Outcome::Sent => {}
                    send::Outcome::Gone => {
                        if let Err(e) = store::forget(&db, &sub.endpoint).await {
                            tracing::warn!("push: cannot drop a gone subscription: {e}");
                        }
                    }
                    send::Outcome::Failed(why) => {
                        tracing::warn!(subscription = %sub.id, "push not delivered: {why}");
                    }
                }
            });
        }
        Ok(())
    }
}

/// The pushes notice `n` asks for: a turn to the account to move (not
/// at a game's end), a new challenge to the challenged.
fn outgoing(n: &Notice) -> Vec<Outgoing> {
    match n {
        Notice::Turn(Turn {
            game,
            to_move: Some(seat),
            ended: false,
            ply,
            accounts,
        }) => accounts
            .get(*seat)
            .cloned()
            .flatten()
            .map(|account| Outgoing {
                key: format!("turn:{game}:{ply}:{account}"),
                account,
                kind: "turn",
                title: id!("push_turn_title"),
                body: Message::of(id!("push_turn_body")).num("ply", *ply),
                url: format!("/play/{game}"),
                tag: format!("game-{game}"),
            })
            .into_iter()
            .collect(),
        Notice::Challenge(ChallengeNotice { id, what, to, .. }) if what == "new" => to
            .iter()
            .map(|account| Outgoing {
                account: account.clone(),
                key: format!("challenge:{id}:{account}"),
                kind: "challenge",
                title: id!("push_challenge_title"),
                body: Message::of(id!("push_challenge_body")),
                url: "/".into(),
                tag: format!("challenge-{id}"),
            })
            .collect(),
        Notice::Group(g) => g
            .players
            .iter()
            .map(|p| Outgoing {
                account: p.account.clone(),
                key: format!("group:{}:{}:{}", g.tournament, g.group, p.account),
                kind: "tournament",
                title: id!("push_group_title"),
                body: Message::of(id!("push_group_body")).num("games", p.games.len()),
                url: format!("/tournament/{}", g.tournament),
                tag: format!("round-{}", g.tournament),
            })
            .collect(),
        Notice::Challenge(_) | Notice::Turn(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(to_move: Option<usize>, ended: bool) -> Notice {
        Notice::Turn(Turn {
            game: "g1".into(),
            to_move,
            ended,
            ply: 4,
            accounts: [Some("a".into()), None],
        })
    }

    #[test]
    fn a_turn_is_pushed_to_the_account_to_move_only() {
        let out = outgoing(&turn(Some(0), false));
        assert_eq!(out.len(), 1);
        assert_eq!((out[0].account.as_str(), out[0].kind), ("a", "turn"));
        assert_eq!(out[0].url, "/play/g1");
        // Seat 1 has no account; an end pushes nothing.
        assert!(outgoing(&turn(Some(1), false)).is_empty());
        assert!(outgoing(&turn(None, true)).is_empty());
    }

    #[test]
    fn only_a_new_challenge_is_pushed() {
        let n = |what: &str| {
            Notice::Challenge(ChallengeNotice {
                id: "c1".into(),
                what: what.into(),
                to: vec!["b".into()],
                game: None,
                about: None,
            })
        };
        assert_eq!(outgoing(&n("new")).len(), 1);
        assert!(outgoing(&n("accepted")).is_empty());
        assert!(outgoing(&n("declined")).is_empty());
    }
}
