//! Email notices of correspondence games (`tablero serve --smtp URL`): a
//! browser leaves an address for the seats it holds (`POST /api/notify`),
//! and a logged-in player's address becomes the account's: it reaches
//! every seat the account holds, on any device, from the moment the seat
//! is the account's (a seek accepted, a challenge, a link claimed);
//! the address is sent a confirmation mail with a link and gets nothing
//! else until the link is opened (`/confirm/KEY`); addresses of local or
//! reserved domains are refused ([`bad_address`]). Once confirmed, when a
//! correspondence game (days per move) waits for one of those
//! seats, the address gets one message, and the games that wait meanwhile
//! are gathered into one digest sent at most once per quiet period (an
//! hour by default). The mover is never told of their own move; a game
//! whose two seats lead to the same address (one screen) sends nothing.
//! Every message carries an unsubscribe link that works without logging
//! in. Without `--smtp` nothing is stored as sent and nothing is sent.
//!
//! Storage ([`store`]): `notify_addresses` (the unsubscribe key, the
//! address, its language, when it was last written to, its confirmation), `notify_tokens`
//! (which seat tokens lead to which address) and `notify_sent` (which
//! turns, a game and its ply, an address has been told of; a game's turns
//! are forgotten when it ends, heard from the games concern's `GameEnded`
//! event: [`Mail`] is its subscriber). Several processes on one
//! PostgreSQL database may run this; the last-sent time is changed by
//! compare and set, so one message goes out, not one per process.

pub mod store;

use crate::db::{now_ms, random_id, Db, Fault};
use crate::events::{
    Bus, ChallengeNotice, GameEnded, GroupNotice, GroupPlayer, Notice, Subscriber,
};
use crate::games::{Actor, Hub};
use anyhow::Context;
use futures_util::future::BoxFuture;
use lettre::message::{header::ContentType, Mailbox};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tablero_i18n::{id, Lang, Message};

/// The most seat tokens one request names (as `POST /api/my-games`).
pub const MAX_TOKENS: usize = 200;

crate::refusal::concern_error! {
    /// Why the mail concern refused a request, or failed.
    pub enum MailError {
        /// Not an address a mail can go to, or too many tokens.
        BadAddress => Invalid,
        /// The server sends no mail (no `--smtp`).
        Off => NotNow,
    }
}

