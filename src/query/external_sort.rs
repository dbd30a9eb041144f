//! Sorting more documents than memory holds, as the server's sorter does
//! (mongodb/mongo `src/mongo/db/sorter/sorter.cpp`): documents come in one at a time and are
//! held while their estimated memory stays within the budget (the server's 100 MB,
//! [`limits::BLOCKING_MEMORY`], measured as [`super::sort::check_memory`] measures it).
//! Past the budget, without `allowDiskUse` the sort fails with the server's words; with it,
//! the held documents are sorted and written to a *spill file* as BSON (one length-prefixed
//! document after another), and at the end the sorted runs are merged (k-way, with a heap)
//! and streamed out in order.
//!
//! With a limit (`sort(...).limit(N)`), only the best N documents are held (a bounded heap),
//! as the server's top-k sort does, and the budget applies to what is held: past it, the
//! heap is spilled as a run like any other (or the sort fails without `allowDiskUse`).
//!
//! The library never picks a place on disk: the caller passes the spill directory. Files
//! are removed when the sorter, or the stream it returns, is dropped (even after an error).
//! Ties keep their input order, as [`SortSpec::sort`] does: runs are sorted stably and the
//! merge takes, among equal documents, the one from the earliest run.
//!
//! Written here rather than with a crate: the comparison is the server's (collation and
//! array keys included), and the crate takes no dependency for temporary files.

use std::cmp::Ordering;
use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};

use super::error::{QueryError, QueryErrorKind};
use super::limits;
use super::sort::{SortSpec, memory_exceeded};
use crate::bson::error::{DecodeError, EncodeError};
use crate::bson::{Document, decode_document, encode::encode_document_into};
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// How a sort may use memory and disk.
#[derive(Clone, Copy, Debug)]
pub struct SortBudget<'a> {
    /// The bytes of estimated memory the held documents may take: the server's
    /// [`limits::BLOCKING_MEMORY`] (tests pass a smaller one).
    pub memory: usize,
    /// `allowDiskUse`: past the budget, spill instead of failing.
    pub allow_disk_use: bool,
    /// Where spill files go. `None` with `allow_disk_use`: past the budget, the tutor's
    /// [`QueryErrorKind::WouldSpill`] (nowhere to spill).
    pub spill_dir: Option<&'a Path>,
    /// Keep only the first this many documents (a top-k sort).
    pub limit: Option<usize>,
}

impl SortBudget<'_> {
    /// The server's budget, no disk, no limit.
    pub fn server() -> SortBudget<'static> {
        SortBudget {
            memory: limits::BLOCKING_MEMORY,
            allow_disk_use: false,
            spill_dir: None,
            limit: None,
        }
    }
}

/// What can go wrong in an external sort.
#[derive(Debug)]
pub enum SortError {
    /// The server's refusal (memory limit, parallel arrays) or a stop asked for.
    Query(QueryError),
    /// A spill file could not be written or read.
    Io {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        error: std::io::Error,
    },
    /// A document could not be written as BSON to a spill file.
    Encode(EncodeError),
    /// A spill file holds something that is not the document written there.
    Decode {
        /// The file.
        path: PathBuf,
        /// The decoder's reason.
        error: DecodeError,
    },
}

impl From<QueryError> for SortError {
    fn from(e: QueryError) -> Self {
        SortError::Query(e)
    }
}

impl From<QueryErrorKind> for SortError {
    fn from(e: QueryErrorKind) -> Self {
        SortError::Query(QueryError::new("sort", e))
    }
}

impl Localize for SortError {
    fn write_in(&self, lang: Lang, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        match (lang, self) {
            (_, SortError::Query(e)) => e.write_in(lang, out),
            (_, SortError::Encode(e)) => e.write_in(lang, out),
            (Lang::En, SortError::Io { path, error }) => {
                write!(out, "sort spill file {}: {error}", path.display())
            }
            (Lang::Vi, SortError::Io { path, error }) => {
                write!(out, "tệp tràn của phép sắp xếp {}: {error}", path.display())
            }
            (Lang::Zh, SortError::Io { path, error }) => {
                write!(out, "排序溢出文件 {}：{error}", path.display())
            }
            (Lang::En, SortError::Decode { path, error }) => {
                write!(out, "sort spill file {} was changed: ", path.display())?;
                error.write_in(lang, out)
            }
            (Lang::Vi, SortError::Decode { path, error }) => {
                write!(
                    out,
                    "tệp tràn của phép sắp xếp {} đã bị thay đổi: ",
                    path.display()
                )?;
                error.write_in(lang, out)
            }
            (Lang::Zh, SortError::Decode { path, error }) => {
                write!(out, "排序溢出文件 {} 已被改动：", path.display())?;
                error.write_in(lang, out)
            }
        }
    }
}

