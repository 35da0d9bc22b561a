//! The API's answers about games, as typed structures (their JSON is
//! described in docs/web-api.md).

use super::{Actor, Live};
use serde::{Serialize, Serializer};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::sync::Arc;
use tablero_ai::table::GameTable;
use tablero_core::{Outcome, Player};

/// A piece of JSON rendered once and shared by every answer that carries
/// it (the board, the move list and the legal moves of a game's current
/// position are the same for every watcher: they are serialized once per
/// change, not once per watcher).
#[derive(Clone, Debug)]
pub struct Rendered(Arc<RawValue>);

impl Rendered {
    /// `value` as JSON.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Rendered {
        let text = serde_json::to_string(value).expect("the API's values serialize");
        Rendered(Arc::from(
            RawValue::from_string(text).expect("serde_json writes valid JSON"),
        ))
    }

    /// The JSON text.
    pub fn json(&self) -> &str {
        self.0.get()
    }

    /// The JSON as a value (for tests and for code that inspects it).
    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(self.0.get()).expect("valid JSON")
    }
}

impl PartialEq for Rendered {
    fn eq(&self, other: &Self) -> bool {
        self.0.get() == other.0.get()
    }
}

impl Serialize for Rendered {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

/// Who sits in a seat, with the side's name.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatView {
    /// `human`, `link` or `ai`.
    pub kind: String,
    /// The computer's level.
    pub level: Option<i64>,
    /// The side's name (English; the catalog has both languages).
    pub name: &'static str,
    /// For a person's seat: whether a socket holding it is connected to
    /// this server; `null` for the computer.
    pub connected: Option<bool>,
    /// The account that holds the seat (`{"name"}`, or `{"deleted":
    /// true}` once deleted); `null` for a seat held by tokens only, and for
    /// a private account's seat seen by a spectator.
    pub player: Option<super::seating::PlayerView>,
    /// The seat is held by a private account: a spectator (who holds no
    /// seat of the game) sees `player` as `null` and no rating for it; the
    /// game's players see each other.
    pub private: bool,
}

/// Where a game stands in its two-game match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchView {
    /// This game's number in the match: 1 or 2.
    pub game: u8,
    /// The match's other game, once it exists.
    pub other: Option<String>,
    /// Each person's points over the finished games, by this game's seats
    /// (the person in seat 0 here sat in seat 1 in the other game).
    pub points: [f64; 2],
    /// Whether both games are over.
    pub over: bool,
    /// Once both are over, the seat (here) of the person with more points;
    /// `null` while playing or for equal points.
    pub winner: Option<usize>,
}

/// A game's clocks as the server reads them when it answers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockView {
    /// The time control: `5+3` (minutes + seconds of increment) or `3d`
    /// (days per move).
    pub control: String,
    /// Whether it is a correspondence control (days per move).
    pub days: bool,
    /// Each seat's time left now, in milliseconds.
    pub left: [i64; 2],
    /// The seat whose clock runs, `null` while they are stopped (before
    /// the first move, after the end).
    pub running: Option<usize>,
    /// When the running clock reaches zero (ms since 1970, the server's
    /// time).
    pub deadline: Option<i64>,
    /// The server's time when it answered (ms since 1970).
    pub now: i64,
    /// The clock of the seat to move is stopped: its player is on
    /// vacation (#49).
    pub paused: bool,
    /// Vacation may not stop this game's clocks (#49).
    pub no_vacation: bool,
    /// Until when each seat's player is on vacation (ms since 1970),
    /// `null` when not away now (#49).
    pub away: [Option<i64>; 2],
}

