//! `$regex` without a dependency: the PCRE subset people write in filters, compiled to a
//! small program and run as a Pike VM, so matching takes time linear in the text whatever
//! the pattern (no catastrophic backtracking; `$regex` only asks *whether* a string
//! matches, so greedy and lazy quantifiers give the same answer).
//!
//! Supported, with PCRE's meaning (the server uses PCRE2):
//! - literals and escaped punctuation (`\.`, `\(`), `\n \r \t \f \e \a \0`, `\xhh`,
//!   `\x{h...}`, `\cX`, `\Q...\E`;
//! - `.` (any character but `\n`; any at all with `s`), `^` and `$` (line-wise with `m`;
//!   `$` also matches before a final newline), `\A`, `\z`, `\Z`, `\b`, `\B`;
//! - classes `[a-z]`, `[^...]`, `\d \w \s \h \v` and their negations (ASCII, as the server
//!   compiles without Unicode properties), POSIX `[:alpha:]` and friends inside classes;
//! - groups `(...)`, `(?:...)`, named groups, `(?#comment)`, inline flags `(?i)`,
//!   `(?i:...)`, `(?-i)`; alternation `|`;
//! - quantifiers `* + ? {n} {n,} {n,m}` and their lazy forms (`*?`);
//! - options `i` (case-insensitive), `m` (multi-line anchors), `s` (dot matches newline),
//!   `x` (extended: whitespace and `#` comments ignored), and `u` (accepted; text is UTF-8).
//!
//! Not supported, with a clear error rather than a wrong answer: backreferences (`\1`,
//! `\k<name>`), lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`), atomic groups and possessive
//! quantifiers, recursion and conditionals, `\p{..}` properties, `\R`, `\X`, `\K`, `\G`.

use std::fmt;

use crate::bson::error::zh_gap;
use crate::strings::Lang;
use crate::strings::localize::Localize;

mod syntax;

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Regex {
    program: Vec<Inst>,
    /// The pattern can only match at the start of the text (`^abc` without `m`).
    anchored: bool,
    /// A character every match contains (`b` in `a{30000}b`), folded when caseless: a text
    /// without it cannot match, as PCRE2's "last code unit" check says before it runs.
    required: Option<(char, bool)>,
}

/// Why a pattern was refused: PCRE's complaint, or a feature this engine leaves out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegexError {
    /// The server refuses it too: "Regular expression is invalid: " and PCRE2's complaint,
    /// the server's words in every language.
    Invalid(String),
    /// Valid PCRE that this engine does not run.
    Unsupported(RegexFeature),
}

/// PCRE features this engine leaves out, rather than answer wrongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegexFeature {
    /// `*+`, `++`, `?+`.
    PossessiveQuantifiers,
    /// `(?=...)`.
    Lookahead,
    /// `(?!...)`.
    NegativeLookahead,
    /// `(?>...)`.
    AtomicGroups,
    /// `(?|...)`.
    BranchReset,
    /// `(?(...)...)`.
    Conditionals,
    /// `(?<=...)`, `(?<!...)`.
    Lookbehind,
    /// `(?P=name)`.
    NamedBackreferences,
    /// `(?R)`, `(?1)`, `(?&name)`.
    Recursion,
    /// `\1`.
    Backreferences,
    /// `\g`, `\k<name>`.
    BackreferencesByName,
    /// `\p{..}`.
    UnicodeProperties,
    /// `\R`.
    AnyNewline,
    /// `\X`.
    GraphemeCluster,
    /// `\K`.
    ResetMatchStart,
    /// `\G`.
    FirstMatchingPosition,
    /// `\C`.
    OneCodeUnit,
    /// `\N`.
    NotNewline,
    /// `\Q...\E` inside `[...]`.
    QuoteInClass,
}

