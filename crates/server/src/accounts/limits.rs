//! The rate limits of logins and sign-ups: per client address and per
//! account name (`Limits::logins_per_address`, `Limits::logins_per_name`).

use super::AccountError;
use governor::{DefaultKeyedRateLimiter, Quota};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use tablero_core::{id, Message};

/// The rate limits of logins and sign-ups (per address, per name).
/// (`Limits::logins_per_address`, `Limits::logins_per_name`; none: no
/// limit).
#[derive(Clone)]
pub struct AccountLimits {
    by_address: Option<Arc<DefaultKeyedRateLimiter<IpAddr>>>,
    by_name: Option<Arc<DefaultKeyedRateLimiter<String>>>,
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
            by_name: per_minute(limits.logins_per_name),
        }
    }
}

impl AccountLimits {
    /// Counts one attempt for `name_key` from `ip`: 429 when either is
    /// over its rate.
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
        if let (Some(limiter), None) = (&self.by_name, wait) {
            if let Err(n) = limiter.check_key(&name_key.to_string()) {
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
        if let Some(l) = &self.by_name {
            l.retain_recent();
        }
    }
}
