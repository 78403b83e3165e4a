//! Source maps: where each byte of the expanded text came from.
//!
//! The expander records the output as a list of *segments*. A segment copied
//! verbatim from a file maps byte for byte to that file; a segment produced by a
//! macro maps to the call site of the outermost macro in the source line, with
//! the chain of macros that produced it (outermost first). Line and column
//! numbers are computed only when asked for ([`SourceMap::locate`]), from a
//! per-file line table built on first use.
//!
//! ```
//! let exp = macro_expander::expand_str("1C HCP(12,14)\n", "define(HCP, `@00P[$1-$2]')")?;
//! assert_eq!(exp.text, "1C @00P[12-14]\n");
//! let origin = exp.map.locate(5); // inside the macro's text
//! assert_eq!((origin.line, origin.col), (1, 4)); // the call `HCP(12,14)`
//! assert_eq!(&*origin.chain[0].name, "HCP");
//! assert_eq!(origin.chain[0].defined_at.to_string(), "macros.m4:1");
//! # Ok::<(), macro_expander::ExpandError>(())
//! ```

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// A file read during expansion: its path and text, kept so that diagnostics
/// can show the line the author wrote.
#[derive(Debug)]
pub struct SourceFile {
    /// The path the file was loaded from (as given, or resolved from an include).
    pub path: Arc<Path>,
    /// The whole text of the file.
    pub text: Arc<str>,
    line_starts: OnceLock<Vec<usize>>,
}

impl SourceFile {
    /// A file with the given path and text.
    #[must_use]
    pub fn new(path: impl Into<Arc<Path>>, text: impl Into<Arc<str>>) -> Self {
        Self {
            path: path.into(),
            text: text.into(),
            line_starts: OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[usize] {
        self.line_starts.get_or_init(|| {
            let mut starts = vec![0];
            starts.extend(memchr::memchr_iter(b'\n', self.text.as_bytes()).map(|i| i + 1));
            starts
        })
    }

    /// The 1-based line and 1-based column (in characters) of byte `offset`.
    /// Offsets past the end are clamped to the end.
    #[must_use]
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let offset = floor_char_boundary(&self.text, offset.min(self.text.len()));
        let starts = self.line_starts();
        let index = starts.partition_point(|&s| s <= offset).saturating_sub(1);
        let start = starts.get(index).copied().unwrap_or(0);
        let col = self
            .text
            .get(start..offset)
            .map_or(0, |s| s.chars().count());
        (to_u32(index + 1), to_u32(col + 1))
    }

    /// The text of 1-based line `line`, without its line terminator (empty if
    /// the file has no such line).
    #[must_use]
    pub fn line_text(&self, line: u32) -> &str {
        let starts = self.line_starts();
        let index = (line as usize).saturating_sub(1);
        let Some(&start) = starts.get(index) else {
            return "";
        };
        let end = starts
            .get(index + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let text = self.text.get(start..end).unwrap_or("");
        text.strip_suffix('\r').unwrap_or(text)
    }
}

/// A place in a source file: path and 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Location {
    /// The file.
    pub file: Arc<Path>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
}

impl fmt::Display for Location {
    /// `file:line` (the column is left out: it names a definition, not a token).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file.display(), self.line)
    }
}

/// One macro in the chain that produced a piece of output.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MacroFrame {
    /// The macro's name.
    pub name: Arc<str>,
    /// Where the definition that was used (the latest one at the time of the call) is.
    pub defined_at: Location,
}

impl fmt::Display for MacroFrame {
    /// `NAME (file:line)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.name, self.defined_at)
    }
}

/// Where a byte of expanded text came from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    /// The source file.
    pub file: Arc<Path>,
    /// Byte offset in the source file.
    pub offset: usize,
    /// 1-based line in the source file.
    pub line: u32,
    /// 1-based column (in characters) in the source file. For text produced by
    /// a macro: the column of the outermost macro call.
    pub col: u32,
    /// The macros that produced the text, outermost first; empty for text copied
    /// verbatim from the file.
    pub chain: Vec<MacroFrame>,
}

impl Origin {
    /// Whether the text was produced by a macro (rather than copied verbatim).
    #[must_use]
    pub fn in_macro(&self) -> bool {
        !self.chain.is_empty()
    }

    /// The chain rendered as `in expansion of A (m.m4:3) → B (m.m4:7)`, or
    /// `None` for verbatim text.
    #[must_use]
    pub fn chain_note(&self) -> Option<String> {
        if self.chain.is_empty() {
            return None;
        }
        let frames: Vec<String> = self.chain.iter().map(ToString::to_string).collect();
        Some(format!("in expansion of {}", join_chain(&frames)))
    }
}