impl ClockView {
    /// The clocks of `live` at `now`.
    fn of(live: &Live, now: i64) -> Option<ClockView> {
        let c = live.row.clock?;
        let running = c.deadline.and(live.table.to_move());
        Some(ClockView {
            control: c.control.to_string(),
            days: c.control.is_days(),
            left: [0, 1].map(|s| c.remaining(s, running, now)),
            running,
            deadline: c.deadline,
            now,
            paused: live.row.vacation.paused,
            no_vacation: live.row.vacation.forbidden,
            away: live.around.away.map(|a| {
                a.filter(|(from, until)| *from <= now && now < *until)
                    .map(|a| a.1)
            }),
        })
    }
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultView {
    /// The winning seat, `null` for a draw.
    pub winner: Option<usize>,
    /// The game's own points for seats 0 and 1.
    pub score: [f64; 2],
    /// The points as text, `1–0`.
    pub score_text: String,
    /// Why the game ended (a reason word).
    pub reason: &'static str,
}

impl From<Outcome> for ResultView {
    fn from(o: Outcome) -> Self {
        ResultView {
            winner: o.winner.map(Player::index),
            score: o.score.map(tablero_core::Points::as_f64),
            score_text: o.score_text("–"),
            reason: o.reason.as_str(),
        }
    }
}

/// A game as one player (or a spectator) sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameState {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: &'static str,
    /// The variant's text.
    pub variant: String,
    /// Seats 0 and 1.
    pub seats: [SeatView; 2],
    /// The seats the asker holds.
    pub you: Vec<usize>,
    /// Plies played.
    pub ply: usize,
    /// The ply shown (a replay shows an earlier one).
    pub shown_ply: usize,
    /// The seat to move, `null` when over.
    pub to_move: Option<usize>,
    /// The moves played (a JSON array of their texts).
    pub moves: Rendered,
    /// The position string at the shown ply.
    pub position: String,
    /// The result, when over.
    pub result: Option<ResultView>,
    /// The seat whose draw offer stands.
    pub draw_offer: Option<usize>,
    /// The seat whose takeback offer stands (a game between people).
    pub takeback_offer: Option<usize>,
    /// Whether the asker may call the game off now (a seat's holder,
    /// before both sides have moved).
    pub abort: bool,
    /// Whether the asker may offer to take back their last turn now.
    pub takeback: bool,
    /// Whether the computer is thinking.
    pub thinking: bool,
    /// Whether the game has claims.
    pub claims: bool,
    /// Whether the asker may undo (a person playing the computer).
    pub undo: bool,
    /// The asker's legal moves (empty when not the asker's turn): a JSON
    /// array of [`LegalMove`](tablero_ai::table::LegalMove)s.
    pub legal: Rendered,
    /// The board at the shown ply, as the game's board module draws it.
    pub view: Rendered,
    /// The seat offering a rematch (a finished game between two people).
    pub rematch_offer: Option<usize>,
    /// The game that follows this one (its rematch or the match's second
    /// game), once started.
    pub next: Option<String>,
    /// The game this one follows.
    pub prev: Option<String>,
    /// The two-game match, when the game is part of one.
    #[serde(rename = "match")]
    pub match_view: Option<MatchView>,
    /// Whether the asker may ask for a hint now (their turn, against the
    /// computer at level 1 to 3).
    pub hint: bool,
    /// The clocks, when the game is timed.
    pub clock: Option<ClockView>,
    /// A rated game's ratings: before it (now, while it is played) and
    /// after it once rated; `null` for a casual game or one not started
    /// (the ratings concern's view, through [`super::Seating`]).
    pub rated: Option<Rendered>,
}

/// A created game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The creator's seats' tokens, by seat.
    pub tokens: BTreeMap<String, String>,
    /// The friends' seats' links, by seat.
    pub links: BTreeMap<String, String>,
    /// The state as the creator sees it.
    pub game: GameState,
}

/// A line of the list of one's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: &'static str,
    /// The variant's text.
    pub variant: String,
    /// Seats 0 and 1.
    pub seats: [SeatView; 2],
    /// The seats the asker holds.
    pub you: Vec<usize>,
    /// Plies played.
    pub ply: usize,
    /// The seat to move.
    pub to_move: Option<usize>,
    /// The result, when over.
    pub result: Option<ResultView>,
    /// Last changed, ms since 1970.
    pub updated: i64,
    /// The clocks, when the game is timed.
    pub clock: Option<ClockView>,
}

