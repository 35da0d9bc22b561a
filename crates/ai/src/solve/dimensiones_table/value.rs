//! What an entry means: the sub-game's value for the mover as a function
//! of the plies left before the move cap, and its one-byte code.
//!
//! With `h` plies left (`h = 60 - clock`), the value `V(h)` (win, draw or
//! loss for the mover) changes with `h` at most twice, always in the order
//! *T, draw, −T*, where *T* is the value the move cap would give (the
//! sub-game scored by value, which the material of the slice fixes): the
//! side that the cap does not favour needs time to force a capture or a
//! man's move that pays, and more time never hurts it. So an entry is the
//! value with the whole clock ahead (`h = 60`, a clock at 0: how every
//! slice is entered) and the number of plies left from which it holds:
//!
//! - byte = `kind << 6 | b`, `b` in 0..=60: `V(h)` is the kind's value for
//!   `h >= b`, and *T* below (`b = 0`: the value whatever the clock; every
//!   position where the game is over holds that);
//! - kind 0 loss, 1 draw, 2 win; kind 3: the value is −*T* from `b` on, a
//!   draw on `a..b` and *T* below `a`, with `a` kept beside the entries (a
//!   few positions only).

/// Plies in a row without a capture or a man's move that end the game.
pub const CAP: u8 = tablero_games::dimensiones::CLOCK_LIMIT;

/// A value of the sub-game for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wdl {
    /// The side to move loses the sub-game.
    Loss,
    /// Drawn.
    Draw,
    /// The side to move wins it.
    Win,
}

impl Wdl {
    /// -1, 0 or 1.
    #[must_use]
    pub const fn sign(self) -> i8 {
        match self {
            Wdl::Loss => -1,
            Wdl::Draw => 0,
            Wdl::Win => 1,
        }
    }

    /// The value of a sign.
    #[must_use]
    pub const fn of_sign(v: i8) -> Wdl {
        if v > 0 {
            Wdl::Win
        } else if v < 0 {
            Wdl::Loss
        } else {
            Wdl::Draw
        }
    }

    /// The same for the other side.
    #[must_use]
    pub const fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// `win`, `draw` or `loss`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        }
    }
}

/// The kind of a two-step entry.
const BAND: u8 = 3;

/// A position's value for the mover with every number of plies left, as
/// the entry holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Steps {
    /// The value the move cap gives (by material).
    pub cap: Wdl,
    /// The value with the whole clock ahead.
    pub full: Wdl,
    /// From this many plies left on, the value is `full` (0: always).
    pub from: u8,
    /// For a value that changes twice: from this many plies left on (and
    /// below `from`) the value is a draw.
    pub draw_from: Option<u8>,
}

impl Steps {
    /// The value with `left` plies left before the move cap (1 to 60).
    #[must_use]
    pub fn at(&self, left: u8) -> Wdl {
        if left >= self.from {
            self.full
        } else if self.draw_from.is_some_and(|a| left >= a) {
            Wdl::Draw
        } else {
            self.cap
        }
    }

    /// The value of a position where the game is over (the army to move
    /// has no piece or no move): `v` whatever the clock.
    #[must_use]
    pub const fn constant(v: Wdl, cap: Wdl) -> Steps {
        Steps {
            cap,
            full: v,
            from: 0,
            draw_from: None,
        }
    }

    /// The fewest plies left with which the side to move still gets
    /// `want` or better: 0 when it does whatever the clock, `None` when it
    /// does not even with the whole clock. (The value never gets worse for
    /// one side and better for the other as the clock runs: see the
    /// module.)
    #[must_use]
    pub fn plies_for(&self, want: Wdl) -> Option<u8> {
        // Down from the whole clock while the value holds.
        let mut h = CAP;
        if self.at(h) < want {
            return None;
        }
        while h > 0 && self.at((h - 1).max(1)) >= want {
            h -= 1;
        }
        Some(h)
    }

    /// The steps of a value given for every number of plies left
    /// (`v[h]`, h in 1..=60; `v[0]` is ignored) when the move cap gives
    /// `cap`; `None` for values that do not step as the module says.
    #[must_use]
    pub fn of_values(v: &[Wdl; CAP as usize + 1], cap: Wdl) -> Option<Steps> {
        let full = v[CAP as usize];
        let mut from = CAP;
        while from > 1 && v[from as usize - 1] == full {
            from -= 1;
        }
        if from == 1 {
            // The same value with any plies left; with none the cap's
            // (the game is not over here: see `masks`).
            return Some(Steps {
                cap,
                full,
                from: u8::from(full != cap),
                draw_from: None,
            });
        }
        let mut draw_from = None;
        for h in 1..from {
            let x = v[h as usize];
            if x == cap {
                if draw_from.is_some() {
                    return None;
                }
            } else if x == Wdl::Draw && full == cap.flip() && cap != Wdl::Draw {
                draw_from.get_or_insert(h);
            } else {
                return None;
            }
        }
        let s = Steps {
            cap,
            full,
            from,
            draw_from,
        };
        (1..=CAP).all(|h| s.at(h) == v[h as usize]).then_some(s)
    }