type Result<T, E = MailError> = std::result::Result<T, E>;

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
    pub fn new(config: MailConfig) -> anyhow::Result<Mailer> {
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

/// Why `text` is not an address a mail can go to, if it is not: not an
/// address at all (`api_bad_email`), or one whose domain no mail from the
/// internet reaches (`api_email_unroutable`): an IP literal
/// (`a@[127.0.0.1]`), a domain without a dot (`a@localhost`), or a name
/// under a top-level domain reserved for local or test use (RFC 2606, RFC
/// 6761, RFC 6762: `localhost`, `local`, `invalid`, `test`, `example`,
/// `internal`, `home.arpa`).
#[must_use]
pub fn bad_address(text: &str) -> Option<Message> {
    const RESERVED: [&str; 7] = [
        "localhost",
        "local",
        "invalid",
        "test",
        "example",
        "internal",
        "home.arpa",
    ];
    let bad = || Some(Message::of(id!("api_bad_email")).text("email", text));
    if text.len() > 254 {
        return bad();
    }
    let Ok(address) = text.parse::<lettre::Address>() else {
        return bad();
    };
    let domain = address.domain().trim_end_matches('.').to_ascii_lowercase();
    let unroutable = domain.starts_with('[')
        || domain.parse::<std::net::IpAddr>().is_ok()
        || !domain.contains('.')
        || RESERVED
            .iter()
            .any(|r| domain == *r || domain.ends_with(&format!(".{r}")));
    unroutable.then(|| Message::of(id!("api_email_unroutable")).text("email", text))
}

/// The mail concern's service: the addresses left for seats, and whether
/// the server sends mail at all.
#[derive(Clone)]
pub struct Mail {
    db: Db,
    on: bool,
    wake: Arc<tokio::sync::Notify>,
}

impl Mail {
    /// The notices of `db`; `on`: the server sends mail (`--smtp`).
    #[must_use]
    pub fn new(db: Db, on: bool) -> Mail {
        Mail {
            db,
            on,
            wake: Arc::new(tokio::sync::Notify::new()),
        }
    }

    /// What wakes the sender ([`run`]) at once: an address left, whose
    /// confirmation mail is due.
    #[must_use]
    pub fn waker(&self) -> Arc<tokio::sync::Notify> {
        Arc::clone(&self.wake)
    }

    /// Whether the server sends mail.
    #[must_use]
    pub fn on(&self) -> bool {
        self.on
    }

    /// Refuses more than [`MAX_TOKENS`] tokens.
    fn check_tokens(tokens: &[String]) -> Result<()> {
        if tokens.len() > MAX_TOKENS {
            return Err(MailError::BadAddress(
                Message::of(id!("api_too_many_tokens")).num("max", MAX_TOKENS),
            ));
        }
        Ok(())
    }

    /// Leaves `email` (in `lang`) for the seats of `tokens`; answers the
    /// address as stored (lower-cased) and whether it is confirmed. An
    /// address not confirmed yet is sent a confirmation mail (again when
    /// left again after the quiet period). The same address left again
    /// keeps its unsubscribe and confirmation keys.
    ///
    /// # Errors
    /// No mail sent by this server, a bad or unroutable address, too many
    /// tokens, storage failures.
    pub async fn subscribe(
        &self,
        email: &str,
        lang: Lang,
        tokens: &[String],
        account: Option<&str>,
    ) -> Result<(String, bool)> {
        if !self.on {
            return Err(MailError::Off(Message::of(id!("api_no_mail"))));
        }
        Self::check_tokens(tokens)?;
        let email = email.trim();
        if let Some(m) = bad_address(email) {
            return Err(MailError::BadAddress(m));
        }
        let email = email.to_lowercase();
        let confirmed = store::subscribe(
            &self.db,
            &email,
            lang,
            tokens,
            account,
            &random_id(24),
            &random_id(32),
        )
        .await?;
        if !confirmed {
            self.wake.notify_one();
        }
        Ok((email, confirmed))
    }

    /// The address of `account` if it has one, else the one the first of
    /// `tokens` that has one leads to, and whether it is confirmed (none
    /// when the server sends no mail).
    ///
    /// # Errors
    /// Too many tokens, storage failures.
    pub async fn address_of(
        &self,
        account: Option<&str>,
        tokens: &[String],
    ) -> Result<Option<(String, bool)>> {
        Self::check_tokens(tokens)?;
        if !self.on {
            return Ok(None);
        }
        Ok(store::address_of(&self.db, account, tokens).await?)
    }

    /// Confirms the address whose confirmation link's key is `key`: it
    /// gets notices from now on. Answers its language if it exists.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn confirm(&self, key: &str) -> Result<Option<Lang>> {
        Ok(store::confirm(&self.db, key)
            .await?
            .map(|l| Lang::parse(&l).unwrap_or_default()))
    }

    /// The language of the address whose confirmation link's key is
    /// `key`, if it exists.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn confirm_lang(&self, key: &str) -> Result<Option<Lang>> {
        Ok(store::confirm_lang(&self.db, key)
            .await?
            .map(|l| Lang::parse(&l).unwrap_or_default()))
    }

    /// Forgets the address of the seats of `tokens`, and `account`'s
    /// address (its seats get no more notices).
    ///
    /// # Errors
    /// Too many tokens, storage failures.
    pub async fn forget_tokens(&self, account: Option<&str>, tokens: &[String]) -> Result<()> {
        Self::check_tokens(tokens)?;
        Ok(store::forget_tokens(&self.db, account, tokens).await?)
    }

    /// Removes the address whose unsubscribe key is `key`, with its seats
    /// and what it was told; answers its language if it existed.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn unsubscribe(&self, key: &str) -> Result<Option<Lang>> {
        Ok(store::unsubscribe(&self.db, key)
            .await?
            .map(|l| Lang::parse(&l).unwrap_or_default()))
    }
}

