//! What a panel hides: `▲ 2 more` and `▼ 5 more` on its borders. Used by every panel that
//! scrolls (the lesson text, the list, the hex views, the playground's collection).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use unicode_width::UnicodeWidthStr;

use crate::lesson::i18n::Lang;
use crate::strings::trf;
use crate::tui::theme::Theme;

/// `▲ 2 more` on the top border of `area` and `▼ 5 more` on its bottom border, on the
/// right, when lines are hidden above or below.
pub fn scroll_marks(
    theme: &Theme,
    lang: Lang,
    area: Rect,
    (above, below): (usize, usize),
    buf: &mut Buffer,
) {
    if area.height < 2 {
        return;
    }
    for (n, y, en) in [
        (above, area.y, "▲ {n} more"),
        (below, area.bottom() - 1, "▼ {n} more"),
    ] {
        if n == 0 {
            continue;
        }
        let label = format!(" {} ", trf(lang, en, &[&n]));
        let width = UnicodeWidthStr::width(label.as_str()) as u16;
        if width + 4 > area.width {
            continue;
        }
        let x = area.right() - 1 - width;
        buf.set_string(x, y, label, theme.dim);
    }
}
