//! Tournaments (issue #45): arenas, Swiss and round-robins between
//! accounts, as lila's `tournament` and `swiss` modules run them. Any
//! account makes one ([`NewTournament`]): public (listed) or private (not
//! listed; joined with its link's secret). Accounts join, pause and
//! withdraw; the pairings come from `tablero_ai::pairings` (Swiss by the
//! FIDE Dutch rules, round-robins by FIDE's Berger tables, the arena's
//! pairing of whoever is free), standings with Buchholz and
//! Sonneborn-Berger from its `standings`.
//!
//! A tournament never edits a game: it makes its games through the games
//! concern's door ([`Hub::create_as`], both seats bound to the two
//! accounts, rated as the tournament is), hears their ends on the events
//! bus ([`GameEnded`]; [`Tournaments`] is a [`Subscriber`], catching up
//! from its own open pairings and the games' stored results), and ends a
//! game not started in time through the games' one door of a server's
//! end ([`Ending::Forfeit`]).
//!
//! Pairing happens once per round whichever process gets there: a round
//! is written by a compare and set of the tournament's round counter, in
//! the transaction that writes its pairings, each with its game's id
//! chosen there; the games are made afterwards with those ids (a second
//! maker finds the id taken and reads the game made), so a process that
//! stops between the two leaves pairings whose games the next tick makes.
//! The ticker ([`spawn`], every process) starts tournaments when due,
//! pairs rounds, makes games, declares forfeits and ends arenas.
//!
//! The routes are in `routes/tournaments.rs`, the API in
//! `docs/web-api.md` ("Tournaments"), the rules chosen in
//! `docs/rulings.md` ("Tournaments").

pub mod schedule;
pub mod store;

use crate::db::{now_ms, random_id, Db, Fault};
use crate::events::{EndKind, GameEnded, GroupNotice, GroupPlayer, Notice, Subscriber};
use crate::games::{Ending, GameError, Hub, NewGame};
use crate::ratings::Ratings;
use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;
use store::{EntryRow, PairingRow, TournamentRow};
use tablero_ai::pairings::{arena, berger, standings, swiss};
use tablero_core::{id, Message};

crate::refusal::concern_error! {
    /// Why the tournaments concern refused a request, or failed.
    pub enum TournamentError {
        /// A tournament that cannot be made, a bad kind, game, clock...
        Bad => Invalid,
        /// Not logged in.
        NoAccount => Unknown,
        /// Not the account's to do (start another's tournament, join a
        /// private one without its link).
        NotYours => NotYours,
        /// No such tournament, or no entry in it.
        Missing => Missing,
        /// Not now: finished, full, started (a round-robin), paired.
        NotNow => NotNow,
    }
    passes on GameError;
}

/// The kinds of tournament.
pub const KINDS: [&str; 4] = ["arena", "swiss", "round_robin", "league"];

/// The most players of a league's group (docs/rulings.md, "Leagues").
pub const MAX_GROUP: usize = 7;

/// The time between a league's edition ending and its next starting.
pub const LEAGUE_BREAK_MS: i64 = 24 * 3600 * 1000;

/// How long a live game (a clock in minutes) may wait for its first
/// moves before the seat to move loses by forfeit.
pub const LIVE_GRACE_MS: i64 = 2 * 60 * 1000;

/// How often the ticker looks at the tournaments.
pub const TICK: Duration = Duration::from_secs(1);

/// The most players a tournament takes; a round-robin at most
/// [`MAX_ROUND_ROBIN`].
pub const MAX_PLAYERS: i64 = 500;

/// The most players of a round-robin.
pub const MAX_ROUND_ROBIN: i64 = 30;

/// A tournament as asked for (`POST /api/tournaments`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// `arena`, `swiss`, `round_robin` or `league`.
    pub kind: String,
    /// Its name (none: the page names it by its game and kind).
    #[serde(default)]
    pub name: Option<String>,
    /// The game's name.
    pub game: String,
    /// The variant's text (default: the game's standard one).
    #[serde(default)]
    pub variant: Option<String>,
    /// The time control (`5+3`, or `3d` days per move; an arena's must
    /// be in minutes).
    pub clock: String,
    /// Rated games (default: casual).
    #[serde(default)]
    pub rated: bool,
    /// Private: not listed, joined with the link.
    #[serde(default)]
    pub private: bool,
    /// Seconds from now to its start (default 300; 0 to 30 days).
    #[serde(default)]
    pub starts_in: Option<i64>,
    /// An arena's length in minutes (default 60; 1 to 720).
    #[serde(default)]
    pub minutes: Option<i64>,
    /// A Swiss's rounds (default 5; 1 to 20).
    #[serde(default)]
    pub rounds: Option<i64>,
    /// A round-robin's cycles: 1 (default) or 2 (each pair meets from both
    /// seats); a league's groups' (default 2).
    #[serde(default)]
    pub cycles: Option<i64>,
    /// The most players (default and most [`MAX_PLAYERS`], a round-robin's
    /// [`MAX_ROUND_ROBIN`]).
    #[serde(default)]
    pub max_players: Option<i64>,
    /// Whether bot accounts may join (default no).
    #[serde(default)]
    pub allow_bots: bool,
}

/// A player's line in the standings.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Standing {
    /// Rank, from 1.
    pub rank: usize,
    /// The account's name.
    pub name: String,
    /// Its rating when it joined.
    pub rating: i64,
    /// Its pairing number.
    pub number: i64,
    /// `in`, `paused`, `withdrawn`.
    pub state: String,
    /// Points: half points (Swiss, round-robin) or arena points.
    pub points: i64,
    /// Buchholz in half points (Swiss, round-robin).
    pub buchholz: i64,
    /// Sonneborn-Berger in quarter points (Swiss, round-robin).
    pub sonneborn_berger: i64,
    /// Games played (or forfeited).
    pub games: i64,
    /// An arena's current streak of wins.
    pub streak: i64,
    /// A league's group (none before the edition starts, or for one who
    /// joined after: they play the next edition).
    pub group: Option<i64>,
    /// In a league: `up` or `down`, where the place now would take the
    /// player in the next edition.
    pub moves: Option<String>,
    /// The account's id (not shown).
    #[serde(skip)]
    pub account: String,
}

/// A pairing as shown.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Board {
    /// The round (an arena's pairing batch).
    pub round: i64,
    /// The board.
    pub board: i64,
    /// Seat 0's name (moves first).
    pub first: String,
    /// Seat 1's name, none for a bye.
    pub second: Option<String>,
    /// The game's id.
    pub game: Option<String>,
    /// The result once ended.
    pub result: Option<String>,
    /// The points each side scored.
    pub points: Option<[i64; 2]>,
}

/// The viewer's own part.
#[derive(Clone, Debug, Serialize, PartialEq, Eq, Default)]
pub struct MyPart {
    /// Whether the viewer has an entry.
    pub joined: bool,
    /// Its state.
    pub state: Option<String>,
    /// Its game being played now: id, seat, token.
    pub game: Option<String>,
    /// Its seat there.
    pub seat: Option<usize>,
    /// Its seat token there.
    pub token: Option<String>,
    /// Whether the viewer made the tournament.
    pub creator: bool,
}