impl RegexFeature {
    /// Every feature, for tests.
    #[cfg(test)]
    pub(crate) const ALL: [RegexFeature; 19] = [
        RegexFeature::PossessiveQuantifiers,
        RegexFeature::Lookahead,
        RegexFeature::NegativeLookahead,
        RegexFeature::AtomicGroups,
        RegexFeature::BranchReset,
        RegexFeature::Conditionals,
        RegexFeature::Lookbehind,
        RegexFeature::NamedBackreferences,
        RegexFeature::Recursion,
        RegexFeature::Backreferences,
        RegexFeature::BackreferencesByName,
        RegexFeature::UnicodeProperties,
        RegexFeature::AnyNewline,
        RegexFeature::GraphemeCluster,
        RegexFeature::ResetMatchStart,
        RegexFeature::FirstMatchingPosition,
        RegexFeature::OneCodeUnit,
        RegexFeature::NotNewline,
        RegexFeature::QuoteInClass,
    ];

    /// The feature's name in `lang`, its syntax in backquotes.
    pub fn name(self, lang: Lang) -> &'static str {
        use RegexFeature::*;
        match (lang, self) {
            (Lang::En, PossessiveQuantifiers) => "possessive quantifiers (`*+`, `++`, `?+`)",
            (Lang::En, Lookahead) => "lookahead `(?=...)`",
            (Lang::En, NegativeLookahead) => "negative lookahead `(?!...)`",
            (Lang::En, AtomicGroups) => "atomic groups `(?>...)`",
            (Lang::En, BranchReset) => "branch reset groups `(?|...)`",
            (Lang::En, Conditionals) => "conditional groups `(?(...)...)`",
            (Lang::En, Lookbehind) => "lookbehind `(?<=...)`",
            (Lang::En, NamedBackreferences) => "named backreferences `(?P=name)`",
            (Lang::En, Recursion) => "recursion `(?R)`",
            (Lang::En, Backreferences) => "backreferences (`\\1`)",
            (Lang::En, BackreferencesByName) => "backreferences (`\\g`, `\\k<name>`)",
            (Lang::En, UnicodeProperties) => "Unicode properties (`\\p{..}`)",
            (Lang::En, AnyNewline) => "`\\R` (any newline sequence)",
            (Lang::En, GraphemeCluster) => "`\\X` (extended grapheme cluster)",
            (Lang::En, ResetMatchStart) => "`\\K` (reset match start)",
            (Lang::En, FirstMatchingPosition) => "`\\G` (first matching position)",
            (Lang::En, OneCodeUnit) => "`\\C` (one code unit)",
            (Lang::En | Lang::Vi | Lang::Zh, NotNewline) => "`\\N`",
            (Lang::En, QuoteInClass) => "`\\Q...\\E` inside a character class",
            (Lang::Vi, PossessiveQuantifiers) => "lượng từ chiếm hữu (`*+`, `++`, `?+`)",
            (Lang::Vi, Lookahead) => "phép nhìn trước `(?=...)`",
            (Lang::Vi, NegativeLookahead) => "phép nhìn trước phủ định `(?!...)`",
            (Lang::Vi, AtomicGroups) => "nhóm nguyên tử `(?>...)`",
            (Lang::Vi, BranchReset) => "nhóm đặt lại nhánh `(?|...)`",
            (Lang::Vi, Conditionals) => "nhóm điều kiện `(?(...)...)`",
            (Lang::Vi, Lookbehind) => "phép nhìn sau `(?<=...)`",
            (Lang::Vi, NamedBackreferences) => "tham chiếu ngược có tên `(?P=name)`",
            (Lang::Vi, Recursion) => "đệ quy `(?R)`",
            (Lang::Vi, Backreferences) => "tham chiếu ngược (`\\1`)",
            (Lang::Vi, BackreferencesByName) => "tham chiếu ngược (`\\g`, `\\k<name>`)",
            (Lang::Vi, UnicodeProperties) => "thuộc tính Unicode (`\\p{..}`)",
            (Lang::Vi, AnyNewline) => "`\\R` (mọi chuỗi xuống dòng)",
            (Lang::Vi, GraphemeCluster) => "`\\X` (cụm grapheme mở rộng)",
            (Lang::Vi, ResetMatchStart) => "`\\K` (đặt lại điểm bắt đầu khớp)",
            (Lang::Vi, FirstMatchingPosition) => "`\\G` (vị trí khớp đầu tiên)",
            (Lang::Vi, OneCodeUnit) => "`\\C` (một đơn vị mã)",
            (Lang::Vi, QuoteInClass) => "`\\Q...\\E` bên trong lớp ký tự",
            (Lang::Zh, PossessiveQuantifiers) => "占有型量词（`*+`、`++`、`?+`）",
            (Lang::Zh, Lookahead) => "先行断言 `(?=...)`",
            (Lang::Zh, NegativeLookahead) => "否定先行断言 `(?!...)`",
            (Lang::Zh, AtomicGroups) => "原子组 `(?>...)`",
            (Lang::Zh, BranchReset) => "分支重置组 `(?|...)`",
            (Lang::Zh, Conditionals) => "条件组 `(?(...)...)`",
            (Lang::Zh, Lookbehind) => "后行断言 `(?<=...)`",
            (Lang::Zh, NamedBackreferences) => "命名反向引用 `(?P=name)`",
            (Lang::Zh, Recursion) => "递归 `(?R)`",
            (Lang::Zh, Backreferences) => "反向引用（`\\1`）",
            (Lang::Zh, BackreferencesByName) => "反向引用（`\\g`、`\\k<name>`）",
            (Lang::Zh, UnicodeProperties) => "Unicode 属性（`\\p{..}`）",
            (Lang::Zh, AnyNewline) => "`\\R`（任意换行序列）",
            (Lang::Zh, GraphemeCluster) => "`\\X`（扩展字素簇）",
            (Lang::Zh, ResetMatchStart) => "`\\K`（重置匹配起点）",
            (Lang::Zh, FirstMatchingPosition) => "`\\G`（第一个匹配位置）",
            (Lang::Zh, OneCodeUnit) => "`\\C`（单个代码单元）",
            (Lang::Zh, QuoteInClass) => "字符类中的 `\\Q...\\E`",
        }
    }
}

