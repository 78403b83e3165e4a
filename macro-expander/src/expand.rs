//! The expansion engine: an m4-style reader with a stack of input frames.
//!
//! Input is read from a stack of *frames*: source files (the macro files, the
//! source, included files) and macro expansions. Text between hits of the
//! [scanner](crate::scan) is copied to the current destination — the output,
//! or the argument being collected for a pending call. When a macro name is
//! found its expansion is pushed as a new frame and read again, so
//! replacement goes on until nothing more can be replaced, while text already
//! written out (and quoted text) is never scanned again.
//!
//! Every piece written to the output is recorded as a source-map segment.
//! Every expansion and include adds a node to a chain tree; the depth of a
//! node bounds nesting, and its ancestors name the chain in errors.
//!
//! A call of a macro that has a [plan](crate::plan), with plain arguments,
//! is expanded by the plan instead, straight to the output and without
//! frames; the source map records it as one block. Should the plan stop,
//! what it wrote is undone and the call goes the general way.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::Expansion;
use crate::define::{
    Builtin, MacroTable, Meaning, NameId, substitute, substituted_len, valid_name,
};
use crate::error::{ErrorKind, ExpandError};
use crate::limits::Limits;
use crate::loader::{Loader, resolve_include};
use crate::plan::{Expand, MAX_HEIGHT, Plans, Run, plain};
use crate::scan::{Hit, HitKind, ScanStrategy, Scanner, find_words, is_word, word_end};
use crate::source_map::{
    DefId, DefSite, FileId, NodeId, NodeKind, Segments, SourceFile, SourceMap, Tables,
};
use crate::warning::{Warning, WarningKind};

/// The largest buffer kept for reuse, in bytes.
const MAX_POOLED: usize = 64 << 10;

const SIZE_HELP: &str = "help: raise the limit with --max-size (Limits::max_output)";

/// The text of a frame.
enum FrameText {
    /// A file's text (shared with the source map).
    File(Arc<str>),
    /// A macro's expansion (its buffer is recycled when the frame ends).
    Owned(String),
}

impl FrameText {
    fn as_str(&self) -> &str {
        match self {
            Self::File(text) => text,
            Self::Owned(text) => text,
        }
    }
}

/// Where a frame's text sits in the sources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Verbatim text of a file: byte `i` of the frame is byte `i` of the file.
    File(FileId),
    /// Macro text: all of it maps to the outermost call at `offset` in `file`.
    Macro { file: FileId, offset: usize },
}

/// One level of the input stack.
struct Frame {
    text: FrameText,
    pos: usize,
    place: Place,
    chain: Option<NodeId>,
    depth: u32,
    /// The first hit in the text, found when the expansion was checked for
    /// names (see [`Engine::expansion`]), so that it is not scanned twice.
    first_hit: Option<Hit>,
}

/// Where a name was found: enough to call it and to report errors.
#[derive(Debug, Clone, Copy)]
struct Site {
    /// File and offset of the name (verbatim) or of the outermost call (macro text).
    file: FileId,
    offset: usize,
    chain: Option<NodeId>,
    depth: u32,
    name: NameId,
    name_len: usize,
    verbatim: bool,
}

/// Whether an argument holds no letter and no quote, so that it cannot make
/// a name in an inert body (see [`crate::define::inert_template`]).
fn inert_arg(arg: &str) -> bool {
    arg.bytes().all(|b| !b.is_ascii_alphabetic() && b != b'`')
}

/// Where reading goes on in `text` after an error at `pos`: past the end
/// of the line where `open` parentheses still open at `pos` are closed
/// (quoted text skipped), or of the current line if they never are.
fn skip_spoiled(text: &str, pos: usize, open: usize) -> usize {
    let bytes = text.as_bytes();
    let line_end =
        |from: usize| memchr::memchr(b'\n', &bytes[from..]).map_or(bytes.len(), |n| from + n + 1);
    let mut at = pos.min(bytes.len());
    let mut open = open;
    let mut quotes = 0usize;
    while open > 0 {
        let Some(&b) = bytes.get(at) else {
            return line_end(pos.min(bytes.len()));
        };
        match b {
            b'`' => quotes += 1,
            b'\'' if quotes > 0 => quotes -= 1,
            b'(' if quotes == 0 => open += 1,
            b')' if quotes == 0 => open -= 1,
            _ => {}
        }
        at += 1;
    }
    line_end(at)
}

/// Arguments staged for a plan: byte ranges in the scratch buffer, and how
/// many there are.
type Staged = ([(usize, usize); 9], usize);

/// Copies the arguments of a call (up to `$9`) to `scratch` for a plan, if
/// they are all plain (see [`plain`]).
fn stage<S: AsRef<str>>(scratch: &mut String, args: &[S]) -> Option<Staged> {
    let args = &args[..args.len().min(9)];
    if !args.iter().all(|a| plain(a.as_ref())) {
        return None;
    }
    scratch.clear();
    let mut ranges = [(0, 0); 9];
    for (range, arg) in ranges.iter_mut().zip(args) {
        let start = scratch.len();
        scratch.push_str(arg.as_ref());
        *range = (start, scratch.len());
    }
    Some((ranges, args.len()))
}

