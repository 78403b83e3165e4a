//! Expansion plans: a macro body read once, ahead of its calls.
//!
//! The general engine ([`crate::expand`]) substitutes the arguments into a
//! macro's body, pushes the result as a new input frame and reads it again,
//! so that replacement goes on until nothing more can be replaced. Most of
//! that reading finds the same thing on every call: the calls written in the
//! body. When the arguments are *plain* ([`plain`]: no letter, quote,
//! parenthesis or comma) they cannot make a name, a quote or an argument
//! list, so everything that reading the expanded text would find is already
//! visible in the body. A [`Plan`] is the body read ahead of time, with the
//! names defined now, into steps:
//!
//! - text of the body and parameters, to write out;
//! - calls of other macros, whose arguments are made of body text and
//!   parameters (so they are plain too), of macros that are themselves
//!   inert ([`crate::define::inert_template`]) or planned.
//!
//! Running a plan ([`Run`]) writes the expansion straight to the output,
//! the same text as the general engine, with the same budget charges, but
//! without frames, buffers or rescanning. A few things depend on text
//! outside the body and are checked as the plan runs: the character before a
//! call that starts the body or follows a parameter or another call, the
//! depth and size limits, and the expansion budget. If a check fails the
//! plan stops ([`Bail`]); the engine then undoes what it wrote and expands
//! the call the general way, which reads the text differently or reports the
//! error exactly as it would have.
//!
//! The source map does not get a segment per piece of the expansion (there
//! are dozens in a rule line calling macros nested a few deep): it keeps the
//! plan and the arguments of the call, and lays the expansion out again,
//! with a [`Layout`], only when asked where a byte of it came from.
//!
//! A body that holds anything else (quotes, builtins, `$0`, calls whose
//! arguments hold letters or parentheses, a name at its very end or just
//! before a parameter, …) gets no plan and always takes the general way.
//! Plans depend on the names defined, so every definition makes them stale;
//! they are rebuilt when next needed.

use std::sync::Arc;

use crate::define::{Atom, Definition, MacroTable, Meaning};
use crate::scan::is_word;
use crate::source_map::DefId;

/// The deepest nesting of calls a plan may hold (counting its own call); a
/// body whose calls nest deeper takes the general way. It bounds the
/// recursion of building and running plans.
pub(crate) const MAX_HEIGHT: u32 = 48;

/// The most arguments a call passes on (`$1`..`$9`).
const MAX_ARGS: usize = 9;

/// A piece of text that a step writes or an argument is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    /// Text `n` of the plan ([`Plan::texts`]).
    Text(u32),
    /// Argument `n` (0-based: `$1` is 0); a missing argument is empty.
    Param(u8),
}

/// An argument of a call in a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Arg {
    /// Text `n` of the plan, leading whitespace already skipped.
    Text(u32),
    /// Argument `n` of the caller (0-based), leading whitespace skipped.
    Param(u8),
    /// The pieces `start..end` of [`Plan::pieces`] joined, leading
    /// whitespace skipped.
    Joined(u32, u32),
}

/// A piece of the expansion of an inert macro called by a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LeafPiece {
    /// Text `n` of the plan.
    Text(u32),
    /// Argument `n` of the caller (0-based), leading whitespace skipped.
    Arg(u8),
    /// The pieces `start..end` of [`Plan::pieces`] joined, leading
    /// whitespace skipped.
    Joined(u32, u32),
}

/// One step of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Write a piece.
    Write(Piece),
    /// Call planned macro `def`, whose plan is `callees[callee]`, with the
    /// arguments `args[start..start + count]`.
    Call {
        def: DefId,
        callee: u32,
        /// Whether the character before the name is only known when the
        /// plan runs (the body's start, or after a parameter or a call).
        check_before: bool,
        /// Whether an argument is [`Arg::Joined`].
        joined: bool,
        start: u32,
        count: u8,
    },
    /// Call inert macro `def`: its expansion is `leaf[start..end]`, already
    /// substituted but for the caller's arguments.
    Leaf {
        def: DefId,
        /// As for [`Step::Call`].
        check_before: bool,
        start: u32,
        end: u32,
    },
}

