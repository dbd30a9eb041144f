//! Line breaking of prose in any script, by the Unicode line breaking algorithm (UAX #14),
//! measured in display columns (a CJK character takes two).
//!
//! The break opportunities are UAX #14's, as textwrap finds them (its
//! `UnicodeBreakProperties`, ICU4X's segmenter underneath), tailored as UAX #14 allows: a
//! break is taken only after a space or next to a wide (East Asian) character. So English and
//! Vietnamese break only at spaces (never inside a syllable, `well-known` or `and/or`),
//! Chinese breaks between ideographs but never before `。` `，` `）` `」` nor after `（` `「`,
//! and a Latin token in Chinese prose (`false`, `0.9999`, an ObjectId's hex) stays whole.
//! textwrap's first-fit then fills the lines.
//!
//! The plan ([`plan_wrap`]) is ours, as byte ranges of the text rather than textwrap's
//! strings, because the tutorial's panels wrap styled runs (ratatui spans: `*emphasis*`,
//! `` `code` ``) that a wrapped string cannot carry. `show` ([`wrap`]), the lesson and
//! exercise panels and the playground all break lines from this one plan.

use std::ops::Range;

use textwrap::WordSeparator;
use textwrap::core::Fragment;
use textwrap::wrap_algorithms::wrap_first_fit;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// One step of a wrapped text: a space between two pieces of text, a piece of text (its
/// bytes in the text planned), or the start of a new line (after the indent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A space between two words on one line.
    Space,
    /// Bytes of the text that stand together on the line: a word, a run of CJK characters,
    /// or the part of a token too wide for any line that fits on this one.
    Word(Range<usize>),
    /// A new line.
    Break,
}