/// A tournament as a viewer sees it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TournamentView {
    /// Its id.
    pub id: String,
    /// `arena`, `swiss`, `round_robin`.
    pub kind: String,
    /// Its name (empty: the page names it).
    pub name: String,
    /// The game.
    pub game: String,
    /// The variant's text.
    pub variant: String,
    /// The time control.
    pub clock: Option<String>,
    /// Rated games.
    pub rated: bool,
    /// Not listed.
    pub private: bool,
    /// A private tournament's link secret (to its creator alone).
    pub link: Option<String>,
    /// Its start (ms since 1970).
    pub starts_at: i64,
    /// An arena's end.
    pub ends_at: Option<i64>,
    /// Rounds (Swiss; a round-robin's once started).
    pub rounds: i64,
    /// A round-robin's cycles.
    pub cycles: i64,
    /// The rounds paired so far.
    pub round: i64,
    /// `upcoming`, `running`, `finished`.
    pub state: String,
    /// The creator's name.
    pub creator: String,
    /// The most players.
    pub max_players: i64,
    /// Whether bots may join.
    pub allow_bots: bool,
    /// The standings, best first.
    pub standings: Vec<Standing>,
    /// Every pairing, by round and board (the crosstable).
    pub pairings: Vec<Board>,
    /// The viewer's part (none when not logged in).
    pub me: Option<MyPart>,
    /// A league's edition, from 1.
    pub edition: i64,
    /// A league's next edition (its id), once made.
    pub next: Option<String>,
    /// A league's previous edition.
    pub previous: Option<String>,
}

/// A line of the lists.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Listed {
    /// Its id.
    pub id: String,
    /// Its kind.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// The game.
    pub game: String,
    /// The time control.
    pub clock: Option<String>,
    /// Rated.
    pub rated: bool,
    /// Its start.
    pub starts_at: i64,
    /// Its state.
    pub state: String,
    /// Its creator's name.
    pub creator: String,
}

/// The lists of public tournaments.
#[derive(Clone, Debug, Serialize)]
pub struct Lists {
    /// Not started yet, soonest first.
    pub upcoming: Vec<Listed>,
    /// Being played.
    pub running: Vec<Listed>,
    /// Finished, latest first.
    pub finished: Vec<Listed>,
}

/// The tournaments concern's service.
#[derive(Clone)]
pub struct Tournaments {
    db: Db,
    hub: Arc<Hub>,
    ratings: Ratings,
}

fn missing(id: &str) -> TournamentError {
    TournamentError::Missing(Message::of(id!("api_no_tournament")).text("id", id))
}

fn bad(name: &str, value: impl ToString, choices: &str) -> TournamentError {
    TournamentError::Bad(
        Message::of(id!("api_bad_parameter"))
            .text("name", name)
            .text("value", value.to_string())
            .text("choices", choices),
    )
}

/// A result seen from the first seat: the stored code and the half points
/// each side scored; a forfeit and an abort are not played.
fn result_of(winner: Option<usize>, forfeit: bool, aborted: bool) -> (&'static str, (i64, i64)) {
    match (winner, forfeit, aborted) {
        (Some(0), true, _) => ("+-", (2, 0)),
        (Some(0), false, _) => ("1-0", (2, 0)),
        (Some(_), true, _) => ("-+", (0, 2)),
        (Some(_), false, _) => ("0-1", (0, 2)),
        (None, _, true) => ("--", (0, 0)),
        (None, _, false) => ("1/2", (1, 1)),
    }
}

/// Whether the stored result `r` was played over the board.
fn played(r: &str) -> bool {
    matches!(r, "1-0" | "0-1" | "1/2")
}

/// `account`'s half points in pairing `p` (none while it is played).
fn half_points_of(p: &PairingRow, account: &str) -> Option<i64> {
    if p.first == account {
        p.result.as_ref().map(|r| match r.as_str() {
            "bye" => 2,
            _ => result_of_code(r).0,
        })
    } else if p.second.as_deref() == Some(account) {
        p.result.as_ref().map(|r| result_of_code(r).1)
    } else {
        None
    }
}

/// The half points of a stored result code.
fn result_of_code(r: &str) -> (i64, i64) {
    match r {
        "1-0" | "+-" | "bye" => (2, 0),
        "0-1" | "-+" => (0, 2),
        "1/2" => (1, 1),
        _ => (0, 0),
    }
}

/// The grace a game has for its first moves: [`LIVE_GRACE_MS`] for a
/// clock in minutes, its days for days per move.
#[must_use]
pub fn grace(clock: Option<&str>) -> i64 {
    match clock.and_then(|c| c.strip_suffix('d')) {
        Some(days) => days.trim().parse::<i64>().unwrap_or(1).max(1) * 24 * 3600 * 1000,
        None => LIVE_GRACE_MS,
    }
}

/// The sizes of a league's groups for `n` players, the top group first:
/// the fewest groups of at most [`MAX_GROUP`], their sizes differing by
/// one at most, the larger ones on top (so every group has 4 to 7 players
/// once there are 4 or more).
#[must_use]
pub fn group_sizes(n: usize) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let g = n.div_ceil(MAX_GROUP);
    (0..g).map(|i| n / g + usize::from(i < n % g)).collect()
}

/// The lot for the first round's colours: whether pairing number 0 takes
/// the first seat (drawn from the tournament's id, so every process draws
/// the same).
fn top_first(id: &str) -> bool {
    id.bytes().map(u32::from).sum::<u32>() % 2 == 0
}

impl Tournaments {
    /// The tournaments of `db`, their games made in `hub`, the players'
    /// ratings read from `ratings`.
    #[must_use]
    pub fn new(db: Db, hub: Arc<Hub>, ratings: Ratings) -> Tournaments {
        Tournaments { db, hub, ratings }
    }

