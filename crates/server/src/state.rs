//! The composition of the server: [`AppState`] holds the database and each
//! concern's service, a `Clone` struct of `Arc`s with [`FromRef`] for each
//! part, so a handler takes only what it uses (`State<Arc<Hub>>`,
//! `State<Accounts>`, `State<Guards>`...), as axum's dependency-injection
//! example does. It is also where the concerns are wired to one another:
//! the games concern's [`Seating`] answered by the accounts and ratings
//! concerns ([`Around`]), and the subscribers of the games' ends
//! ([`AppState::subscribe`]). The concerns never reach for each other's
//! store.

use crate::accounts::Accounts;
use crate::bots::Bots;
use crate::challenges::Challenges;
use crate::chat::Chat;
use crate::db::{Db, Fault};
use crate::events::{self, Bus};
use crate::explore::Explore;
use crate::games::{self, GameRow, Hub, Rendered, Seating};
use crate::lab::LabDir;
use crate::layouts::Layouts;
use crate::learn::Learn;
use crate::lobby::Lobby;
use crate::mail::Mail;
use crate::notes::Notes;
use crate::online::Online;
use crate::people::People;
use crate::players::Players;
use crate::push::{Push, PushConfig};
use crate::puzzles::Puzzles;
use crate::ratings::Ratings;
use crate::reviews::Reviews;
use crate::tournaments::Tournaments;
use crate::vacation::Vacations;
use crate::watch::Watch;
use crate::Limits;
use axum::extract::FromRef;
use futures_util::future::BoxFuture;
use governor::{DefaultKeyedRateLimiter, Quota};
use sqlx::{Any, Transaction};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tablero_core::Message;
use tokio::sync::Semaphore;

/// A rate limit per client address.
pub(crate) type Limiter = Arc<DefaultKeyedRateLimiter<IpAddr>>;

/// The app's state: the database and each concern's service.
#[derive(Clone)]
pub struct AppState {
    /// The database.
    pub db: Db,
    /// The events the concerns tell each other.
    pub bus: Arc<Bus>,
    /// The games in play (the games concern).
    pub hub: Arc<Hub>,
    /// The lobby's seeks.
    pub lobby: Arc<Lobby>,
    /// Accounts, sessions and the seats they hold.
    pub accounts: Accounts,
    /// Rated games' ratings.
    pub ratings: Ratings,
    /// Email notices of correspondence games.
    pub mail: Mail,
    /// Puzzles and puzzle ratings.
    pub puzzles: Puzzles,
    /// The game reviews being made.
    pub reviews: Arc<Reviews>,
    /// Positions without a game and the explorer.
    pub explore: Explore,
    /// Profiles and leaderboards.
    pub players: Players,
    /// Saved Imago layouts.
    pub layouts: Layouts,
    /// Follows and blocks between accounts.
    pub people: People,
    /// Players' private notes on games.
    pub notes: Notes,
    /// Who is online, and the spectators of each game (#44).
    pub online: Arc<Online>,
    /// The games being played now (#44).
    pub watch: Watch,
    /// Each game's chat (#44).
    pub chat: Chat,
    /// Challenges between named players.
    pub challenges: Challenges,
    /// The courses and the learners' progress.
    pub learn: Learn,
    /// Arenas, Swiss and round-robins (#45).
    pub tournaments: Tournaments,
    /// Bot accounts and the bot API (#45).
    pub bots: Bots,
    /// Vacations and the time bank (#49).
    pub vacations: Vacations,
    /// Web Push (#49).
    pub push: Push,
    /// The rate limits and the solver's budget.
    pub guards: Guards,
    /// The folder of the designer's lab reports (`--lab`).
    pub lab: LabDir,
}

/// What the games concern shows around a game, answered by the accounts
/// concern (who holds the seats, and binds a new game's seats to their
/// accounts) and the ratings concern (a rated game's ratings, and whether
/// a game asked rated can be).
struct Around {
    db: Db,
}

