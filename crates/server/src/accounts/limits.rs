//! The rate limits of logins and sign-ups: per client address
//! (`Limits::logins_per_address`) and per account name from one address
//! (`Limits::logins_per_name_and_address`). No limit is keyed on the name
//! alone: strangers guessing a name from their addresses never refuse its
//! owner's login from another address (issue #47, item 6).

use super::AccountError;
use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use tablero_core::{id, Message};

/// A name as one client address tries it: the key of the tighter limit.
type Pair = (Option<IpAddr>, String);

/// The rate limits of logins and sign-ups (per address, per name from one
/// address). (`Limits::logins_per_address`,
/// `Limits::logins_per_name_and_address`; none: no limit).
#[derive(Clone)]
pub struct AccountLimits {
    by_address: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    by_pair: Option<Arc<DefaultKeyedRateLimiter<Pair>>>,
}

impl AccountLimits {
    /// The limits `limits` asks for.
    #[must_use]
    pub fn new(limits: &crate::Limits) -> AccountLimits {
        fn per_minute<K: std::hash::Hash + Eq + Clone>(
            n: u32,
        ) -> Option<Arc<DefaultKeyedRateLimiter<K>>> {
            NonZeroU32::new(n)
                .map(|n| Arc::new(DefaultKeyedRateLimiter::keyed(Quota::per_minute(n))))
        }
        AccountLimits {
            by_address: per_minute(limits.logins_per_address),
            by_pair: per_minute(limits.logins_per_name_and_address),
        }
    }
}

impl AccountLimits {
    /// Counts one attempt for `name_key` from `ip`: 429 when the address,
    /// or this name from this address, is over its rate. Attempts from
    /// other addresses never count against this one.
    ///
    /// # Errors
    /// [`AccountError::TooMany`], its message saying the seconds to wait.
    pub fn check(&self, ip: Option<IpAddr>, name_key: &str) -> Result<(), AccountError> {
        use governor::clock::{Clock, DefaultClock};
        let now = DefaultClock::default().now();
        let mut wait = None;
        if let (Some(limiter), Some(ip)) = (&self.by_address, ip) {
            if let Err(n) = limiter.check_key(&ip) {
                wait = Some(n.wait_time_from(now));
            }
        }
        if let (Some(limiter), None) = (&self.by_pair, wait) {
            if let Err(n) = limiter.check_key(&(ip, name_key.to_string())) {
                wait = Some(n.wait_time_from(now));
            }
        }
        match wait {
            None => Ok(()),
            Some(w) => {
                let seconds = w.as_secs() + 1;
                Err(AccountError::TooMany(
                    Message::of(id!("api_too_many_requests")).num("seconds", seconds),
                ))
            }
        }
    }

    /// Forgets the keys whose limit has refilled (memory stays bounded).
    pub fn retain_recent(&self) {
        if let Some(l) = &self.by_address {
            l.retain_recent();
        }
        if let Some(l) = &self.by_pair {
            l.retain_recent();
        }
    }
}
