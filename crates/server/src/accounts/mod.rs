//! Player accounts, optional: a name and a password, sessions, and the
//! seats an account holds (see `docs/web-api.md`, "Accounts"). Playing
//! without an account works as before: a seat's token still holds it; an
//! account only adds the seats it owns to what a request with its session
//! holds. A seat becomes an account's only by an explicit act: creating
//! the game while logged in, signing up with the browser's seats, taking a
//! rated seek, or claiming the seat ([`Accounts::claim_seat`]); never by
//! opening a link.
//!
//! The concern's parts: [`names`] (which names may be chosen),
//! [`passwords`] (their hashes), [`limits`] (the rate of logins and
//! sign-ups), [`store`] (the tables); this module is the API, the
//! [`Accounts`] service. The session cookie, the cross-site check and the
//! extractors are HTTP, in `routes/`.

mod limits;
pub mod names;
pub mod passwords;
pub mod store;

pub use limits::AccountLimits;
pub use names::{bad_name, name_key};
pub use passwords::{MAX_PASSWORD, MIN_PASSWORD};

use crate::db::{now_ms, random_id, Db, Fault};
use crate::games::{GameError, Hub, PlayerView};
use serde::Serialize;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tablero_core::{id, Message};

/// How long a session lasts without being used: 30 days.
pub const SESSION_IDLE: Duration = Duration::from_secs(30 * 24 * 3600);

/// How long a session lasts at most after the login that opened it, however
/// often it is used (and the cookie's `Max-Age`): 90 days.
pub const SESSION_LIFE: Duration = Duration::from_secs(90 * 24 * 3600);

/// How long a deleted account's name is held from sign-ups: 30 days.
pub const NAME_HELD: Duration = Duration::from_secs(30 * 24 * 3600);

/// `d` in milliseconds.
fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// A session's `last_seen` is written again once it is older than this.
const SEEN_EVERY_MS: i64 = 3600 * 1000;

/// The most anonymous seat tokens a sign-up takes over.
pub const MAX_TOKENS: usize = 200;

/// The longest session secret read (a longer one is no session).
const MAX_SECRET: usize = 100;

crate::refusal::concern_error! {
    /// Why the accounts concern refused a request, or failed.
    pub enum AccountError {
        /// A name, a password or a list that cannot be taken.
        Unfit => Invalid,
        /// The login failed: an unknown name or a wrong password (one
        /// answer for both).
        LoginFailed => Unknown,
        /// Not the asker's: a wrong current password, a seat their tokens
        /// do not hold.
        NotYours => NotYours,
        /// Taken already: a name, a seat another account holds.
        Taken => NotNow,
        /// Too many attempts: the message says how many seconds to wait.
        TooMany => TooMany,
        /// No such game (a seat claimed in a game that is not one).
        NoGame => Missing,
    }
    passes on GameError;
}

/// An account as its owner sees it (never its hash).
#[derive(Clone, Debug, Serialize)]
pub struct AccountView {
    /// The name as chosen.
    pub name: String,
    /// When it was made (ms since 1970).
    pub created: i64,
}

/// A stored account found by name.
pub struct Found {
    /// Its id.
    pub id: String,
    /// Its view.
    pub view: AccountView,
    /// Whether its profile is shown to its owner only.
    pub private: bool,
}

/// A logged-in account's session.
#[derive(Clone, Debug)]
pub struct Session {
    /// The session's secret (the cookie's value).
    pub secret: String,
    /// The account's id.
    pub account: String,
    /// The account.
    pub view: AccountView,
}

/// The key a session is stored by: the SHA-256 of its secret, in hex (a
/// copy of the database opens no session).
fn session_key(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    format!("{:x}", Sha256::digest(secret.as_bytes()))
}

/// The accounts concern's service.
#[derive(Clone)]
pub struct Accounts {
    db: Db,
    hub: Arc<Hub>,
    limits: AccountLimits,
}

impl Accounts {
    /// The accounts of `db`, their seats in `hub`'s games, with the login
    /// rates `limits` asks for.
    #[must_use]
    pub fn new(db: Db, hub: Arc<Hub>, limits: &crate::Limits) -> Accounts {
        Accounts {
            db,
            hub,
            limits: AccountLimits::new(limits),
        }
    }

