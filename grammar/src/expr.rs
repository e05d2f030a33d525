//! Expressions over the values read so far, the variables they are stored in
//! ([`Variable`]), and the environment that holds them.
//!
//! checktestdata's expression language (integers, floats, strings, arrays,
//! `+ - * / % ^`, comparisons, `! && ||`, `STRLEN`, `UNIQUE`, `INARRAY`,
//! and the two that look at the input, `MATCH` and `ISEOF`), which also holds
//! what a recording finds (`n`, `n - 1`). Integers are `i128`: a value
//! checktestdata would hold as a big integer is an evaluation error here, and
//! an input that needs one is not made.

use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// A variable a value is stored in: `n`, or an array element `a[i]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// The variable's name.
    pub var: String,
    /// Index expressions (empty for a scalar).
    pub index: Vec<Expr>,
}

impl Variable {
    /// A scalar variable.
    pub fn scalar(var: impl Into<String>) -> Self {
        Variable {
            var: var.into(),
            index: Vec::new(),
        }
    }
}

impl fmt::Display for Variable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.var)?;
        if !self.index.is_empty() {
            f.write_str("[")?;
            for (i, e) in self.index.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{e}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

/// A value read or computed.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// An integer.
    Int(i128),
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// A truth value (a test's result).
    Bool(bool),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Float(v) => write!(f, "{v}"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::Bool(b) => write!(f, "{b}"),
        }
    }
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (integer division on integers, truncating as C and GMP do)
    Div,
    /// `%`
    Rem,
    /// `^` (a non-negative integer exponent)
    Pow,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `&&`
    And,
    /// `||`
    Or,
}

impl BinOp {
    fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Pow => "^",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::And => "&&",
            BinOp::Or => "||",
        }
    }
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A constant.
    Const(Value),
    /// A variable or array element.
    Var(Box<Variable>),
    /// `-e`
    Neg(Box<Expr>),
    /// `!e`
    Not(Box<Expr>),
    /// `a op b`
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `STRLEN(e)`
    Strlen(Box<Expr>),
    /// `UNIQUE(a, b, ...)`: the tuples of the arrays at their common indices
    /// are distinct.
    Unique(Vec<String>),
    /// `INARRAY(v, a)`
    InArray(Box<Expr>, String),
    /// `MATCH(chars)`: the next input character is one of `chars`.
    Match(Box<Expr>),
    /// `ISEOF`: the input is at its end.
    IsEof,
}

impl Expr {
    /// An integer constant.
    pub fn int(v: i128) -> Self {
        Expr::Const(Value::Int(v))
    }

    /// A scalar variable.
    pub fn var(name: impl Into<String>) -> Self {
        Expr::Var(Box::new(Variable::scalar(name)))
    }

    /// `a op b`.
    pub fn bin(op: BinOp, a: Expr, b: Expr) -> Self {
        Expr::Bin(op, Box::new(a), Box::new(b))
    }

    /// `self + c`, written without a `+ 0`.
    pub fn plus(self, c: i128) -> Self {
        match c {
            0 => self,
            c if c > 0 => Expr::bin(BinOp::Add, self, Expr::int(c)),
            c => Expr::bin(BinOp::Sub, self, Expr::int(-c)),
        }
    }

