//! Recordings turned into a grammar: each read call site is a symbol, the
//! repetitions and their counts are found by `runs`, and each read becomes an
//! item whose bounds are the call's (tied to an earlier value when they equal
//! it in every recording, as `readInt(1, n)` does).

use std::collections::HashMap;

use super::trace::{Kind, Recording};
use super::{Header, RecordError};
use crate::expr::Variable;
use crate::expr::{Expr, Value};
use crate::model::{FloatFormat, Grammar, GrammarOrigin, Item, ItemKind, Site, TextShape, Trust};
use crate::pattern::Pattern;
use crate::runs::{self, Aligned, BoundTie, CountTie, Numbering, Pat};

/// The grammar the `recordings` of one validator show (those it accepted;
/// rejected ones are left out).
pub fn infer(recordings: &[Recording], header: Header) -> Result<Grammar, RecordError> {
    let accepted: Vec<&Recording> = recordings.iter().filter(|r| r.rejected.is_none()).collect();
    if accepted.is_empty() {
        return match recordings.first() {
            Some(r) => Err(RecordError::AllRejected(
                r.rejected.clone().unwrap_or_default(),
            )),
            None => Err(RecordError::NoReads),
        };
    }
    if accepted.iter().all(|r| r.events.is_empty()) {
        return Err(RecordError::NoReads);
    }
    // Symbols: (kind, line, call) interned; calls on one line numbered 1, 2, ...
    let mut symbols: HashMap<(Kind, u32, i64), u32> = HashMap::new();
    let mut columns: HashMap<u32, Vec<i64>> = HashMap::new();
    let mut site_of: Vec<Site> = Vec::new();
    let traces: Vec<Vec<u32>> = accepted
        .iter()
        .map(|r| {
            r.events
                .iter()
                .map(|e| {
                    let next = symbols.len() as u32;
                    *symbols.entry((e.kind, e.line, e.call)).or_insert_with(|| {
                        let calls = columns.entry(e.line).or_default();
                        if !calls.contains(&e.call) {
                            calls.push(e.call);
                        }
                        let column =
                            calls.iter().position(|&c| c == e.call).unwrap_or(0) as u32 + 1;
                        site_of.push(Site::Call {
                            line: e.line,
                            column,
                        });
                        next
                    })
                })
                .collect()
        })
        .collect();
    let kinds: HashMap<u32, Kind> = symbols
        .iter()
        .map(|(&(kind, _, _), &s)| (s, kind))
        .collect();
    let is_sep = |s: u32| matches!(kinds.get(&s), Some(Kind::Space | Kind::Eoln));
    let is_eoln = |s: u32| matches!(kinds.get(&s), Some(Kind::Eoln));
    let rules = runs::Rules {
        is_sep: &is_sep,
        ends_line: &is_eoln,
        accept: &|_, _, _, _| true,
        line_aligned: false,
    };
    // Call sites tell loops apart: the richest structure is the validator's.
    let (shape, parsed) = runs::structures(&traces, &rules)
        .into_iter()
        .next()
        .ok_or(RecordError::Mismatch)?;
    let numbering = Numbering::of(&shape);
    let aligned: Vec<Aligned> = parsed.iter().map(|p| runs::align(&shape, p)).collect();
    let event = |t: usize, pos: usize| &accepted[t].events[pos];
    let int_value = |t: usize, pos: usize| {
        let e = event(t, pos);
        (e.kind == Kind::Int)
            .then(|| e.value.parse::<i128>().ok())
            .flatten()
    };
    let int_bound = |text: &str| text.parse::<i128>().ok();
    let lo_of = |t: usize, pos: usize| {
        let e = event(t, pos);
        matches!(e.kind, Kind::Int | Kind::String)
            .then(|| int_bound(&e.lo))
            .flatten()
    };
    let hi_of = |t: usize, pos: usize| {
        let e = event(t, pos);
        matches!(e.kind, Kind::Int | Kind::String)
            .then(|| int_bound(&e.hi))
            .flatten()
    };
    let leaves = numbering.leaf_symbol.len();
    let counts = runs::tie_counts(&aligned, numbering.loops, &int_value);
    let los = runs::tie_bounds(&aligned, leaves, &lo_of, &int_value, true);
    let his = runs::tie_bounds(&aligned, leaves, &hi_of, &int_value, false);
    // A token's length, for patterns written from the input (`"[.#]{%d}"`, m).
    let length_of = |t: usize, pos: usize| {
        let e = event(t, pos);
        matches!(e.kind, Kind::Token | Kind::Line).then(|| e.value.chars().count() as i128)
    };
    let lengths = runs::tie_bounds(&aligned, leaves, &length_of, &int_value, true);

    // Every read of each leaf, for names, patterns, characters and float bounds.
    let mut reads: Vec<Vec<(usize, usize)>> = vec![Vec::new(); leaves];
    for (t, a) in aligned.iter().enumerate() {
        for &(leaf, pos) in &a.reads {
            reads[leaf].push((t, pos));
        }
    }
    let names = variable_names(&reads, &|t, p| event(t, p), &site_of, &numbering);
    let mut b = Builder {
        counts,
        los,
        his,
        lengths,
        names,
        site_of,
        numbering,
        leaf: 0,
        lp: 0,
        reads: &reads,
        event: &event,
    };
    let items = b.items(&shape);
    Ok(Grammar {
        source: match header {
            Header::Testlib => GrammarOrigin::Testlib,
            Header::ValidationH => GrammarOrigin::ValidationH,
        },
        items,
    })
}