impl std::fmt::Display for SortError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for SortError {}

/// The spill files made so far; dropping it removes them.
#[derive(Debug, Default)]
struct SpillFiles {
    paths: Vec<PathBuf>,
}

impl Drop for SpillFiles {
    fn drop(&mut self) {
        for path in &self.paths {
            // Nothing to do about a file that cannot be removed: it is in the caller's
            // directory, which the caller removes.
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Makes spill file names unique within the process, whatever the directory.
static NEXT_FILE: AtomicU64 = AtomicU64::new(0);

/// A sort fed one document at a time.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::query::external_sort::{ExternalSorter, SortBudget};
/// use bson_tutor::query::sort::SortSpec;
/// let doc = |s: &str| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
/// let spec = SortSpec::parse(&doc("{ v: -1 }")).unwrap();
/// let mut sorter = ExternalSorter::new(&spec, SortBudget::server());
/// for v in [1, 3, 2] {
///     sorter.push(doc(&format!("{{ v: {v} }}"))).unwrap();
/// }
/// let out: Vec<_> = sorter.finish().unwrap().map(Result::unwrap).collect();
/// assert_eq!(out, vec![doc("{ v: 3 }"), doc("{ v: 2 }"), doc("{ v: 1 }")]);
/// ```
#[derive(Debug)]
pub struct ExternalSorter<'a> {
    spec: &'a SortSpec,
    budget: SortBudget<'a>,
    /// The held documents with their arrival number (ties keep arrival order) and memory.
    held: Vec<(u64, Document, usize)>,
    held_memory: usize,
    arrived: u64,
    files: SpillFiles,
}

impl<'a> ExternalSorter<'a> {
    /// An empty sort by `spec` within `budget`.
    pub fn new(spec: &'a SortSpec, budget: SortBudget<'a>) -> Self {
        ExternalSorter {
            spec,
            budget,
            held: Vec::new(),
            held_memory: 0,
            arrived: 0,
            files: SpillFiles::default(),
        }
    }

    /// Adds one document.
    ///
    /// # Errors
    /// A document whose keys are parallel arrays; past the budget, the server's
    /// `Sort exceeded memory limit of 104857600 bytes, but did not opt in to external
    /// sorting.` without `allow_disk_use`, [`QueryErrorKind::WouldSpill`] with it but no
    /// directory, or a spill file that cannot be written.
    pub fn push(&mut self, doc: Document) -> Result<(), SortError> {
        self.spec.check_key(&doc)?;
        let memory = limits::measure(&doc).memory + std::mem::size_of::<Document>();
        let n = self.arrived;
        self.arrived += 1;
        if let Some(k) = self.budget.limit {
            return self.push_top(k, n, doc, memory);
        }
        self.held.push((n, doc, memory));
        self.held_memory = self.held_memory.saturating_add(memory);
        if self.held_memory > self.budget.memory {
            let dir = self.spill_dir()?;
            self.spill(dir)?;
        }
        Ok(())
    }

    /// Where to spill, or the error that says why not.
    fn spill_dir(&self) -> Result<&'a Path, SortError> {
        match (self.budget.allow_disk_use, self.budget.spill_dir) {
            (true, Some(dir)) => Ok(dir),
            (allow, _) => Err(memory_exceeded(allow, self.budget.memory).into()),
        }
    }

    /// A top-k sort: `held` is a max-heap (the worst held document on top) of at most `k`.
    fn push_top(
        &mut self,
        k: usize,
        n: u64,
        doc: Document,
        memory: usize,
    ) -> Result<(), SortError> {
        if k == 0 {
            return Ok(());
        }
        if self.held.len() == k {
            // The newcomer arrived last, so it loses ties: it must be strictly better.
            if self.spec.compare(&doc, &self.held[0].1) != Ordering::Less {
                return Ok(());
            }
            let spec = self.spec;
            let (_, _, old) = heap_pop(&mut self.held, |a, b| worse(spec, a, b));
            self.held_memory -= old;
        }
        self.held_memory = self.held_memory.saturating_add(memory);
        let spec = self.spec;
        heap_push(&mut self.held, (n, doc, memory), |a, b| worse(spec, a, b));
        if self.held_memory > self.budget.memory {
            // Past the budget the server's top-k sorter spills too (`TopKSorter::spill`):
            // each run holds the best `k` of its stretch of input, and the merge takes the
            // best `k` of the runs.
            let dir = self.spill_dir()?;
            self.spill(dir)?;
        }
        Ok(())
    }

    /// Sorts the held documents and writes them to a new file in `dir`.
    fn spill(&mut self, dir: &Path) -> Result<(), SortError> {
        let run = self.sorted_held()?;
        let n = NEXT_FILE.fetch_add(1, AtomicOrdering::Relaxed);
        let path = dir.join(format!("sort-{}-{n}.bson", std::process::id()));
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |error| SortError::Io { path, error }
        };
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(io(&path))?;
        // Recorded before anything is written: a failed write still removes the file.
        self.files.paths.push(path.clone());
        let mut out = BufWriter::new(file);
        let mut bytes = Vec::new();
        for doc in run {
            bytes.clear();
            encode_document_into(&doc, &mut bytes).map_err(SortError::Encode)?;
            out.write_all(&bytes).map_err(io(&path))?;
        }
        out.flush().map_err(io(&path))?;
        self.held_memory = 0;
        Ok(())
    }

