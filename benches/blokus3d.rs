//! Blokus 3D engines: `fast` on the maximal family (T = 20, N = 600, K = 50,
//! 100 × 100), and fast against naive on a mid-size game measured in the same run,
//! so that the ratio means something on a shared machine (the target: fast
//! at least 50× naive there). Inputs come from the `maximal` family, fixed seeds.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use jurybox_core::blokus3d::{fast, naive, Answer, Blokus3d, Input};
use jurybox_generators::{family_named, parse_options};
use std::hint::black_box;
use std::time::Duration;

fn maximal(options: &[&str], seed: u64) -> Input {
    let f = family_named::<Blokus3d>("maximal").expect("the maximal family exists");
    let args: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    let options = parse_options(f.name, f.params, &args).expect("valid options");
    f.make(&options, seed)
}

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("blokus3d");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));

    let big = maximal(&[], 1);
    group.bench_with_input(
        BenchmarkId::new("fast", "maximal T=20"),
        &big,
        |b, input| b.iter(|| fast::solve(black_box(input))),
    );

    let mid = maximal(&["t=1", "x=50", "y=50"], 1);
    assert_eq!(
        fast::solve(&mid),
        naive::solve(&mid),
        "fast and naive disagree"
    );
    for (engine, solve) in [
        ("fast", fast::solve as fn(&Input) -> Answer),
        ("naive", naive::solve),
    ] {
        group.bench_with_input(
            BenchmarkId::new(engine, "K=50 50x50 N=600"),
            &mid,
            |b, i| b.iter(|| solve(black_box(i))),
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots().nresamples(5_000);
    targets = engines
}
criterion_main!(benches);
