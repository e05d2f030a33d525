//! What the integration tests share: jurybox started as a user starts it, and the
//! data every test feeds it, read from the repository rather than pasted.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// The repository's root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// tetris3d's sample input (`corpus/tetris3d/samples/sample1.in`, answer 6).
pub fn tetris3d_sample() -> &'static str {
    static SAMPLE: OnceLock<String> = OnceLock::new();
    SAMPLE.get_or_init(|| {
        std::fs::read_to_string(root().join("corpus/tetris3d/samples/sample1.in"))
            .expect("the corpus has tetris3d's sample")
    })
}

/// Lossy text of a program's output, for messages and comparisons.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The jurybox binary with piped stdio and every job scheduler's shard variables
/// removed: a test run under CI (GitLab sets CI_NODE_TOTAL) must not become a
/// shard.
pub fn jurybox_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_jurybox"));
    for var in jurybox_judging::shard::VARIABLES {
        command.env_remove(var);
    }
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `stdin` written to it and waits for it.
pub fn output_of(mut command: Command, stdin: &str) -> Output {
    let mut child = command.spawn().expect("jurybox runs");
    // jurybox may exit (a usage error) before reading its input: a broken pipe here
    // is the race of a fast exit, not a failure.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

/// `jurybox ARGS < stdin`.
pub fn jurybox(args: &[&str], stdin: &str) -> Output {
    jurybox_env(args, stdin, &[])
}

/// `jurybox ARGS < stdin` with `env` set.
pub fn jurybox_env(args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Output {
    let mut command = jurybox_command();
    command.envs(env.iter().copied()).args(args);
    output_of(command, stdin)
}

/// Copies the directory `from` (a test package) to `to`, recursively; a
/// symbolic link stays one (a test linked into a second group, as
/// testdata_tools links it, stays a link there).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&path).unwrap(), &target).unwrap();
        } else if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}