/// A call whose arguments are being collected.
struct PendingCall {
    meaning: Meaning,
    site: Site,
    args: Vec<String>,
    cur: String,
    parens: u32,
    skip_ws: bool,
    /// Number of file frames open when the call began; the call must end
    /// before the innermost of them does.
    file_level: usize,
}

impl PendingCall {
    /// The first argument of `define` is a name: it is never expanded.
    fn literal(&self) -> bool {
        self.meaning == Meaning::Builtin(Builtin::Define) && self.args.is_empty()
    }
}

/// The destination of copied text: the output (with its segments) or the
/// argument being collected.
struct Sink {
    out: String,
    segments: Segments,
    pending: Vec<PendingCall>,
}

impl Sink {
    /// Appends `frame.text[from..to]` to the destination.
    fn emit(&mut self, frame: &Frame, from: usize, to: usize) {
        if from < to {
            self.emit_str(
                &frame.text.as_str()[from..to],
                frame.place,
                frame.chain,
                from,
            );
        }
    }

    /// Appends `piece`, which starts at byte `from` of a frame at `place`
    /// with chain `chain`, to the destination.
    fn emit_str(&mut self, piece: &str, place: Place, chain: Option<NodeId>, from: usize) {
        if let Some(call) = self.pending.last_mut() {
            call.cur.push_str(piece);
            return;
        }
        self.record(self.out.len(), place, chain, from);
        self.out.push_str(piece);
    }

    /// Records that the output from byte `out_start` on starts at byte `from`
    /// of a frame at `place` with chain `chain`: a new segment, unless the
    /// last one continues into it.
    fn record(&mut self, out_start: usize, place: Place, chain: Option<NodeId>, from: usize) {
        match place {
            Place::File(file) => self.segments.record(out_start, file, from, None),
            Place::Macro { file, offset } => self.segments.record(out_start, file, offset, chain),
        }
    }

    /// Where text goes now: the output, or the argument being collected.
    fn dest(&mut self) -> &mut String {
        match self.pending.last_mut() {
            Some(call) => &mut call.cur,
            None => &mut self.out,
        }
    }

    /// The last byte written to the destination (the "character before").
    fn last_byte(&self) -> Option<u8> {
        match self.pending.last() {
            Some(call) => call.cur.as_bytes().last().copied(),
            None => self.out.as_bytes().last().copied(),
        }
    }
}

/// The expander's state for one run.
pub(crate) struct Engine<'a> {
    loader: &'a dyn Loader,
    limits: Limits,
    tables: Tables,
    file_ids: HashMap<PathBuf, FileId>,
    files_read: Vec<PathBuf>,
    table: MacroTable,
    scanner: Scanner,
    frames: Vec<Frame>,
    file_frames: usize,
    sink: Sink,
    warnings: Vec<Warning>,
    expanded: usize,
    pool: Vec<String>,
    args_pool: Vec<Vec<String>>,
    /// Macro bodies read ahead (see [`crate::plan`]).
    plans: Plans,
    /// Whether calls may run by their plans (always, but for tests that
    /// compare the two ways).
    use_plans: bool,
    /// The arguments of a call about to run by its plan.
    scratch: String,
    /// Buffers for the arguments of the nested calls of a running plan.
    levels: Vec<String>,
    /// Whether an error is recorded and the expansion goes on after it
    /// (see [`Engine::recover`]) instead of stopping it.
    recovering: bool,
    /// The errors recorded so far, when recovering.
    errors: Vec<ExpandError>,
}

impl<'a> Engine<'a> {
    pub(crate) fn new(loader: &'a dyn Loader, limits: Limits, strategy: ScanStrategy) -> Self {
        Self {
            loader,
            limits,
            tables: Tables::default(),
            file_ids: HashMap::new(),
            files_read: Vec::new(),
            table: MacroTable::new(),
            scanner: Scanner::new(strategy),
            frames: Vec::new(),
            file_frames: 0,
            sink: Sink {
                out: String::new(),
                segments: Segments::default(),
                pending: Vec::new(),
            },
            warnings: Vec::new(),
            expanded: 0,
            pool: Vec::new(),
            args_pool: Vec::new(),
            plans: Plans::default(),
            use_plans: true,
            scratch: String::new(),
            levels: Vec::new(),
            recovering: false,
            errors: Vec::new(),
        }
    }

    /// An engine that never runs plans: every call goes the general way
    /// (to check that plans change nothing).
    #[cfg(test)]
    pub(crate) fn without_plans(mut self) -> Self {
        self.use_plans = false;
        self
    }

    /// Reads the macro files in order (their own output is discarded), then
    /// expands the source.
    pub(crate) fn run(
        mut self,
        source: &Path,
        macro_files: &[PathBuf],
    ) -> Result<Expansion, ExpandError> {
        for path in macro_files {
            let file = self.load_top(path)?;
            self.read_file(file)?;
            self.discard_macro_file_output();
        }
        let main = self.load_top(source)?;
        self.sink.out.reserve(
            self.tables
                .file(main)
                .text
                .len()
                .saturating_mul(2)
                .min(self.limits.max_output),
        );
        self.read_file(main)?;
        Ok(self.finish(main))
    }