    /// The held documents, sorted (ties in arrival order).
    fn sorted_held(&mut self) -> Result<Vec<Document>, SortError> {
        let mut held = std::mem::take(&mut self.held);
        held.sort_by_key(|(n, _, _)| *n);
        let mut docs: Vec<Document> = held.into_iter().map(|(_, d, _)| d).collect();
        self.spec.sort(&mut docs)?;
        Ok(docs)
    }

    /// Ends the input: the documents in order, from memory and the spill files.
    ///
    /// # Errors
    /// A stop asked for while sorting, or a spill file that cannot be read.
    pub fn finish(mut self) -> Result<Sorted, SortError> {
        let last = self.sorted_held()?;
        let mut sources: Vec<Source> = Vec::with_capacity(self.files.paths.len() + 1);
        for path in &self.files.paths {
            let file = File::open(path).map_err(|error| SortError::Io {
                path: path.clone(),
                error,
            })?;
            sources.push(Source::File {
                path: path.clone(),
                reader: BufReader::new(file),
            });
        }
        sources.push(Source::Memory(last.into_iter()));
        let mut sorted = Sorted {
            spec: self.spec.clone(),
            sources,
            heads: Vec::new(),
            _files: std::mem::take(&mut self.files),
            failed: false,
            left: self.budget.limit,
        };
        for i in 0..sorted.sources.len() {
            sorted.advance(i)?;
        }
        Ok(sorted)
    }
}

/// Whether `a` sorts after `b` (ties: the later arrival is worse).
fn worse(spec: &SortSpec, a: &(u64, Document, usize), b: &(u64, Document, usize)) -> bool {
    match spec.compare(&a.1, &b.1) {
        Ordering::Equal => a.0 > b.0,
        o => o == Ordering::Greater,
    }
}

/// Pushes onto a binary heap ordered by `above` (`above(a, b)`: `a` belongs nearer the top).
fn heap_push<T>(heap: &mut Vec<T>, item: T, above: impl Fn(&T, &T) -> bool) {
    heap.push(item);
    let mut i = heap.len() - 1;
    while i > 0 {
        let parent = (i - 1) / 2;
        if !above(&heap[i], &heap[parent]) {
            break;
        }
        heap.swap(i, parent);
        i = parent;
    }
}

/// Takes the top of a non-empty binary heap ordered by `above`.
fn heap_pop<T>(heap: &mut Vec<T>, above: impl Fn(&T, &T) -> bool) -> T {
    let top = heap.swap_remove(0);
    let mut i = 0;
    loop {
        let (l, r) = (2 * i + 1, 2 * i + 2);
        let mut best = i;
        if l < heap.len() && above(&heap[l], &heap[best]) {
            best = l;
        }
        if r < heap.len() && above(&heap[r], &heap[best]) {
            best = r;
        }
        if best == i {
            return top;
        }
        heap.swap(i, best);
        i = best;
    }
}

