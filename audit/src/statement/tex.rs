//! Constraints read out of a statement's TeX: `$1 \le N \le 200\,000$`,
//! `$|a_i| \le 10^9$`, `1 \leq n, m \leq 10^5`, `$-10^{9} \le x_i, y_i \le
//! 10^9$`, `$2 \cdot 10^5$`. Each math segment is split at its relations
//! (`\le`, `\leq`, `<`, `\ge`, `≤`, ...) into terms; a number beside a list
//! of variables bounds each of them. A term that is neither (`i < j`, `n`
//! bounding another variable) bounds nothing: only constants are compared
//! with the validators. A number that cannot be read is an error at its line
//! and column, which the caller says once.

use std::fmt;

/// A number a statement states: exact when integral.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    /// An integer.
    Int(i128),
    /// A real number.
    Real(f64),
}

impl Num {
    /// As a float.
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Int(v) => v as f64,
            Num::Real(v) => v,
        }
    }

    fn neg(self) -> Num {
        match self {
            Num::Int(v) => Num::Int(-v),
            Num::Real(v) => Num::Real(-v),
        }
    }

    fn mul(self, other: Num) -> Num {
        match (self, other) {
            (Num::Int(a), Num::Int(b)) => a
                .checked_mul(b)
                .map_or(Num::Real(a as f64 * b as f64), Num::Int),
            (a, b) => Num::Real(a.as_f64() * b.as_f64()).integral(),
        }
    }

    fn add(self, other: Num) -> Num {
        match (self, other) {
            (Num::Int(a), Num::Int(b)) => a
                .checked_add(b)
                .map_or(Num::Real(a as f64 + b as f64), Num::Int),
            (a, b) => Num::Real(a.as_f64() + b.as_f64()),
        }
    }

    /// A real that is a whole number (`1.5 \cdot 10^5`) as an integer.
    fn integral(self) -> Num {
        match self {
            Num::Real(v) if v.fract() == 0.0 && v.abs() < 1e30 => Num::Int(v as i128),
            other => other,
        }
    }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::Int(v) => write!(f, "{v}"),
            Num::Real(v) => write!(f, "{v}"),
        }
    }
}

/// One side of a bound: the number and whether it is strict (`<`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoundSide {
    /// The number.
    pub value: Num,
    /// `<` or `>` rather than `\le` or `\ge`.
    pub strict: bool,
}

/// What the statement says of one variable.
#[derive(Clone, Debug, PartialEq)]
pub struct StatedBound {
    /// The variable, as the validators would name it: `a_i` is `a`.
    pub var: String,
    /// As written (`a_i`).
    pub written: String,
    /// Its lower bound, if stated.
    pub lo: Option<BoundSide>,
    /// Its upper bound, if stated.
    pub hi: Option<BoundSide>,
    /// The constraint as the statement writes it.
    pub text: String,
    /// Its 1-based line in the file.
    pub line: usize,
}

/// A constraint that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {what}")]
pub struct TexError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What was expected.
    pub what: String,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Rel {
    Less { strict: bool },
    Greater { strict: bool },
}

/// The relations, longest first so `\leq` is not read as `\le`.
const RELATIONS: [(&str, Rel); 14] = [
    ("\\leqslant", Rel::Less { strict: false }),
    ("\\geqslant", Rel::Greater { strict: false }),
    ("\\leq", Rel::Less { strict: false }),
    ("\\geq", Rel::Greater { strict: false }),
    ("\\le", Rel::Less { strict: false }),
    ("\\ge", Rel::Greater { strict: false }),
    ("\\lt", Rel::Less { strict: true }),
    ("\\gt", Rel::Greater { strict: true }),
    ("<=", Rel::Less { strict: false }),
    (">=", Rel::Greater { strict: false }),
    ("≤", Rel::Less { strict: false }),
    ("≥", Rel::Greater { strict: false }),
    ("<", Rel::Less { strict: true }),
    (">", Rel::Greater { strict: true }),
];

