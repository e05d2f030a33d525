//! Families without a planted structure: `random`, `empty`, `full-no-group`.

use super::stacks::{palette, size, Stacks};
use crate::{Options, Rng};
use jurybox_core::puyo::Screen;

/// Each column a stack of random colours whose height averages `fill` percent of
/// the screen: uniform in `[0, 2m]` or `[2m - H, H]` around the mean `m`, so
/// `fill=0` is empty, `fill=100` is full, and the heights in between vary.
pub(crate) fn random(options: &Options, rng: &mut Rng) -> Screen {
    let (w, h) = size(options);
    let fill = options.get_usize("fill").min(100);
    let colours = palette(options.get_usize("colours"), rng);
    let mean2 = 2 * fill * h / 100;
    let (lo, hi) = if mean2 <= h {
        (0, mean2)
    } else {
        (mean2 - h, h)
    };
    let mut stacks = Stacks::new(w, h);
    for col in &mut stacks.cols {
        let n = rng.range_usize(lo, hi);
        col.extend((0..n).map(|_| *rng.pick(&colours)));
    }
    stacks.to_screen()
}

/// No puyo at all: zero links, the screen printed back unchanged.
pub(crate) fn empty(options: &Options, _: &mut Rng) -> Screen {
    let (w, h) = size(options);
    Screen::empty(w, h)
}

/// Every cell filled, no group of four: filled bottom-up, left to right, each puyo
/// a random colour that keeps its group at most three. With two colours that can
/// get stuck; then the whole screen is a checkerboard of the two colours instead.
/// With one colour (raised to two) only screens of at most three cells stay
/// group-free, so larger ones use two colours as well.
pub(crate) fn full_no_group(options: &Options, rng: &mut Rng) -> Screen {
    let (w, h) = size(options);
    let colours = palette(options.get_usize("colours").max(2), rng);
    let mut stacks = Stacks::new(w, h);
    for _ in 0..h {
        for x in 0..w {
            let mut order = colours.clone();
            rng.shuffle(&mut order);
            let fits = order.into_iter().find(|&c| {
                stacks.cols[x].push(c);
                let ok = stacks.group_size(x, stacks.len(x) - 1, 4) < 4;
                stacks.cols[x].pop();
                ok
            });
            match fits {
                Some(c) => stacks.cols[x].push(c),
                None => return checkerboard(w, h, &colours),
            }
        }
    }
    stacks.to_screen()
}

/// Alternating two colours: every group is a single puyo.
fn checkerboard(w: usize, h: usize, colours: &[u8]) -> Screen {
    let mut stacks = Stacks::new(w, h);
    for (x, col) in stacks.cols.iter_mut().enumerate() {
        col.extend((0..h).map(|y| colours[(x + y) % 2]));
    }
    stacks.to_screen()
}
