//! Challenges (issue #44): an account asks a named account for a game
//! (game, variant, clock or days per move, colour, rated or casual), as
//! lila's `challenge` module does. The challenged account accepts (the
//! game is made through the same door as a seek's, [`Hub::create_as`],
//! both seats bound to the two accounts in the transaction that creates
//! it, rated as chosen when the challenge was made) or declines with a
//! reason ([`REASONS`]); the challenger may cancel; an open challenge
//! expires ([`expiry`]). Each change is told at once to the accounts
//! concerned through the event bus ([`ChallengeNotice`], heard by the
//! notices sockets of every process).
//!
//! Who may challenge an account is its own choice ([`Who`]: everyone by
//! default, the accounts it follows, nobody); a block either way
//! ([`People::blocked_between`]) refuses the challenge, and refuses its
//! acceptance if made meanwhile. Only accounts challenge and are
//! challenged. An account has at most [`MAX_OPEN`] challenges open, one
//! per challenged account, and makes at most [`MAX_PER_HOUR`] an hour.
//! The routes are in `routes/challenges.rs`, the API in
//! `docs/web-api.md` ("Challenges").

pub mod store;

use crate::db::{now_ms, random_id, Db, Fault};
use crate::events::{Bus, ChallengeAbout, ChallengeNotice, Notice};
use crate::games::{GameError, Hub, NewGame};
use crate::people::People;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use store::ChallengeRow;
use tablero_core::{id, Message};

crate::refusal::concern_error! {
    /// Why the challenges concern refused a request, or failed.
    pub enum ChallengeError {
        /// A challenge that cannot be made: a bad game, variant, clock,
        /// colour or reason, a rated challenge without a clock, oneself.
        Bad => Invalid,
        /// Not logged in.
        NoAccount => Unknown,
        /// Not the asker's to answer or cancel, or not taken from them.
        NotYours => NotYours,
        /// No such challenge, or no such player.
        NoChallenge => Missing,
        /// Answered, cancelled or expired meanwhile; too many open.
        Gone => NotNow,
        /// Too many made within the hour.
        TooMany => TooMany,
    }
    passes on GameError;
}

/// The most challenges an account has open at once.
pub const MAX_OPEN: i64 = 5;

/// The most challenges an account makes in an hour.
pub const MAX_PER_HOUR: i64 = 30;

/// How long a challenge for a live game (a clock in minutes) stays open.
pub const LIVE_EXPIRY_MS: i64 = 10 * 60 * 1000;

/// How long a challenge for a correspondence game (days per move) or an
/// untimed one stays open.
pub const SLOW_EXPIRY_MS: i64 = 3 * 24 * 3600 * 1000;

/// How long answered challenges stay listed for their two accounts.
const LISTED_AFTER_MS: i64 = 3600 * 1000;

/// The reasons a challenge may be declined with.
pub const REASONS: [&str; 7] = [
    "generic",
    "later",
    "too-fast",
    "too-slow",
    "casual-only",
    "rated-only",
    "other-game",
];

/// How long a challenge for `clock` stays open: [`LIVE_EXPIRY_MS`] for a
/// clock in minutes, [`SLOW_EXPIRY_MS`] for days per move or no clock.
#[must_use]
pub fn expiry(clock: Option<&str>) -> i64 {
    match clock {
        Some(c) if !c.ends_with('d') => LIVE_EXPIRY_MS,
        _ => SLOW_EXPIRY_MS,
    }
}

/// Who may challenge an account.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Who {
    /// Any account (the default).
    #[default]
    Everyone,
    /// The accounts it follows.
    Following,
    /// No one.
    Nobody,
}

impl Who {
    fn as_str(self) -> &'static str {
        match self {
            Who::Everyone => "everyone",
            Who::Following => "following",
            Who::Nobody => "nobody",
        }
    }

    fn parse(text: &str) -> Who {
        match text {
            "following" => Who::Following,
            "nobody" => Who::Nobody,
            _ => Who::Everyone,
        }
    }
}

