//! The lesson file format (format version 1), as serde reads it. `lessons/README.md`
//! documents it with a complete example.

use serde::Deserialize;

/// The newest lesson format this build understands.
pub const FORMAT_VERSION: u32 = 1;

/// One lesson file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The format the file is written in; see [`FORMAT_VERSION`].
    pub format_version: u32,
    /// A short stable name (`bytes`), used by `bson-tutor show ID`.
    pub id: String,
    /// The title shown in lists and headers.
    pub title: String,
    /// Position in the course.
    pub order: u32,
    /// One or two sentences on what the lesson teaches.
    pub summary: String,
    /// Ids of lessons to read first.
    #[serde(default)]
    pub prerequisites: Vec<String>,
    /// The steps, in order (`[[step]]` tables).
    #[serde(rename = "step", default)]
    pub steps: Vec<Step>,
}

impl Lesson {
    /// The id of step `i` (from 0): its `name`, or for a step without one its number from 1
    /// (`"3"`), so that a lesson written before steps had names keeps its translations.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::load_str;
    /// let text = "format_version = 1\nid = \"x\"\ntitle = \"X\"\norder = 1\nsummary = \"x\"\n\
    ///             [[step]]\nkind = \"text\"\ntext = \"a\"\n\
    ///             [[step]]\nname = \"second\"\nkind = \"text\"\ntext = \"b\"\n";
    /// let lesson = load_str("x.toml", text).unwrap().lesson;
    /// assert_eq!((lesson.step_id(0), lesson.step_id(1)), ("1".to_string(), "second".to_string()));
    /// ```
    pub fn step_id(&self, i: usize) -> String {
        self.steps
            .get(i)
            .and_then(Step::name)
            .map_or_else(|| (i + 1).to_string(), str::to_string)
    }

    /// The index (from 0) of the step whose id is `id`.
    pub fn step_index(&self, id: &str) -> Option<usize> {
        (0..self.steps.len()).find(|&i| self.step_id(i) == id)
    }

    /// The exercises, in order.
    pub fn exercises(&self) -> impl Iterator<Item = &Exercise> {
        self.steps.iter().filter_map(|s| match s {
            Step::Exercise(e) => Some(e),
            _ => None,
        })
    }
}

/// One step of a lesson, chosen by its `kind`.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Step {
    /// Prose.
    Text(TextStep),
    /// A document shown as its annotated byte walk.
    Hex(HexStep),
    /// A command and its output, computed when the lesson is shown.
    Run(RunStep),
    /// A mongosh script and what it prints, run in the console when the lesson is shown.
    Shell(ShellStep),
    /// A table whose columns the engine computes.
    Table(TableStep),
    /// A question the learner answers.
    Exercise(Exercise),
}

impl Step {
    /// The `name` the lesson file gives the step, if any.
    pub fn name(&self) -> Option<&str> {
        match self {
            Step::Text(s) => s.name.as_deref(),
            Step::Hex(s) => s.name.as_deref(),
            Step::Run(s) => s.name.as_deref(),
            Step::Shell(s) => s.name.as_deref(),
            Step::Table(s) => s.name.as_deref(),
            Step::Exercise(s) => s.name.as_deref(),
        }
    }
}

/// How sure a statement is, shown as a label before it (`[observed]`), so that a learner
/// knows what to rely on and what to check on their own server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Claim {
    /// Stated by MongoDB's documentation.
    Documented,
    /// Seen on a real server.
    Observed,
    /// How the server happens to do it today; not a promise.
    ImplementationDetail,
    /// A simplification that is good enough for now.
    SimplifiedModel,
}

