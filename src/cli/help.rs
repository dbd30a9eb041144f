//! `--help`, `help COMMAND`, the man page and the completions in the learner's language: the
//! derived command with every text clap shows put through the help table
//! (`bson_tutor::strings`, English is the key), and the language found on the command line
//! before clap parses it, since clap prints `--help` while it parses.

use std::any::TypeId;
use std::ffi::{OsStr, OsString};

use bson_tutor::strings::{Lang, tr, translation};
use clap::builder::{EnumValueParser, PossibleValue, StyledStr, TypedValueParser};
use clap::{Arg, Command, CommandFactory, FromArgMatches, ValueEnum};

use super::{Cli, i18n};

impl Cli {
    /// Parses the command line with its help in the language of the run: the one `--lang`
    /// names, else the locale's. Like clap's `parse`, ends the run after `--help`,
    /// `--version` or a usage error: it gives the exit code for `main` to return, the help
    /// written through [`super::out`] so that a full disk is reported and a closed pipe is not.
    ///
    /// (A method rather than a function of this module: `main` cannot name the private
    /// `cli::help`, but it can name `Cli`.)
    ///
    /// # Errors
    /// The exit code of a run that ends here.
    pub fn parse_localized() -> Result<Cli, std::process::ExitCode> {
        let args: Vec<OsString> = std::env::args_os().collect();
        let lang = requested(&args).unwrap_or_else(|| i18n::pick(None));
        // The value parsers' messages (`--now`, `--lang`) are in the help's language too.
        i18n::set(lang);
        let mut command = Cli::command();
        // What clap takes as the program's name when it parses; localizing builds the
        // subcommands' usage lines from it first.
        let program = args.first().map(std::path::Path::new);
        if let Some(name) = program.and_then(|p| p.file_name()).and_then(OsStr::to_str) {
            command = command.bin_name(name.to_owned());
        }
        let mut command = localized(command, lang);
        let parsed = match command.try_get_matches_from_mut(args) {
            Ok(mut matches) => {
                Cli::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))
            }
            Err(e) => Err(e),
        };
        parsed.map_err(clap_exit)
    }
}

/// What clap's `Error::exit` does, without its silent failures: a usage error on standard
/// error with clap's status (2); the help or the version on standard output, a failed write
/// reported by [`super::error::finish`].
fn clap_exit(e: clap::Error) -> std::process::ExitCode {
    use std::io::IsTerminal;
    use std::process::ExitCode;
    if e.use_stderr() {
        // Where a usage error cannot be written, there is no one to tell.
        let _ = e.print();
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    }
    let styled = e.render();
    // Colour as clap would: on a terminal, unless NO_COLOR is set.
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let text = if colour {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    };
    let _ = super::out::print(&text);
    super::error::finish(ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(0)))
}

/// The language `--lang X` or `--lang=X` names, if it is one (clap reports any other).
fn requested(args: &[OsString]) -> Option<Lang> {
    let mut args = args.iter().skip(1).map(|a| a.to_str());
    while let Some(arg) = args.next() {
        let code = match arg {
            // After `--` every word is a value, even `--lang`.
            Some("--") => return None,
            Some("--lang") => args.next().flatten(),
            Some(arg) => arg.strip_prefix("--lang="),
            None => None,
        };
        if let Some(lang) = code.and_then(Lang::from_code) {
            return Some(lang);
        }
    }
    None
}

/// `command` with its help in `lang`, subcommands too: about, long about, every argument's
/// help, the possible values' help, the heading of the examples, and clap's own words
/// (`Usage:`, `Commands:`, `Arguments:`, `Options:`, `-h`, `-V`, `help`). Command lines,
/// option names, values and placeholders stay as they are. English is `command` untouched.
pub fn localized(mut command: Command, lang: Lang) -> Command {
    if lang == Lang::En {
        return command;
    }
    // clap adds `-h`, `-V` and the `help` command when it builds the command: build it now
    // so that they are translated with the rest. Everything below changes texts in place,
    // never the order of the arguments, which the built command has indexed.
    command.build();
    translate(command, lang)
}

