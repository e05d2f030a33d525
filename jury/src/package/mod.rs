//! A package judged as `jurybox run PACKAGE` judges it, for every command
//! that takes one: opened ([`open`]: read, a Polygon package prepared, its
//! tests loaded), its stated limit compared with this machine, never changed
//! ([`compare_recorded_speed`]), judged ([`judge_package`]: the limit derived,
//! then the matrix under it), and whether a submission that must time out is
//! told apart from the accepted ones ([`separable`]); a written package's
//! linked tests held to the groups they are linked into ([`unlink_refused`]).

mod judge;
mod links;
mod open;
mod scale;
mod separable;

pub use judge::{judge_package, Judged};
pub use links::{unlink_refused, Unlinked};
pub use open::{open, read_prepared, tell_built, OpenError};
pub use scale::{compare_recorded_speed, measure};
pub use separable::{separable, Separable};