    /// The constant integer this is, if it is one.
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Expr::Const(Value::Int(v)) => Some(*v),
            Expr::Neg(e) => e.as_int().and_then(i128::checked_neg),
            _ => None,
        }
    }

    /// Every variable name this expression reads.
    pub fn variables(&self, out: &mut Vec<String>) {
        match self {
            Expr::Const(_) | Expr::IsEof => {}
            Expr::Var(t) => {
                out.push(t.var.clone());
                for e in &t.index {
                    e.variables(out);
                }
            }
            Expr::Neg(e) | Expr::Not(e) | Expr::Strlen(e) | Expr::Match(e) => e.variables(out),
            Expr::Bin(_, a, b) => {
                a.variables(out);
                b.variables(out);
            }
            Expr::Unique(names) => out.extend(names.iter().cloned()),
            Expr::InArray(e, name) => {
                e.variables(out);
                out.push(name.clone());
            }
        }
    }

    /// Whether evaluating it looks at the input (`MATCH`, `ISEOF`).
    pub fn peeks(&self) -> bool {
        match self {
            Expr::Match(_) | Expr::IsEof => true,
            Expr::Const(_) | Expr::Var(_) | Expr::Unique(_) => false,
            Expr::Neg(e) | Expr::Not(e) | Expr::Strlen(e) | Expr::InArray(e, _) => e.peeks(),
            Expr::Bin(_, a, b) => a.peeks() || b.peeks(),
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Const(v) => write!(f, "{v}"),
            Expr::Var(t) => write!(f, "{t}"),
            Expr::Neg(e) => write!(f, "-{e}"),
            Expr::Not(e) => write!(f, "!{e}"),
            Expr::Bin(op, a, b) => {
                let side = |e: &Expr| match e {
                    Expr::Bin(..) => format!("({e})"),
                    _ => e.to_string(),
                };
                write!(f, "{} {} {}", side(a), op.symbol(), side(b))
            }
            Expr::Strlen(e) => write!(f, "STRLEN({e})"),
            Expr::Unique(v) => write!(f, "UNIQUE({})", v.join(",")),
            Expr::InArray(e, a) => write!(f, "INARRAY({e},{a})"),
            Expr::Match(e) => write!(f, "MATCH({e})"),
            Expr::IsEof => f.write_str("ISEOF"),
        }
    }
}

/// Why an expression has no value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// A variable read before it was set.
    #[error("variable {0} is not set")]
    Unset(String),
    /// Operands of the wrong types.
    #[error("{0}")]
    Type(String),
    /// An integer outside what jurybox holds (i128), or a division by zero.
    #[error("arithmetic: {0}")]
    Arithmetic(&'static str),
}

/// A variable's content: one value, or an array indexed by integer tuples.
#[derive(Clone, Debug, PartialEq)]
enum Slot {
    Scalar(Value),
    Array(BTreeMap<Vec<i128>, Value>),
}

/// The values read or set so far.
#[derive(Clone, Debug, Default)]
pub struct Env {
    vars: HashMap<String, Slot>,
}

/// What an expression that looks at the input asks of whoever makes it.
pub trait Peek {
    /// Whether the next character is one of `chars`.
    fn next_in(&mut self, chars: &str) -> bool;
    /// Whether the input ends here.
    fn at_eof(&mut self) -> bool;
}

/// An input that cannot be looked at: `MATCH` and `ISEOF` are errors.
pub struct NoPeek;

impl Peek for NoPeek {
    fn next_in(&mut self, _: &str) -> bool {
        false
    }
    fn at_eof(&mut self) -> bool {
        false
    }
}

impl Env {
    /// An empty environment.
    pub fn new() -> Self {
        Env::default()
    }

    /// Stores `value` in `target` (its index evaluated here).
    pub fn assign(&mut self, target: &Variable, value: Value) -> Result<(), EvalError> {
        if target.index.is_empty() {
            self.vars.insert(target.var.clone(), Slot::Scalar(value));
            return Ok(());
        }
        let key = self.index(target)?;
        match self.vars.get_mut(&target.var) {
            Some(Slot::Array(map)) => {
                map.insert(key, value);
            }
            _ => {
                let mut map = BTreeMap::new();
                map.insert(key, value);
                self.vars.insert(target.var.clone(), Slot::Array(map));
            }
        }
        Ok(())
    }

    /// Sets a scalar integer (a loop's index).
    pub fn set_int(&mut self, var: &str, v: i128) {
        self.vars
            .insert(var.to_string(), Slot::Scalar(Value::Int(v)));
    }

    /// Forgets a variable and every element of it.
    pub fn unset(&mut self, var: &str) {
        self.vars.remove(var);
    }

    /// The value of a scalar variable, if set.
    pub fn get(&self, var: &str) -> Option<&Value> {
        match self.vars.get(var) {
            Some(Slot::Scalar(v)) => Some(v),
            _ => None,
        }
    }

    fn index(&self, target: &Variable) -> Result<Vec<i128>, EvalError> {
        target
            .index
            .iter()
            .map(|e| match self.eval(e, &mut NoPeek)? {
                Value::Int(v) => Ok(v),
                other => Err(EvalError::Type(format!(
                    "index {other} of {} is not an integer",
                    target.var
                ))),
            })
            .collect()
    }

