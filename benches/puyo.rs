//! Puyo engines, fast (bitboards) against naive (flood fill on a character grid),
//! measured in the same run so that the ratio means something on a shared machine.
//!
//! Issue 3's targets: fast at least 5× naive on random 6 × 13 screens, and at least
//! 20× on 64 × 64 screens with long chains. Issue 10's set, `official-6x13`: 2 000
//! screens of 6 × 13 in four colours with the 13th row empty (so that the real
//! game's hidden-row rule changes nothing and public simulators can run the same
//! screens), half `chain`, half `random fill=100`, about ten links on average:
//! target fast ≥ 50× naive, aim 80×. Inputs come from the generator families with
//! fixed options and seeds, so every run times the same screens.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use jurybox_core::puyo::{fast, naive, Answer, Puyo, Screen};
use jurybox_generators::{family_named, parse_options};
use std::hint::black_box;
use std::time::Duration;

/// Screens of family `family` with `options`, one per seed.
fn screens(family: &str, options: &[&str], seeds: std::ops::Range<u64>) -> Vec<Screen> {
    let f = family_named::<Puyo>(family).expect("the puyo family exists");
    let args: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let options = parse_options(f.name, f.params, &args).expect("valid options");
    seeds.map(|seed| f.make(&options, seed)).collect()
}

fn total_chains(solve: fn(&Screen) -> Answer, screens: &[Screen]) -> u32 {
    screens.iter().map(|s| solve(black_box(s)).chains).sum()
}

fn bench_set(c: &mut Criterion, name: &str, screens: &[Screen]) {
    let chains = total_chains(naive::solve, screens);
    assert_eq!(
        total_chains(fast::solve, screens),
        chains,
        "fast and naive disagree"
    );
    let mut lengths: Vec<u32> = screens.iter().map(|s| naive::solve(s).chains).collect();
    lengths.sort_unstable();
    eprintln!(
        "{name}: {} screens, {chains} links in all, longest {:?}",
        screens.len(),
        lengths.last()
    );
    let mut group = c.benchmark_group(format!("puyo/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(screens.len() as u64));
    for (engine, solve) in [
        ("fast", fast::solve as fn(&Screen) -> Answer),
        ("naive", naive::solve),
    ] {
        group.bench_with_input(BenchmarkId::from_parameter(engine), screens, |b, s| {
            b.iter(|| total_chains(solve, s))
        });
    }
    group.finish();
}

/// `screens` of 6 × 12 with an empty 13th row put on top.
fn under_an_empty_row(screens: Vec<Screen>) -> Vec<Screen> {
    screens
        .into_iter()
        .map(|s| {
            let mut cells = vec![b' '; s.width];
            cells.extend_from_slice(&s.cells);
            Screen {
                width: s.width,
                height: s.height + 1,
                cells,
            }
        })
        .collect()
}

fn benches(c: &mut Criterion) {
    let mut official = screens(
        "chain",
        &["width=6", "height=12", "colours=4", "links=24"],
        0..1000,
    );
    official.extend(screens(
        "random",
        &["width=6", "height=12", "fill=100", "colours=4"],
        0..1000,
    ));
    bench_set(c, "official-6x13", &under_an_empty_row(official));
    let mut random = screens("random", &["width=6", "height=13", "fill=70"], 0..128);
    random.extend(screens(
        "random",
        &["width=6", "height=13", "fill=100", "colours=4"],
        0..128,
    ));
    bench_set(c, "random-6x13", &random);
    let chains = screens("chain", &["width=64", "height=64"], 0..4);
    bench_set(c, "chain-64x64", &chains);
}

criterion_group!(puyo, benches);
criterion_main!(puyo);
