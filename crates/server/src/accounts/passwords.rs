//! Passwords: how long they may be, and their argon2id hashes (the
//! `argon2` crate's recommended parameters), made and checked on the
//! blocking pool.

use super::AccountError;
use crate::db::Fault;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;
use tablero_core::{id, Message};
use tokio::sync::Semaphore;

/// The shortest password, in characters.
pub const MIN_PASSWORD: usize = 8;

/// The longest password, in bytes (hashing is costly; nobody types more).
pub const MAX_PASSWORD: usize = 1024;

/// The hash a login of an unknown name is checked against, so that it
/// costs what a wrong password costs: argon2id with the crate's default
/// parameters (m=19456, t=2, p=1) of a password nobody has.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$dGFibGVyb2R1bW15c2FsdA$Q0d4wDbwx8XHLHQ1Dpy0zLB6wB6I2xGjYk3dvU+4f7s";

/// At most one hash at a time per core: hashing is CPU-bound (more at
/// once finish no sooner) and each holds 19 MiB, so 120 sign-ups at once
/// held 2.3 GB before this gate (measured with `tools/crowd.sh`).
fn gate() -> &'static Semaphore {
    static GATE: OnceLock<Semaphore> = OnceLock::new();
    GATE.get_or_init(|| {
        Semaphore::new(std::thread::available_parallelism().map_or(2, std::num::NonZero::get))
    })
}

/// Hashes being made or checked now, and the most seen at once (for the
/// gate's test).
static RUNNING: AtomicUsize = AtomicUsize::new(0);
static MOST: AtomicUsize = AtomicUsize::new(0);

/// Runs `f` (a hash made or checked) through the gate, on the blocking
/// pool.
async fn gated<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, Fault> {
    let _permit = gate()
        .acquire()
        .await
        .map_err(|e| Fault::new(format!("the hashing gate: {e}")))?;
    tokio::task::spawn_blocking(move || {
        let now = RUNNING.fetch_add(1, Ordering::SeqCst) + 1;
        MOST.fetch_max(now, Ordering::SeqCst);
        let out = f();
        RUNNING.fetch_sub(1, Ordering::SeqCst);
        out
    })
    .await
    .map_err(Fault::from)
}

/// Why a new password is refused, or `None`.
#[must_use]
pub fn bad_password(password: &str) -> Option<Message> {
    if password.chars().count() < MIN_PASSWORD || password.len() > MAX_PASSWORD {
        return Some(Message::of(id!("api_account_bad_password")).num("min", MIN_PASSWORD));
    }
    None
}

/// The argon2id hash of `password` as a PHC string, on the blocking pool.
///
/// # Errors
/// When hashing fails (it does not, for passwords within the limits).
pub async fn hash(password: String) -> Result<String, AccountError> {
    let hashed = gated(move || {
        let salt = SaltString::generate(&mut rand::thread_rng());
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| Fault::new(format!("hashing a password: {e}")))
    })
    .await??;
    Ok(hashed)
}

/// Whether `password` matches `stored` (the dummy hash when there is no
/// account: the same work, always false), on the blocking pool.
///
/// # Errors
/// When the blocking pool fails.
pub async fn verify(stored: Option<String>, password: String) -> Result<bool, AccountError> {
    let ok = gated(move || {
        let real = stored.is_some();
        let text = stored.unwrap_or_else(|| DUMMY_HASH.to_string());
        let Ok(parsed) = PasswordHash::new(&text) else {
            return false;
        };
        let matched = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        real && matched
    })
    .await?;
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn no_more_hashes_at_once_than_cores() {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        let all: Vec<_> = (0..cores * 4)
            .map(|i| tokio::spawn(hash(format!("password number {i}"))))
            .collect();
        for h in all {
            assert!(h.await.unwrap().unwrap().starts_with("$argon2id$"));
        }
        let most = MOST.load(Ordering::SeqCst);
        assert!(
            most >= 1 && most <= cores,
            "{most} hashes at once on {cores} cores"
        );
    }

    #[test]
    fn the_dummy_hash_is_argon2id_with_the_default_parameters() {
        let h = PasswordHash::new(DUMMY_HASH).unwrap();
        assert_eq!(h.algorithm.as_str(), "argon2id");
        let p = argon2::Params::try_from(&h).unwrap();
        let d = argon2::Params::default();
        assert_eq!(
            (p.m_cost(), p.t_cost(), p.p_cost()),
            (d.m_cost(), d.t_cost(), d.p_cost())
        );
    }
}