impl Seating for Around {
    fn around<'a>(&'a self, row: &'a GameRow) -> BoxFuture<'a, Result<games::Around, Fault>> {
        Box::pin(async move {
            let (mut players, accounts) = crate::accounts::seat_players(&self.db, &row.id).await?;
            // Bots are drawn "BOT" by their names (#45).
            let ids: Vec<String> = accounts.iter().flatten().cloned().collect();
            let bots = crate::bots::bots_among(&self.db, &ids).await?;
            for (p, a) in players.iter_mut().zip(&accounts) {
                if let (Some(p), Some(a)) = (p, a) {
                    p.bot = bots.contains(a);
                }
            }
            let private = crate::players::private_seats(&self.db, &row.id).await?;
            let view = crate::ratings::view(&self.db, row).await?;
            let rated = view.as_ref().map(Rendered::of);
            let rated_for_spectators = view.map(|v| Rendered::of(&v.hiding(private)));
            let away = crate::vacation::away_of(&self.db, &accounts).await?;
            Ok(games::Around {
                players,
                accounts,
                rated,
                private,
                rated_for_spectators,
                away,
            })
        })
    }

    fn rated_pool(&self, row: &GameRow, accounts: &[Option<String>; 2]) -> Result<String, Message> {
        crate::ratings::rated_pool(row, accounts)
    }

    fn bind<'a>(
        &'a self,
        tx: &'a mut Transaction<'static, Any>,
        row: &'a GameRow,
        accounts: &'a [Option<String>; 2],
    ) -> BoxFuture<'a, Result<(), Fault>> {
        Box::pin(async move {
            for (seat, account) in accounts.iter().enumerate() {
                let (Some(account), Some(token)) = (account, &row.seats[seat].token) else {
                    continue;
                };
                crate::accounts::bind_seat(&mut **tx, account, &row.id, seat, token).await?;
            }
            Ok(())
        })
    }

    fn away<'a>(&'a self, account: &'a str) -> BoxFuture<'a, Result<games::Away, Fault>> {
        Box::pin(crate::vacation::away(&self.db, account))
    }

    fn time_bank<'a>(
        &'a self,
        account: &'a str,
        deadline: i64,
        now: i64,
    ) -> BoxFuture<'a, Result<games::Away, Fault>> {
        Box::pin(crate::vacation::time_bank(&self.db, account, deadline, now))
    }
}

/// What the chat asks of the games and accounts concerns (#44): a game's
/// seats (from the store, so as every process sees it) and an account by
/// name.
struct ChatAround {
    hub: Arc<Hub>,
    db: Db,
}

impl crate::chat::Around for ChatAround {
    fn table<'a>(
        &'a self,
        game: &'a str,
    ) -> BoxFuture<'a, Result<Option<crate::chat::Table>, Fault>> {
        Box::pin(async move {
            let row = match self.hub.stored(game).await {
                Ok(Some((row, _))) => row,
                Ok(None) => return Ok(None),
                Err(e) => return Err(crate::refusal::pass_on(e, |_, m| Fault::new(m))),
            };
            let (players, accounts) = crate::accounts::seat_players(&self.db, game).await?;
            let names = players.map(|p| p.and_then(|p| p.name));
            Ok(Some(crate::chat::Table {
                tokens: [row.seats[0].token.clone(), row.seats[1].token.clone()],
                accounts,
                names,
                over: row.result.is_some(),
            }))
        })
    }

    fn account<'a>(
        &'a self,
        name: &'a str,
    ) -> BoxFuture<'a, Result<Option<(String, String)>, Fault>> {
        Box::pin(async move {
            let key = crate::accounts::names::name_key(name);
            Ok(crate::accounts::store::by_key(&self.db, &key)
                .await?
                .map(|r| (r.id, r.name)))
        })
    }
}