impl fmt::Display for Origin {
    /// `file:line:col`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file.display(), self.line, self.col)
    }
}

/// Index of a file in [`Tables::files`].
pub(crate) type FileId = u32;
/// Index of a node in [`Tables::nodes`].
pub(crate) type NodeId = u32;
/// Index of a definition in [`Tables::defs`] (and in the macro table).
pub(crate) type DefId = u32;

/// What a chain node stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeKind {
    /// An expansion of a macro definition.
    Macro(DefId),
    /// An included file.
    Include(FileId),
}

/// A link of a macro/include chain; chains share their prefixes.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ChainNode {
    pub(crate) parent: Option<NodeId>,
    pub(crate) kind: NodeKind,
    pub(crate) depth: u32,
}

/// Where a macro definition was made.
#[derive(Debug, Clone)]
pub(crate) struct DefSite {
    pub(crate) name: Arc<str>,
    pub(crate) file: FileId,
    pub(crate) offset: usize,
}

/// The tables shared by the expander and the finished source map.
#[derive(Debug, Default)]
pub(crate) struct Tables {
    pub(crate) files: Vec<SourceFile>,
    pub(crate) nodes: Vec<ChainNode>,
    pub(crate) defs: Vec<DefSite>,
    /// The node of every (parent, kind) pair: a chain is stored once however
    /// often it is expanded (a rule book calls the same macros on every line).
    /// Macro nodes are keyed by `parent << 32 | def` (`u32::MAX` for no
    /// parent), a single word that hashes with one multiply.
    macro_nodes: NodeIndex,
    include_nodes: HashMap<(Option<NodeId>, FileId), NodeId, BuildHasherDefault<FxHasher>>,
}

impl Tables {
    /// The chain node for `kind` below `parent`, added if new.
    pub(crate) fn push_node(&mut self, parent: Option<NodeId>, kind: NodeKind) -> NodeId {
        let next = to_u32(self.nodes.len());
        let id = match kind {
            NodeKind::Macro(def) => {
                let key = u64::from(parent.unwrap_or(NodeId::MAX)) << 32 | u64::from(def);
                self.macro_nodes.get_or_insert(key, next)
            }
            NodeKind::Include(file) => *self.include_nodes.entry((parent, file)).or_insert(next),
        };
        if id == next {
            let depth = parent.map_or(0, |p| self.nodes[p as usize].depth) + 1;
            self.nodes.push(ChainNode {
                parent,
                kind,
                depth,
            });
        }
        id
    }

    pub(crate) fn node(&self, id: NodeId) -> ChainNode {
        self.nodes[id as usize]
    }

    pub(crate) fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id as usize]
    }

    /// The location of byte `offset` of file `file`.
    pub(crate) fn location(&self, file: FileId, offset: usize) -> Location {
        let source = self.file(file);
        let (line, col) = source.line_col(offset);
        Location {
            file: Arc::clone(&source.path),
            line,
            col,
        }
    }

    /// The macro frames of `chain`, outermost first, up to (not including) the
    /// nearest include: text in an included file starts a fresh chain.
    pub(crate) fn macro_frames(&self, chain: Option<NodeId>) -> Vec<MacroFrame> {
        let mut frames = Vec::new();
        let mut cursor = chain;
        while let Some(id) = cursor {
            let node = self.node(id);
            match node.kind {
                NodeKind::Macro(def) => frames.push(self.macro_frame(def)),
                NodeKind::Include(_) => break,
            }
            cursor = node.parent;
        }
        frames.reverse();
        frames
    }

    pub(crate) fn macro_frame(&self, def: DefId) -> MacroFrame {
        let site = &self.defs[def as usize];
        MacroFrame {
            name: Arc::clone(&site.name),
            defined_at: self.location(site.file, site.offset),
        }
    }

    /// The names along the whole chain (includes as `include(path)`), outermost first.
    pub(crate) fn chain_names(&self, chain: Option<NodeId>) -> Vec<String> {
        let mut names = Vec::new();
        let mut cursor = chain;
        while let Some(id) = cursor {
            let node = self.node(id);
            names.push(self.kind_name(node.kind));
            cursor = node.parent;
        }
        names.reverse();
        names
    }

    pub(crate) fn kind_name(&self, kind: NodeKind) -> String {
        match kind {
            NodeKind::Macro(def) => self.defs[def as usize].name.to_string(),
            NodeKind::Include(file) => format!("include({})", self.file(file).path.display()),
        }
    }

    /// The full origin of (file, offset) with the macro chain `chain`.
    pub(crate) fn origin(&self, file: FileId, offset: usize, chain: Option<NodeId>) -> Origin {
        let location = self.location(file, offset);
        Origin {
            file: location.file,
            offset,
            line: location.line,
            col: location.col,
            chain: self.macro_frames(chain),
        }
    }
}

