//! The values an integer token is moved to, in three tiers tried one after the
//! other over the whole input (every token's first tier before any token's second):
//!
//! 1. **extremes**: the problem's real limits (found by [`super::boundary`]), the
//!    largest and smallest integer of the input, and the values other inputs have
//!    at the same place (line and token);
//! 2. **near**: 0, 1, −1, the value ± 1, the limits ± 1, one past the input's
//!    largest and smallest;
//! 3. **special**: the numbers overflow bugs meet (10^9, 2^31 − 1, 2^31, 2^32,
//!    10^18, 2^63 − 1, ...), then the other powers of ten and 2^k ± 1.
//!
//! A negative value is offered only where the sign fits: when the input, another
//! input or a limit has a negative integer. Validators reject most values outside
//! the limits, so the likely valid tiers come first.

/// A tier of values (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Tier {
    Extremes,
    Near,
    Special,
}

impl Tier {
    pub(crate) const ALL: [Tier; 3] = [Tier::Extremes, Tier::Near, Tier::Special];
}

/// What the values of a token are drawn from, besides the token itself.
#[derive(Clone, Debug, Default)]
pub(crate) struct Context {
    /// The problem's limits found so far, in the order found.
    pub limits: Vec<i64>,
    /// The smallest and largest integer of the input.
    pub range: Option<(i64, i64)>,
    /// Negative values may fit.
    pub negatives: bool,
}

/// The numbers overflow and off-by-one bugs meet first.
const OVERFLOWS: [i64; 8] = [
    1_000_000_000,
    i32::MAX as i64,
    1 << 31,
    u32::MAX as i64,
    1 << 32,
    1_000_000_000_000_000_000,
    i64::MAX,
    1_000_000_007,
];

/// The other special numbers: powers of ten, then 2^k − 1, 2^k, 2^k + 1 for the
/// widths of integer types and their halves.
fn specials() -> impl Iterator<Item = i64> {
    let tens = (1..=18).map(|k| 10i64.pow(k));
    let twos = [7u32, 8, 15, 16, 31, 32, 62]
        .into_iter()
        .flat_map(|k| [(1i64 << k) - 1, 1i64 << k, (1i64 << k) + 1]);
    OVERFLOWS.into_iter().chain(tens).chain(twos)
}

/// The values of tier `tier` for a token holding `value`, whose siblings (other
/// inputs at the same place) hold `siblings`: each at most once over the three
/// tiers, never `value` itself.
pub(crate) fn values(value: i64, siblings: &[i64], context: &Context, tier: Tier) -> Vec<i64> {
    let mut all: Vec<(Tier, i64)> = Vec::new();
    let (low, high) = context.range.unwrap_or((value, value));
    let extremes = context.limits.iter().copied().chain([high, low]);
    all.extend(
        extremes
            .chain(siblings.iter().copied())
            .map(|v| (Tier::Extremes, v)),
    );
    let limits_near = context
        .limits
        .iter()
        .flat_map(|&l| [l.checked_sub(1), l.checked_add(1)]);
    let near = [
        Some(0),
        Some(1),
        Some(-1),
        value.checked_sub(1),
        value.checked_add(1),
    ]
    .into_iter()
    .chain(limits_near)
    .chain([high.checked_add(1), low.checked_sub(1)])
    .flatten();
    all.extend(near.map(|v| (Tier::Near, v)));
    let specials = specials().flat_map(|v| [v, -v]);
    all.extend(specials.chain([i64::MIN]).map(|v| (Tier::Special, v)));
    let mut seen = vec![value];
    let mut out = Vec::new();
    for (t, v) in all {
        if seen.contains(&v) || (v < 0 && !context.negatives) {
            continue;
        }
        seen.push(v);
        if t == tier {
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_go_from_limits_and_extremes_to_small_values_to_overflows() {
        let context = Context {
            limits: vec![200_000, 1],
            range: Some((2, 50)),
            negatives: false,
        };
        assert_eq!(
            values(7, &[9, 50], &context, Tier::Extremes),
            vec![200_000, 1, 50, 2, 9]
        );
        // 1 came in the first tier; no negatives where none fits.
        assert_eq!(
            values(7, &[], &context, Tier::Near),
            vec![0, 6, 8, 199_999, 200_001, 51]
        );
        let special = values(7, &[], &context, Tier::Special);
        assert_eq!(
            &special[..4],
            &[1_000_000_000, 2_147_483_647, 2_147_483_648, 4_294_967_295]
        );
        assert!(special.contains(&i64::MAX) && special.iter().all(|&v| v > 0));
        let signed = Context {
            negatives: true,
            ..context
        };
        let special = values(-7, &[], &signed, Tier::Special);
        assert!(special.contains(&i64::MIN) && special.contains(&-1_000_000_000));
        assert!(values(-7, &[], &signed, Tier::Near).contains(&-1));
    }

    #[test]
    fn no_value_is_offered_twice_or_left_unchanged() {
        let context = Context {
            limits: vec![i64::MAX, i64::MIN],
            range: Some((i64::MIN, i64::MAX)),
            negatives: true,
        };
        let all: Vec<i64> = Tier::ALL
            .iter()
            .flat_map(|&t| values(0, &[0, 5, 5], &context, t))
            .collect();
        let mut unique = all.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), all.len());
        assert!(!all.contains(&0));
    }
}