/// One sorted run being merged.
#[derive(Debug)]
enum Source {
    File {
        path: PathBuf,
        reader: BufReader<File>,
    },
    Memory(std::vec::IntoIter<Document>),
}

impl Source {
    /// The run's next document.
    fn next(&mut self) -> Result<Option<Document>, SortError> {
        let (path, reader) = match self {
            Source::Memory(docs) => return Ok(docs.next()),
            Source::File { path, reader } => (path, reader),
        };
        let io = |error| SortError::Io {
            path: path.clone(),
            error,
        };
        let mut prefix = [0u8; 4];
        let mut got = 0;
        while got < 4 {
            match reader.read(&mut prefix[got..]).map_err(io)? {
                0 if got == 0 => return Ok(None),
                0 => {
                    return Err(io(std::io::ErrorKind::UnexpectedEof.into()));
                }
                n => got += n,
            }
        }
        let len = u32::from_le_bytes(prefix) as usize;
        // The tutor wrote every document itself, each at most the server's internal limit.
        let len = len.clamp(5, limits::MAX_INTERNAL_DOCUMENT);
        let mut bytes = Vec::with_capacity(len);
        bytes.extend_from_slice(&prefix);
        bytes.resize(len, 0);
        reader.read_exact(&mut bytes[4..]).map_err(io)?;
        decode_document(&bytes)
            .map(Some)
            .map_err(|error| SortError::Decode {
                path: path.clone(),
                error,
            })
    }
}

/// The sorted documents, streamed from memory and the spill files (removed when this is
/// dropped).
#[derive(Debug)]
pub struct Sorted {
    spec: SortSpec,
    sources: Vec<Source>,
    /// A heap of each source's next document, with the source's number (ties: the earlier
    /// source first, as runs are in arrival order).
    heads: Vec<(usize, Document)>,
    _files: SpillFiles,
    failed: bool,
    /// With a limit, how many documents may still come out (the runs of a top-k sort that
    /// spilled hold up to `k` each).
    left: Option<usize>,
}

impl Sorted {
    /// Reads source `i`'s next document into the heap.
    fn advance(&mut self, i: usize) -> Result<(), SortError> {
        if let Some(doc) = self.sources[i].next()? {
            let spec = &self.spec;
            heap_push(&mut self.heads, (i, doc), |a, b| first(spec, a, b));
        }
        Ok(())
    }
}

/// Whether head `a` comes out before head `b`.
fn first(spec: &SortSpec, a: &(usize, Document), b: &(usize, Document)) -> bool {
    match spec.compare(&a.1, &b.1) {
        Ordering::Equal => a.0 < b.0,
        o => o == Ordering::Less,
    }
}

impl Iterator for Sorted {
    type Item = Result<Document, SortError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.heads.is_empty() || self.left == Some(0) {
            return None;
        }
        if let Some(left) = &mut self.left {
            *left -= 1;
        }
        let spec = &self.spec;
        let (i, doc) = heap_pop(&mut self.heads, |a, b| first(spec, a, b));
        if let Err(e) = self.advance(i) {
            self.failed = true;
            return Some(Err(e));
        }
        Some(Ok(doc))
    }
}

/// Sorts `docs` within `budget`: the documents in order, all in memory (for callers that
/// hold the result anyway, such as the aggregation stages).
///
/// # Errors
/// As [`ExternalSorter::push`] and [`ExternalSorter::finish`], and a spill file that cannot
/// be read back.
pub fn sort_all(
    spec: &SortSpec,
    docs: impl IntoIterator<Item = Document>,
    budget: SortBudget<'_>,
) -> Result<Vec<Document>, SortError> {
    let mut sorter = ExternalSorter::new(spec, budget);
    for doc in docs {
        super::interrupt::check().map_err(QueryError::from)?;
        sorter.push(doc)?;
    }
    sorter.finish()?.collect()
}

impl From<SortError> for QueryError {
    /// For callers whose errors are [`QueryError`]s: a spill file's trouble becomes
    /// [`QueryErrorKind::SpillFailed`] (its English words: the system's reason is English).
    fn from(e: SortError) -> Self {
        match e {
            SortError::Query(e) => e,
            other => QueryError::new(
                "sort",
                QueryErrorKind::SpillFailed {
                    reason: other.to_string(),
                },
            ),
        }
    }
}
