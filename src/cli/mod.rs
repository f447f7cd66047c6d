//! The `wordsnap` command line (work in progress).
