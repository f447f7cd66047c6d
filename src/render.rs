//! (work in progress)
