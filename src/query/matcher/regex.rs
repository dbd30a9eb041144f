//! `$regex` by PCRE2, the library the server uses, compiled as the server compiles it.
//!
//! The server (src/mongo/util/pcre_util.cpp, `flagsToOptions`) turns the option letters
//! into PCRE2 compile options: `i` caseless, `m` multi-line, `s` dot-all, `x` extended, `u`
//! accepted and ignored, UTF always on (so `.` is one character and caseless matching folds
//! non-ASCII letters, without Unicode properties for `\w` or `\d`); any other letter is
//! assertion 51108. A pattern PCRE2 refuses is assertion 51091, "Regular expression is
//! invalid: " and PCRE2's own message (src/mongo/db/matcher/expression_leaf.cpp,
//! `RegexMatchExpression`), and patterns longer than 32,764 bytes are refused as the
//! server's compile context refuses them (src/mongo/util/pcre.cpp). Everything PCRE2 does is
//! therefore here: lookaround, backreferences, `\Q...\E`, `$` before a final newline,
//! atomic groups, recursion.
//!
//! We call the C library through `pcre2-sys` rather than the `pcre2` crate because a match
//! must stop when the caller's deadline passes ([`crate::query::interrupt`]): the pattern is
//! compiled with automatic callouts and the match context's callout looks at the interrupt
//! flag, which the `pcre2` crate does not let us set. The match context carries the limits
//! the server's PCRE2 is built with (src/third_party/pcre2/build_posix/config.h: 200,000
//! backtracking records per start position, 4,000 levels of nesting), and bounds the
//! memory a match may take. A match that passes a limit answers "no match", as the
//! server's `matchesSingleElement` does for any PCRE2 error (`!!matchView(...)`: the current
//! source, src/mongo/db/exec/matcher/matcher_single_element_match.cpp, and SBE's regex
//! builtins do the same; it is `$regexMatch` and its siblings that report error 51156, see
//! `expr::regex`, from src/mongo/db/exec/expression/evaluate_regex.cpp); one the interrupt stops also
//! answers "no match", and the entry point that asked then reports the stop (never this
//! answer).

use std::ffi::{c_int, c_void};
use std::fmt;
use std::ptr;
use std::sync::Arc;

use pcre2_sys::{
    PCRE2_AUTO_CALLOUT, PCRE2_CASELESS, PCRE2_DOTALL, PCRE2_ERROR_CALLOUT, PCRE2_EXTENDED,
    PCRE2_MULTILINE, PCRE2_NO_UTF_CHECK, PCRE2_UTF, pcre2_code_8, pcre2_code_free_8,
    pcre2_compile_8, pcre2_compile_context_create_8, pcre2_compile_context_free_8,
    pcre2_get_error_message_8, pcre2_get_ovector_count_8, pcre2_get_ovector_pointer_8,
    pcre2_match_8, pcre2_match_context_8, pcre2_match_context_create_8, pcre2_match_context_free_8,
    pcre2_match_data_create_from_pattern_8, pcre2_match_data_free_8, pcre2_set_depth_limit_8,
    pcre2_set_heap_limit_8, pcre2_set_match_limit_8, pcre2_set_max_pattern_length_8,
};

use crate::strings::Lang;
use crate::strings::localize::Localize;

unsafe extern "C" {
    // In the library pcre2-sys builds and links, but not among its bindings.
    fn pcre2_set_callout_8(
        context: *mut pcre2_match_context_8,
        callout: Option<unsafe extern "C" fn(*mut c_void, *mut c_void) -> c_int>,
        data: *mut c_void,
    ) -> c_int;
}

/// The longest pattern the server compiles, in bytes (`kMaxPatternLength` in
/// src/mongo/util/pcre.cpp): longer ones are PCRE2's "pattern string is longer than the
/// limit set by the application".
pub const MAX_PATTERN_BYTES: usize = 32_764;

/// The server's PCRE2 build: `MATCH_LIMIT`, the backtracking records one start position may
/// make (src/third_party/pcre2/build_posix/config.h).
pub const MATCH_LIMIT: u32 = 200_000;

/// The server's PCRE2 build: `MATCH_LIMIT_DEPTH`, how deeply backtracking may nest.
pub const DEPTH_LIMIT: u32 = 4_000;

/// The most memory one match may take for its backtracking frames, in KiB. The server's
/// build allows 20 GB; the tutor runs on a learner's machine.
const HEAP_LIMIT_KIB: u32 = 64 * 1024;

/// How many callouts pass between two looks at the interrupt flag.
const POLL_CALLOUTS: u32 = 64;

