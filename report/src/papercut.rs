//! Paper-cutting game: the sheet to scale, its cuts and the winning cut.
//!
//! Sheets reach 10⁹ units and 10⁵ cuts, so nothing is drawn per unit or per cut:
//! each touched line's merged intervals ([`Position`]) are mapped to pixels and
//! merged again per pixel line, and every touched line gets a tick on the axis
//! (below for x = c, left for y = c) so that cuts on a 10⁹ × 1 sheet still show.
//! Lines fully cut (heap 0) are grey, partly cut ones blue; the lines that matter,
//! those whose heap h has h XOR X < h (a winning move can be made there), get an
//! orange tick; the answer's cut is red and thick.

use crate::svg;
use crate::Picture;
use jurybox_core::papercut::lines::{merge, Position};
use jurybox_core::papercut::{Answer, Input, Line};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The largest sheet drawn, in pixels.
const MAX_W: f64 = 480.0;
const MAX_H: f64 = 240.0;
/// A side shorter than this is drawn this thick (and the caption says so).
const MIN_PX: f64 = 3.0;
/// Left and top margins (room for the ticks).
const PAD: f64 = 14.0;

/// Pixel segments of one kind, keyed by (vertical, pixel coordinate).
type PixelLines = BTreeMap<(bool, i64), Vec<(u64, u64)>>;

fn path_of(lines: &PixelLines) -> String {
    let mut d = String::new();
    for (&(vertical, at), spans) in lines {
        for (lo, hi) in merge(spans.clone()) {
            let (lo, hi) = (
                lo as f64 / 2.0,
                (hi as f64 / 2.0).max(lo as f64 / 2.0 + 0.5),
            );
            let at = at as f64 / 2.0;
            if vertical {
                let _ = write!(d, "M{} {}V{}", svg::fmt(at), svg::fmt(lo), svg::fmt(hi));
            } else {
                let _ = write!(d, "M{} {}H{}", svg::fmt(lo), svg::fmt(at), svg::fmt(hi));
            }
        }
    }
    d
}

/// The picture: sheet, cuts, lines that matter, winning cut.
pub fn picture(input: &Input, answer: &Answer) -> Picture {
    let position = Position::of(input);
    let xor = position.xor();
    let (n, m) = (f64::from(input.n), f64::from(input.m));
    let scale = (MAX_W / n).min(MAX_H / m);
    let (w, h) = ((n * scale).max(MIN_PX), (m * scale).max(MIN_PX));
    // Half-pixel units, so merging per pixel line keeps thin sheets' detail.
    let half = |units: u64| ((units as f64 * scale * 2.0).round() as u64).min(2 * MAX_W as u64);
    let (mut full, mut partial, mut ticks, mut matter) = (
        PixelLines::new(),
        PixelLines::new(),
        PixelLines::new(),
        PixelLines::new(),
    );
    for (&line, spans) in &position.touched {
        let heap = position.heap(line);
        let (vertical, c) = match line {
            Line::Vertical(c) => (true, c),
            Line::Horizontal(c) => (false, c),
        };
        let at = half(u64::from(c)) as i64;
        let target = if heap == 0 { &mut full } else { &mut partial };
        let entry = target.entry((vertical, at)).or_default();
        entry.extend(spans.iter().map(|&(lo, hi)| (half(lo), half(hi))));
        ticks.entry((vertical, at)).or_default();
        if heap ^ xor < heap {
            matter.entry((vertical, at)).or_default();
        }
    }
    let mut out = String::new();
    svg::open(
        &mut out,
        w + 2.0 * PAD + 10.0,
        h + 2.0 * PAD + 18.0,
        "sheet",
    );
    let _ = write!(
        out,
        r##"<g transform="translate({PAD}, {PAD})"><rect width="{}" height="{}" fill="#fff8e1" stroke="#5d4037"/>"##,
        svg::fmt(w),
        svg::fmt(h)
    );
    for (lines, colour) in [(&full, "#757575"), (&partial, "#1565c0")] {
        let d = path_of(lines);
        if !d.is_empty() {
            let _ = write!(
                out,
                r#"<path fill="none" stroke="{colour}" stroke-width="1" d="{d}"/>"#
            );
        }
    }
    for (lines, colour, len) in [(&ticks, "#1565c0", 5.0), (&matter, "#ef6c00", 9.0)] {
        let mut d = String::new();
        for &(vertical, at) in lines.keys() {
            let at = svg::fmt(at as f64 / 2.0);
            if vertical {
                let _ = write!(d, "M{at} {}v{len}", svg::fmt(h + 1.0));
            } else {
                let _ = write!(d, "M-1 {at}h-{len}");
            }
        }
        if !d.is_empty() {
            let _ = write!(
                out,
                r#"<path fill="none" stroke="{colour}" stroke-width="1.5" d="{d}"/>"#
            );
        }
    }
    if let Answer::First(mv) = answer {
        let px = |v: i64| svg::fmt(v as f64 * scale);
        let _ = write!(
            out,
            r##"<path stroke="#d50000" stroke-width="3" stroke-linecap="round" d="M{} {}L{} {}"/>"##,
            px(mv.xb),
            px(mv.yb),
            px(mv.xe),
            px(mv.ye)
        );
    }
    out.push_str("</g>");
    svg::text(
        &mut out,
        PAD,
        h + 2.0 * PAD + 12.0,
        &format!("x → n = {}, y ↓ m = {}", input.n, input.m),
    );
    out.push_str("</svg>");
    let verdict = match answer {
        Answer::Second => "SECOND".to_string(),
        Answer::First(mv) => format!("FIRST by {} {} {} {} (red)", mv.xb, mv.yb, mv.xe, mv.ye),
    };
    let thin = if n * scale < MIN_PX || m * scale < MIN_PX {
        format!(" (to scale except the thin side, drawn {MIN_PX} px thick)")
    } else {
        " (to scale)".to_string()
    };
    let caption = format!(
        "{} × {} sheet{thin}, {} cuts on {} lines (blue partly cut, grey fully cut, orange ticks: lines a winning move can use); {} + {} untouched lines; XOR {xor}: {verdict}",
        input.n,
        input.m,
        input.cuts.len(),
        position.touched.len(),
        position.untouched_vertical,
        position.untouched_horizontal
    );
    Picture { svg: out, caption }
}

impl crate::Drawn for jurybox_core::papercut::Papercut {
    fn picture(input: &Input, answer: &Answer) -> Picture {
        picture(input, answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::{papercut::Papercut, Constraints, Problem};

    fn draw(text: &str) -> Picture {
        let input = Papercut::parse_input(text.as_bytes(), Constraints::Official).unwrap();
        let answer = jurybox_core::papercut::fast::solve(&input);
        picture(&input, &answer)
    }

    #[test]
    fn sample_one_draws_the_winning_cut() {
        let p = draw("2 1 0\n");
        assert!(p.svg.contains("#d50000"));
        assert!(p.svg.contains("<rect"));
        assert!(p.caption.contains("FIRST by 1 0 1 1"));
    }

    #[test]
    fn a_long_sheet_with_many_cuts_stays_small() {
        let mut text = format!("1000000000 2 {}\n", 100_000);
        for i in 0..100_000u64 {
            let x = 1 + i * 9_999;
            let _ = writeln!(text, "{x} 0 {x} 1");
        }
        let p = draw(&text);
        assert!(p.svg.len() < 60_000, "{} bytes", p.svg.len());
        assert!(p.caption.contains("thin side"));
        assert!(p.svg.contains("#1565c0"));
    }
}