impl RegexError {
    /// The server's code: `Regular expression is invalid` is assertion 51091; a feature
    /// this engine leaves out is not the server's refusal.
    pub fn code(&self) -> Option<i32> {
        match self {
            RegexError::Invalid(_) => Some(51091),
            RegexError::Unsupported(_) => None,
        }
    }

    /// One value of every variant (the match below fails to compile when one is added).
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<RegexError> {
        let mut all = vec![RegexError::Invalid("missing closing parenthesis".into())];
        all.extend(RegexFeature::ALL.map(RegexError::Unsupported));
        for e in &all {
            match e {
                RegexError::Invalid(_) | RegexError::Unsupported(_) => {}
            }
        }
        all
    }
}

impl Localize for RegexError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        let what = match self {
            RegexError::Invalid(m) => return write!(out, "Regular expression is invalid: {m}"),
            RegexError::Unsupported(feature) => feature.name(lang),
        };
        match lang {
            Lang::En => write!(
                out,
                "bson-tutor's regex engine does not support {what}; the server (PCRE2) would \
                 accept it. Supported: literals, . ^ $ \\A \\z \\Z \\b, classes [a-z] \\d \\w \\s, \
                 groups, |, * + ? {{n,m}}, options i m s x"
            ),
            Lang::Vi => write!(
                out,
                "bộ máy regex của bson-tutor không hỗ trợ {what}; server (PCRE2) thì chấp nhận nó. \
                 Được hỗ trợ: ký tự thường, . ^ $ \\A \\z \\Z \\b, lớp ký tự [a-z] \\d \\w \\s, \
                 nhóm, |, * + ? {{n,m}}, tùy chọn i m s x"
            ),
            Lang::Zh => write!(
                out,
                "bson-tutor 的正则引擎不支持{}{what}；服务器（PCRE2）会接受它。\
                 支持的有：普通字符、. ^ $ \\A \\z \\Z \\b、字符类 [a-z] \\d \\w \\s、\
                 分组、|、* + ? {{n,m}}、选项 i m s x",
                zh_gap("持", what)
            ),
        }
    }
}

