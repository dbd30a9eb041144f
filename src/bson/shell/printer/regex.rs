//! A BSON regex as mongosh shows it. js-bson's deserializer (`src/parser/deserializer.ts`,
//! `bsonRegExp: false`, mongosh's default) builds a JavaScript `RegExp` from the pattern and
//! the options mapped one by one: `i` to `i`, `m` to `m`, `s` to `g`, anything else dropped.
//! `util.inspect` then prints `/source/flags`, where `source` is the pattern as the JavaScript
//! engine escapes it and the flags come in JavaScript's order. Reading the literal back,
//! js-bson's serializer writes `i`, then `s` for `g`, then `m`.
//!
//! When `new RegExp` throws (a flag twice, a pattern JavaScript refuses), mongosh cannot show
//! the document at all; the form shown then is mongosh's `{ bsonRegExp: true }` view,
//! `BSONRegExp('pattern', 'options')` with the options sorted as js-bson's `BSONRegExp` sorts
//! them.

/// How a regex prints, and what reading the printed text back stores.
pub(super) enum JsRegex {
    /// A JavaScript regex literal.
    Literal {
        /// `/source/flags`.
        text: String,
        /// The pattern reading the literal back stores.
        source: String,
        /// The options reading the literal back stores.
        options: String,
    },
    /// JavaScript cannot build it.
    NotJs,
}

/// The regex literal mongosh prints for a stored pattern and options.
pub(super) fn js_regex(pattern: &str, options: &str) -> JsRegex {
    let (mut global, mut ignore_case, mut multiline) = (false, false, false);
    for c in options.chars() {
        let flag = match c {
            'i' => &mut ignore_case,
            'm' => &mut multiline,
            's' => &mut global,
            _ => continue,
        };
        if *flag {
            // `new RegExp(source, 'ii')` throws: "Invalid flags supplied to RegExp constructor".
            return JsRegex::NotJs;
        }
        *flag = true;
    }
    if !js_pattern_ok(pattern) {
        return JsRegex::NotJs;
    }
    let source = escape_source(pattern);
    // `RegExp.prototype.flags` lists flags in the order "dgimsuvy".
    let mut flags = String::new();
    let mut back = String::new();
    for (on, flag) in [(global, 'g'), (ignore_case, 'i'), (multiline, 'm')] {
        if on {
            flags.push(flag);
        }
    }
    // js-bson's serializeRegExp: ignoreCase, global, multiline, in that order.
    for (on, option) in [(ignore_case, 'i'), (global, 's'), (multiline, 'm')] {
        if on {
            back.push(option);
        }
    }
    JsRegex::Literal {
        text: format!("/{source}/{flags}"),
        source,
        options: back,
    }
}