/// A macro body read ahead for plain arguments (see the module docs).
#[derive(Debug)]
pub(crate) struct Plan {
    /// The texts the steps write or pass on, each sliced once.
    texts: Box<[Box<str>]>,
    steps: Box<[Step]>,
    /// The plans of the planned macros called.
    callees: Box<[Arc<Plan>]>,
    /// The arguments of the calls.
    args: Box<[Arg]>,
    /// The pieces of joined arguments.
    pieces: Box<[Piece]>,
    /// The expansions of the [`Step::Leaf`] calls.
    leaf: Box<[LeafPiece]>,
    /// The length of the body's text outside its parameters.
    fixed_len: usize,
    /// How often each parameter occurs in the body (if it does; 0-based):
    /// with `fixed_len`, the length of the substituted body, which the
    /// general engine charges against the budget.
    uses: Box<[(u8, u32)]>,
    /// The deepest nesting of calls the plan makes, counting its own call.
    pub(crate) height: u32,
}

/// What is known of a definition's plan.
#[derive(Debug)]
enum State {
    Unknown,
    /// Being built: meeting it again means a cycle, which gets no plan.
    Building,
    Failed,
    Ready(Arc<Plan>),
}

/// The plans of the definitions, for one generation of the macro table.
#[derive(Debug, Default)]
pub(crate) struct Plans {
    generation: u64,
    states: Vec<State>,
}

impl Plans {
    /// The plan of `def` for the current names, built if needed; `None` if
    /// the body cannot be planned.
    pub(crate) fn plan(&mut self, table: &MacroTable, def: DefId) -> Option<Arc<Plan>> {
        if self.generation != table.generation() {
            self.states.clear();
            self.generation = table.generation();
        }
        self.build(table, def, 1)
    }

    /// Builds the plan of `def`, met `level` calls deep.
    fn build(&mut self, table: &MacroTable, def: DefId, level: u32) -> Option<Arc<Plan>> {
        let index = def as usize;
        if self.states.len() <= index {
            self.states.resize_with(index + 1, || State::Unknown);
        }
        match &self.states[index] {
            State::Ready(plan) => return Some(Arc::clone(plan)),
            State::Building | State::Failed => return None,
            State::Unknown if level > MAX_HEIGHT => return None,
            State::Unknown => {}
        }
        self.states[index] = State::Building;
        let plan = self.read(table, def, level).map(Arc::new);
        self.states[index] = plan.clone().map_or(State::Failed, State::Ready);
        plan
    }

