//! The aimed families kill the spec's known wrong and slow solutions: each test
//! runs the mutant engine of `jurybox_core::netgame::mutants` (or, for the slow one,
//! a node-counting copy of it) on the family and has the checker reject it, and
//! checks the hand analysis each family is built on with the reference engines.
//! (Generators never call solvers; only these tests do.)

use super::{aimed, block, random};
use crate::{Family, Options};
use jurybox_core::netgame::net::Net;
use jurybox_core::netgame::{cells, mutants, Answer, Input, Netgame};
use jurybox_core::Problem;

/// Inputs of `family` at its defaults, seeds `0..n`.
fn inputs(family: &Family<Netgame>, n: u64) -> Vec<Input> {
    let options = Options::defaults(family.params);
    (0..n).map(|seed| family.make(&options, seed)).collect()
}

/// True when the checker rejects `mutant`'s answer (the reference is `cells`).
fn kills(input: &Input, mutant: fn(&Input) -> Answer) -> bool {
    let reference = cells::solve(input);
    !Netgame::judge(input, &reference, &mutant(input)).is_accepted()
}

/// The winning ropes of `input` (1-based), by the checker over every rope.
fn winning_ropes(input: &Input) -> Vec<i64> {
    let reference = cells::solve(input);
    (1..=input.ropes.len() as i64)
        .filter(|&k| Netgame::judge(input, &reference, &Answer::Win(k)).is_accepted())
        .collect()
}

#[test]
fn rare_has_exactly_one_winning_rope_and_kills_unchecked() {
    for input in inputs(&aimed::RARE, 10) {
        assert_eq!(winning_ropes(&input).len(), 1, "{input:?}");
        assert!(kills(&input, mutants::unchecked), "{input:?}");
    }
}

#[test]
fn parity_lies_about_the_cells_and_kills_parity_and_one_cell() {
    for mode in [0, 1] {
        let mut options = Options::defaults(aimed::PARITY.params);
        options.set("mode", mode);
        for seed in 0..6 {
            let input = aimed::PARITY.make(&options, seed);
            let cells_count = Net::new(&input).cells.len() as u64;
            assert_eq!(cells_count % 2, mode, "mode {mode}: cell parity");
            let won = matches!(cells::solve(&input), Answer::Win(_));
            assert_eq!(won, mode == 0, "mode {mode}: verdict");
            assert!(kills(&input, mutants::parity), "mode {mode} seed {seed}");
            assert!(kills(&input, mutants::one_cell), "mode {mode} seed {seed}");
        }
    }
}

#[test]
fn strips_play_kayles_and_kill_one_cell() {
    // Kayles values of 1 x k strips, k = 0..=11 (OEIS A002186).
    const KAYLES: [u32; 12] = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
    // Two strips of lengths a and b: lost iff their Kayles values are equal.
    for a in 1..=6u32 {
        for b in 1..=6u32 {
            let mut ropes = Vec::new();
            for (y, k) in [(0, a), (2, b)] {
                for x in 0..k {
                    ropes.extend(jurybox_core::netgame::net::sides_of(x, y));
                }
            }
            ropes.sort_unstable();
            ropes.dedup();
            let input = Input {
                ropes: ropes
                    .iter()
                    .map(|e| jurybox_core::netgame::Rope {
                        x1: e.x,
                        y1: e.y,
                        x2: e.x + u32::from(!e.vertical),
                        y2: e.y + u32::from(e.vertical),
                    })
                    .collect(),
            };
            let lost = cells::solve(&input) == Answer::Lose;
            assert_eq!(lost, KAYLES[a as usize] == KAYLES[b as usize], "{a} {b}");
        }
    }
    let killed = inputs(&aimed::STRIPS, 20)
        .iter()
        .filter(|input| kills(input, mutants::one_cell))
        .count();
    assert!(
        killed >= 5,
        "strips killed one-cell on {killed} of 20 seeds"
    );
}

#[test]
fn dangling_kills_any_rope() {
    for input in inputs(&random::DANGLING, 10) {
        assert_eq!(cells::solve(&input), Answer::Lose);
        assert_eq!(input.ropes.len() % 2, 1);
        assert!(kills(&input, mutants::any_rope), "{input:?}");
    }
}

/// The unmemoised cells search of `mutants::unmemoised`, counting the states it
/// visits and giving up after `budget`: `None` when it gives up.
fn unmemoised_nodes(input: &Input, budget: u64) -> Option<u64> {
    fn wins(net: &Net, state: u32, nodes: &mut u64, budget: u64) -> Option<bool> {
        *nodes += 1;
        if *nodes > budget {
            return None;
        }
        for c in (0..net.cells.len()).filter(|&c| state & 1 << c != 0) {
            for side in 0..4 {
                let other = net.across[c][side].map_or(0, |o| state & 1 << o);
                if !wins(net, state & !(1 << c) & !other, nodes, budget)? {
                    return Some(true);
                }
            }
        }
        Some(false)
    }
    let net = Net::new(input);
    let mut nodes = 0;
    let full = ((1u64 << net.cells.len()) - 1) as u32;
    wins(&net, full, &mut nodes, budget)?;
    Some(nodes)
}

#[test]
fn twenty_cell_nets_make_the_unmemoised_search_slow() {
    // The memoised cells search visits at most 2^20 states, whatever the net;
    // the unmemoised one passes twice that on the 20-cell nets of `block` and
    // `moved` (and keeps going: its count grows like the number of move
    // sequences), while it finishes a four-cell net in a handful.
    const BUDGET: u64 = 1 << 21;
    for family in [&block::BLOCK, &block::MOVED] {
        let input = inputs(family, 1).remove(0);
        assert_eq!(Net::new(&input).cells.len(), 20);
        assert_eq!(unmemoised_nodes(&input, BUDGET), None, "{}", family.name);
    }
    let mut options = Options::defaults(aimed::RARE.params);
    options.set("pairs", 1);
    let small = aimed::RARE.make(&options, 0);
    assert!(unmemoised_nodes(&small, 1000).is_some());
    // The mutant itself is right where it finishes.
    assert_eq!(mutants::unmemoised(&small), cells::solve(&small));
}
