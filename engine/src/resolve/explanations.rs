//! The explanations table: explanation id → text, with an alert mark and a
//! forcing mark.
//!
//! The file has one explanation per line: `ID TEXT`, where `TEXT` starting
//! with `!` marks a call that must be alerted (the `!` is not part of the
//! text). After the `!`, a tag `[forcing]` (partner must not pass: one round)
//! or `[game forcing]` (the partnership bids on to game) marks the call as
//! forcing. Blank lines and lines starting with `;` are ignored. A rule points
//! to its explanation with `*ID`.
//!
//! ```text
//! ; notrump
//! 12 15-17 HCP, balanced
//! 13 !Stayman: asks for a four-card major
//! 14 ![forcing] Jacoby transfer: five or more hearts
//! 15 ![game forcing] Jacoby 2NT: four-card support, 13+ HCP
//! ```

use std::collections::HashMap;

/// How far a call obliges partner to bid on (opponents silent).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Forcing {
    /// Partner may pass.
    #[default]
    No,
    /// Partner must bid once more: `[forcing]`.
    OneRound,
    /// Neither partner passes below game: `[game forcing]`.
    Game,
}

impl Forcing {
    /// The tag as written in the table (`None` for a call partner may pass).
    pub fn tag(self) -> Option<&'static str> {
        match self {
            Forcing::No => None,
            Forcing::OneRound => Some("forcing"),
            Forcing::Game => Some("game forcing"),
        }
    }

    /// The name scripts read (JSON): `one-round`, `game`, or `None`.
    pub fn json_name(self) -> Option<&'static str> {
        match self {
            Forcing::No => None,
            Forcing::OneRound => Some("one-round"),
            Forcing::Game => Some("game"),
        }
    }

    /// Reads a tag's text (between the brackets): `forcing`, `game forcing`
    /// (also `game-forcing`, `F`, `GF`; any case).
    pub fn from_tag(tag: &str) -> Option<Forcing> {
        match tag.trim().to_ascii_lowercase().as_str() {
            "forcing" | "f" | "f1" => Some(Forcing::OneRound),
            "game forcing" | "game-forcing" | "gf" => Some(Forcing::Game),
            _ => None,
        }
    }
}

/// One explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The text shown to a player.
    pub text: String,
    /// Whether the call must be alerted.
    pub alert: bool,
    /// Whether the call is forcing.
    pub forcing: Forcing,
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
            let (forcing, text) = match text.strip_prefix('[').and_then(|t| t.split_once(']')) {
                Some((tag, t)) => match Forcing::from_tag(tag) {
                    Some(f) => (f, t.trim()),
                    None => {
                        errors.push(ExplanationError {
                            line: i + 1,
                            message: format!(
                                "explanation {id}: unknown tag `[{tag}]` (write `[forcing]` or `[game forcing]`)"
                            ),
                        });
                        continue;
                    }
                },
                None => (Forcing::No, text),
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
                forcing,
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

    /// Parses a table split over several files (path, text), in order:
    /// the table of every good line, and every bad line with the index of
    /// its file (an id defined in two files is a bad line too). One bad line
    /// does not cost the rulebook its other explanations, nor bury its own
    /// error under warnings about the explanations it took with it.
    pub fn parse_files(files: &[(std::path::PathBuf, String)]) -> (Explanations, Vec<FileError>) {
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
        (all, errors)
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
    fn reads_forcing_tags_after_the_alert_mark() {
        let t = Explanations::parse(
            "1 [forcing] new suit\n2 ![game forcing] Jacoby 2NT\n3 ![GF] x\n4 plain [not a tag]\n",
        )
        .unwrap();
        let e = |id| t.get(id).unwrap();
        assert_eq!(
            (e(1).forcing, e(1).alert, e(1).text.as_str()),
            (Forcing::OneRound, false, "new suit")
        );
        assert_eq!(
            (e(2).forcing, e(2).alert, e(2).text.as_str()),
            (Forcing::Game, true, "Jacoby 2NT")
        );
        assert_eq!(e(3).forcing, Forcing::Game);
        assert_eq!(
            (e(4).forcing, e(4).text.as_str()),
            (Forcing::No, "plain [not a tag]")
        );
    }

    #[test]
    fn an_unknown_tag_is_an_error_naming_it() {
        let e = Explanations::parse("7 [forcign] typo\n").unwrap_err();
        assert_eq!(e.len(), 1);
        assert!(e[0].message.contains("[forcign]"), "{}", e[0].message);
    }

    #[test]
    fn reports_every_bad_line() {
        let e = Explanations::parse("x text\n5\n6 a\n6 b\n").unwrap_err();
        let lines: Vec<usize> = e.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 2, 4]);
    }
}
