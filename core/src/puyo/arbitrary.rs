//! Structure-aware fuzzing: every byte string becomes a small valid settled screen,
//! dense and with few colours more often than not, so that chains happen and the
//! fuzzer spends its time on engine disagreements rather than on parse errors.

use super::{Screen, COLOURS, OFFICIAL_HEIGHT, OFFICIAL_WIDTH};
use arbitrary::{Arbitrary, Result, Unstructured};

impl<'a> Arbitrary<'a> for Screen {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let (width, height) = if u.ratio(1, 2)? {
            (OFFICIAL_WIDTH, OFFICIAL_HEIGHT)
        } else {
            (u.int_in_range(1..=12)?, u.int_in_range(1..=14)?)
        };
        // Two or three colours three times in four: groups of four are then common.
        let colours = if u.ratio(3, 4)? {
            u.int_in_range(2..=3)?
        } else {
            u.int_in_range(1..=5)?
        };
        let dense = u.ratio(2, 3)?;
        let mut screen = Screen::empty(width, height);
        for col in 0..width {
            let stack = if dense && u.ratio(3, 4)? {
                height
            } else {
                u.int_in_range(0..=height)?
            };
            for k in 0..stack {
                let colour = COLOURS[u.choose_index(colours)?];
                screen.set(height - 1 - k, col, colour);
            }
        }
        Ok(screen)
    }
}
