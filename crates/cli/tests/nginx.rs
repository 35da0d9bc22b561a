//! The shipped `deploy/nginx.conf` in front of `tablero serve`, as a host
//! runs it (issue #47, items 9 and 10): nginx from the distribution,
//! started here on a free port with the shipped file, changed only in its
//! `listen` port and its `upstream` servers (the one process started here);
//! every other directive is the shipped one. Through it a genuine login
//! from the site's own page passes and one from another origin is refused,
//! and the per-client limits count each client behind nginx apart, while a
//! client reaching the process directly cannot escape its limit by
//! sending `X-Forwarded-For`.
//!
//! Skipped, with the reason printed, only when nginx is not installed;
//! `scripts/test.sh` installs it.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The shipped configuration.
const SHIPPED: &str = include_str!("../../../deploy/nginx.conf");

/// Where nginx is, if it is installed.
fn nginx() -> Option<PathBuf> {
    let found = |p: &Path| {
        Command::new(p)
            .arg("-v")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    ["nginx", "/usr/sbin/nginx", "/usr/local/sbin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|p| found(p))
}

/// A child process killed when dropped.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `tablero serve` on a free port of 127.0.0.1 with `args`; its port.
fn serve(db: &Path, args: &[&str]) -> (Running, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["serve", "--port", "0", "--database"])
        .arg(db)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("tablero serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    (Running(child), port)
}

/// `shipped` with nginx listening on `port` and passing to the one process
/// on `upstream`: the only changes, each checked to have been made, so
/// that a change of the shipped file's shape fails here rather than
/// testing something else.
fn templated(shipped: &str, port: u16, upstream: u16) -> String {
    let listen = "listen 127.0.0.1:8080;";
    assert_eq!(shipped.matches(listen).count(), 1, "one `{listen}`");
    let mut out = shipped.replace(listen, &format!("listen 127.0.0.1:{port};"));
    let servers = [
        "server 127.0.0.1:8081;",
        "server 127.0.0.1:8082;",
        "server 127.0.0.1:8083;",
    ];
    for (i, s) in servers.iter().enumerate() {
        assert_eq!(out.matches(s).count(), 1, "one `{s}`");
        let to = if i == 0 {
            format!("server 127.0.0.1:{upstream};")
        } else {
            String::new()
        };
        out = out.replace(s, &to);
    }
    out
}

/// A port free just now on 127.0.0.1.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// nginx with the templated shipped file in `dir`, in front of `upstream`;
/// its port once it answers.
fn start_nginx(bin: &Path, dir: &Path, upstream: u16) -> (Running, u16) {
    let port = free_port();
    let conf = dir.join("nginx.conf");
    std::fs::write(&conf, templated(SHIPPED, port, upstream)).unwrap();
    let child = Command::new(bin)
        .arg("-p")
        .arg(dir)
        .arg("-e")
        .arg("error.log")
        .arg("-c")
        .arg(&conf)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("nginx starts");
    let nginx = Running(child);
    let start = Instant::now();
    loop {
        if let Ok((200, _, _)) = request(None, port, "GET", "/api/catalog", &[], None) {
            return (nginx, port);
        }
        if start.elapsed() > Duration::from_secs(20) {
            let log = std::fs::read_to_string(dir.join("error.log")).unwrap_or_default();
            panic!("nginx does not answer on {port}: {log}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// One HTTP/1.1 request to 127.0.0.1:`port` from the local address `from`
/// (any when `None`), with `headers` (a `Host` of `127.0.0.1:PORT` unless
/// one is given) and a JSON `body`: the status, the head, the body.
fn request(
    from: Option<IpAddr>,
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> std::io::Result<(u16, String, String)> {
    let to = SocketAddr::from(([127, 0, 0, 1], port));
    let mut s: TcpStream = match from {
        None => TcpStream::connect(to)?,
        Some(ip) => {
            let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)?;
            socket.bind(&SocketAddr::new(ip, 0).into())?;
            socket.connect(&to.into())?;
            socket.into()
        }
    };
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: 127.0.0.1:{port}\r\n"));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    ));
    s.write_all(head.as_bytes())?;
    let mut text = String::new();
    s.read_to_string(&mut text)?;
    let status = text
        .get(9..12)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status in {text:?}")))?;
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    Ok((status, head.to_string(), body.to_string()))
}

/// `n` Imago layouts, each different (so none is answered from the
/// solver's memory of an earlier one).
fn layouts(n: usize) -> Vec<String> {
    let cols = ['b', 'c', 'd', 'e', 'f', 'g'];
    let mut walls = Vec::new();
    for (i, c) in cols.iter().enumerate() {
        for row in 1..=6 {
            if i + 1 < cols.len() {
                walls.push(format!("{c}{row}-{}{row}", cols[i + 1]));
            }
            if row < 6 {
                walls.push(format!("{c}{row}-{c}{}", row + 1));
            }
        }
    }
    let mut out = Vec::new();
    for a in 0..walls.len() {
        for b in a + 1..walls.len() {
            let text = format!("walls:{},{}", walls[a], walls[b]);
            if text.parse::<tablero_games::imago::Layout>().is_ok() {
                out.push(text);
                if out.len() == n {
                    return out;
                }
            }
        }
    }
    out
}

/// The environment for one test: nginx and a process behind it, or the
/// reason there is none.
struct Site {
    _nginx: Running,
    _serve: Running,
    nginx: u16,
    serve: u16,
    dir: tempfile::TempDir,
}

fn site(serve_args: &[&str]) -> Option<Site> {
    let Some(bin) = nginx() else {
        println!("SKIPPED: nginx is not installed (scripts/test.sh installs it)");
        return None;
    };
    let dir = tempfile::tempdir().unwrap();
    // nginx's workers (another user when started as root) write there.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let (serve_child, serve) = serve(&dir.path().join("t.db"), serve_args);
    let (nginx_child, nginx) = start_nginx(&bin, dir.path(), serve);
    Some(Site {
        _nginx: nginx_child,
        _serve: serve_child,
        nginx,
        serve,
        dir,
    })
}

#[test]
fn the_shipped_template_changes_only_ports_and_upstream() {
    let t = templated(SHIPPED, 18080, 18081);
    let changed: Vec<(&str, &str)> = SHIPPED
        .lines()
        .zip(t.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(
        changed,
        vec![
            (
                "        server 127.0.0.1:8081;",
                "        server 127.0.0.1:18081;"
            ),
            ("        server 127.0.0.1:8082;", "        "),
            ("        server 127.0.0.1:8083;", "        "),
            (
                "        listen 127.0.0.1:8080;",
                "        listen 127.0.0.1:18080;"
            ),
        ]
    );
    assert_eq!(SHIPPED.lines().count(), t.lines().count());
}

#[test]
fn a_genuine_login_through_nginx_passes_and_another_origin_is_refused() {
    let Some(site) = site(&[]) else { return };
    let own = format!("http://127.0.0.1:{}", site.nginx);
    let account = json!({"name": "host_check", "password": "a long enough password"});
    let send = |path: &str, origin: &str| {
        request(
            None,
            site.nginx,
            "POST",
            path,
            &[("Origin", origin)],
            Some(&account),
        )
        .unwrap()
    };
    // From the site's own page (as a browser sends it: the Origin and Host
    // name the port).
    let (status, head, body) = send("/api/account/signup", &own);
    assert_eq!(status, 200, "sign-up through nginx: {head}\n{body}");
    let (status, head, body) = send("/api/account/login", &own);
    assert_eq!(status, 200, "login through nginx: {head}\n{body}");
    assert!(head.contains("tablero_session="), "{head}");
    // From other origins: the same host without the port, another port,
    // another site.
    for other in [
        "http://127.0.0.1".to_string(),
        format!("http://127.0.0.1:{}", site.serve),
        "http://evil.example".to_string(),
    ] {
        let (status, _, body) = send("/api/account/login", &other);
        assert_eq!(status, 403, "Origin {other}: {body}");
        let code: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(code["code"], "api_cross_site", "{body}");
    }
    let log = std::fs::read_to_string(site.dir.path().join("access.log")).unwrap();
    assert!(
        log.contains("POST /api/account/login"),
        "through nginx: {log}"
    );
}

#[test]
fn clients_behind_nginx_have_their_own_limits_and_a_forged_header_does_not_help() {
    let Some(site) = site(&["--trusted-proxy", "127.0.0.1", "--solves-per-minute", "1"]) else {
        return;
    };
    let mut fresh = layouts(6).into_iter();
    let mut solve = |from: [u8; 4], port: u16, forged: Option<&str>| {
        let layout = fresh.next().expect("a new layout");
        let headers: Vec<(&str, &str)> =
            forged.map(|f| ("X-Forwarded-For", f)).into_iter().collect();
        let (status, _, body) = request(
            Some(IpAddr::from(from)),
            port,
            "POST",
            "/api/imago/solve",
            &headers,
            Some(&json!({ "layout": layout })),
        )
        .unwrap();
        (status, body)
    };
    // Two clients through nginx: one minute's solve each.
    let (a, b) = ([127, 0, 0, 2], [127, 0, 0, 3]);
    assert_eq!(solve(a, site.nginx, None).0, 200);
    let (status, body) = solve(a, site.nginx, None);
    assert_eq!(status, 429, "a's second solve: {body}");
    let (status, body) = solve(b, site.nginx, None);
    assert_eq!(status, 200, "b has its own budget behind nginx: {body}");
    // A client that reaches the process itself, not through the trusted
    // proxy, is counted by its own address whatever it forwards.
    let c = [127, 0, 0, 4];
    assert_eq!(solve(c, site.serve, Some("203.0.113.1")).0, 200);
    let (status, body) = solve(c, site.serve, Some("203.0.113.2"));
    assert_eq!(status, 429, "a forged X-Forwarded-For: {body}");
    // Nor through nginx: what it sends is not the last address nginx adds.
    let (status, body) = solve(a, site.nginx, Some("203.0.113.3"));
    assert_eq!(status, 429, "a's forged header through nginx: {body}");
}
