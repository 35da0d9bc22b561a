//! `tablero engine` driven through a pipe, as a tournament runner would.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use tablero_core::Game;
use tablero_games::imago::{Imago, Layout};

struct Engine {
    child: std::process::Child,
    input: std::process::ChildStdin,
    lines: mpsc::Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("engine starts");
        let input = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in out.lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The lines that come within `wait`.
    fn lines_within(&mut self, wait: Duration) -> Vec<String> {
        let end = std::time::Instant::now() + wait;
        let mut out = Vec::new();
        while let Some(left) = end.checked_duration_since(std::time::Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => out.push(line),
                Err(_) => break,
            }
        }
        out
    }

    /// Reads lines until one starts with `prefix`; returns it.
    fn expect(&mut self, prefix: &str) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no {prefix:?} line"));
            if line.starts_with(prefix) {
                return line;
            }
        }
    }
}

#[test]
fn ugi_session_through_a_pipe() {
    let mut e = Engine::start(&["--player", "mcts:iters=200"]);
    e.send("ugi");
    assert!(e.expect("id name").starts_with("id name tablero"));
    e.expect("option name game");
    e.expect("ugiok");
    e.send("isready");
    e.expect("readyok");
    e.send("uginewgame");
    e.send("position startpos moves b2-c2_g5 g2-f2_b5");
    e.send("query p1turn");
    assert_eq!(e.expect("response"), "response true");
    e.send("go movetime 100");
    let best = e.expect("bestmove");
    let token = best.strip_prefix("bestmove ").unwrap().replace('_', " ");
    let pos = Imago::parse_position(&Layout::default(), "c2,c5/f2,f5 r 0").unwrap();
    let mv = pos
        .parse_move(&token)
        .unwrap_or_else(|err| panic!("{best}: {err}"));
    assert!(pos.is_legal(mv));
    // Malformed input gets an error line, unknown commands are ignored, the
    // engine keeps answering.
    e.send("position fen not a position");
    assert!(e.expect("info string error").contains("bad position"));
    e.send("position startpos moves b2-z2");
    assert!(e.expect("info string error").contains("move 1 (b2-z2)"));
    e.send("go nodes lots");
    e.expect("info string error");
    e.send("flibbertigibbet 42");
    e.send("setoption name variant value nowalls");
    let bad = e.expect("info string error");
    assert!(
        bad.contains("bad variant \"nowalls\": ") && !bad.contains("imago variant"),
        "{bad}"
    );
    e.send("isready");
    e.expect("readyok");
    // A won position: the engine plays the winning step and the game ends.
    e.send("setoption name player value ai:5");
    e.send("position fen c4,g1/b6,e2 r 0");
    e.send("go wtime 1000 btime 1000");
    assert_eq!(e.expect("bestmove"), "bestmove g1-h1");
    e.send("position fen c4,g1/b6,e2 r 0 moves g1-h1");
    e.send("query gameover");
    assert_eq!(e.expect("response"), "response true");
    e.send("query result");
    assert_eq!(e.expect("response"), "response p1win");
    // An endless search stops on `stop`.
    e.send("setoption name player value mcts:iters=100000000");
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    e.expect("bestmove");
    e.send("quit");
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn go_infinite_answers_only_after_stop() {
    // The exact player knows its move at once; `go infinite` still waits.
    let mut e = Engine::start(&["imago", "--player", "solver"]);
    e.send("position fen c4,g1/b6,e2 r 0");
    e.send("go infinite");
    e.send("isready");
    let early = e.lines_within(Duration::from_millis(700));
    assert!(early.iter().any(|l| l == "readyok"), "{early:?}");
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before stop: {early:?}"
    );
    e.send("stop");
    assert_eq!(e.expect("bestmove"), "bestmove g1-h1");
    // Another command than isready ends an endless search as stop would.
    e.send("go infinite");
    e.send("position startpos");
    e.expect("bestmove");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn go_depth_is_honoured_by_alpha_beta_and_said_unsupported_elsewhere() {
    let mut e = Engine::start(&["jarmo", "--player", "ab:ms=1"]);
    e.send("position startpos");
    // A millisecond of its own would stop it long before depth 5: the
    // depth asked replaces its own budget.
    e.send("go depth 5");
    // Depth 1 to 5, one line each as it is finished, then the move.
    let mut depths = Vec::new();
    loop {
        let line = e.expect("");
        if line.starts_with("bestmove") {
            break;
        }
        if let Some(rest) = line.strip_prefix("info depth ") {
            depths.push(rest.split(' ').next().unwrap().parse::<u32>().unwrap());
        }
    }
    assert_eq!(depths.iter().max(), Some(&5), "{depths:?}");
    assert_eq!(depths[..5], [1, 2, 3, 4, 5], "{depths:?}");
    e.send("setoption name player value mcts:iters=50");
    e.send("go depth 5");
    let said = e.expect("info string");
    assert!(said.contains("go depth is not supported"), "{said}");
    e.expect("bestmove");
    // A number beyond 64 bits is too large, not "not a number".
    e.send("go nodes 99999999999999999999999");
    let err = e.expect("info string error");
    assert!(
        err.contains("too large") && !err.contains("not a number"),
        "{err}"
    );
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// The `info depth D ... pv ...` lines of the engine up to its
/// `bestmove`, and how long after `go` each came.
fn streamed(e: &mut Engine, go: &str, stop_after: Option<Duration>) -> Vec<(Duration, String)> {
    let t0 = std::time::Instant::now();
    e.send(go);
    let mut out = Vec::new();
    let mut stopped = false;
    loop {
        let wait = match stop_after {
            Some(at) if !stopped => at.saturating_sub(t0.elapsed()),
            _ => Duration::from_secs(30),
        };
        match e.lines.recv_timeout(wait) {
            Ok(line) if line.starts_with("bestmove") => {
                assert!(stop_after.is_none() || stopped, "bestmove before stop");
                return out;
            }
            Ok(line) => out.push((t0.elapsed(), line)),
            Err(mpsc::RecvTimeoutError::Timeout) if !stopped && stop_after.is_some() => {
                e.send("stop");
                stopped = true;
            }
            Err(e) => panic!("no bestmove: {e:?} after {out:?}"),
        }
    }
}

/// #50, item 2: under `go infinite` the engine says what it finds while it
/// thinks: at least two `info depth` lines with a `pv` (with nodes, nps and
/// time) come before `stop`, as a GUI shows them; MCTS players report each
/// interval as well.
#[test]
fn go_infinite_streams_info_lines_with_a_pv_until_stop() {
    let mut e = Engine::start(&["dimensiones", "--player", "ab:depth=30"]);
    e.send("position startpos");
    let stop = Duration::from_millis(2300);
    let lines = streamed(&mut e, "go infinite", Some(stop));
    let before_stop: Vec<&String> = lines
        .iter()
        .filter(|(at, l)| *at < stop && l.starts_with("info depth "))
        .map(|(_, l)| l)
        .collect();
    assert!(before_stop.len() >= 2, "{lines:?}");
    for l in &before_stop {
        let words: Vec<&str> = l.split(' ').collect();
        let at = |w: &str| words.iter().position(|x| *x == w);
        // The fields in the order UCI engines write them.
        let order = ["depth", "score", "nodes", "nps", "time", "pv"].map(at);
        assert!(order.iter().all(Option::is_some), "{l}");
        assert!(order.windows(2).all(|p| p[0] < p[1]), "{l}");
        assert!(words.len() > order[5].unwrap() + 1, "a move after pv: {l}");
    }
    // Deeper each time.
    let depth = |l: &str| l.split(' ').nth(2).unwrap().parse::<u32>().unwrap();
    assert!(before_stop.windows(2).all(|w| depth(w[0]) < depth(w[1])));
    // MCTS: a line at 1000, 2000, 4000... iterations.
    e.send("setoption name player value mcts:iters=5000");
    let lines = streamed(&mut e, "go", None);
    let nodes: Vec<u64> = lines
        .iter()
        .filter(|(_, l)| l.starts_with("info depth "))
        .map(|(_, l)| {
            let words: Vec<&str> = l.split(' ').collect();
            let i = words.iter().position(|w| *w == "nodes").unwrap();
            assert!(l.contains(" pv "), "{l}");
            words[i + 1].parse().unwrap()
        })
        .collect();
    for n in [1000, 2000, 4000] {
        assert!(nodes.contains(&n), "{n}: {lines:?}");
    }
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}