/// A compiled pattern. Cloning shares the compiled code (PCRE2's code is read-only once
/// compiled, and one code may be matched from several threads at once).
#[derive(Clone)]
pub struct Regex {
    code: Arc<Code>,
}

impl fmt::Debug for Regex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Regex").finish_non_exhaustive()
    }
}

/// Owns one `pcre2_code`.
struct Code(ptr::NonNull<pcre2_code_8>);

// SAFETY: PCRE2 documents compiled code as shareable between threads: matching only reads
// it (each match has its own match data and context).
unsafe impl Send for Code {}
// SAFETY: as above.
unsafe impl Sync for Code {}

impl Drop for Code {
    fn drop(&mut self) {
        // SAFETY: the pointer came from `pcre2_compile_8` and is freed once, here.
        unsafe { pcre2_code_free_8(self.0.as_ptr()) }
    }
}

/// Why the server refuses a regex: its words and code, the same in every language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegexError {
    /// PCRE2 refused the pattern (51091), or an option letter is unknown (51108).
    Invalid(Invalid),
}

/// The two refusals, with what the tutor can show about them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// PCRE2's compile error: its message, the pattern, and the byte offset in the pattern
    /// where PCRE2 stopped.
    Pattern {
        /// PCRE2's message (`missing closing parenthesis`).
        message: String,
        /// The pattern as written.
        pattern: String,
        /// Where PCRE2 stopped, in bytes from the pattern's start.
        offset: usize,
    },
    /// An option letter outside `imsxu`.
    Flag(char),
}

impl RegexError {
    /// The server's code: 51091 for a pattern PCRE2 refuses, 51108 for an unknown option.
    pub fn code(&self) -> Option<i32> {
        match self {
            RegexError::Invalid(Invalid::Pattern { .. }) => Some(51091),
            RegexError::Invalid(Invalid::Flag(_)) => Some(51108),
        }
    }

    /// One value of every variant (the match below fails to compile when one is added).
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<RegexError> {
        let all = vec![
            RegexError::Invalid(Invalid::Pattern {
                message: "missing closing parenthesis".into(),
                pattern: "(a".into(),
                offset: 2,
            }),
            RegexError::Invalid(Invalid::Flag('g')),
        ];
        for e in &all {
            match e {
                RegexError::Invalid(Invalid::Pattern { .. } | Invalid::Flag(_)) => {}
            }
        }
        all
    }

    /// Where PCRE2 stopped, in the tutor's words in `lang`: the pattern with a caret under
    /// the character at fault (`None` for an option letter). The server's message does not
    /// say where; this is the tutor's help beside it.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::query::matcher::regex::Regex;
    /// use bson_tutor::strings::Lang;
    /// let e = Regex::new("ab(c", "").unwrap_err();
    /// assert_eq!(
    ///     e.position_in(Lang::En).unwrap(),
    ///     "PCRE2 stopped at character 5 of the pattern:\n  ab(c\n      ^"
    /// );
    /// ```
    pub fn position_in(&self, lang: Lang) -> Option<String> {
        let RegexError::Invalid(Invalid::Pattern {
            pattern, offset, ..
        }) = self
        else {
            return None;
        };
        // PCRE2 counts bytes; the learner sees characters.
        let before = pattern.get(..*offset).unwrap_or(pattern);
        let column = before.chars().count();
        let caret = format!("  {pattern}\n  {}^", " ".repeat(column));
        let at = column + 1;
        Some(match lang {
            Lang::En => format!("PCRE2 stopped at character {at} of the pattern:\n{caret}"),
            Lang::Vi => format!("PCRE2 dừng ở ký tự thứ {at} của mẫu:\n{caret}"),
            Lang::Zh => format!("PCRE2 停在模式的第 {at} 个字符处：\n{caret}"),
        })
    }
}

impl Localize for RegexError {
    fn write_in(&self, _lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            RegexError::Invalid(Invalid::Pattern { message, .. }) => {
                write!(out, "Regular expression is invalid: {message}")
            }
            // `flagsToOptions` is called with an empty operator name: hence the leading space.
            RegexError::Invalid(Invalid::Flag(c)) => {
                write!(out, " invalid flag in regex options: {c}")
            }
        }
    }
}

