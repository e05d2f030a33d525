//! The validator: `D S N` then N lines `d s w x y`, single spaces, `\n` line ends.

use super::{Block, Bounds, Input};
use crate::scan::{check_range, Scanner};
use crate::ParseError;

/// Parses `text`, enforcing `bounds` and the geometry (`x + d ≤ D`, `y + s ≤ S`).
pub(super) fn parse(text: &[u8], bounds: Bounds) -> Result<Input, ParseError> {
    let mut sc = Scanner::new(text);
    let (d, at) = sc.uint("D")?;
    let d = check_range(d, 1, bounds.max_side, "D", at)? as u32;
    sc.space()?;
    let (s, at) = sc.uint("S")?;
    let s = check_range(s, 1, bounds.max_side, "S", at)? as u32;
    sc.space()?;
    let (n, at) = sc.uint("N")?;
    let n = check_range(n, 1, bounds.max_n, "N", at)? as usize;
    let mut blocks = Vec::with_capacity(n);
    for _ in 0..n {
        sc.newline()?;
        blocks.push(parse_block(&mut sc, d, s, bounds)?);
    }
    sc.finish()?;
    Ok(Input { d, s, blocks })
}

fn parse_block(
    sc: &mut Scanner,
    big_d: u32,
    big_s: u32,
    bounds: Bounds,
) -> Result<Block, ParseError> {
    let (d, at) = sc.uint("d")?;
    let d = check_range(d, 1, u64::from(big_d), "d", at)? as u32;
    sc.space()?;
    let (s, at) = sc.uint("s")?;
    let s = check_range(s, 1, u64::from(big_s), "s", at)? as u32;
    sc.space()?;
    let (w, at) = sc.uint("w")?;
    let w = check_range(w, 1, bounds.max_w, "w", at)? as u32;
    sc.space()?;
    let (x, at) = sc.uint("x")?;
    fits(x, d, big_d, ["x", "d", "D"], at)?;
    sc.space()?;
    let (y, at) = sc.uint("y")?;
    fits(y, s, big_s, ["y", "s", "S"], at)?;
    Ok(Block {
        d,
        s,
        w,
        x: x as u32,
        y: y as u32,
    })
}

/// Checks that a footprint starting at `start` with length `len` stays on a side
/// of length `side`; `names` are the spec's letters for the three.
fn fits(
    start: u64,
    len: u32,
    side: u32,
    names: [&str; 3],
    at: crate::error::Position,
) -> Result<(), ParseError> {
    let end = start.saturating_add(u64::from(len));
    if end > u64::from(side) {
        let [p, l, sd] = names;
        return Err(ParseError::new(
            at,
            format!("{p} + {l} = {end} exceeds {sd} = {side}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::tetris3d::Tetris3d;
    use crate::{Constraints, Problem};

    fn error(text: &str) -> String {
        Tetris3d::parse_input(text.as_bytes(), Constraints::Official)
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn footprint_past_the_platform_names_the_rule() {
        assert_eq!(
            error("1000 5 2\n1 1 1 0 0\n2 1 1 999 0\n"),
            "line 3, column 7: x + d = 1001 exceeds D = 1000"
        );
    }

    #[test]
    fn limits_depend_on_the_mode() {
        let text = "2048 1 1\n1 1 1000000 0 0\n";
        assert!(error(text).contains("D = 2048 exceeds the limit 1000"));
        let input = Tetris3d::parse_input(text.as_bytes(), Constraints::Extended).unwrap();
        assert_eq!(input.d, 2048);
    }

    #[test]
    fn missing_and_extra_lines_are_reported() {
        assert_eq!(
            error("3 3 2\n1 1 1 0 0"),
            "line 2, column 10: expected end of line, found end of input"
        );
        assert_eq!(
            error("3 3 1\n1 1 1 0 0\n1 1 1 0 0\n"),
            "line 3, column 1: expected end of input, found '1'"
        );
    }

    #[test]
    fn zero_sizes_and_double_spaces_are_rejected() {
        assert!(error("3 3 1\n0 1 1 0 0\n").contains("d = 0 is below the minimum 1"));
        assert!(error("3 3  1\n1 1 1 0 0\n").starts_with("line 1, column 5: expected N"));
    }
}
