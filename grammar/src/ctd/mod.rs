//! A checktestdata script read as a grammar.
//!
//! checktestdata (DOMjudge's `doc/format-spec.md`) is a reading language: each
//! command reads a token and checks it, so the script *is* the input's grammar.
//! This module parses it (commands, expressions with checktestdata's
//! precedence: `^` over unary minus over `* / %` over `+ -` over comparisons
//! over `!` over `&&` over `||`) straight into [`Item`]s. A command that reads
//! what the model cannot make (a `STRING` or `REGEX` of a variable, an
//! unreadable pattern) becomes an [`ItemKind::Opaque`] naming the command and
//! its line; a script that is not checktestdata is a [`ParseError`] at its
//! line and column.
//!
//! Time: one pass over the tokens, O(script).

mod lex;
mod tie;

use jurybox_core::error::{ParseError, Position};

use crate::expr::Variable;
use crate::expr::{BinOp, Expr, Value};
use crate::model::{FloatFormat, Grammar, GrammarOrigin, Item, ItemKind, Site, TextShape, Trust};
use crate::pattern::Pattern;
use lex::{Spanned, Tok};

/// Most decimals a made float gets when the script allows any number.
pub const OPEN_DECIMALS: u32 = 9;

/// The grammar of a checktestdata script.
pub fn parse(script: &str) -> Result<Grammar, ParseError> {
    let tokens = lex::tokens(script)?;
    // Where the script ends, for "found the end of the script".
    let end = Position {
        line: script.matches('\n').count() + 1,
        column: script.rsplit('\n').next().map_or(0, str::len) + 1,
    };
    let mut p = Parser {
        tokens,
        pos: 0,
        end,
    };
    let mut items = p.commands(0)?;
    if let Some(t) = p.tokens.get(p.pos) {
        return Err(ParseError::new(
            t.at,
            format!("expected a command, found {}", describe(&t.tok)),
        ));
    }
    let site = site(p.end);
    items.push(Item {
        site,
        kind: ItemKind::Eof,
    });
    Ok(Grammar {
        source: GrammarOrigin::Checktestdata,
        items,
    })
}

fn site(at: Position) -> Site {
    Site::Script {
        line: at.line as u32,
        column: at.column as u32,
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Keyword(k) => k.clone(),
        Tok::Name(n) => format!("variable {n}"),
        Tok::Int(v) => v.to_string(),
        Tok::Float(v) => v.to_string(),
        Tok::Str(s) => format!("{s:?}"),
        Tok::Punct(p) => format!("'{p}'"),
    }
}

struct Parser {
    tokens: Vec<Spanned>,
    pos: usize,
    end: Position,
}