impl fmt::Display for RegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// The PCRE2 compile options the server gives for `options` (UTF always on).
///
/// # Errors
/// The first letter outside `imsxu`, as the server's 51108.
pub fn compile_options(options: &str) -> Result<u32, RegexError> {
    let mut bits = PCRE2_UTF;
    for flag in options.chars() {
        bits |= match flag {
            'i' => PCRE2_CASELESS,
            'm' => PCRE2_MULTILINE,
            's' => PCRE2_DOTALL,
            'x' => PCRE2_EXTENDED,
            'u' => 0,
            other => return Err(RegexError::Invalid(Invalid::Flag(other))),
        };
    }
    Ok(bits)
}

impl Regex {
    /// Compiles `pattern` with the option letters `options`, as the server does.
    ///
    /// # Errors
    /// A letter outside `imsxu` (the server's 51108), or a pattern PCRE2 refuses (51091,
    /// with PCRE2's message and where it stopped).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::query::matcher::regex::Regex;
    /// let re = Regex::new("^acme.*corp$", "i").unwrap();
    /// assert!(re.is_match("ACME Widgets Corp"));
    /// assert!(!re.is_match("Big ACME corp"));
    /// assert!(Regex::new("a(?=b)", "").unwrap().is_match("ab"));
    /// assert_eq!(
    ///     Regex::new("(a", "").unwrap_err().to_string(),
    ///     "Regular expression is invalid: missing closing parenthesis"
    /// );
    /// ```
    pub fn new(pattern: &str, options: &str) -> Result<Regex, RegexError> {
        let bits = compile_options(options)?;
        // Compiled as the server compiles it first, so errors (the size limits included)
        // are the server's; then with a callout before each item, so that a long match can
        // be stopped. Callouts make the compiled code larger: a pattern near PCRE2's size
        // limit keeps the first code, and only PCRE2's match limit bounds its matches.
        let plain = compile(pattern, bits)?;
        let code = compile(pattern, bits | PCRE2_AUTO_CALLOUT).unwrap_or(plain);
        Ok(Regex {
            code: Arc::new(code),
        })
    }

    /// Whether the pattern matches anywhere in `text`.
    ///
    /// A match the caller's interrupt stops, or one that passes PCRE2's limits (the
    /// server's), answers `false` (the entry point that asked reports the stop, never this
    /// answer).
    pub fn is_match(&self, text: &str) -> bool {
        let mut polls = Poll { calls: 0 };
        // SAFETY: the match data and context are created for this match and freed before
        // returning; the callout's data pointer is `polls`, alive for the whole match; the
        // subject is a `&str`, so valid UTF-8 (hence NO_UTF_CHECK).
        unsafe {
            let code = self.code.0.as_ptr();
            let data = pcre2_match_data_create_from_pattern_8(code, ptr::null_mut());
            let context = pcre2_match_context_create_8(ptr::null_mut());
            let answer = if data.is_null() || context.is_null() {
                false
            } else {
                pcre2_set_match_limit_8(context, MATCH_LIMIT);
                pcre2_set_depth_limit_8(context, DEPTH_LIMIT);
                pcre2_set_heap_limit_8(context, HEAP_LIMIT_KIB);
                pcre2_set_callout_8(
                    context,
                    Some(poll_interrupt),
                    ptr::from_mut(&mut polls).cast(),
                );
                let rc = pcre2_match_8(
                    code,
                    text.as_ptr(),
                    text.len(),
                    0,
                    PCRE2_NO_UTF_CHECK,
                    data,
                    context,
                );
                rc >= 0
            };
            if !context.is_null() {
                pcre2_match_context_free_8(context);
            }
            if !data.is_null() {
                pcre2_match_data_free_8(data);
            }
            answer
        }
    }
}

/// Where a match and its groups are in the subject: byte spans, `None` for a group that
/// took no part.
pub type Spans = Vec<Option<(usize, usize)>>;

