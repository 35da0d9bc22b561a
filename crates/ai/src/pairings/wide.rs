//! A 512-bit signed integer, just what the pairing weights need: the Dutch
//! rules' criteria are packed into one number, most important highest (about
//! 400 bits for 40 players and 11 rounds), and the matching adds, subtracts,
//! compares and halves them.

use std::cmp::Ordering;
use std::ops::{Add, BitOr, Shl, Sub};

const LIMBS: usize = 8;

/// A two's-complement 512-bit integer (limbs little-endian).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Wide([u64; LIMBS]);

impl std::fmt::Debug for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0x")?;
        for l in self.0.iter().rev() {
            write!(f, "{l:016x}")?;
        }
        Ok(())
    }
}

impl Wide {
    /// Zero.
    pub const ZERO: Wide = Wide([0; LIMBS]);

    /// A small number.
    pub fn from_i64(v: i64) -> Wide {
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut l = [fill; LIMBS];
        l[0] = v as u64;
        Wide(l)
    }

    /// Whether the number is below zero.
    pub fn is_negative(self) -> bool {
        (self.0[LIMBS - 1] as i64) < 0
    }

    /// Half (rounding toward minus infinity).
    pub fn half(self) -> Wide {
        let mut out = [0u64; LIMBS];
        for (i, o) in out.iter_mut().enumerate() {
            let high = if i + 1 < LIMBS {
                self.0[i + 1] << 63
            } else {
                // arithmetic shift: keep the sign
                self.0[i] & (1 << 63)
            };
            *o = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }
}

impl Add for Wide {
    type Output = Wide;
    fn add(self, o: Wide) -> Wide {
        let mut out = [0u64; LIMBS];
        let mut carry = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *slot = s2;
            carry = c1 || c2;
        }
        Wide(out)
    }
}

impl Sub for Wide {
    type Output = Wide;
    fn sub(self, o: Wide) -> Wide {
        let mut out = [0u64; LIMBS];
        let mut borrow = false;
        for (i, slot) in out.iter_mut().enumerate() {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            *slot = s2;
            borrow = b1 || b2;
        }
        Wide(out)
    }
}

impl Shl<u32> for Wide {
    type Output = Wide;
    fn shl(self, by: u32) -> Wide {
        let (limbs, bits) = ((by / 64) as usize, by % 64);
        let mut out = [0u64; LIMBS];
        for i in (limbs..LIMBS).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            out[i] = v;
        }
        Wide(out)
    }
}

impl BitOr for Wide {
    type Output = Wide;
    fn bitor(self, o: Wide) -> Wide {
        let mut out = self.0;
        for (a, b) in out.iter_mut().zip(o.0) {
            *a |= b;
        }
        Wide(out)
    }
}

impl Ord for Wide {
    fn cmp(&self, o: &Wide) -> Ordering {
        match (self.is_negative(), o.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..LIMBS).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => continue,
                x => return x,
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, o: &Wide) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_across_limbs() {
        let big = Wide::from_i64(5) << 300;
        let one = Wide::from_i64(1);
        assert!(big > one && big - one < big);
        assert_eq!((big - one) + one, big);
        assert_eq!((big + big).half(), big);
        assert!((one - big).is_negative());
        assert!(one - big < Wide::ZERO);
        assert_eq!(Wide::from_i64(-6).half(), Wide::from_i64(-3));
        assert_eq!(Wide::from_i64(-3) + Wide::from_i64(3), Wide::ZERO);
        assert_eq!(
            (Wide::from_i64(3) << 64) | one,
            (Wide::from_i64(3) << 64) + one
        );
        assert_eq!(Wide::from_i64(1) << 63 << 1, Wide::from_i64(1) << 64);
    }
}