impl fmt::Display for RegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// The most instructions a pattern may compile to (counted repetition multiplies).
const MAX_PROGRAM: usize = 100_000;
/// PCRE's limit on a counted repetition.
const MAX_REPEAT: u32 = 65_535;
/// How deeply groups may nest.
const MAX_NESTING: usize = 250;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Flags {
    caseless: bool,
    multiline: bool,
    dotall: bool,
    extended: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    StartText,
    EndText,
    EndTextOrFinalNewline,
    StartLine,
    EndLine,
    WordBoundary,
    NotWordBoundary,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Builtin {
    Digit,
    Word,
    Space,
    HSpace,
    VSpace,
    Alpha,
    Alnum,
    Upper,
    Lower,
    Punct,
    XDigit,
    Cntrl,
    Graph,
    Print,
    Blank,
    Ascii,
}

impl Builtin {
    fn contains(self, c: char) -> bool {
        match self {
            Builtin::Digit => c.is_ascii_digit(),
            Builtin::Word => c.is_ascii_alphanumeric() || c == '_',
            Builtin::Space => matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r'),
            Builtin::HSpace => matches!(
                c,
                ' ' | '\t' | '\u{a0}' | '\u{1680}' | '\u{180e}' | '\u{2000}'
                    ..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
            ),
            Builtin::VSpace => matches!(
                c,
                '\n' | '\x0b' | '\x0c' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'
            ),
            Builtin::Alpha => c.is_ascii_alphabetic(),
            Builtin::Alnum => c.is_ascii_alphanumeric(),
            Builtin::Upper => c.is_ascii_uppercase(),
            Builtin::Lower => c.is_ascii_lowercase(),
            Builtin::Punct => c.is_ascii_punctuation(),
            Builtin::XDigit => c.is_ascii_hexdigit(),
            Builtin::Cntrl => c.is_ascii_control(),
            Builtin::Graph => c.is_ascii_graphic(),
            Builtin::Print => c.is_ascii_graphic() || c == ' ',
            Builtin::Blank => c == ' ' || c == '\t',
            Builtin::Ascii => c.is_ascii(),
        }
    }

    fn posix(name: &str) -> Option<Self> {
        Some(match name {
            "alpha" => Builtin::Alpha,
            "digit" => Builtin::Digit,
            "alnum" => Builtin::Alnum,
            "upper" => Builtin::Upper,
            "lower" => Builtin::Lower,
            "space" => Builtin::Space,
            "punct" => Builtin::Punct,
            "xdigit" => Builtin::XDigit,
            "word" => Builtin::Word,
            "cntrl" => Builtin::Cntrl,
            "graph" => Builtin::Graph,
            "print" => Builtin::Print,
            "blank" => Builtin::Blank,
            "ascii" => Builtin::Ascii,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ClassItem {
    Range(char, char),
    Builtin(Builtin, bool),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Class {
    negated: bool,
    caseless: bool,
    items: Vec<ClassItem>,
}

impl Class {
    fn single(builtin: Builtin, negated: bool) -> Self {
        Class {
            negated: false,
            caseless: false,
            items: vec![ClassItem::Builtin(builtin, negated)],
        }
    }

    fn contains(&self, c: char) -> bool {
        let hit = |c: char| {
            self.items.iter().any(|item| match *item {
                ClassItem::Range(lo, hi) => lo <= c && c <= hi,
                ClassItem::Builtin(b, negated) => b.contains(c) != negated,
            })
        };
        let found = hit(c) || (self.caseless && (hit(fold(c)) || hit(upper(c))));
        found != self.negated
    }
}

/// Simple case folding: the first character of the lowercase mapping.
fn fold(c: char) -> char {
    if c.is_ascii() {
        c.to_ascii_lowercase()
    } else {
        c.to_lowercase().next().unwrap_or(c)
    }
}

fn upper(c: char) -> char {
    if c.is_ascii() {
        c.to_ascii_uppercase()
    } else {
        c.to_uppercase().next().unwrap_or(c)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Node {
    Empty,
    Char(char, bool),
    Any(bool),
    Class(Class),
    Look(Look),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Node>, u32, Option<u32>),
}

#[derive(Clone, Debug)]
enum Inst {
    Char(char),
    CharFold(char),
    Any,
    AnyButNewline,
    Class(Box<Class>),
    Look(Look),
    Split(usize, usize),
    Jmp(usize),
    Match,
}

impl Regex {
    /// Compiles `pattern` with the option letters `options`.
    ///
    /// # Errors
    /// A flag outside `imsxu` (the server's "invalid flag in regex options: g"), a pattern
    /// PCRE would refuse, or one using a feature listed as unsupported in the module docs.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::query::matcher::regex::Regex;
    /// let re = Regex::new("^acme.*corp$", "i").unwrap();
    /// assert!(re.is_match("ACME Widgets Corp"));
    /// assert!(!re.is_match("Big ACME corp"));
    /// assert!(Regex::new("a(?=b)", "").is_err());
    /// ```
    pub fn new(pattern: &str, options: &str) -> Result<Regex, RegexError> {
        let mut flags = Flags::default();
        for flag in options.chars() {
            match flag {
                'i' => flags.caseless = true,
                'm' => flags.multiline = true,
                's' => flags.dotall = true,
                'x' => flags.extended = true,
                'u' => {}
                other => {
                    return Err(RegexError::Invalid(format!(
                        "invalid flag in regex options: {other}"
                    )));
                }
            }
        }
        let node = syntax::parse(pattern, flags)?;
        let anchored = starts_anchored(&node);
        let required = required_char(&node);
        let mut program = Vec::new();
        compile(&node, &mut program)?;
        program.push(Inst::Match);
        Ok(Regex {
            program,
            anchored,
            required,
        })
    }

    /// Whether the pattern matches anywhere in `text`.
    ///
    /// Linear in the text times the program, which counted repetition makes long
    /// (`a{30000}b` is 30,001 instructions): the flag of [`crate::query::interrupt`] is
    /// looked at every few thousand thread steps, and a stopped match answers `false` (the
    /// entry point that asked reports the stop, never this answer).
    pub fn is_match(&self, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        match self.required {
            Some((c, false)) if !chars.contains(&c) => return false,
            Some((c, true)) if !chars.iter().any(|&x| fold(x) == c) => return false,
            _ => {}
        }
        let n = self.program.len();
        let mut current = Threads::new(n);
        let mut next = Threads::new(n);
        let mut stack = Vec::new();
        let mut work = 0usize;
        for at in 0..=chars.len() {
            if at == 0 || !self.anchored {
                self.add(&mut current, 0, &chars, at, &mut stack);
            } else if current.list.is_empty() {
                return false;
            }
            work += current.list.len() + 1;
            if work >= POLL_STEPS {
                work = 0;
                if crate::query::interrupt::requested() {
                    return false;
                }
            }
            next.clear();
            let c = chars.get(at).copied();
            for i in 0..current.list.len() {
                let pc = current.list[i];
                let advance = match (&self.program[pc], c) {
                    (Inst::Match, _) => return true,
                    (Inst::Char(want), Some(c)) => *want == c,
                    (Inst::CharFold(want), Some(c)) => *want == fold(c),
                    (Inst::Any, Some(_)) => true,
                    (Inst::AnyButNewline, Some(c)) => c != '\n',
                    (Inst::Class(class), Some(c)) => class.contains(c),
                    _ => false,
                };
                if advance {
                    self.add(&mut next, pc + 1, &chars, at + 1, &mut stack);
                }
            }
            std::mem::swap(&mut current, &mut next);
        }
        false
    }

    /// Adds the thread at `pc` and everything reachable from it without reading a
    /// character (jumps, splits, assertions that hold at `at`); `stack` is scratch space.
    fn add(
        &self,
        threads: &mut Threads,
        pc: usize,
        chars: &[char],
        at: usize,
        stack: &mut Vec<usize>,
    ) {
        stack.clear();
        stack.push(pc);
        while let Some(pc) = stack.pop() {
            if !threads.insert(pc) {
                continue;
            }
            match &self.program[pc] {
                Inst::Jmp(to) => stack.push(*to),
                Inst::Split(a, b) => {
                    stack.push(*b);
                    stack.push(*a);
                }
                Inst::Look(look) => {
                    if holds(*look, chars, at) {
                        stack.push(pc + 1);
                    }
                }
                _ => threads.list.push(pc),
            }
        }
    }
}

/// How many thread steps the matcher takes between two looks at the interrupt flag.
const POLL_STEPS: usize = 4096;

fn holds(look: Look, chars: &[char], at: usize) -> bool {
    let n = chars.len();
    let word = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(|&c| Builtin::Word.contains(c))
    };
    match look {
        Look::StartText => at == 0,
        Look::EndText => at == n,
        Look::EndTextOrFinalNewline => at == n || (at + 1 == n && chars[at] == '\n'),
        // PCRE: not after a newline that ends the text.
        Look::StartLine => at == 0 || (at < n && chars[at - 1] == '\n'),
        Look::EndLine => at == n || chars[at] == '\n',
        Look::WordBoundary | Look::NotWordBoundary => {
            let boundary = word(at.checked_sub(1)) != word(Some(at));
            boundary == (look == Look::WordBoundary)
        }
    }
}

/// The set of live threads at one position: program counters in priority order, plus a
/// membership mark so each counter is added once. The marks are generation numbers, so
/// clearing costs nothing however long the program is.
struct Threads {
    list: Vec<usize>,
    seen: Vec<u32>,
    generation: u32,
}

impl Threads {
    fn new(n: usize) -> Self {
        Threads {
            list: Vec::with_capacity(n),
            seen: vec![0; n],
            generation: 1,
        }
    }

    fn insert(&mut self, pc: usize) -> bool {
        std::mem::replace(&mut self.seen[pc], self.generation) != self.generation
    }

    fn clear(&mut self) {
        self.list.clear();
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 clears the old marks could look current again: start afresh.
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }
}

/// A character every match of `node` contains, with whether it is compared caseless (then
/// folded); `None` when no single character is certain.
fn required_char(node: &Node) -> Option<(char, bool)> {
    match node {
        Node::Char(c, false) => Some((*c, false)),
        Node::Char(c, true) => Some((fold(*c), true)),
        Node::Concat(items) => items.iter().rev().find_map(required_char),
        Node::Repeat(body, min, _) if *min > 0 => required_char(body),
        Node::Alt(branches) => {
            let (first, rest) = branches.split_first()?;
            let want = required_char(first)?;
            rest.iter()
                .all(|b| required_char(b) == Some(want))
                .then_some(want)
        }
        _ => None,
    }
}

fn starts_anchored(node: &Node) -> bool {
    match node {
        Node::Look(Look::StartText) => true,
        Node::Concat(items) => items.first().is_some_and(starts_anchored),
        Node::Alt(branches) => !branches.is_empty() && branches.iter().all(starts_anchored),
        _ => false,
    }
}

fn compile(node: &Node, out: &mut Vec<Inst>) -> Result<(), RegexError> {
    if out.len() > MAX_PROGRAM {
        return Err(RegexError::Invalid(
            "regular expression is too large".into(),
        ));
    }
    match node {
        Node::Empty => {}
        Node::Char(c, false) => out.push(Inst::Char(*c)),
        Node::Char(c, true) => out.push(Inst::CharFold(fold(*c))),
        Node::Any(true) => out.push(Inst::Any),
        Node::Any(false) => out.push(Inst::AnyButNewline),
        Node::Class(class) => out.push(Inst::Class(Box::new(class.clone()))),
        Node::Look(look) => out.push(Inst::Look(*look)),
        Node::Concat(items) => {
            for item in items {
                compile(item, out)?;
            }
        }
        Node::Alt(branches) => {
            // split L1, next; L1: branch; jmp end; next: split ... ; last branch
            let mut jumps = Vec::new();
            for (i, branch) in branches.iter().enumerate() {
                if i + 1 < branches.len() {
                    let split = out.len();
                    out.push(Inst::Split(split + 1, 0));
                    compile(branch, out)?;
                    jumps.push(out.len());
                    out.push(Inst::Jmp(0));
                    let next = out.len();
                    out[split] = Inst::Split(split + 1, next);
                } else {
                    compile(branch, out)?;
                }
            }
            let end = out.len();
            for j in jumps {
                out[j] = Inst::Jmp(end);
            }
        }
        Node::Repeat(body, min, max) => {
            for _ in 0..*min {
                compile(body, out)?;
            }
            match max {
                None => {
                    let split = out.len();
                    out.push(Inst::Split(split + 1, 0));
                    compile(body, out)?;
                    out.push(Inst::Jmp(split));
                    let end = out.len();
                    out[split] = Inst::Split(split + 1, end);
                }
                Some(max) => {
                    let mut splits = Vec::new();
                    for _ in *min..*max {
                        splits.push(out.len());
                        out.push(Inst::Split(0, 0));
                        compile(body, out)?;
                    }
                    let end = out.len();
                    for s in splits {
                        out[s] = Inst::Split(s + 1, end);
                    }
                }
            }
        }
    }
    if out.len() > MAX_PROGRAM {
        return Err(RegexError::Invalid(
            "regular expression is too large".into(),
        ));
    }
    Ok(())
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
        assert!(m("[^0-9]", "", "12a"));
        assert!(!m("[^0-9]", "", "123"));
        assert!(m("[[:alpha:]]+", "", "x"));
        assert!(m("a.c", "", "abc"));
        assert!(!m("a.c", "", "a\nc"));
        assert!(m("a.c", "s", "a\nc"));
        assert!(m("\\bcat\\b", "", "a cat sat"));
        assert!(!m("\\bcat\\b", "", "concatenate"));
    }

    #[test]
    fn options_follow_pcre() {
        assert!(m("ACME", "i", "acme"));
        assert!(m("^line2$", "m", "line1\nline2\nline3"));
        assert!(!m("^line2$", "", "line1\nline2\nline3"));
        assert!(!m("\n^", "m", "a\n"));
        assert!(m("a b c # comment", "x", "abc"));
        assert!(m("(?i)abc", "", "ABC"));
        assert!(m("a(?i:b)c", "", "aBc"));
        assert!(!m("a(?i:b)c", "", "aBC"));
        assert!(m("é", "i", "É"));
    }

    #[test]
    fn alternation_groups_and_repetition() {
        assert!(m("^(cat|dog)s?$", "", "dogs"));
        assert!(!m("^(cat|dog)s?$", "", "cow"));
        assert!(m("^(a|b)*c$", "", "ababc"));
        assert!(m("^(?:ab){2}$", "", "abab"));
        assert!(!m("^(?:ab){2}$", "", "ababab"));
        assert!(m("^x{2,}$", "", "xxxx"));
        assert!(m("^$", "", ""));
        assert!(m("", "", "anything"));
        // Exponential for a backtracker, linear here.
        let text = "a".repeat(64);
        assert!(!m("^(a+)+$", "", &(text + "b")));
    }

    #[test]
    fn a_required_character_missing_from_the_text_answers_at_once() {
        assert_eq!(
            required_char(&syntax::parse("a{3}b", Flags::default()).unwrap()),
            Some(('b', false))
        );
        assert!(!m("a{30000}b", "", &"a".repeat(100_000)));
        assert!(m("x(?i)B", "", "xb"));
        assert!(m("(cat|dog)s", "", "dogs"));
        assert!(!m("(cat|dog)s", "", "dog"));
        assert!(m("a?b*", "", ""));
        assert!(m("^[a-c]+z", "", "abz"));
    }

    #[test]
    fn a_tripped_interrupt_stops_a_long_match() {
        use crate::query::interrupt::{Interrupt, Stop, check};
        let re = Regex::new("a{30000}b", "").unwrap();
        // `b` first, so the required-character check lets the long match run.
        let text = format!("b{}", "a".repeat(100_000));
        let flag = Interrupt::new();
        flag.trip(Stop::TimeLimit);
        let (answer, stop) = flag.watch(|| (re.is_match(&text), check()));
        assert!(!answer);
        assert_eq!(stop, Err(Stop::TimeLimit));
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let e = |p: &str, o: &str| Regex::new(p, o).unwrap_err().to_string();
        assert_eq!(
            e("a", "g"),
            "Regular expression is invalid: invalid flag in regex options: g"
        );
        assert_eq!(
            e("(a", ""),
            "Regular expression is invalid: missing closing parenthesis"
        );
        assert_eq!(
            e("a)", ""),
            "Regular expression is invalid: unmatched closing parenthesis"
        );
        assert_eq!(
            e("[a", ""),
            "Regular expression is invalid: missing terminating ] for character class"
        );
        assert_eq!(
            e("*a", ""),
            "Regular expression is invalid: quantifier does not follow a repeatable item"
        );
        assert!(e("(a)\\1", "").contains("backreferences"));
        assert!(e("a(?!b)", "").contains("negative lookahead"));
        assert!(m("a{,2}", "", "a{,2}"));
        assert!(e("a**", "").contains("quantifier does not follow"));
        assert!(m("a*?b", "", "aab"));
    }

    #[test]
    fn every_regex_error_speaks_every_language() {
        for e in RegexError::every_variant() {
            let en = e.to_string();
            assert_eq!(en, e.to_string_in(Lang::En));
            for lang in [Lang::Vi, Lang::Zh] {
                let text = e.to_string_in(lang);
                match &e {
                    // PCRE's complaint is the server's: verbatim, with the server's code.
                    RegexError::Invalid(_) => {
                        assert_eq!(text, en);
                        assert_eq!(e.code(), Some(51091));
                    }
                    // `\A` and `[a-z]` in the list of what is supported are syntax.
                    RegexError::Unsupported(_) => {
                        crate::bson::error::assert_translated(&en, lang, &text, &["A", "a"]);
                        assert_eq!(e.code(), None);
                    }
                }
            }
        }
    }

    #[test]
    fn an_unsupported_feature_in_three_languages() {
        let e = Regex::new("a(?=b)", "").unwrap_err();
        assert_eq!(e, RegexError::Unsupported(RegexFeature::Lookahead));
        let said = Lang::ALL.map(|l| e.to_string_in(l));
        assert!(
            said[0].starts_with("bson-tutor's regex engine does not support lookahead `(?=...)`;")
        );
        assert!(
            said[1]
                .starts_with("bộ máy regex của bson-tutor không hỗ trợ phép nhìn trước `(?=...)`;")
        );
        assert!(said[2].starts_with("bson-tutor 的正则引擎不支持先行断言 `(?=...)`；"));
    }
}