    /// Reads the body of `def` into a plan, as the general engine would read
    /// it substituted with plain arguments (with [`crate::scan::find_words`]
    /// and the boundary rule).
    fn read(&mut self, table: &MacroTable, def: DefId, level: u32) -> Option<Plan> {
        let definition = table.def(def);
        let body = &*definition.body;
        let mut syms = Vec::with_capacity(body.len());
        let mut fixed_len = 0;
        let mut uses = [0; MAX_ARGS];
        for atom in definition.pieces.atoms() {
            match atom {
                Atom::Text(start, end) => {
                    fixed_len += end - start;
                    syms.extend((start..end).map(|at| Sym::Byte(body.as_bytes()[at], at)));
                }
                // `$0` is the name: letters, which plain arguments exclude.
                Atom::Param(0) => return None,
                Atom::Param(n) => {
                    uses[usize::from(n) - 1] += 1;
                    syms.push(Sym::Param(n - 1));
                }
            }
        }
        let mut reader = Reader {
            body,
            syms: &syms,
            texts: Vec::new(),
            steps: Vec::new(),
            callees: Vec::new(),
            args: Vec::new(),
            pieces: Vec::new(),
            leaf: Vec::new(),
            pending: None,
        };
        let mut height = 1;
        // The character before the next name: a byte of the body, or `None`
        // if it is only known when the plan runs.
        let mut before = None;
        let mut i = 0;
        while let Some(&sym) = syms.get(i) {
            let b = match sym {
                Sym::Param(n) => {
                    reader.step(Step::Write(Piece::Param(n)));
                    before = None;
                    i += 1;
                    continue;
                }
                Sym::Byte(b'`', _) => return None,
                Sym::Byte(b, _) if !is_word(b) => {
                    reader.write(i, i + 1);
                    before = Some(b);
                    i += 1;
                    continue;
                }
                Sym::Byte(b, _) => b,
            };
            let end = reader.word_end(i);
            // What follows the word: a byte of the body, a parameter (which
            // might lengthen it) or nothing (the text after the call).
            let next = syms.get(end).copied();
            let candidate =
                b.is_ascii_alphabetic() && before.is_none_or(|c| !is_word(c) && c != b'@');
            let meaning = candidate
                .then(|| table.lookup(&body[reader.at(i)..reader.at(end - 1) + 1]))
                .flatten()
                .map(|id| table.meaning(id));
            let callee = match (meaning, next) {
                (Some(Meaning::Macro(callee)), Some(Sym::Byte(..))) => callee,
                (None, Some(Sym::Param(_))) if candidate => return None,
                (None, _) => {
                    reader.write(i, end);
                    before = Some(body.as_bytes()[reader.at(end - 1)]);
                    i = end;
                    continue;
                }
                _ => return None,
            };
            let callee_definition = table.def(callee);
            let plan = if callee_definition.inert {
                None
            } else {
                Some(self.build(table, callee, level + 1)?)
            };
            height = height.max(1 + plan.as_ref().map_or(1, |p| p.height));
            reader.flush();
            let start = reader.args.len();
            let joined = reader.pieces.len();
            i = match next {
                Some(Sym::Byte(b'(', _)) => reader.call_args(end + 1)?,
                _ => end,
            };
            let check_before = before.is_none();
            let step = match plan {
                None => reader.leaf(callee_definition, start, callee, check_before),
                Some(plan) => {
                    reader.callees.push(plan);
                    Step::Call {
                        def: callee,
                        callee: to_u32(reader.callees.len() - 1),
                        check_before,
                        joined: reader.pieces.len() > joined,
                        start: to_u32(start),
                        count: u8::try_from(reader.args.len() - start).ok()?,
                    }
                }
            };
            reader.step(step);
            before = None;
        }
        reader.flush();
        let uses = (0..).zip(uses).filter(|&(_, uses)| uses > 0).collect();
        (height <= MAX_HEIGHT).then(|| Plan {
            texts: reader.texts.into_boxed_slice(),
            steps: reader.steps.into_boxed_slice(),
            callees: reader.callees.into_boxed_slice(),
            args: reader.args.into_boxed_slice(),
            pieces: reader.pieces.into_boxed_slice(),
            leaf: reader.leaf.into_boxed_slice(),
            fixed_len,
            uses,
            height,
        })
    }
}

/// A byte of the body (with its offset) or a parameter (0-based).
#[derive(Debug, Clone, Copy)]
enum Sym {
    Byte(u8, usize),
    Param(u8),
}

/// A piece of an argument being read: body bytes `start..end`, or a
/// parameter.
#[derive(Debug, Clone, Copy)]
enum Part {
    Text(usize, usize),
    Param(u8),
}

/// A plan being read.
struct Reader<'s> {
    body: &'s str,
    syms: &'s [Sym],
    texts: Vec<Box<str>>,
    steps: Vec<Step>,
    callees: Vec<Arc<Plan>>,
    args: Vec<Arg>,
    pieces: Vec<Piece>,
    leaf: Vec<LeafPiece>,
    /// Body bytes `start..end` to write, not yet a step.
    pending: Option<(usize, usize)>,
}

