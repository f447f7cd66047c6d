//! Where the commands write: stdout through one buffered writer whose errors are recognised in
//! one place, and warnings on stderr that never fail.
//!
//! A closed pipe (`wordsnap read shot.png | head -1`) ends the command quietly with exit code 0;
//! any other write error (a full disk: `> /dev/full`) is a runtime failure (exit code 1) with a
//! clear message. Commands write with `writeln!(out, ...)?`; [`classify`] turns the error into
//! the right exit.

use super::Failure;
use std::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};

/// A write to stdout failed; wraps the OS error so [`classify`] can tell it apart from other
/// I/O errors (a word list that cannot be read, an X11 connection that broke).
#[derive(Debug)]
pub struct OutputError(pub io::Error);

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write the output: {}", self.0)
    }
}

impl std::error::Error for OutputError {}

/// Tags an error from writing to stdout as an [`OutputError`], keeping its kind.
fn tag(error: io::Error) -> io::Error {
    if is_output_error(&error) {
        return error;
    }
    io::Error::new(error.kind(), OutputError(error))
}

fn is_output_error(error: &io::Error) -> bool {
    error
        .get_ref()
        .is_some_and(|inner| inner.is::<OutputError>())
}

/// Buffered stdout whose errors are tagged as output errors.
pub struct Stdout {
    inner: BufWriter<StdoutLock<'static>>,
}

/// The command's stdout. Flush it (or let `?` carry its errors) before returning.
pub fn stdout() -> Stdout {
    Stdout {
        inner: BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(tag)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(tag)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(tag)
    }
}

impl From<io::Error> for Failure {
    /// A failed write to [`stdout`] becomes an output failure; any other I/O error stays a
    /// runtime failure as it is.
    fn from(error: io::Error) -> Failure {
        if !is_output_error(&error) {
            return Failure::runtime(anyhow::Error::new(error));
        }
        match error
            .into_inner()
            .map(|inner| inner.downcast::<OutputError>())
        {
            Some(Ok(tagged)) => Failure::runtime(anyhow::Error::new(*tagged)),
            _ => Failure::runtime(anyhow::anyhow!("cannot write the output")),
        }
    }
}

/// True when the failure is a failed write to stdout (a closed pipe, a full disk): a command
/// working through several inputs stops there instead of going on to the next.
pub fn is_output_failure(failure: &Failure) -> bool {
    failure.error.chain().any(|cause| {
        cause.is::<OutputError>()
            || cause
                .downcast_ref::<io::Error>()
                .is_some_and(is_output_error)
    })
}

/// True when the failure is a write to a closed pipe: the reader has all it wanted.
pub fn is_closed_pipe(failure: &Failure) -> bool {
    failure.error.chain().any(|cause| {
        cause
            .downcast_ref::<OutputError>()
            .is_some_and(|e| e.0.kind() == io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<io::Error>()
                .is_some_and(|e| is_output_error(e) && e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Writes a line to stderr, control characters escaped ([`crate::text::printable`]), ignoring
/// errors: a warning must never fail a command (stderr may be
/// a full disk or a closed pipe).
pub fn warn(message: fmt::Arguments<'_>) {
    let line = message.to_string();
    let mut stderr = io::stderr().lock();
    let _ = writeln!(stderr, "{}", crate::text::printable(&line));
}

/// `warning!("...", args)`: a line on stderr that never fails.
#[macro_export]
macro_rules! warning {
    ($($arg:tt)*) => {
        $crate::cli::output::warn(format_args!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_recognised_through_the_failure() {
        let failure: Failure = tag(io::Error::from(io::ErrorKind::BrokenPipe)).into();
        assert!(is_closed_pipe(&failure));
        assert_eq!(failure.code, 1);
        let full: Failure = tag(io::Error::from_raw_os_error(28)).into();
        assert!(!is_closed_pipe(&full));
        assert!(
            full.error
                .to_string()
                .starts_with("cannot write the output")
        );
    }

    #[test]
    fn other_io_errors_are_not_taken_for_a_closed_pipe() {
        let failure = Failure::runtime(anyhow::Error::new(io::Error::from(
            io::ErrorKind::BrokenPipe,
        )));
        assert!(!is_closed_pipe(&failure));
    }
}
