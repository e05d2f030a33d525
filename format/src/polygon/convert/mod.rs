//! A Polygon package converted both ways: to a Kattis package, 2025-09 or
//! legacy ([`to_kattis`]), and a Kattis package to a Polygon one
//! ([`from_kattis`]); what every conversion shares is `crate::convert`.

mod from_kattis;
mod groups;
mod to_kattis;

pub use crate::convert::{ConvertError, KattisLayout, TestBytes};
pub use from_kattis::from_kattis;
pub use to_kattis::to_kattis;