impl Reader<'_> {
    /// The body offset of symbol `i`, a byte.
    fn at(&self, i: usize) -> usize {
        match self.syms[i] {
            Sym::Byte(_, at) => at,
            Sym::Param(_) => unreachable!("a parameter inside a word"),
        }
    }

    /// A new text of the plan.
    fn text(&mut self, text: &str) -> u32 {
        self.texts.push(text.into());
        to_u32(self.texts.len() - 1)
    }

    /// Adds the bytes of symbols `from..to` to the text written out.
    fn write(&mut self, from: usize, to: usize) {
        let (start, end) = (self.at(from), self.at(to - 1) + 1);
        match &mut self.pending {
            Some((_, last)) if *last == start => *last = end,
            _ => {
                self.flush();
                self.pending = Some((start, end));
            }
        }
    }

    /// Makes the text read so far a step.
    fn flush(&mut self) {
        if let Some((start, end)) = self.pending.take() {
            let text = self.text(&self.body[start..end]);
            self.steps.push(Step::Write(Piece::Text(text)));
        }
    }

    /// Adds a step after the text read so far.
    fn step(&mut self, step: Step) {
        self.flush();
        self.steps.push(step);
    }

    /// The end of the run of word bytes starting at symbol `i`.
    fn word_end(&self, i: usize) -> usize {
        let mut end = i;
        while matches!(self.syms.get(end), Some(&Sym::Byte(b, _)) if is_word(b)) {
            end += 1;
        }
        end
    }

    /// Reads the arguments of a call from symbol `i` (after the `(`) as the
    /// engine's fast path for simple argument lists does; the symbol after
    /// the `)`. `None` unless every argument is plain (no letter, quote or
    /// parenthesis), there are at most nine, and the list ends in the body.
    fn call_args(&mut self, mut i: usize) -> Option<usize> {
        let mut count = 0;
        let mut parts = Vec::new();
        loop {
            match *self.syms.get(i)? {
                Sym::Param(n) => parts.push(Part::Param(n)),
                Sym::Byte(b @ (b',' | b')'), _) => {
                    self.end_arg(&parts);
                    parts.clear();
                    count += 1;
                    if count > MAX_ARGS {
                        return None;
                    }
                    if b == b')' {
                        return Some(i + 1);
                    }
                }
                Sym::Byte(b, _) if b == b'(' || b == b'`' || b.is_ascii_alphabetic() => {
                    return None;
                }
                Sym::Byte(_, at) => match parts.last_mut() {
                    Some(Part::Text(_, last)) if *last == at => *last = at + 1,
                    _ => parts.push(Part::Text(at, at + 1)),
                },
            }
            i += 1;
        }
    }

    /// Adds the argument made of `parts`: a text, a parameter, or pieces to
    /// join.
    fn end_arg(&mut self, parts: &[Part]) {
        let arg = match *parts {
            [] => Arg::Text(self.text("")),
            [Part::Text(start, end)] => Arg::Text(self.text(skip_ws(&self.body[start..end]))),
            [Part::Param(n)] => Arg::Param(n),
            _ => {
                let start = to_u32(self.pieces.len());
                for &part in parts {
                    let piece = match part {
                        Part::Text(start, end) => Piece::Text(self.text(&self.body[start..end])),
                        Part::Param(n) => Piece::Param(n),
                    };
                    self.pieces.push(piece);
                }
                Arg::Joined(start, to_u32(self.pieces.len()))
            }
        };
        self.args.push(arg);
    }

    /// The step calling inert macro `callee` (`definition`) with the
    /// arguments `args[start..]`: a [`Step::Leaf`], its expansion
    /// substituted but for the caller's arguments.
    fn leaf(
        &mut self,
        definition: &Definition,
        start: usize,
        callee: DefId,
        check_before: bool,
    ) -> Step {
        let from = self.leaf.len();
        // Text not yet a piece.
        let mut run = String::new();
        for atom in definition.pieces.atoms() {
            let arg = match atom {
                Atom::Text(start, end) => {
                    run.push_str(&definition.body[start..end]);
                    continue;
                }
                Atom::Param(n) => usize::from(n)
                    .checked_sub(1)
                    .and_then(|n| self.args.get(start + n).copied()),
            };
            let piece = match arg {
                None => continue,
                Some(Arg::Text(text)) => {
                    run.push_str(&self.texts[text as usize]);
                    continue;
                }
                Some(Arg::Param(n)) => LeafPiece::Arg(n),
                Some(Arg::Joined(start, end)) => LeafPiece::Joined(start, end),
            };
            if !run.is_empty() {
                let text = self.text(&run);
                self.leaf.push(LeafPiece::Text(text));
                run.clear();
            }
            self.leaf.push(piece);
        }
        if !run.is_empty() {
            let text = self.text(&run);
            self.leaf.push(LeafPiece::Text(text));
        }
        self.args.truncate(start);
        Step::Leaf {
            def: callee,
            check_before,
            start: to_u32(from),
            end: to_u32(self.leaf.len()),
        }
    }
}

/// Whether `arg` is plain: no letter, quote, parenthesis or comma, so that
/// it cannot make a name, a quote or an argument list wherever it lands.
pub(crate) fn plain(arg: &str) -> bool {
    !arg.bytes()
        .any(|b| b.is_ascii_alphabetic() || matches!(b, b'`' | b'(' | b')' | b','))
}

/// A plan stopped: the call must be expanded the general way.
#[derive(Debug)]
pub(crate) struct Bail;

