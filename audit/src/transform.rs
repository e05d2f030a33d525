//! The grammar changed in one item, and the inputs the changed grammar
//! makes: the way invalid inputs that look valid everywhere else are made
//! (a bound exceeded by one with every count still right; a count one more
//! than the values that follow it).

use jurybox_grammar::expr::Expr;
use jurybox_grammar::generate::{candidates, GenerateOptions, Stage};
use jurybox_grammar::{Grammar, Item, ItemKind};

/// A bound too far for any input: a value "unbounded" on that side.
pub const UNBOUNDED: i128 = 1 << 100;

/// A copy of `grammar` whose `index`-th item (in [`Grammar::walk`] order)
/// `edit` changed.
pub fn edited(grammar: &Grammar, index: usize, edit: impl FnOnce(&mut ItemKind)) -> Grammar {
    fn visit(
        items: &mut [Item],
        at: &mut usize,
        index: usize,
        edit: &mut Option<impl FnOnce(&mut ItemKind)>,
    ) {
        for item in items {
            if *at == index {
                if let Some(edit) = edit.take() {
                    edit(&mut item.kind);
                }
            }
            *at += 1;
            let blocks: [&mut Vec<Item>; 2] = match &mut item.kind {
                ItemKind::Repeat {
                    separator, body, ..
                }
                | ItemKind::While {
                    separator, body, ..
                } => [separator, body],
                ItemKind::If {
                    then, otherwise, ..
                } => [then, otherwise],
                _ => continue,
            };
            for block in blocks {
                visit(block, at, index, edit);
            }
        }
    }
    let mut copy = grammar.clone();
    visit(&mut copy.items, &mut 0, index, &mut Some(edit));
    copy
}

/// `grammar` with item `index`'s value bounds set to `[lo, hi]`.
pub fn with_bounds(grammar: &Grammar, index: usize, lo: Expr, hi: Expr) -> Grammar {
    edited(grammar, index, |kind| match kind {
        ItemKind::Int { lo: l, hi: h, .. } | ItemKind::Float { lo: l, hi: h, .. } => {
            *l = lo;
            *h = hi;
        }
        ItemKind::Text {
            shape:
                jurybox_grammar::TextShape::Chars {
                    min_len, max_len, ..
                },
            ..
        } => {
            *min_len = lo;
            *max_len = hi;
        }
        _ => {}
    })
}

/// `grammar` with item `index`'s bounds removed: an input past them is read
/// and its value seen.
pub fn unbounded(grammar: &Grammar, index: usize) -> Grammar {
    with_bounds(grammar, index, Expr::int(-UNBOUNDED), Expr::int(UNBOUNDED))
}

/// Most repetitions an input the audit makes may hold (the token budget of
/// [`made`]).
const MOST_TOKENS: usize = 1 << 21;

/// The variables that count a repetition.
pub fn count_variables(grammar: &Grammar) -> Vec<String> {
    let mut vars = Vec::new();
    for item in grammar.walk() {
        if let ItemKind::Repeat { count, .. } = &item.kind {
            count.variables(&mut vars);
        }
    }
    vars
}

/// Whether item `index` of `grammar` set to `value` would count more
/// repetitions than an input may hold: no input can be made, and every
/// stage of the generator would try in vain at full size (dronedelivery's
/// `n <= 100000001` took a minute to give nothing).
pub fn too_many(grammar: &Grammar, index: usize, value: &Expr) -> bool {
    let Some(v) = value.as_int() else {
        return false;
    };
    let item = grammar.walk()[index];
    let counts = item
        .target()
        .is_some_and(|t| count_variables(grammar).contains(&t.var));
    counts && v > MOST_TOKENS as i128
}

/// The first `n` inputs `grammar` makes, smallest first: every small input,
/// then boundaries, then random ones.
pub fn made(grammar: &Grammar, seed: u64, n: usize) -> Vec<Vec<u8>> {
    // Room for a count pushed one past a statement's 10^6 with values of
    // ten digits: a budget it exceeds makes every stage try in vain.
    let options = GenerateOptions {
        max_tokens: MOST_TOKENS,
        max_bytes: 64 << 20,
        stages: vec![Stage::SmallScope, Stage::Boundary, Stage::Random],
        ..GenerateOptions::default()
    };
    match candidates(grammar, &options, seed) {
        Ok(stream) => stream.take(n).map(|c| c.bytes).collect(),
        Err(_) => Vec::new(),
    }
}