    /// Like [`Engine::run`], but an error that leaves the rest of the input
    /// readable is recorded and the expansion goes on after it; only an
    /// unreadable top-level file and the size limits stop it (then there is
    /// no expansion).
    pub(crate) fn run_recovering(
        mut self,
        source: &Path,
        macro_files: &[PathBuf],
    ) -> (Option<Expansion>, Vec<ExpandError>) {
        self.recovering = true;
        for path in macro_files {
            if let Err(error) = self.load_top(path).and_then(|file| self.read_file(file)) {
                self.errors.push(error);
                return (None, self.errors);
            }
            self.discard_macro_file_output();
        }
        let main = match self.load_top(source) {
            Ok(main) => main,
            Err(error) => {
                self.errors.push(error);
                return (None, self.errors);
            }
        };
        if let Err(error) = self.read_file(main) {
            self.errors.push(error);
            return (None, self.errors);
        }
        let errors = std::mem::take(&mut self.errors);
        (Some(self.finish(main)), errors)
    }

    fn load_top(&mut self, path: &Path) -> Result<FileId, ExpandError> {
        self.load(path).map_err(|err| {
            ExpandError::bare(ErrorKind::Unreadable {
                path: path.to_owned(),
                message: err.to_string(),
            })
        })
    }

    /// Loads `path` through the loader, once per path.
    fn load(&mut self, path: &Path) -> std::io::Result<FileId> {
        if let Some(&id) = self.file_ids.get(path) {
            return Ok(id);
        }
        let text = self.loader.load(path)?;
        let id = crate::source_map::to_u32(self.tables.files.len());
        self.tables
            .files
            .push(SourceFile::new(Arc::from(path), Arc::<str>::from(text)));
        self.file_ids.insert(path.to_owned(), id);
        self.files_read.push(path.to_owned());
        Ok(id)
    }

    fn read_file(&mut self, file: FileId) -> Result<(), ExpandError> {
        let text = Arc::clone(&self.tables.file(file).text);
        self.frames.push(Frame {
            text: FrameText::File(text),
            pos: 0,
            place: Place::File(file),
            chain: None,
            depth: 0,
            first_hit: None,
        });
        self.file_frames += 1;
        self.main_loop()
    }

    /// Macro files are read for their definitions; text they produce is
    /// dropped, with a warning if it is more than whitespace.
    fn discard_macro_file_output(&mut self) {
        if let Some(at) = self.sink.out.bytes().position(|b| !b.is_ascii_whitespace())
            && let Some(seg) = self.sink.segments.starting_at(at).next()
        {
            let origin = self.tables.origin_of(seg.file, seg.src_of(at), &seg.chain);
            self.warnings.push(Warning {
                kind: WarningKind::StrayText,
                origin,
            });
        }
        self.sink.out.clear();
        self.sink.segments.clear();
    }

    fn finish(self, main: FileId) -> Expansion {
        let text = self.sink.out;
        let mut out_lines = vec![0];
        out_lines.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        let map = SourceMap {
            tables: self.tables,
            segments: self.sink.segments,
            out_lines,
            out_len: text.len(),
            main,
        };
        Expansion {
            text,
            map,
            warnings: self.warnings,
            macro_count: self.table.macro_count(),
            files: self.files_read,
        }
    }

    fn main_loop(&mut self) -> Result<(), ExpandError> {
        while let Some(top) = self.frames.len().checked_sub(1) {
            let frame = &self.frames[top];
            let text = frame.text.as_str();
            let from = frame.pos;
            if from >= text.len() {
                self.pop_frame()?;
                continue;
            }
            if let Some(call) = self.sink.pending.last_mut()
                && call.skip_ws
            {
                let skipped = text.as_bytes()[from..]
                    .iter()
                    .take_while(|b| b.is_ascii_whitespace())
                    .count();
                if from + skipped < text.len() {
                    call.skip_ws = false;
                }
                self.frames[top].pos = from + skipped;
                continue;
            }
            let args = !self.sink.pending.is_empty();
            // A macro frame's first hit was found when it was pushed (in
            // plain-text mode, from byte 0); reuse it if this is that scan.
            let hit = match frame.first_hit {
                Some(hit) if !args && from == 0 => Some(hit),
                _ => self.scanner.next(&self.table, text, from, args),
            };
            let stop = hit.map_or(text.len(), |h| h.start);
            self.sink.emit(frame, from, stop);
            self.frames[top].pos = stop;
            self.frames[top].first_hit = None;
            self.check_argument()?;
            if self.sink.pending.is_empty() && self.sink.out.len() > self.limits.max_output {
                return Err(self.frame_error(
                    ErrorKind::OutputTooLarge {
                        limit: self.limits.max_output,
                    },
                    top,
                    stop,
                    1,
                    vec![SIZE_HELP.into()],
                ));
            }
            let Some(hit) = hit else { continue };
            let done = match hit.kind {
                HitKind::Quote => self.quote(top, hit.start),
                HitKind::Name(id) => self.name(top, hit, id),
                HitKind::Open | HitKind::Close | HitKind::Comma => self.punct(top, hit.kind),
            };
            if let Err(error) = done {
                self.recover(error)?;
            }
        }
        Ok(())
    }

