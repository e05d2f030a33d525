//! Variable swap: a use of a variable replaced by another declared with it.
//!
//! Variables declared in one statement (`int D, S, N;`, `vector<int> a, b;`,
//! Python's `d, s, n = map(int, input().split())`) have one type and usually
//! related meanings: two dimensions, two ends, two counts. Confusing them is a
//! bug that survives every test where they are equal or symmetric (a tetris3d
//! solution reading `y <= D` where it meant `y <= S` passed a whole suite), and
//! this operator is how a mutation run finds such a gap. The mutant compiles
//! whenever the declaration is in scope, so the operator only looks after the
//! declaration and until its block ends (C: the enclosing braces; Python: the
//! first line indented less than the statement).
//!
//! In C and C++ a declarator with `*`, `&` or `[...]` has a type of its own:
//! only names with the same declarator shape are swapped (`int *p, *q`, `int
//! a[N], b[N]`). Member accesses (`.x`, `->x`, `::x`) and calls (`f(...)`) of a
//! name are other entities and are left alone, as are Python keyword arguments
//! (`f(end=...)`) and attributes.

use super::Edit;
use crate::code::Code;
use crate::lex::Kind;
use crate::templates::template_close;
use crate::words::{BUILTIN_TYPE_WORDS, DECLARATION_QUALIFIERS};
use crate::{Operator, Syntax};

/// The names declared together with one shape, and where their scope is.
struct Group<'a> {
    names: Vec<&'a str>,
    /// The first token after the declaring statement.
    from: usize,
    /// One past the last token of the scope.
    to: usize,
}

pub(super) fn find(code: &Code, out: &mut Vec<Edit>) {
    let groups = match code.language {
        Syntax::C | Syntax::Cpp => c_groups(code),
        Syntax::Python => python_groups(code),
    };
    for group in groups {
        for k in group.from..group.to {
            if !is_use(code, k) {
                continue;
            }
            let name = code.text(k);
            if !group.names.contains(&name) {
                continue;
            }
            for other in group.names.iter().filter(|&&other| other != name) {
                out.push(Edit::token(code, k, Operator::VariableSwap, *other));
            }
        }
    }
}

/// Whether token `k` is a use of a variable (not a member, call or keyword
/// argument).
fn is_use(code: &Code, k: usize) -> bool {
    if !code.is_name(k) {
        return false;
    }
    let after_access =
        k > 0 && (code.is(k - 1, ".") || code.is(k - 1, "->") || code.is(k - 1, "::"));
    let before_call = code.is(k + 1, "(") || code.is(k + 1, "::");
    let keyword_argument =
        code.language == Syntax::Python && code.depth[k] > 0 && code.is(k + 1, "=");
    !after_access && !before_call && !keyword_argument
}

/// Every C or C++ declaration of two or more names of one shape.
fn c_groups<'a>(code: &Code<'a>) -> Vec<Group<'a>> {
    let mut groups = Vec::new();
    for s in 0..code.len() {
        if !starts_statement(code, s) {
            continue;
        }
        let Some((declarators, semicolon)) = c_declaration(code, s) else {
            continue;
        };
        let to = enclosing_block_end(code, s);
        let mut shapes: Vec<&String> = declarators.iter().map(|(_, shape)| shape).collect();
        shapes.sort();
        shapes.dedup();
        for shape in shapes {
            let mut names: Vec<&str> = declarators
                .iter()
                .filter(|(_, s)| s == shape)
                .map(|&(name, _)| code.text(name))
                .collect();
            names.dedup();
            if names.len() >= 2 {
                groups.push(Group {
                    names,
                    from: semicolon + 1,
                    to,
                });
            }
        }
    }
    groups
}

/// Whether a C statement may start at token `s`.
fn starts_statement(code: &Code, s: usize) -> bool {
    if s == 0 {
        return true;
    }
    let p = s - 1;
    code.is(p, ";")
        || code.is(p, "{")
        || code.is(p, "}")
        || (code.is(p, "(") && p > 0 && code.is(p - 1, "for"))
        || (code.is(p, ":")
            && p > 0
            && ["public", "private", "protected"]
                .iter()
                .any(|w| code.is(p - 1, w)))
}