/// Every constant bound of `tex` (a statement's input section), with the
/// numbers it could not read.
pub fn bounds(tex: &str) -> (Vec<StatedBound>, Vec<TexError>) {
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for (start, segment) in math_segments(tex) {
        let line = tex[..start].matches('\n').count() + 1;
        let column = start - tex[..start].rfind('\n').map_or(0, |p| p + 1) + 1;
        for chain in chains(segment) {
            read_chain(&chain, segment, line, &mut found)
                .unwrap_or_else(|what| errors.push(TexError { line, column, what }));
        }
    }
    (found, errors)
}

/// The math of `tex` with each segment's byte offset: `$...$`, `$$...$$`,
/// `\(...\)`, `\[...\]`; a text with no math at all is read line by line.
fn math_segments(tex: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut rest = 0;
    let opens = [("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")];
    while rest < tex.len() {
        let next = opens
            .iter()
            .filter_map(|(o, c)| find_unescaped(&tex[rest..], o).map(|at| (rest + at, *o, *c)))
            .min_by_key(|(at, o, _)| (*at, usize::MAX - o.len()));
        let Some((at, open, close)) = next else { break };
        let body = at + open.len();
        let Some(end) = find_unescaped(&tex[body..], close) else {
            break;
        };
        out.push((body, &tex[body..body + end]));
        rest = body + end + close.len();
    }
    if out.is_empty() && !tex.contains('$') {
        let mut offset = 0;
        for line in tex.split_inclusive('\n') {
            out.push((offset, line));
            offset += line.len();
        }
    }
    out
}

fn find_unescaped(text: &str, what: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(what) {
        let at = from + at;
        if at == 0 || !text[..at].ends_with('\\') || what.starts_with('\\') {
            return Some(at);
        }
        from = at + what.len();
    }
    None
}

/// A segment's relation chains: terms and the relations between them. A
/// term `10^5, 1` (one constraint's end, the next one's start) splits the
/// chain, as do `;`, `\quad` and `\text{and}`.
fn chains(segment: &str) -> Vec<Vec<Term>> {
    let mut out = Vec::new();
    for clause in split_clauses(segment) {
        let mut chain: Vec<Term> = Vec::new();
        let mut term = String::new();
        let mut rest = clause.as_str();
        while !rest.is_empty() {
            if let Some((op, rel)) = RELATIONS.iter().find(|(op, _)| rest.starts_with(op)) {
                // `\le` must not be the start of a longer command (`\left`).
                let after = &rest[op.len()..];
                let command_goes_on = op.starts_with('\\')
                    && after
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_alphabetic());
                if !command_goes_on {
                    push_term(&mut chain, &mut out, std::mem::take(&mut term));
                    chain.push(Term::Rel(*rel));
                    rest = after;
                    continue;
                }
            }
            let c = rest.chars().next().expect("not empty");
            term.push(c);
            rest = &rest[c.len_utf8()..];
        }
        push_term(&mut chain, &mut out, term);
        out.push(chain);
    }
    out.retain(|c| c.iter().any(|t| matches!(t, Term::Rel(_))));
    out
}

fn split_clauses(segment: &str) -> Vec<String> {
    let mut text = segment.to_string();
    for sep in [
        "\\qquad",
        "\\quad",
        "\\text{and}",
        "\\text{ and }",
        "\\textrm{ and }",
        ";",
    ] {
        text = text.replace(sep, "\u{0}");
    }
    text.split('\u{0}').map(str::to_string).collect()
}

#[derive(Clone, Debug)]
enum Term {
    Text(String),
    Rel(Rel),
}

