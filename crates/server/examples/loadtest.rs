//! A load test of a running `tablero serve`: many simultaneous games between
//! two people, each seat on its own WebSocket; every move is sent on the
//! mover's socket and timed until the server's acknowledgement (the move is
//! committed) and until the opponent's socket shows it.
//!
//! ```sh
//! tablero serve --port 8080 --rate 0 --max-connections-per-address 0 --database /tmp/load.db &
//! cargo run --release -p tablero-server --example loadtest -- http://127.0.0.1:8080 200 40 jarmo
//! ```
//! Arguments: server URL, games, moves per game, game (default jarmo), a
//! pause in ms before each move (a player's thinking time; default 0), and
//! a time control for every game (`10+5`, `3d`; default: no clock).
//!
//! Ack p99 with and without clocks, 1,000 games, one move a second each:
//! `... loadtest -- URL 1000 30 jarmo 1000` and `... loadtest -- URL 1000 30 jarmo 1000 10+5`.

#[path = "load/mod.rs"]
mod load;

use load::{game, report};
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let base = args
        .first()
        .cloned()
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let moves: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(40);
    let name = args.get(3).cloned().unwrap_or_else(|| "jarmo".into());
    let pause = Duration::from_millis(args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0));
    let clock = args.get(5).cloned();
    let client = reqwest::Client::new();
    let t = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|i| {
            let offset = pause.mul_f64(i as f64 / games as f64);
            tokio::spawn(game(
                base.clone(),
                client.clone(),
                name.clone(),
                moves,
                pause,
                offset,
                clock.clone(),
                None,
            ))
        })
        .collect();
    let (mut acks, mut fanout) = (Vec::new(), Vec::new());
    for task in tasks {
        let (a, f) = task.await.expect("a game task");
        acks.extend(a);
        fanout.extend(f);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{games} simultaneous {name} games ({}), {} ms pause before each move: {} moves in {secs:.1} s ({:.0} moves/s), {} sockets",
        clock.as_deref().map_or_else(|| "no clock".to_string(), |c| format!("clock {c}")),
        pause.as_millis(),
        acks.len(),
        acks.len() as f64 / secs,
        2 * games
    );
    report("move -> ack (committed)", acks);
    report("move -> opponent's socket", fanout);
}