/// What a running plan tells besides writing its text: nothing when it
/// expands a call ([`Expand`]); which macro wrote each piece when the source
/// map lays an expansion out again ([`Layout`]).
pub(crate) trait Recorder {
    /// Whether the run checks the budget and the character before calls
    /// (an expansion laid out again passed them when it was made).
    const CHECKS: bool;

    /// A call of macro `def`, which writes text, starts.
    fn enter(&mut self, def: DefId);

    /// The call ends.
    fn exit(&mut self);

    /// Text of the call entered last starts at output byte `at`.
    fn text(&mut self, at: usize);
}

/// The [`Recorder`] of an expansion: no record.
pub(crate) struct Expand;

impl Recorder for Expand {
    const CHECKS: bool = true;

    #[inline]
    fn enter(&mut self, _: DefId) {}

    #[inline]
    fn exit(&mut self) {}

    #[inline]
    fn text(&mut self, _: usize) {}
}

/// The [`Recorder`] of an expansion laid out again: the pieces of text that
/// the calls wrote, each with the macros (outermost first) that wrote it.
/// Consecutive pieces of the same call are one piece.
#[derive(Debug, Default)]
pub(crate) struct Layout {
    /// The calls entered and not yet ended.
    calls: Vec<DefId>,
    /// Each piece: where it starts and the calls that wrote it.
    pub(crate) pieces: Vec<(usize, Box<[DefId]>)>,
}

impl Recorder for Layout {
    const CHECKS: bool = false;

    fn enter(&mut self, def: DefId) {
        self.calls.push(def);
    }

    fn exit(&mut self) {
        self.calls.pop();
    }

    fn text(&mut self, at: usize) {
        if self
            .pieces
            .last()
            .is_none_or(|(_, calls)| **calls != *self.calls)
        {
            self.pieces.push((at, self.calls.as_slice().into()));
        }
    }
}

/// A running plan: where it writes and what it charges to the budget.
pub(crate) struct Run<'e, R> {
    pub(crate) out: &'e mut String,
    pub(crate) recorder: R,
    /// Bytes charged against the budget so far (see [`crate::Limits`]).
    pub(crate) expanded: usize,
    pub(crate) budget: usize,
}