impl Claim {
    /// The label shown before the text: `[observed]`.
    pub fn label(self) -> &'static str {
        match self {
            Claim::Documented => "[documented]",
            Claim::Observed => "[observed]",
            Claim::ImplementationDetail => "[implementation detail]",
            Claim::SimplifiedModel => "[simplified model]",
        }
    }

    /// What the label tells the reader, in English (the help overlay defines each label
    /// with it; [`crate::strings::tr`] gives it in the learner's language).
    pub fn meaning(self) -> &'static str {
        match self {
            Claim::Documented => {
                "MongoDB's documentation or the BSON specification says so: rely on it"
            }
            Claim::Observed => "seen on a real server: check it again on your own version",
            Claim::ImplementationDetail => "how the server or mongosh does it today, not a promise",
            Claim::SimplifiedModel => "a picture to think with, simpler than the real mechanism",
        }
    }

    /// Every claim, in the order help and the first lesson define them.
    pub const ALL: [Claim; 4] = [
        Claim::Documented,
        Claim::Observed,
        Claim::ImplementationDetail,
        Claim::SimplifiedModel,
    ];

    /// The label in `lang` (`[observed]`, `[Quan sát]`, `[实测]`): what `show` and the
    /// lesson pane print before the text.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::model::Claim;
    /// use bson_tutor::strings::Lang;
    /// assert_eq!(Claim::Observed.label_in(Lang::En), "[observed]");
    /// assert_eq!(Claim::Documented.label_in(Lang::Vi), "[Tài liệu]");
    /// ```
    pub fn label_in(self, lang: crate::strings::Lang) -> &'static str {
        crate::strings::tr(lang, self.label())
    }
}

/// `kind = "text"`: paragraphs, `- ` bullets, fenced code blocks and `*emphasis*`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextStep {
    /// The step's id, which translations key on (`[step.NAME]`); see [`Lesson::step_id`].
    pub name: Option<String>,
    /// The text.
    pub text: String,
    /// How sure the statement is.
    pub claim: Option<Claim>,
}

/// `kind = "hex"`: a document's bytes, annotated.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexStep {
    /// The step's id, which translations key on (`[step.NAME]`); see [`Lesson::step_id`].
    pub name: Option<String>,
    /// The document, in mongosh syntax or Extended JSON.
    pub document: String,
    /// A dotted path whose element is pointed out below the table.
    pub focus: Option<String>,
    /// A caption shown above the table.
    pub caption: Option<String>,
}

/// The commands a `run` step can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RunCommand {
    /// Evaluate an aggregation expression.
    Eval,
    /// Find documents with a filter (and an optional sort).
    Find,
    /// Run a pipeline over documents.
    Aggregate,
    /// The annotated byte walk, or (`to = "hex"`) the bytes.
    Inspect,
    /// Make ObjectIds from a seed at a fixed time, or take one apart.
    Oid,
    /// Update documents (modifiers, a replacement or a pipeline), then show the collection
    /// and the result mongosh prints.
    Update,
}

/// `kind = "run"`: a command and its output.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunStep {
    /// The step's id, which translations key on (`[step.NAME]`); see [`Lesson::step_id`].
    pub name: Option<String>,
    /// Which command.
    pub command: RunCommand,
    /// `eval`: the expression.
    pub expression: Option<String>,
    /// `eval`: the document field paths read; `inspect`: the document.
    pub document: Option<String>,
    /// `find`, `aggregate`, `update`: the documents, as an array literal.
    pub docs: Option<String>,
    /// `find`, `update`: the filter (default `{}`).
    pub filter: Option<String>,
    /// `update`: the update: modifiers, a replacement document or a pipeline.
    pub update: Option<String>,
    /// `update`: every matching document (`updateMany`), not only the first.
    #[serde(default)]
    pub multi: bool,
    /// `update`: insert a document when none matches.
    #[serde(default)]
    pub upsert: bool,
    /// `update`: the `arrayFilters`, an array of filters.
    pub array_filters: Option<String>,
    /// `find`: the sort specification.
    pub sort: Option<String>,
    /// `find`, `aggregate`: the collation strings compare by (`{ locale: "en",
    /// numericOrdering: true }`; default: byte by byte).
    pub collation: Option<String>,
    /// `find`, `aggregate`, `update`: print only the `_id`s.
    #[serde(default)]
    pub ids: bool,
    /// `aggregate`: the pipeline, an array of stages.
    pub pipeline: Option<String>,
    /// `aggregate`: other collections for `$lookup` to read, by name, each an array literal
    /// of documents (`collections = { users = '[{ _id: 42 }]' }`); shown as `--from-coll`.
    #[serde(default)]
    pub collections: std::collections::BTreeMap<String, String>,
    /// `inspect`: a view of `bson-tutor inspect --to` (`table` by default).
    pub to: Option<String>,
    /// `oid`: the seed of the processes.
    pub seed: Option<u64>,
    /// `oid`: the time, ISO-8601.
    pub at: Option<String>,
    /// `oid`: ids per process (default 1).
    pub count: Option<u32>,
    /// `oid`: how many processes (default 1).
    pub processes: Option<u8>,
    /// `oid`: an id to take apart instead.
    pub id: Option<String>,
    /// A caption shown above the command.
    pub caption: Option<String>,
    /// The step shows the engine refusing: its error must contain this text
    /// (e.g. `E11000`), and the error is the step's output.
    pub expect_error: Option<String>,
}

