//! Source maps: where each byte of the expanded text came from.
//!
//! The expander records the output as a list of *segments*. A segment copied
//! verbatim from a file maps byte for byte to that file; a segment produced by a
//! macro maps to the call site of the outermost macro in the source line, with
//! the chain of macros that produced it (outermost first). Line and column
//! numbers are computed only when asked for ([`SourceMap::locate`]), from a
//! per-file line table built on first use. The expansion of a call run by a
//! plan (many segments' worth of text) is stored as the call itself and laid
//! out into segments again only when asked about.
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

use crate::plan::{Layout, Plan};

/// A file read during expansion: its path and text, kept so that diagnostics
/// can show the line the author wrote.
#[derive(Debug)]
pub struct SourceFile {
    /// The path the file was loaded from (as given, or resolved from an include).
    pub path: Arc<Path>,
    /// The whole text of the file.
    pub text: Arc<str>,
    line_starts: OnceLock<Vec<usize>>,
    /// Whether each line is ASCII (then a column is a byte count).
    ascii_lines: OnceLock<Vec<bool>>,
}

impl SourceFile {
    /// A file with the given path and text.
    #[must_use]
    pub fn new(path: impl Into<Arc<Path>>, text: impl Into<Arc<str>>) -> Self {
        Self {
            path: path.into(),
            text: text.into(),
            line_starts: OnceLock::new(),
            ascii_lines: OnceLock::new(),
        }
    }