    /// Checks `req` and makes the tournament it asks for, by `creator`
    /// (id, name), at `now`; `schedule_key` names a site tournament's slot
    /// (none is made twice). Answers the row (none: the slot's tournament
    /// was made already).
    ///
    /// # Errors
    /// A bad kind, game, variant, clock or number (400).
    pub async fn make_at(
        &self,
        creator: (&str, &str),
        req: &NewTournament,
        now: i64,
        schedule_key: Option<String>,
    ) -> Result<Option<TournamentRow>, TournamentError> {
        if !KINDS.contains(&req.kind.as_str()) {
            return Err(bad("kind", &req.kind, &KINDS.join(", ")));
        }
        let setup =
            crate::games::catalog::setup(&req.game, req.variant.as_deref(), Some(&req.clock))?;
        let Some(clock) = setup.clock.clone() else {
            return Err(TournamentError::Bad(Message::of(id!(
                "api_tournament_clock"
            ))));
        };
        let days = clock.ends_with('d');
        if req.kind == "arena" && days {
            return Err(TournamentError::Bad(Message::of(id!(
                "api_tournament_arena_live"
            ))));
        }
        if req.allow_bots && req.rated {
            // Bots play casual games only.
            return Err(TournamentError::Bad(Message::of(id!(
                "api_tournament_bots_casual"
            ))));
        }
        let league = req.kind == "league";
        if league && !days {
            return Err(TournamentError::Bad(Message::of(id!(
                "api_tournament_league_days"
            ))));
        }
        let starts_in = req.starts_in.unwrap_or(300);
        if !(0..=30 * 24 * 3600).contains(&starts_in) {
            return Err(bad("starts_in", starts_in, "0..2592000"));
        }
        let minutes = req.minutes.unwrap_or(60);
        if !(1..=720).contains(&minutes) {
            return Err(bad("minutes", minutes, "1..720"));
        }
        let rounds = req.rounds.unwrap_or(5);
        if !(1..=20).contains(&rounds) {
            return Err(bad("rounds", rounds, "1..20"));
        }
        let cycles = req.cycles.unwrap_or(if league { 2 } else { 1 });
        if !(1..=2).contains(&cycles) {
            return Err(bad("cycles", cycles, "1, 2"));
        }
        let most = if req.kind == "round_robin" {
            MAX_ROUND_ROBIN
        } else {
            MAX_PLAYERS
        };
        let max_players = req.max_players.unwrap_or(most);
        if !(2..=most).contains(&max_players) {
            return Err(bad("max_players", max_players, &format!("2..{most}")));
        }
        let name: String = req
            .name
            .clone()
            .unwrap_or_default()
            .trim()
            .chars()
            .take(60)
            .collect();
        let id = random_id(8);
        let row = TournamentRow {
            league: league.then(|| id.clone()),
            edition: 1,
            announced: false,
            id,
            kind: req.kind.clone(),
            name,
            game: setup.game,
            variant: setup.variant,
            clock: Some(clock),
            rated: req.rated,
            private: req.private,
            link: req.private.then(|| random_id(12)),
            starts_at: now + starts_in * 1000,
            duration_ms: (req.kind == "arena").then_some(minutes * 60 * 1000),
            rounds: if req.kind == "swiss" { rounds } else { 0 },
            cycles: if req.kind == "round_robin" || league {
                cycles
            } else {
                1
            },
            max_players,
            allow_bots: req.allow_bots,
            creator: creator.0.to_string(),
            creator_name: creator.1.to_string(),
            state: "upcoming".into(),
            round: 0,
            round_started: None,
            created: now,
            finished: None,
            schedule_key,
        };
        Ok(store::insert(&self.db, &row).await?.then_some(row))
    }

    /// `creator` (id, name) makes a tournament.
    ///
    /// # Errors
    /// See [`Tournaments::make_at`].
    pub async fn make(
        &self,
        creator: (&str, &str),
        req: &NewTournament,
    ) -> Result<TournamentView, TournamentError> {
        let row = self
            .make_at(creator, req, now_ms(), None)
            .await?
            .ok_or_else(|| TournamentError::Internal(Fault::new("no schedule key, no clash")))?;
        self.view(&row.id, Some(creator.0)).await
    }

    async fn row(&self, id: &str) -> Result<TournamentRow, TournamentError> {
        store::get(&self.db, id).await?.ok_or_else(|| missing(id))
    }

    /// The public tournaments: upcoming, running, finished (the latest 30
    /// of each).
    ///
    /// # Errors
    /// Storage failures.
    pub async fn lists(&self) -> Result<Lists, TournamentError> {
        let list = |rows: Vec<TournamentRow>| {
            rows.into_iter()
                .map(|t| Listed {
                    id: t.id,
                    kind: t.kind,
                    name: t.name,
                    game: t.game,
                    clock: t.clock,
                    rated: t.rated,
                    starts_at: t.starts_at,
                    state: t.state,
                    creator: t.creator_name,
                })
                .collect()
        };
        Ok(Lists {
            upcoming: list(store::listed(&self.db, "upcoming", 30).await?),
            running: list(store::listed(&self.db, "running", 30).await?),
            finished: list(store::listed(&self.db, "finished", 30).await?),
        })
    }

    /// Tournament `id` as `viewer` (an account id) sees it (a private
    /// tournament's creator sees its link).
    ///
    /// # Errors
    /// No such tournament (404).
    pub async fn view(
        &self,
        id: &str,
        viewer: Option<&str>,
    ) -> Result<TournamentView, TournamentError> {
        let t = self.row(id).await?;
        let entries = store::entries(&self.db, id).await?;
        let pairings = store::pairings(&self.db, id).await?;
        let names: HashMap<&str, &str> = entries
            .iter()
            .map(|e| (e.account.as_str(), e.name.as_str()))
            .collect();
        let name_of = |a: &str| {
            names
                .get(a)
                .map_or_else(|| a.to_string(), |n| (*n).to_string())
        };
        let me = viewer.map(|v| {
            let entry = entries.iter().find(|e| e.account == v);
            let current = pairings.iter().rev().find(|p| {
                p.result.is_none() && p.made && (p.first == v || p.second.as_deref() == Some(v))
            });
            let seat = current.map(|p| usize::from(p.first != v));
            MyPart {
                joined: entry.is_some(),
                state: entry.map(|e| e.state.clone()),
                game: current.and_then(|p| p.game.clone()),
                seat,
                token: current.and_then(|p| {
                    if seat == Some(0) {
                        p.first_token.clone()
                    } else {
                        p.second_token.clone()
                    }
                }),
                creator: t.creator == v,
            }
        });
        let boards = pairings
            .iter()
            .map(|p| Board {
                round: p.round,
                board: p.board,
                first: name_of(&p.first),
                second: p.second.as_deref().map(name_of),
                game: p.game.clone(),
                result: p.result.clone(),
                points: p.first_points.zip(p.second_points).map(|(a, b)| [a, b]),
            })
            .collect();
        let creator = me.as_ref().is_some_and(|m| m.creator);
        let (mut next, mut previous) = (None, None);
        if let Some(league) = &t.league {
            next = store::edition(&self.db, league, t.edition + 1)
                .await?
                .map(|e| e.id);
            previous = store::edition(&self.db, league, t.edition - 1)
                .await?
                .map(|e| e.id);
        }
        Ok(TournamentView {
            edition: t.edition,
            next,
            previous,
            standings: standings_of(&t, &entries, &pairings),
            pairings: boards,
            me,
            link: if creator { t.link.clone() } else { None },
            ends_at: t.duration_ms.map(|d| t.starts_at + d),
            id: t.id,
            kind: t.kind,
            name: t.name,
            game: t.game,
            variant: t.variant,
            clock: t.clock,
            rated: t.rated,
            private: t.private,
            starts_at: t.starts_at,
            rounds: t.rounds,
            cycles: t.cycles,
            round: t.round,
            state: t.state,
            creator: t.creator_name,
            max_players: t.max_players,
            allow_bots: t.allow_bots,
        })
    }