/// `kind = "shell"`: a mongosh script, run in a fresh console of the classroom (its seed
/// and clock) when the step is shown; the step shows the script and what it printed.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShellStep {
    /// The step's id, which translations key on (`[step.NAME]`); see [`Lesson::step_id`].
    pub name: Option<String>,
    /// The script, in mongosh's JavaScript.
    pub script: String,
    /// A caption shown above the script.
    pub caption: Option<String>,
    /// The script ends by throwing, and its error must contain this text (`E11000`): the
    /// error is part of the step's output.
    pub expect_error: Option<String>,
}

/// `kind = "table"`: the engine computes each row's type byte and sizes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableStep {
    /// The step's id, which translations key on (`[step.NAME]`); see [`Lesson::step_id`].
    pub name: Option<String>,
    /// The rows.
    pub rows: Vec<TableRow>,
    /// A caption shown above the table.
    pub caption: Option<String>,
}

/// One row of a table step.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRow {
    /// What the row shows (`int32`).
    pub label: String,
    /// The value, in mongosh syntax; measured as the field `v` of `{ v: value }`.
    pub value: String,
}

/// The kinds of exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExerciseType {
    /// Predict `$bsonSize` of `document`.
    Size,
    /// Type the hex of `document`, or of the element at `path`.
    Bytes,
    /// Say what is at byte `offset` of `document` (`ask` = role, type or value).
    Decode,
    /// Which `_id`s of `docs` does `filter` match (any order).
    Find,
    /// The `_id`s of `docs` in `sort` order.
    Sort,
    /// Predict the value of `expression`, with its type.
    Eval,
    /// Predict `$type` of `expression`.
    Type,
    /// Something about the ObjectId `id` (`ask` = timestamp, seconds or counter).
    Oid,
    /// Multiple choice among `options`; `expect` is a letter or a 1-based number.
    Choice,
    /// Write a mongosh script: judged by what it prints (`judge = "output"`, the default) or
    /// leaves in the databases (`judge = "database"`), after `setup`, against `expect`'s.
    Script,
}

impl ExerciseType {
    /// The name used in the file.
    pub fn name(self) -> &'static str {
        match self {
            ExerciseType::Size => "size",
            ExerciseType::Bytes => "bytes",
            ExerciseType::Decode => "decode",
            ExerciseType::Find => "find",
            ExerciseType::Sort => "sort",
            ExerciseType::Eval => "eval",
            ExerciseType::Type => "type",
            ExerciseType::Oid => "oid",
            ExerciseType::Choice => "choice",
            ExerciseType::Script => "script",
        }
    }
}