impl Mail {
    /// Keeps every new correspondence challenge (days per move) heard on
    /// `bus` to be mailed to the challenged (by [`deliver`], when the
    /// account has a confirmed address), until the bus is gone. A live
    /// challenge is answered on the page within its minutes, never mailed.
    pub fn spawn_challenges(&self, bus: &Bus) -> tokio::task::JoinHandle<()> {
        let mut notices = bus.notices();
        let me = self.clone();
        tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            loop {
                match notices.recv().await {
                    Ok(Notice::Challenge(ChallengeNotice {
                        id,
                        what,
                        to,
                        about: Some(about),
                        ..
                    })) if what == "new" && me.on => {
                        let Some(clock) = about.clock.filter(|c| c.ends_with('d')) else {
                            continue;
                        };
                        for account in &to {
                            let kept = store::keep_challenge(
                                &me.db,
                                &id,
                                account,
                                &about.from,
                                &about.game,
                                &clock,
                                now_ms(),
                            )
                            .await;
                            if let Err(e) = kept {
                                tracing::warn!(challenge = %id, "cannot keep its mail: {e}");
                            }
                        }
                        me.wake.notify_one();
                    }
                    Ok(_) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return,
                }
            }
        })
    }
}

/// The mail concern hears every game's end: the turns it remembers of
/// that game are forgotten (no more turns will come).
impl Subscriber for Mail {
    fn name(&self) -> &'static str {
        "mail"
    }

    fn apply<'a>(&'a self, e: &'a GameEnded) -> BoxFuture<'a, Result<(), Fault>> {
        Box::pin(store::forget_game(&self.db, &e.game))
    }

    fn catch_up(&self) -> BoxFuture<'_, Result<usize, Fault>> {
        Box::pin(store::forget_ended(&self.db))
    }
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
async fn waiting(hub: &Arc<Hub>, db: &Db) -> Result<BTreeMap<String, Due>, Fault> {
    let mut due: BTreeMap<String, Due> = BTreeMap::new();
    for r in store::waiting(db).await? {
        let Ok(st) = hub
            .state(&r.game, &Actor::Tokens(vec![r.token.clone()]), None)
            .await
        else {
            continue;
        };
        let Some(seat) = st.to_move.filter(|s| st.you.contains(s)) else {
            continue;
        };
        let left_ms = st.clock.as_ref().map_or(0, |c| c.left[seat]);
        let entry = due.entry(r.key).or_insert_with(|| Due {
            email: r.email,
            lang: Lang::parse(&r.lang).unwrap_or_default(),
            last_sent: r.last_sent,
            games: Vec::new(),
        });
        entry.games.push(Waiting {
            id: r.game,
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
    crate::games::catalog::find(game).map_or_else(
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
pub async fn deliver(hub: &Arc<Hub>, mailer: &Mailer) -> Result<usize, Fault> {
    let now = now_ms();
    let quiet = i64::try_from(mailer.config.quiet.as_millis()).unwrap_or(i64::MAX);
    let db = hub.db();
    let mut sent = confirm_all(db, mailer, now, quiet).await?;
    sent += challenges_all(db, mailer, now).await?;
    for (key, due) in waiting(hub, db).await? {
        let mut new = Vec::new();
        for w in &due.games {
            if !store::told(db, &key, &w.id, w.ply).await? {
                new.push(w);
            }
        }
        if new.is_empty() || due.last_sent.is_some_and(|t| now - t < quiet) {
            continue;
        }
        // Only one process writes to an address at a time.
        if !store::claim(db, &key, due.last_sent, now).await? {
            continue;
        }
        for w in &new {
            store::mark_told(db, &key, &w.id, w.ply).await?;
        }
        sent += send(mailer, "mail", &due.email, message(mailer, &key, &due)).await;
    }
    Ok(sent)
}

/// Sends mail `m` (made for address `to`; `what` names it in the log),
/// after its claim was committed; answers 1 when it went out, 0 when it
/// could not be made or sent (logged: a claimed mail is not tried again).
async fn send(mailer: &Mailer, what: &str, to: &str, m: anyhow::Result<lettre::Message>) -> usize {
    let failed = match m {
        Ok(m) => match mailer.transport.send(m).await {
            Ok(_) => return 1,
            Err(e) => e.to_string(),
        },
        Err(e) => e.to_string(),
    };
    tracing::warn!("{what} to {to}: {failed}");
    0
}

/// Sends the mails of the correspondence challenges kept (one each, at
/// once: a challenge is no turn to gather into a digest); answers how many
/// went out.
async fn challenges_all(db: &Db, mailer: &Mailer, now: i64) -> Result<usize, Fault> {
    let mut sent = 0;
    for c in store::challenges_due(db, now).await? {
        // Only one process sends it.
        if !store::claim_challenge(db, &c.challenge, &c.account, now).await? {
            continue;
        }
        sent += send(
            mailer,
            "challenge mail",
            &c.email,
            challenge_message(mailer, &c),
        )
        .await;
    }
    Ok(sent)
}

/// The mail of challenge `c`: who, which game, how many days a move, and
/// where to answer it.
fn challenge_message(mailer: &Mailer, c: &store::ChallengeDue) -> anyhow::Result<lettre::Message> {
    let lang = Lang::parse(&c.lang).unwrap_or_default();
    let base = mailer.config.public_url.trim_end_matches('/');
    let game = game_name(lang, &c.game);
    let days = c.clock.trim_end_matches('d');
    let unsubscribe = format!("{base}/unsubscribe/{}", c.key);
    let body = format!(
        "{}\n\n{}\n",
        Message::of(id!("mail_challenge_body"))
            .text("name", &c.sender)
            .text("game", &game)
            .text("days", days)
            .text("url", format!("{base}/"))
            .in_lang(lang),
        Message::of(id!("mail_unsubscribe"))
            .text("url", &unsubscribe)
            .in_lang(lang),
    );
    Ok(lettre::Message::builder()
        .from(mailer.from.clone())
        .to(c.email.parse()?)
        .subject(
            Message::of(id!("mail_challenge_subject"))
                .text("name", &c.sender)
                .text("game", &game)
                .in_lang(lang),
        )
        .header(ContentType::TEXT_PLAIN)
        .header(ListUnsubscribe(format!("<{unsubscribe}>")))
        .header(ListUnsubscribePost)
        .body(body)?)
}

/// Sends the confirmation mails due at `now`; answers how many went out.
async fn confirm_all(db: &Db, mailer: &Mailer, now: i64, quiet: i64) -> Result<usize, Fault> {
    let mut sent = 0;
    for c in store::confirmations_due(db, now, quiet).await? {
        // Only one process sends it.
        if !store::claim_confirmation(db, &c.key, c.sent, now).await? {
            continue;
        }
        sent += send(
            mailer,
            "confirmation mail",
            &c.email,
            confirmation(mailer, &c),
        )
        .await;
    }
    Ok(sent)
}

/// The confirmation mail to `c`: the link that confirms the address.
fn confirmation(mailer: &Mailer, c: &store::Unconfirmed) -> anyhow::Result<lettre::Message> {
    let lang = Lang::parse(&c.lang).unwrap_or_default();
    let base = mailer.config.public_url.trim_end_matches('/');
    let body = Message::of(id!("mail_confirm_body"))
        .text("url", format!("{base}/confirm/{}", c.confirm_key))
        .in_lang(lang);
    Ok(lettre::Message::builder()
        .from(mailer.from.clone())
        .to(c.email.parse()?)
        .subject(Message::of(id!("mail_confirm_subject")).in_lang(lang))
        .header(ContentType::TEXT_PLAIN)
        .body(format!("{body}\n"))?)
}

/// The message to `due` (key `key`): every game waiting, the most urgent
/// first.
fn message(mailer: &Mailer, key: &str, due: &Due) -> anyhow::Result<lettre::Message> {
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

/// Tells each player of the league group `g` with a confirmed address of
/// its games: one mail each, once (claimed in `notify_sent`, whichever
/// process hears the notice first). Answers how many went out.
///
/// # Errors
/// Storage failures.
pub async fn group_mails(db: &Db, mailer: &Mailer, g: &GroupNotice) -> Result<usize, Fault> {
    let mut sent = 0;
    let what = format!("group:{}:{}", g.tournament, g.group);
    for p in &g.players {
        let Some((key, email, lang)) = store::confirmed_of(db, &p.account).await? else {
            continue;
        };
        if !store::claim_told(db, &key, &what).await? {
            continue;
        }
        let lang = Lang::parse(&lang).unwrap_or_default();
        sent += send(
            mailer,
            "group mail",
            &email,
            group_message(mailer, &key, &email, lang, g, p),
        )
        .await;
    }
    Ok(sent)
}

/// The mail to player `p` of group `g`: the league, the group, its games.
fn group_message(
    mailer: &Mailer,
    key: &str,
    email: &str,
    lang: Lang,
    g: &GroupNotice,
    p: &GroupPlayer,
) -> anyhow::Result<lettre::Message> {
    let base = mailer.config.public_url.trim_end_matches('/');
    let league = if g.name.is_empty() {
        game_name(lang, &g.game)
    } else {
        g.name.clone()
    };
    let subject = Message::of(id!("mail_group_subject"))
        .text("league", &league)
        .num("group", g.group)
        .in_lang(lang);
    let opponents: Vec<&str> = g
        .players
        .iter()
        .filter(|o| o.account != p.account)
        .map(|o| o.name.as_str())
        .collect();
    let mut body = Message::of(id!("mail_group_intro"))
        .text("league", &league)
        .text("game", game_name(lang, &g.game))
        .num("edition", g.edition)
        .num("group", g.group)
        .num("games", p.games.len())
        .text("clock", g.clock.clone().unwrap_or_default())
        .text("opponents", opponents.join(", "))
        .text("url", format!("{base}/tournament/{}", g.tournament))
        .in_lang(lang);
    body.push_str("\n\n");
    for game in &p.games {
        body.push_str(&format!("{base}/play/{game}\n"));
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
        .to(email.parse()?)
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
    fn parse(s: &str) -> std::result::Result<Self, Box<dyn std::error::Error + Send + Sync>> {
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
    fn parse(_: &str) -> std::result::Result<Self, Box<dyn std::error::Error + Send + Sync>> {
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
/// quiet period (between 1 and 30 seconds), and at once when `wake` is
/// told (an address left, its confirmation mail due).
///
/// It also hears the bus's notices: a league's group made
/// ([`Notice::Group`]) sends each of its players with a confirmed address
/// one mail with their games ([`group_mails`]), at once.
pub async fn run(hub: std::sync::Weak<Hub>, mailer: Mailer, wake: Arc<tokio::sync::Notify>) {
    let every = (mailer.config.quiet / 4).clamp(Duration::from_secs(1), Duration::from_secs(30));
    let Some(mut notices) = hub.upgrade().map(|h| h.bus().notices()) else {
        return;
    };
    let mut swept = 0;
    loop {
        tokio::select! {
            () = tokio::time::sleep(every) => {}
            () = wake.notified() => {}
            n = notices.recv() => {
                match n {
                    Ok(Notice::Group(g)) => {
                        let Some(h) = hub.upgrade() else {
                            return;
                        };
                        match group_mails(h.db(), &mailer, &g).await {
                            Ok(n) => tracing::info!(tournament = %g.tournament, group = g.group, "{n} group mails sent"),
                            Err(e) => tracing::warn!("group mails: {e}"),
                        }
                    }
                    Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                }
                continue;
            }
        }
        let Some(h) = hub.upgrade() else {
            return;
        };
        if let Err(e) = deliver(&h, &mailer).await {
            tracing::warn!("mail notices: {e}");
        }
        // Old challenges' rows go once an hour, not at every look.
        let now = now_ms();
        if now - swept >= 3_600_000 {
            swept = now;
            if let Err(e) = store::forget_old_challenges(h.db(), now).await {
                tracing::warn!("old challenges' mail: {e}");
            }
        }
    }
}
