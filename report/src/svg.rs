//! The few SVG pieces every picture uses: escaping, a colour scale, and a raster
//! drawn as one `<path>` per colour made of row runs, which is what keeps a
//! 200 × 200 height map a few tens of kilobytes instead of 40 000 `<rect>`s.

use std::fmt::Write;

/// Escapes text for HTML and SVG content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Opens an `<svg>` of `width` × `height` pixels (closed by the caller).
pub fn open(out: &mut String, width: f64, height: f64, label: &str) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{label}">"#,
        w = fmt(width),
        h = fmt(height),
        label = escape(label)
    );
}

/// A number with at most two decimals and no trailing zeros, to keep paths short.
pub fn fmt(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Colour `t` in 0..=1 of a perceptual dark-blue → green → yellow ramp (viridis's
/// end points and midpoint, interpolated linearly).
pub fn ramp(t: f64) -> String {
    const STOPS: [(f64, [f64; 3]); 5] = [
        (0.0, [68.0, 1.0, 84.0]),
        (0.25, [59.0, 82.0, 139.0]),
        (0.5, [33.0, 145.0, 140.0]),
        (0.75, [94.0, 201.0, 98.0]),
        (1.0, [253.0, 231.0, 37.0]),
    ];
    let t = t.clamp(0.0, 1.0);
    let i = STOPS.iter().rposition(|(s, _)| *s <= t).unwrap_or(0).min(3);
    let (t0, a) = STOPS[i];
    let (t1, b) = STOPS[i + 1];
    let f = (t - t0) / (t1 - t0);
    let c: Vec<u8> = (0..3)
        .map(|k| (a[k] + (b[k] - a[k]) * f).round() as u8)
        .collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// A grid of classes, row-major, `0` meaning "draw nothing".
pub struct Raster {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `width * height` classes.
    pub cells: Vec<u16>,
}

impl Raster {
    /// The horizontal runs of equal non-zero class: `(row, first column, length, class)`.
    pub fn runs(&self) -> Vec<(usize, usize, usize, u16)> {
        let mut runs = Vec::new();
        for (row, line) in self.cells.chunks(self.width.max(1)).enumerate() {
            let mut col = 0;
            while col < line.len() {
                let class = line[col];
                let start = col;
                while col < line.len() && line[col] == class {
                    col += 1;
                }
                if class != 0 {
                    runs.push((row, start, col - start, class));
                }
            }
        }
        runs
    }

    /// Draws the raster at (`x`, `y`) with square cells of `cell` pixels: one
    /// `<path>` per class, filled with `fill(class)`.
    pub fn draw(&self, out: &mut String, x: f64, y: f64, cell: f64, fill: impl Fn(u16) -> String) {
        let mut by_class: std::collections::BTreeMap<u16, String> = Default::default();
        for (row, col, len, class) in self.runs() {
            let d = by_class.entry(class).or_default();
            let _ = write!(d, "M{col} {row}h{len}v1h-{len}z");
        }
        let _ = write!(
            out,
            r#"<g transform="translate({}, {}) scale({})">"#,
            fmt(x),
            fmt(y),
            fmt(cell)
        );
        for (class, d) in by_class {
            let _ = write!(out, r#"<path fill="{}" d="{d}"/>"#, fill(class));
        }
        out.push_str("</g>");
    }
}

/// Writes `text` at (`x`, `y`) in the picture's small font.
pub fn text(out: &mut String, x: f64, y: f64, text: &str) {
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" font-size="11" font-family="sans-serif">{}</text>"#,
        fmt(x),
        fmt(y),
        escape(text)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup_characters() {
        assert_eq!(
            escape(r#"<a href="x">&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn runs_merge_equal_neighbours_and_skip_zero() {
        let r = Raster {
            width: 4,
            height: 2,
            cells: vec![1, 1, 0, 2, 3, 3, 3, 3],
        };
        assert_eq!(r.runs(), vec![(0, 0, 2, 1), (0, 3, 1, 2), (1, 0, 4, 3)]);
    }

    #[test]
    fn ramp_ends_are_the_stops() {
        assert_eq!(ramp(0.0), "#440154");
        assert_eq!(ramp(1.0), "#fde725");
        assert_eq!(fmt(2.50), "2.5");
        assert_eq!(fmt(3.0), "3");
    }
}