/// A declaration at `s`: its declarators (name token and shape) and its `;`.
fn c_declaration(code: &Code, s: usize) -> Option<(Vec<(usize, String)>, usize)> {
    let mut k = s;
    while DECLARATION_QUALIFIERS.iter().any(|q| code.is(k, q)) {
        k += 1;
    }
    k = c_type_end(code, k)?;
    while code.is(k, "const") {
        k += 1;
    }
    let mut declarators = Vec::new();
    loop {
        let mut shape = String::new();
        while ["*", "&", "&&", "const"].iter().any(|p| code.is(k, p)) {
            shape.push_str(code.text(k));
            k += 1;
        }
        if !code.is_name(k) {
            return None;
        }
        let name = k;
        k += 1;
        while code.is(k, "[") {
            let close = code.partner[k]?;
            shape.extend((k..=close).map(|m| code.text(m)));
            k = close + 1;
        }
        if code.is(k, "(") {
            let close = code.partner[k]?;
            let function = close == k + 1
                || BUILTIN_TYPE_WORDS.contains(&code.text(k + 1))
                || ["{", "const", "->", "override", "noexcept"]
                    .iter()
                    .any(|w| code.is(close + 1, w));
            if function {
                return None;
            }
            k = close + 1;
        } else if code.is(k, "=") {
            k = initializer_end(code, k + 1)?;
        } else if code.is(k, "{") {
            k = code.partner[k]? + 1;
        }
        declarators.push((name, shape));
        if code.is(k, ",") {
            k += 1;
        } else if code.is(k, ";") {
            return Some((declarators, k));
        } else {
            return None;
        }
    }
}

/// After a declaration's type starting at `k` (`long long`, `std::vector<int>`,
/// `Point`): the next token.
fn c_type_end(code: &Code, mut k: usize) -> Option<usize> {
    if BUILTIN_TYPE_WORDS.iter().any(|w| code.is(k, w)) {
        while BUILTIN_TYPE_WORDS.iter().any(|w| code.is(k, w)) {
            k += 1;
        }
        return Some(k);
    }
    loop {
        if !code.is_name(k) {
            return None;
        }
        k += 1;
        if code.language == Syntax::Cpp && code.is(k, "<") {
            k = template_close(code, k)? + 1;
        }
        if !code.is(k, "::") {
            return Some(k);
        }
        k += 1;
    }
}

/// The `,` or `;` ending an initializer that starts at `k`.
fn initializer_end(code: &Code, mut k: usize) -> Option<usize> {
    while k < code.len() {
        match code.text(k) {
            "," | ";" if code.tokens[k].kind == Kind::Punct => return Some(k),
            "(" | "[" | "{" if code.tokens[k].kind == Kind::Punct => k = code.partner[k]? + 1,
            ")" | "]" | "}" if code.tokens[k].kind == Kind::Punct => return None,
            _ => k += 1,
        }
    }
    None
}

/// One past the `}` closing the block around token `s` (the end of the source
/// for a global declaration).
fn enclosing_block_end(code: &Code, s: usize) -> usize {
    let mut k = s;
    while k > 0 {
        k -= 1;
        match (code.text(k), code.partner[k]) {
            ("}" | ")" | "]", Some(open)) => k = open,
            ("{", Some(close)) => return close + 1,
            ("{", None) => return code.len(),
            _ => {}
        }
    }
    code.len()
}

/// Every Python tuple assignment `a, b, ... = ...` at the start of a logical line.
fn python_groups<'a>(code: &Code<'a>) -> Vec<Group<'a>> {
    let mut groups = Vec::new();
    for s in 0..code.len() {
        let line_start = s == 0 || code.kind_is(s - 1, Kind::Newline) || code.is(s - 1, ";");
        if !line_start {
            continue;
        }
        let Some((names, equals)) = python_targets(code, s) else {
            continue;
        };
        let statement_end = (equals..code.len())
            .find(|&k| code.kind_is(k, Kind::Newline) || code.is(k, ";"))
            .unwrap_or(code.len());
        groups.push(Group {
            names,
            from: statement_end,
            to: python_block_end(code, s, statement_end),
        });
    }
    groups
}

/// The names `a, b, ...` of a tuple assignment at `s`, and its `=`.
fn python_targets<'a>(code: &Code<'a>, s: usize) -> Option<(Vec<&'a str>, usize)> {
    let mut names = Vec::new();
    let mut k = s;
    loop {
        if !code.is_name(k) {
            return None;
        }
        names.push(code.text(k));
        k += 1;
        if code.is(k, "=") {
            break;
        }
        if !code.is(k, ",") {
            return None;
        }
        k += 1;
        if code.is(k, "=") {
            break;
        }
    }
    let mut distinct = names.clone();
    distinct.sort_unstable();
    distinct.dedup();
    (distinct.len() >= 2 && distinct.len() == names.len()).then_some((names, k))
}

/// One past the last token of the block the statement at `s` is in: before the
/// first later line indented less.
fn python_block_end(code: &Code, s: usize, from: usize) -> usize {
    let indent = column(code, s);
    (from..code.len())
        .find(|&k| {
            k > 0
                && code.kind_is(k - 1, Kind::Newline)
                && !code.kind_is(k, Kind::Newline)
                && column(code, k) < indent
        })
        .unwrap_or(code.len())
}

/// The byte column (0-based) of token `k` in its line.
fn column(code: &Code, k: usize) -> usize {
    let start = code.tokens[k].start;
    start - code.source[..start].rfind('\n').map_or(0, |n| n + 1)
}
