//! The one value every lesson computation takes: the classroom it runs in and the language
//! it speaks.

use super::compute::Classroom;
use crate::strings::Lang;

/// Where and for whom a lesson is computed: the [`Classroom`] decides the values
/// `ObjectId()`, `UUID()` and `new Date()` stand for; `lang` is the language of the fixed
/// labels, byte walks, table headers and the feedback on answers. Errors are typed values
/// and take their language when they are shown, not from here.
///
/// The default is the fixed classroom every lesson is written and snapshot against, in
/// English.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::Context;
/// use bson_tutor::strings::Lang;
/// let vi = Context { lang: Lang::Vi, ..Context::default() };
/// assert_eq!(vi.room, Context::default().room);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The seed and clock of generated values.
    pub room: Classroom,
    /// The language of labels and feedback.
    pub lang: Lang,
}

impl Context {
    /// The default classroom, in `lang`.
    pub fn in_lang(lang: Lang) -> Context {
        Context {
            room: Classroom::default(),
            lang,
        }
    }
}
