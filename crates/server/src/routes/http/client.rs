//! The client's address, the one key of every per-client limit (the
//! request rate, a WebSocket's message rate, the Imago solve rate, the
//! login and sign-up limits): [`client_address`]. It is the connection's
//! peer, unless the peer is a reverse proxy the server was told to trust
//! (`tablero serve --trusted-proxy ADDR`, [`crate::Config::trusted_proxies`]);
//! then it is the address that proxy forwarded, the last one of
//! `X-Forwarded-For` (the one the proxy appended, as `deploy/nginx.conf`'s
//! `$proxy_add_x_forwarded_for` does). The header is never believed from
//! any other peer, so a client cannot choose its own key.

use axum::extract::connect_info::ConnectInfo;
use axum::http::{Extensions, HeaderMap};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The proxies whose `X-Forwarded-For` is believed, carried on every
/// request as an extension (the connections' server adds it, see
/// [`super::conn::serve`]). None by default.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(Arc<[IpAddr]>);

impl TrustedProxies {
    /// Trusts `proxies` (an IPv4 address also matches its IPv6-mapped form).
    #[must_use]
    pub fn new(proxies: &[IpAddr]) -> TrustedProxies {
        TrustedProxies(proxies.iter().map(IpAddr::to_canonical).collect())
    }

    /// Whether `peer` is one of them.
    #[must_use]
    pub fn trusts(&self, peer: IpAddr) -> bool {
        self.0.contains(&peer.to_canonical())
    }
}

/// The client's address of a request, from its extensions (the
/// connection's peer, the trusted proxies) and its headers; `None` when
/// the request came by no connection (a test calling the router
/// directly). Every per-client limit keys on this.
#[must_use]
pub fn client_address(extensions: &Extensions, headers: &HeaderMap) -> Option<IpAddr> {
    let peer = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip().to_canonical())?;
    let trusted = extensions
        .get::<TrustedProxies>()
        .is_some_and(|t| t.trusts(peer));
    if trusted {
        Some(forwarded(headers).unwrap_or(peer))
    } else {
        Some(peer)
    }
}

/// The last address of `X-Forwarded-For` (of its last line, if the
/// header is repeated): the one the nearest proxy appended. An entry with
/// a port (`203.0.113.9:4711`, `[2001:db8::1]:4711`) counts by its
/// address; anything else (`unknown`, garbage) is none.
fn forwarded(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()?
        .to_str()
        .ok()?
        .rsplit(',')
        .next()?
        .trim();
    last.parse::<IpAddr>()
        .or_else(|_| last.parse::<SocketAddr>().map(|s| s.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

/// The request rate limit's key ([`tower_governor`]): the client's
/// address.
#[derive(Clone, Copy, Debug)]
pub struct ClientKey;

impl tower_governor::key_extractor::KeyExtractor for ClientKey {
    type Key = IpAddr;

    fn extract<T>(
        &self,
        req: &axum::http::Request<T>,
    ) -> Result<IpAddr, tower_governor::GovernorError> {
        client_address(req.extensions(), req.headers())
            .ok_or(tower_governor::GovernorError::UnableToExtractKey)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ask(peer: &str, trusted: &[&str], xff: &[&str]) -> Option<IpAddr> {
        let mut ext = Extensions::new();
        ext.insert(ConnectInfo(SocketAddr::new(peer.parse().unwrap(), 4711)));
        let trusted: Vec<IpAddr> = trusted.iter().map(|t| t.parse().unwrap()).collect();
        ext.insert(TrustedProxies::new(&trusted));
        let mut headers = HeaderMap::new();
        for v in xff {
            headers.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        client_address(&ext, &headers)
    }

    fn ip(s: &str) -> Option<IpAddr> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn the_forwarded_address_counts_only_from_a_trusted_proxy() {
        // Nobody trusted (the default): the peer, whatever the header says.
        assert_eq!(ask("127.0.0.1", &[], &["203.0.113.9"]), ip("127.0.0.1"));
        // A trusted proxy: the address it appended, not the client's own.
        let proxy = ["127.0.0.1"];
        assert_eq!(
            ask("127.0.0.1", &proxy, &["198.51.100.1, 203.0.113.9"]),
            ip("203.0.113.9")
        );
        assert_eq!(
            ask("127.0.0.1", &proxy, &["198.51.100.1", "203.0.113.9"]),
            ip("203.0.113.9")
        );
        // Another peer with the same header: its own address.
        assert_eq!(ask("127.0.0.2", &proxy, &["203.0.113.9"]), ip("127.0.0.2"));
        assert_eq!(ask("10.0.0.7", &proxy, &["127.0.0.1"]), ip("10.0.0.7"));
        // From the proxy without a usable header: the proxy's address.
        assert_eq!(ask("127.0.0.1", &proxy, &[]), ip("127.0.0.1"));
        assert_eq!(ask("127.0.0.1", &proxy, &["unknown"]), ip("127.0.0.1"));
        assert_eq!(ask("127.0.0.1", &proxy, &["1.2.3.4, "]), ip("127.0.0.1"));
        // Ports and IPv6, and an IPv4 peer seen on an IPv6 socket.
        assert_eq!(
            ask("127.0.0.1", &proxy, &["203.0.113.9:4711"]),
            ip("203.0.113.9")
        );
        assert_eq!(
            ask("127.0.0.1", &proxy, &["[2001:db8::1]:4711"]),
            ip("2001:db8::1")
        );
        assert_eq!(
            ask("::ffff:127.0.0.1", &proxy, &["2001:db8::1"]),
            ip("2001:db8::1")
        );
        assert_eq!(
            ask("::ffff:10.0.0.7", &proxy, &["2001:db8::1"]),
            ip("10.0.0.7")
        );
    }

    #[test]
    fn a_request_without_a_connection_has_no_address() {
        assert_eq!(client_address(&Extensions::new(), &HeaderMap::new()), None);
    }
}