    /// After an error: when recovering and the error leaves the input
    /// readable, records it and skips what it spoiled — the calls being
    /// collected, the macro text being read, and the innermost file's text
    /// up to the end of the line where the outermost spoiled call ends (or
    /// of the current line) — and drops the output line it left half
    /// written; else returns it, to stop the expansion.
    fn recover(&mut self, error: ExpandError) -> Result<(), ExpandError> {
        let fatal = matches!(
            error.kind,
            ErrorKind::OutputTooLarge { .. }
                | ErrorKind::ExpansionTooLarge { .. }
                | ErrorKind::ArgumentTooLarge { .. }
                | ErrorKind::Runaway { .. }
        );
        if !self.recovering || fatal {
            return Err(error);
        }
        self.errors.push(error);
        while let Some(frame) = self.frames.last() {
            if let Place::File(_) = frame.place {
                break;
            }
            self.pop_frame()?;
        }
        let Some(top) = self.frames.len().checked_sub(1) else {
            return Ok(());
        };
        // Parentheses still open in this file's text: the calls that began in it.
        let mut open = 0;
        for call in std::mem::take(&mut self.sink.pending) {
            if call.site.verbatim && call.file_level == self.file_frames {
                open += 1 + call.parens as usize;
            }
            self.recycle(call.cur);
            self.recycle_args(call.args);
        }
        let frame = &mut self.frames[top];
        frame.first_hit = None;
        frame.pos = skip_spoiled(frame.text.as_str(), frame.pos, open);
        self.drop_partial_line();
        Ok(())
    }

    /// Drops the output written since the last newline (a rule line that an
    /// error cut short), with its source-map segments.
    fn drop_partial_line(&mut self) {
        let keep = memchr::memrchr(b'\n', self.sink.out.as_bytes()).map_or(0, |n| n + 1);
        self.sink.out.truncate(keep);
        self.sink.segments.truncate(keep);
    }

    /// Ends the exhausted top frame. Ending a file with a call still open is an error.
    fn pop_frame(&mut self) -> Result<(), ExpandError> {
        let Some(frame) = self.frames.pop() else {
            return Ok(());
        };
        if let Place::File(_) = frame.place {
            self.file_frames -= 1;
            if let Some(call) = self
                .sink
                .pending
                .iter()
                .find(|c| c.file_level > self.file_frames)
            {
                let name = self.table.name(call.site.name).to_string();
                let site = call.site;
                let error = self.site_error(ErrorKind::UnclosedParen { name }, site, vec!["note: the arguments of a call cannot run past the end of the file it starts in".into()]);
                if !self.recovering {
                    return Err(error);
                }
                // Read the file again from the call on: the parentheses that
                // never close send recovery to the end of the call's line.
                let resume = match frame.place {
                    Place::File(file) if site.verbatim && site.file == file => site.offset,
                    _ => frame.text.as_str().len(),
                };
                self.frames.push(Frame {
                    pos: resume,
                    ..frame
                });
                self.file_frames += 1;
                return self.recover(error);
            }
        }
        if let FrameText::Owned(text) = frame.text {
            self.recycle(text);
        }
        Ok(())
    }

    /// A quoted string: its text, one level of quotes removed, goes to the
    /// destination unscanned.
    fn quote(&mut self, top: usize, start: usize) -> Result<(), ExpandError> {
        let frame = &self.frames[top];
        let bytes = frame.text.as_str().as_bytes();
        let mut depth = 0usize;
        let mut at = start;
        let close = loop {
            let Some(n) = memchr::memchr2(b'`', b'\'', &bytes[at..]) else {
                break None;
            };
            at += n;
            if bytes[at] == b'`' {
                depth += 1;
            } else {
                depth -= 1;
                if depth == 0 {
                    break Some(at);
                }
            }
            at += 1;
        };
        let Some(close) = close else {
            return Err(self.frame_error(
                ErrorKind::UnterminatedQuote,
                top,
                start,
                1,
                vec![
                    "help: close the quote with ' — in m4 quoting a backtick cannot stand alone"
                        .into(),
                ],
            ));
        };
        self.sink.emit(frame, start + 1, close);
        self.frames[top].pos = close + 1;
        Ok(())
    }

    /// `(`, `)` or `,` inside an argument list.
    fn punct(&mut self, top: usize, kind: HitKind) -> Result<(), ExpandError> {
        self.frames[top].pos += 1;
        let Some(call) = self.sink.pending.last_mut() else {
            return Ok(());
        };
        match kind {
            HitKind::Open => {
                call.parens += 1;
                call.cur.push('(');
            }
            HitKind::Close if call.parens > 0 => {
                call.parens -= 1;
                call.cur.push(')');
            }
            HitKind::Comma if call.parens > 0 => call.cur.push(','),
            HitKind::Comma => {
                let next = self.pool.pop().unwrap_or_default();
                let arg = std::mem::replace(&mut call.cur, next);
                call.args.push(arg);
                call.skip_ws = true;
            }
            _ => return self.finish_call(),
        }
        Ok(())
    }

    /// The next input byte, looking through ended macro frames but not past
    /// the end of a file; with the index of its frame.
    fn peek(&self) -> Option<(usize, u8)> {
        for (index, frame) in self.frames.iter().enumerate().rev() {
            if let Some(&b) = frame.text.as_str().as_bytes().get(frame.pos) {
                return Some((index, b));
            }
            if let Place::File(_) = frame.place {
                return None;
            }
        }
        None
    }

