//! `tablero bot`: a UGI engine plays on a tablero server as a bot account
//! (issue #45), through the bot API (docs/web-api.md, "Bot API"): it hears
//! the bot's event stream, accepts the challenges its rule allows and
//! declines the others with a reason, and plays each game from the game's
//! stream, one engine process per game (started as `tablero match`
//! starts a `ugi:` player: docs/engine-protocol.md). A dropped stream is
//! opened again after a wait that doubles up to [`MAX_BACKOFF`].

use crate::i18n::t;
use crate::ugi_player::UgiPlayer;
use anyhow::{anyhow, bail, Result};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The longest wait before opening a dropped stream again.
pub const MAX_BACKOFF: Duration = Duration::from_secs(16);

/// The first wait before opening a dropped stream again.
const FIRST_BACKOFF: Duration = Duration::from_millis(250);

/// A stream that says nothing (not even its keep-alive empty line) for
/// this long is taken as dropped.
const SILENCE: Duration = Duration::from_secs(30);

/// Play on a tablero server as a bot account, with a UGI engine.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The server's address (`https://example.org`, `http://127.0.0.1:8080`).
    #[arg(long, value_name = "URL")]
    server: String,
    /// The bot's API token (made by its owner: `POST /api/bots`).
    #[arg(long, value_name = "TOKEN")]
    token: String,
    /// The engine's command, split at spaces (`tablero engine linja --player ai:2`).
    #[arg(long, value_name = "CMD")]
    engine: String,
    /// The games accepted, separated by commas (default: every game).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    games: Vec<String>,
    /// The shortest clock accepted, in minutes of starting time.
    #[arg(long, value_name = "MIN")]
    min_minutes: Option<f64>,
    /// The longest clock accepted, in minutes of starting time.
    #[arg(long, value_name = "MIN")]
    max_minutes: Option<f64>,
    /// Accept correspondence games (days per move).
    #[arg(long)]
    correspondence: bool,
    /// Accept games without a clock.
    #[arg(long)]
    untimed: bool,
    /// The most games played at once (a challenge beyond is declined "later").
    #[arg(long, default_value_t = 4, value_name = "N")]
    max_games: usize,
    /// Think this many milliseconds a move (default: the engine decides
    /// from the clocks; 1000 without a clock).
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
}

/// Which challenges the bot accepts.
#[derive(Clone, Debug)]
struct Rule {
    games: Vec<String>,
    min_minutes: Option<f64>,
    max_minutes: Option<f64>,
    correspondence: bool,
    untimed: bool,
    max_games: usize,
}

impl Rule {
    /// `None` to accept challenge `c` while playing `playing` games, else
    /// the reason to decline it with (one of the server's reasons).
    fn decline_reason(&self, c: &Value, playing: usize) -> Option<&'static str> {
        let game = c["game"].as_str().unwrap_or_default();
        if !self.games.is_empty() && !self.games.iter().any(|g| g == game) {
            return Some("other-game");
        }
        if c["rated"].as_bool() == Some(true) {
            return Some("casual-only");
        }
        match c["clock"].as_str() {
            None | Some("none") => {
                if !self.untimed {
                    return Some("too-slow");
                }
            }
            Some(d) if d.ends_with('d') => {
                if !self.correspondence {
                    return Some("too-slow");
                }
            }
            Some(clock) => {
                let minutes: f64 = clock
                    .split('+')
                    .next()
                    .and_then(|m| m.parse().ok())
                    .unwrap_or(0.0);
                if self.min_minutes.is_some_and(|m| minutes < m) {
                    return Some("too-fast");
                }
                if self.max_minutes.is_some_and(|m| minutes > m) {
                    return Some("too-slow");
                }
            }
        }
        (playing >= self.max_games).then_some("later")
    }
}

/// What the bot's tasks share.
struct Bot {
    http: reqwest::Client,
    base: reqwest::Url,
    token: String,
    engine: String,
    rule: Rule,
    movetime: Option<u64>,
    /// The games being played now.
    playing: Mutex<HashSet<String>>,
}

pub fn run(args: &Args) -> Result<()> {
    let base = reqwest::Url::parse(&args.server).map_err(|e| {
        anyhow!(t!(
            "bot-bad-server",
            url = args.server.clone(),
            error = e.to_string()
        ))
    })?;
    if args.engine.split_whitespace().next().is_none() {
        bail!(t!("ugi-no-command"));
    }
    let http = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .user_agent(concat!("tablero-bot/", env!("CARGO_PKG_VERSION")))
        .build()?;
    let bot = Arc::new(Bot {
        http,
        base,
        token: args.token.clone(),
        engine: args.engine.clone(),
        rule: Rule {
            games: args.games.clone(),
            min_minutes: args.min_minutes,
            max_minutes: args.max_minutes,
            correspondence: args.correspondence,
            untimed: args.untimed,
            max_games: args.max_games.max(1),
        },
        movetime: args.movetime,
        playing: Mutex::new(HashSet::new()),
    });
    let rt = tokio::runtime::Runtime::new()?;
    rt.block_on(bot.serve())
}