/// One command and, recursively, its subcommands.
fn translate(mut cmd: Command, lang: Lang) -> Command {
    for sub in cmd.get_subcommands_mut() {
        *sub = translate(std::mem::take(sub), lang);
    }
    let template = layout(&cmd, lang);
    if let Some(text) = cmd.get_about().and_then(|s| prose(lang, s)) {
        cmd = cmd.about(text);
    }
    if let Some(text) = cmd.get_long_about().and_then(|s| prose(lang, s)) {
        cmd = cmd.long_about(text);
    }
    if let Some(text) = cmd.get_after_help().and_then(|s| after(lang, s)) {
        cmd = cmd.after_help(text);
    }
    if let Some(text) = cmd.get_after_long_help().and_then(|s| after(lang, s)) {
        cmd = cmd.after_long_help(text);
    }
    cmd.help_template(template)
        .mut_args(|arg| translate_arg(arg, lang))
}

/// One argument's help, long help, heading and possible values.
fn translate_arg(mut arg: Arg, lang: Lang) -> Arg {
    if let Some(text) = arg.get_help().and_then(|s| prose(lang, s)) {
        arg = arg.help(text);
    }
    if let Some(text) = arg.get_long_help().and_then(|s| prose(lang, s)) {
        arg = arg.long_help(text);
    }
    if let Some(text) = arg.get_help_heading().and_then(|s| translation(lang, s)) {
        arg = arg.help_heading(text);
    }
    ENUMS
        .iter()
        .fold(arg, |arg, described| described(arg, lang))
}

/// The translation of a text clap stores, if the table has one.
fn prose(lang: Lang, en: &StyledStr) -> Option<&'static str> {
    translation(lang, &en.to_string())
}

/// An after-help text: its translation, or for an examples block (a heading line, then
/// indented command lines) the heading translated and the command lines as they are.
fn after(lang: Lang, en: &StyledStr) -> Option<String> {
    let en = en.to_string();
    if let Some(text) = translation(lang, &en) {
        return Some(text.to_owned());
    }
    let (heading, commands) = en.split_once('\n')?;
    let heading = translation(lang, heading)?;
    Some(format!("{heading}\n{commands}"))
}

/// The layout of clap's default help with the headings in `lang`: about, usage, then the
/// commands, arguments and options, each under its heading, then the after-help.
///
/// clap writes its headings itself (`Usage:`, `Arguments:`, `Options:`); only a template
/// can say them in another language. The sections are written with `{subcommands}`,
/// `{positionals}` and `{options}`, which show every argument whatever its heading, so a
/// command with headings of its own keeps clap's `{all-args}` (its own headings translated
/// in [`translate_arg`], clap's `Arguments:` and `Options:` in English).
fn layout(cmd: &Command, lang: Lang) -> StyledStr {
    let styles = cmd.get_styles();
    let (usage, header) = (styles.get_usage(), styles.get_header());
    let usage_heading = tr(lang, "Usage:");
    // A full-width colon (`用法：`) carries its own space.
    let gap = if usage_heading.ends_with('：') {
        ""
    } else {
        " "
    };
    let mut out = format!(
        "{{before-help}}{{about-with-newline}}\n{usage}{usage_heading}{usage:#}{gap}{{usage}}"
    );
    let shown = |arg: &Arg| !arg.is_hide_set();
    let sections = if cmd.get_arguments().any(|a| a.get_help_heading().is_some()) {
        vec!["{all-args}".to_owned()]
    } else {
        let heading = |en| format!("{header}{}{header:#}\n", tr(lang, en));
        let mut sections = Vec::new();
        // clap's test for "visible subcommands": the `help` command alone is not one.
        if cmd
            .get_subcommands()
            .any(|s| s.get_name() != "help" && !s.is_hide_set())
        {
            sections.push(heading("Commands:") + "{subcommands}");
        }
        if cmd.get_positionals().any(shown) {
            sections.push(heading("Arguments:") + "{positionals}");
        }
        if cmd.get_arguments().any(|a| !a.is_positional() && shown(a)) {
            sections.push(heading("Options:") + "{options}");
        }
        sections
    };
    if !sections.is_empty() {
        out.push_str("\n\n");
        out.push_str(&sections.join("\n\n"));
    }
    out.push_str("{after-help}");
    StyledStr::from(out)
}