    /// A name hit: expand it if the boundary rule allows, else copy it.
    fn name(&mut self, top: usize, hit: Hit, id: NameId) -> Result<(), ExpandError> {
        let literal = self.sink.pending.last().is_some_and(PendingCall::literal);
        let before_ok = self
            .sink
            .last_byte()
            .is_none_or(|b| !is_word(b) && b != b'@');
        self.frames[top].pos = hit.end;
        let next = self.peek();
        let after_ok = next.is_none_or(|(_, b)| !is_word(b));
        let frame = &self.frames[top];
        let bytes = frame.text.as_str().as_bytes();
        if literal || !before_ok || !after_ok {
            let end = word_end(bytes, hit.start);
            self.sink.emit(frame, hit.start, end);
            self.frames[top].pos = end;
            return Ok(());
        }
        let (file, offset, verbatim) = match frame.place {
            Place::File(file) => (file, hit.start, true),
            Place::Macro { file, offset } => (file, offset, false),
        };
        let site = Site {
            file,
            offset,
            chain: frame.chain,
            depth: frame.depth,
            name: id,
            name_len: hit.end - hit.start,
            verbatim,
        };
        let meaning = self.table.meaning(id);
        if meaning == Meaning::Builtin(Builtin::Dnl) {
            let rest = &bytes[hit.end..];
            self.frames[top].pos =
                memchr::memchr(b'\n', rest).map_or(bytes.len(), |n| hit.end + n + 1);
            return Ok(());
        }
        let mut ranges = [(0, 0); 9];
        if let (Some((index, b'(')), Meaning::Macro(def)) = (next, meaning)
            && index == top
            && let Some((count, close)) = self.simple_args(top, hit.end + 1, &mut ranges)
        {
            self.frames[top].pos = close + 1;
            self.check_depth(site, def)?;
            // Substitute straight from the frame's text: no argument strings.
            let frame_text = self.frames[top].text.as_str();
            let mut args = [""; 9];
            for (arg, &(start, end)) in args.iter_mut().zip(&ranges[..count]) {
                *arg = &frame_text[start..end];
            }
            let args = &args[..count];
            let definition = self.table.def(def);
            self.check_size(site, def, substituted_len(definition, args))?;
            if definition.inert && args.iter().all(|a| inert_arg(a)) {
                let dest = self.sink.dest();
                let start = dest.len();
                substitute(definition, args, dest);
                return self.inert_expansion(site, def, start);
            }
            if self.may_plan()
                && let Some(staged) = stage(&mut self.scratch, args)
                && self.planned_call(site, def, staged)
            {
                return Ok(());
            }
            let frame_text = self.frames[top].text.as_str();
            let mut args = [""; 9];
            for (arg, &(start, end)) in args.iter_mut().zip(&ranges[..count]) {
                *arg = &frame_text[start..end];
            }
            let args = &args[..count];
            let definition = self.table.def(def);
            let mut text = self.pool.pop().unwrap_or_default();
            substitute(definition, args, &mut text);
            return self.expansion(site, def, text);
        }
        match next {
            Some((index, b'(')) => {
                while self.frames.len() > index + 1 {
                    self.pop_frame()?;
                }
                self.frames[index].pos += 1;
                let cur = self.pool.pop().unwrap_or_default();
                self.sink.pending.push(PendingCall {
                    meaning,
                    site,
                    args: self.args_pool.pop().unwrap_or_default(),
                    cur,
                    parens: 0,
                    skip_ws: true,
                    file_level: self.file_frames,
                });
                Ok(())
            }
            _ => match meaning {
                Meaning::Macro(def) => self.call::<&str>(site, def, &[]),
                // `define` and `include` without arguments are plain words.
                Meaning::Builtin(_) => {
                    let frame = &self.frames[top];
                    self.sink.emit(frame, hit.start, hit.end);
                    Ok(())
                }
            },
        }
    }

    /// The `)` of the pending call: run it.
    fn finish_call(&mut self) -> Result<(), ExpandError> {
        let Some(mut call) = self.sink.pending.pop() else {
            return Ok(());
        };
        let last = std::mem::take(&mut call.cur);
        call.args.push(last);
        let result = match call.meaning {
            Meaning::Macro(def) => self.call(call.site, def, &call.args),
            Meaning::Builtin(Builtin::Define) => self.define(call.site, &call.args),
            Meaning::Builtin(Builtin::Include) => self.include(call.site, &call.args),
            Meaning::Builtin(Builtin::Dnl) => Ok(()),
        };
        self.recycle_args(call.args);
        result
    }

    fn recycle_args(&mut self, mut args: Vec<String>) {
        for arg in args.drain(..) {
            self.recycle(arg);
        }
        if self.args_pool.len() < 64 {
            self.args_pool.push(args);
        }
    }