/// The list of one's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameList {
    /// The games, the most recently changed first.
    pub games: Vec<GameSummary>,
}

/// The seats of `live` as a viewer sees them; a `spectator` (who holds no
/// seat) is not shown who holds a private account's seat.
fn seats(live: &Live, connected: Option<[bool; 2]>, spectator: bool) -> [SeatView; 2] {
    [0, 1].map(|i| {
        let s = &live.row.seats[i];
        let private = live.around.private[i];
        SeatView {
            kind: s.kind.clone(),
            level: s.level,
            name: live.table.info().sides[i].en,
            connected: connected.filter(|_| s.kind != "ai").map(|c| c[i]),
            player: live.around.players[i]
                .clone()
                .filter(|_| !(private && spectator)),
            private,
        }
    })
}

/// The highest computer level against which hints are given.
pub(super) const HINT_LEVELS: u8 = 3;

/// Whether the holder of `held` may ask for a hint in `live` now: a
/// casual game (never a rated one: fair play), a person's seat is to move
/// and the other seat is the computer at level 1 to [`HINT_LEVELS`].
pub(super) fn hint_allowed(live: &Live, held: &[usize]) -> bool {
    live.row.rated.is_none()
        && live.table.to_move().is_some_and(|s| {
            held.contains(&s)
                && live.ai_level(s).is_none()
                && live
                    .ai_level(1 - s)
                    .is_some_and(|l| (1..=HINT_LEVELS).contains(&l))
        })
}

/// What every viewer of the current position shares, rendered once per
/// change (the game's version) and kept in the live game.
pub(super) struct Latest {
    version: i64,
    plies: usize,
    position: String,
    view: Rendered,
    legal: Rendered,
    moves: Rendered,
}

/// An empty JSON array, shared.
fn no_moves() -> Rendered {
    static EMPTY: std::sync::OnceLock<Rendered> = std::sync::OnceLock::new();
    EMPTY.get_or_init(|| Rendered::of(&[(); 0])).clone()
}

impl GameState {
    /// `table` shown at ply `shown`, with what is the same for every
    /// viewer; the viewer's own fields (seats held, legal moves, undo,
    /// hint...) and the live game's (id, seats, offers, match) empty.
    fn base(
        table: &dyn GameTable,
        shown: usize,
        position: String,
        view: Rendered,
        moves: Rendered,
    ) -> GameState {
        let info = table.info();
        GameState {
            id: String::new(),
            game: info.name,
            variant: table.variant(),
            seats: [0, 1].map(|i| SeatView {
                kind: "human".to_string(),
                level: None,
                name: info.sides[i].en,
                connected: None,
                player: None,
                private: false,
            }),
            you: Vec::new(),
            ply: table.moves().len(),
            shown_ply: shown,
            to_move: table.to_move(),
            moves,
            position,
            result: table.outcome().map(ResultView::from),
            draw_offer: table.draw_offer(),
            takeback_offer: None,
            abort: false,
            takeback: false,
            thinking: false,
            claims: info.claim.is_some(),
            undo: false,
            legal: no_moves(),
            view,
            rematch_offer: None,
            next: None,
            prev: None,
            match_view: None,
            hint: false,
            clock: None,
            rated: None,
        }
    }

    /// `table` at its current ply, seen by whoever is to move, with no
    /// seats, id or match around it (the position endpoint's answer).
    pub fn of_table(table: &dyn GameTable) -> GameState {
        let n = table.moves().len();
        let (position, view) = table.snapshot(n);
        let mut st = GameState::base(
            table,
            n,
            position,
            Rendered::of(&view),
            Rendered::of(table.moves()),
        );
        if let Some(seat) = st.to_move {
            st.you = vec![seat];
            st.legal = Rendered::of(&table.legal());
        }
        st
    }
}