/// `kind = "exercise"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    /// The step's id, which translations key on (`[step.NAME]`); see [`Lesson::step_id`].
    pub name: Option<String>,
    /// The kind of exercise.
    #[serde(rename = "type")]
    pub exercise_type: ExerciseType,
    /// The question.
    pub prompt: String,
    /// Hints, revealed one by one.
    #[serde(default)]
    pub hints: Vec<String>,
    /// Shown after answering.
    pub explanation: String,
    /// The author's answer; `check` fails unless the engine accepts it.
    pub expect: String,
    /// Plausible wrong answers; `check` fails unless the engine refuses each.
    #[serde(default)]
    pub reject: Vec<String>,
    /// `size`, `bytes`, `decode`: the document; `eval`, `type`: the document `$field`s read.
    pub document: Option<String>,
    /// `find`, `sort`: the documents, an array literal.
    pub docs: Option<String>,
    /// `find`: the filter.
    pub filter: Option<String>,
    /// `sort`: the sort specification.
    pub sort: Option<String>,
    /// `find`, `sort`: the collation strings compare by (default: byte by byte).
    pub collation: Option<String>,
    /// `eval`, `type`: the expression.
    pub expression: Option<String>,
    /// `eval`: compare with the type (default) or only by value, as `$eq` does.
    pub exact_type: Option<bool>,
    /// `decode`: the byte offset.
    pub offset: Option<usize>,
    /// `bytes`: the element's dotted path (default: the whole document).
    pub path: Option<String>,
    /// `decode`: `role`, `type` or `value`; `oid`: `timestamp`, `seconds`, `counter` or `first`.
    pub ask: Option<String>,
    /// `oid`: the ObjectId, 24 hex digits.
    pub id: Option<String>,
    /// `choice`: the options, in order (a, b, c...); `oid` with `ask = "first"`: ObjectIds.
    #[serde(default)]
    pub options: Vec<String>,
    /// `choice`: for each option, an expression the engine evaluates to `true` when the
    /// option's claim holds (`""` for an option that is not a checkable claim). `check`
    /// fails unless the expected option's claim is true and every other claim is false.
    #[serde(default)]
    pub claims: Vec<String>,
    /// `choice`: for each option, why it is wrong (`""` for the expected option), shown to
    /// a learner who picks it. As many as `options`.
    #[serde(default)]
    pub why_not: Vec<String>,
    /// `script`: a script run before the learner's (and before `expect`), in the same
    /// console: the data the exercise is about.
    pub setup: Option<String>,
    /// `script`: what is compared, `output` (what the script printed, the default) or
    /// `database` (every collection's documents afterwards).
    pub judge: Option<String>,
    /// The classroom seeds the exercise may be shown with in review (`vary = [1, 50]`, both
    /// ends included, at most [`MAX_VARY_SEEDS`](super::vary::MAX_SEEDS) of them): an exercise
    /// that comes back is shown with fresh values from one of them, so `check` proves it at
    /// every one. Without it the exercise comes back as the class sees it.
    pub vary: Option<[u64; 2]>,
}

/// The longest step name, in characters: a step name is a key in translation files
/// (`[step.NAME]`) and is quoted in errors, as short as a lesson id.
pub const MAX_STEP_NAME_LEN: usize = 64;

/// Whether `name` can name a step: lowercase ASCII letters, digits and dashes, starting with
/// a letter or digit and holding at least one letter (numbers are the ids of unnamed steps),
/// at most [`MAX_STEP_NAME_LEN`] characters.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::model::is_step_name;
/// assert!(is_step_name("hex-doc") && is_step_name("utf8"));
/// assert!(!is_step_name("Hex") && !is_step_name("-a") && !is_step_name("12") && !is_step_name(""));
/// assert!(!is_step_name(&"x".repeat(65)));
/// ```
pub fn is_step_name(name: &str) -> bool {
    name.len() <= MAX_STEP_NAME_LEN
        && name.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && name.chars().any(|c| c.is_ascii_lowercase())
}
