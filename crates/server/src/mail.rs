//! Email notices of correspondence games (`tablero serve --smtp URL`): a
//! browser leaves an address for the seats it holds (`POST /api/notify`);
//! when a correspondence game (days per move) waits for one of those
//! seats, the address gets one message, and the games that wait meanwhile
//! are gathered into one digest sent at most once per quiet period (an
//! hour by default). The mover is never told of their own move; a game
//! whose two seats lead to the same address (one screen) sends nothing.
//! Every message carries an unsubscribe link that works without logging
//! in. Without `--smtp` nothing is stored as sent and nothing is sent.
//!
//! Storage: `notify_addresses` (the unsubscribe key, the address, its
//! language, when it was last written to), `notify_tokens` (which seat
//! tokens lead to which address) and `notify_sent` (which turns, a game
//! and its ply, an address has been told of). Several processes on one
//! PostgreSQL database may run this; the last-sent time is changed by
//! compare and set, so one message goes out, not one per process.

use crate::hub::{Actor, Hub};
use crate::store::now_ms;
use anyhow::{Context, Result};
use lettre::message::{header::ContentType, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use sqlx::Row;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tablero_i18n::{id, Lang, Message};

/// How the server sends mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailConfig {
    /// The SMTP server: `smtp://host:port` (plain, or STARTTLS when the
    /// server offers it: `?tls=required` to insist), `smtps://host` (TLS
    /// from the start); a user and password go before the host.
    pub smtp: String,
    /// The sender, `tablero <games@example.org>`.
    pub from: String,
    /// The server's address as players reach it, for the links in mails
    /// (`https://tablero.example.org`); empty: the address the server
    /// listens on.
    pub public_url: String,
    /// The least time between two messages to one address (an hour).
    pub quiet: Duration,
}

/// A ready mailer: the transport and its settings.
pub struct Mailer {
    config: MailConfig,
    from: Mailbox,
    transport: AsyncSmtpTransport<Tokio1Executor>,
}

impl Mailer {
    /// A mailer for `config`.
    ///
    /// # Errors
    /// A bad SMTP URL or sender address.
    pub fn new(config: MailConfig) -> Result<Mailer> {
        let from: Mailbox = config
            .from
            .parse()
            .with_context(|| format!("bad sender address {:?}", config.from))?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&config.smtp)
            .with_context(|| format!("bad SMTP URL {:?}", config.smtp))?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        Ok(Mailer {
            config,
            from,
            transport,
        })
    }

    /// Uses `url` in the links of mails when no public address was given.
    pub fn default_public_url(&mut self, url: &str) {
        if self.config.public_url.is_empty() {
            self.config.public_url = url.to_string();
        }
    }
}

/// Whether `text` is an address a mail can go to.
#[must_use]
pub fn valid_address(text: &str) -> bool {
    text.len() <= 254 && text.parse::<lettre::Address>().is_ok()
}

/// Leaves `email` (in `lang`) for the seats of `tokens`; answers the
/// address's unsubscribe key. The same address left again keeps its key.
///
/// # Errors
/// Storage failures.
pub async fn subscribe(hub: &Hub, email: &str, lang: Lang, tokens: &[String]) -> Result<String> {
    let pool = hub.store().pool();
    let email = email.trim().to_lowercase();
    let existing: Option<String> = sqlx::query("SELECT id FROM notify_addresses WHERE email = $1")
        .bind(&email)
        .fetch_optional(pool)
        .await?
        .map(|r| r.try_get(0))
        .transpose()?;
    let key = if let Some(key) = existing {
        sqlx::query("UPDATE notify_addresses SET lang = $1 WHERE id = $2")
            .bind(lang.code())
            .bind(&key)
            .execute(pool)
            .await?;
        key
    } else {
        let key = crate::hub::random_id(24);
        sqlx::query(
            "INSERT INTO notify_addresses (id, email, lang, last_sent, created) \
             VALUES ($1, $2, $3, NULL, $4)",
        )
        .bind(&key)
        .bind(&email)
        .bind(lang.code())
        .bind(now_ms())
        .execute(pool)
        .await?;
        key
    };
    for t in tokens {
        sqlx::query("DELETE FROM notify_tokens WHERE token = $1")
            .bind(t)
            .execute(pool)
            .await?;
        sqlx::query("INSERT INTO notify_tokens (token, address) VALUES ($1, $2)")
            .bind(t)
            .bind(&key)
            .execute(pool)
            .await?;
    }
    Ok(key)
}