impl Regex {
    /// The first match at or after byte `start` of `text` (the subject stays whole, so `^`
    /// and lookbehind see what precedes `start`): the byte span of the match, then of each
    /// capture group (`None` for a group that took no part). `Ok(None)` when nothing
    /// matches; `Err` with PCRE2's message when the match fails otherwise (a limit passed,
    /// a stop asked for), as `$regexFind` reports it.
    pub fn find_at(&self, text: &str, start: usize) -> Result<Option<Spans>, String> {
        let mut polls = Poll { calls: 0 };
        // SAFETY: as in `is_match`; the ovector is read before the match data is freed, and
        // PCRE2 sizes it from the pattern (one pair per group and one for the whole match).
        unsafe {
            let code = self.code.0.as_ptr();
            let data = pcre2_match_data_create_from_pattern_8(code, ptr::null_mut());
            let context = pcre2_match_context_create_8(ptr::null_mut());
            let answer = if data.is_null() || context.is_null() {
                Err(error_message(pcre2_sys::PCRE2_ERROR_NOMEMORY))
            } else {
                pcre2_set_match_limit_8(context, MATCH_LIMIT);
                pcre2_set_depth_limit_8(context, DEPTH_LIMIT);
                pcre2_set_heap_limit_8(context, HEAP_LIMIT_KIB);
                pcre2_set_callout_8(
                    context,
                    Some(poll_interrupt),
                    ptr::from_mut(&mut polls).cast(),
                );
                let rc = pcre2_match_8(
                    code,
                    text.as_ptr(),
                    text.len(),
                    start.min(text.len()),
                    PCRE2_NO_UTF_CHECK,
                    data,
                    context,
                );
                if rc == pcre2_sys::PCRE2_ERROR_NOMATCH {
                    Ok(None)
                } else if rc < 0 {
                    Err(error_message(rc))
                } else {
                    let pairs = pcre2_get_ovector_count_8(data) as usize;
                    let ov =
                        std::slice::from_raw_parts(pcre2_get_ovector_pointer_8(data), pairs * 2);
                    Ok(Some(
                        ov.chunks_exact(2)
                            .map(|p| (p[0] != usize::MAX).then_some((p[0], p[1])))
                            .collect(),
                    ))
                }
            };
            if !context.is_null() {
                pcre2_match_context_free_8(context);
            }
            if !data.is_null() {
                pcre2_match_data_free_8(data);
            }
            answer
        }
    }
}

/// What the callout counts between two looks at the interrupt flag.
struct Poll {
    calls: u32,
}

/// PCRE2's callout, called before each item of the pattern: every [`POLL_CALLOUTS`] calls
/// it asks whether the evaluation was stopped, and if so ends the match (a negative answer
/// is returned by `pcre2_match` as it is).
unsafe extern "C" fn poll_interrupt(_block: *mut c_void, data: *mut c_void) -> c_int {
    // SAFETY: `data` is the `Poll` that `is_match` registered and keeps alive.
    let poll = unsafe { &mut *data.cast::<Poll>() };
    poll.calls = poll.calls.wrapping_add(1);
    if poll.calls % POLL_CALLOUTS == 0 && crate::query::interrupt::requested() {
        PCRE2_ERROR_CALLOUT
    } else {
        0
    }
}

/// One call of `pcre2_compile` with the server's maximum pattern length.
fn compile(pattern: &str, bits: u32) -> Result<Code, RegexError> {
    let mut error: c_int = 0;
    let mut offset: usize = 0;
    // SAFETY: the context is created, used for this one compile and freed; the pattern
    // pointer and length describe a live `&str`; `error` and `offset` are live locals.
    let code = unsafe {
        let context = pcre2_compile_context_create_8(ptr::null_mut());
        if context.is_null() {
            return Err(invalid(pattern, "failed to get memory", 0));
        }
        pcre2_set_max_pattern_length_8(context, MAX_PATTERN_BYTES);
        let code = pcre2_compile_8(
            pattern.as_ptr(),
            pattern.len(),
            bits,
            &mut error,
            &mut offset,
            context,
        );
        pcre2_compile_context_free_8(context);
        code
    };
    match ptr::NonNull::new(code) {
        Some(code) => Ok(Code(code)),
        None => Err(invalid(pattern, &error_message(error), offset)),
    }
}

fn invalid(pattern: &str, message: &str, offset: usize) -> RegexError {
    RegexError::Invalid(Invalid::Pattern {
        message: message.to_owned(),
        pattern: pattern.to_owned(),
        offset,
    })
}

