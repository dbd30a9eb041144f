//! The server's own error messages: its words, verbatim in every language (a learner must
//! recognise and search for them), and its numeric codes.

use std::fmt;

use crate::strings::Lang;
use crate::strings::localize::Localize;

/// The server's error codes this crate reports: the named ones of mongodb/mongo's
/// `src/mongo/base/error_codes.yml`, and the numbered assertions (`uassert(40324, ...)`) of
/// the server's source, named after their message.
pub mod code {
    /// `BadValue`: most of the query parser's refusals.
    pub const BAD_VALUE: i32 = 2;
    /// `FailedToParse`.
    pub const FAILED_TO_PARSE: i32 = 9;
    /// `MaxTimeMSExpired`: "operation exceeded time limit".
    pub const MAX_TIME_MS_EXPIRED: i32 = 50;
    /// `TypeMismatch`.
    pub const TYPE_MISMATCH: i32 = 14;
    /// `Overflow`: "date overflow"; a result nested past 200 levels.
    pub const OVERFLOW: i32 = 15;
    /// `ExceededMemoryLimit`: "$push used too much memory and cannot spill to disk".
    pub const EXCEEDED_MEMORY_LIMIT: i32 = 146;
    /// `QueryExceededMemoryLimitNoDiskUseAllowed`: a blocking `$group` or `$sort` past
    /// 100 MB with `allowDiskUse: false`.
    pub const QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED: i32 = 292;
    /// `BSONObjectTooLarge`: "BSONObj size: ... is invalid".
    pub const BSON_OBJECT_TOO_LARGE: i32 = 10334;
    /// `PathNotViable`: "Cannot create field 'b' in element {a: 1}".
    pub const PATH_NOT_VIABLE: i32 = 28;
    /// `ConflictingUpdateOperators`: "Updating the path 'a' would create a conflict at 'a'".
    pub const CONFLICTING_UPDATE_OPERATORS: i32 = 40;
    /// `DollarPrefixedFieldName`.
    pub const DOLLAR_PREFIXED_FIELD_NAME: i32 = 52;
    /// `InvalidIdField`: "The '_id' value cannot be of type array".
    pub const INVALID_ID_FIELD: i32 = 53;
    /// `NotSingleValueField`: an upsert's filter that names a path twice.
    pub const NOT_SINGLE_VALUE_FIELD: i32 = 54;
    /// `EmptyFieldName`.
    pub const EMPTY_FIELD_NAME: i32 = 56;
    /// `ImmutableField`: a change to `_id`.
    pub const IMMUTABLE_FIELD: i32 = 66;
    /// `InvalidPipelineOperator`: "Unrecognized expression '$foo'".
    pub const INVALID_PIPELINE_OPERATOR: i32 = 168;
    /// `ConversionFailure`: `$toInt` and friends without `onError`.
    pub const CONVERSION_FAILURE: i32 = 241;
    /// `Interrupted`: "operation was interrupted" (`killOp`).
    pub const INTERRUPTED: i32 = 11601;
    /// `DuplicateKey`: "E11000 duplicate key error ...".
    pub const DUPLICATE_KEY: i32 = 11000;
    /// `NoSuchKey`: "Missing expected field ..." (a collation without `locale`).
    pub const NO_SUCH_KEY: i32 = 4;
    /// `IncompatibleCollationVersion`: a collation `version` other than the server's.
    pub const INCOMPATIBLE_COLLATION_VERSION: i32 = 85;
    /// `InvalidOptions`: a stage other than `$set`/`$project`/`$replaceWith` and their
    /// aliases in a pipeline-style update; "cannot drop _id index".
    pub const INVALID_OPTIONS: i32 = 72;
    /// `IndexNotFound`: "index not found with name [email_1]".
    pub const INDEX_NOT_FOUND: i32 = 27;
    /// `CannotCreateIndex`: a key pattern the server refuses ("Index keys cannot be empty.").
    pub const CANNOT_CREATE_INDEX: i32 = 67;
    /// `IndexOptionsConflict`: "Index already exists with a different name: email_1".
    pub const INDEX_OPTIONS_CONFLICT: i32 = 85;
    /// `IndexKeySpecsConflict`: an index of the requested name with other keys or options.
    pub const INDEX_KEY_SPECS_CONFLICT: i32 = 86;
    /// `CannotIndexParallelArrays`: "cannot index parallel arrays [b] [a]".
    pub const CANNOT_INDEX_PARALLEL_ARRAYS: i32 = 171;
    /// `AmbiguousIndexKeyPattern`: a key pattern that names two indexes, given to `dropIndex`.
    pub const AMBIGUOUS_INDEX_KEY_PATTERN: i32 = 181;
    /// `InvalidIndexSpecificationOption`: an option the `_id` index does not take.
    pub const INVALID_INDEX_SPECIFICATION_OPTION: i32 = 197;
    /// "Key field cannot contain an embedded null byte" (`distinct`).
    pub const DISTINCT_KEY_NULL_BYTE: i32 = 31032;
}

/// One of the server's own messages: its text, the same in every language, and its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerError {
    /// The server's numeric error code; `None` where the code the server gives for this
    /// message is not known here (the message alone is reproduced).
    pub code: Option<i32>,
    /// The message, word for word as the server prints it.
    pub text: String,
}

impl ServerError {
    /// The server's message `text`, which it reports with `code`.
    pub fn new(code: i32, text: impl Into<String>) -> Self {
        ServerError {
            code: Some(code),
            text: text.into(),
        }
    }

    /// The server's message `text`, whose code is not known here.
    pub fn uncoded(text: impl Into<String>) -> Self {
        ServerError {
            code: None,
            text: text.into(),
        }
    }
}

impl Localize for ServerError {
    /// The server's words, as they are, in every language.
    fn write_in(&self, _lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(&self.text)
    }
}

impl fmt::Display for ServerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for ServerError {}