/// The `source` of `new RegExp(pattern)`: ECMAScript's EscapeRegExpPattern as V8 does it.
/// A `/` outside a character class becomes `\/`, line terminators become escapes, and the
/// empty pattern is `(?:)`, so that `/source/` reads back as the same regex.
fn escape_source(pattern: &str) -> String {
    if pattern.is_empty() {
        return "(?:)".into();
    }
    let mut out = String::with_capacity(pattern.len() + 2);
    let mut in_class = false;
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.peek() {
                // The backslash is dropped: the line terminator gets its own escape below.
                Some('\n' | '\r' | '\u{2028}' | '\u{2029}') => {}
                Some(&next) => {
                    out.push('\\');
                    out.push(next);
                    chars.next();
                }
                None => out.push('\\'),
            },
            '/' if !in_class => out.push_str("\\/"),
            '[' => {
                in_class = true;
                out.push(c);
            }
            ']' => {
                in_class = false;
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Whether JavaScript's `new RegExp(pattern)` (no `u` flag, with the web-compatibility
/// grammar of Annex B) accepts the pattern. The rules checked are the ones PCRE patterns
/// meet in practice: groups opened by `(?` other than `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`
/// and `(?<name>` (PCRE's `(?i)`, `(?#...)`, `(?>...)`, `(?P<n>...)`), a quantifier with
/// nothing to repeat (PCRE's possessive `a++`), `{n,m}` out of order, unbalanced
/// parentheses, an unclosed class, a trailing backslash and a group name used twice.
fn js_pattern_ok(pattern: &str) -> bool {
    #[derive(PartialEq)]
    enum Group {
        Plain,
        Lookbehind,
    }
    let chars: Vec<char> = pattern.chars().collect();
    let mut groups: Vec<Group> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    // Whether the last thing read is an atom a quantifier may follow.
    let mut quantifiable = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '\\' => {
                let Some(&next) = chars.get(i) else {
                    return false;
                };
                i += 1;
                // `\b` and `\B` are assertions: "Nothing to repeat" after them.
                quantifiable = !matches!(next, 'b' | 'B');
            }
            '[' => {
                loop {
                    match chars.get(i) {
                        None => return false,
                        Some('\\') => i += 2,
                        Some(']') => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                quantifiable = true;
            }
            '(' => {
                let rest = &chars[i..];
                let kind = match rest {
                    ['?', ':' | '=' | '!', ..] => {
                        i += 2;
                        Group::Plain
                    }
                    ['?', '<', '=' | '!', ..] => {
                        i += 3;
                        Group::Lookbehind
                    }
                    ['?', '<', ..] => {
                        let name: String = rest[2..].iter().take_while(|&&c| c != '>').collect();
                        let valid = name.chars().enumerate().all(|(k, c)| {
                            c == '$'
                                || c == '_'
                                || c.is_alphabetic()
                                || (k > 0 && c.is_alphanumeric())
                        });
                        if name.is_empty()
                            || !valid
                            || rest.len() < name.chars().count() + 3
                            || names.contains(&name)
                        {
                            return false;
                        }
                        i += name.chars().count() + 3;
                        names.push(name);
                        Group::Plain
                    }
                    ['?', ..] => return false,
                    _ => Group::Plain,
                };
                groups.push(kind);
                quantifiable = false;
            }
            ')' => {
                let Some(kind) = groups.pop() else {
                    return false;
                };
                quantifiable = kind != Group::Lookbehind;
            }
            '|' | '^' | '$' => quantifiable = false,
            '*' | '+' | '?' => {
                if !quantifiable {
                    return false;
                }
                if chars.get(i) == Some(&'?') {
                    i += 1;
                }
                quantifiable = false;
            }
            '{' => match braces(&chars[i..]) {
                Some((len, ordered)) => {
                    if !quantifiable || !ordered {
                        return false;
                    }
                    i += len;
                    if chars.get(i) == Some(&'?') {
                        i += 1;
                    }
                    quantifiable = false;
                }
                // Annex B: a `{` that does not start a quantifier is a literal.
                None => quantifiable = true,
            },
            _ => quantifiable = true,
        }
    }
    groups.is_empty()
}

/// After `{`: the length of `n}`, `n,}` or `n,m}` and whether `n <= m`, if it is one.
fn braces(rest: &[char]) -> Option<(usize, bool)> {
    let digits = |from: usize| {
        rest[from..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let number = |from: usize, len: usize| -> u64 {
        rest[from..from + len].iter().fold(0u64, |n, c| {
            n.saturating_mul(10)
                .saturating_add(u64::from(*c as u8 - b'0'))
        })
    };
    let n_len = digits(0);
    if n_len == 0 {
        return None;
    }
    let n = number(0, n_len);
    match rest.get(n_len) {
        Some('}') => Some((n_len + 1, true)),
        Some(',') => {
            let m_len = digits(n_len + 1);
            if rest.get(n_len + 1 + m_len) != Some(&'}') {
                return None;
            }
            let ordered = m_len == 0 || n <= number(n_len + 1, m_len);
            Some((n_len + m_len + 2, ordered))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(pattern: &str, options: &str) -> Option<(String, String, String)> {
        match js_regex(pattern, options) {
            JsRegex::Literal {
                text,
                source,
                options,
            } => Some((text, source, options)),
            JsRegex::NotJs => None,
        }
    }

    #[test]
    fn options_become_javascript_flags() {
        let text = |p, o| shown(p, o).unwrap().0;
        assert_eq!(text("a", "i"), "/a/i");
        assert_eq!(text("a", "s"), "/a/g");
        assert_eq!(text("a", "imsx"), "/a/gim");
        assert_eq!(text("a", "lux"), "/a/");
        assert_eq!(shown("a", "ims").unwrap().2, "ism");
        assert!(shown("a", "ii").is_none());
        assert!(shown("a", "xx").is_some());
    }

    #[test]
    fn sources_are_escaped_as_v8_does() {
        assert_eq!(escape_source("a/b"), "a\\/b");
        assert_eq!(escape_source("[/]"), "[/]");
        assert_eq!(escape_source("a\\/b"), "a\\/b");
        assert_eq!(escape_source("a\nb"), "a\\nb");
        assert_eq!(escape_source("a\\\nb"), "a\\nb");
        assert_eq!(escape_source(""), "(?:)");
    }

    #[test]
    fn javascript_refuses_some_pcre() {
        for ok in [
            "a+?", "(?:a)", "(?=a)*", "(?<n>a)", "a{2,3}", "a{", "x{,2}", "]", "[(]", "\\(",
        ] {
            assert!(js_pattern_ok(ok), "{ok}");
        }
        for bad in [
            "(?i)a",
            "a++",
            "*a",
            "(a",
            "a)",
            "[a",
            "a\\",
            "a{3,2}",
            "(?<=a)*",
            "\\b+",
            "(?<n>a)(?<n>b)",
            "(?P<n>a)",
            "^*",
        ] {
            assert!(!js_pattern_ok(bad), "{bad}");
        }
    }
}