/// Adds `term` to `chain`; a term of a number then more (`10^5, 1 `) ends
/// the chain with the number and starts the next with the rest.
fn push_term(chain: &mut Vec<Term>, out: &mut Vec<Vec<Term>>, term: String) {
    let cleaned = clean(&term);
    if let Some((first, rest)) = cleaned.split_once(',') {
        if matches!(number(first), Ok(Some(_))) && !rest.trim().is_empty() && !is_digit_group(rest)
        {
            chain.push(Term::Text(first.to_string()));
            out.push(std::mem::take(chain));
            chain.push(Term::Text(rest.to_string()));
            return;
        }
    }
    chain.push(Term::Text(cleaned));
}

/// Whether `rest` (after a comma) is a thousands group: `000`.
fn is_digit_group(rest: &str) -> bool {
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.len() == 3 && !rest[3..].starts_with(|c: char| c.is_ascii_digit())
}

/// A term without the TeX that does not change its meaning.
fn clean(term: &str) -> String {
    let mut t = term.to_string();
    for wrapper in [
        "\\mathit",
        "\\mathrm",
        "\\mathbf",
        "\\textit",
        "\\text",
        "\\texttt",
        "\\operatorname",
    ] {
        t = t.replace(wrapper, "");
    }
    for (from, to) in [
        ("\\left|", "|"),
        ("\\right|", "|"),
        ("\\lvert", "|"),
        ("\\rvert", "|"),
        ("\\vert", "|"),
        ("\\mid", "|"),
        ("{,}", ""),
        ("\\,", ""),
        ("\\ ", ""),
        ("\\!", ""),
        ("~", ""),
        ("\\cdots", "\\ldots"),
        ("\\dots", "\\ldots"),
        ("…", "\\ldots"),
        ("\\times", "\\cdot"),
        ("×", "\\cdot"),
        ("·", "\\cdot"),
        ("−", "-"),
        ("\\displaystyle", ""),
    ] {
        t = t.replace(from, to);
    }
    t.trim().trim_end_matches([',', '.']).trim().to_string()
}

fn read_chain(
    chain: &[Term],
    segment: &str,
    line: usize,
    found: &mut Vec<StatedBound>,
) -> Result<(), String> {
    let text = segment.trim().to_string();
    for window in chain.windows(3) {
        let [Term::Text(left), Term::Rel(rel), Term::Text(right)] = window else {
            continue;
        };
        let (number_left, vars_left) = (number(left)?, variables(left));
        let (number_right, vars_right) = (number(right)?, variables(right));
        let (value, vars, number_is_lower) =
            match (number_left, vars_right, number_right, vars_left) {
                (Some(n), Some(vars), _, _) => (n, vars, matches!(rel, Rel::Less { .. })),
                (_, _, Some(n), Some(vars)) => (n, vars, matches!(rel, Rel::Greater { .. })),
                _ => continue,
            };
        let strict = matches!(
            rel,
            Rel::Less { strict: true } | Rel::Greater { strict: true }
        );
        for (var, written, absolute) in vars {
            let side = BoundSide { value, strict };
            let (lo, hi) = match (absolute, number_is_lower) {
                (true, false) => (
                    Some(BoundSide {
                        value: value.neg(),
                        strict,
                    }),
                    Some(side),
                ),
                (true, true) => continue,
                (false, true) => (Some(side), None),
                (false, false) => (None, Some(side)),
            };
            merge(
                found,
                StatedBound {
                    var,
                    written,
                    lo,
                    hi,
                    text: text.clone(),
                    line,
                },
            );
        }
    }
    Ok(())
}

/// Keeps one bound per variable and constraint text, both sides together.
fn merge(found: &mut Vec<StatedBound>, new: StatedBound) {
    match found
        .iter_mut()
        .find(|b| b.var == new.var && b.text == new.text)
    {
        Some(b) => {
            b.lo = b.lo.or(new.lo);
            b.hi = b.hi.or(new.hi);
        }
        None => found.push(new),
    }
}

