//! The pattern syntax: PCRE's, read into the [`Node`] tree the compiler turns into a
//! program. Everything the engine cannot run is refused here, by name.

use super::{
    Builtin, Class, ClassItem, Flags, Look, MAX_NESTING, MAX_REPEAT, Node, RegexError, RegexFeature,
};

/// Reads `pattern` with the options already decoded into `flags`.
pub(super) fn parse(pattern: &str, flags: Flags) -> Result<Node, RegexError> {
    let mut parser = Parser {
        chars: pattern.chars().collect(),
        pos: 0,
        depth: 0,
    };
    let node = parser.alternation(flags)?;
    if parser.pos < parser.chars.len() {
        // Only an unmatched ')' stops the top-level alternation early.
        return invalid("unmatched closing parenthesis");
    }
    Ok(node)
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

fn invalid<T>(message: &str) -> Result<T, RegexError> {
    Err(RegexError::Invalid(message.into()))
}

fn unsupported<T>(feature: RegexFeature) -> Result<T, RegexError> {
    Err(RegexError::Unsupported(feature))
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn next_char(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    /// Skips whitespace and `#` comments in extended mode.
    fn skip_extended(&mut self, flags: Flags) {
        if !flags.extended {
            return;
        }
        while let Some(c) = self.peek() {
            if c.is_ascii_whitespace() {
                self.pos += 1;
            } else if c == '#' {
                while let Some(c) = self.next_char() {
                    if c == '\n' {
                        break;
                    }
                }
            } else {
                break;
            }
        }
    }

    fn alternation(&mut self, flags: Flags) -> Result<Node, RegexError> {
        let mut flags = flags;
        let mut branches = vec![self.concat(&mut flags)?];
        while self.eat('|') {
            branches.push(self.concat(&mut flags)?);
        }
        Ok(if branches.len() == 1 {
            branches.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(branches)
        })
    }

    /// A sequence up to `|`, `)` or the end. Inline flags `(?i)` change `flags` for the
    /// rest of the enclosing group, across later alternatives too (as in PCRE).
    fn concat(&mut self, flags: &mut Flags) -> Result<Node, RegexError> {
        let mut items = Vec::new();
        loop {
            self.skip_extended(*flags);
            let Some(c) = self.peek() else { break };
            if c == '|' || c == ')' {
                break;
            }
            let atom = match self.atom(flags)? {
                Some(atom) => atom,
                None => continue,
            };
            let atom = self.quantified(atom, *flags)?;
            items.push(atom);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Concat(items),
        })
    }

    /// An optional quantifier after `atom`. PCRE allows one (plus a lazy `?` or possessive
    /// `+`): a second one (`a**`) is "quantifier does not follow a repeatable item", which
    /// the next call to [`Parser::atom`] reports.
    fn quantified(&mut self, atom: Node, flags: Flags) -> Result<Node, RegexError> {
        self.skip_extended(flags);
        let save = self.pos;
        let (min, max) = match self.peek() {
            Some('*') => {
                self.pos += 1;
                (0, None)
            }
            Some('+') => {
                self.pos += 1;
                (1, None)
            }
            Some('?') => {
                self.pos += 1;
                (0, Some(1))
            }
            Some('{') => match self.counted()? {
                Some(bounds) => bounds,
                None => {
                    self.pos = save;
                    return Ok(atom);
                }
            },
            _ => return Ok(atom),
        };
        if matches!(atom, Node::Look(_) | Node::Empty) {
            return invalid("quantifier does not follow a repeatable item");
        }
        if self.eat('+') {
            return unsupported(RegexFeature::PossessiveQuantifiers);
        }
        // Lazy and greedy give the same yes/no answer.
        self.eat('?');
        Ok(Node::Repeat(Box::new(atom), min, max))
    }

    /// `{n}`, `{n,}` or `{n,m}`; `None` when the brace does not start a quantifier (PCRE
    /// then reads it as a literal `{`).
    fn counted(&mut self) -> Result<Option<(u32, Option<u32>)>, RegexError> {
        let start = self.pos;
        self.pos += 1; // '{'
        let Some(min) = self.number() else {
            self.pos = start;
            return Ok(None);
        };
        let max = if self.eat(',') {
            if self.peek() == Some('}') {
                None
            } else {
                match self.number() {
                    Some(max) => Some(max),
                    None => {
                        self.pos = start;
                        return Ok(None);
                    }
                }
            }
        } else {
            Some(min)
        };
        if !self.eat('}') {
            self.pos = start;
            return Ok(None);
        }
        if min > MAX_REPEAT || max.is_some_and(|m| m > MAX_REPEAT) {
            return invalid("number too big in {} quantifier");
        }
        if max.is_some_and(|m| m < min) {
            return invalid("numbers out of order in {} quantifier");
        }
        Ok(Some((min, max)))
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.pos;
        let mut n: u32 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d);
            self.pos += 1;
        }
        (self.pos > start).then_some(n)
    }

    /// One atom; `None` for things that match nothing and take no quantifier (comments,
    /// inline flag settings, an empty `\Q\E`).
    fn atom(&mut self, flags: &mut Flags) -> Result<Option<Node>, RegexError> {
        let Some(c) = self.next_char() else {
            return Ok(Some(Node::Empty));
        };
        Ok(Some(match c {
            '.' => Node::Any(flags.dotall),
            '^' => Node::Look(if flags.multiline {
                Look::StartLine
            } else {
                Look::StartText
            }),
            '$' => Node::Look(if flags.multiline {
                Look::EndLine
            } else {
                Look::EndTextOrFinalNewline
            }),
            '[' => Node::Class(self.class(*flags)?),
            '(' => return self.group(flags),
            '*' | '+' | '?' => return invalid("quantifier does not follow a repeatable item"),
            '{' => {
                self.pos -= 1;
                if self.counted()?.is_some() {
                    return invalid("quantifier does not follow a repeatable item");
                }
                self.pos += 1;
                Node::Char('{', flags.caseless)
            }
            '\\' => return self.escape(*flags),
            c => Node::Char(c, flags.caseless),
        }))
    }

    fn group(&mut self, flags: &mut Flags) -> Result<Option<Node>, RegexError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return invalid("parentheses are too deeply nested");
        }
        let mut inner_flags = *flags;
        if self.eat('?') {
            match self.peek() {
                Some(':') => self.pos += 1,
                Some('#') => {
                    while let Some(c) = self.next_char() {
                        if c == ')' {
                            self.depth -= 1;
                            return Ok(None);
                        }
                    }
                    return invalid("missing ) after (?# comment");
                }
                Some('=') => return unsupported(RegexFeature::Lookahead),
                Some('!') => return unsupported(RegexFeature::NegativeLookahead),
                Some('>') => return unsupported(RegexFeature::AtomicGroups),
                Some('|') => return unsupported(RegexFeature::BranchReset),
                Some('(') => return unsupported(RegexFeature::Conditionals),
                Some('<') if matches!(self.peek_at(1), Some('=') | Some('!')) => {
                    return unsupported(RegexFeature::Lookbehind);
                }
                Some('<') | Some('\'') => {
                    let close = if self.peek() == Some('<') { '>' } else { '\'' };
                    self.pos += 1;
                    self.group_name(close)?;
                }
                Some('P') if self.peek_at(1) == Some('<') => {
                    self.pos += 2;
                    self.group_name('>')?;
                }
                Some('P') => return unsupported(RegexFeature::NamedBackreferences),
                Some('R') | Some('0'..='9') | Some('&') => {
                    return unsupported(RegexFeature::Recursion);
                }
                _ => {
                    // Inline options: (?imsx-imsx) or (?imsx-imsx:...)
                    let mut on = true;
                    loop {
                        match self.next_char() {
                            Some('i') => inner_flags.caseless = on,
                            Some('m') => inner_flags.multiline = on,
                            Some('s') => inner_flags.dotall = on,
                            Some('x') => inner_flags.extended = on,
                            Some('-') if on => on = false,
                            Some(')') => {
                                // Applies to the rest of the enclosing group.
                                *flags = inner_flags;
                                self.depth -= 1;
                                return Ok(None);
                            }
                            Some(':') => break,
                            Some(_) => {
                                return invalid("unrecognized character after (? or (?-");
                            }
                            None => return invalid("missing closing parenthesis"),
                        }
                    }
                }
            }
        }
        let inner = self.alternation(inner_flags)?;
        if !self.eat(')') {
            return invalid("missing closing parenthesis");
        }
        self.depth -= 1;
        Ok(Some(inner))
    }

    fn group_name(&mut self, close: char) -> Result<(), RegexError> {
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == close {
                if self.pos == start {
                    return invalid("subpattern name expected");
                }
                self.pos += 1;
                return Ok(());
            }
            if !(c.is_ascii_alphanumeric() || c == '_') {
                return invalid("syntax error in subpattern name (missing terminator?)");
            }
            self.pos += 1;
        }
        invalid("syntax error in subpattern name (missing terminator?)")
    }

    /// After a backslash, outside a class.
    fn escape(&mut self, flags: Flags) -> Result<Option<Node>, RegexError> {
        let Some(c) = self.next_char() else {
            return invalid("\\ at end of pattern");
        };
        let class = |b: Builtin, negated: bool| Ok(Some(Node::Class(Class::single(b, negated))));
        match c {
            'd' => class(Builtin::Digit, false),
            'D' => class(Builtin::Digit, true),
            'w' => class(Builtin::Word, false),
            'W' => class(Builtin::Word, true),
            's' => class(Builtin::Space, false),
            'S' => class(Builtin::Space, true),
            'h' => class(Builtin::HSpace, false),
            'H' => class(Builtin::HSpace, true),
            'v' => class(Builtin::VSpace, false),
            'V' => class(Builtin::VSpace, true),
            'A' => Ok(Some(Node::Look(Look::StartText))),
            'z' => Ok(Some(Node::Look(Look::EndText))),
            'Z' => Ok(Some(Node::Look(Look::EndTextOrFinalNewline))),
            'b' => Ok(Some(Node::Look(Look::WordBoundary))),
            'B' => Ok(Some(Node::Look(Look::NotWordBoundary))),
            'Q' => {
                let mut items = Vec::new();
                while let Some(c) = self.next_char() {
                    if c == '\\' && self.peek() == Some('E') {
                        self.pos += 1;
                        break;
                    }
                    items.push(Node::Char(c, flags.caseless));
                }
                Ok(match items.len() {
                    0 => None,
                    1 => items.pop(),
                    _ => Some(Node::Concat(items)),
                })
            }
            'E' => Ok(None),
            '1'..='9' => unsupported(RegexFeature::Backreferences),
            'g' | 'k' => unsupported(RegexFeature::BackreferencesByName),
            'p' | 'P' => unsupported(RegexFeature::UnicodeProperties),
            'R' => unsupported(RegexFeature::AnyNewline),
            'X' => unsupported(RegexFeature::GraphemeCluster),
            'K' => unsupported(RegexFeature::ResetMatchStart),
            'G' => unsupported(RegexFeature::FirstMatchingPosition),
            'C' => unsupported(RegexFeature::OneCodeUnit),
            'N' => unsupported(RegexFeature::NotNewline),
            other => {
                let c = self.char_escape(other)?;
                Ok(Some(Node::Char(c, flags.caseless)))
            }
        }
    }

    /// Escapes that stand for one character (shared by classes).
    fn char_escape(&mut self, c: char) -> Result<char, RegexError> {
        Ok(match c {
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'f' => '\x0c',
            'e' => '\x1b',
            'a' => '\x07',
            '0' => {
                // Up to two more octal digits.
                let mut value = 0u32;
                for _ in 0..2 {
                    match self.peek().and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            value = value * 8 + d;
                            self.pos += 1;
                        }
                        None => break,
                    }
                }
                char::from_u32(value).unwrap_or('\0')
            }
            'x' => {
                let value = if self.eat('{') {
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c.is_ascii_hexdigit()) {
                        self.pos += 1;
                    }
                    let digits: String = self.chars[start..self.pos].iter().collect();
                    if !self.eat('}') || digits.is_empty() {
                        return invalid("\\x{ is not followed by hex digits and }");
                    }
                    u32::from_str_radix(&digits, 16).ok()
                } else {
                    let mut value = 0u32;
                    for _ in 0..2 {
                        match self.peek().and_then(|c| c.to_digit(16)) {
                            Some(d) => {
                                value = value * 16 + d;
                                self.pos += 1;
                            }
                            None => break,
                        }
                    }
                    Some(value)
                };
                match value.and_then(char::from_u32) {
                    Some(c) => c,
                    None => return invalid("character code point value in \\x{} is too large"),
                }
            }
            'c' => match self.next_char() {
                Some(c) if c.is_ascii() && !c.is_ascii_control() => {
                    char::from(c.to_ascii_uppercase() as u8 ^ 0x40)
                }
                _ => return invalid("\\c must be followed by a printable ASCII character"),
            },
            'u' | 'U' | 'l' | 'L' | 'F' => {
                return invalid("PCRE2 does not support \\F, \\L, \\l, \\N{name}, \\U, or \\u");
            }
            c if c.is_ascii_alphanumeric() => {
                return invalid("unrecognized character follows \\");
            }
            c => c,
        })
    }

    fn class(&mut self, flags: Flags) -> Result<Class, RegexError> {
        let mut class = Class {
            negated: self.eat('^'),
            caseless: flags.caseless,
            items: Vec::new(),
        };
        let mut first = true;
        loop {
            let Some(c) = self.next_char() else {
                return invalid("missing terminating ] for character class");
            };
            if c == ']' && !first {
                return Ok(class);
            }
            first = false;
            // A single character, or a builtin set that cannot start a range.
            let low = match c {
                '[' if self.peek() == Some(':') => {
                    // `[:name:]` or `[:^name:]`, name in ASCII letters; otherwise a '['.
                    let mut end = self.pos + 1;
                    let negated = self.chars.get(end) == Some(&'^');
                    if negated {
                        end += 1;
                    }
                    let name_start = end;
                    while self.chars.get(end).is_some_and(|c| c.is_ascii_alphabetic()) {
                        end += 1;
                    }
                    if self.chars.get(end) != Some(&':') || self.chars.get(end + 1) != Some(&']') {
                        '['
                    } else {
                        let name: String = self.chars[name_start..end].iter().collect();
                        let Some(builtin) = Builtin::posix(&name) else {
                            return invalid("unknown POSIX class name");
                        };
                        self.pos = end + 2;
                        class.items.push(ClassItem::Builtin(builtin, negated));
                        continue;
                    }
                }
                '\\' => {
                    let Some(e) = self.next_char() else {
                        return invalid("missing terminating ] for character class");
                    };
                    let builtin = match e {
                        'd' => Some((Builtin::Digit, false)),
                        'D' => Some((Builtin::Digit, true)),
                        'w' => Some((Builtin::Word, false)),
                        'W' => Some((Builtin::Word, true)),
                        's' => Some((Builtin::Space, false)),
                        'S' => Some((Builtin::Space, true)),
                        'h' => Some((Builtin::HSpace, false)),
                        'H' => Some((Builtin::HSpace, true)),
                        'v' => Some((Builtin::VSpace, false)),
                        'V' => Some((Builtin::VSpace, true)),
                        _ => None,
                    };
                    if let Some((b, negated)) = builtin {
                        class.items.push(ClassItem::Builtin(b, negated));
                        continue;
                    }
                    match e {
                        'b' => '\x08',
                        'Q' | 'E' => {
                            return unsupported(RegexFeature::QuoteInClass);
                        }
                        'p' | 'P' => return unsupported(RegexFeature::UnicodeProperties),
                        other => self.char_escape(other)?,
                    }
                }
                c => c,
            };
            // A range `low-high`, unless the '-' ends the class.
            if self.peek() == Some('-') && !matches!(self.peek_at(1), Some(']') | None) {
                let save = self.pos;
                self.pos += 1;
                let high = match self.next_char() {
                    Some('\\') => {
                        let Some(e) = self.next_char() else {
                            return invalid("missing terminating ] for character class");
                        };
                        if matches!(e, 'd' | 'D' | 'w' | 'W' | 's' | 'S' | 'h' | 'H' | 'v' | 'V') {
                            // `[a-\d]`: the '-' is a literal.
                            self.pos = save;
                            class.items.push(ClassItem::Range(low, low));
                            continue;
                        }
                        if e == 'b' {
                            '\x08'
                        } else {
                            self.char_escape(e)?
                        }
                    }
                    Some('[') if self.peek() == Some(':') => {
                        self.pos = save;
                        class.items.push(ClassItem::Range(low, low));
                        continue;
                    }
                    Some(h) => h,
                    None => return invalid("missing terminating ] for character class"),
                };
                if high < low {
                    return invalid("range out of order in character class");
                }
                class.items.push(ClassItem::Range(low, high));
            } else {
                class.items.push(ClassItem::Range(low, low));
            }
        }
    }
}
