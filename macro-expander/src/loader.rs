//! Where file text comes from: the [`Loader`] trait, a filesystem loader and an
//! in-memory loader, and the resolution of `include(FILE)` paths.
//!
//! The default rulebook is embedded in the `bidbook` binary, so expansion must
//! work without a disk: [`MemoryLoader`] maps paths to texts. Include paths are
//! resolved lexically (see [`resolve_include`]) so that both loaders see the same
//! path for the same file.

use std::collections::HashMap;
use std::io;
use std::path::{Component, Path, PathBuf};

/// A source of file texts, by path.
pub trait Loader {
    /// Reads the whole text of the file at `path`.
    ///
    /// # Errors
    /// Any I/O error; it is reported with the location of the `include` (or as
    /// an unreadable top-level file).
    fn load(&self, path: &Path) -> io::Result<String>;
}

/// Reads files from the filesystem.
#[derive(Debug, Clone, Copy, Default)]
pub struct FsLoader;

impl Loader for FsLoader {
    fn load(&self, path: &Path) -> io::Result<String> {
        utf8_text(std::fs::read(path)?)
    }
}

/// The bytes of a file as text, or an error that says where the first byte
/// that is not UTF-8 stands (line and column, 1-based), and what to do.
pub fn utf8_text(bytes: Vec<u8>) -> io::Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let at = e.utf8_error().valid_up_to();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at - bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "line {line}, column {column}: byte 0x{:02X} is not UTF-8 (save the file as UTF-8; a Latin-1 file must be converted)",
                bytes[at]
            ),
        )
    })
}

/// Serves files from memory: a map from (normalized) path to text.
///
/// ```
/// use macro_expander::{Loader, MemoryLoader};
/// use std::path::Path;
///
/// let loader = MemoryLoader::new()
///     .with("rulebook/main.txt2", "include(macros/hcp.m4)")
///     .with("rulebook/macros/hcp.m4", "define(HCP, @00P[$1-$2])");
/// assert!(loader.load(Path::new("rulebook/./macros/hcp.m4")).is_ok());
/// ```
#[derive(Debug, Clone, Default)]
pub struct MemoryLoader {
    files: HashMap<PathBuf, String>,
}

impl MemoryLoader {
    /// An empty loader.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) the file `path` with `text`.
    pub fn insert(&mut self, path: impl AsRef<Path>, text: impl Into<String>) {
        self.files.insert(normalize(path.as_ref()), text.into());
    }

    /// Builder form of [`MemoryLoader::insert`].
    #[must_use]
    pub fn with(mut self, path: impl AsRef<Path>, text: impl Into<String>) -> Self {
        self.insert(path, text);
        self
    }
}

impl Loader for MemoryLoader {
    fn load(&self, path: &Path) -> io::Result<String> {
        self.files.get(&normalize(path)).cloned().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                "no such file in the in-memory rulebook",
            )
        })
    }
}

impl<P: AsRef<Path>, T: Into<String>> FromIterator<(P, T)> for MemoryLoader {
    fn from_iter<I: IntoIterator<Item = (P, T)>>(iter: I) -> Self {
        let mut loader = Self::new();
        for (path, text) in iter {
            loader.insert(path, text);
        }
        loader
    }
}

/// Resolves the argument of `include(target)` written in the file `including`:
/// relative targets are taken from the including file's directory; the result
/// is normalized lexically (`.` removed, `..` folded where possible).
///
/// ```
/// use macro_expander::resolve_include;
/// use std::path::Path;
///
/// let p = resolve_include(Path::new("rulebook/open.txt2"), "../common/hcp.m4");
/// assert_eq!(p, Path::new("common/hcp.m4"));
/// ```
#[must_use]
pub fn resolve_include(including: &Path, target: &str) -> PathBuf {
    let target = Path::new(target);
    if target.is_absolute() {
        return normalize(target);
    }
    let dir = including.parent().unwrap_or(Path::new(""));
    normalize(&dir.join(target))
}

/// Lexical normalization: drops `.` components and folds `name/..` pairs.
/// A leading `..` (or one above the root) is kept as written.
#[must_use]
pub fn normalize(path: &Path) -> PathBuf {
    let mut parts: Vec<Component<'_>> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => match parts.last() {
                Some(Component::Normal(_)) => {
                    parts.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => parts.push(component),
            },
            other => parts.push(other),
        }
    }
    parts.iter().collect()
}

#[cfg(test)]
mod utf8_tests {
    use super::utf8_text;

    #[test]
    fn a_latin1_byte_is_named_with_its_line_and_column() {
        let e = utf8_text(b"1 1C 50 . .\n; caf\xe9\n".to_vec()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2, column 6: byte 0xE9 is not UTF-8 (save the file as UTF-8; a Latin-1 file must be converted)"
        );
        assert_eq!(utf8_text(b"ok".to_vec()).unwrap(), "ok");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalization_table() {
        let cases = [
            ("a/b/../c.m4", "a/c.m4"),
            ("./a/./b.m4", "a/b.m4"),
            ("../x.m4", "../x.m4"),
            ("a/../../x.m4", "../x.m4"),
            ("/r/../x.m4", "/x.m4"),
            ("/../x.m4", "/x.m4"),
        ];
        for (input, want) in cases {
            assert_eq!(normalize(Path::new(input)), Path::new(want), "{input}");
        }
    }

    #[test]
    fn include_resolution_table() {
        let cases = [
            ("main.txt2", "m.m4", "m.m4"),
            ("book/main.txt2", "m.m4", "book/m.m4"),
            ("book/main.txt2", "../m.m4", "m.m4"),
            ("book/main.txt2", "/abs/m.m4", "/abs/m.m4"),
        ];
        for (including, target, want) in cases {
            assert_eq!(
                resolve_include(Path::new(including), target),
                Path::new(want)
            );
        }
    }

    #[test]
    fn memory_loader_normalizes_keys() {
        let loader: MemoryLoader = [("a/./b.m4", "x")].into_iter().collect();
        assert_eq!(
            loader.load(Path::new("a/c/../b.m4")).ok().as_deref(),
            Some("x")
        );
        assert!(loader.load(Path::new("missing")).is_err());
    }
}
