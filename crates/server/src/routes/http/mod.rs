//! What the route files share, and the only other code that knows HTTP:
//! the one error answer ([`error`]), the extractors ([`extract`]), the
//! session cookie and the cross-site check ([`session`]), the client's
//! address that every per-client limit keys on ([`client`]), what the two
//! WebSockets share ([`socket`]), the connections' server with its limits
//! ([`conn`]), and the web app's files and pages embedded ([`assets`],
//! with [`minify`] and the message catalogue's files, [`locales`]).

pub mod assets;
pub mod client;
pub mod conn;
pub mod error;
pub mod extract;
pub mod locales;
pub mod minify;
pub mod session;
pub mod socket;
