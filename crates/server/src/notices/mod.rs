//! Notices that follow a person (issues #42 and #44): what one page's
//! notices socket (`GET /api/notices/ws`, `routes/notices.rs`) tells its
//! owner at once, on any process: a move or an end in a game where they
//! hold a seat ("your turn"), and their challenges made, answered or
//! withdrawn. The notices come from the event bus ([`crate::events`]: the
//! games concern's [`Turn`]s, the challenges concern's
//! [`ChallengeNotice`]s), which carries them across processes through
//! PostgreSQL's `NOTIFY`; nothing here polls or keeps anything.
//!
//! A page is its [`Listener`]: the account of its session cookie (if any)
//! and the seats whose tokens it sent. A notice reaches a listener only
//! through one of those: another person's cookie or tokens never hear it.

use crate::events::{ChallengeNotice, Notice, Turn};
use serde_json::{json, Value};
use std::collections::HashSet;

/// The most seats one socket listens for (as `POST /api/my-games` takes
/// at most 200 tokens).
pub const MAX_SEATS: usize = 200;

/// Who a notices socket speaks for: an account and the seats of the
/// tokens its page holds.
#[derive(Clone, Debug, Default)]
pub struct Listener {
    account: Option<String>,
    seats: HashSet<(String, usize)>,
}

impl Listener {
    /// A listener for `account` (the session's account id, if any), with
    /// no seats yet.
    #[must_use]
    pub fn new(account: Option<String>) -> Listener {
        Listener {
            account,
            seats: HashSet::new(),
        }
    }

    /// Also listens for seat `seat` of game `game` (a token the page
    /// proved it holds); false past [`MAX_SEATS`].
    pub fn hold(&mut self, game: &str, seat: usize) -> bool {
        if self.seats.len() >= MAX_SEATS {
            return false;
        }
        self.seats.insert((game.to_string(), seat));
        true
    }

    /// How many seats it listens for.
    #[must_use]
    pub fn seats(&self) -> usize {
        self.seats.len()
    }

    /// Whether it speaks for an account.
    #[must_use]
    pub fn has_account(&self) -> bool {
        self.account.is_some()
    }

    /// The seats of `t`'s game this listener holds (by token or account).
    fn held(&self, t: &Turn) -> Vec<usize> {
        (0..2)
            .filter(|&s| {
                self.seats.contains(&(t.game.clone(), s))
                    || (self.account.is_some() && t.accounts[s] == self.account)
            })
            .collect()
    }

    /// The message for this listener's page about `n`, if it concerns it.
    #[must_use]
    pub fn message(&self, n: &Notice) -> Option<Value> {
        match n {
            Notice::Turn(t) => {
                let held = self.held(t);
                if held.is_empty() {
                    return None;
                }
                let yours = t.to_move.is_some_and(|s| held.contains(&s));
                Some(json!({
                    "type": "turn",
                    "game": t.game,
                    "yours": yours,
                    "ended": t.ended,
                    "ply": t.ply,
                }))
            }
            Notice::Challenge(ChallengeNotice {
                id, what, to, game, ..
            }) => {
                let me = self.account.as_ref()?;
                to.contains(me)
                    .then(|| json!({"type": "challenge", "id": id, "what": what, "game": game}))
            }
            Notice::Group(g) => {
                let me = self.account.as_ref()?;
                let player = g.players.iter().find(|p| &p.account == me)?;
                Some(json!({
                    "type": "group",
                    "tournament": g.tournament,
                    "group": g.group,
                    "games": player.games,
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(to_move: Option<usize>, accounts: [Option<&str>; 2]) -> Notice {
        Notice::Turn(Turn {
            game: "g1".into(),
            to_move,
            ended: to_move.is_none(),
            ply: 3,
            accounts: accounts.map(|a| a.map(String::from)),
        })
    }

    #[test]
    fn a_turn_reaches_the_holder_of_a_seat_by_token_or_account_only() {
        let mut by_token = Listener::new(None);
        by_token.hold("g1", 1);
        let m = by_token.message(&turn(Some(1), [None, None])).unwrap();
        assert_eq!(
            (m["type"].as_str(), m["yours"].as_bool()),
            (Some("turn"), Some(true))
        );
        let m = by_token.message(&turn(Some(0), [None, None])).unwrap();
        assert_eq!(m["yours"], false);
        let by_account = Listener::new(Some("acc-a".into()));
        assert_eq!(
            by_account
                .message(&turn(Some(0), [Some("acc-a"), None]))
                .unwrap()["yours"],
            true
        );
        // Another account, a seat of another game, no account at all: nothing.
        let stranger = Listener::new(Some("acc-c".into()));
        assert!(stranger
            .message(&turn(Some(0), [Some("acc-a"), Some("acc-b")]))
            .is_none());
        let mut elsewhere = Listener::new(None);
        elsewhere.hold("g2", 0);
        assert!(elsewhere.message(&turn(Some(0), [None, None])).is_none());
        assert!(Listener::new(None)
            .message(&turn(Some(0), [None, None]))
            .is_none());
        // The end: nobody is to move.
        let m = by_account
            .message(&turn(None, [Some("acc-a"), None]))
            .unwrap();
        assert_eq!(
            (m["yours"].as_bool(), m["ended"].as_bool()),
            (Some(false), Some(true))
        );
    }

    #[test]
    fn a_challenge_notice_reaches_only_the_accounts_it_names() {
        let n = Notice::Challenge(ChallengeNotice {
            id: "c1".into(),
            what: "new".into(),
            to: vec!["acc-b".into()],
            game: None,
            about: None,
        });
        assert_eq!(
            Listener::new(Some("acc-b".into())).message(&n).unwrap()["id"],
            "c1"
        );
        assert!(Listener::new(Some("acc-a".into())).message(&n).is_none());
        assert!(Listener::new(None).message(&n).is_none());
    }

    #[test]
    fn a_listener_holds_at_most_its_cap_of_seats() {
        let mut l = Listener::new(None);
        for i in 0..MAX_SEATS {
            assert!(l.hold(&format!("g{i}"), 0));
        }
        assert!(!l.hold("one-more", 0));
        assert_eq!(l.seats(), MAX_SEATS);
    }
}
