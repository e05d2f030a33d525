//! Ctrl-C and SIGTERM: the first asks the work in progress to stop (programs are
//! killed, a failure found is still saved, the summary is printed, exit 130); a
//! second one ends jurybox at once.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The flag set by the first SIGINT or SIGTERM (handlers installed on first call).
pub fn flag() -> &'static AtomicBool {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
            // The order matters: the shutdown check sees the flag before the first
            // signal sets it, so only a second signal exits at once.
            let _ = signal_hook::flag::register_conditional_shutdown(signal, 130, flag.clone());
            let _ = signal_hook::flag::register(signal, flag.clone());
        }
        flag
    })
}
