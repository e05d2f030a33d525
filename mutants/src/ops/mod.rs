//! The mutation operators, one file each. Each reads the analysed [`Code`] and
//! pushes [`Edit`]s; `mutants` then drops those that touch an opaque span or
//! repeat another, and orders them.

mod arithmetic;
mod condition;
mod constant;
mod logical;
mod loop_bound;
mod narrower_type;
mod relational;
mod variable_swap;

use crate::code::Code;
use crate::Operator;

/// One edit before it is located by line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Edit {
    pub operator: Operator,
    pub start: usize,
    pub end: usize,
    pub replacement: String,
}

impl Edit {
    /// Token `i` replaced by `replacement`.
    fn token(code: &Code, i: usize, operator: Operator, replacement: impl Into<String>) -> Edit {
        Edit {
            operator,
            start: code.tokens[i].start,
            end: code.tokens[i].end,
            replacement: replacement.into(),
        }
    }

    /// Tokens `first..=last` replaced by `replacement`.
    fn tokens(
        code: &Code,
        first: usize,
        last: usize,
        operator: Operator,
        replacement: impl Into<String>,
    ) -> Edit {
        let (start, end) = code.range(first, last);
        Edit {
            operator,
            start,
            end,
            replacement: replacement.into(),
        }
    }
}

/// Every operator's edits, unfiltered and unordered.
pub(crate) fn all_edits(code: &Code) -> Vec<Edit> {
    let mut edits = Vec::new();
    relational::find(code, &mut edits);
    constant::find(code, &mut edits);
    arithmetic::find(code, &mut edits);
    logical::find(code, &mut edits);
    if code.language.is_c_family() {
        narrower_type::find(code, &mut edits);
    }
    loop_bound::find(code, &mut edits);
    variable_swap::find(code, &mut edits);
    edits
}
