//! The validator. `T`, then T test cases separated by one empty line; each is
//! `N K X Y` (single spaces), X board lines of Y characters '.' or '#', then N action
//! lines `id {xyz,...} (x,y)`. On action lines any number of spaces may stand before,
//! between and after the tokens and around the commas inside the braces and the
//! parentheses (the spec allows them; a cube's three digits stay together). A
//! description that is not a piece (repeated or disconnected cubes, too few or too
//! many, `{}`) is valid input; a digit above 3, a coordinate whose minimum is not 0,
//! an id outside 1..K or a location off the grid is an error naming line and column.

use super::{Action, Bounds, Game, Input};
use crate::error::Position;
use crate::scan::{check_range, describe, Scanner};
use crate::ParseError;

/// Parses `text`, enforcing `bounds`.
pub(super) fn parse(text: &[u8], bounds: Bounds) -> Result<Input, ParseError> {
    let mut sc = Scanner::new(text);
    let (t, at) = sc.uint("T")?;
    let t = check_range(t, 1, bounds.max_t, "T", at)? as usize;
    sc.newline()?;
    let mut games = Vec::with_capacity(t);
    for i in 0..t {
        if i > 0 {
            sc.byte(b'\n', "an empty line between test cases")?;
        }
        games.push(game(&mut sc, bounds, i + 1 == t)?);
    }
    sc.finish()?;
    Ok(Input { games })
}

/// One test case; `last` when it is the input's last (its last line may then end
/// without `\n`, which `finish` accepts).
fn game(sc: &mut Scanner, bounds: Bounds, last: bool) -> Result<Game, ParseError> {
    let (n, at) = sc.uint("N")?;
    let n = check_range(n, 1, bounds.max_n, "N", at)? as usize;
    sc.space()?;
    let (k, at) = sc.uint("K")?;
    let k = check_range(k, 1, bounds.max_k, "K", at)? as u32;
    sc.space()?;
    let (rows, at) = sc.uint("X")?;
    let rows = check_range(rows, 1, bounds.max_side, "X", at)? as u32;
    sc.space()?;
    let (cols, at) = sc.uint("Y")?;
    let cols = check_range(cols, 1, bounds.max_side, "Y", at)? as u32;
    sc.newline()?;
    let mut open = Vec::with_capacity((rows * cols) as usize);
    for _ in 0..rows {
        for _ in 0..cols {
            let cell = match sc.peek() {
                Some(b @ (b'.' | b'#')) => b,
                _ => {
                    return Err(sc.expected(&format!(
                        "a board cell '.' or '#' (each board line has Y = {cols})"
                    )))
                }
            };
            sc.byte(cell, "a board cell")?;
            open.push(cell == b'.');
        }
        if sc.peek() == Some(b'.') || sc.peek() == Some(b'#') {
            return Err(sc.error(format!("board line longer than Y = {cols}")));
        }
        sc.newline()?;
    }
    let mut actions = Vec::with_capacity(n);
    for i in 0..n {
        actions.push(action(sc, k, rows, cols)?);
        if !(last && i + 1 == n) {
            sc.newline()?;
        }
    }
    Ok(Game {
        k,
        rows,
        cols,
        open,
        actions,
    })
}

/// Skips any number of spaces.
fn spaces(sc: &mut Scanner) -> Result<(), ParseError> {
    while sc.peek() == Some(b' ') {
        sc.space()?;
    }
    Ok(())
}

fn action(sc: &mut Scanner, k: u32, rows: u32, cols: u32) -> Result<Action, ParseError> {
    spaces(sc)?;
    let (player, at) = sc.uint("the player id")?;
    let player = check_range(player, 1, u64::from(k), "the player id", at)? as u32;
    spaces(sc)?;
    let open_at = sc.position();
    sc.byte(b'{', "'{' (the description)")?;
    spaces(sc)?;
    let mut cubes = Vec::new();
    if sc.peek() != Some(b'}') {
        loop {
            cubes.push(cube(sc)?);
            spaces(sc)?;
            if sc.peek() == Some(b',') {
                sc.byte(b',', "','")?;
                spaces(sc)?;
            } else {
                break;
            }
        }
    }
    sc.byte(b'}', "',' or '}' after a cube")?;
    check_minimum(&cubes, open_at)?;
    spaces(sc)?;
    sc.byte(b'(', "'(' (the location)")?;
    spaces(sc)?;
    let (x, at) = sc.uint("x")?;
    if x >= u64::from(rows) {
        return Err(ParseError::new(
            at,
            format!("x = {x} is off the board (0 <= x < X = {rows})"),
        ));
    }
    spaces(sc)?;
    sc.byte(b',', "',' between x and y")?;
    spaces(sc)?;
    let (y, at) = sc.uint("y")?;
    if y >= u64::from(cols) {
        return Err(ParseError::new(
            at,
            format!("y = {y} is off the board (0 <= y < Y = {cols})"),
        ));
    }
    spaces(sc)?;
    sc.byte(b')', "')' after y")?;
    spaces(sc)?;
    Ok(Action {
        player,
        cubes,
        x: x as u32,
        y: y as u32,
    })
}

/// Three digits 0..=3.
fn cube(sc: &mut Scanner) -> Result<[u8; 3], ParseError> {
    let mut c = [0u8; 3];
    for (i, slot) in c.iter_mut().enumerate() {
        match sc.peek() {
            Some(d @ b'0'..=b'3') => {
                *slot = d - b'0';
                sc.byte(d, "a digit")?;
            }
            Some(d @ b'4'..=b'9') => {
                return Err(sc.error(format!("cube coordinate {} is above 3", describe(Some(d)))))
            }
            _ if i == 0 => return Err(sc.expected("a cube (three digits 0..3) or '}'")),
            _ => return Err(sc.expected("a digit 0..3 (a cube has three digits)")),
        }
    }
    if matches!(sc.peek(), Some(b'0'..=b'9')) {
        return Err(sc.error("a cube has exactly three digits"));
    }
    Ok(c)
}

/// The minimum of each coordinate must be 0 (checked when there is a cube).
fn check_minimum(cubes: &[[u8; 3]], at: Position) -> Result<(), ParseError> {
    for (axis, name) in ["x", "y", "z"].iter().enumerate() {
        if let Some(min) = cubes.iter().map(|c| c[axis]).min() {
            if min != 0 {
                return Err(ParseError::new(
                    at,
                    format!("the description's {name} coordinates have minimum {min}, not 0"),
                ));
            }
        }
    }
    Ok(())
}
