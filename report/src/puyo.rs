//! Puyo: the chain link by link. One panel per step of [`steps`] (the naive
//! engine's plain steps): the screen before the chain, then after each link, the
//! cells each link is about to clear outlined, the last panel being the final
//! screen the answer prints.

use crate::svg;
use crate::Picture;
use jurybox_core::puyo::naive::steps;
use jurybox_core::puyo::{Answer, Screen, EMPTY};
use std::fmt::Write;

/// Panels drawn at most (the first ones and the final screen); an extended
/// 64 × 64 screen may chain for hundreds of links.
pub const MAX_PANELS: usize = 24;
/// Panels per row.
const PER_ROW: usize = 8;

/// A puyo's fill.
fn colour(cell: u8) -> &'static str {
    match cell {
        b'r' => "#e53935",
        b'g' => "#43a047",
        b'b' => "#1e88e5",
        b'y' => "#fdd835",
        b'p' => "#8e24aa",
        _ => "#9e9e9e",
    }
}

/// One screen as unit squares, one path per colour, with `cleared` outlined.
fn panel(out: &mut String, screen: &Screen, cleared: &[usize], x: f64, y: f64, cell: f64) {
    let w = screen.width;
    let _ = write!(
        out,
        r##"<g transform="translate({}, {}) scale({})"><rect width="{}" height="{}" fill="#fafafa" stroke="#666" stroke-width="{}"/>"##,
        svg::fmt(x),
        svg::fmt(y),
        svg::fmt(cell),
        screen.width,
        screen.height,
        svg::fmt(1.0 / cell)
    );
    for c in *b"rgbyp" {
        let mut d = String::new();
        for (i, _) in screen.cells.iter().enumerate().filter(|(_, &v)| v == c) {
            let _ = write!(d, "M{} {}h1v1h-1z", i % w, i / w);
        }
        if !d.is_empty() {
            let _ = write!(out, r#"<path fill="{}" d="{d}"/>"#, colour(c));
        }
    }
    if !cleared.is_empty() {
        let mut d = String::new();
        for &i in cleared {
            let _ = write!(d, "M{}.2 {}.2h.6v.6h-.6z", i % w, i / w);
        }
        let _ = write!(
            out,
            r##"<path fill="none" stroke="#000" stroke-width=".15" d="{d}"/>"##
        );
    }
    out.push_str("</g>");
}

/// The picture: every step of the chain, and the answer's count.
pub fn picture(input: &Screen, answer: &Answer) -> Picture {
    let all = steps(input);
    let shown: Vec<usize> = if all.len() <= MAX_PANELS {
        (0..all.len()).collect()
    } else {
        (0..MAX_PANELS - 1).chain([all.len() - 1]).collect()
    };
    let cell = (120.0 / input.height.max(input.width) as f64).clamp(2.0, 9.0);
    let (pw, ph) = (
        cell * input.width as f64 + 10.0,
        cell * input.height as f64 + 24.0,
    );
    let cols = shown.len().min(PER_ROW);
    let rows = shown.len().div_ceil(PER_ROW);
    let mut out = String::new();
    svg::open(&mut out, pw * cols as f64, ph * rows as f64, "chain");
    for (k, &i) in shown.iter().enumerate() {
        let (x, y) = ((k % PER_ROW) as f64 * pw, (k / PER_ROW) as f64 * ph);
        let label = match i {
            0 if all.len() == 1 => "no link".to_string(),
            0 => "before".to_string(),
            i if i + 1 == all.len() => format!("after link {i}: final"),
            i => format!("after link {i}"),
        };
        svg::text(&mut out, x, y + 11.0, &label);
        panel(&mut out, &all[i].screen, &all[i].cleared, x, y + 15.0, cell);
    }
    out.push_str("</svg>");
    let filled = input.cells.iter().filter(|&&c| c != EMPTY).count();
    let skipped = all.len() - shown.len();
    let caption = format!(
        "{} × {} screen, {filled} puyos: {} chains{}; outlined cells are cleared by the next link",
        input.width,
        input.height,
        answer.chains,
        if skipped > 0 {
            format!(" ({skipped} middle steps not drawn)")
        } else {
            String::new()
        }
    );
    Picture { svg: out, caption }
}

impl crate::Drawn for jurybox_core::puyo::Puyo {
    fn picture(input: &Screen, answer: &Answer) -> Picture {
        picture(input, answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::{puyo::Puyo, Constraints, Problem};

    #[test]
    fn a_two_link_chain_has_three_panels_with_puyos() {
        let text = "|      |\n|      |\n|      |\n|  ygg |\n| ryygr|\n|rbbbbg|\n|gryggb|\n|rryygb|\n|ybgrbg|\n|yrrbgg|\n|rgbgyy|\n|brbgyr|\n|gbyyrb|\n+------+\n";
        let screen = Puyo::parse_input(text.as_bytes(), Constraints::Official).unwrap();
        let outcome = jurybox_core::puyo::naive::solve(&screen);
        let p = picture(&screen, &outcome);
        assert_eq!(p.svg.matches("<g ").count(), 3);
        assert!(p.svg.contains("after link 2: final"));
        assert!(p.svg.matches("<path").count() >= 10);
        assert!(p.caption.contains("2 chains"));
    }
}