fn variable_names<'e>(
    reads: &[Vec<(usize, usize)>],
    event: &dyn Fn(usize, usize) -> &'e super::trace::Event,
    sites: &[Site],
    numbering: &Numbering,
) -> Vec<String> {
    let mut names: Vec<String> = reads
        .iter()
        .enumerate()
        .map(|(leaf, r)| {
            let given = r
                .iter()
                .map(|&(t, p)| event(t, p).name.clone())
                .find(|n| !n.is_empty());
            let line = match sites.get(numbering.leaf_symbol[leaf] as usize) {
                Some(Site::Call { line, .. }) => *line,
                _ => 0,
            };
            let clean: Option<String> = given.map(|g| {
                g.chars()
                    .map(|c| {
                        if c.is_ascii_alphanumeric() || c == '_' {
                            c
                        } else {
                            '_'
                        }
                    })
                    .collect()
            });
            clean
                .filter(|c| !c.is_empty())
                .unwrap_or_else(|| format!("v{line}"))
        })
        .collect();
    // Two leaves of one name are two variables: the later ones get their leaf number.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (leaf, name) in names.iter_mut().enumerate() {
        let n = seen.entry(name.clone()).or_insert(0);
        *n += 1;
        if *n > 1 {
            *name = format!("{name}_{leaf}");
        }
    }
    names
}

struct Builder<'a> {
    counts: Vec<CountTie>,
    los: Vec<Option<BoundTie>>,
    his: Vec<Option<BoundTie>>,
    lengths: Vec<Option<BoundTie>>,
    names: Vec<String>,
    site_of: Vec<Site>,
    numbering: Numbering,
    leaf: usize,
    lp: usize,
    reads: &'a [Vec<(usize, usize)>],
    event: &'a dyn Fn(usize, usize) -> &'a super::trace::Event,
}