/// A run of output bytes with one origin rule. There is one per piece of
/// macro text in the output, so it is kept small (24 bytes): text produced by
/// a macro always has a chain and verbatim text never has one, so the chain
/// alone tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Segment {
    /// First output byte of the run.
    pub(crate) out_start: usize,
    /// Verbatim: the file offset of `out_start`; macro text: the call site.
    pub(crate) src_offset: usize,
    pub(crate) file: FileId,
    /// The macro chain, or [`NO_CHAIN`] for verbatim text.
    pub(crate) chain: NodeId,
}

/// The chain of a verbatim segment.
const NO_CHAIN: NodeId = NodeId::MAX;

impl Segment {
    /// A segment of the text at `src_offset` in `file`: verbatim if `chain`
    /// is `None`, else produced by that macro chain.
    pub(crate) fn new(
        out_start: usize,
        file: FileId,
        src_offset: usize,
        chain: Option<NodeId>,
    ) -> Self {
        Self {
            out_start,
            src_offset,
            file,
            chain: chain.unwrap_or(NO_CHAIN),
        }
    }

    /// Whether the run is copied verbatim from the file.
    pub(crate) fn verbatim(&self) -> bool {
        self.chain == NO_CHAIN
    }

    /// The macro chain that produced the run (`None` if verbatim).
    pub(crate) fn chain(&self) -> Option<NodeId> {
        (!self.verbatim()).then_some(self.chain)
    }
}

/// The map from expanded text back to the source files.
#[derive(Debug)]
pub struct SourceMap {
    pub(crate) tables: Tables,
    pub(crate) segments: Vec<Segment>,
    /// Output offsets where each output line starts.
    pub(crate) out_lines: Vec<usize>,
    pub(crate) out_len: usize,
    /// The main source file (used for empty output).
    pub(crate) main: FileId,
}

impl SourceMap {
    /// Where byte `offset` of the expanded text came from. Offsets past the end
    /// map to the end of the last segment.
    #[must_use]
    pub fn locate(&self, offset: usize) -> Origin {
        let Some(index) = self.segment_index(offset) else {
            return self.tables.origin(self.main, 0, None);
        };
        let seg = self.segments[index];
        let src = if seg.verbatim() {
            seg.src_offset + offset.min(self.out_len).saturating_sub(seg.out_start)
        } else {
            seg.src_offset
        };
        self.tables.origin(seg.file, src, seg.chain())
    }

    /// The origin of 0-based output line `line` (of its first byte); lines past
    /// the end map like [`SourceMap::locate`] of the end.
    #[must_use]
    pub fn line_origin(&self, line: usize) -> Origin {
        self.locate(self.line_span(line).start)
    }

    /// The number of lines in the expanded text (a final line without a newline counts).
    #[must_use]
    pub fn line_count(&self) -> usize {
        match self.out_lines.last() {
            Some(&last) if last == self.out_len => self.out_lines.len() - 1,
            _ => self.out_lines.len(),
        }
    }

    /// The byte range of 0-based output line `line`, without its newline.
    #[must_use]
    pub fn line_span(&self, line: usize) -> Range<usize> {
        let Some(&start) = self.out_lines.get(line) else {
            return self.out_len..self.out_len;
        };
        let end = self
            .out_lines
            .get(line + 1)
            .map_or(self.out_len, |&next| next - 1);
        start..end
    }