    /// `account` (id, name) joins tournament `id` (a private one with its
    /// `link`), or comes back after a pause or a withdrawal.
    ///
    /// # Errors
    /// No such tournament (404); a private one without its link (403);
    /// finished, full, or a round-robin already started (409).
    pub async fn join(
        &self,
        id: &str,
        account: (&str, &str),
        link: Option<&str>,
    ) -> Result<TournamentView, TournamentError> {
        let t = self.row(id).await?;
        let entries = store::entries(&self.db, id).await?;
        let known = entries.iter().any(|e| e.account == account.0);
        if t.private && !known && t.creator != account.0 && link != t.link.as_deref() {
            return Err(TournamentError::NotYours(Message::of(id!(
                "api_tournament_private"
            ))));
        }
        if t.state == "finished" {
            return Err(TournamentError::NotNow(Message::of(id!(
                "api_tournament_over"
            ))));
        }
        if !known && !t.allow_bots && crate::bots::is_bot(&self.db, account.0).await? {
            return Err(TournamentError::NotYours(Message::of(id!(
                "api_tournament_no_bots"
            ))));
        }
        if !known {
            if t.kind == "round_robin" && t.state != "upcoming" {
                return Err(TournamentError::NotNow(Message::of(id!(
                    "api_tournament_started"
                ))));
            }
            let active = entries.iter().filter(|e| e.state != "withdrawn").count();
            if i64::try_from(active).unwrap_or(i64::MAX) >= t.max_players {
                return Err(TournamentError::NotNow(
                    Message::of(id!("api_tournament_full")).num("max", t.max_players),
                ));
            }
        }
        let rating = self.rating_of(&t, account.0).await?.unwrap_or(1500);
        let mut joined = false;
        for _ in 0..3 {
            // Two joining at once may draw the same number: the second
            // tries again.
            match store::join(&self.db, id, account.0, account.1, rating, now_ms()).await {
                Ok(j) => {
                    joined = j;
                    break;
                }
                Err(e) if e.unavailable() => return Err(e.into()),
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
        if !joined && !known {
            return Err(TournamentError::NotNow(Message::of(id!(
                "api_tournament_busy"
            ))));
        }
        self.view(id, Some(account.0)).await
    }

    /// `account`'s rating in `t`'s pool, if it has one.
    async fn rating_of(
        &self,
        t: &TournamentRow,
        account: &str,
    ) -> Result<Option<i64>, TournamentError> {
        let pool = crate::ratings::pool_of(&t.game, &t.variant);
        Ok(self
            .ratings
            .of_account(account)
            .await
            .map_err(|e| TournamentError::Internal(Fault::new(e)))?
            .into_iter()
            .find(|(p, _, _)| *p == pool)
            .map(|(_, r, _)| r.rating.round() as i64))
    }

    /// `account` pauses (`paused`) or withdraws (`withdrawn`) from
    /// tournament `id`.
    ///
    /// # Errors
    /// No such tournament or no entry of `account` (404), finished (409).
    pub async fn leave(
        &self,
        id: &str,
        account: &str,
        state: &str,
    ) -> Result<TournamentView, TournamentError> {
        let t = self.row(id).await?;
        if t.state == "finished" {
            return Err(TournamentError::NotNow(Message::of(id!(
                "api_tournament_over"
            ))));
        }
        if !store::set_entry(&self.db, id, account, state).await? {
            return Err(TournamentError::Missing(Message::of(id!(
                "api_tournament_not_in"
            ))));
        }
        self.view(id, Some(account)).await
    }

    /// The creator of tournament `id` starts it now, before its time.
    ///
    /// # Errors
    /// No such tournament (404), not `account`'s (403), not upcoming or
    /// fewer than two players (409).
    pub async fn start_now(
        &self,
        id: &str,
        account: &str,
    ) -> Result<TournamentView, TournamentError> {
        let t = self.row(id).await?;
        if t.creator != account {
            return Err(TournamentError::NotYours(Message::of(id!(
                "api_tournament_not_creator"
            ))));
        }
        let now = now_ms();
        if !self.start(&t).await? {
            return Err(TournamentError::NotNow(Message::of(id!(
                "api_tournament_cannot_start"
            ))));
        }
        let t = self.row(id).await?;
        self.advance(&t, now).await?;
        self.make_games().await?;
        self.view(id, Some(account)).await
    }

    /// Starts the upcoming tournament `t` at `now` if it has two players
    /// or more (their pairing numbers by rating); whether it did.
    async fn start(&self, t: &TournamentRow) -> Result<bool, TournamentError> {
        if t.state != "upcoming" {
            return Ok(false);
        }
        let mut entries: Vec<EntryRow> = store::entries(&self.db, &t.id)
            .await?
            .into_iter()
            .filter(|e| e.state == "in")
            .collect();
        if entries.len() < 2 {
            return Ok(false);
        }
        // A league's players by division first (carried from the edition
        // before; new entrants in the lowest), then by rating.
        let league = t.kind == "league";
        entries.sort_by_key(|e| {
            (
                if league {
                    e.division.unwrap_or(i64::MAX)
                } else {
                    0
                },
                std::cmp::Reverse(e.rating),
                e.joined,
                e.account.clone(),
            )
        });
        let numbers: Vec<(String, i64)> = entries
            .iter()
            .zip(0..)
            .map(|(e, n)| (e.account.clone(), n))
            .collect();
        let n = u32::try_from(entries.len()).unwrap_or(u32::MAX);
        let rounds = match t.kind.as_str() {
            "swiss" => t.rounds.min(i64::from(n - 1 + n % 2)),
            "round_robin" => {
                let cycles = u32::try_from(t.cycles).unwrap_or(1);
                i64::try_from(berger::schedule(n, cycles).len()).unwrap_or(0)
            }
            "league" => 1,
            _ => 0,
        };
        Ok(store::start(&self.db, &t.id, rounds, &numbers).await?)
    }

    /// One look at every tournament at `now`: starts those due (one with
    /// fewer than two players at its start finishes with no games), pairs
    /// the rounds due, makes the games paired, declares the forfeits due
    /// and ends the arenas whose time is up. The ticker calls it every
    /// [`TICK`] on every process; a test calls it with the time it wants.
    ///
    /// # Errors
    /// Storage failures (the next tick tries again).
    pub async fn tick(&self, now: i64) -> Result<(), TournamentError> {
        self.pair_due(now).await?;
        self.make_games().await?;
        self.announce().await?;
        self.forfeits(now).await
    }

    /// The first part of [`Tournaments::tick`]: starts and pairs what is
    /// due, and writes the pairings, making no game.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn pair_due(&self, now: i64) -> Result<(), TournamentError> {
        for t in store::due(&self.db, now).await? {
            if t.state == "upcoming" && !self.start(&t).await? {
                // Fewer than two players: it finishes with no games (unless
                // another process started it meanwhile).
                store::cancel(&self.db, &t.id, now).await?;
                continue;
            }
            let t = self.row(&t.id).await?;
            self.advance(&t, now).await?;
        }
        Ok(())
    }

    /// Pairs what is due in the running tournament `t` at `now`, or ends
    /// it.
    async fn advance(&self, t: &TournamentRow, now: i64) -> Result<(), TournamentError> {
        if t.state != "running" {
            return Ok(());
        }
        let entries = store::entries(&self.db, &t.id).await?;
        let pairings = store::pairings(&self.db, &t.id).await?;
        if t.kind == "arena" {
            if now >= t.starts_at + t.duration_ms.unwrap_or(0) {
                // No new pairings; the games being played still count.
                store::finish(&self.db, &t.id, now).await?;
                return Ok(());
            }
            return self.pair_arena(t, &entries, &pairings, now).await;
        }
        if t.kind == "league" {
            return self.advance_league(t, &entries, &pairings, now).await;
        }
        if pairings
            .iter()
            .any(|p| p.round == t.round && p.result.is_none())
        {
            return Ok(());
        }
        if t.round >= t.rounds {
            store::finish(&self.db, &t.id, now).await?;
            return Ok(());
        }
        let round = t.round + 1;
        let by_number: BTreeMap<i64, &EntryRow> = entries.iter().map(|e| (e.number, e)).collect();
        let pairs = if t.kind == "swiss" {
            let players: Vec<swiss::Player> = entries
                .iter()
                .filter(|e| e.state == "in" && e.number >= 0)
                .map(|e| swiss::Player {
                    number: u32::try_from(e.number).unwrap_or(0),
                    rating: i32::try_from(e.rating).unwrap_or(0),
                    past: (1..round)
                        .map(|r| past_of(&entries, &pairings, r, &e.account))
                        .collect(),
                })
                .collect();
            let r = u32::try_from(round).unwrap_or(1);
            let rounds = u32::try_from(t.rounds).unwrap_or(1);
            match swiss::pair(&players, r, rounds, top_first(&t.id)) {
                Ok(p) => p,
                Err(e) => {
                    tracing::warn!(tournament = %t.id, "{e}: the tournament ends");
                    store::finish(&self.db, &t.id, now).await?;
                    return Ok(());
                }
            }
        } else {
            let n = entries.iter().filter(|e| e.number >= 0).count();
            let n = u32::try_from(n).unwrap_or(0);
            let cycles = u32::try_from(t.cycles).unwrap_or(1);
            let schedule = berger::schedule(n, cycles);
            match usize::try_from(round - 1)
                .ok()
                .and_then(|i| schedule.get(i))
            {
                Some(r) => r.clone(),
                None => {
                    store::finish(&self.db, &t.id, now).await?;
                    return Ok(());
                }
            }
        };
        let account = |n: u32| by_number.get(&i64::from(n)).copied();
        let mut rows = Vec::new();
        for (p, board) in pairs.pairs.iter().zip(1..) {
            let (Some(a), Some(b)) = (account(p.first), account(p.second)) else {
                continue;
            };
            // A withdrawn player's game is not made: the other wins it.
            let gone = |e: &EntryRow| e.state == "withdrawn";
            let forfeit = match (gone(a), gone(b)) {
                (false, false) => None,
                (true, false) => Some(("-+", (0, 2))),
                (false, true) => Some(("+-", (2, 0))),
                (true, true) => Some(("--", (0, 0))),
            };
            rows.push(PairingRow {
                tournament: t.id.clone(),
                round,
                board,
                first: a.account.clone(),
                second: Some(b.account.clone()),
                game: forfeit.is_none().then(|| random_id(10)),
                made: forfeit.is_some(),
                first_token: None,
                second_token: None,
                result: forfeit.map(|f| f.0.to_string()),
                first_points: forfeit.map(|f| f.1 .0),
                second_points: forfeit.map(|f| f.1 .1),
                paired: now,
                ended: forfeit.map(|_| now),
            });
        }
        if let Some(e) = pairs.bye.and_then(account) {
            rows.push(PairingRow {
                tournament: t.id.clone(),
                round,
                board: i64::try_from(rows.len()).unwrap_or(0) + 1,
                first: e.account.clone(),
                second: None,
                game: None,
                made: true,
                first_token: None,
                second_token: None,
                result: Some("bye".into()),
                first_points: Some(2),
                second_points: Some(0),
                paired: now,
                ended: Some(now),
            });
        }
        if store::pair_round(&self.db, &t.id, t.round, &rows, now).await? {
            tracing::info!(tournament = %t.id, round, boards = rows.len(), "paired");
        }
        Ok(())
    }

    /// A league edition's step at `now`: at its start, its groups and all
    /// their games (one round, the pairings' `round` holding the group);
    /// once every game has ended, the next edition, with promotion and
    /// relegation (docs/rulings.md, "Leagues").
    async fn advance_league(
        &self,
        t: &TournamentRow,
        entries: &[EntryRow],
        pairings: &[PairingRow],
        now: i64,
    ) -> Result<(), TournamentError> {
        if t.round == 0 {
            let mut players: Vec<&EntryRow> = entries
                .iter()
                .filter(|e| e.state == "in" && e.number >= 0)
                .collect();
            players.sort_by_key(|e| e.number);
            let cycles = u32::try_from(t.cycles).unwrap_or(2);
            let (mut rows, mut groups) = (Vec::new(), Vec::new());
            let mut at = 0;
            for (size, group) in group_sizes(players.len()).into_iter().zip(1_i64..) {
                let members = &players[at..at + size];
                at += size;
                groups.extend(members.iter().map(|e| (e.account.clone(), group)));
                let mut board = 0;
                let n = u32::try_from(size).unwrap_or(0);
                for round in berger::schedule(n, cycles) {
                    for p in &round.pairs {
                        let (Some(a), Some(b)) = (
                            members.get(p.first as usize),
                            members.get(p.second as usize),
                        ) else {
                            continue;
                        };
                        board += 1;
                        rows.push(PairingRow {
                            tournament: t.id.clone(),
                            round: group,
                            board,
                            first: a.account.clone(),
                            second: Some(b.account.clone()),
                            game: Some(random_id(10)),
                            made: false,
                            first_token: None,
                            second_token: None,
                            result: None,
                            first_points: None,
                            second_points: None,
                            paired: now,
                            ended: None,
                        });
                    }
                }
            }
            if store::pair_league(&self.db, &t.id, &rows, &groups, now).await? {
                tracing::info!(tournament = %t.id, groups = groups.len(), games = rows.len(), "league groups made");
            }
            return Ok(());
        }
        if pairings.iter().any(|p| p.result.is_none()) {
            return Ok(());
        }
        // Every game has ended: the next edition, made once.
        let mut carried = Vec::new();
        for s in standings_of(t, entries, pairings) {
            if s.state == "withdrawn" {
                continue;
            }
            let division = s.group.map(|g| match s.moves.as_deref() {
                Some("up") => g - 1,
                Some("down") => g + 1,
                _ => g,
            });
            // The rating now (the one it had if it has none in the pool).
            let rating = self.rating_of(t, &s.account).await?.unwrap_or(s.rating);
            carried.push((s.account, s.name, rating, division));
        }
        let next = TournamentRow {
            id: random_id(8),
            league: t.league.clone().or_else(|| Some(t.id.clone())),
            edition: t.edition + 1,
            announced: false,
            starts_at: now + LEAGUE_BREAK_MS,
            state: "upcoming".into(),
            round: 0,
            rounds: 0,
            round_started: None,
            created: now,
            finished: None,
            schedule_key: None,
            ..t.clone()
        };
        if store::next_edition(&self.db, &t.id, &next, &carried, now).await? {
            tracing::info!(tournament = %t.id, next = %next.id, edition = next.edition, players = carried.len(), "league edition made");
        }
        Ok(())
    }

    /// Tells the players of each league edition whose games are all made
    /// of their groups, once (compare and set): a [`Notice::Group`] per
    /// group on the bus, which push and mail hear.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn announce(&self) -> Result<(), TournamentError> {
        for t in store::unannounced(&self.db).await? {
            let pairings = store::pairings(&self.db, &t.id).await?;
            if pairings.iter().any(|p| !p.made) {
                continue;
            }
            if !store::announce(&self.db, &t.id).await? {
                continue;
            }
            let entries = store::entries(&self.db, &t.id).await?;
            let groups = entries.iter().filter_map(|e| e.grp).max().unwrap_or(0);
            for group in 1..=groups {
                let players = entries
                    .iter()
                    .filter(|e| e.grp == Some(group))
                    .map(|e| GroupPlayer {
                        account: e.account.clone(),
                        name: e.name.clone(),
                        games: pairings
                            .iter()
                            .filter(|p| p.round == group)
                            .filter(|p| {
                                p.first == e.account || p.second.as_deref() == Some(&e.account)
                            })
                            .filter_map(|p| p.game.clone())
                            .collect(),
                    })
                    .collect();
                let n = Notice::Group(GroupNotice {
                    tournament: t.id.clone(),
                    name: t.name.clone(),
                    game: t.game.clone(),
                    clock: t.clock.clone(),
                    edition: t.edition,
                    group,
                    players,
                });
                self.hub.bus().tell_everywhere(&self.db, n).await?;
            }
        }
        Ok(())
    }