    /// Whether line `index` (0-based) is ASCII, worked out for every line
    /// once.
    fn line_is_ascii(&self, index: usize) -> bool {
        let flags = self.ascii_lines.get_or_init(|| {
            let starts = self.line_starts();
            let bytes = self.text.as_bytes();
            (0..starts.len())
                .map(|i| {
                    let end = starts.get(i + 1).copied().unwrap_or(bytes.len());
                    bytes[starts[i]..end].is_ascii()
                })
                .collect()
        });
        flags.get(index).copied().unwrap_or(false)
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
        // Characters are bytes on an ASCII line: no count from the line's
        // start for every diagnostic of a long line.
        let col = if self.line_is_ascii(index) {
            offset - start
        } else {
            self.text
                .get(start..offset)
                .map_or(0, |s| s.chars().count())
        };
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

    /// The full origin of (file, offset) with the chain `chain`.
    pub(crate) fn origin_of(&self, file: FileId, offset: usize, chain: &Chain) -> Origin {
        match chain {
            Chain::Verbatim => self.origin(file, offset, None),
            Chain::Node(node) => self.origin(file, offset, Some(*node)),
            Chain::Path(parent, calls) => {
                let mut origin = self.origin(file, offset, *parent);
                origin
                    .chain
                    .extend(calls.iter().map(|&def| self.macro_frame(def)));
                origin
            }
        }
    }

    /// Whether two chains are the same.
    pub(crate) fn same_chain(&self, a: &Chain, b: &Chain) -> bool {
        // A chain as a node and the calls below it.
        let split = |chain: &Chain| match chain {
            Chain::Verbatim => None,
            Chain::Node(node) => Some((Some(*node), Vec::new())),
            Chain::Path(parent, calls) => Some((*parent, calls.to_vec())),
        };
        let (Some((mut a_node, mut a_calls)), Some((mut b_node, mut b_calls))) =
            (split(a), split(b))
        else {
            return a == b;
        };
        // Compare from the innermost call up.
        loop {
            let (a_def, b_def) = (a_calls.pop(), b_calls.pop());
            let a_def = a_def.map(NodeKind::Macro).or_else(|| {
                let node = self.node(a_node?);
                a_node = node.parent;
                Some(node.kind)
            });
            let b_def = b_def.map(NodeKind::Macro).or_else(|| {
                let node = self.node(b_node?);
                b_node = node.parent;
                Some(node.kind)
            });
            match (a_def, b_def) {
                (None, None) => return true,
                (Some(a), Some(b)) if a == b => {}
                _ => return false,
            }
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

/// The macro chain of a run of output bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Chain {
    /// Text copied verbatim from a file.
    Verbatim,
    /// Text produced by the macro chain ending at this node.
    Node(NodeId),
    /// Text produced by the calls `calls` (outermost first), called below
    /// the chain `parent`: an expansion run by a plan, laid out again.
    Path(Option<NodeId>, Box<[DefId]>),
}

/// A run of output bytes with one origin rule, as read back from
/// [`Segments`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Segment {
    /// First output byte of the run.
    pub(crate) out_start: usize,
    /// Verbatim: the file offset of `out_start`; macro text: the call site.
    pub(crate) src_offset: usize,
    pub(crate) file: FileId,
    pub(crate) chain: Chain,
}

impl Segment {
    /// Whether the run is copied verbatim from the file.
    pub(crate) fn verbatim(&self) -> bool {
        self.chain == Chain::Verbatim
    }

    /// The source offset of output byte `offset` of the run (or past it):
    /// verbatim text maps byte for byte, macro text to its call.
    pub(crate) fn src_of(&self, offset: usize) -> usize {
        if self.verbatim() {
            self.src_offset + offset.saturating_sub(self.out_start)
        } else {
            self.src_offset
        }
    }
}

/// The chain of a verbatim segment.
const NO_CHAIN: NodeId = NodeId::MAX;

/// The segments of the output: where each run of output bytes came from.
///
/// A segment is stored in 8 bytes: its start, relative to its [`Group`], and
/// its chain; the file and offset are stored once for a group of segments
/// that share them (all the text of one outermost call, say). An expansion
/// run by a plan ([`crate::plan`]) writes dozens of segments' worth of text
/// at once; it is stored as one [`Block`] — the plan and the arguments — and
/// laid out again only when asked about.
#[derive(Debug, Default)]
pub(crate) struct Segments {
    /// Per segment: its first output byte less its group's `base`, and its
    /// macro chain (or [`NO_CHAIN`]), or for a block its index in `blocks`.
    segments: Vec<(u32, NodeId)>,
    /// The groups, in segment order.
    groups: Vec<Group>,
    blocks: Vec<Block>,
    /// The arguments of the blocks' calls, one after the other.
    arg_text: String,
    /// The byte ranges of the arguments in `arg_text`.
    arg_spans: Vec<(usize, usize)>,
}

/// Segments `first..` (up to the next group's) come from `offset` in `file`
/// and start at `base` + their relative start; a block is a group of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Group {
    first: usize,
    base: usize,
    file: FileId,
    block: bool,
    offset: usize,
}

/// An expansion run by a plan: macro `def` called with the arguments
/// `arg_spans[args..args + count]`, below the chain `parent`.
struct Block {
    plan: Arc<Plan>,
    def: DefId,
    parent: Option<NodeId>,
    args: usize,
    count: usize,
}

impl fmt::Debug for Block {
    /// The call, without the plan.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Block")
            .field("def", &self.def)
            .field("parent", &self.parent)
            .field("args", &(self.args..self.args + self.count))
            .finish_non_exhaustive()
    }
}

impl Segments {
    /// Records that the output from byte `out_start` on comes from byte
    /// `src_offset` of `file` (verbatim if `chain` is `None`) or from the
    /// call at `src_offset` through the macro chain `chain`: a new segment,
    /// unless the last one continues into it.
    #[inline]
    pub(crate) fn record(
        &mut self,
        out_start: usize,
        file: FileId,
        src_offset: usize,
        chain: Option<NodeId>,
    ) {
        let chain = chain.unwrap_or(NO_CHAIN);
        let group = self.groups.last().copied().filter(|g| !g.block);
        if let (Some(group), Some(&(rel, last_chain))) = (group, self.segments.last())
            && group.file == file
            && last_chain == chain
            && if chain == NO_CHAIN {
                group.offset + (out_start - group.base - rel as usize) == src_offset
            } else {
                group.offset == src_offset
            }
        {
            return;
        }
        let rel = group
            .filter(|g| g.file == file && g.offset == src_offset)
            .and_then(|g| u32::try_from(out_start - g.base).ok());
        let rel = rel.unwrap_or_else(|| {
            self.groups.push(Group {
                first: self.segments.len(),
                base: out_start,
                file,
                block: false,
                offset: src_offset,
            });
            0
        });
        self.segments.push((rel, chain));
    }