    /// The 0-based output line containing byte `offset`.
    #[must_use]
    pub fn line_of(&self, offset: usize) -> usize {
        self.out_lines
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The distinct origins of the pieces of output line `line`, in order: the
    /// first is the line's own origin; every macro expanded in the line has one.
    #[must_use]
    pub fn line_pieces(&self, line: usize) -> Vec<Origin> {
        let span = self.line_span(line);
        let mut pieces: Vec<Origin> = vec![self.locate(span.start)];
        let Some(first) = self.segment_index(span.start) else {
            return pieces;
        };
        for seg in self.segments[first + 1..]
            .iter()
            .take_while(|s| s.out_start < span.end)
        {
            let origin = self.tables.origin(seg.file, seg.src_offset, seg.chain());
            if !pieces
                .iter()
                .any(|p| p.chain == origin.chain && (p.in_macro() || p.file == origin.file))
            {
                pieces.push(origin);
            }
        }
        pieces
    }

    /// Every file read, in the order first read.
    pub fn files(&self) -> impl Iterator<Item = &SourceFile> {
        self.tables.files.iter()
    }

    /// The file read from `path`, if any.
    #[must_use]
    pub fn file(&self, path: &Path) -> Option<&SourceFile> {
        self.tables.files.iter().find(|f| &*f.path == path)
    }

    /// The text of the source line named by `origin` (empty if unknown).
    #[must_use]
    pub fn source_line(&self, origin: &Origin) -> &str {
        self.file(&origin.file)
            .map_or("", |f| f.line_text(origin.line))
    }

    /// Whether output byte `offset` was copied verbatim from a file (as opposed
    /// to produced by a macro).
    #[must_use]
    pub fn is_verbatim(&self, offset: usize) -> bool {
        self.segment_index(offset)
            .is_none_or(|i| self.segments[i].verbatim())
    }

    /// The end (exclusive) of the segment holding `offset`.
    pub(crate) fn segment_end(&self, offset: usize) -> usize {
        self.segment_index(offset)
            .and_then(|i| self.segments.get(i + 1))
            .map_or(self.out_len, |s| s.out_start)
    }

    fn segment_index(&self, offset: usize) -> Option<usize> {
        if self.segments.is_empty() {
            return None;
        }
        Some(
            self.segments
                .partition_point(|s| s.out_start <= offset)
                .saturating_sub(1),
        )
    }
}

/// A map from `u64` keys to node ids: open addressing with linear probing
/// in one flat array, so a lookup usually reads one cache line (the chain
/// node of every macro call is looked up here).
#[derive(Debug, Default)]
struct NodeIndex {
    /// A power-of-two number of slots, at most half full; `NO_CHAIN` ids
    /// mark empty slots.
    slots: Vec<(u64, NodeId)>,
    len: usize,
}

impl NodeIndex {
    /// The id stored for `key`, or `id` after storing it.
    #[inline]
    fn get_or_insert(&mut self, key: u64, id: NodeId) -> NodeId {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut at = Self::slot_of(key, mask);
        loop {
            let (k, v) = self.slots[at];
            if v == NO_CHAIN {
                self.slots[at] = (key, id);
                self.len += 1;
                return id;
            }
            if k == key {
                return v;
            }
            at = (at + 1) & mask;
        }
    }

    #[inline]
    fn slot_of(key: u64, mask: usize) -> usize {
        // The multiply mixes every key bit into its upper half; take the
        // slot from there.
        (key.wrapping_mul(FxHasher::K).rotate_left(32) as usize) & mask
    }

    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(256);
        let old = std::mem::replace(&mut self.slots, vec![(0, NO_CHAIN); capacity]);
        let mask = capacity - 1;
        for (key, id) in old.into_iter().filter(|&(_, id)| id != NO_CHAIN) {
            let mut at = Self::slot_of(key, mask);
            while self.slots[at].1 != NO_CHAIN {
                at = (at + 1) & mask;
            }
            self.slots[at] = (key, id);
        }
    }
}

/// FxHash (as in rustc): one rotate, xor and multiply per word. The keys it
/// hashes (small integer ids) are not attacker-chosen, and SipHash would cost
/// more than the work it guards.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl FxHasher {
    const K: u64 = 0xf135_7aea_2e62_a9c5;

    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::K);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        // The multiply leaves its best bits at the top; hash tables index
        // with the low bits.
        self.0.rotate_left(26)
    }
}

/// Joins a chain with ` → `; a chain longer than 8 keeps its first 4 and
/// last 3 links around `… (N more) …`.
pub(crate) fn join_chain(links: &[String]) -> String {
    if links.len() <= 8 {
        return links.join(" → ");
    }
    let head = links[..4].join(" → ");
    let tail = links[links.len() - 3..].join(" → ");
    format!("{head} → … ({} more) … → {tail}", links.len() - 7)
}

/// Converts a count to `u32`, saturating.
pub(crate) fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_table() {
        let file = SourceFile::new(Path::new("f"), "ab\ncé d\r\n\nx");
        let cases = [
            (0, (1, 1)),
            (2, (1, 3)),
            (3, (2, 1)),
            (6, (2, 3)),
            (11, (4, 1)),
            (99, (4, 2)),
        ];
        for (offset, want) in cases {
            assert_eq!(file.line_col(offset), want, "offset {offset}");
        }
        assert_eq!(file.line_text(2), "cé d");
        assert_eq!(file.line_text(3), "");
        assert_eq!(file.line_text(4), "x");
        assert_eq!(file.line_text(5), "");
    }
}