    /// The entry's byte, and the draw's start kept beside it.
    #[must_use]
    pub fn encode(&self) -> (u8, Option<u8>) {
        match self.draw_from {
            Some(a) => ((BAND << 6) | self.from, Some(a)),
            None => (((self.full.sign() + 1) as u8) << 6 | self.from, None),
        }
    }

    /// The steps of an entry's byte, `cap` the value the move cap gives in
    /// its slice and `draw_from` the draw's start kept beside the entry
    /// (asked for only when the byte says there is one).
    #[must_use]
    pub fn decode(byte: u8, cap: Wdl, draw_from: impl FnOnce() -> Option<u8>) -> Option<Steps> {
        let from = byte & 0x3F;
        if from > CAP {
            return None;
        }
        let kind = byte >> 6;
        if kind == BAND {
            if cap == Wdl::Draw {
                return None;
            }
            return Some(Steps {
                cap,
                full: cap.flip(),
                from,
                draw_from: Some(draw_from()?),
            });
        }
        Some(Steps {
            cap,
            full: Wdl::of_sign(kind as i8 - 1),
            from,
            draw_from: None,
        })
    }

    /// The value only with the whole clock ahead (the byte alone tells it).
    #[must_use]
    pub fn full_of(byte: u8, cap: Wdl) -> Wdl {
        match byte >> 6 {
            BAND => cap.flip(),
            kind => Wdl::of_sign(kind as i8 - 1),
        }
    }

    /// The plies left (0..=60) with which the value is a win, as bits, and
    /// those with which it is a loss. With no plies left a position is
    /// worth what the cap gives, unless the game is over in it: the entry
    /// of a position where the game is over has `from` 0, and every other
    /// entry whose value differs from the cap's has `from` 1 or more.
    #[must_use]
    pub fn masks(&self) -> (u64, u64) {
        let all = (1u64 << (CAP + 1)) - 1;
        let below = |h: u8| (1u64 << h) - 1;
        let full = all & !below(self.from);
        // Below `from`: the cap's value, or from `a` on a draw.
        let cap = below(self.draw_from.map_or(self.from, |a| a.min(self.from)));
        let of = |v: Wdl, want: Wdl, bits: u64| if v == want { bits } else { 0 };
        (
            of(self.full, Wdl::Win, full) | of(self.cap, Wdl::Win, cap),
            of(self.full, Wdl::Loss, full) | of(self.cap, Wdl::Loss, cap),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(f: impl Fn(u8) -> Wdl) -> [Wdl; CAP as usize + 1] {
        let mut v = [Wdl::Draw; CAP as usize + 1];
        for h in 1..=CAP {
            v[h as usize] = f(h);
        }
        v
    }

    #[test]
    fn steps_round_trip_through_their_byte() {
        use Wdl::*;
        let cases: Vec<(Wdl, [Wdl; CAP as usize + 1])> = vec![
            (Draw, values(|_| Draw)),
            (Draw, values(|h| if h >= 7 { Win } else { Draw })),
            (Draw, values(|h| if h >= 60 { Loss } else { Draw })),
            (Win, values(|h| if h >= 3 { Draw } else { Win })),
            (Win, values(|h| if h >= 9 { Loss } else { Win })),
            (
                Win,
                values(|h| {
                    if h >= 9 {
                        Loss
                    } else if h >= 4 {
                        Draw
                    } else {
                        Win
                    }
                }),
            ),
            (Loss, values(|h| if h >= 2 { Draw } else { Loss })),
            (Loss, values(|_| Win)),
            (Loss, values(|h| if h >= 5 { Win } else { Draw })),
        ];
        for (cap, v) in cases {
            let s = Steps::of_values(&v, cap).expect("steps");
            let (byte, a) = s.encode();
            let back = Steps::decode(byte, cap, || a).expect("decodes");
            assert_eq!(back, s);
            for h in 1..=CAP {
                assert_eq!(back.at(h), v[h as usize], "{cap:?} {h}");
            }
            assert_eq!(Steps::full_of(byte, cap), v[CAP as usize]);
            // The masks say the same as the values.
            let (win, loss) = s.masks();
            for h in 0..=CAP {
                let at = s.at(h);
                assert_eq!(win >> h & 1 == 1, at == Win, "{cap:?} {h}");
                assert_eq!(loss >> h & 1 == 1, at == Loss, "{cap:?} {h}");
            }
        }
        // Values that go back and forth, or towards the cap's, are not
        // steps.
        let odd = values(|h| if h % 2 == 0 { Win } else { Draw });
        assert!(Steps::of_values(&odd, Draw).is_none());
        let back = values(|h| if h >= 2 { Draw } else { Win });
        assert!(Steps::of_values(&back, Loss).is_none());
    }

    #[test]
    fn plies_for_a_value() {
        let s = Steps {
            cap: Wdl::Loss,
            full: Wdl::Win,
            from: 9,
            draw_from: Some(4),
        };
        assert_eq!(s.plies_for(Wdl::Win), Some(9));
        assert_eq!(s.plies_for(Wdl::Draw), Some(4));
        assert_eq!(s.plies_for(Wdl::Loss), Some(0));
        let t = Steps::constant(Wdl::Draw, Wdl::Draw);
        assert_eq!(t.plies_for(Wdl::Win), None);
    }
}