/// The enums whose values have help, each re-described in a language (the argument is left
/// alone if it takes another type).
const ENUMS: &[fn(Arg, Lang) -> Arg] = &[
    described::<super::TextFormat>,
    described::<super::EvalTo>,
    described::<super::FromFormat>,
    described::<super::ToFormat>,
    described::<super::args::CheckFormat>,
    described::<super::args::ExportFormat>,
    described::<super::args::SummaryFormat>,
    described::<super::args::ColorChoice>,
];

/// `arg` with the help of its possible values in `lang`, if it takes an `E`.
fn described<E: ValueEnum + Clone + Send + Sync + 'static>(arg: Arg, lang: Lang) -> Arg {
    if arg.get_value_parser().type_id() != TypeId::of::<E>() {
        return arg;
    }
    let values = arg
        .get_possible_values()
        .into_iter()
        .map(
            |value| match value.get_help().and_then(|s| prose(lang, s)) {
                Some(text) => value.help(text),
                None => value,
            },
        )
        .collect();
    arg.value_parser(Described::<E> {
        values,
        parser: EnumValueParser::new(),
    })
}

/// An enum's value parser with other words for its possible values: the possible values'
/// help lives in the parser, so translating it means another parser. Parsing is the enum's.
#[derive(Clone)]
struct Described<E: ValueEnum + Clone + Send + Sync + 'static> {
    values: Vec<PossibleValue>,
    parser: EnumValueParser<E>,
}