    /// Pairs the arena `t`'s players who are in and not playing.
    async fn pair_arena(
        &self,
        t: &TournamentRow,
        entries: &[EntryRow],
        pairings: &[PairingRow],
        now: i64,
    ) -> Result<(), TournamentError> {
        let busy = |a: &str| {
            pairings
                .iter()
                .any(|p| p.result.is_none() && (p.first == a || p.second.as_deref() == Some(a)))
        };
        let waiting: Vec<arena::Waiting> = entries
            .iter()
            .filter(|e| e.state == "in" && !busy(&e.account))
            .map(|e| {
                let mine: Vec<&PairingRow> = pairings
                    .iter()
                    .filter(|p| p.first == e.account || p.second.as_deref() == Some(&e.account))
                    .collect();
                let last = mine.last();
                let number_of = |a: &str| {
                    entries
                        .iter()
                        .find(|x| x.account == a)
                        .and_then(|x| u32::try_from(x.number).ok())
                };
                arena::Waiting {
                    id: u32::try_from(e.number).unwrap_or(0),
                    score: u32::try_from(arena_score(&e.account, pairings)).unwrap_or(0),
                    rating: i32::try_from(e.rating).unwrap_or(0),
                    last_opponent: last.and_then(|p| {
                        if p.first == e.account {
                            p.second.as_deref().and_then(number_of)
                        } else {
                            number_of(&p.first)
                        }
                    }),
                    last_first: last.map(|p| p.first == e.account),
                }
            })
            .collect();
        if waiting.len() < 2 {
            return Ok(());
        }
        let by_number: HashMap<u32, &EntryRow> = entries
            .iter()
            .filter_map(|e| Some((u32::try_from(e.number).ok()?, e)))
            .collect();
        let round = t.round + 1;
        let rows: Vec<PairingRow> = arena::pair(&waiting)
            .iter()
            .zip(1..)
            .filter_map(|(p, board)| {
                Some(PairingRow {
                    tournament: t.id.clone(),
                    round,
                    board,
                    first: by_number.get(&p.first)?.account.clone(),
                    second: Some(by_number.get(&p.second)?.account.clone()),
                    game: Some(random_id(10)),
                    made: false,
                    first_token: None,
                    second_token: None,
                    result: None,
                    first_points: None,
                    second_points: None,
                    paired: now,
                    ended: None,
                })
            })
            .collect();
        if !rows.is_empty() && store::pair_round(&self.db, &t.id, t.round, &rows, now).await? {
            tracing::info!(tournament = %t.id, batch = round, boards = rows.len(), "arena paired");
        }
        Ok(())
    }