/// The variables of a term: `n, m`, `a_i`, `a_1, a_2, \ldots, a_n`,
/// `|a_i|` (absolute: true), each by its name, as written; `None` when the
/// term is anything else.
fn variables(term: &str) -> Option<Vec<(String, String, bool)>> {
    let mut out: Vec<(String, String, bool)> = Vec::new();
    for part in term
        .split(',')
        .map(str::trim)
        .filter(|p| *p != "\\ldots" && *p != "...")
    {
        let (inner, absolute) = match part.strip_prefix('|').and_then(|p| p.strip_suffix('|')) {
            Some(inner) => (inner.trim(), true),
            None => (part, false),
        };
        let name = variable_name(inner)?;
        if !out.iter().any(|(n, _, _)| *n == name) {
            out.push((name, inner.to_string(), absolute));
        }
    }
    (!out.is_empty()).then_some(out)
}

/// `a_i`, `a_{i,j}`, `N`, `len`, `s_i'`: the name before any subscript.
fn variable_name(text: &str) -> Option<String> {
    let text = text.trim().trim_start_matches('{').trim_end_matches('}');
    let name: String = text
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let rest = &text[name.len()..];
    let rest_fine = rest.is_empty()
        || rest.starts_with('_')
            && rest[1..]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "{},'+-".contains(c));
    (!name.is_empty() && rest_fine && name.len() <= 12).then_some(name)
}

/// A number term: `200\,000` (already cleaned), `10^9`, `10^{18}`, `2 \cdot
/// 10^5`, `-10^9`, `2^{31}-1`, `1.5`; `Ok(None)` when the term is no
/// number; `Err` when it starts like one but does not read.
fn number(term: &str) -> Result<Option<Num>, String> {
    let t: String = term.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.trim_matches(|c| c == '{' || c == '}');
    if t.is_empty() || !t.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
        return Ok(None);
    }
    let (negative, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t),
    };
    if !body.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok(None);
    }
    let (product, offset) = match outside_braces(body, &['+', '-']) {
        Some(at) if at > 0 => (&body[..at], Some(&body[at..])),
        _ => (body, None),
    };
    let mut value = Num::Int(1);
    for factor in product.split("\\cdot").flat_map(|f| f.split('*')) {
        value = value
            .mul(power(factor).ok_or_else(|| format!("{term:?} is not a number jurybox reads"))?);
    }
    if let Some(offset) = offset {
        let plain = offset[1..]
            .parse::<i128>()
            .map_err(|_| format!("{term:?} is not a number jurybox reads"))?;
        value = value.add(Num::Int(if offset.starts_with('-') {
            -plain
        } else {
            plain
        }));
    }
    Ok(Some(if negative { value.neg() } else { value }))
}

/// `10^9`, `10^{18}`, `200000`, `1,000,000`, `1.5`.
fn power(factor: &str) -> Option<Num> {
    let (base, exponent) = match factor.split_once('^') {
        Some((b, e)) => (b, Some(e.trim_matches(|c| c == '{' || c == '}'))),
        None => (factor, None),
    };
    let base = base.trim_matches(|c| c == '{' || c == '}');
    let grouped = base.contains(',');
    let base_digits = base.replace(',', "");
    if grouped && !base.split(',').skip(1).all(|g| g.len() == 3) {
        return None;
    }
    let base = if base_digits.contains('.') {
        Num::Real(base_digits.parse().ok()?)
    } else {
        Num::Int(base_digits.parse().ok()?)
    };
    match exponent {
        None => Some(base),
        Some(e) => {
            let e: u32 = e.parse().ok().filter(|&e| e <= 36)?;
            let mut value = Num::Int(1);
            for _ in 0..e {
                value = value.mul(base);
            }
            Some(value)
        }
    }
}

/// The first of `chars` in `text` outside braces.
fn outside_braces(text: &str, chars: &[char]) -> Option<usize> {
    let mut depth = 0i32;
    for (at, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            c if depth == 0 && chars.contains(&c) => return Some(at),
            _ => {}
        }
    }
    None
}