/// PCRE2's message for an error code, in its own words.
fn error_message(code: c_int) -> String {
    let mut buf = [0u8; 256];
    // SAFETY: the buffer and its length are live; PCRE2 writes at most that many bytes.
    let n = unsafe { pcre2_get_error_message_8(code, buf.as_mut_ptr(), buf.len()) };
    match usize::try_from(n) {
        Ok(n) => String::from_utf8_lossy(&buf[..n.min(buf.len())]).into_owned(),
        Err(_) => format!("PCRE2 error {code}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pattern: &str, options: &str, text: &str) -> bool {
        Regex::new(pattern, options)
            .unwrap_or_else(|e| panic!("{pattern}: {e}"))
            .is_match(text)
    }

    #[test]
    fn literals_anchors_and_classes() {
        assert!(m("acme", "", "the acme corp"));
        assert!(!m("^acme", "", "the acme corp"));
        assert!(m("corp$", "", "acme corp\n"));
        assert!(!m("corp\\z", "", "acme corp\n"));
        assert!(m("^[a-c]+\\d{2,3}$", "", "abc123"));
        assert!(!m("^[a-c]+\\d{2,3}$", "", "abc1234"));
        assert!(m("a.c", "s", "a\nc"));
        assert!(!m("a.c", "", "a\nc"));
        assert!(m("\\bcat\\b", "", "a cat sat"));
        assert!(!m("\\bcat\\b", "", "concatenate"));
    }

    #[test]
    fn what_the_old_engine_refused_now_runs() {
        assert!(m("a(?=b)", "", "ab"));
        assert!(!m("a(?!b)", "", "ab"));
        assert!(m("(?<=x)y", "", "xy"));
        assert!(m("^(a)\\1$", "", "aa"));
        assert!(m("\\Qa.b\\E", "", "a.b"));
        assert!(!m("\\Qa.b\\E", "", "axb"));
        assert!(m("(?>a+)b", "", "aab"));
        assert!(m("^\\p{Lu}", "", "Éa"));
    }

    #[test]
    fn utf_mode_as_the_server_compiles() {
        // One character, not two bytes; caseless folds beyond ASCII.
        assert!(m("^.$", "", "é"));
        assert!(m("é", "i", "É"));
        // No Unicode properties for \w: ASCII only, as the server compiles (no UCP).
        assert!(!m("^\\w$", "", "é"));
    }

    #[test]
    fn a_tripped_interrupt_stops_a_long_match() {
        use crate::query::interrupt::{Interrupt, Stop, check};
        let re = Regex::new("a{30000}b", "").unwrap();
        let text = format!("b{}", "a".repeat(100_000));
        let flag = Interrupt::new();
        flag.trip(Stop::TimeLimit);
        let (answer, stop) = flag.watch(|| (re.is_match(&text), check()));
        assert!(!answer);
        assert_eq!(stop, Err(Stop::TimeLimit));
    }

    #[test]
    fn errors_in_the_servers_words() {
        let e = |p: &str, o: &str| Regex::new(p, o).unwrap_err();
        assert_eq!(e("a", "g").to_string(), " invalid flag in regex options: g");
        assert_eq!(e("a", "g").code(), Some(51108));
        let paren = e("(a", "");
        assert_eq!(
            paren.to_string(),
            "Regular expression is invalid: missing closing parenthesis"
        );
        assert_eq!(paren.code(), Some(51091));
        assert_eq!(
            e("[a", "").to_string(),
            "Regular expression is invalid: missing terminating ] for character class"
        );
        assert_eq!(
            e("*a", "").to_string(),
            "Regular expression is invalid: quantifier does not follow a repeatable item"
        );
        let long = "a".repeat(MAX_PATTERN_BYTES + 1);
        assert_eq!(
            e(&long, "").to_string(),
            "Regular expression is invalid: pattern string is longer than the limit set by \
             the application"
        );
        // At the limit, PCRE2 reads it (and finds it too large to compile, as the server's
        // PCRE2 with 2-byte links would).
        let at_limit = Regex::new(&long[1..], "")
            .map(|_| ())
            .map_err(|e| e.to_string());
        assert_ne!(
            at_limit,
            Err(
                "Regular expression is invalid: pattern string is longer than the limit set \
                 by the application"
                    .into()
            )
        );
        // A long pattern too large for the callouts keeps the server's compiled code.
        let long_class = "[a]".repeat(4000);
        assert!(m(&long_class, "", &"a".repeat(4000)));
    }

    #[test]
    fn every_regex_error_is_the_servers_in_every_language() {
        for e in RegexError::every_variant() {
            let en = e.to_string();
            for lang in Lang::ALL {
                assert_eq!(e.to_string_in(lang), en);
            }
            if let Some(en) = e.position_in(Lang::En) {
                for lang in [Lang::Vi, Lang::Zh] {
                    let text = e.position_in(lang).unwrap();
                    crate::bson::error::assert_translated(&en, lang, &text, &["PCRE2", "a"]);
                }
            }
        }
    }

    #[test]
    fn the_position_counts_characters() {
        let e = Regex::new("é(", "").unwrap_err();
        assert_eq!(
            e.position_in(Lang::En).unwrap(),
            "PCRE2 stopped at character 3 of the pattern:\n  é(\n    ^"
        );
        assert!(
            e.position_in(Lang::Zh)
                .unwrap()
                .starts_with("PCRE2 停在模式的第 3 个字符处")
        );
        assert_eq!(
            Regex::new("a", "q").unwrap_err().position_in(Lang::En),
            None
        );
    }
}
