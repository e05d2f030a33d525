//! A package judged as `jurybox run PACKAGE` judges it, for every command
//! that takes one: opened ([`open`]: read, a Polygon package prepared, its
//! tests loaded), its stated limit seen on this machine
//! ([`scale_to_this_machine`]), judged ([`judge_package`]: the limit derived,
//! then the matrix under it), and whether a submission that must time out is
//! told apart from the accepted ones ([`separable`]).

mod judge;
mod open;
mod scale;
mod separable;

pub use judge::{judge_package, Judged};
pub use open::{open, read_prepared, tell_built, OpenError};
pub use scale::{measure, scale_to_this_machine};
pub use separable::{separable, Separable};
