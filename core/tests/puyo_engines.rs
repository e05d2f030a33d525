//! proptest: every kernel of the fast Puyo engine (portable, SSE2, BMI2: those this
//! CPU runs) agrees with the naive reference on settled screens; on a disagreement
//! proptest shrinks the screen before printing it. The corpus test runs the
//! registered engines `fast` (the best kernel) and `fast-portable` on every file.

use jurybox_core::puyo::{fast, naive, Screen, COLOURS};
use proptest::prelude::*;

/// A settled screen of `w × h`: each column a stack of heights and colours drawn
/// from `colours` colours (few colours make long chains).
fn screen(
    widths: std::ops::RangeInclusive<usize>,
    heights: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Screen> {
    (widths, heights, 1..=COLOURS.len()).prop_flat_map(|(w, h, colours)| {
        let column = (0..=h, prop::collection::vec(0..colours, h));
        prop::collection::vec(column, w).prop_map(move |columns| {
            let mut s = Screen::empty(w, h);
            for (c, (height, cells)) in columns.into_iter().enumerate() {
                for (k, &colour) in cells.iter().take(height).enumerate() {
                    s.set(h - 1 - k, c, COLOURS[colour]);
                }
            }
            s
        })
    })
}

fn check(s: &Screen) -> Result<(), TestCaseError> {
    let want = naive::solve(s);
    for kernel in fast::Kernel::available() {
        prop_assert_eq!(&fast::solve_with(s, kernel), &want, "kernel {:?}", kernel);
    }
    prop_assert_eq!(&fast::solve(s), &want);
    prop_assert_eq!(&fast::solve_portable(s), &want);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn kernels_agree_on_lane_sized_screens(s in screen(1..=8, 1..=15)) {
        check(&s)?;
    }

    #[test]
    fn kernels_agree_on_official_screens(s in screen(6..=6, 13..=13)) {
        check(&s)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn engines_agree_on_extended_screens(s in screen(1..=64, 1..=64)) {
        check(&s)?;
    }
}

#[test]
fn the_best_kernel_is_available() {
    let available = fast::Kernel::available();
    assert!(available.contains(&fast::Kernel::best()));
    assert_eq!(available[0], fast::Kernel::Portable);
    assert_eq!(
        available.contains(&fast::Kernel::Bmi2),
        fast::bmi2_available()
    );
}

/// Every kernel on every corpus file (samples and regressions), judged against its
/// `.ans`: the corpus test runs the registered engines, which cover only the best
/// kernel and the portable one.
#[test]
fn every_kernel_passes_every_corpus_file() {
    use jurybox_core::{puyo::Puyo, Constraints, Problem};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/puyo");
    let mut files = 0;
    for dir in ["samples", "regressions"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "in") {
                continue;
            }
            let input = std::fs::read(&path).unwrap();
            let answer = std::fs::read(path.with_extension("ans")).unwrap();
            let screen = Puyo::parse_input(&input, Constraints::Extended).unwrap();
            let expected = Puyo::parse_answer(&screen, &answer).unwrap();
            for kernel in fast::Kernel::available() {
                assert_eq!(
                    fast::solve_with(&screen, kernel),
                    expected,
                    "{} with {kernel:?}",
                    path.display()
                );
            }
            files += 1;
        }
    }
    assert!(files >= 3, "the three samples at least");
}
