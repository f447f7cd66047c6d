//! `--log FILE`: one JSON line per submitted word, flushed at once so other tools can follow it.
//!
//! Contract: `{"word":"cat","path":[[0,0],[0,1]],"accepted":true,"score":1,"t_ms":1234,
//! "result":"accepted"}` (`result` is `accepted`, `already_found`, `not_a_word` or
//! `invalid_path`; `t_ms` counts from the start of the round).

use super::round::Outcome;
use anyhow::Context;
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The word (or the letters, when not a word), lower case.
    pub word: String,
    /// The tiles, as `[row, col]` from 0.
    pub path: Vec<[usize; 2]>,
    /// True when the word counted.
    pub accepted: bool,
    /// Points scored (0 unless accepted).
    pub score: u32,
    /// Milliseconds since the round started.
    pub t_ms: u64,
    /// `accepted`, `already_found`, `not_a_word` or `invalid_path`.
    pub result: String,
}

impl LogLine {
    /// The line for one submission.
    pub fn new(outcome: &Outcome, path: &[usize], cols: usize, t_ms: u64) -> LogLine {
        LogLine {
            word: outcome.word().to_string(),
            path: path.iter().map(|&c| [c / cols, c % cols]).collect(),
            accepted: outcome.accepted(),
            score: outcome.score(),
            t_ms,
            result: outcome.kind().to_string(),
        }
    }
}

/// An open log file.
#[derive(Debug)]
pub struct Log {
    file: File,
    path: PathBuf,
}

impl Log {
    /// Creates (or truncates) the log file.
    pub fn create(path: &Path) -> anyhow::Result<Log> {
        let file = File::create(path)
            .with_context(|| format!("cannot create the log file {}", path.display()))?;
        Ok(Log {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one line and flushes it.
    pub fn write(&mut self, line: &LogLine) -> anyhow::Result<()> {
        let mut text = serde_json::to_string(line)?;
        text.push('\n');
        self.file
            .write_all(text.as_bytes())
            .and_then(|_| self.file.flush())
            .with_context(|| format!("cannot write to the log file {}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_follow_the_contract() {
        let outcome = Outcome::Accepted {
            word: "cat".into(),
            score: 1,
        };
        let line = LogLine::new(&outcome, &[0, 1, 5], 4, 42);
        let json = serde_json::to_string(&line).unwrap();
        assert_eq!(
            json,
            r#"{"word":"cat","path":[[0,0],[0,1],[1,1]],"accepted":true,"score":1,"t_ms":42,"result":"accepted"}"#
        );
    }
}
