//! Whether this machine counts instructions retired for jurybox
//! (`perf_event_open(2)`, a hardware counter): a count that does not move with
//! the machine's load, the other measure issue 45 asks a limit's derivation to
//! compare its CPU times with. Many virtual machines expose no hardware
//! counter (`perf stat -e instructions true` says `<not supported>`), and
//! `perf_event_paranoid` may forbid it: either way it is said once, never an
//! error. The probe opens a counter on jurybox's own thread and closes it.
//!
//! Source: perf_event_open(2); `struct perf_event_attr` of
//! `linux/perf_event.h` (its first 64 bytes, `PERF_ATTR_SIZE_VER0`, are enough
//! for a counting event).

/// `PERF_TYPE_HARDWARE`.
const TYPE_HARDWARE: u32 = 0;
/// `PERF_COUNT_HW_INSTRUCTIONS`.
const HW_INSTRUCTIONS: u64 = 1;
/// `PERF_ATTR_SIZE_VER0`.
const ATTR_SIZE: usize = 64;
/// `exclude_kernel` (bit 5) and `exclude_hv` (bit 6) of the flags word.
const USER_ONLY: u64 = (1 << 5) | (1 << 6);

/// `Ok` when an instructions counter opens here, else why not (once, for a
/// line such as "instructions retired: not counted (...)").
pub fn available() -> Result<(), String> {
    let mut attr = [0u8; ATTR_SIZE];
    attr[0..4].copy_from_slice(&TYPE_HARDWARE.to_ne_bytes());
    attr[4..8].copy_from_slice(&(ATTR_SIZE as u32).to_ne_bytes());
    attr[8..16].copy_from_slice(&HW_INSTRUCTIONS.to_ne_bytes());
    attr[40..48].copy_from_slice(&USER_ONLY.to_ne_bytes());
    // SAFETY: `attr` is a perf_event_attr of the size it states, alive for the
    // call; pid 0 and cpu -1 count this thread on any CPU, no group, no flags.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_perf_event_open,
            attr.as_ptr(),
            0 as libc::pid_t,
            -1 as libc::c_int,
            -1 as libc::c_int,
            0 as libc::c_ulong,
        )
    };
    if fd < 0 {
        let error = std::io::Error::last_os_error();
        let why = match error.raw_os_error() {
            Some(libc::ENOENT) | Some(libc::EOPNOTSUPP) | Some(libc::ENODEV) => {
                "this machine exposes no hardware instructions counter".to_string()
            }
            Some(libc::EACCES) | Some(libc::EPERM) => {
                "perf_event_paranoid forbids it to this user".to_string()
            }
            _ => format!("perf_event_open failed: {error}"),
        };
        return Err(why);
    }
    // SAFETY: a descriptor the call above just returned, closed once.
    unsafe { libc::close(fd as libc::c_int) };
    Ok(())
}