/// A challenge as asked for (`POST /api/challenges`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    /// The challenged player's name.
    pub to: String,
    /// The game's name.
    pub game: String,
    /// The variant's text (default: the game's standard one).
    #[serde(default)]
    pub variant: Option<String>,
    /// The time control (`5+3`, `3d`); none or `none`: no clock.
    #[serde(default)]
    pub clock: Option<String>,
    /// The challenger's side: `first`, `second` or `random` (default).
    #[serde(default)]
    pub colour: Option<String>,
    /// Rated (needs a clock) or casual (default).
    #[serde(default)]
    pub rated: bool,
    /// Vacation may not stop the game's clock (#49; default: allowed).
    #[serde(default)]
    pub no_vacation: bool,
}

/// An account, by id and name.
#[derive(Clone, Copy, Debug)]
pub struct Party<'a> {
    /// Its id.
    pub id: &'a str,
    /// Its name.
    pub name: &'a str,
}

/// A challenge as one of its two accounts sees it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ChallengeView {
    /// Its id.
    pub id: String,
    /// The challenger's name.
    pub from: String,
    /// The challenged player's name.
    pub to: String,
    /// Whether the viewer made it.
    pub mine: bool,
    /// The game's name.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The time control, none for an untimed game.
    pub clock: Option<String>,
    /// The challenger's side: `first`, `second`, `random`.
    pub colour: String,
    /// Whether the game is rated.
    pub rated: bool,
    /// Vacation may not stop the game's clock (#49).
    pub no_vacation: bool,
    /// Made, ms since 1970.
    pub created: i64,
    /// When it expires if still open, ms since 1970.
    pub expires: i64,
    /// `open`, `accepted`, `declined`, `cancelled` or `expired`.
    pub state: String,
    /// A decline's reason ([`REASONS`]).
    pub reason: Option<String>,
    /// The game it became.
    pub game_id: Option<String>,
    /// The viewer's seat in that game.
    pub seat: Option<usize>,
    /// The viewer's seat token in that game.
    pub token: Option<String>,
}

/// An account's challenges: those made to it and those it made.
#[derive(Clone, Debug, Serialize)]
pub struct Mine {
    /// Made to it, open, newest first.
    pub incoming: Vec<ChallengeView>,
    /// Made by it: open, and answered within the last hour, newest first.
    pub outgoing: Vec<ChallengeView>,
}

/// The challenges concern's service.
#[derive(Clone)]
pub struct Challenges {
    db: Db,
    hub: Arc<Hub>,
    people: People,
    bus: Arc<Bus>,
}

fn no_challenge(id: &str) -> ChallengeError {
    ChallengeError::NoChallenge(Message::of(id!("api_no_challenge")).text("id", id))
}

fn gone(id: &str) -> ChallengeError {
    ChallengeError::Gone(Message::of(id!("api_challenge_gone")).text("id", id))
}

fn not_yours(id: &str) -> ChallengeError {
    ChallengeError::NotYours(Message::of(id!("api_challenge_not_yours")).text("id", id))
}

/// `r` as `viewer` sees it at `now`.
fn view(r: &ChallengeRow, viewer: &str, now: i64) -> ChallengeView {
    let mine = r.challenger == viewer;
    let state = if r.state == "open" && r.expires <= now {
        "expired".to_string()
    } else {
        r.state.clone()
    };
    let (seat, token) = match (r.challenger_seat, &r.challenger_token, &r.challenged_token) {
        (Some(s), Some(a), Some(b)) => {
            let s = usize::try_from(s).unwrap_or(0);
            if mine {
                (Some(s), Some(a.clone()))
            } else {
                (Some(1 - s), Some(b.clone()))
            }
        }
        _ => (None, None),
    };
    ChallengeView {
        id: r.id.clone(),
        from: r.challenger_name.clone(),
        to: r.challenged_name.clone(),
        mine,
        game: r.game.clone(),
        variant: r.variant.clone(),
        clock: r.clock.clone(),
        colour: r.colour.clone(),
        rated: r.rated,
        no_vacation: r.no_vacation,
        created: r.created,
        expires: r.expires,
        state,
        reason: r.reason.clone(),
        game_id: r.game_id.clone(),
        seat,
        token,
    }
}

