//! Where a command writes: standard output or a file, buffered. A file that
//! is also one of the inputs is written beside it and renamed over it at the
//! end, so that `bidbook auction deals.pbn -o deals.pbn` reads the whole
//! input before replacing it, and a failed run leaves the input as it was.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// An output being written.
pub struct OutputFile {
    writer: BufWriter<Box<dyn Write>>,
    /// `(temporary, final)` paths when writing beside an input.
    rename: Option<(PathBuf, PathBuf)>,
}

impl OutputFile {
    /// Opens `path` (standard output when `None` or `-`). When `path` is one
    /// of `inputs`, a temporary file beside it is written instead until
    /// [`OutputFile::finish`].
    ///
    /// # Errors
    ///
    /// The file cannot be created; the message names it.
    pub fn create(path: Option<&Path>, inputs: &[PathBuf]) -> anyhow::Result<Self> {
        let Some(path) = path.filter(|p| *p != Path::new("-")) else {
            return Ok(Self {
                writer: BufWriter::with_capacity(1 << 16, Box::new(io::stdout().lock())),
                rename: None,
            });
        };
        let same = |input: &PathBuf| match (fs::canonicalize(input), fs::canonicalize(path)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        let (target, rename) = if inputs.iter().any(same) {
            let mut name = path.file_name().unwrap_or_default().to_os_string();
            name.push(".bidbook-tmp");
            let temporary = path.with_file_name(name);
            (temporary.clone(), Some((temporary, path.to_path_buf())))
        } else {
            (path.to_path_buf(), None)
        };
        let file = File::create(&target)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", target.display()))?;
        Ok(Self {
            writer: BufWriter::with_capacity(1 << 16, Box::new(file)),
            rename,
        })
    }

    /// Whether this replaces one of the inputs (at [`OutputFile::finish`];
    /// dropped unfinished, it leaves the input as it was).
    pub const fn replaces_input(&self) -> bool {
        self.rename.is_some()
    }

    /// Flushes everything and, when writing beside an input, moves the
    /// result over it.
    ///
    /// # Errors
    ///
    /// Flushing or renaming fails.
    pub fn finish(mut self) -> anyhow::Result<()> {
        self.writer.flush()?;
        if let Some((temporary, target)) = self.rename.take() {
            fs::rename(&temporary, &target)
                .map_err(|e| anyhow::anyhow!("cannot replace {}: {e}", target.display()))?;
        }
        Ok(())
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.writer.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.writer.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        // A run that failed before `finish` leaves the input untouched.
        if let Some((temporary, _)) = &self.rename {
            let _ = fs::remove_file(temporary);
        }
    }
}
