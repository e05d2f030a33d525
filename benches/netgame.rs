//! Network game engines, measured in one run so that ratios mean something on a
//! shared machine: fast against cells on the 20-cell 5 × 4 block (naive cannot
//! run it: 49 cuttable ropes), all three on a 3 × 2 block (17 ropes), and fast
//! alone on extended inputs of 100 000 ropes (`many`: small pieces; `dense`:
//! 2000 tiles of up to 24 cells). Inputs come from the generator families with
//! fixed seeds.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use jurybox_core::netgame::{cells, fast, naive, Answer, Input, Netgame};
use jurybox_generators::{family_named, parse_options};
use std::hint::black_box;
use std::time::Duration;

/// Inputs of `family` with `options`, one per seed.
fn inputs(family: &str, options: &[&str], seeds: std::ops::Range<u64>) -> Vec<Input> {
    let f = family_named::<Netgame>(family).expect("the netgame family exists");
    let args: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let options = parse_options(f.name, f.params, &args).expect("valid options");
    seeds.map(|seed| f.make(&options, seed)).collect()
}

type Solve = fn(&Input) -> Answer;

fn bench_set(c: &mut Criterion, name: &str, inputs: &[Input], engines: &[(&str, Solve)]) {
    let first: Vec<Answer> = inputs.iter().map(engines[0].1).collect();
    for (engine, solve) in &engines[1..] {
        let got: Vec<Answer> = inputs.iter().map(solve).collect();
        assert_eq!(got, first, "{engine} and {} disagree", engines[0].0);
    }
    let mut group = c.benchmark_group(format!("netgame/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3));
    for &(engine, solve) in engines {
        group.bench_with_input(BenchmarkId::from_parameter(engine), inputs, |b, all| {
            b.iter(|| {
                all.iter()
                    .map(|i| black_box(solve(black_box(i))))
                    .collect::<Vec<_>>()
            })
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    let block = inputs("block", &[], 0..4);
    bench_set(
        c,
        "block-5x4",
        &block,
        &[("fast", fast::solve), ("cells", cells::solve)],
    );
    let small = inputs("block", &["w=3", "h=2"], 0..4);
    bench_set(
        c,
        "block-3x2",
        &small,
        &[
            ("fast", fast::solve),
            ("cells", cells::solve),
            ("naive", naive::solve),
        ],
    );
    let many = inputs("many", &["n=100000"], 1..2);
    bench_set(c, "many-100000", &many, &[("fast", fast::solve)]);
    let dense = inputs("dense", &["tiles=2000", "n=50"], 1..2);
    bench_set(c, "dense-2000-tiles", &dense, &[("fast", fast::solve)]);
}

criterion_group!(netgame, benches);
criterion_main!(netgame);
