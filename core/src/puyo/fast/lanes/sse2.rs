//! SSE2 lanes: x86-64's baseline, so no run-time check is needed. The register is
//! public to the BMI2 kernel, which keeps the planes in registers from reading the
//! screen to writing the answer.
#![allow(unused_unsafe)] // intrinsics are `unsafe fn` up to Rust 1.86 only

use super::Lanes;
use std::arch::x86_64::*;
use std::ops::{BitAnd, BitOr, BitXor};

/// Eight 16-bit lanes in one SSE2 register.
#[derive(Clone, Copy)]
pub(super) struct Sse2(pub(super) __m128i);

impl BitAnd for Sse2 {
    type Output = Sse2;
    #[inline(always)]
    fn bitand(self, o: Sse2) -> Sse2 {
        Sse2(unsafe { _mm_and_si128(self.0, o.0) })
    }
}
impl BitOr for Sse2 {
    type Output = Sse2;
    #[inline(always)]
    fn bitor(self, o: Sse2) -> Sse2 {
        Sse2(unsafe { _mm_or_si128(self.0, o.0) })
    }
}
impl BitXor for Sse2 {
    type Output = Sse2;
    #[inline(always)]
    fn bitxor(self, o: Sse2) -> Sse2 {
        Sse2(unsafe { _mm_xor_si128(self.0, o.0) })
    }
}

impl Lanes for Sse2 {
    #[inline(always)]
    fn from_u128(x: u128) -> Self {
        Sse2(unsafe { _mm_set_epi64x((x >> 64) as i64, x as i64) })
    }
    #[inline(always)]
    fn to_u128(self) -> u128 {
        let low = unsafe { _mm_cvtsi128_si64(self.0) } as u64;
        let high = unsafe { _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) } as u64;
        u128::from(low) | (u128::from(high) << 64)
    }
    #[inline(always)]
    fn and_not(self, other: Self) -> Self {
        Sse2(unsafe { _mm_andnot_si128(other.0, self.0) })
    }
    #[inline(always)]
    fn up(self) -> Self {
        Sse2(unsafe { _mm_slli_epi16::<1>(self.0) })
    }
    #[inline(always)]
    fn down(self) -> Self {
        Sse2(unsafe { _mm_srli_epi16::<1>(self.0) })
    }
    #[inline(always)]
    fn right(self) -> Self {
        Sse2(unsafe { _mm_slli_si128::<2>(self.0) })
    }
    #[inline(always)]
    fn left(self) -> Self {
        Sse2(unsafe { _mm_srli_si128::<2>(self.0) })
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) == 0xFFFF }
    }
}