impl Challenges {
    /// The challenges of `db`, their games made in `hub`, the relations
    /// of `people`, told on `bus`.
    #[must_use]
    pub fn new(db: Db, hub: Arc<Hub>, people: People, bus: Arc<Bus>) -> Challenges {
        Challenges {
            db,
            hub,
            people,
            bus,
        }
    }

    /// Tells `to` (account ids) that challenge `id` changed (`what`).
    async fn tell(&self, id: &str, what: &str, to: Vec<String>, game: Option<String>) {
        self.tell_about(id, what, to, game, None).await;
    }

    /// [`Challenges::tell`], with what a new challenge is.
    async fn tell_about(
        &self,
        id: &str,
        what: &str,
        to: Vec<String>,
        game: Option<String>,
        about: Option<ChallengeAbout>,
    ) {
        let n = Notice::Challenge(ChallengeNotice {
            id: id.to_string(),
            what: what.to_string(),
            to,
            game,
            about,
        });
        if let Err(e) = self.bus.tell_everywhere(&self.db, n).await {
            tracing::warn!(challenge = %id, "cannot tell the other processes: {e}");
        }
    }

    /// Whether `from` may challenge `to`: `to`'s choice and no block
    /// either way.
    async fn allowed(&self, from: &str, to: &str) -> Result<bool, ChallengeError> {
        if self.people.blocked_between(from, to).await? {
            return Ok(false);
        }
        Ok(match Who::parse(&store::who(&self.db, to).await?) {
            Who::Everyone => true,
            Who::Following => self.people.follows(to, from).await?,
            Who::Nobody => false,
        })
    }

    /// `from` challenges `to`.
    ///
    /// # Errors
    /// A bad game, variant, clock or colour; a rated challenge without a
    /// clock; oneself; refused by `to`'s choice or a block (403); too many
    /// open (409) or made this hour (429).
    pub async fn make(
        &self,
        from: Party<'_>,
        to: Party<'_>,
        req: &NewChallenge,
    ) -> Result<ChallengeView, ChallengeError> {
        if from.id == to.id {
            return Err(ChallengeError::Bad(Message::of(id!("api_challenge_self"))));
        }
        let setup =
            crate::games::catalog::setup(&req.game, req.variant.as_deref(), req.clock.as_deref())?;
        let colour = req.colour.as_deref().unwrap_or("random");
        if !["first", "second", "random"].contains(&colour) {
            return Err(ChallengeError::Bad(
                Message::of(id!("api_bad_parameter"))
                    .text("name", "colour")
                    .text("value", colour)
                    .text("choices", "first, second, random"),
            ));
        }
        if req.rated && setup.clock.is_none() {
            return Err(ChallengeError::Bad(Message::of(id!(
                "api_seek_rated_clock"
            ))));
        }
        if !self.allowed(from.id, to.id).await? {
            return Err(ChallengeError::NotYours(
                Message::of(id!("api_challenge_refused")).text("name", to.name),
            ));
        }
        let now = now_ms();
        let (open, to_them) = store::open_from(&self.db, from.id, to.id, now).await?;
        if to_them > 0 {
            return Err(ChallengeError::Gone(
                Message::of(id!("api_challenge_again")).text("name", to.name),
            ));
        }
        if open >= MAX_OPEN {
            return Err(ChallengeError::Gone(
                Message::of(id!("api_challenge_too_many")).num("max", MAX_OPEN),
            ));
        }
        if store::made_since(&self.db, from.id, now - 3600 * 1000).await? >= MAX_PER_HOUR {
            return Err(ChallengeError::TooMany(
                Message::of(id!("api_challenge_rate"))
                    .num("max", MAX_PER_HOUR)
                    .num("seconds", 600),
            ));
        }
        let row = ChallengeRow {
            id: random_id(10),
            challenger: from.id.to_string(),
            challenger_name: from.name.to_string(),
            challenged: to.id.to_string(),
            challenged_name: to.name.to_string(),
            expires: now + expiry(setup.clock.as_deref()),
            game: setup.game,
            variant: setup.variant,
            clock: setup.clock,
            colour: colour.to_string(),
            rated: req.rated,
            no_vacation: req.no_vacation,
            created: now,
            state: "open".into(),
            reason: None,
            answered: None,
            game_id: None,
            challenger_seat: None,
            challenger_token: None,
            challenged_token: None,
        };
        store::insert(&self.db, &row).await?;
        let about = ChallengeAbout {
            from: row.challenger_name.clone(),
            game: row.game.clone(),
            clock: row.clock.clone(),
        };
        self.tell_about(&row.id, "new", vec![to.id.to_string()], None, Some(about))
            .await;
        Ok(view(&row, from.id, now))
    }