/// Word-wraps `text` at `width` columns, the first line after `first`, the others after
/// `rest`, as [`plan_wrap`] plans it: every line ends in `\n`, runs of whitespace become one
/// space, and no text gives no lines.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::wrap::wrap;
/// assert_eq!(wrap("the value  `false`", 12, "", "  "), "the value\n  `false`\n");
/// // Chinese breaks between characters, but never before a closing mark.
/// assert_eq!(wrap("结果是 false。", 12, "", ""), "结果是\nfalse。\n");
/// ```
pub fn wrap(text: &str, width: usize, first: &str, rest: &str) -> String {
    let plan = plan_wrap(text, width, first.width(), rest.width());
    if plan.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    let mut line = first.to_string();
    for piece in plan {
        match piece {
            Piece::Space => line.push(' '),
            Piece::Word(bytes) => push_collapsed(&mut line, &text[bytes]),
            Piece::Break => {
                out.push_str(line.trim_end());
                out.push('\n');
                line = rest.to_string();
            }
        }
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Appends `text` with each run of breaking whitespace in it as one space (a piece may hold
/// spaces UAX #14 forbids breaking at, as in `{ a`).
fn push_collapsed(out: &mut String, text: &str) {
    let mut space = false;
    for c in text.chars() {
        if breaks_line(c) {
            space = true;
        } else {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
}

/// Whitespace a line may break at: all of it but the no-break spaces, which glue.
pub fn breaks_line(c: char) -> bool {
    c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{2007}' | '\u{202f}')
}

/// How `text` fills lines of `width` display columns, the first line starting `first`
/// columns in and the others `rest` columns in: where the lines break, and which bytes of
/// `text` go on each.
///
/// Lines break only where UAX #14 allows, tailored to break only at whitespace or next to a
/// wide (CJK) character (see the module doc); a run of whitespace between two pieces is one
/// [`Piece::Space`]. A token wider than a whole line (a long hex string, a document written
/// without spaces, `{ a: 1 }` glued by UAX #14) is cut into parts placed like words: at its
/// spaces but not before a closing mark, then after punctuation (`-`, `/`) in the second half
/// of a line, else where the line is full; no part starts with a closing mark. When the first
/// line is narrower than the others and its first word does not fit, that word starts the
/// second line and the first holds only its indent.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::wrap::{Piece, plan_wrap};
/// let plan = plan_wrap("ab cd", 4, 0, 0);
/// assert_eq!(plan, [Piece::Word(0..2), Piece::Break, Piece::Word(3..5)]);
/// ```
pub fn plan_wrap(text: &str, width: usize, first: usize, rest: usize) -> Vec<Piece> {
    let line = width.saturating_sub(rest).max(1);
    let mut fragments = Vec::new();
    if first > rest {
        // Lets the first word go to the second line: first-fit always puts something first.
        fragments.push(Fit::default());
    }
    for token in tokens(text) {
        fit_token(text, token, line, &mut fragments);
    }
    if fragments.iter().all(|f| f.bytes.is_empty()) {
        return Vec::new();
    }
    // Widths are whole columns, exact in an f64.
    let widths = [width.saturating_sub(first) as f64, line as f64];
    let mut plan = Vec::new();
    for (n, fits) in wrap_first_fit(&fragments, &widths).into_iter().enumerate() {
        if n > 0 {
            plan.push(Piece::Break);
        }
        let mut started = false;
        for fit in fits.iter().filter(|f| !f.bytes.is_empty()) {
            if started && fit.space_before {
                plan.push(Piece::Space);
            }
            match plan.last_mut() {
                // Characters that meet (CJK, or parts of a cut token) make one piece.
                Some(Piece::Word(bytes)) if started && bytes.end == fit.bytes.start => {
                    bytes.end = fit.bytes.end;
                }
                _ => plan.push(Piece::Word(fit.bytes.clone())),
            }
            started = true;
        }
    }
    plan
}

/// A piece of text between two break opportunities that the tailoring keeps, without the
/// whitespace around it.
#[derive(Clone, Debug)]
struct Token {
    bytes: Range<usize>,
    space_before: bool,
}

/// The text's tokens: UAX #14's segments, joined again where the break between two of them is
/// neither after whitespace nor next to a wide character, and split after ideographic
/// punctuation (`、`, `。`, `）`) that UAX #14 glues to a following `$` or `%` (its rule
/// LB25, for `）$100`): Chinese prose may break after `、` in `$oid、$date`.
fn tokens(text: &str) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::new();
    let mut start = 0;
    let mut space = false;
    for word in WordSeparator::UnicodeBreakProperties.find_words(text) {
        // textwrap's words tile the text: each is its text and then its trailing spaces.
        let end = start + word.word.len() + word.whitespace.len();
        let segment = &text[start..end];
        let trimmed = segment.trim_start_matches(breaks_line);
        space |= trimmed.len() < segment.len();
        let content = trimmed.trim_end_matches(breaks_line);
        let from = end - trimmed.len();
        for piece in after_ideographic_closers(content) {
            let bytes = from + piece.start..from + piece.end;
            match tokens.last_mut() {
                Some(last)
                    if !space && !cjk_break(&text[last.bytes.clone()], &text[bytes.clone()]) =>
                {
                    last.bytes.end = bytes.end;
                }
                _ => tokens.push(Token {
                    bytes,
                    space_before: space,
                }),
            }
            space = false;
        }
        if !content.is_empty() {
            space = content.len() < trimmed.len();
        }
        start = end;
    }
    tokens
}

/// `content` split after each wide closing mark that another closing mark does not follow.
fn after_ideographic_closers(content: &str) -> Vec<Range<usize>> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for ((i, c), next) in content.char_indices().zip(content.chars().skip(1)) {
        if c.width() == Some(2) && ends_a_line(c) && !ends_a_line(next) {
            pieces.push(start..i + c.len_utf8());
            start = i + c.len_utf8();
        }
    }
    if start < content.len() {
        pieces.push(start..content.len());
    }
    pieces
}

/// Whether a break between `before` and `after` with no space between them is a CJK one:
/// next to a wide character. UAX #14 also offers breaks after `-` or `/` and around `—`,
/// which English and Vietnamese (and the Latin tokens inside Chinese) do not take.
fn cjk_break(before: &str, after: &str) -> bool {
    let wide = |c: Option<char>| c.and_then(UnicodeWidthChar::width) == Some(2);
    wide(before.chars().next_back()) || wide(after.chars().next())
}

/// One unit that first-fit places: a token, or a part of one too wide for a line.
#[derive(Clone, Debug, Default)]
struct Fit {
    bytes: Range<usize>,
    width: usize,
    space_before: bool,
    space_after: bool,
}

impl Fragment for Fit {
    fn width(&self) -> f64 {
        self.width as f64
    }

    fn whitespace_width(&self) -> f64 {
        if self.space_after { 1.0 } else { 0.0 }
    }

    fn penalty_width(&self) -> f64 {
        0.0
    }
}

/// Adds `token` to `fragments` as one fragment, or as parts of at most `line` columns when
/// it is wider: first at its inner spaces, then between characters.
fn fit_token(text: &str, token: Token, line: usize, fragments: &mut Vec<Fit>) {
    if let Some(last) = fragments.last_mut() {
        last.space_after = token.space_before;
    }
    let whole = &text[token.bytes.clone()];
    let width = whole.width();
    if width <= line {
        fragments.push(Fit {
            bytes: token.bytes,
            width,
            space_before: token.space_before,
            space_after: false,
        });
        return;
    }
    let mut space_before = token.space_before;
    for part in parts(whole) {
        if let Some(last) = fragments.last_mut() {
            last.space_after = space_before;
        }
        let words = &whole[part.clone()];
        for piece in cut(words, line) {
            let from = token.bytes.start + part.start;
            fragments.push(Fit {
                bytes: from + piece.start..from + piece.end,
                width: words[piece].width(),
                space_before,
                space_after: false,
            });
            space_before = false;
        }
        space_before = true;
    }
}

/// The parts of a token too wide for a line: split at its spaces, except a space before a
/// closing mark (`1 }` stays one part, so no line starts with `}`).
fn parts(token: &str) -> Vec<Range<usize>> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut chars = token.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if !breaks_line(c) {
            continue;
        }
        let mut end = i + c.len_utf8();
        while let Some((j, d)) = chars.next_if(|&(_, d)| breaks_line(d)) {
            end = j + d.len_utf8();
        }
        if !token[end..].starts_with(ends_a_line) {
            parts.push(start..i);
            start = end;
        }
    }
    parts.push(start..token.len());
    parts
}

/// Cuts `part`, wider than `line` columns, into pieces that fill lines of `line` columns.
/// A piece ends after punctuation inside the part (`-`, `/`, `,`, `(`) when one falls in the
/// second half of its line, or else where the line is full. It never starts with a space, a
/// combining mark or a mark that may not start a line (`)`, `.`, `，`): the cut moves back
/// so the mark keeps the character before it.
fn cut(part: &str, line: usize) -> Vec<Range<usize>> {
    let bad = |at: usize| {
        part[at..].starts_with(|c: char| ends_a_line(c) || breaks_line(c) || c.width() == Some(0))
    };
    let mut pieces = Vec::new();
    let (mut start, mut used) = (0, 0);
    // The last place in this piece after punctuation, where a cut reads best.
    let mut soft = None;
    let mut before: Option<char> = None;
    for (i, c) in part.char_indices() {
        let w = c.width().unwrap_or(0);
        if used > 0 && used + w > line {
            let mut at = i;
            if let Some(s) = soft.filter(|&s| part[start..s].width() * 2 >= line) {
                at = s;
            } else {
                while bad(at) {
                    match part[start..at].char_indices().next_back() {
                        Some((back, _)) if back > 0 => at = start + back,
                        _ => break,
                    }
                }
                if bad(at) {
                    at = i;
                }
            }
            pieces.push(start..at);
            start = at;
            used = part[at..i].width();
            soft = None;
        }
        if i > start && !bad(i) && before.is_some_and(|b| !b.is_alphanumeric() && !breaks_line(b)) {
            soft = Some(i);
        }
        used += w;
        before = Some(c);
    }
    pieces.push(start..part.len());
    pieces
}

/// A mark that closes what comes before it, so no line may start with it (UAX #14's classes
/// CL, CP, EX, IN and IS, and closing quotes), for cutting a token UAX #14 offers no break in.
fn ends_a_line(c: char) -> bool {
    matches!(
        c,
        ')' | ']'
            | '}'
            | '.'
            | ','
            | ';'
            | ':'
            | '!'
            | '?'
            | '%'
            | '’'
            | '”'
            | '»'
            | '›'
            | '…'
            | '、'
            | '。'
            | '〉'
            | '》'
            | '」'
            | '』'
            | '】'
            | '〕'
            | '〗'
            | '〙'
            | '〛'
            | '！'
            | '）'
            | '，'
            | '．'
            | '：'
            | '；'
            | '？'
            | '］'
            | '｝'
            | '｠'
            | '｣'
    )
}