    /// Makes the games of the pairings written and not yet made (by this
    /// process or another that stopped): each with the id its pairing
    /// chose, so a game is made once whoever makes it.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn make_games(&self) -> Result<usize, TournamentError> {
        let mut made = 0;
        let mut rows: HashMap<String, TournamentRow> = HashMap::new();
        for p in store::open(&self.db).await? {
            let (false, Some(game), Some(second)) = (p.made, &p.game, &p.second) else {
                continue;
            };
            if !rows.contains_key(&p.tournament) {
                let t = self.row(&p.tournament).await?;
                rows.insert(t.id.clone(), t);
            }
            let t = &rows[&p.tournament];
            let created = self
                .hub
                .create_as(
                    game.clone(),
                    NewGame::between_people(
                        &t.game,
                        &t.variant,
                        t.clock.clone(),
                        t.rated,
                        [Some(p.first.clone()), Some(second.clone())],
                    ),
                )
                .await;
            let tokens = match created {
                Ok(c) => [c.tokens.get("0").cloned(), c.tokens.get("1").cloned()],
                Err(e) => match self.hub.stored(game).await? {
                    // Made already, by another process.
                    Some((row, _)) => [row.seats[0].token.clone(), row.seats[1].token.clone()],
                    None => {
                        tracing::error!(tournament = %t.id, %game, "cannot make the game: {e}");
                        continue;
                    }
                },
            };
            let [Some(a), Some(b)] = tokens else {
                return Err(TournamentError::Internal(Fault::new(format!(
                    "game {game}: a seat without a token"
                ))));
            };
            store::made(&self.db, game, &a, &b).await?;
            made += 1;
        }
        Ok(made)
    }

    /// Declares lost by forfeit, through the games' one door, each game
    /// whose seat to move has not made its first move within its
    /// [`grace`] (from the pairing for the first seat, from the first
    /// move for the second).
    async fn forfeits(&self, now: i64) -> Result<(), TournamentError> {
        for p in store::open(&self.db).await? {
            let (true, Some(game)) = (p.made, &p.game) else {
                continue;
            };
            let Some((row, _)) = self.hub.stored(game).await? else {
                continue;
            };
            if row.result.is_some() || row.ply >= 2 {
                continue;
            }
            let since = if row.ply == 0 { p.paired } else { row.updated };
            let clock = row.clock.as_ref().map(|c| c.control.to_string());
            if now < since + grace(clock.as_deref()) {
                continue;
            }
            let first = usize::try_from(row.first).unwrap_or(0).min(1);
            let seat = if row.ply == 0 { first } else { 1 - first };
            match self.hub.end(game, Ending::Forfeit(seat)).await {
                Ok(()) => tracing::info!(%game, seat, "lost by forfeit: not started in time"),
                Err(e) => tracing::warn!(%game, "no forfeit: {e}"),
            }
        }
        Ok(())
    }

    /// Records the end of `game` (seat `winner` won, or a draw; by
    /// forfeit; called off) in its pairing, once; then pairs what the end
    /// lets pair (the arena's freed players, a Swiss's next round).
    async fn ended(
        &self,
        game: &str,
        winner: Option<usize>,
        forfeit: bool,
        aborted: bool,
        at: i64,
    ) -> Result<(), Fault> {
        let Some(p) = store::by_game(&self.db, game).await? else {
            return Ok(());
        };
        if p.result.is_some() {
            return Ok(());
        }
        let Some(t) = store::get(&self.db, &p.tournament).await? else {
            return Ok(());
        };
        let (code, half) = result_of(winner, forfeit, aborted);
        let points = if t.kind == "arena" {
            let all = store::pairings(&self.db, &t.id).await?;
            let before = |a: &str| -> Vec<u32> {
                all.iter()
                    .filter(|q| q.result.is_some())
                    .filter_map(|q| half_points_of(q, a))
                    .map(|h| u32::try_from(h).unwrap_or(0))
                    .collect()
            };
            let second = p.second.clone().unwrap_or_default();
            let arena_points = |a: &str, h: i64| {
                i64::from(arena::points(&before(a), u32::try_from(h).unwrap_or(0)))
            };
            (
                arena_points(&p.first, half.0),
                arena_points(&second, half.1),
            )
        } else {
            half
        };
        if !store::set_result(&self.db, game, code, points, at).await? {
            return Ok(());
        }
        if t.kind == "arena" && forfeit {
            // A no-show is paused: not paired again until it comes back.
            let loser = if winner == Some(0) {
                p.second.clone()
            } else {
                Some(p.first.clone())
            };
            if let Some(l) = loser {
                store::set_entry(&self.db, &t.id, &l, "paused").await?;
            }
        }
        let now = now_ms();
        if let Some(t) = store::get(&self.db, &t.id).await? {
            let next = async {
                self.advance(&t, now).await?;
                self.make_games().await
            };
            if let Err(e) = next.await {
                tracing::warn!(tournament = %t.id, "pairing after an end: {e}");
            }
        }
        Ok(())
    }
}