impl AppState {
    /// The state of an app over `db` with `limits` and no message rate
    /// limit, serving the lab reports of `lab`, sending mail if `mail`.
    /// Nothing subscribes to the games' ends until [`AppState::subscribe`].
    #[must_use]
    pub fn new(db: Db, limits: &Limits, lab: Option<PathBuf>, mail: bool) -> AppState {
        let bus = Bus::new();
        let seating: Arc<dyn Seating> = Arc::new(Around { db: db.clone() });
        let hub = Hub::with(db.clone(), Arc::clone(&bus), seating);
        let accounts = Accounts::new(db.clone(), Arc::clone(&hub), limits);
        let ratings = Ratings::new(db.clone(), Arc::clone(&hub));
        let online = Online::new(db.clone());
        let people = People::new(db.clone());
        let challenges = Challenges::new(
            db.clone(),
            Arc::clone(&hub),
            people.clone(),
            Arc::clone(&bus),
        );
        AppState {
            bots: Bots::new(
                db.clone(),
                accounts.clone(),
                Arc::clone(&hub),
                challenges.clone(),
                Arc::clone(&bus),
            ),
            watch: Watch::new(
                Arc::clone(&hub),
                accounts.clone(),
                ratings.clone(),
                Arc::clone(&online),
            ),
            online,
            challenges,
            lobby: Lobby::new(db.clone(), Arc::clone(&hub), people.clone()),
            mail: Mail::new(db.clone(), mail),
            puzzles: Puzzles::new(db.clone()),
            reviews: Reviews::new(Arc::clone(&hub)),
            explore: Explore::new(db.clone()),
            players: Players::new(
                db.clone(),
                Arc::clone(&hub),
                accounts.clone(),
                ratings.clone(),
            ),
            layouts: Layouts::new(db.clone()),
            people: people.clone(),
            notes: Notes::new(db.clone(), Arc::clone(&hub)),
            chat: Chat::new(
                db.clone(),
                Arc::clone(&bus),
                people,
                Arc::new(ChatAround {
                    hub: Arc::clone(&hub),
                    db: db.clone(),
                }),
            ),
            learn: Learn::new(db.clone()),
            tournaments: Tournaments::new(db.clone(), Arc::clone(&hub), ratings.clone()),
            vacations: Vacations::new(db.clone(), Arc::clone(&hub), accounts.clone()),
            push: Push::new(db.clone(), Arc::clone(&bus), PushConfig::default()),
            guards: Guards::new(limits),
            lab: LabDir(Arc::new(lab)),
            accounts,
            ratings,
            hub,
            bus,
            db,
        }
    }

    /// Starts the concerns that act when a game ends (ratings, mail), each
    /// catching up first with the ends it missed.
    pub fn subscribe(&self) {
        events::spawn(&self.bus, Arc::new(self.ratings.clone()));
        events::spawn(&self.bus, Arc::new(self.mail.clone()));
        events::spawn(&self.bus, Arc::new(self.tournaments.clone()));
        self.chat.spawn_relay();
        self.push.spawn();
        self.mail.spawn_challenges(&self.bus);
    }
}

/// The rate limits and the solver's budget.
#[derive(Clone)]
pub struct Guards {
    /// The HTTP rate limit per address, also drawn on by WebSocket
    /// messages (none when the rate limit is off).
    pub(crate) messages: Option<Limiter>,
    /// Solves of new layouts per address.
    pub(crate) solve_rate: Option<Limiter>,
    /// Solves and analyses running at once for the API.
    pub(crate) solves: Arc<Semaphore>,
    /// The WebSocket ping interval.
    pub(crate) ws_ping: Duration,
}

impl Guards {
    /// The guards `limits` asks for, with no message rate limit.
    fn new(limits: &Limits) -> Guards {
        Guards {
            messages: None,
            solve_rate: NonZeroU32::new(limits.solves_per_minute)
                .map(|n| Arc::new(DefaultKeyedRateLimiter::keyed(Quota::per_minute(n)))),
            solves: Arc::new(Semaphore::new(limits.solves.max(1))),
            ws_ping: limits.ws_ping,
        }
    }
}

/// The time until `limiter` lets `ip` through again, or `None` when it
/// does now (and counts it).
pub(crate) fn over_rate(limiter: &Limiter, ip: IpAddr) -> Option<Duration> {
    use governor::clock::{Clock, DefaultClock};
    limiter
        .check_key(&ip)
        .err()
        .map(|n| n.wait_time_from(DefaultClock::default().now()))
}

/// `FromRef` for each part of the state a handler may take.
macro_rules! parts {
    ($($field:ident: $ty:ty),* $(,)?) => {
        $(impl FromRef<AppState> for $ty {
            fn from_ref(s: &AppState) -> $ty {
                s.$field.clone()
            }
        })*
    };
}

parts! {
    bus: Arc<Bus>,
    hub: Arc<Hub>,
    lobby: Arc<Lobby>,
    accounts: Accounts,
    ratings: Ratings,
    mail: Mail,
    puzzles: Puzzles,
    reviews: Arc<Reviews>,
    explore: Explore,
    players: Players,
    layouts: Layouts,
    people: People,
    notes: Notes,
    online: Arc<Online>,
    watch: Watch,
    chat: Chat,
    challenges: Challenges,
    learn: Learn,
    tournaments: Tournaments,
    bots: Bots,
    vacations: Vacations,
    push: Push,
    guards: Guards,
    lab: LabDir,
}
