//! proptest: the three Tetris 3D engines agree on small inputs; on a disagreement
//! proptest shrinks the input before printing it.

use jurybox_core::tetris3d::{fast, grid, naive, Block, Input};
use proptest::prelude::*;

/// A block that fits a `d × s` platform.
fn block(d: u32, s: u32, max_w: u32) -> impl Strategy<Value = Block> {
    (0..d, 0..s).prop_flat_map(move |(x, y)| {
        (1..=d - x, 1..=s - y, 1..=max_w).prop_map(move |(bd, bs, w)| Block {
            d: bd,
            s: bs,
            w,
            x,
            y,
        })
    })
}

fn input(max_side: u32, max_n: usize, max_w: u32) -> impl Strategy<Value = Input> {
    (1..=max_side, 1..=max_side).prop_flat_map(move |(d, s)| {
        prop::collection::vec(block(d, s, max_w), 1..=max_n).prop_map(move |blocks| Input {
            d,
            s,
            blocks,
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn engines_agree_on_tiny_platforms(input in input(10, 12, 5)) {
        let expected = naive::solve(&input);
        prop_assert_eq!(fast::solve(&input), expected);
        prop_assert_eq!(grid::solve(&input), expected);
    }

    #[test]
    fn engines_agree_on_larger_platforms(input in input(70, 40, 100_000)) {
        let expected = naive::solve(&input);
        prop_assert_eq!(fast::solve(&input), expected);
        prop_assert_eq!(grid::solve(&input), expected);
    }
}

#[test]
fn answers_beyond_32_bits_are_exact() {
    // Extended limits: 5000 blocks of height 10^6 on one cell reach 5·10^9 > 2^32.
    let blocks = vec![
        Block {
            d: 1,
            s: 1,
            w: 1_000_000,
            x: 0,
            y: 0
        };
        5000
    ];
    let input = Input {
        d: 2048,
        s: 2048,
        blocks,
    };
    assert_eq!(naive::solve(&input), 5_000_000_000);
    assert_eq!(fast::solve(&input), 5_000_000_000);
}