/// What `account` brought to round `round`, for the Swiss pairing.
fn past_of(
    entries: &[EntryRow],
    pairings: &[PairingRow],
    round: i64,
    account: &str,
) -> swiss::Past {
    let number_of = |a: &str| {
        entries
            .iter()
            .find(|e| e.account == a)
            .and_then(|e| u32::try_from(e.number).ok())
            .unwrap_or(0)
    };
    for p in pairings.iter().filter(|p| p.round == round) {
        let result = p.result.as_deref().unwrap_or("--");
        if p.first == account {
            return match &p.second {
                None => swiss::Past::Bye { points: 2 },
                Some(o) => swiss::Past::Game {
                    opponent: number_of(o),
                    first: true,
                    points: u32::try_from(result_of_code(result).0).unwrap_or(0),
                    played: played(result),
                },
            };
        }
        if p.second.as_deref() == Some(account) {
            return swiss::Past::Game {
                opponent: number_of(&p.first),
                first: false,
                points: u32::try_from(result_of_code(result).1).unwrap_or(0),
                played: played(result),
            };
        }
    }
    swiss::Past::Absent { points: 0 }
}

/// `account`'s arena points so far.
fn arena_score(account: &str, pairings: &[PairingRow]) -> i64 {
    pairings
        .iter()
        .filter_map(|p| {
            if p.first == account {
                p.first_points
            } else if p.second.as_deref() == Some(account) {
                p.second_points
            } else {
                None
            }
        })
        .sum()
}

/// The standings of `t`: an arena's by points (then rating), a Swiss's
/// and a round-robin's by points, Buchholz and Sonneborn-Berger
/// (`tablero_ai::pairings::standings`).
fn standings_of(t: &TournamentRow, entries: &[EntryRow], pairings: &[PairingRow]) -> Vec<Standing> {
    if t.kind == "league" {
        return league_standings(t, entries, pairings);
    }
    let games_of = |a: &str| {
        pairings
            .iter()
            .filter(|p| p.result.is_some() && p.second.is_some())
            .filter(|p| p.first == a || p.second.as_deref() == Some(a))
            .count() as i64
    };
    let line = |e: &EntryRow, points, buchholz, sonneborn_berger, streak| Standing {
        rank: 0,
        name: e.name.clone(),
        rating: e.rating,
        number: e.number,
        state: e.state.clone(),
        points,
        buchholz,
        sonneborn_berger,
        games: games_of(&e.account),
        streak,
        group: None,
        moves: None,
        account: e.account.clone(),
    };
    let mut out: Vec<Standing> = if t.kind == "arena" {
        let mut v: Vec<Standing> = entries
            .iter()
            .map(|e| {
                let results: Vec<i64> = pairings
                    .iter()
                    .filter_map(|p| half_points_of(p, &e.account))
                    .collect();
                let streak = results.iter().rev().take_while(|&&h| h == 2).count() as i64;
                line(e, arena_score(&e.account, pairings), 0, 0, streak)
            })
            .collect();
        v.sort_by_key(|s| {
            (
                std::cmp::Reverse(s.points),
                std::cmp::Reverse(s.rating),
                s.number,
            )
        });
        v
    } else {
        // Players by pairing number 0..n, as the standings want them.
        let numbered: Vec<&EntryRow> = entries.iter().filter(|e| e.number >= 0).collect();
        let index: HashMap<&str, u32> = numbered
            .iter()
            .zip(0..)
            .map(|(e, i)| (e.account.as_str(), i))
            .collect();
        let records: Vec<Vec<standings::Game>> = numbered
            .iter()
            .map(|e| {
                pairings
                    .iter()
                    .filter(|p| p.result.is_some())
                    .filter_map(|p| {
                        let mine = half_points_of(p, &e.account)?;
                        let opponent = if p.first == e.account {
                            p.second.as_deref()
                        } else {
                            Some(p.first.as_str())
                        };
                        Some(standings::Game {
                            opponent: opponent.and_then(|o| index.get(o).copied()),
                            points: u32::try_from(mine).unwrap_or(0),
                            played: p.result.as_deref().is_some_and(played),
                        })
                    })
                    .collect()
            })
            .collect();
        standings::standings(&records)
            .iter()
            .filter_map(|l| {
                let e = numbered.get(usize::try_from(l.player).ok()?)?;
                Some(line(
                    e,
                    i64::from(l.points),
                    i64::from(l.buchholz),
                    i64::from(l.sonneborn_berger),
                    0,
                ))
            })
            .collect()
    };
    for (s, rank) in out.iter_mut().zip(1..) {
        s.rank = rank;
    }
    out
}