    fn array(&self, var: &str) -> Result<&BTreeMap<Vec<i128>, Value>, EvalError> {
        match self.vars.get(var) {
            Some(Slot::Array(map)) => Ok(map),
            Some(Slot::Scalar(_)) => Err(EvalError::Type(format!("{var} is not an array"))),
            None => Err(EvalError::Unset(var.to_string())),
        }
    }

    /// The value of `e`, asking `peek` when it looks at the input.
    pub fn eval(&self, e: &Expr, peek: &mut dyn Peek) -> Result<Value, EvalError> {
        Ok(match e {
            Expr::Const(v) => v.clone(),
            Expr::Var(t) => {
                if t.index.is_empty() {
                    match self.vars.get(&t.var) {
                        Some(Slot::Scalar(v)) => v.clone(),
                        Some(Slot::Array(_)) => {
                            return Err(EvalError::Type(format!("{} is an array", t.var)))
                        }
                        None => return Err(EvalError::Unset(t.var.clone())),
                    }
                } else {
                    let key = self.index(t)?;
                    self.array(&t.var)?
                        .get(&key)
                        .cloned()
                        .ok_or_else(|| EvalError::Unset(t.to_string()))?
                }
            }
            Expr::Neg(e) => match self.eval(e, peek)? {
                Value::Int(v) => {
                    Value::Int(v.checked_neg().ok_or(EvalError::Arithmetic("overflow"))?)
                }
                Value::Float(v) => Value::Float(-v),
                other => return Err(EvalError::Type(format!("cannot negate {other}"))),
            },
            Expr::Not(e) => Value::Bool(!self.truth(e, peek)?),
            Expr::Bin(BinOp::And, a, b) => {
                Value::Bool(self.truth(a, peek)? && self.truth(b, peek)?)
            }
            Expr::Bin(BinOp::Or, a, b) => Value::Bool(self.truth(a, peek)? || self.truth(b, peek)?),
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.eval(a, peek)?, self.eval(b, peek)?);
                binary(*op, a, b)?
            }
            Expr::Strlen(e) => match self.eval(e, peek)? {
                Value::Str(s) => Value::Int(s.chars().count() as i128),
                other => return Err(EvalError::Type(format!("STRLEN of {other}"))),
            },
            Expr::Unique(names) => Value::Bool(self.unique(names)?),
            Expr::InArray(e, name) => {
                let v = self.eval(e, peek)?;
                Value::Bool(self.array(name)?.values().any(|x| equal(x, &v)))
            }
            Expr::Match(e) => match self.eval(e, peek)? {
                Value::Str(s) => Value::Bool(peek.next_in(&s)),
                other => return Err(EvalError::Type(format!("MATCH of {other}"))),
            },
            Expr::IsEof => Value::Bool(peek.at_eof()),
        })
    }

    /// `e` as a truth value.
    pub fn truth(&self, e: &Expr, peek: &mut dyn Peek) -> Result<bool, EvalError> {
        match self.eval(e, peek)? {
            Value::Bool(b) => Ok(b),
            other => Err(EvalError::Type(format!("{other} is not a test"))),
        }
    }

    /// `e` as an integer.
    pub fn int(&self, e: &Expr) -> Result<i128, EvalError> {
        match self.eval(e, &mut NoPeek)? {
            Value::Int(v) => Ok(v),
            other => Err(EvalError::Type(format!("{other} is not an integer"))),
        }
    }

    /// `e` as a number (an integer cast to a float).
    pub fn float(&self, e: &Expr) -> Result<f64, EvalError> {
        match self.eval(e, &mut NoPeek)? {
            Value::Int(v) => Ok(v as f64),
            Value::Float(v) => Ok(v),
            other => Err(EvalError::Type(format!("{other} is not a number"))),
        }
    }

    fn unique(&self, names: &[String]) -> Result<bool, EvalError> {
        // No value read yet (a repetition of none): nothing repeats.
        if names.iter().all(|n| !self.vars.contains_key(n)) {
            return Ok(true);
        }
        let arrays: Vec<&BTreeMap<Vec<i128>, Value>> = names
            .iter()
            .map(|n| self.array(n))
            .collect::<Result<_, _>>()?;
        let first = arrays[0];
        if arrays
            .iter()
            .any(|a| a.len() != first.len() || a.keys().ne(first.keys()))
        {
            return Err(EvalError::Type(format!(
                "UNIQUE({}) over different indices",
                names.join(",")
            )));
        }
        let mut seen: Vec<Vec<Key<'_>>> = first
            .keys()
            .map(|k| arrays.iter().map(|a| Key::of(&a[k])).collect())
            .collect();
        seen.sort_unstable();
        Ok(seen.windows(2).all(|w| w[0] != w[1]))
    }
}