impl<R: Recorder> Run<'_, R> {
    /// Expands macro `def`, whose plan is `plan`, with the plain arguments
    /// `args`. `levels` are buffers for the joined arguments of nested calls,
    /// one per level of nesting.
    pub(crate) fn call(
        &mut self,
        plan: &Plan,
        def: DefId,
        args: &[&str],
        levels: &mut [String],
    ) -> Result<(), Bail> {
        let arg = |n: u8| args.get(usize::from(n)).copied().unwrap_or("");
        let texts = |n: u32| &*plan.texts[n as usize];
        let len = plan.uses.iter().fold(plan.fixed_len, |len, &(n, uses)| {
            len + uses as usize * arg(n).len()
        });
        self.charge(len)?;
        if len == 0 {
            return Ok(());
        }
        let (buf, levels) = levels.split_first_mut().ok_or(Bail)?;
        self.recorder.enter(def);
        // Whether this call's text is being recorded (not a callee's).
        let mut recorded = false;
        for step in &plan.steps {
            let text = match *step {
                Step::Write(Piece::Text(n)) => texts(n),
                Step::Write(Piece::Param(n)) => arg(n),
                Step::Call {
                    def: callee,
                    callee: callee_plan,
                    check_before,
                    joined,
                    start,
                    count,
                } => {
                    if check_before && !self.before_ok() {
                        return Err(Bail);
                    }
                    let specs = &plan.args[start as usize..][..usize::from(count)];
                    // Joined arguments are built in `buf` first: the others
                    // are slices.
                    let mut ranges = [(0, 0); MAX_ARGS];
                    if joined {
                        buf.clear();
                        for (range, spec) in ranges.iter_mut().zip(specs) {
                            if let Arg::Joined(from, to) = *spec {
                                let from_len = buf.len();
                                join(plan, from, to, args, buf);
                                let kept = skip_ws(&buf[from_len..]).len();
                                *range = (buf.len() - kept, buf.len());
                            }
                        }
                    }
                    let mut strs = [""; MAX_ARGS];
                    for (i, spec) in specs.iter().enumerate() {
                        strs[i] = match *spec {
                            Arg::Text(n) => texts(n),
                            Arg::Param(n) => skip_ws(arg(n)),
                            Arg::Joined(..) => &buf[ranges[i].0..ranges[i].1],
                        };
                    }
                    let callee_plan = &plan.callees[callee_plan as usize];
                    self.call(callee_plan, callee, &strs[..specs.len()], levels)?;
                    recorded = false;
                    continue;
                }
                Step::Leaf {
                    def: callee,
                    check_before,
                    start,
                    end,
                } => {
                    if check_before && !self.before_ok() {
                        return Err(Bail);
                    }
                    let at = self.out.len();
                    for piece in &plan.leaf[start as usize..end as usize] {
                        match *piece {
                            LeafPiece::Text(n) => self.out.push_str(texts(n)),
                            LeafPiece::Arg(n) => self.out.push_str(skip_ws(arg(n))),
                            LeafPiece::Joined(from, to) => {
                                let piece_at = self.out.len();
                                join(plan, from, to, args, self.out);
                                let kept = skip_ws(&self.out[piece_at..]).len();
                                let skipped = self.out.len() - piece_at - kept;
                                self.out.drain(piece_at..piece_at + skipped);
                            }
                        }
                    }
                    let len = self.out.len() - at;
                    self.charge(len)?;
                    if len > 0 {
                        self.recorder.enter(callee);
                        self.recorder.text(at);
                        self.recorder.exit();
                    }
                    recorded = false;
                    continue;
                }
            };
            if !text.is_empty() {
                if !recorded {
                    self.recorder.text(self.out.len());
                    recorded = true;
                }
                self.out.push_str(text);
            }
        }
        self.recorder.exit();
        Ok(())
    }

    /// Whether a name may be replaced after the output written so far (the
    /// boundary rule's character before).
    fn before_ok(&self) -> bool {
        !R::CHECKS
            || self
                .out
                .as_bytes()
                .last()
                .is_none_or(|&b| !is_word(b) && b != b'@')
    }

    /// Counts `len + 1` bytes against the budget, as the engine does.
    fn charge(&mut self, len: usize) -> Result<(), Bail> {
        if R::CHECKS {
            self.expanded = self.expanded.saturating_add(len + 1);
            if self.expanded > self.budget {
                return Err(Bail);
            }
        }
        Ok(())
    }
}

/// Appends the pieces `plan.pieces[from..to]` to `out`, with the caller's
/// arguments `args`.
fn join(plan: &Plan, from: u32, to: u32, args: &[&str], out: &mut String) {
    for piece in &plan.pieces[from as usize..to as usize] {
        out.push_str(match *piece {
            Piece::Text(n) => &plan.texts[n as usize],
            Piece::Param(n) => args.get(usize::from(n)).copied().unwrap_or(""),
        });
    }
}

/// `s` without its leading ASCII whitespace (skipped at the start of an
/// argument, as in the engine).
fn skip_ws(s: &str) -> &str {
    match s.bytes().position(|b| !b.is_ascii_whitespace()) {
        Some(0) => s,
        Some(n) => &s[n..],
        None => "",
    }
}