impl<E: ValueEnum + Clone + Send + Sync + 'static> TypedValueParser for Described<E> {
    type Value = E;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> clap::error::Result<E> {
        self.parser.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.values.iter().cloned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every command of a built tree, subcommands after their parent.
    fn commands(cmd: &Command) -> Vec<&Command> {
        let mut out = vec![cmd];
        for sub in cmd.get_subcommands() {
            out.extend(commands(sub));
        }
        out
    }

    fn built(lang: Lang) -> Command {
        let mut cmd = localized(Cli::command(), lang);
        cmd.build();
        cmd
    }

    /// Every text clap shows of one command, named by where it is, as plain strings.
    fn texts(cmd: &Command) -> Vec<(String, Option<String>)> {
        let name = cmd.get_bin_name().unwrap_or(cmd.get_name()).to_owned();
        let text = |s: Option<&StyledStr>| s.map(ToString::to_string);
        let mut out = vec![
            (format!("{name}: about"), text(cmd.get_about())),
            (format!("{name}: long about"), text(cmd.get_long_about())),
            (format!("{name}: after help"), text(cmd.get_after_help())),
            (
                format!("{name}: after long help"),
                text(cmd.get_after_long_help()),
            ),
        ];
        for arg in cmd.get_arguments() {
            let id = arg.get_id();
            out.push((format!("{name} {id}: help"), text(arg.get_help())));
            out.push((format!("{name} {id}: long help"), text(arg.get_long_help())));
            let heading = arg.get_help_heading().map(ToOwned::to_owned);
            out.push((format!("{name} {id}: heading"), heading));
            for value in arg.get_possible_values() {
                let what = format!("{name} {id}={}: help", value.get_name());
                out.push((what, text(value.get_help())));
            }
        }
        out
    }

    #[test]
    fn every_help_text_has_a_translation() {
        let english = built(Lang::En);
        for lang in [Lang::Vi, Lang::Zh] {
            let translated = built(lang);
            let (en, other) = (commands(&english), commands(&translated));
            assert_eq!(en.len(), other.len(), "{lang:?}: the tree changed");
            let mut missing = Vec::new();
            for (en, other) in en.into_iter().zip(other) {
                for ((what, en), (_, text)) in texts(en).into_iter().zip(texts(other)) {
                    let Some(en) = en else { continue };
                    // A text may stay the same only if the table says so.
                    let same_on_purpose = translation(lang, &en) == Some(en.as_str());
                    if text.as_deref() == Some(en.as_str()) && !same_on_purpose {
                        missing.push(format!("{what}: {en:?}"));
                    }
                }
            }
            assert!(
                missing.is_empty(),
                "{lang:?}: add these to src/strings/help.rs:\n{}",
                missing.join("\n")
            );
        }
    }

    #[test]
    fn the_layout_is_clap_own_when_the_headings_are_english() {
        // The template of another language differs from clap's default only in its words.
        let english = built(Lang::En);
        for cmd in commands(&english) {
            let mine = || cmd.clone().help_template(layout(cmd, Lang::En));
            let name = cmd.get_bin_name().unwrap_or(cmd.get_name());
            let short = (
                mine().render_help().ansi().to_string(),
                cmd.clone().render_help().ansi().to_string(),
            );
            assert_eq!(short.0, short.1, "{name} -h");
            let long = (
                mine().render_long_help().ansi().to_string(),
                cmd.clone().render_long_help().ansi().to_string(),
            );
            assert_eq!(long.0, long.1, "{name} --help");
        }
    }

    #[test]
    fn english_is_the_derived_command_untouched() {
        let mut derived = Cli::command();
        derived.build();
        let mine = built(Lang::En);
        for (mine, derived) in commands(&mine).into_iter().zip(commands(&derived)) {
            let name = derived.get_bin_name().unwrap_or(derived.get_name());
            let render = |cmd: &Command| {
                let (mut short, mut long) = (cmd.clone(), cmd.clone());
                (
                    short.render_help().ansi().to_string(),
                    long.render_long_help().ansi().to_string(),
                )
            };
            assert_eq!(render(mine), render(derived), "{name}");
        }
    }

    #[test]
    fn possible_values_keep_parsing_into_the_enum() {
        let mut cmd = localized(Cli::command(), Lang::Vi);
        let mut matches = cmd
            .try_get_matches_from_mut(["bson-tutor", "inspect", "--hex", "00", "--to", "dump"])
            .unwrap();
        let cli = Cli::from_arg_matches_mut(&mut matches).unwrap();
        let Some(super::super::Command::Inspect(args)) = cli.command else {
            panic!("not inspect: {cli:?}");
        };
        assert_eq!(args.to, super::super::ToFormat::Dump);
        let err = cmd
            .try_get_matches_from_mut(["bson-tutor", "inspect", "--hex", "00", "--to", "nope"])
            .unwrap_err();
        assert_eq!(err.kind(), clap::error::ErrorKind::InvalidValue);
    }

    #[test]
    fn the_language_is_read_before_clap_parses() {
        let args = |words: &[&str]| -> Vec<OsString> {
            std::iter::once("bson-tutor")
                .chain(words.iter().copied())
                .map(OsString::from)
                .collect()
        };
        assert_eq!(
            requested(&args(&["--lang", "vi", "--help"])),
            Some(Lang::Vi)
        );
        assert_eq!(
            requested(&args(&["show", "--help", "--lang=zh"])),
            Some(Lang::Zh)
        );
        assert_eq!(requested(&args(&["--lang", "ZH"])), Some(Lang::Zh));
        assert_eq!(requested(&args(&["--lang", "fr", "--help"])), None);
        assert_eq!(requested(&args(&["--lang"])), None);
        assert_eq!(requested(&args(&["eval", "--", "--lang", "vi"])), None);
        // The program's own name is not an argument.
        assert_eq!(requested(&[OsString::from("--lang=vi")]), None);
    }
}