/// Binary operators and their precedence, as checktestdata's reference parser has them.
fn binary(t: &Tok) -> Option<(BinOp, u8)> {
    let Tok::Punct(p) = t else { return None };
    Some(match *p {
        "^" => (BinOp::Pow, 8),
        "*" => (BinOp::Mul, 6),
        "/" => (BinOp::Div, 6),
        "%" => (BinOp::Rem, 6),
        "+" => (BinOp::Add, 5),
        "-" => (BinOp::Sub, 5),
        "<" => (BinOp::Lt, 4),
        ">" => (BinOp::Gt, 4),
        "<=" => (BinOp::Le, 4),
        ">=" => (BinOp::Ge, 4),
        "==" => (BinOp::Eq, 4),
        "!=" => (BinOp::Ne, 4),
        "&&" => (BinOp::And, 2),
        "||" => (BinOp::Or, 1),
        _ => return None,
    })
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    fn here(&self) -> Position {
        self.tokens.get(self.pos).map_or(self.end, |t| t.at)
    }

    fn next(&mut self, expected: &str) -> Result<Spanned, ParseError> {
        match self.tokens.get(self.pos) {
            Some(t) => {
                self.pos += 1;
                Ok(t.clone())
            }
            None => Err(ParseError::new(
                self.end,
                format!("expected {expected}, found the end of the script"),
            )),
        }
    }

    fn expect(&mut self, punct: &str) -> Result<(), ParseError> {
        let t = self.next(&format!("'{punct}'"))?;
        if matches!(&t.tok, Tok::Punct(p) if *p == punct) {
            Ok(())
        } else {
            Err(ParseError::new(
                t.at,
                format!("expected '{punct}', found {}", describe(&t.tok)),
            ))
        }
    }

    fn eat(&mut self, punct: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Punct(p)) if *p == punct) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Commands until `END`, `ELSE` or the end of the script.
    fn commands(&mut self, depth: usize) -> Result<Vec<Item>, ParseError> {
        if depth > 100 {
            return Err(ParseError::new(self.here(), "blocks nested over 100 deep"));
        }
        let mut items = Vec::new();
        while let Some(Tok::Keyword(k)) = self.peek() {
            if k == "END" || k == "ELSE" {
                break;
            }
            items.push(self.command(depth)?);
        }
        tie::tie_lengths(&mut items);
        Ok(items)
    }

    fn command(&mut self, depth: usize) -> Result<Item, ParseError> {
        let t = self.next("a command")?;
        let Tok::Keyword(k) = &t.tok else {
            return Err(ParseError::new(
                t.at,
                format!("expected a command, found {}", describe(&t.tok)),
            ));
        };
        let site = site(t.at);
        let kind = match k.as_str() {
            "SPACE" => ItemKind::Space,
            "NEWLINE" => ItemKind::Newline,
            "EOF" => ItemKind::Eof,
            "INT" => {
                self.expect("(")?;
                let lo = self.expr()?;
                self.expect(",")?;
                let hi = self.expr()?;
                let target = self.optional_target()?;
                self.expect(")")?;
                ItemKind::Int {
                    target,
                    lo,
                    hi,
                    trust: Trust::Stated,
                }
            }
            "FLOAT" | "FLOATP" => self.float(k == "FLOATP", t.at)?,
            "STRING" => {
                self.expect("(")?;
                let value = self.expr()?;
                self.expect(")")?;
                match value {
                    Expr::Const(Value::Str(s)) => ItemKind::Literal(s),
                    other => ItemKind::Opaque {
                        rule: format!("STRING({other})"),
                        why: "the string is a variable's value, which the model does not track as text to write".into(),
                    },
                }
            }
            "REGEX" => {
                self.expect("(")?;
                let value = self.expr()?;
                let target = self.optional_target()?;
                self.expect(")")?;
                match &value {
                    Expr::Const(Value::Str(s)) => match Pattern::checktestdata(s) {
                        Ok(p) => ItemKind::Text {
                            target,
                            shape: TextShape::Pattern(p),
                        },
                        Err(e) => ItemKind::Opaque {
                            rule: format!("REGEX({s:?})"),
                            why: e.reason,
                        },
                    },
                    other => ItemKind::Opaque {
                        rule: format!("REGEX({other})"),
                        why: "the pattern is a variable's value".into(),
                    },
                }
            }
            "ASSERT" => {
                self.expect("(")?;
                let e = self.expr()?;
                self.expect(")")?;
                ItemKind::Assert(e)
            }
            "SET" => {
                self.expect("(")?;
                let mut assignments = Vec::new();
                loop {
                    let target = self.target()?;
                    self.expect("=")?;
                    assignments.push((target, self.expr()?));
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(")")?;
                ItemKind::Set(assignments)
            }
            "UNSET" => {
                self.expect("(")?;
                let mut names = vec![self.name()?];
                while self.eat(",") {
                    names.push(self.name()?);
                }
                self.expect(")")?;
                ItemKind::Unset(names)
            }
            "REP" | "REPI" | "WHILE" | "WHILEI" => self.repetition(k, t.at, depth)?,
            "IF" => {
                self.expect("(")?;
                let cond = self.expr()?;
                self.expect(")")?;
                let then = self.commands(depth + 1)?;
                let otherwise = if self.peek() == Some(&Tok::Keyword("ELSE".into())) {
                    self.pos += 1;
                    self.commands(depth + 1)?
                } else {
                    Vec::new()
                };
                self.end("IF", t.at)?;
                ItemKind::If {
                    cond,
                    then,
                    otherwise,
                }
            }
            other => {
                return Err(ParseError::new(
                    t.at,
                    format!("expected a command, found {other}"),
                ));
            }
        };
        Ok(Item { site, kind })
    }

    /// `REP`, `REPI`, `WHILE` or `WHILEI` (`k`, opened at `at`) after its
    /// keyword: its head, separator and body up to `END`.
    fn repetition(&mut self, k: &str, at: Position, depth: usize) -> Result<ItemKind, ParseError> {
        self.expect("(")?;
        let index = if k.ends_with('I') {
            let name = self.name()?;
            self.expect(",")?;
            Some(name)
        } else {
            None
        };
        let head = self.expr()?;
        let separator = if self.eat(",") {
            vec![self.command(depth + 1)?]
        } else {
            Vec::new()
        };
        self.expect(")")?;
        let body = self.commands(depth + 1)?;
        self.end(k, at)?;
        Ok(if k.starts_with("REP") {
            ItemKind::Repeat {
                index,
                count: head,
                separator,
                body,
            }
        } else {
            ItemKind::While {
                index,
                cond: head,
                separator,
                body,
            }
        })
    }

    fn end(&mut self, block: &str, opened: Position) -> Result<(), ParseError> {
        match self.peek() {
            Some(Tok::Keyword(k)) if k == "END" => {
                self.pos += 1;
                Ok(())
            }
            _ => Err(ParseError::new(
                self.here(),
                format!(
                    "expected END of the {block} opened at line {}, column {}",
                    opened.line, opened.column
                ),
            )),
        }
    }

    fn float(&mut self, with_decimals: bool, at: Position) -> Result<ItemKind, ParseError> {
        self.expect("(")?;
        let lo = self.expr()?;
        self.expect(",")?;
        let hi = self.expr()?;
        let mut format = FloatFormat {
            min_decimals: 0,
            max_decimals: OPEN_DECIMALS,
            exponent_allowed: true,
            exponent_required: false,
        };
        if with_decimals {
            for bound in [&mut format.min_decimals, &mut format.max_decimals] {
                self.expect(",")?;
                let e = self.expr()?;
                *bound = e
                    .as_int()
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or_else(|| ParseError::new(at, format!("FLOATP's decimals must be a non-negative integer constant here, found {e}")))?;
            }
        }
        let mut target = None;
        if self.eat(",") {
            target = Some(self.target()?);
            if self.eat(",") {
                let t = self.next("FIXED or SCIENTIFIC")?;
                match &t.tok {
                    Tok::Keyword(o) if o == "FIXED" => format.exponent_allowed = false,
                    Tok::Keyword(o) if o == "SCIENTIFIC" => format.exponent_required = true,
                    other => {
                        return Err(ParseError::new(
                            t.at,
                            format!("expected FIXED or SCIENTIFIC, found {}", describe(other)),
                        ))
                    }
                }
            }
        }
        self.expect(")")?;
        Ok(ItemKind::Float {
            target,
            lo,
            hi,
            format,
            trust: Trust::Stated,
        })
    }

    fn optional_target(&mut self) -> Result<Option<Variable>, ParseError> {
        if self.eat(",") {
            Ok(Some(self.target()?))
        } else {
            Ok(None)
        }
    }

    fn name(&mut self) -> Result<String, ParseError> {
        let t = self.next("a variable name")?;
        match t.tok {
            Tok::Name(n) => Ok(n),
            other => Err(ParseError::new(
                t.at,
                format!("expected a variable name, found {}", describe(&other)),
            )),
        }
    }

    fn target(&mut self) -> Result<Variable, ParseError> {
        let var = self.name()?;
        let mut index = Vec::new();
        if self.eat("[") {
            index.push(self.expr()?);
            while self.eat(",") {
                index.push(self.expr()?);
            }
            self.expect("]")?;
        }
        Ok(Variable { var, index })
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.climb(0, 0)
    }

    /// Precedence climbing: operands, then operators of at least `min`.
    fn climb(&mut self, min: u8, depth: usize) -> Result<Expr, ParseError> {
        if depth > 200 {
            return Err(ParseError::new(
                self.here(),
                "expression nested over 200 deep",
            ));
        }
        let mut lhs = self.operand(depth)?;
        while let Some((op, prec)) = self.peek().and_then(binary) {
            if prec < min {
                break;
            }
            self.pos += 1;
            let rhs = self.climb(prec + 1, depth + 1)?;
            lhs = Expr::bin(op, lhs, rhs);
        }
        Ok(lhs)
    }

    fn operand(&mut self, depth: usize) -> Result<Expr, ParseError> {
        let t = self.next("a value")?;
        Ok(match t.tok {
            Tok::Punct("(") => {
                let e = self.climb(0, depth + 1)?;
                self.expect(")")?;
                e
            }
            Tok::Punct("-") => Expr::Neg(Box::new(self.climb(7, depth + 1)?)),
            Tok::Punct("!") => Expr::Not(Box::new(self.climb(3, depth + 1)?)),
            Tok::Int(v) => Expr::int(v),
            Tok::Float(v) => Expr::Const(Value::Float(v)),
            Tok::Str(s) => Expr::Const(Value::Str(s)),
            Tok::Name(_) => {
                self.pos -= 1;
                Expr::Var(Box::new(self.target()?))
            }
            Tok::Keyword(k) => match k.as_str() {
                "ISEOF" => Expr::IsEof,
                "MATCH" | "STRLEN" => {
                    self.expect("(")?;
                    let e = self.expr()?;
                    self.expect(")")?;
                    if k == "MATCH" {
                        Expr::Match(Box::new(e))
                    } else {
                        Expr::Strlen(Box::new(e))
                    }
                }
                "UNIQUE" => {
                    self.expect("(")?;
                    let mut names = vec![self.name()?];
                    while self.eat(",") {
                        names.push(self.name()?);
                    }
                    self.expect(")")?;
                    Expr::Unique(names)
                }
                "INARRAY" => {
                    self.expect("(")?;
                    let e = self.expr()?;
                    self.expect(",")?;
                    let name = self.name()?;
                    self.expect(")")?;
                    Expr::InArray(Box::new(e), name)
                }
                other => {
                    return Err(ParseError::new(
                        t.at,
                        format!("expected a value, found {other}"),
                    ))
                }
            },
            other => {
                return Err(ParseError::new(
                    t.at,
                    format!("expected a value, found {}", describe(&other)),
                ))
            }
        })
    }
}