    /// The fast path for the common call `NAME(15,17)`: if the argument list
    /// starting at byte `from` of frame `top` ends in the same frame and holds
    /// no quote, no nested parenthesis and no known name, stores the byte
    /// ranges of the arguments (leading whitespace skipped, as in the general
    /// path) in `ranges` and returns their number and the offset of the `)`.
    /// Anything else goes the general way.
    fn simple_args(
        &self,
        top: usize,
        from: usize,
        ranges: &mut [(usize, usize); 9],
    ) -> Option<(usize, usize)> {
        let text = self.frames[top].text.as_str();
        let bytes = text.as_bytes();
        let mut count = 0;
        let mut i = from;
        loop {
            while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            let start = i;
            loop {
                match *bytes.get(i)? {
                    b',' | b')' => break,
                    b'(' | b'`' => return None,
                    b if b.is_ascii_alphabetic() => {
                        let end = word_end(bytes, i);
                        if self.table.lookup_at(bytes, i, end).is_some() {
                            return None;
                        }
                        i = end;
                    }
                    _ => i += 1,
                }
            }
            if count == ranges.len() {
                return None;
            }
            ranges[count] = (start, i);
            count += 1;
            if bytes[i] == b')' {
                break;
            }
            i += 1;
        }
        Some((count, i))
    }

    /// A call of `def` one level below `site` must stay within the depth limit.
    fn check_depth(&self, site: Site, def: DefId) -> Result<(), ExpandError> {
        if site.depth as usize >= self.limits.max_depth {
            return Err(self.depth_error(site, NodeKind::Macro(def)));
        }
        Ok(())
    }

    /// Expands macro `def` with `args`: pushes its text as a new frame.
    fn call<S: AsRef<str>>(
        &mut self,
        site: Site,
        def: DefId,
        args: &[S],
    ) -> Result<(), ExpandError> {
        self.check_depth(site, def)?;
        let definition = self.table.def(def);
        let len = substituted_len(definition, args);
        self.check_size(site, def, len)?;
        // Arguments past `$9` are not substituted, so they do not matter.
        if definition.inert && args.iter().take(9).all(|a| inert_arg(a.as_ref())) {
            let dest = self.sink.dest();
            let start = dest.len();
            substitute(definition, args, dest);
            return self.inert_expansion(site, def, start);
        }
        if self.may_plan()
            && let Some(staged) = stage(&mut self.scratch, args)
            && self.planned_call(site, def, staged)
        {
            return Ok(());
        }
        let definition = self.table.def(def);
        let mut text = self.pool.pop().unwrap_or_default();
        text.reserve(len);
        substitute(definition, args, &mut text);
        self.expansion(site, def, text)
    }

    /// Whether a call may run by its plan now: its text would go to the
    /// output (plans do not collect arguments).
    fn may_plan(&self) -> bool {
        self.use_plans && self.sink.pending.is_empty()
    }

    /// Expands the call of `def` at `site`, with the arguments staged by
    /// [`stage`], by the macro's plan (see [`crate::plan`]),
    /// straight into the output. False, with nothing changed, if the macro
    /// has no plan or the plan stopped: the call must go the general way.
    fn planned_call(&mut self, site: Site, def: DefId, (ranges, count): Staged) -> bool {
        let Some(plan) = self.plans.plan(&self.table, def) else {
            return false;
        };
        // Every call in the plan must pass the depth check.
        if site.depth as usize + plan.height as usize > self.limits.max_depth {
            return false;
        }
        if self.levels.is_empty() {
            self.levels.resize_with(MAX_HEIGHT as usize, String::new);
        }
        let mut args = [""; 9];
        for (arg, &(start, end)) in args.iter_mut().zip(&ranges[..count]) {
            *arg = &self.scratch[start..end];
        }
        let args = &args[..count];
        let start = self.sink.out.len();
        let mut run = Run {
            out: &mut self.sink.out,
            recorder: Expand,
            expanded: self.expanded,
            budget: self.limits.expansion_budget(),
        };
        let done = run.call(&plan, def, args, &mut self.levels).is_ok()
            && run.out.len() <= self.limits.max_output;
        if !done {
            // The general way writes the same text up to where the plan
            // stopped, or fails the same way.
            self.sink.out.truncate(start);
            return false;
        }
        self.expanded = run.expanded;
        if self.sink.out.len() > start {
            self.sink.segments.record_block(
                start,
                (site.file, site.offset),
                (plan, def, site.chain),
                args,
            );
        }
        true
    }

    /// The expansion of an inert call (nothing in it can be replaced) of
    /// `def` at `site`, already substituted straight into the destination
    /// from byte `start` on: it needs no frame, no copy and no scan.
    fn inert_expansion(&mut self, site: Site, def: DefId, start: usize) -> Result<(), ExpandError> {
        let len = self.sink.dest().len() - start;
        self.charge(site, len)?;
        if len == 0 {
            return Ok(());
        }
        let node = self.tables.push_node(site.chain, NodeKind::Macro(def));
        if self.sink.pending.is_empty() {
            let place = Place::Macro {
                file: site.file,
                offset: site.offset,
            };
            self.sink.record(start, place, Some(node), 0);
            self.check_output(site, node)?;
        }
        self.check_argument()
    }