/// Why a stream ended.
enum Ended {
    /// For good: the token is refused, the game is over or not the bot's.
    Done,
    /// Dropped: open it again after a wait.
    Dropped(String),
}

impl Bot {
    fn url(&self, segments: &[&str]) -> reqwest::Url {
        let mut url = self.base.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty();
            for s in segments {
                path.push(s);
            }
        }
        url
    }

    /// A POST of the bot API; the answer's JSON, or why it failed.
    async fn post(&self, segments: &[&str], body: &Value) -> Result<Value, String> {
        let r = self
            .http
            .post(self.url(segments))
            .bearer_auth(&self.token)
            .json(body)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let status = r.status();
        let v: Value = r.json().await.unwrap_or(Value::Null);
        if status.is_success() {
            Ok(v)
        } else {
            Err(format!(
                "{status}: {}",
                v["error"].as_str().unwrap_or("no reason given")
            ))
        }
    }

    /// Opens the stream at `segments`.
    async fn open(&self, segments: &[&str]) -> Result<Lines, Ended> {
        let r = self
            .http
            .get(self.url(segments))
            .bearer_auth(&self.token)
            .send()
            .await
            .map_err(|e| Ended::Dropped(e.to_string()))?;
        let status = r.status();
        if status.is_client_error() {
            let v: Value = r.json().await.unwrap_or(Value::Null);
            eprintln!(
                "{}",
                t!(
                    "bot-refused",
                    status = status.to_string(),
                    error = v["error"].as_str().unwrap_or_default().to_string()
                )
            );
            return Err(Ended::Done);
        }
        if !status.is_success() {
            return Err(Ended::Dropped(status.to_string()));
        }
        Ok(Lines {
            body: r,
            buf: Vec::new(),
        })
    }

    /// The event stream, opened again whenever it drops.
    async fn serve(self: Arc<Self>) -> Result<()> {
        let who = match self.hello().await {
            Ok(name) => name,
            Err(e) => bail!(e),
        };
        println!(
            "{}",
            t!("bot-connected", name = who, server = self.base.to_string())
        );
        let mut wait = FIRST_BACKOFF;
        loop {
            let ended = match self.open(&["api", "bot", "stream", "event"]).await {
                Err(e) => e,
                Ok(mut lines) => loop {
                    match lines.next().await {
                        Ok(v) => {
                            wait = FIRST_BACKOFF;
                            self.event(v).await;
                        }
                        Err(e) => break e,
                    }
                },
            };
            match ended {
                Ended::Done => bail!(t!("bot-stopped")),
                Ended::Dropped(why) => {
                    eprintln!(
                        "{}",
                        t!(
                            "bot-reconnect",
                            why = why,
                            ms = wait.as_millis().to_string()
                        )
                    );
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(MAX_BACKOFF);
                }
            }
        }
    }

    /// The bot's name (`GET /api/bot/account`), retried while the server
    /// cannot be reached; an error when the token is refused.
    async fn hello(&self) -> Result<String, String> {
        let mut wait = FIRST_BACKOFF;
        loop {
            let r = self
                .http
                .get(self.url(&["api", "bot", "account"]))
                .bearer_auth(&self.token)
                .send()
                .await;
            match r {
                Ok(r) if r.status().is_success() => {
                    let v: Value = r.json().await.map_err(|e| e.to_string())?;
                    return Ok(v["name"].as_str().unwrap_or_default().to_string());
                }
                Ok(r) if r.status().is_client_error() => {
                    let status = r.status().to_string();
                    let v: Value = r.json().await.unwrap_or(Value::Null);
                    let error = v["error"].as_str().unwrap_or_default().to_string();
                    return Err(t!("bot-refused", status = status, error = error));
                }
                Ok(r) => eprintln!(
                    "{}",
                    t!(
                        "bot-reconnect",
                        why = r.status().to_string(),
                        ms = wait.as_millis().to_string()
                    )
                ),
                Err(e) => eprintln!(
                    "{}",
                    t!(
                        "bot-reconnect",
                        why = e.to_string(),
                        ms = wait.as_millis().to_string()
                    )
                ),
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(MAX_BACKOFF);
        }
    }

    fn playing(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.playing.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// One line of the event stream.
    async fn event(self: &Arc<Self>, v: Value) {
        match v["type"].as_str() {
            Some("challenge") => {
                let c = &v["challenge"];
                let id = c["id"].as_str().unwrap_or_default();
                let from = c["from"].as_str().unwrap_or_default().to_string();
                let what = format!(
                    "{} {}",
                    c["game"].as_str().unwrap_or_default(),
                    c["clock"].as_str().unwrap_or("-")
                );
                let playing = self.playing().len();
                match self.rule.decline_reason(c, playing) {
                    None => match self
                        .post(&["api", "bot", "challenge", id, "accept"], &json!({}))
                        .await
                    {
                        Ok(_) => {
                            println!("{}", t!("bot-accepted", id = id, from = from, what = what))
                        }
                        Err(e) => eprintln!("{}", t!("bot-answer-failed", id = id, error = e)),
                    },
                    Some(reason) => {
                        let body = json!({ "reason": reason });
                        match self
                            .post(&["api", "bot", "challenge", id, "decline"], &body)
                            .await
                        {
                            Ok(_) => println!(
                                "{}",
                                t!(
                                    "bot-declined",
                                    id = id,
                                    from = from,
                                    what = what,
                                    reason = reason
                                )
                            ),
                            Err(e) => eprintln!("{}", t!("bot-answer-failed", id = id, error = e)),
                        }
                    }
                }
            }
            Some("gameStart") => {
                let id = v["game"]["id"].as_str().unwrap_or_default().to_string();
                if id.is_empty() || !self.playing().insert(id.clone()) {
                    return;
                }
                let me = Arc::clone(self);
                tokio::spawn(async move {
                    me.play(&id).await;
                    me.playing().remove(&id);
                });
            }
            _ => {}
        }
    }

    /// Plays game `id` to its end, opening its stream again when it drops.
    async fn play(self: &Arc<Self>, id: &str) {
        let mut game = Game::default();
        let mut wait = FIRST_BACKOFF;
        loop {
            let ended = match self.open(&["api", "bot", "game", "stream", id]).await {
                Err(e) => e,
                Ok(mut lines) => loop {
                    match lines.next().await {
                        Ok(v) => {
                            wait = FIRST_BACKOFF;
                            if !self.game_line(id, &mut game, v).await {
                                return;
                            }
                        }
                        Err(e) => break e,
                    }
                },
            };
            match ended {
                Ended::Done => return,
                Ended::Dropped(why) => {
                    if game.over {
                        return;
                    }
                    eprintln!(
                        "{}",
                        t!(
                            "bot-game-reconnect",
                            id = id,
                            why = why,
                            ms = wait.as_millis().to_string()
                        )
                    );
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(MAX_BACKOFF);
                }
            }
        }
    }

    /// One line of game `id`'s stream; false once the game is over.
    async fn game_line(&self, id: &str, game: &mut Game, v: Value) -> bool {
        let state = match v["type"].as_str() {
            Some("gameFull") => {
                game.seat = v["seat"].as_u64();
                game.start = v["initial_position"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                if game.engine.is_none() {
                    let names: Vec<String> = v["players"]
                        .as_array()
                        .map(|ps| {
                            ps.iter()
                                .map(|p| p["name"].as_str().unwrap_or("?").to_string())
                                .collect()
                        })
                        .unwrap_or_default();
                    println!(
                        "{}",
                        t!(
                            "bot-game-started",
                            id = id,
                            game = v["game"].as_str().unwrap_or_default().to_string(),
                            players = names.join(" - ")
                        )
                    );
                    let (cmd, g, var) = (
                        self.engine.clone(),
                        v["game"].as_str().unwrap_or_default().to_string(),
                        v["variant"].as_str().unwrap_or_default().to_string(),
                    );
                    match tokio::task::spawn_blocking(move || UgiPlayer::start(&cmd, &g, &var))
                        .await
                    {
                        Ok(Ok(p)) => game.engine = Some(p),
                        Ok(Err(e)) => {
                            eprintln!("{e}");
                            let _ = self
                                .post(&["api", "bot", "game", id, "resign"], &json!({}))
                                .await;
                            return false;
                        }
                        Err(e) => {
                            eprintln!("{e}");
                            return false;
                        }
                    }
                }
                v["state"].clone()
            }
            Some("gameState") => v,
            _ => return true,
        };
        if state["status"] == "over" {
            game.over = true;
            let r = &state["result"];
            println!(
                "{}",
                t!(
                    "bot-game-over",
                    id = id,
                    score = r["score_text"].as_str().unwrap_or("-").to_string(),
                    reason = r["reason"].as_str().unwrap_or_default().to_string()
                )
            );
            return false;
        }
        let ply = state["ply"].as_u64().unwrap_or(0);
        if state["my_turn"] != true || game.answered == Some(ply) {
            return true;
        }
        let moves: Vec<String> = state["moves"]
            .as_array()
            .map(|m| {
                m.iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        let (go, timeout) = self.go_line(&state, game.seat);
        let Some(mut engine) = game.engine.take() else {
            return false;
        };
        let start = game.start.clone();
        let (engine, best) = match tokio::task::spawn_blocking(move || {
            let best = engine.best_move(&start, &moves, &go, timeout);
            (engine, best)
        })
        .await
        {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                return false;
            }
        };
        game.engine = Some(engine);
        match best {
            Ok(mv) => match self
                .post(&["api", "bot", "game", id, "move", &mv], &json!({}))
                .await
            {
                Ok(_) => game.answered = Some(ply),
                Err(e) => eprintln!("{}", t!("bot-move-refused", id = id, mv = mv, error = e)),
            },
            Err(e) => {
                eprintln!("{e}");
                let _ = self
                    .post(&["api", "bot", "game", id, "resign"], &json!({}))
                    .await;
                return false;
            }
        }
        true
    }

    /// The `go` line for the position of `state` (the bot in `seat`), and
    /// how long to wait for its answer.
    fn go_line(&self, state: &Value, seat: Option<u64>) -> (String, Duration) {
        let fixed = |ms: u64| {
            (
                format!("go movetime {ms}"),
                Duration::from_millis(2 * ms) + Duration::from_secs(30),
            )
        };
        if let Some(ms) = self.movetime {
            return fixed(ms);
        }
        let clock = &state["clock"];
        if clock.is_null() || clock["days"] == true {
            return fixed(1000);
        }
        let left = |s: usize| clock["left"][s].as_i64().unwrap_or(0).max(0);
        let inc = clock["control"]
            .as_str()
            .and_then(|c| c.split_once('+'))
            .and_then(|(_, i)| i.parse::<f64>().ok())
            .map_or(0, |s| (s * 1000.0) as i64);
        let mine = left(usize::from(seat == Some(1)));
        (
            format!(
                "go p1time {} p2time {} p1inc {inc} p2inc {inc}",
                left(0),
                left(1)
            ),
            Duration::from_millis(u64::try_from(mine).unwrap_or(0)) + Duration::from_secs(30),
        )
    }
}

/// A stream of lines of JSON.
struct Lines {
    body: reqwest::Response,
    buf: Vec<u8>,
}

impl Lines {
    /// The next line that is not empty (a keep-alive), or why the stream
    /// ended.
    async fn next(&mut self) -> Result<Value, Ended> {
        loop {
            while let Some(at) = self.buf.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=at).collect();
                let line = String::from_utf8_lossy(&line);
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                if let Ok(v) = serde_json::from_str::<Value>(line) {
                    return Ok(v);
                }
            }
            match tokio::time::timeout(SILENCE, self.body.chunk()).await {
                Err(_) => {
                    return Err(Ended::Dropped(t!(
                        "bot-silent",
                        seconds = SILENCE.as_secs()
                    )))
                }
                Ok(Ok(None)) => return Err(Ended::Dropped(t!("bot-stream-closed"))),
                Ok(Err(e)) => return Err(Ended::Dropped(e.to_string())),
                Ok(Ok(Some(c))) => self.buf.extend_from_slice(&c),
            }
        }
    }
}

/// One game as the bot plays it.
#[derive(Default)]
struct Game {
    seat: Option<u64>,
    start: String,
    engine: Option<UgiPlayer>,
    /// The ply whose move was played (not asked of the engine again when
    /// the stream repeats it).
    answered: Option<u64>,
    over: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule() -> Rule {
        Rule {
            games: vec!["linja".into()],
            min_minutes: Some(1.0),
            max_minutes: Some(10.0),
            correspondence: false,
            untimed: true,
            max_games: 2,
        }
    }

    #[test]
    fn the_rule_declines_with_the_servers_reasons() {
        let r = rule();
        let c = |game: &str, clock: Value, rated: bool| json!({"game": game, "clock": clock, "rated": rated});
        assert_eq!(r.decline_reason(&c("linja", json!("5+3"), false), 0), None);
        assert_eq!(r.decline_reason(&c("linja", Value::Null, false), 1), None);
        assert_eq!(
            r.decline_reason(&c("imago", json!("5+3"), false), 0),
            Some("other-game")
        );
        assert_eq!(
            r.decline_reason(&c("linja", json!("5+3"), true), 0),
            Some("casual-only")
        );
        assert_eq!(
            r.decline_reason(&c("linja", json!("0.5+0"), false), 0),
            Some("too-fast")
        );
        assert_eq!(
            r.decline_reason(&c("linja", json!("30+0"), false), 0),
            Some("too-slow")
        );
        assert_eq!(
            r.decline_reason(&c("linja", json!("3d"), false), 0),
            Some("too-slow")
        );
        assert_eq!(
            r.decline_reason(&c("linja", json!("5+3"), false), 2),
            Some("later")
        );
    }
}
