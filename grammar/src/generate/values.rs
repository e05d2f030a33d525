//! The values a setter tries first, within a value's bounds: each bound and
//! its neighbours, 0 and ±1, 2^k and 2^k ± 1, powers of ten and their
//! neighbours (where a 32-bit counter overflows, a bitset runs out, a
//! hand-sized array ends). And the small domain of the small-scope stage, and
//! the text a float value is written as.
//!
//! Time: O(log range) values per bound pair.

use crate::model::FloatFormat;
use crate::pattern::TextChoices;

/// The boundary values of `lo..=hi`, most telling first, without repeats.
pub(crate) fn boundary_ints(lo: i128, hi: i128) -> Vec<i128> {
    let mut out = Vec::new();
    let mut add = |v: Option<i128>| {
        if let Some(v) = v {
            if lo <= v && v <= hi && !out.contains(&v) {
                out.push(v);
            }
        }
    };
    for v in [
        Some(lo),
        Some(hi),
        lo.checked_add(1),
        hi.checked_sub(1),
        Some(0),
        Some(1),
        Some(-1),
    ] {
        add(v);
    }
    for k in 1..=126u32 {
        let p = 1i128 << k;
        if p > hi
            .saturating_abs()
            .max(lo.saturating_abs())
            .saturating_add(1)
        {
            break;
        }
        for v in [
            p.checked_sub(1),
            Some(p),
            p.checked_add(1),
            Some(-p),
            (-p).checked_add(1),
            (-p).checked_sub(1),
        ] {
            add(v);
        }
    }
    let mut p = 10i128;
    while p
        <= hi
            .saturating_abs()
            .max(lo.saturating_abs())
            .saturating_add(1)
    {
        for v in [Some(p), p.checked_sub(1), p.checked_add(1), Some(-p)] {
            add(v);
        }
        match p.checked_mul(10) {
            Some(q) => p = q,
            None => break,
        }
    }
    out
}

/// The boundary values of a float range: the bounds, 0, ±1, and values just
/// inside the bounds at the finest precision written.
pub(crate) fn boundary_floats(lo: f64, hi: f64, format: &FloatFormat) -> Vec<f64> {
    let step = 10f64.powi(-(format.max_decimals.min(9) as i32));
    let mut out = Vec::new();
    for v in [
        lo,
        hi,
        lo + step,
        hi - step,
        0.0,
        1.0,
        -1.0,
        (lo + hi) / 2.0,
    ] {
        if lo <= v && v <= hi && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// The small domain of an integer in `lo..=hi`: the in-bounds values nearest
/// zero within `[-d, d]` (0, 1, -1, 2, -2, ...), or, when none is, the `2d + 1`
/// in-bounds values nearest zero.
pub(crate) fn small_ints(lo: i128, hi: i128, d: i128) -> Vec<i128> {
    let mut out = Vec::new();
    for m in 0..=d {
        for v in [m, -m] {
            if lo <= v && v <= hi && !out.contains(&v) {
                out.push(v);
            }
        }
    }
    if out.is_empty() {
        let n = 2 * d + 1;
        if lo > 0 {
            out.extend((0..n).map_while(|i| lo.checked_add(i)).filter(|&v| v <= hi));
        } else {
            out.extend((0..n).map_while(|i| hi.checked_sub(i)).filter(|&v| v >= lo));
        }
    }
    out
}

/// `v` written as `format` says, with `decimals` digits after the point and
/// kept within `lo..=hi` (rounded inwards); never a negative zero, which
/// checktestdata refuses.
pub(crate) fn float_text(
    v: f64,
    lo: f64,
    hi: f64,
    decimals: u32,
    format: &FloatFormat,
) -> Option<String> {
    if lo.is_nan() || hi.is_nan() || lo > hi {
        return None;
    }
    let d = decimals
        .max(format.min_decimals)
        .min(format.max_decimals)
        .min(15);
    let scale = 10f64.powi(d as i32);
    let mut x = (v.clamp(lo, hi) * scale).round() / scale;
    if x < lo {
        x = (lo * scale).ceil() / scale;
    }
    if x > hi {
        x = (hi * scale).floor() / scale;
    }
    if !(lo..=hi).contains(&x) || !x.is_finite() {
        return None;
    }
    let mut text = if format.exponent_required {
        let exp = if x == 0.0 {
            0
        } else {
            x.abs().log10().floor() as i32
        };
        let mantissa = x / 10f64.powi(exp);
        format!("{mantissa:.0$}e{exp}", d as usize)
    } else {
        format!("{x:.0$}", d as usize)
    };
    if text.starts_with('-') && text[1..].bytes().all(|b| b == b'0' || b == b'.') {
        text.remove(0);
    }
    let back: f64 = text.parse().ok()?;
    (lo..=hi).contains(&back).then_some(text)
}

/// Text decisions taken by a fixed rule: every count at its minimum or at its
/// maximum, every character the first, the last, or alternating.
pub(crate) struct Fixed {
    /// Repetitions at their maximum (else minimum).
    pub longest: bool,
    /// Which character: 0 first, 1 last, 2 alternating first/last.
    pub chars: u8,
    /// Which alternative.
    pub alternative: usize,
    turn: usize,
}

impl Fixed {
    pub fn new(longest: bool, chars: u8, alternative: usize) -> Self {
        Fixed {
            longest,
            chars,
            alternative,
            turn: 0,
        }
    }
}

impl TextChoices for Fixed {
    fn alternative(&mut self, n: usize) -> usize {
        self.alternative % n
    }
    fn repeats(&mut self, min: u32, max: u32) -> u32 {
        if self.longest {
            max
        } else {
            min
        }
    }
    fn character(&mut self, n: usize) -> usize {
        self.turn += 1;
        match self.chars {
            0 => 0,
            1 => n - 1,
            _ => {
                if self.turn % 2 == 1 {
                    0
                } else {
                    n - 1
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundaries_stay_in_bounds_and_include_the_telling_values() {
        let b = boundary_ints(1, 1_000_000_000);
        for v in [
            1,
            2,
            1_000_000_000,
            999_999_999,
            1023,
            1024,
            1025,
            65_537,
            1_000_000,
            999_999,
            10,
        ] {
            assert!(b.contains(&v), "{v} missing from {b:?}");
        }
        assert!(b.iter().all(|&v| (1..=1_000_000_000).contains(&v)));
        assert_eq!(boundary_ints(5, 5), vec![5]);
        assert_eq!(small_ints(-10, 10, 1), vec![0, 1, -1]);
        assert_eq!(small_ints(100, 1000, 1), vec![100, 101, 102]);
        assert_eq!(small_ints(-1000, -100, 1), vec![-100, -101, -102]);
    }

    #[test]
    fn floats_are_written_within_bounds_and_never_as_negative_zero() {
        let f = FloatFormat::fixed(0, 3);
        assert_eq!(float_text(-0.0001, -1.0, 1.0, 3, &f).unwrap(), "0.000");
        assert_eq!(float_text(0.12345, 0.0, 0.1234, 3, &f).unwrap(), "0.123");
        assert_eq!(float_text(2.0, 0.0, 10.0, 0, &f).unwrap(), "2");
        assert!(float_text(0.5, 0.4, 0.6, 0, &f).is_none());
    }
}