impl Builder<'_> {
    fn bound(&self, tie: &Option<BoundTie>, fallback: i128) -> (Expr, bool) {
        match tie {
            Some(BoundTie::Const(v)) => (Expr::int(*v), true),
            Some(BoundTie::Leaf { leaf, plus }) => {
                (Expr::var(self.names[*leaf].clone()).plus(*plus), true)
            }
            Some(BoundTie::Tightest(v)) => (Expr::int(*v), false),
            None => (Expr::int(fallback), false),
        }
    }

    fn items(&mut self, pats: &[Pat]) -> Vec<Item> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < pats.len() {
            match &pats[i] {
                Pat::Leaf(sym) => {
                    let leaf = self.leaf;
                    self.leaf += 1;
                    let site = self.site_of[*sym as usize].clone();
                    if let Some(kind) = self.leaf_item(leaf) {
                        out.push(Item { site, kind });
                    }
                }
                Pat::Loop { body, sep } => {
                    let lp = self.lp;
                    self.lp += 1;
                    let site = first_site(body, &self.site_of);
                    let separator = self.items(sep);
                    let mut body_items = self.items(body);
                    let unique = self.index_unique(&mut body_items);
                    let ends = matches!(pats.get(i + 1), Some(Pat::Leaf(s)) if self.is_eof(*s));
                    let parts = runs::LoopParts {
                        index: unique.as_ref().map(|u| u.0.clone()),
                        separator,
                        body: body_items,
                        ends,
                    };
                    let names = &self.names;
                    let kind = runs::loop_kind(
                        &self.counts[lp],
                        &|leaf| names[leaf].clone(),
                        parts,
                        &site,
                        "read before it in every recording",
                    );
                    match unique {
                        Some((_, vars)) => {
                            out.push(Item {
                                site: site.clone(),
                                kind: ItemKind::Unset(vars.clone()),
                            });
                            out.push(Item {
                                site: site.clone(),
                                kind,
                            });
                            for v in vars {
                                out.push(Item {
                                    site: site.clone(),
                                    kind: ItemKind::Assert(Expr::Unique(vec![v])),
                                });
                            }
                        }
                        None => out.push(Item { site, kind }),
                    }
                }
            }
            i += 1;
        }
        out
    }

    /// validation.h's `Unique` tag on values read in a loop's body: the
    /// values become an array indexed by the loop's iteration, so the
    /// grammar can say they are distinct (UNSET before the loop, ASSERT
    /// UNIQUE after it). The index variable and the arrays, if any.
    fn index_unique(&self, body: &mut [Item]) -> Option<(String, Vec<String>)> {
        let mut vars = Vec::new();
        let index = format!("i{}", self.lp);
        for item in body.iter_mut() {
            let target = match &mut item.kind {
                ItemKind::Int {
                    target: Some(t), ..
                }
                | ItemKind::Text {
                    target: Some(t), ..
                } => t,
                _ => continue,
            };
            let leaf = self.names.iter().position(|n| *n == target.var);
            let tagged = leaf.is_some_and(|l| {
                self.reads[l]
                    .first()
                    .is_some_and(|&(t, p)| (self.event)(t, p).tag == "unique")
            });
            if tagged && target.index.is_empty() {
                target.index = vec![Expr::var(index.clone())];
                vars.push(target.var.clone());
            }
        }
        (!vars.is_empty()).then_some((index, vars))
    }

    /// Whether the reads of a leaf give different patterns (a pattern
    /// formatted from a value read before).
    fn pattern_varies(&self, leaf: usize) -> bool {
        let mut patterns = self.reads[leaf]
            .iter()
            .map(|&(t, p)| &(self.event)(t, p).extra);
        let first = patterns.next();
        patterns.any(|p| Some(p) != first)
    }

    fn is_eof(&self, sym: u32) -> bool {
        // A symbol's kind, from any leaf that has it.
        self.numbering
            .leaf_symbol
            .iter()
            .position(|&s| s == sym)
            .and_then(|leaf| self.reads[leaf].first())
            .is_some_and(|&(t, p)| (self.event)(t, p).kind == Kind::Eof)
    }

    /// A leaf whose pattern varies from read to read (written from the
    /// input): its characters, and the length of the values read, tied to a
    /// value when one says it.
    fn chars_item(&self, leaf: usize, target: Option<Variable>, longest: i128) -> ItemKind {
        let reads = &self.reads[leaf];
        let mut chars = Vec::new();
        for &(t, p) in reads {
            if let Ok(pattern) = Pattern::testlib(&(self.event)(t, p).extra) {
                collect_chars(&pattern.re, &mut chars);
            }
        }
        chars.sort_unstable();
        chars.dedup();
        let shortest = reads
            .iter()
            .map(|&(t, p)| (self.event)(t, p).value.chars().count())
            .min()
            .unwrap_or(0) as i128;
        let (min_len, max_len) = match &self.lengths[leaf] {
            Some(BoundTie::Leaf { .. } | BoundTie::Const(_)) => {
                let e = self.bound(&self.lengths[leaf], 0).0;
                (e.clone(), e)
            }
            _ => (Expr::int(shortest), Expr::int(longest)),
        };
        ItemKind::Text {
            target,
            shape: TextShape::Chars {
                chars,
                min_len,
                max_len,
            },
        }
    }

    fn leaf_item(&self, leaf: usize) -> Option<ItemKind> {
        let reads = &self.reads[leaf];
        let &(t0, p0) = reads.first()?;
        let first = (self.event)(t0, p0);
        let target = Some(Variable::scalar(self.names[leaf].clone()));
        let longest = reads
            .iter()
            .map(|&(t, p)| (self.event)(t, p).value.chars().count())
            .max()
            .unwrap_or(1) as i128;
        Some(match first.kind {
            Kind::Int => {
                let (lo, lo_stated) = self.bound(&self.los[leaf], i64::MIN as i128);
                let (hi, hi_stated) = self.bound(&self.his[leaf], i64::MAX as i128);
                ItemKind::Int {
                    target,
                    lo,
                    hi,
                    trust: if lo_stated && hi_stated {
                        Trust::Stated
                    } else {
                        Trust::Seen
                    },
                }
            }
            Kind::Float => {
                let parse = |s: &str| s.parse::<f64>().ok();
                let lo = reads
                    .iter()
                    .filter_map(|&(t, p)| parse(&(self.event)(t, p).lo))
                    .fold(f64::MIN, f64::max);
                let hi = reads
                    .iter()
                    .filter_map(|&(t, p)| parse(&(self.event)(t, p).hi))
                    .fold(f64::MAX, f64::min);
                let format = match first.extra.split_once(',') {
                    Some((a, b)) => {
                        FloatFormat::fixed(a.parse().unwrap_or(0), b.parse().unwrap_or(6))
                    }
                    None => FloatFormat::fixed(0, 6),
                };
                ItemKind::Float {
                    target,
                    lo: Expr::Const(Value::Float(lo)),
                    hi: Expr::Const(Value::Float(hi)),
                    format,
                    trust: Trust::Stated,
                }
            }
            Kind::Token | Kind::Line if self.pattern_varies(leaf) => {
                self.chars_item(leaf, target, longest)
            }
            Kind::Token | Kind::Line => {
                let literal = first.extra.strip_prefix("literal:");
                let pattern = match literal {
                    Some(words) => {
                        let escaped: Vec<String> = words
                            .split('|')
                            .map(|w| w.chars().flat_map(|c| ['\\', c]).collect())
                            .collect();
                        Pattern::testlib(&escaped.join("|"))
                    }
                    None if !first.extra.is_empty() => Pattern::testlib(&first.extra),
                    None => {
                        // No pattern: any token of the lengths seen, as a hint.
                        let lo = if first.kind == Kind::Line {
                            self.bound(&self.los[leaf], 0).0
                        } else {
                            Expr::int(1)
                        };
                        let hi = match (&self.his[leaf], first.kind) {
                            (Some(_), Kind::Line) => self.bound(&self.his[leaf], longest).0,
                            _ => Expr::int(longest),
                        };
                        let chars: Vec<char> =
                            if first.kind == Kind::Line && !first.extra.is_empty() {
                                sorted_chars(&first.extra)
                            } else {
                                Vec::new()
                            };
                        return Some(ItemKind::Text {
                            target,
                            shape: TextShape::Chars {
                                chars,
                                min_len: lo,
                                max_len: hi,
                            },
                        });
                    }
                };
                match pattern {
                    Ok(p) => ItemKind::Text {
                        target,
                        shape: TextShape::Pattern(p),
                    },
                    Err(e) => ItemKind::Opaque {
                        rule: format!("pattern {:?}", first.extra),
                        why: e.reason,
                    },
                }
            }
            Kind::String => ItemKind::Text {
                target,
                shape: TextShape::Chars {
                    chars: sorted_chars(&first.extra),
                    min_len: self.bound(&self.los[leaf], 0).0,
                    max_len: self.bound(&self.his[leaf], longest).0,
                },
            },
            Kind::Char => {
                if first.extra == "exact" {
                    ItemKind::Literal(first.value.clone())
                } else {
                    let seen: String = reads
                        .iter()
                        .map(|&(t, p)| (self.event)(t, p).value.clone())
                        .collect();
                    ItemKind::Text {
                        target,
                        shape: TextShape::Chars {
                            chars: sorted_chars(&seen),
                            min_len: Expr::int(1),
                            max_len: Expr::int(1),
                        },
                    }
                }
            }
            Kind::Space => ItemKind::Space,
            Kind::Eoln => ItemKind::Newline,
            Kind::Eof => ItemKind::Eof,
        })
    }
}

/// The characters a pattern's classes offer a generator.
fn collect_chars(re: &crate::pattern::Re, out: &mut Vec<char>) {
    use crate::pattern::Re;
    match re {
        Re::Class(ranges) => out.extend(crate::pattern::usable_chars(ranges)),
        Re::Concat(v) | Re::Alt(v) => v.iter().for_each(|r| collect_chars(r, out)),
        Re::Repeat { re, .. } => collect_chars(re, out),
    }
}

fn sorted_chars(s: &str) -> Vec<char> {
    let mut v: Vec<char> = s.chars().collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn first_site(pats: &[Pat], sites: &[Site]) -> Site {
    match pats.first() {
        Some(Pat::Leaf(s)) => sites[*s as usize].clone(),
        Some(Pat::Loop { body, .. }) => first_site(body, sites),
        None => Site::Call { line: 0, column: 0 },
    }
}
