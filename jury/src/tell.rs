//! Where a judging command's lines go. A library never prints: what a long
//! job has to say as it goes (a note on what could not be used, a result line
//! as soon as it is known) is told to its caller, which draws it, in the
//! order told. The binary's [`Tell`] writes results to standard output and
//! notes to standard error; a caller that wants no lines passes [`Quiet`].

/// A caller that draws what a judging command says.
pub trait Tell: Sync {
    /// A line of the command's result (the binary: standard output).
    fn out(&self, line: &str);
    /// A note on the way (the binary: standard error).
    fn note(&self, line: &str);
}

/// A caller that draws nothing.
pub struct Quiet;

impl Tell for Quiet {
    fn out(&self, _: &str) {}
    fn note(&self, _: &str) {}
}