    /// `account`'s challenges.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn mine(&self, account: &str) -> Result<Mine, ChallengeError> {
        let now = now_ms();
        let rows = store::of_account(&self.db, account, now - LISTED_AFTER_MS, 100).await?;
        let mut mine = Mine {
            incoming: Vec::new(),
            outgoing: Vec::new(),
        };
        for r in &rows {
            let v = view(r, account, now);
            if v.mine {
                mine.outgoing.push(v);
            } else if v.state == "open" {
                mine.incoming.push(v);
            }
        }
        Ok(mine)
    }

    /// Challenge `id` as `account` sees it (one of its two accounts).
    ///
    /// # Errors
    /// No such challenge, or not one of its accounts (404).
    pub async fn one(&self, id: &str, account: &str) -> Result<ChallengeView, ChallengeError> {
        match store::get(&self.db, id).await? {
            Some(r) if r.challenger == account || r.challenged == account => {
                Ok(view(&r, account, now_ms()))
            }
            _ => Err(no_challenge(id)),
        }
    }

    /// The challenge `id`, which `account` must have been made.
    async fn to_me(&self, id: &str, account: &str) -> Result<ChallengeRow, ChallengeError> {
        let r = store::get(&self.db, id)
            .await?
            .ok_or_else(|| no_challenge(id))?;
        if r.challenged != account {
            return Err(not_yours(id));
        }
        Ok(r)
    }

    /// `account` accepts challenge `id`: the game is made (once: a second
    /// accept answers the same game); answers the challenge as `account`
    /// sees it, with its seat and token.
    ///
    /// # Errors
    /// No such challenge (404), not made to `account` (403), answered,
    /// cancelled or expired (409), a block made meanwhile (403).
    pub async fn accept(&self, id: &str, account: &str) -> Result<ChallengeView, ChallengeError> {
        let r = self.to_me(id, account).await?;
        let now = now_ms();
        if r.state == "accepted" && r.challenged_token.is_some() {
            return Ok(view(&r, account, now));
        }
        if r.state != "open" || r.expires <= now {
            return Err(gone(id));
        }
        if self
            .people
            .blocked_between(&r.challenger, &r.challenged)
            .await?
        {
            return Err(ChallengeError::NotYours(
                Message::of(id!("api_challenge_refused")).text("name", &r.challenger_name),
            ));
        }
        let challenger_seat = match r.colour.as_str() {
            "first" => 0,
            "second" => 1,
            _ => usize::from(rand::random::<bool>()),
        };
        let game_id = random_id(10);
        let seat = i64::try_from(challenger_seat).unwrap_or(0);
        if !store::claim(&self.db, id, &game_id, seat, now).await? {
            return Err(gone(id));
        }
        let mut accounts = [None, None];
        accounts[challenger_seat] = Some(r.challenger.clone());
        accounts[1 - challenger_seat] = Some(r.challenged.clone());
        let made = self
            .hub
            .create_as(
                game_id.clone(),
                NewGame {
                    no_vacation: r.no_vacation,
                    ..NewGame::between_people(
                        &r.game,
                        &r.variant,
                        r.clock.clone(),
                        r.rated,
                        accounts,
                    )
                },
            )
            .await;
        let created = match made {
            Ok(c) => c,
            Err(e) => {
                let _ = store::unclaim(&self.db, id, &game_id).await;
                return Err(e.into());
            }
        };
        let token_of = |seat: usize| {
            created
                .tokens
                .get(&seat.to_string())
                .cloned()
                .ok_or_else(|| {
                    ChallengeError::Internal(Fault::new(format!("game {game_id}: no seat {seat}")))
                })
        };
        let (mine, theirs) = (token_of(challenger_seat)?, token_of(1 - challenger_seat)?);
        store::set_tokens(&self.db, id, &mine, &theirs).await?;
        self.tell(
            id,
            "accepted",
            vec![r.challenger.clone(), r.challenged.clone()],
            Some(game_id.clone()),
        )
        .await;
        let r = store::get(&self.db, id)
            .await?
            .ok_or_else(|| no_challenge(id))?;
        Ok(view(&r, account, now))
    }

    /// `account` declines challenge `id` with `reason` (one of
    /// [`REASONS`]).
    ///
    /// # Errors
    /// A reason not in the list (400), no such challenge (404), not made
    /// to `account` (403), answered, cancelled or expired (409).
    pub async fn decline(
        &self,
        id: &str,
        account: &str,
        reason: &str,
    ) -> Result<ChallengeView, ChallengeError> {
        if !REASONS.contains(&reason) {
            return Err(ChallengeError::Bad(
                Message::of(id!("api_bad_parameter"))
                    .text("name", "reason")
                    .text("value", reason)
                    .text("choices", REASONS.join(", ")),
            ));
        }
        let r = self.to_me(id, account).await?;
        if !store::answer(&self.db, id, "declined", Some(reason), now_ms()).await? {
            return Err(gone(id));
        }
        self.tell(id, "declined", vec![r.challenger, r.challenged], None)
            .await;
        self.one(id, account).await
    }

    /// `account` cancels challenge `id`, which it made.
    ///
    /// # Errors
    /// No such challenge (404), not made by `account` (403), answered,
    /// cancelled or expired (409).
    pub async fn cancel(&self, id: &str, account: &str) -> Result<ChallengeView, ChallengeError> {
        let r = store::get(&self.db, id)
            .await?
            .ok_or_else(|| no_challenge(id))?;
        if r.challenger != account {
            return Err(not_yours(id));
        }
        if !store::answer(&self.db, id, "cancelled", None, now_ms()).await? {
            return Err(gone(id));
        }
        self.tell(id, "cancelled", vec![r.challenged, r.challenger], None)
            .await;
        self.one(id, account).await
    }

    /// Who may challenge `account`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn who(&self, account: &str) -> Result<Who, ChallengeError> {
        Ok(Who::parse(&store::who(&self.db, account).await?))
    }

    /// Sets who may challenge `account`.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn set_who(&self, account: &str, who: Who) -> Result<(), ChallengeError> {
        Ok(store::set_who(&self.db, account, who.as_str()).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_challenges_expire_in_minutes_and_slow_ones_in_days() {
        assert_eq!(expiry(Some("5+3")), LIVE_EXPIRY_MS);
        assert_eq!(expiry(Some("3d")), SLOW_EXPIRY_MS);
        assert_eq!(expiry(None), SLOW_EXPIRY_MS);
    }

    #[test]
    fn who_reads_back_what_it_writes_and_defaults_to_everyone() {
        for w in [Who::Everyone, Who::Following, Who::Nobody] {
            assert_eq!(Who::parse(w.as_str()), w);
        }
        assert_eq!(Who::parse("anything"), Who::Everyone);
        assert_eq!(Who::default(), Who::Everyone);
    }
}
