//! Each mutant carries its bug and nothing else: the wrong ones differ from the
//! reference exactly where the spec says, the slow ones agree with it everywhere.

use super::{closed, d_for_s, inclusive, quadtree, rowtrees, unmixed};
use crate::tetris3d::{naive, Block, Input};

fn block(d: u32, s: u32, w: u32, x: u32, y: u32) -> Block {
    Block { d, s, w, x, y }
}

/// Two blocks side by side: right answer 2; closed or inclusive footprints stack
/// the second on the first.
fn neighbours() -> Input {
    Input {
        d: 4,
        s: 2,
        blocks: vec![block(2, 2, 1, 0, 0), block(2, 2, 2, 2, 0)],
    }
}

/// A horizontal bar, then a vertical one crossing it: a mixed case for a 2-D tree.
fn crossing() -> Input {
    Input {
        d: 8,
        s: 8,
        blocks: vec![block(8, 1, 5, 0, 3), block(1, 8, 1, 5, 0)],
    }
}

/// Small pseudo-random inputs (a fixed LCG: core draws no random numbers).
fn small_inputs() -> Vec<Input> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |below: u32| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % u64::from(below)) as u32
    };
    (0..400)
        .map(|_| {
            let (d, s) = (1 + next(13), 1 + next(13));
            let blocks = (0..1 + next(15))
                .map(|_| {
                    let (x, y) = (next(d), next(s));
                    block(1 + next(d - x), 1 + next(s - y), 1 + next(4), x, y)
                })
                .collect();
            Input { d, s, blocks }
        })
        .collect()
}

#[test]
fn wrong_mutants_fail_where_the_spec_says() {
    assert_eq!(naive::solve(&neighbours()), 2);
    assert_eq!(closed::solve(&neighbours()), 3);
    assert_eq!(inclusive::solve(&neighbours()), 3);
    assert_eq!(unmixed::solve(&neighbours()), 2);
    assert_eq!(naive::solve(&crossing()), 6);
    assert_eq!(unmixed::solve(&crossing()), 5);
    assert_eq!(closed::solve(&crossing()), 6);
    // A 2 x 5 platform whose tallest block stands in row 4 ≥ D: reading rows y < D
    // sees only the low one.
    let tall_far = Input {
        d: 2,
        s: 5,
        blocks: vec![block(2, 2, 1, 0, 0), block(1, 1, 7, 1, 4)],
    };
    assert_eq!(naive::solve(&tall_far), 7);
    assert_eq!(d_for_s::solve(&tall_far), 1);
}

#[test]
fn d_for_s_is_wrong_only_when_d_is_below_s() {
    let mut wrong = 0;
    for input in small_inputs() {
        if d_for_s::solve(&input) != naive::solve(&input) {
            assert!(input.d < input.s, "wrong with D >= S: {input:?}");
            wrong += 1;
        }
    }
    assert!(wrong > 0, "never wrong");
}

#[test]
fn wrong_mutants_are_wrong_often_but_not_always() {
    let inputs = small_inputs();
    for (name, mutant) in [
        ("closed", closed::solve as fn(&Input) -> u64),
        ("inclusive", inclusive::solve),
        ("unmixed", unmixed::solve),
    ] {
        let wrong = inputs
            .iter()
            .filter(|i| mutant(i) != naive::solve(i))
            .count();
        assert!(
            (20..380).contains(&wrong),
            "{name}: wrong on {wrong} of 400"
        );
    }
}

#[test]
fn slow_mutants_are_right() {
    for input in small_inputs().iter().chain([&neighbours(), &crossing()]) {
        let right = naive::solve(input);
        assert_eq!(quadtree::solve(input), right, "quadtree {input:?}");
        assert_eq!(rowtrees::solve(input), right, "rowtrees {input:?}");
    }
}