fn to_u32(n: usize) -> u32 {
    crate::source_map::to_u32(n)
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use proptest::prelude::*;

    use crate::expand::Engine;
    use crate::{Limits, MemoryLoader, ScanStrategy, Severity};

    /// [`outcome`] of `source` with `macros` and the default limits, after
    /// checking that it is the same with plans and without.
    fn outcome_agreed(source: &str, macros: &str) -> String {
        let loader = MemoryLoader::new()
            .with("s.txt2", source)
            .with("m.m4", macros);
        let with = outcome(&loader, Limits::default(), true);
        assert_eq!(with, outcome(&loader, Limits::default(), false));
        with
    }

    /// Everything observable of an expansion: text, warnings, the origin of
    /// every byte and how far its origin rule goes, diagnostics, errors.
    fn outcome(loader: &MemoryLoader, limits: Limits, plans: bool) -> String {
        let engine = Engine::new(loader, limits, ScanStrategy::Auto);
        let engine = if plans {
            engine
        } else {
            engine.without_plans()
        };
        match engine.run(Path::new("s.txt2"), &[PathBuf::from("m.m4")]) {
            Ok(exp) => {
                let map = &exp.map;
                let bytes: Vec<_> = (0..=exp.text.len())
                    .map(|at| (map.locate(at), map.is_verbatim(at), map.segment_end(at)))
                    .collect();
                let diagnostics: Vec<_> = (0..exp.text.len())
                    .step_by(3)
                    .map(|at| {
                        let span = at..(at + 4).min(exp.text.len());
                        exp.diagnostic(Severity::Error, "probe", span).to_string()
                    })
                    .collect();
                format!(
                    "{}\n{}\n{:?}\n{bytes:?}\n{diagnostics:?}",
                    exp.text,
                    exp.map_listing(),
                    exp.warnings,
                )
            }
            Err(err) => format!("{err}\n{err:?}"),
        }
    }

    /// Bodies and sources made of what plans care about.
    fn soup(pieces: &'static [&'static str], len: usize) -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(pieces), 0..len).prop_map(|p| p.concat())
    }

    const BODY: &[&str] = &[
        "A($1)",
        "B($1,$2)",
        "C($2,$1)",
        "D(1, $1)",
        "B( $2$1,)",
        "C(_$2)",
        "C",
        "D()",
        "$1",
        "$2",
        "$3",
        "$0",
        "&",
        "@",
        "_",
        "7",
        " ",
        "x",
        "(",
        ")",
        ",",
        "`B'",
        "dnl",
        "[",
        "-",
    ];
    const SOURCE: &[&str] = &[
        "A(1,2)",
        "B(3,4)",
        "C( 5 , 6)",
        "D(,)",
        "A",
        "B",
        "A(x,1)",
        "C(1(2),3)",
        "`A'",
        "x",
        "@",
        "_",
        "7",
        " ",
        "(",
        ")",
        ",",
        "\n",
        "define(B, `$2&$1')",
        "define(E, `A(2,1)')",
        "E",
    ];

    fn macros() -> impl Strategy<Value = String> {
        prop::collection::vec(soup(BODY, 8), 4).prop_map(|bodies| {
            ["A", "B", "C", "D"]
                .iter()
                .zip(bodies)
                .map(|(name, body)| format!("define({name}, `{body}')dnl\n"))
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// Plans change nothing: text, source map (to its chain nodes),
        /// warnings and errors are those of the general way.
        #[test]
        fn plans_change_nothing(macros in macros(), source in soup(SOURCE, 16),
                                depth in 2usize..12, size in 8usize..400) {
            let loader = MemoryLoader::new().with("s.txt2", source).with("m.m4", macros);
            for limits in [Limits::default(), Limits { max_depth: depth, max_output: size }] {
                prop_assert_eq!(outcome(&loader, limits, true), outcome(&loader, limits, false));
            }
        }
    }

    /// A call run by a plan next to calls of the same macro expanded the
    /// general way, in a body that has no plan (it holds a quote).
    #[test]
    fn planned_and_general_calls_side_by_side() {
        let macros = "define(L, `<$1>')dnl\n\
                      define(A, `L($1)L(2)')dnl\n\
                      define(T, `A(x)A(1)`'A(2)')dnl\n";
        let source = "T T(1) A(1)A(x)A(3)\n";
        let with = outcome_agreed(source, macros);
        assert!(
            with.starts_with("<x><2><1><2><2><2> <x><2><1><2><2><2> <1><2><x><2><3><2>\n"),
            "{with}"
        );
    }

    #[test]
    fn nested_calls_run_by_plans() {
        let macros = "define(L, `@0P[$1-$2]')dnl\n\
                      define(M, `L($1,$2)&L( $2,7$1)')dnl\n\
                      define(T, `M($2,$1)|M(,)')dnl\n";
        let source = "1 T(1,2) (T( 3 ,4)) xT(5,6) @T(7,8) T(9,a) T\n";
        let with = outcome_agreed(source, macros);
        assert!(
            with.starts_with(
                "1 @0P[2-1]&@0P[1-72]|@0P[-]&@0P[-7] (@0P[4-3 ]&@0P[3 -74]|@0P[-]&@0P[-7]) \
             xT(5,6) @T(7,8) @0P[a-9]&@0P[9-7a]|@0P[-]&@0P[-7] \
             @0P[-]&@0P[-7]|@0P[-]&@0P[-7]\n"
            ),
            "{with}"
        );
    }
}
