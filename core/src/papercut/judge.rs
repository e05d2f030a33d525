//! The checker. It trusts neither the candidate nor the engine it comes from: it
//! rebuilds the position from the input ([`Position`], merged intervals in u64, never
//! unit segments), plays the candidate's move on it and asks whether the XOR of the
//! heaps is then 0. The reference answer is only checked for consistency: a jury
//! answer the position contradicts is a checker failure, testlib's verdict for a
//! jury that is wrong.

use super::lines::Position;
use super::{Answer, Input, Line, Move};
use crate::Judgement;

/// Judges `candidate` on `input`; `reference` is the jury's answer.
pub fn judge(input: &Input, reference: &Answer, candidate: &Answer) -> Judgement {
    let position = Position::of(input);
    let x = position.xor();
    match reference {
        Answer::Second if x != 0 => {
            return Judgement::Fail(format!(
                "the jury says SECOND, but the XOR of the heaps is {x}: the first player wins"
            ))
        }
        Answer::First(_) if x == 0 => {
            return Judgement::Fail(
                "the jury says FIRST, but the XOR of the heaps is 0: the second player wins".into(),
            )
        }
        Answer::First(m) => {
            if let Err(why) = check_move(&position, x, m) {
                return Judgement::Fail(format!("the jury's move is not a winning move: {why}"));
            }
        }
        Answer::Second => {}
    }
    match candidate {
        Answer::Second if x == 0 => Judgement::Accepted,
        Answer::Second => Judgement::WrongAnswer(format!(
            "SECOND, but the first player wins: the XOR of the heaps is {x}"
        )),
        Answer::First(m) => match check_move(&position, x, m) {
            Ok(()) => Judgement::Accepted,
            Err(why) if x == 0 => Judgement::WrongAnswer(format!(
                "FIRST, but the second player wins (the XOR of the heaps is 0); the move {why}"
            )),
            Err(why) => Judgement::WrongAnswer(format!("the move {why}")),
        },
    }
}

/// The line `mv` lies on and its span `[lo, hi)`, or why it is not a legal cut of
/// an n × m sheet (out of the sheet, slanted, a point, along the border).
pub fn line_of(n: u64, m: u64, mv: &Move) -> Result<(Line, u64, u64), String> {
    let shown = shown(mv);
    let in_range = |v: i64, side: u64| (0..=side as i64).contains(&v);
    if ![mv.xb, mv.xe].iter().all(|&x| in_range(x, n))
        || ![mv.yb, mv.ye].iter().all(|&y| in_range(y, m))
    {
        return Err(format!("{shown} leaves the sheet [0, {n}] x [0, {m}]"));
    }
    let (xb, yb, xe, ye) = (mv.xb as u64, mv.yb as u64, mv.xe as u64, mv.ye as u64);
    match (xb == xe, yb == ye) {
        (true, true) => Err(format!("{shown} has zero length")),
        (false, false) => Err(format!("{shown} is neither vertical nor horizontal")),
        (true, false) if xb == 0 || xb == n => {
            Err(format!("{shown} lies along the border x = {xb}"))
        }
        (false, true) if yb == 0 || yb == m => {
            Err(format!("{shown} lies along the border y = {yb}"))
        }
        (true, false) => Ok((Line::Vertical(xb as u32), yb.min(ye), yb.max(ye))),
        (false, true) => Ok((Line::Horizontal(yb as u32), xb.min(xe), xb.max(xe))),
    }
}

/// Checks that `mv` is legal in `position` (whose XOR is `x`) and leaves XOR 0.
/// The error completes the sentence "the move ...".
pub fn check_move(position: &Position, x: u64, mv: &Move) -> Result<(), String> {
    let (line, lo, hi) = line_of(position.n, position.m, mv)?;
    let fresh = (hi - lo) - position.covered(line, lo, hi);
    if fresh == 0 {
        return Err(format!(
            "{} cuts nothing new: all of it is already cut",
            shown(mv)
        ));
    }
    let heap = position.heap(line);
    let after = x ^ heap ^ (heap - fresh);
    if after != 0 {
        return Err(format!(
            "{} takes {fresh} of the {heap} uncut units of its line and leaves the \
             XOR of the heaps at {after}, not 0",
            shown(mv)
        ));
    }
    Ok(())
}

/// A move as the candidate printed it.
fn shown(mv: &Move) -> String {
    format!("{} {} {} {}", mv.xb, mv.yb, mv.xe, mv.ye)
}