    /// The output may not grow past the limit (checked after a macro's text
    /// is written out at once).
    fn check_output(&self, mut site: Site, node: NodeId) -> Result<(), ExpandError> {
        if self.sink.out.len() > self.limits.max_output {
            site.chain = Some(node);
            return Err(self.site_error(
                ErrorKind::OutputTooLarge {
                    limit: self.limits.max_output,
                },
                site,
                vec![SIZE_HELP.into()],
            ));
        }
        Ok(())
    }

    /// The expansion `text` of a call of `def` at `site`: written out at once
    /// if nothing in it can be replaced, else pushed as a new frame to be
    /// read again.
    fn expansion(&mut self, site: Site, def: DefId, text: String) -> Result<(), ExpandError> {
        let depth = site.depth + 1;
        self.charge(site, text.len())?;
        if text.is_empty() {
            self.recycle(text);
            return Ok(());
        }
        let node = self.tables.push_node(site.chain, NodeKind::Macro(def));
        let place = Place::Macro {
            file: site.file,
            offset: site.offset,
        };
        let first_hit = find_words(&self.table, &text, 0, false);
        if first_hit.is_none() {
            // Nothing in it can be replaced: write it out without a frame
            // (into an empty argument, as it is, without a copy).
            let mut text = text;
            match self.sink.pending.last_mut() {
                Some(call) if call.cur.is_empty() => std::mem::swap(&mut call.cur, &mut text),
                _ => self.sink.emit_str(&text, place, Some(node), 0),
            }
            self.recycle(text);
            if self.sink.pending.is_empty() {
                self.check_output(site, node)?;
            }
            return self.check_argument();
        }
        self.frames.push(Frame {
            text: FrameText::Owned(text),
            pos: 0,
            place,
            chain: Some(node),
            depth,
            first_hit,
        });
        Ok(())
    }

    /// The text of a call of `def` at `site`, `len` bytes, may be made: it
    /// is within the size limit and the budget. Checked before the text is
    /// substituted, so that a runaway expansion (a macro doubling its
    /// argument, nested) is stopped before its memory is spent.
    fn check_size(&self, site: Site, def: DefId, len: usize) -> Result<(), ExpandError> {
        let limit = self.limits.max_output;
        if len > limit {
            let name = self.table.def(def).name.to_string();
            return Err(self.site_error(
                ErrorKind::ExpansionTooLarge {
                    name,
                    size: len,
                    limit,
                },
                site,
                vec![SIZE_HELP.into()],
            ));
        }
        let budget = self.limits.expansion_budget();
        if self.expanded.saturating_add(len + 1) > budget {
            return Err(self.runaway(site, budget));
        }
        Ok(())
    }

    /// An argument being collected may not grow past the size limit: it
    /// would be written out or substituted into a call's text, either way
    /// over the limit.
    fn check_argument(&self) -> Result<(), ExpandError> {
        let limit = self.limits.max_output;
        match self.sink.pending.last() {
            Some(call) if call.cur.len() > limit => {
                let name = self.table.name(call.site.name).to_string();
                Err(self.site_error(
                    ErrorKind::ArgumentTooLarge { name, limit },
                    call.site,
                    vec![SIZE_HELP.into()],
                ))
            }
            _ => Ok(()),
        }
    }

    /// Keeps a buffer for reuse (emptied; pooled buffers are always empty).
    /// A large buffer is let go rather than kept: the pool is for the many
    /// small texts of ordinary calls.
    fn recycle(&mut self, mut buffer: String) {
        buffer.clear();
        if buffer.capacity() <= MAX_POOLED && self.pool.len() < 64 {
            self.pool.push(buffer);
        }
    }

    /// Counts `len + 1` bytes against the expansion budget.
    fn charge(&mut self, site: Site, len: usize) -> Result<(), ExpandError> {
        self.expanded = self.expanded.saturating_add(len + 1);
        let limit = self.limits.expansion_budget();
        if self.expanded > limit {
            return Err(self.runaway(site, limit));
        }
        Ok(())
    }

    /// The budget of text made by calls is spent.
    fn runaway(&self, site: Site, limit: usize) -> ExpandError {
        self.site_error(ErrorKind::Runaway { limit }, site, vec!["help: the budget is 4 × the size limit; raise it with --max-size (Limits::max_output)".into()])
    }

    /// `define(NAME, BODY)`.
    fn define(&mut self, site: Site, args: &[String]) -> Result<(), ExpandError> {
        let name = args.first().map_or("", |n| n.trim_end());
        if name.is_empty() {
            return Err(self.site_error(ErrorKind::MissingName, site, Vec::new()));
        }
        if !valid_name(name) {
            return Err(self.site_error(
                ErrorKind::InvalidName {
                    name: name.to_owned(),
                },
                site,
                Vec::new(),
            ));
        }
        if let Some(Meaning::Builtin(_)) = self.table.lookup(name).map(|id| self.table.meaning(id))
        {
            return Err(self.site_error(
                ErrorKind::RedefineBuiltin {
                    name: name.to_owned(),
                },
                site,
                Vec::new(),
            ));
        }
        let body = args.get(1).map_or("", String::as_str);
        let origin = self.tables.origin(site.file, site.offset, site.chain);
        if args.len() > 2 {
            self.warnings.push(Warning {
                kind: WarningKind::ExtraArguments {
                    name: name.to_owned(),
                    count: args.len(),
                },
                origin: origin.clone(),
            });
        }
        let (def, previous, _) = self.table.define(name, body);
        let stored_name = Arc::clone(&self.table.def(def).name);
        self.tables.defs.push(DefSite {
            name: stored_name,
            file: site.file,
            offset: site.offset,
        });
        if let Some(previous) = previous {
            let same_body = self.table.def(previous).body == self.table.def(def).body;
            let at = &self.tables.defs[previous as usize];
            let previous = self.tables.origin(at.file, at.offset, None);
            self.warnings.push(Warning {
                kind: WarningKind::Redefined {
                    name: name.to_owned(),
                    previous,
                    same_body,
                },
                origin,
            });
        }
        Ok(())
    }

