//! The suite plans and the spec's samples, built into the binary by `build.rs`.

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

use jurybox_packager::suite_tests::Sample;

/// The spec's samples of `name`, as `corpus/NAME/samples/` held them when this
/// binary was built: the one way the binary reads samples.
pub fn samples_of(name: &str) -> Vec<Sample> {
    SAMPLES
        .iter()
        .filter(|(p, ..)| *p == name)
        .map(|(_, sample, input, answer)| Sample {
            name: sample.to_string(),
            input: input.to_vec(),
            answer: answer.to_vec(),
        })
        .collect()
}