/// A value as a totally ordered key, for UNIQUE's sort.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key<'a> {
    Int(i128),
    Float(u64),
    Str(&'a str),
    Bool(bool),
}

impl<'a> Key<'a> {
    fn of(v: &'a Value) -> Self {
        match v {
            // An integral float equals the integer (checktestdata casts).
            Value::Float(f) if f.fract() == 0.0 && f.abs() < 1e30 => Key::Int(*f as i128),
            Value::Int(i) => Key::Int(*i),
            Value::Float(f) => Key::Float(f.to_bits()),
            Value::Str(s) => Key::Str(s),
            Value::Bool(b) => Key::Bool(*b),
        }
    }
}

fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Int(x), Value::Float(y)) | (Value::Float(y), Value::Int(x)) => (*x as f64) == *y,
        _ => a == b,
    }
}

fn binary(op: BinOp, a: Value, b: Value) -> Result<Value, EvalError> {
    use BinOp::*;
    let overflow = EvalError::Arithmetic("overflow");
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Ok(match op {
            Add => Value::Int(x.checked_add(y).ok_or(overflow)?),
            Sub => Value::Int(x.checked_sub(y).ok_or(overflow)?),
            Mul => Value::Int(x.checked_mul(y).ok_or(overflow)?),
            Div => Value::Int(
                x.checked_div(y)
                    .ok_or(EvalError::Arithmetic("division by zero"))?,
            ),
            Rem => Value::Int(
                x.checked_rem(y)
                    .ok_or(EvalError::Arithmetic("division by zero"))?,
            ),
            Pow => {
                let e = u32::try_from(y).map_err(|_| EvalError::Arithmetic("exponent"))?;
                Value::Int(x.checked_pow(e).ok_or(overflow)?)
            }
            Lt => Value::Bool(x < y),
            Le => Value::Bool(x <= y),
            Gt => Value::Bool(x > y),
            Ge => Value::Bool(x >= y),
            Eq => Value::Bool(x == y),
            Ne => Value::Bool(x != y),
            And | Or => return Err(EvalError::Type("&& and || take tests".into())),
        }),
        (Value::Str(x), Value::Str(y)) => Ok(Value::Bool(match op {
            Lt => x < y,
            Le => x <= y,
            Gt => x > y,
            Ge => x >= y,
            Eq => x == y,
            Ne => x != y,
            _ => return Err(EvalError::Type(format!("no {} on strings", op.symbol()))),
        })),
        (Value::Bool(x), Value::Bool(y)) => Ok(Value::Bool(match op {
            Eq => x == y,
            Ne => x != y,
            _ => return Err(EvalError::Type(format!("no {} on tests", op.symbol()))),
        })),
        (x, y) => {
            let num = |v: &Value| match v {
                Value::Int(i) => Some(*i as f64),
                Value::Float(f) => Some(*f),
                _ => None,
            };
            let (Some(x), Some(y)) = (num(&x), num(&y)) else {
                return Err(EvalError::Type(format!(
                    "no {} on {x} and {y}",
                    op.symbol()
                )));
            };
            Ok(match op {
                Add => Value::Float(x + y),
                Sub => Value::Float(x - y),
                Mul => Value::Float(x * y),
                Div => Value::Float(x / y),
                Rem => Value::Float(x % y),
                Pow => Value::Float(x.powf(y)),
                Lt => Value::Bool(x < y),
                Le => Value::Bool(x <= y),
                Gt => Value::Bool(x > y),
                Ge => Value::Bool(x >= y),
                Eq => Value::Bool(x == y),
                Ne => Value::Bool(x != y),
                And | Or => return Err(EvalError::Type("&& and || take tests".into())),
            })
        }
    }
}
