//! Network game: the net as it lies on the table. Whole cells are shaded, ropes
//! that border a whole cell (the only ones that can be cut) are dark, dangling
//! ropes grey, and the answer's winning rope red and thick. Coordinates are the
//! input's, y upwards, scaled to fit.

use crate::svg;
use crate::Picture;
use jurybox_core::netgame::net::Net;
use jurybox_core::netgame::{Answer, Input};
use std::fmt::Write;

/// Pixels across the net's longer side.
const SIDE_PX: f64 = 320.0;

/// The picture: the net, its whole cells and the winning rope.
pub fn picture(input: &Input, answer: &Answer) -> Picture {
    let net = Net::new(input);
    let xs = input.ropes.iter().flat_map(|r| [r.x1, r.x2]);
    let ys = input.ropes.iter().flat_map(|r| [r.y1, r.y2]);
    let (x0, x1) = (xs.clone().min().unwrap_or(0), xs.max().unwrap_or(1));
    let (y0, y1) = (ys.clone().min().unwrap_or(0), ys.max().unwrap_or(1));
    let span = (x1 - x0).max(y1 - y0).max(1) as f64;
    let scale = SIDE_PX / span;
    let pad = 10.0;
    let (w, h) = (f64::from(x1 - x0) * scale, f64::from(y1 - y0) * scale);
    let mut out = String::new();
    svg::open(&mut out, w + 2.0 * pad, h + 2.0 * pad + 16.0, "net");
    // Net coordinates, y flipped so that it grows upwards; strokes keep their width.
    let _ = write!(
        out,
        r#"<g transform="translate({}, {}) scale({}, {})">"#,
        svg::fmt(pad - f64::from(x0) * scale),
        svg::fmt(pad + h + f64::from(y0) * scale),
        svg::fmt(scale),
        svg::fmt(-scale)
    );
    let mut cells = String::new();
    for &(x, y) in &net.cells {
        let _ = write!(cells, "M{x} {y}h1v1h-1z");
    }
    if !cells.is_empty() {
        let _ = write!(out, r##"<path fill="#bbdefb" d="{cells}"/>"##);
    }
    let (mut live, mut dangling) = (String::new(), String::new());
    for (i, r) in input.ropes.iter().enumerate() {
        let d = if net.borders[i].is_empty() {
            &mut dangling
        } else {
            &mut live
        };
        let _ = write!(d, "M{} {}L{} {}", r.x1, r.y1, r.x2, r.y2);
    }
    for (d, colour, width) in [(&dangling, "#9e9e9e", 1.0), (&live, "#263238", 1.5)] {
        if !d.is_empty() {
            let _ = write!(
                out,
                r#"<path fill="none" stroke="{colour}" stroke-width="{width}" vector-effect="non-scaling-stroke" stroke-linecap="round" d="{d}"/>"#
            );
        }
    }
    let winner = match *answer {
        Answer::Win(k) => usize::try_from(k - 1).ok().and_then(|i| input.ropes.get(i)),
        Answer::Lose => None,
    };
    if let Some(r) = winner {
        let _ = write!(
            out,
            r##"<path fill="none" stroke="#d50000" stroke-width="5" vector-effect="non-scaling-stroke" stroke-linecap="round" d="M{} {}L{} {}"/>"##,
            r.x1, r.y1, r.x2, r.y2
        );
    }
    out.push_str("</g>");
    svg::text(
        &mut out,
        pad,
        h + 2.0 * pad + 12.0,
        &format!("x {x0}..{x1}, y {y0}..{y1} (y up)"),
    );
    out.push_str("</svg>");
    let cuttable = net.borders.iter().filter(|b| !b.is_empty()).count();
    let verdict = match *answer {
        Answer::Win(k) => format!("the first player wins by cutting rope {k} (red)"),
        Answer::Lose => "the first player loses".to_string(),
    };
    let caption = format!(
        "{} ropes ({cuttable} cuttable, dark), {} whole cells (blue), {} components: {verdict}",
        input.ropes.len(),
        net.cells.len(),
        net.components().len()
    );
    Picture { svg: out, caption }
}

impl crate::Drawn for jurybox_core::netgame::Netgame {
    fn picture(input: &Input, answer: &Answer) -> Picture {
        picture(input, answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jurybox_core::{netgame::Netgame, Constraints, Problem};

    #[test]
    fn the_sample_marks_rope_six() {
        let text = "11\n1 1 1 2\n2 3 2 4\n3 1 3 2\n1 2 1 3\n1 1 2 1\n2 1 2 2\n2 1 3 1\n1 2 2 2\n2 2 3 2\n1 3 2 3\n2 3 3 3\n";
        let input = Netgame::parse_input(text.as_bytes(), Constraints::Official).unwrap();
        let p = picture(&input, &Answer::Win(6));
        assert!(p.svg.contains(r#"#d50000" stroke-width="5" vector-effect="non-scaling-stroke" stroke-linecap="round" d="M2 1L2 2""#));
        assert!(p.svg.contains("M1 1h1v1h-1zM2 1h1v1h-1z"), "{}", p.svg);
        assert!(p.caption.contains("2 whole cells"));
        let lose = picture(&input, &Answer::Lose);
        assert!(!lose.svg.contains("#d50000"));
    }
}