    /// Forgets the rate limits' keys that have refilled (memory stays
    /// bounded).
    pub fn retain_recent(&self) {
        self.limits.retain_recent();
    }

    /// The live session whose secret is `secret`, if any: unused for less
    /// than [`SESSION_IDLE`] and opened less than [`SESSION_LIFE`] ago (its
    /// last use is written at most once an hour).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn session(&self, secret: &str) -> Result<Option<Session>, AccountError> {
        if secret.is_empty() || secret.len() > MAX_SECRET {
            return Ok(None);
        }
        let key = session_key(secret);
        let Some(r) = store::session(&self.db, &key).await? else {
            return Ok(None);
        };
        let now = now_ms();
        if now - r.last_seen > ms(SESSION_IDLE) || now - r.opened > ms(SESSION_LIFE) {
            store::close_session(&self.db, &key).await?;
            return Ok(None);
        }
        if now - r.last_seen > SEEN_EVERY_MS {
            store::touch_session(&self.db, &key, now).await?;
        }
        Ok(Some(Session {
            secret: secret.to_string(),
            account: r.account,
            view: AccountView {
                name: r.name,
                created: r.created,
            },
        }))
    }

    /// A new session of `account`: its secret (48 letters and digits).
    async fn open_session(&self, account: &str) -> Result<String, AccountError> {
        let secret = random_id(48);
        store::open_session(&self.db, &session_key(&secret), account).await?;
        Ok(secret)
    }

    /// Signs up `name` with `password` from `ip`: a new account, logged in
    /// at once (answers it and its session's secret); the seats of `tokens`
    /// (the browser's anonymous seats) become its own; the session
    /// `previous` the browser held, if any, ends.
    ///
    /// # Errors
    /// Too many attempts (for the name or the address), a name or password
    /// that cannot be taken, too many tokens, a name taken or held after
    /// its account's deletion, storage failures.
    pub async fn sign_up(
        &self,
        ip: Option<IpAddr>,
        name: &str,
        password: String,
        tokens: &[String],
        previous: Option<&str>,
    ) -> Result<(AccountView, String), AccountError> {
        let name = name.trim();
        self.limits.check(ip, &name_key(name))?;
        if let Some(m) = bad_name(name) {
            return Err(AccountError::Unfit(m));
        }
        if let Some(m) = passwords::bad_password(&password) {
            return Err(AccountError::Unfit(m));
        }
        if tokens.len() > MAX_TOKENS {
            return Err(AccountError::Unfit(
                Message::of(id!("api_too_many_tokens")).num("max", MAX_TOKENS),
            ));
        }
        let taken =
            || AccountError::Taken(Message::of(id!("api_account_name_taken")).text("name", name));
        if store::by_key(&self.db, &name_key(name)).await?.is_some() {
            return Err(taken());
        }
        let now = now_ms();
        if let Some(until) = store::held_until(&self.db, &name_key(name), now).await? {
            let days = (until - now).div_euclid(24 * 3600 * 1000) + 1;
            return Err(AccountError::Taken(
                Message::of(id!("api_account_name_held"))
                    .text("name", name)
                    .num("days", days),
            ));
        }
        let row = store::AccountRow {
            id: random_id(16),
            name: name.to_string(),
            created: now_ms(),
            hash: passwords::hash(password).await?,
            private: false,
        };
        if !store::insert(&self.db, &row, &name_key(name)).await? {
            return Err(taken());
        }
        self.take_seats(&row.id, tokens).await?;
        let secret = self.open_session(&row.id).await?;
        if let Some(p) = previous {
            self.log_out(p).await?;
        }
        let view = AccountView {
            name: row.name,
            created: row.created,
        };
        Ok((view, secret))
    }

    /// Logs `name` in with `password` from `ip`: answers the account and a
    /// new session's secret; the session `previous` the browser held, if
    /// any, ends (a new login never leaves the old session id valid). An
    /// unknown name and a wrong password get the same answer after the same
    /// work (and a failed login ends nothing).
    ///
    /// # Errors
    /// Too many attempts, the login failed, storage failures.
    pub async fn log_in(
        &self,
        ip: Option<IpAddr>,
        name: &str,
        password: String,
        previous: Option<&str>,
    ) -> Result<(AccountView, String), AccountError> {
        let key = name_key(name.trim());
        self.limits.check(ip, &key)?;
        let failed = || AccountError::LoginFailed(Message::of(id!("api_login_failed")));
        if password.len() > MAX_PASSWORD {
            return Err(failed());
        }
        let found = store::by_key(&self.db, &key).await?;
        let ok = passwords::verify(found.as_ref().map(|f| f.hash.clone()), password).await?;
        let Some(account) = found.filter(|_| ok) else {
            return Err(failed());
        };
        let secret = self.open_session(&account.id).await?;
        if let Some(p) = previous {
            self.log_out(p).await?;
        }
        let view = AccountView {
            name: account.name,
            created: account.created,
        };
        Ok((view, secret))
    }

    /// Ends the session `secret`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn log_out(&self, secret: &str) -> Result<(), AccountError> {
        Ok(store::close_session(&self.db, &session_key(secret)).await?)
    }

    /// Ends every session of `account` but `keep`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn log_out_all(&self, account: &str, keep: Option<&str>) -> Result<(), AccountError> {
        let keep = keep.map(session_key).unwrap_or_default();
        Ok(store::close_sessions(&self.db, account, &keep).await?)
    }

    /// Checks the password of session `s`'s account.
    async fn check_password(&self, s: &Session, password: String) -> Result<(), AccountError> {
        let stored = store::hash_of(&self.db, &s.account).await?;
        if password.len() > MAX_PASSWORD || !passwords::verify(stored, password).await? {
            return Err(AccountError::NotYours(Message::of(id!(
                "api_account_wrong_password"
            ))));
        }
        Ok(())
    }

    /// Changes session `s`'s account's password from `old` to `new`: every
    /// session of the account ends, this one included, and a new one is
    /// opened for the asker (answers its secret): the session id rotates
    /// on the change.
    ///
    /// # Errors
    /// A new password that cannot be taken, a wrong `old`, storage
    /// failures.
    pub async fn change_password(
        &self,
        s: &Session,
        old: String,
        new: String,
    ) -> Result<String, AccountError> {
        if let Some(m) = passwords::bad_password(&new) {
            return Err(AccountError::Unfit(m));
        }
        self.check_password(s, old).await?;
        let hash = passwords::hash(new).await?;
        store::set_hash(&self.db, &s.account, &hash).await?;
        self.log_out_all(&s.account, None).await?;
        self.open_session(&s.account).await
    }

    /// Deletes session `s`'s account, its password checked: its name is
    /// forgotten and held from sign-ups for [`NAME_HELD`], its hash and
    /// sessions are gone, the row stays (its seats show a deleted player)
    /// and so do its games; their tokens keep working.
    ///
    /// # Errors
    /// A wrong password, storage failures.
    pub async fn delete(&self, s: &Session, password: String) -> Result<(), AccountError> {
        self.check_password(s, password).await?;
        let games = store::delete(&self.db, &s.account, now_ms() + ms(NAME_HELD)).await?;
        self.log_out_all(&s.account, None).await?;
        self.hub.players_changed_everywhere(&games).await?;
        Ok(())
    }

    /// The live account whose name key is `key` (lower-cased).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn find(&self, key: &str) -> Result<Option<Found>, AccountError> {
        Ok(store::by_key(&self.db, key).await?.map(|r| Found {
            id: r.id,
            view: AccountView {
                name: r.name,
                created: r.created,
            },
            private: r.private,
        }))
    }

    /// The names and privacy of the live accounts among `ids`, by id (a
    /// deleted account is left out).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn names_of(
        &self,
        ids: &[String],
    ) -> Result<std::collections::HashMap<String, (String, bool)>, AccountError> {
        Ok(store::names_of(&self.db, ids).await?)
    }

    /// Makes `account`'s profile private or public.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn set_private(&self, account: &str, private: bool) -> Result<(), AccountError> {
        Ok(store::set_private(&self.db, account, private).await?)
    }

    /// Gives `account` the seats of `tokens` that no account holds yet (a
    /// token of no game is skipped); the games' viewers see it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn take_seats(&self, account: &str, tokens: &[String]) -> Result<(), AccountError> {
        self.take_seats_in(account, None, tokens).await
    }

    /// Like [`Accounts::take_seats`], only the seats of game `only` where it
    /// is given.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn take_seats_in(
        &self,
        account: &str,
        only: Option<&str>,
        tokens: &[String],
    ) -> Result<(), AccountError> {
        let mut games = Vec::new();
        for (game, seat, token) in self.hub.seats_of_tokens(tokens, only).await? {
            if store::take_seat(self.db.pool(), account, &game, seat, &token).await?
                && !games.contains(&game)
            {
                games.push(game);
            }
        }
        self.hub.players_changed_everywhere(&games).await?;
        Ok(())
    }

    /// Seat `seat` of game `game`, held by one of `tokens`, becomes
    /// `account`'s: the player's explicit choice (the game page asks "play
    /// this seat as NAME?"). Claiming a seat the account holds already
    /// changes nothing.
    ///
    /// # Errors
    /// No such game (404); `tokens` do not hold the seat (403); another
    /// account holds it (409); storage failures.
    pub async fn claim_seat(
        &self,
        account: &str,
        game: &str,
        seat: usize,
        tokens: &[String],
    ) -> Result<(), AccountError> {
        self.hub.snapshot(game).await?;
        let held = self.hub.seats_of_tokens(tokens, Some(game)).await?;
        let Some((_, _, token)) = held.into_iter().find(|(_, s, _)| *s == seat) else {
            return Err(AccountError::NotYours(
                Message::of(id!("api_seat_not_yours")).num("seat", seat),
            ));
        };
        match store::holder(&self.db, &token).await? {
            Some(a) if a == account => return Ok(()),
            Some(_) => {
                return Err(AccountError::Taken(
                    Message::of(id!("api_seat_taken")).num("seat", seat),
                ))
            }
            None => {}
        }
        if !store::take_seat(self.db.pool(), account, game, seat, &token).await? {
            // Another request took it meanwhile.
            return match store::holder(&self.db, &token).await? {
                Some(a) if a == account => Ok(()),
                _ => Err(AccountError::Taken(
                    Message::of(id!("api_seat_taken")).num("seat", seat),
                )),
            };
        }
        self.hub
            .players_changed_everywhere(&[game.to_string()])
            .await?;
        Ok(())
    }

    /// The tokens of the seats `account` holds in game `game`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn seat_tokens(
        &self,
        account: &str,
        game: &str,
    ) -> Result<Vec<String>, AccountError> {
        Ok(store::seat_tokens(&self.db, account, game).await?)
    }

    /// The tokens of the seats `account` holds, in the games changed most
    /// recently first (at most `limit`).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn all_seat_tokens(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<String>, AccountError> {
        Ok(store::all_seat_tokens(&self.db, account, limit).await?)
    }
}

/// Binds seat `seat` of the new game `game` (its token `token`) to
/// `account` in the transaction that creates the game (`db`), so no move
/// is ever made in it before its seats are the accounts'.
///
/// # Errors
/// Storage failures; a seat some account holds already.
pub async fn bind_seat<'e, E>(
    db: E,
    account: &str,
    game: &str,
    seat: usize,
    token: &str,
) -> Result<(), Fault>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    if store::take_seat(db, account, game, seat, token).await? {
        Ok(())
    } else {
        Err(Fault::new(format!("game {game}: seat {seat} held already")))
    }
}

/// The accounts holding seats 0 and 1 of game `id`, as its viewers see
/// them, and their ids (for the games concern's [`crate::games::Seating`]).
///
/// # Errors
/// Storage failures.
pub async fn seat_players(
    db: &Db,
    id: &str,
) -> Result<([Option<PlayerView>; 2], [Option<String>; 2]), Fault> {
    store::seat_players(db, id).await
}