/// The shared part of the current position, rendered now if the game has
/// changed since it was last rendered.
fn latest(live: &mut Live) -> std::sync::Arc<Latest> {
    let n = live.table.moves().len();
    if let Some(l) = &live.latest {
        if l.version == live.row.version && l.plies == n {
            return l.clone();
        }
    }
    let (position, view) = live.table.snapshot(n);
    let legal = if live.table.to_move().is_some() {
        live.table.legal()
    } else {
        Vec::new()
    };
    let l = std::sync::Arc::new(Latest {
        version: live.row.version,
        plies: n,
        position,
        view: Rendered::of(&view),
        legal: Rendered::of(&legal),
        moves: Rendered::of(live.table.moves()),
    });
    live.latest = Some(l.clone());
    l
}

/// The state of `live` as `actor` sees it, at `ply` or the current ply.
pub(super) fn state(
    live: &mut Live,
    actor: &Actor,
    ply: Option<usize>,
    connected: [bool; 2],
) -> GameState {
    let held = live.held(actor);
    let n = live.table.moves().len();
    let shown = ply.unwrap_or(n).min(n);
    let to_move = live.table.to_move();
    let l = latest(live);
    let (position, view, legal) = if shown == n {
        let mine = to_move.is_some_and(|seat| held.contains(&seat));
        let legal = if mine { l.legal.clone() } else { no_moves() };
        (l.position.clone(), l.view.clone(), legal)
    } else {
        let (position, view) = live.table.snapshot(shown);
        (position, Rendered::of(&view), no_moves())
    };
    let t = &live.table;
    // No take-backs with a clock (rulings, "Around the board" 7).
    let undo = (0..2).any(|x| live.ai_level(x).is_some())
        && held.iter().any(|&h| live.ai_level(h).is_none())
        && live.row.chain.next_game.is_none()
        && live.row.clock.is_none();
    let hint = hint_allowed(live, &held);
    let chain = &live.row.chain;
    let outcome = t.outcome();
    let match_view = chain.match_game.map(|g| MatchView {
        game: if g == 2 { 2 } else { 1 },
        other: if g == 2 {
            chain.prev_game.clone()
        } else {
            chain.next_game.clone()
        },
        points: outcome.map_or([0.0; 2], |o| o.score.map(tablero_core::Points::as_f64)),
        over: false,
        winner: None,
    });
    let mut st = GameState::base(t.as_ref(), shown, position, view, l.moves.clone());
    st.id.clone_from(&live.row.id);
    st.variant.clone_from(&live.row.variant);
    let spectator = held.is_empty();
    st.seats = seats(live, Some(connected), spectator);
    st.you = held;
    st.thinking = live.thinking;
    st.undo = undo;
    st.legal = legal;
    st.rematch_offer = chain.rematch_offer.and_then(|s| usize::try_from(s).ok());
    st.next.clone_from(&chain.next_game);
    st.prev.clone_from(&chain.prev_game);
    st.match_view = match_view;
    st.hint = hint;
    let going = outcome.is_none() && chain.next_game.is_none() && !st.you.is_empty();
    st.abort = going && !super::tools::both_moved(t.as_ref());
    let people = (0..2).all(|x| live.ai_level(x).is_none());
    st.takeback_offer = live
        .row
        .takeback_offer
        .and_then(|s| usize::try_from(s).ok());
    st.takeback = going
        && people
        && st.takeback_offer.is_none()
        && n.checked_sub(1)
            .map(|p| t.mover_at(p))
            .is_some_and(|m| st.you.contains(&m) && to_move != Some(m));
    st.clock = ClockView::of(live, crate::db::now_ms());
    st.rated.clone_from(if spectator {
        &live.around.rated_for_spectators
    } else {
        &live.around.rated
    });
    st
}

/// The list line of `live` for `actor`.
pub(super) fn summary(live: &Live, actor: &Actor) -> GameSummary {
    let t = &live.table;
    let you = live.held(actor);
    GameSummary {
        id: live.row.id.clone(),
        game: t.info().name,
        variant: live.row.variant.clone(),
        seats: seats(live, None, you.is_empty()),
        you,
        ply: t.moves().len(),
        to_move: t.to_move(),
        result: t.outcome().map(ResultView::from),
        updated: live.row.updated,
        clock: ClockView::of(live, crate::db::now_ms()),
    }
}