    /// Records that the output from byte `out_start` on is the expansion of
    /// macro `def` called at `offset` in `file` with `args`, below the chain
    /// `parent`, run by `plan`.
    pub(crate) fn record_block(
        &mut self,
        out_start: usize,
        (file, offset): (FileId, usize),
        (plan, def, parent): (Arc<Plan>, DefId, Option<NodeId>),
        args: &[&str],
    ) {
        self.groups.push(Group {
            first: self.segments.len(),
            base: out_start,
            file,
            block: true,
            offset,
        });
        self.segments.push((0, to_u32(self.blocks.len())));
        let first = self.arg_spans.len();
        for arg in args {
            let start = self.arg_text.len();
            self.arg_text.push_str(arg);
            self.arg_spans.push((start, self.arg_text.len()));
        }
        self.blocks.push(Block {
            plan,
            def,
            parent,
            args: first,
            count: args.len(),
        });
    }

    /// Removes the segments of output bytes `out_len..` (the output was
    /// cut back to `out_len` bytes).
    pub(crate) fn truncate(&mut self, out_len: usize) {
        while let Some(group) = self.groups.last().copied() {
            while self.segments.len() > group.first {
                let (rel, _) = self.segments[self.segments.len() - 1];
                let start = if group.block {
                    group.base
                } else {
                    group.base + rel as usize
                };
                if start < out_len {
                    return;
                }
                self.segments.pop();
            }
            if group.block
                && let Some(block) = self.blocks.pop()
            {
                self.arg_spans.truncate(block.args);
                let end = self.arg_spans.last().map_or(0, |&(_, end)| end);
                self.arg_text.truncate(end);
            }
            self.groups.pop();
        }
    }

    /// Removes all segments.
    pub(crate) fn clear(&mut self) {
        self.segments.clear();
        self.groups.clear();
        self.blocks.clear();
        self.arg_text.clear();
        self.arg_spans.clear();
    }

    /// The segments from the one holding output byte `offset` (the first
    /// one if `offset` comes before it, the last one if after) on.
    pub(crate) fn starting_at(&self, offset: usize) -> SegmentIter<'_> {
        let mut iter = SegmentIter {
            segments: self,
            next: self.segments.len(),
            laid_out: Vec::new().into_iter(),
        };
        if self.segments.is_empty() {
            return iter;
        }
        let group = self
            .groups
            .partition_point(|g| g.base <= offset)
            .saturating_sub(1);
        let Group { first, base, .. } = self.groups[group];
        let end = self
            .groups
            .get(group + 1)
            .map_or(self.segments.len(), |g| g.first);
        let within =
            self.segments[first..end].partition_point(|&(rel, _)| base + rel as usize <= offset);
        iter.next = first + within.saturating_sub(1);
        if self.groups[group].block {
            // Start in the block, at the piece holding `offset`.
            let pieces = self.lay_out(group, self.segments[iter.next].1 as usize);
            let skip = pieces
                .partition_point(|s| s.out_start <= offset)
                .saturating_sub(1);
            iter.laid_out = pieces.into_iter();
            if skip > 0 {
                iter.laid_out.nth(skip - 1);
            }
            iter.next += 1;
        }
        iter
    }

    /// The segments of block `block`, in group `group`: its expansion laid
    /// out again.
    fn lay_out(&self, group: usize, block: usize) -> Vec<Segment> {
        let Group {
            base, file, offset, ..
        } = self.groups[group];
        let block = &self.blocks[block];
        let args: Vec<&str> = self.arg_spans[block.args..block.args + block.count]
            .iter()
            .map(|&(start, end)| &self.arg_text[start..end])
            .collect();
        let mut text = String::with_capacity(256);
        let mut run = crate::plan::Run {
            out: &mut text,
            recorder: Layout::default(),
            expanded: 0,
            budget: usize::MAX,
        };
        let mut levels = vec![String::new(); block.plan.height as usize];
        let pieces = match run.call(&block.plan, block.def, &args, &mut levels) {
            Ok(()) => run.recorder.pieces,
            // A plan that ran once runs again; should it not, the outermost
            // call is still right.
            Err(_) => vec![(0, Box::from([block.def]))],
        };
        pieces
            .into_iter()
            .map(|(at, calls)| Segment {
                out_start: base + at,
                src_offset: offset,
                file,
                chain: Chain::Path(block.parent, calls),
            })
            .collect()
    }
}

