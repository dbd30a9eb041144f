//! A drawn frame as an SVG picture, for the README: the real app rendered into a buffer, then
//! every run of cells with one style written as a text span on its background.

use std::fmt::Write as _;

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

/// Cell size in pixels.
const CELL_W: f32 = 8.4;
const CELL_H: f32 = 17.0;
/// The terminal's own colours (a dark theme).
const DEFAULT_FG: &str = "#d4d4d4";
const DEFAULT_BG: &str = "#1e1e1e";

fn hex(color: Color) -> Option<String> {
    let named = match color {
        Color::Reset => return None,
        Color::Black => "#000000",
        Color::Red => "#cd3131",
        Color::Green => "#0dbc79",
        Color::Yellow => "#e5e510",
        Color::Blue => "#2472c8",
        Color::Magenta => "#bc3fbc",
        Color::Cyan => "#11a8cd",
        Color::Gray => "#e5e5e5",
        Color::DarkGray => "#767676",
        Color::LightRed => "#f14c4c",
        Color::LightGreen => "#23d18b",
        Color::LightYellow => "#f5f543",
        Color::LightBlue => "#3b8eea",
        Color::LightMagenta => "#d670d6",
        Color::LightCyan => "#29b8db",
        Color::White => "#ffffff",
        Color::Rgb(r, g, b) => return Some(format!("#{r:02x}{g:02x}{b:02x}")),
        // The 256 indexes as xterm draws them (the theme's contrast is checked with the same).
        Color::Indexed(_) => {
            let (r, g, b) = super::theme::xterm_rgb(color)?;
            return Some(format!("#{r:02x}{g:02x}{b:02x}"));
        }
    };
    Some(named.to_string())
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The buffer as an SVG document.
pub fn buffer_to_svg(buf: &Buffer) -> String {
    let area = buf.area;
    let (w, h) = (
        f32::from(area.width) * CELL_W + 16.0,
        f32::from(area.height) * CELL_H + 16.0,
    );
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" \
         viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" \
         font-size=\"14\">"
    );
    let _ = writeln!(
        out,
        "<rect width=\"100%\" height=\"100%\" rx=\"6\" fill=\"{DEFAULT_BG}\"/>"
    );
    for y in 0..area.height {
        let mut x = 0;
        while x < area.width {
            let cell = &buf[(area.x + x, area.y + y)];
            let style = (cell.fg, cell.bg, cell.modifier);
            let start = x;
            let mut text = String::new();
            while x < area.width {
                let c = &buf[(area.x + x, area.y + y)];
                if (c.fg, c.bg, c.modifier) != style {
                    break;
                }
                text.push_str(c.symbol());
                x += 1;
            }
            let (mut fg, mut bg) = (hex(style.0), hex(style.1));
            if style.2.contains(Modifier::REVERSED) {
                (fg, bg) = (
                    bg.or(Some(DEFAULT_BG.into())),
                    fg.or(Some(DEFAULT_FG.into())),
                );
            }
            let px = 8.0 + f32::from(start) * CELL_W;
            let py = 8.0 + f32::from(y) * CELL_H;
            let len = f32::from(x - start) * CELL_W;
            if let Some(bg) = bg {
                let _ = writeln!(
                    out,
                    "<rect x=\"{px:.1}\" y=\"{py:.1}\" width=\"{len:.1}\" height=\"{CELL_H}\" fill=\"{bg}\"/>"
                );
            }
            if text.trim().is_empty() {
                continue;
            }
            let weight = if style.2.contains(Modifier::BOLD) {
                " font-weight=\"bold\""
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "<text x=\"{px:.1}\" y=\"{:.1}\" fill=\"{}\"{weight} textLength=\"{len:.1}\" \
                 lengthAdjust=\"spacingAndGlyphs\" xml:space=\"preserve\">{}</text>",
                py + CELL_H - 4.0,
                fg.as_deref().unwrap_or(DEFAULT_FG),
                escape(&text)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Style;

    #[test]
    fn runs_of_one_style_become_one_span() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 1));
        buf.set_string(
            0,
            0,
            "a<b",
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        );
        buf.set_string(3, 0, "cd", Style::new().bg(Color::Rgb(1, 2, 3)));
        let svg = buffer_to_svg(&buf);
        assert!(svg.contains(">a&lt;b</text>"), "{svg}");
        assert!(
            svg.contains("fill=\"#cd3131\" font-weight=\"bold\""),
            "{svg}"
        );
        assert!(svg.contains("fill=\"#010203\""), "{svg}");
        assert_eq!(svg.matches("<text").count(), 2, "{svg}");
    }
}
