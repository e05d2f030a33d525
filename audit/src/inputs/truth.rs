//! What makes a candidate invalid, checked again on every shrink step: the
//! grammar refuses it at the same item for the same reason, or a value of an
//! item is past the statement's bound. Only then can a validator that
//! accepts it be wrong.

use crate::statement::{BoundSide, Num};
use crate::transform::unbounded;
use jurybox_grammar::expr::Value;
use jurybox_grammar::read::{read, Refusal};
use jurybox_grammar::Grammar;
use std::mem::discriminant;

/// Why a candidate is invalid, independent of the validators.
#[derive(Clone, Debug)]
pub enum Truth {
    /// The grammar refuses it at `item` (`None`: past its end) as `refusal`
    /// (compared by kind).
    Refused {
        /// The item.
        item: Option<usize>,
        /// Why, by kind.
        refusal: Refusal,
    },
    /// A value of `item` is outside what the statement states.
    PastStatement {
        /// The item.
        item: usize,
        /// The grammar with that item unbounded, which reads the value.
        relaxed: Box<Grammar>,
        /// The statement's lower bound.
        lo: Option<BoundSide>,
        /// Its upper bound.
        hi: Option<BoundSide>,
    },
    /// Nothing known: only a disagreement among validators counts.
    Unknown,
}

impl Truth {
    /// What the grammar says of `input`: the refusal it meets, if any.
    pub fn of(grammar: &Grammar, input: &[u8]) -> Truth {
        match read(grammar, input) {
            Err(m) if m.refuses() => Truth::Refused {
                item: m.item,
                refusal: m.refusal,
            },
            _ => Truth::Unknown,
        }
    }

    /// The statement's bound on `item` of `grammar`.
    pub fn past_statement(
        grammar: &Grammar,
        item: usize,
        lo: Option<BoundSide>,
        hi: Option<BoundSide>,
    ) -> Truth {
        Truth::PastStatement {
            item,
            relaxed: Box::new(unbounded(grammar, item)),
            lo,
            hi,
        }
    }

    /// Whether `input` is still invalid for the same reason.
    pub fn holds(&self, grammar: &Grammar, input: &[u8]) -> bool {
        match self {
            Truth::Unknown => true,
            Truth::Refused { item, refusal } => match read(grammar, input) {
                Err(m) => m.item == *item && discriminant(&m.refusal) == discriminant(refusal),
                Ok(_) => false,
            },
            Truth::PastStatement {
                item,
                relaxed,
                lo,
                hi,
            } => match read(relaxed, input) {
                Ok(reading) => reading
                    .values
                    .iter()
                    .filter(|v| v.item == *item)
                    .any(|v| outside(&v.value, *lo, *hi)),
                Err(_) => false,
            },
        }
    }

    /// Whether the candidate is known to be invalid.
    pub fn known(&self) -> bool {
        !matches!(self, Truth::Unknown)
    }
}

/// Whether `value` is outside `[lo, hi]` (each side strict or not).
pub fn outside(value: &Value, lo: Option<BoundSide>, hi: Option<BoundSide>) -> bool {
    let below = |v: f64, side: BoundSide| match (side.value, value) {
        (Num::Int(b), Value::Int(x)) => {
            if side.strict {
                *x <= b
            } else {
                *x < b
            }
        }
        _ => {
            if side.strict {
                v <= side.value.as_f64()
            } else {
                v < side.value.as_f64()
            }
        }
    };
    let above = |v: f64, side: BoundSide| match (side.value, value) {
        (Num::Int(b), Value::Int(x)) => {
            if side.strict {
                *x >= b
            } else {
                *x > b
            }
        }
        _ => {
            if side.strict {
                v >= side.value.as_f64()
            } else {
                v > side.value.as_f64()
            }
        }
    };
    let v = match value {
        Value::Int(x) => *x as f64,
        Value::Float(x) => *x,
        _ => return false,
    };
    lo.is_some_and(|s| below(v, s)) || hi.is_some_and(|s| above(v, s))
}