/// A league edition's standings: each group's as a round-robin's, the
/// top group first, each line marked `up` (a group's winner, but the top
/// group's) or `down` (a group's last, but the lowest group's); then the
/// players waiting for the next edition (joined after the start), by
/// division and rating.
fn league_standings(
    t: &TournamentRow,
    entries: &[EntryRow],
    pairings: &[PairingRow],
) -> Vec<Standing> {
    let groups = entries.iter().filter_map(|e| e.grp).max().unwrap_or(0);
    let plain = TournamentRow {
        kind: "round_robin".into(),
        ..t.clone()
    };
    let mut out = Vec::new();
    for g in 1..=groups {
        let es: Vec<EntryRow> = entries
            .iter()
            .filter(|e| e.grp == Some(g))
            .cloned()
            .collect();
        let ps: Vec<PairingRow> = pairings.iter().filter(|p| p.round == g).cloned().collect();
        let mut lines = standings_of(&plain, &es, &ps);
        let n = lines.len();
        for l in &mut lines {
            l.group = Some(g);
            l.moves = if l.rank == 1 && g > 1 {
                Some("up".into())
            } else if l.rank == n && n > 1 && g < groups {
                Some("down".into())
            } else {
                None
            };
        }
        out.extend(lines);
    }
    let mut waiting: Vec<&EntryRow> = entries.iter().filter(|e| e.grp.is_none()).collect();
    waiting.sort_by_key(|e| {
        (
            e.division.unwrap_or(i64::MAX),
            std::cmp::Reverse(e.rating),
            e.joined,
        )
    });
    for (e, rank) in waiting.into_iter().zip(1..) {
        out.push(Standing {
            rank,
            name: e.name.clone(),
            rating: e.rating,
            number: e.number,
            state: e.state.clone(),
            points: 0,
            buchholz: 0,
            sonneborn_berger: 0,
            games: 0,
            streak: 0,
            group: None,
            moves: None,
            account: e.account.clone(),
        });
    }
    out
}

impl Subscriber for Tournaments {
    fn name(&self) -> &'static str {
        "tournaments"
    }

    fn apply<'a>(&'a self, e: &'a GameEnded) -> BoxFuture<'a, Result<(), Fault>> {
        Box::pin(async move {
            self.ended(
                &e.game,
                e.winner,
                e.kind == EndKind::Forfeit,
                e.kind == EndKind::Abort,
                e.at,
            )
            .await
        })
    }

    /// The pairings still open whose games ended (while this process was
    /// away or behind): their stored results, recorded.
    fn catch_up(&self) -> BoxFuture<'_, Result<usize, Fault>> {
        Box::pin(async move {
            let mut n = 0;
            for p in store::open(&self.db).await? {
                let (true, Some(game)) = (p.made, &p.game) else {
                    continue;
                };
                let stored = self
                    .hub
                    .stored(game)
                    .await
                    .map_err(|e| crate::refusal::pass_on(e, |_, m| Fault::new(m)))?;
                let Some((row, _)) = stored else { continue };
                let Some(outcome) = row
                    .result
                    .as_deref()
                    .and_then(crate::games::catalog::parse_outcome_code)
                else {
                    continue;
                };
                let winner = outcome.winner.map(tablero_core::Player::index);
                let forfeit = outcome.reason == tablero_core::Reason::Forfeit;
                let aborted = outcome.reason == tablero_core::Reason::Aborted;
                self.ended(game, winner, forfeit, aborted, row.updated)
                    .await?;
                n += 1;
            }
            Ok(n)
        })
    }
}

/// Runs the ticker of `t` on this process: a look every [`TICK`] (see
/// [`Tournaments::tick`]), while the hub lives; with a site `schedule`,
/// each slot's tournament is made when due ([`Tournaments::schedule_due`]).
pub fn spawn(t: Tournaments, schedule: Option<schedule::Schedule>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(TICK);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Some(s) = &schedule {
                if let Err(e) = t.schedule_due(s, now_ms()).await {
                    tracing::warn!("site tournaments: {e}");
                }
            }
            if let Err(e) = t.tick(now_ms()).await {
                tracing::warn!("tournaments: {e}");
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_read_from_the_first_seat() {
        assert_eq!(result_of(Some(0), false, false), ("1-0", (2, 0)));
        assert_eq!(result_of(Some(1), true, false), ("-+", (0, 2)));
        assert_eq!(result_of(None, false, false), ("1/2", (1, 1)));
        assert_eq!(result_of(None, false, true), ("--", (0, 0)));
        for code in ["1-0", "0-1", "1/2", "+-", "-+", "--"] {
            let (c, h) = match code {
                "1-0" => result_of(Some(0), false, false),
                "0-1" => result_of(Some(1), false, false),
                "+-" => result_of(Some(0), true, false),
                "-+" => result_of(Some(1), true, false),
                "1/2" => result_of(None, false, false),
                _ => result_of(None, false, true),
            };
            assert_eq!((c, h), (code, result_of_code(code)));
        }
        assert!(played("1/2") && !played("+-") && !played("--"));
    }

    #[test]
    fn a_league_s_groups_have_four_to_seven_players_the_larger_on_top() {
        assert_eq!(group_sizes(0), Vec::<usize>::new());
        assert_eq!(group_sizes(3), vec![3]);
        assert_eq!(group_sizes(7), vec![7]);
        assert_eq!(group_sizes(8), vec![4, 4]);
        assert_eq!(group_sizes(13), vec![7, 6]);
        assert_eq!(group_sizes(15), vec![5, 5, 5]);
        assert_eq!(group_sizes(23), vec![6, 6, 6, 5]);
        for n in 4..=500 {
            let sizes = group_sizes(n);
            assert_eq!(sizes.iter().sum::<usize>(), n);
            assert!(
                sizes.iter().all(|s| (4..=MAX_GROUP).contains(s)),
                "{n}: {sizes:?}"
            );
            assert!(sizes.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1));
        }
    }

    #[test]
    fn live_games_have_two_minutes_and_correspondence_their_days() {
        assert_eq!(grace(Some("5+3")), 120_000);
        assert_eq!(grace(Some("3d")), 3 * 24 * 3600 * 1000);
        assert_eq!(grace(None), 120_000);
    }
}