/// The segments of [`Segments`] from some point on, blocks laid out.
pub(crate) struct SegmentIter<'s> {
    segments: &'s Segments,
    /// The next segment or block to read.
    next: usize,
    /// What is left of the block read last.
    laid_out: std::vec::IntoIter<Segment>,
}

impl SegmentIter<'_> {
    /// The group of stored segment `index`, if there is one.
    fn group_of(&self, index: usize) -> Option<usize> {
        (index < self.segments.segments.len())
            .then(|| self.segments.groups.partition_point(|g| g.first <= index) - 1)
    }
}

impl Iterator for SegmentIter<'_> {
    type Item = Segment;

    fn next(&mut self) -> Option<Segment> {
        if let Some(segment) = self.laid_out.next() {
            return Some(segment);
        }
        let index = self.next;
        let group = self.group_of(index)?;
        self.next += 1;
        let g = self.segments.groups[group];
        let (rel, chain) = self.segments.segments[index];
        if g.block {
            self.laid_out = self.segments.lay_out(group, chain as usize).into_iter();
            return self.laid_out.next();
        }
        Some(Segment {
            out_start: g.base + rel as usize,
            src_offset: g.offset,
            file: g.file,
            chain: if chain == NO_CHAIN {
                Chain::Verbatim
            } else {
                Chain::Node(chain)
            },
        })
    }
}

/// The map from expanded text back to the source files.
#[derive(Debug)]
pub struct SourceMap {
    pub(crate) tables: Tables,
    pub(crate) segments: Segments,
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
        let Some(seg) = self.segments.starting_at(offset).next() else {
            return self.tables.origin(self.main, 0, None);
        };
        let src = seg.src_of(offset.min(self.out_len));
        self.tables.origin_of(seg.file, src, &seg.chain)
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
        let mut segments = self.segments.starting_at(span.start);
        if segments.next().is_none() {
            return pieces;
        }
        for seg in segments.take_while(|s| s.out_start < span.end) {
            let origin = self.tables.origin_of(seg.file, seg.src_offset, &seg.chain);
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

    /// The part of the source line named by `origin` a diagnostic shows,
    /// and how many characters of the line come before it (see
    /// [`crate::diagnostic::window`]); an ASCII line is cut by bytes, with no
    /// walk over the whole line.
    #[must_use]
    pub fn source_window(&self, origin: &Origin) -> (String, usize) {
        let Some(file) = self.file(&origin.file) else {
            return (String::new(), 0);
        };
        let line = file.line_text(origin.line);
        let index = (origin.line as usize).saturating_sub(1);
        if file.line_is_ascii(index) {
            crate::diagnostic::window_of(line.len(), origin.col, |from, to| {
                line[from..to].to_owned()
            })
        } else {
            crate::diagnostic::window(line, origin.col)
        }
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
        self.segments
            .starting_at(offset)
            .next()
            .is_none_or(|s| s.verbatim())
    }

    /// The end (exclusive) of the segment holding `offset`: of the run of
    /// bytes with the same origin rule.
    pub(crate) fn segment_end(&self, offset: usize) -> usize {
        let mut segments = self.segments.starting_at(offset);
        let Some(first) = segments.next() else {
            return self.out_len;
        };
        segments
            .find(|s| {
                s.file != first.file
                    || s.src_offset != first.src_of(s.out_start)
                    || !self.tables.same_chain(&s.chain, &first.chain)
            })
            .map_or(self.out_len, |s| s.out_start)
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