    /// `include(FILE)`, relative to the file the call is written in.
    fn include(&mut self, site: Site, args: &[String]) -> Result<(), ExpandError> {
        let target = args.first().map_or("", |t| t.trim());
        if target.is_empty() {
            return Err(self.site_error(ErrorKind::MissingFile, site, Vec::new()));
        }
        let path = resolve_include(&self.tables.file(site.file).path, target);
        let file = match self.load(&path) {
            Ok(file) => file,
            Err(err) => {
                return Err(self.site_error(
                    ErrorKind::Include {
                        path,
                        message: err.to_string(),
                    },
                    site,
                    Vec::new(),
                ));
            }
        };
        let mut open = vec![self.frames.first().map_or(site.file, |f| match f.place {
            Place::File(file) | Place::Macro { file, .. } => file,
        })];
        let mut cursor = site.chain;
        let mut includes = Vec::new();
        while let Some(id) = cursor {
            let node = self.tables.node(id);
            if let NodeKind::Include(f) = node.kind {
                includes.push(f);
            }
            cursor = node.parent;
        }
        open.extend(includes.into_iter().rev());
        if let Some(first) = open.iter().position(|&f| f == file) {
            let chain = open[first..]
                .iter()
                .chain(std::iter::once(&file))
                .map(|&f| self.tables.file(f).path.display().to_string())
                .collect();
            return Err(self.site_error(ErrorKind::IncludeCycle { chain }, site, Vec::new()));
        }
        let depth = site.depth + 1;
        if depth as usize > self.limits.max_depth {
            return Err(self.depth_error(site, NodeKind::Include(file)));
        }
        let text = Arc::clone(&self.tables.file(file).text);
        self.charge(site, text.len())?;
        let node = self.tables.push_node(site.chain, NodeKind::Include(file));
        self.frames.push(Frame {
            text: FrameText::File(text),
            pos: 0,
            place: Place::File(file),
            chain: Some(node),
            depth,
            first_hit: None,
        });
        self.file_frames += 1;
        Ok(())
    }

    /// Nesting past the limit: a cycle if a name repeats, else too deep.
    fn depth_error(&self, site: Site, next: NodeKind) -> ExpandError {
        let mut names = self.tables.chain_names(site.chain);
        names.push(self.tables.kind_name(next));
        let repeat = (1..names.len()).find_map(|j| {
            names[..j]
                .iter()
                .position(|n| *n == names[j])
                .map(|i| (i, j))
        });
        let limit = self.limits.max_depth;
        let Some((i, j)) = repeat else {
            let note = "help: raise the limit with --max-depth (Limits::max_depth)".to_owned();
            return self.site_error(
                ErrorKind::TooDeep {
                    limit,
                    chain: names,
                },
                site,
                vec![note],
            );
        };
        let note = format!("note: the expansion never ends; it was stopped at depth {limit}");
        let mut error = self.site_error(
            ErrorKind::Cycle {
                chain: names[i..=j].to_vec(),
            },
            site,
            vec![note],
        );
        // Show the chain up to the first repetition, not the whole unrolled loop.
        if let Some(diagnostic) = error.diagnostic.as_mut() {
            diagnostic.origin.chain.truncate(j.max(1));
        }
        error
    }

    /// An error at a call site.
    fn site_error(&self, kind: ErrorKind, site: Site, notes: Vec<String>) -> ExpandError {
        let origin = self.tables.origin(site.file, site.offset, site.chain);
        let caret = if site.verbatim {
            site.name_len
        } else {
            origin
                .chain
                .first()
                .map_or(site.name_len, |f| f.name.chars().count())
        };
        let line = self
            .tables
            .file(site.file)
            .line_text(origin.line)
            .to_owned();
        ExpandError::at(kind, origin, &line, caret, notes)
    }

    /// An error at byte `pos` of frame `top`.
    fn frame_error(
        &self,
        kind: ErrorKind,
        top: usize,
        pos: usize,
        caret: usize,
        notes: Vec<String>,
    ) -> ExpandError {
        let frame = &self.frames[top];
        let (file, offset, chain) = match frame.place {
            Place::File(file) => (file, pos, None),
            Place::Macro { file, offset } => (file, offset, frame.chain),
        };
        let origin = self.tables.origin(file, offset, chain);
        let caret = origin
            .chain
            .first()
            .map_or(caret, |f| f.name.chars().count());
        let line = self.tables.file(file).line_text(origin.line).to_owned();
        ExpandError::at(kind, origin, &line, caret, notes)
    }
}
