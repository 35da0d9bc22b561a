//! Accepting connections: a cap on connections in all and per client
//! address (not for a trusted proxy, whose connections carry many clients),
//! and hyper's HTTP/1 server with a header read timeout (which also closes
//! idle kept-alive connections). Every request carries the trusted proxies
//! for [`super::client::client_address`].

use super::client::TrustedProxies;
use crate::Limits;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{pin, Pin};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::Service;

/// Descriptors kept free for the database, files and new accepts.
const SPARE_DESCRIPTORS: u64 = 128;

/// Counts open connections, in all and per client address.
#[derive(Debug)]
pub(crate) struct Gate {
    max: usize,
    per_address: usize,
    /// Exempt from `per_address`.
    trusted: TrustedProxies,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// Why a connection was turned away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Full {
    /// The server has as many connections as it takes.
    Server,
    /// The client's address has as many as one address may.
    Address,
}

/// An admitted connection; leaving frees its place.
#[derive(Debug)]
pub(crate) struct Pass {
    gate: Arc<Gate>,
    ip: IpAddr,
}

impl Gate {
    /// A gate for `max` connections, `per_address` from one address (0: no
    /// cap per address) other than the `trusted` proxies'.
    pub(crate) fn new(max: usize, per_address: usize, trusted: TrustedProxies) -> Arc<Gate> {
        Arc::new(Gate {
            max,
            per_address,
            trusted,
            open: Mutex::default(),
        })
    }

    /// Admits a connection from `ip`, or says why not.
    pub(crate) fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Pass, Full> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.0 >= self.max {
            return Err(Full::Server);
        }
        let mine = open.1.entry(ip).or_default();
        if self.per_address > 0 && *mine >= self.per_address && !self.trusted.trusts(ip) {
            return Err(Full::Address);
        }
        *mine += 1;
        open.0 += 1;
        Ok(Pass {
            gate: Arc::clone(self),
            ip,
        })
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        let mut open = self
            .gate
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        open.0 -= 1;
        if let Some(n) = open.1.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.1.remove(&self.ip);
            }
        }
    }
}

/// A connection's socket carrying its [`Pass`], so that the place is held
/// as long as the socket, also after an upgrade to a WebSocket.
struct Counted {
    tcp: TcpStream,
    _pass: Pass,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// The connections the process can hold: `limits.max_connections`, or
/// fewer when the descriptor limit would not allow as many.
fn connection_cap(limits: &Limits) -> usize {
    let descriptors = rlimit::getrlimit(rlimit::Resource::NOFILE)
        .map_or(u64::MAX, |(soft, _)| soft)
        .saturating_sub(SPARE_DESCRIPTORS)
        .max(16);
    limits
        .max_connections
        .min(usize::try_from(descriptors).unwrap_or(usize::MAX))
}

/// The answer to a connection turned away, written without waiting
/// (a fresh socket's send buffer is empty), before it is closed.
fn refusal(full: Full) -> Vec<u8> {
    let (status, code, error) = match full {
        Full::Server => (
            "503 Service Unavailable",
            "api_server_full",
            "the server has too many connections",
        ),
        Full::Address => (
            "429 Too Many Requests",
            "api_address_full",
            "too many connections from one address",
        ),
    };
    // As every error answer: the English text, and the message id of
    // `locales/*/web.ftl` the page shows (docs/web-api.md, "Errors").
    let body = serde_json::json!({ "error": error, "code": code, "args": {} }).to_string();
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Accepts connections on `listener` and serves `app` on each until
/// `shutdown` completes; then lets open requests finish. `trusted`: the
/// proxies whose forwarded client address is believed.
pub(crate) async fn serve(
    listener: TcpListener,
    app: axum::Router,
    limits: Limits,
    trusted: TrustedProxies,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let cap = connection_cap(&limits);
    if cap < limits.max_connections {
        tracing::warn!(
            "the descriptor limit allows {cap} connections, not {}",
            limits.max_connections
        );
    }
    let gate = Gate::new(cap, limits.max_connections_per_address, trusted.clone());
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true)
        .max_buf_size(64 * 1024);
    let mut make = app
        .layer(axum::Extension(trusted))
        .into_make_service_with_connect_info::<SocketAddr>();
    let (stop, stopping) = tokio::sync::watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    // Out of descriptors or a connection reset before it was
                    // taken: wait a little rather than spin.
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let pass = match gate.admit(peer.ip()) {
            Ok(pass) => pass,
            Err(full) => {
                let _ = tcp.try_write(&refusal(full));
                tracing::debug!("{peer} turned away: {full:?}");
                continue;
            }
        };
        // Small messages (a move, a state) go out at once, not after the
        // peer's delayed ACK (Nagle's algorithm would hold them up to 40 ms).
        let _ = tcp.set_nodelay(true);
        let Ok(service) = make.call(peer).await;
        let service = TowerToHyperService::new(service);
        let connection = builder
            .serve_connection(TokioIo::new(Counted { tcp, _pass: pass }), service)
            .with_upgrades();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let mut connection = pin!(connection);
            tokio::select! {
                done = connection.as_mut() => {
                    if let Err(e) = done {
                        tracing::debug!("connection from {peer}: {e}");
                    }
                }
                _ = stopping.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(stopping);
    let _ = stop.send(());
    stop.closed().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gate_caps_connections_in_all_and_per_address() {
        let gate = Gate::new(3, 2, TrustedProxies::default());
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let p1 = gate.admit(a).unwrap();
        let _p2 = gate.admit(a).unwrap();
        assert_eq!(gate.admit(a).unwrap_err(), Full::Address);
        let _p3 = gate.admit(b).unwrap();
        assert_eq!(gate.admit(b).unwrap_err(), Full::Server);
        drop(p1);
        assert!(gate.admit(a).is_ok(), "a place freed is taken again");
    }

    #[test]
    fn a_trusted_proxy_has_no_cap_of_its_own() {
        let proxy: IpAddr = [127, 0, 0, 1].into();
        let other: IpAddr = [127, 0, 0, 2].into();
        let gate = Gate::new(4, 1, TrustedProxies::new(&[proxy]));
        let held: Vec<Pass> = (0..3).map(|_| gate.admit(proxy).unwrap()).collect();
        let _one = gate.admit(other).unwrap();
        assert_eq!(gate.admit(other).unwrap_err(), Full::Server);
        drop(held);
        assert_eq!(gate.admit(other).unwrap_err(), Full::Address);
    }
}