/// The address the first of `tokens` that has one leads to.
///
/// # Errors
/// Storage failures.
pub async fn address_of(hub: &Hub, tokens: &[String]) -> Result<Option<String>> {
    for t in tokens {
        let found: Option<String> = sqlx::query(
            "SELECT a.email FROM notify_tokens t JOIN notify_addresses a ON a.id = t.address \
             WHERE t.token = $1",
        )
        .bind(t)
        .fetch_optional(hub.store().pool())
        .await?
        .map(|r| r.try_get(0))
        .transpose()?;
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

/// Forgets the address of the seats of `tokens`.
///
/// # Errors
/// Storage failures.
pub async fn forget_tokens(hub: &Hub, tokens: &[String]) -> Result<()> {
    for t in tokens {
        sqlx::query("DELETE FROM notify_tokens WHERE token = $1")
            .bind(t)
            .execute(hub.store().pool())
            .await?;
    }
    Ok(())
}

/// Removes the address whose unsubscribe key is `key`, with its seats and
/// what it was told; answers its language if it existed.
///
/// # Errors
/// Storage failures.
pub async fn unsubscribe(hub: &Hub, key: &str) -> Result<Option<Lang>> {
    let pool = hub.store().pool();
    let lang: Option<String> = sqlx::query("SELECT lang FROM notify_addresses WHERE id = $1")
        .bind(key)
        .fetch_optional(pool)
        .await?
        .map(|r| r.try_get(0))
        .transpose()?;
    let Some(lang) = lang else {
        return Ok(None);
    };
    for q in [
        "DELETE FROM notify_tokens WHERE address = $1",
        "DELETE FROM notify_sent WHERE address = $1",
        "DELETE FROM notify_addresses WHERE id = $1",
    ] {
        sqlx::query(q).bind(key).execute(pool).await?;
    }
    Ok(Some(Lang::parse(&lang).unwrap_or_default()))
}

/// A game waiting for an address's move.
struct Waiting {
    id: String,
    game: &'static str,
    ply: i64,
    left_ms: i64,
}

/// An address with games waiting.
struct Due {
    email: String,
    lang: Lang,
    last_sent: Option<i64>,
    games: Vec<Waiting>,
}

/// The addresses with correspondence games waiting for their move, and
/// those games.
async fn waiting(hub: &Arc<Hub>) -> Result<BTreeMap<String, Due>> {
    // A game whose other seat leads to the same address is one screen's:
    // the player's own move, never news.
    let rows = sqlx::query(
        "SELECT g.id, t.token, a.id, a.email, a.lang, a.last_sent \
         FROM games g \
         JOIN notify_tokens t ON (t.token = g.seat0_token OR t.token = g.seat1_token) \
         JOIN notify_addresses a ON a.id = t.address \
         LEFT JOIN notify_tokens o ON o.token = \
             CASE WHEN t.token = g.seat0_token THEN g.seat1_token ELSE g.seat0_token END \
         WHERE g.deadline IS NOT NULL AND g.clock LIKE '%d' \
           AND (o.address IS NULL OR o.address <> t.address)",
    )
    .fetch_all(hub.store().pool())
    .await?;
    let mut due: BTreeMap<String, Due> = BTreeMap::new();
    for r in &rows {
        let (game_id, token, key): (String, String, String) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        let Ok(st) = hub
            .state(&game_id, &Actor::Tokens(vec![token.clone()]), None)
            .await
        else {
            continue;
        };
        let Some(seat) = st.to_move.filter(|s| st.you.contains(s)) else {
            continue;
        };
        let left_ms = st.clock.as_ref().map_or(0, |c| c.left[seat]);
        let entry = due.entry(key).or_insert_with(|| Due {
            email: r.try_get(3).unwrap_or_default(),
            lang: r
                .try_get::<String, _>(4)
                .ok()
                .and_then(|l| Lang::parse(&l))
                .unwrap_or_default(),
            last_sent: r.try_get(5).ok().flatten(),
            games: Vec::new(),
        });
        entry.games.push(Waiting {
            id: game_id,
            game: st.game,
            ply: i64::try_from(st.ply).unwrap_or(0),
            left_ms,
        });
    }
    Ok(due)
}

/// The time left, in words: `2 d 5 h`, `5 h 12 min`.
fn left_text(lang: Lang, ms: i64) -> String {
    let hours = ms.max(0) / 3_600_000;
    let m = if hours >= 24 {
        Message::of(id!("mail_left_dh"))
            .num("d", hours / 24)
            .num("h", hours % 24)
    } else {
        Message::of(id!("mail_left_hm"))
            .num("h", hours)
            .num("m", (ms.max(0) % 3_600_000) / 60_000)
    };
    m.in_lang(lang)
}

/// The game's name in `lang`.
fn game_name(lang: Lang, game: &str) -> String {
    crate::games::find(game).map_or_else(
        || game.to_string(),
        |g| match lang {
            Lang::En => g.title.en.to_string(),
            Lang::Es => g.title.es.to_string(),
        },
    )
}

/// Sends what is due now; answers how many messages went out.
///
/// # Errors
/// Storage failures (a failed send is logged and tried again later).
pub async fn deliver(hub: &Arc<Hub>, mailer: &Mailer) -> Result<usize> {
    let now = now_ms();
    let quiet = i64::try_from(mailer.config.quiet.as_millis()).unwrap_or(i64::MAX);
    let pool = hub.store().pool();
    let mut sent = 0;
    for (key, due) in waiting(hub).await? {
        let mut new = Vec::new();
        for w in &due.games {
            let told = sqlx::query(
                "SELECT 1 FROM notify_sent WHERE address = $1 AND game_id = $2 AND ply = $3",
            )
            .bind(&key)
            .bind(&w.id)
            .bind(w.ply)
            .fetch_optional(pool)
            .await?
            .is_some();
            if !told {
                new.push(w);
            }
        }
        if new.is_empty() || due.last_sent.is_some_and(|t| now - t < quiet) {
            continue;
        }
        // Only one process writes to an address at a time.
        let claim = match due.last_sent {
            None => sqlx::query(
                "UPDATE notify_addresses SET last_sent = $1 WHERE id = $2 AND last_sent IS NULL",
            )
            .bind(now)
            .bind(&key),
            Some(before) => sqlx::query(
                "UPDATE notify_addresses SET last_sent = $1 WHERE id = $2 AND last_sent = $3",
            )
            .bind(now)
            .bind(&key)
            .bind(before),
        };
        let claimed = claim.execute(pool).await?.rows_affected() == 1;
        if !claimed {
            continue;
        }
        for w in &new {
            sqlx::query("INSERT INTO notify_sent (address, game_id, ply) VALUES ($1, $2, $3)")
                .bind(&key)
                .bind(&w.id)
                .bind(w.ply)
                .execute(pool)
                .await?;
        }
        match message(mailer, &key, &due) {
            Ok(m) => match mailer.transport.send(m).await {
                Ok(_) => sent += 1,
                Err(e) => tracing::warn!("mail to {}: {e}", due.email),
            },
            Err(e) => tracing::warn!("mail to {}: {e}", due.email),
        }
    }
    Ok(sent)
}

/// The message to `due` (key `key`): every game waiting, the most urgent
/// first.
fn message(mailer: &Mailer, key: &str, due: &Due) -> Result<lettre::Message> {
    let lang = due.lang;
    let base = mailer.config.public_url.trim_end_matches('/');
    let mut games: Vec<&Waiting> = due.games.iter().collect();
    games.sort_by_key(|w| w.left_ms);
    let subject = if let [one] = games.as_slice() {
        Message::of(id!("mail_subject_one"))
            .text("game", game_name(lang, one.game))
            .in_lang(lang)
    } else {
        Message::of(id!("mail_subject_many"))
            .num("n", games.len())
            .in_lang(lang)
    };
    let mut body = Message::of(id!("mail_intro")).in_lang(lang);
    body.push_str("\n\n");
    for w in &games {
        body.push_str(
            &Message::of(id!("mail_line"))
                .text("game", game_name(lang, w.game))
                .text("left", left_text(lang, w.left_ms))
                .text("url", format!("{base}/play/{}", w.id))
                .in_lang(lang),
        );
        body.push('\n');
    }
    let unsubscribe = format!("{base}/unsubscribe/{key}");
    body.push('\n');
    body.push_str(
        &Message::of(id!("mail_unsubscribe"))
            .text("url", &unsubscribe)
            .in_lang(lang),
    );
    body.push('\n');
    Ok(lettre::Message::builder()
        .from(mailer.from.clone())
        .to(due.email.parse()?)
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .header(ListUnsubscribe(format!("<{unsubscribe}>")))
        .header(ListUnsubscribePost)
        .body(body)?)
}

/// `List-Unsubscribe: <URL>` (RFC 2369).
#[derive(Clone)]
struct ListUnsubscribe(String);

impl lettre::message::header::Header for ListUnsubscribe {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the
/// link also takes a POST with no login.
#[derive(Clone)]
struct ListUnsubscribePost;

impl lettre::message::header::Header for ListUnsubscribePost {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(
            Self::name(),
            "List-Unsubscribe=One-Click".to_string(),
        )
    }
}

/// Sends notices until the hub is dropped, looking every quarter of the
/// quiet period (between 1 and 30 seconds).
pub async fn run(hub: std::sync::Weak<Hub>, mailer: Mailer) {
    let every = (mailer.config.quiet / 4).clamp(Duration::from_secs(1), Duration::from_secs(30));
    loop {
        tokio::time::sleep(every).await;
        let Some(h) = hub.upgrade() else {
            return;
        };
        if let Err(e) = deliver(&h, &mailer).await {
            tracing::warn!("mail notices: {e}");
        }
    }
}
