//! The explanations table: explanation id → text, with an alert mark.
//!
//! The file has one explanation per line: `ID TEXT`, where `TEXT` starting
//! with `!` marks a call that must be alerted (the `!` is not part of the
//! text). Blank lines and lines starting with `;` are ignored. A rule points
//! to its explanation with `*ID`.
//!
//! ```text
//! ; notrump
//! 12 15-17 HCP, balanced
//! 13 !Stayman: asks for a four-card major
//! ```

use std::collections::HashMap;

/// One explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The text shown to a player.
    pub text: String,
    /// Whether the call must be alerted.
    pub alert: bool,
}

/// The explanations of a rulebook by id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Explanations {
    by_id: HashMap<u32, Explanation>,
}

/// Explanations by id with the line each was read from, in id order.
type Numbered = Vec<(u32, (usize, Explanation))>;

/// A bad line in one of several explanation files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The index of the file in the list given.
    pub file: usize,
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A line of the explanations table that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ExplanationError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl Explanations {
    /// Parses the table. Every bad line is reported; duplicate ids are errors.
    pub fn parse(text: &str) -> Result<Explanations, Vec<ExplanationError>> {
        let (table, errors) = Explanations::parse_lenient(text);
        if errors.is_empty() {
            Ok(Explanations {
                by_id: table.into_iter().map(|(id, (_, e))| (id, e)).collect(),
            })
        } else {
            Err(errors)
        }
    }

    /// The good lines (id → (line, explanation)) and the bad ones.
    fn parse_lenient(text: &str) -> (Numbered, Vec<ExplanationError>) {
        let mut by_id: HashMap<u32, (usize, Explanation)> = HashMap::new();
        let mut errors = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with(';') {
                continue;
            }
            let (id, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let Ok(id) = id.parse::<u32>() else {
                errors.push(ExplanationError {
                    line: i + 1,
                    message: format!("`{id}` is not an explanation id (a number)"),
                });
                continue;
            };
            let rest = rest.trim();
            let (alert, text) = match rest.strip_prefix('!') {
                Some(t) => (true, t.trim()),
                None => (false, rest),
            };
            if text.is_empty() {
                errors.push(ExplanationError {
                    line: i + 1,
                    message: format!("explanation {id} has no text"),
                });
                continue;
            }
            let explanation = Explanation {
                text: text.to_string(),
                alert,
            };
            if by_id.insert(id, (i + 1, explanation)).is_some() {
                errors.push(ExplanationError {
                    line: i + 1,
                    message: format!("explanation {id} is defined twice"),
                });
            }
        }
        let mut table: Vec<_> = by_id.into_iter().collect();
        table.sort_by_key(|(id, _)| *id);
        (table, errors)
    }

    /// Parses a table split over several files (path, text), in order.
    /// Every bad line is reported with the index of its file; an id defined
    /// in two files is an error too.
    pub fn parse_files(
        files: &[(std::path::PathBuf, String)],
    ) -> Result<Explanations, Vec<FileError>> {
        let mut all = Explanations::default();
        let mut errors = Vec::new();
        for (file, (_, text)) in files.iter().enumerate() {
            let (table, bad) = Explanations::parse_lenient(text);
            errors.extend(bad.into_iter().map(|e| FileError {
                file,
                line: e.line,
                message: e.message,
            }));
            for (id, (line, e)) in table {
                if all.by_id.insert(id, e).is_some() {
                    errors.push(FileError {
                        file,
                        line,
                        message: format!("explanation {id} is also defined in another file"),
                    });
                }
            }
        }
        if errors.is_empty() {
            Ok(all)
        } else {
            Err(errors)
        }
    }

    /// The explanation with this id.
    pub fn get(&self, id: u32) -> Option<&Explanation> {
        self.by_id.get(&id)
    }

    /// The number of explanations.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_alerts_comments_and_blank_lines() {
        let t = Explanations::parse("; c\n\n12 15-17 HCP\n13 !Stayman\n").unwrap();
        assert_eq!(t.len(), 2);
        assert!(!t.get(12).unwrap().alert);
        assert_eq!(t.get(13).unwrap().text, "Stayman");
        assert!(t.get(13).unwrap().alert);
    }

    #[test]
    fn reports_every_bad_line() {
        let e = Explanations::parse("x text\n5\n6 a\n6 b\n").unwrap_err();
        let lines: Vec<usize> = e.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 2, 4]);
    }
}
