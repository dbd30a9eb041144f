//! Every style the interface uses, in one value. `NO_COLOR` and high contrast are just other
//! themes; nothing else in `src/tui` names a colour.

use ratatui::style::{Color, Modifier, Style};

use crate::bson::spans::ByteRole;

/// The themes a learner can pick with `--theme`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThemeName {
    /// Light text on a dark terminal.
    #[default]
    Dark,
    /// Dark text on a light terminal.
    Light,
    /// Bold, saturated colours and reverse video for the selection.
    HighContrast,
    /// No colour at all (`NO_COLOR`): roles told apart by bold, underline and reverse.
    Mono,
}

impl ThemeName {
    /// Reads a name as `--theme` spells it.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "dark" => Some(ThemeName::Dark),
            "light" => Some(ThemeName::Light),
            "high-contrast" => Some(ThemeName::HighContrast),
            "mono" | "no-color" => Some(ThemeName::Mono),
            _ => None,
        }
    }
}

/// Styles of the byte roles, used identically in the hex and ASCII columns and the legend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoleStyles {
    /// Length prefixes.
    pub length: Style,
    /// Type bytes.
    pub type_byte: Style,
    /// Keys and their NUL.
    pub key: Style,
    /// Value data.
    pub value: Style,
    /// Binary subtype bytes.
    pub subtype: Style,
    /// Closing NULs.
    pub terminator: Style,
}

impl RoleStyles {
    /// The style of a role.
    pub fn of(&self, role: ByteRole) -> Style {
        match role {
            ByteRole::Length => self.length,
            ByteRole::TypeByte => self.type_byte,
            ByteRole::Key => self.key,
            ByteRole::Value => self.value,
            ByteRole::Subtype => self.subtype,
            ByteRole::Terminator => self.terminator,
        }
    }
}

/// All styles of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Which theme this is.
    pub name: ThemeName,
    /// Ordinary text.
    pub text: Style,
    /// Secondary text: offsets, counts, captions.
    pub dim: Style,
    /// Titles and headings.
    pub title: Style,
    /// The border of the focused panel.
    pub focus_border: Style,
    /// Borders of the other panels.
    pub border: Style,
    /// The selected line of a list.
    pub selected: Style,
    /// `*emphasis*` in lesson text.
    pub emphasis: Style,
    /// Code blocks and computed outputs.
    pub code: Style,
    /// Claim labels (`[observed]`).
    pub claim: Style,
    /// A right answer.
    pub right: Style,
    /// A wrong answer.
    pub wrong: Style,
    /// Hints and notices.
    pub hint: Style,
    /// Errors (parse errors, engine refusals).
    pub error: Style,
    /// Keys named in the status bar and the help.
    pub key: Style,
    /// The status bar.
    pub status: Style,
    /// Byte roles.
    pub roles: RoleStyles,
    /// Added to the bytes of the selected element.
    pub element: Style,
    /// Added to the bytes of the selected run (the meaning shown).
    pub cursor: Style,
}

impl Theme {
    /// The theme called `name`.
    pub fn new(name: ThemeName) -> Self {
        match name {
            ThemeName::Dark => Self::dark(),
            ThemeName::Light => Self::light(),
            ThemeName::HighContrast => Self::high_contrast(),
            ThemeName::Mono => Self::mono(),
        }
    }

    /// The theme to use: `NO_COLOR` (any non-empty value) wins over the requested one.
    pub fn pick(requested: Option<ThemeName>, no_color: bool) -> Self {
        if no_color {
            Self::mono()
        } else {
            Self::new(requested.unwrap_or_default())
        }
    }

    fn dark() -> Self {
        let fg = |c| Style::new().fg(c);
        // Colours checked against black by `every_text_style_reads_at_wcag_aa`: xterm's
        // magenta, red and light blue are just under 4.5:1 there, so the lighter ones (or a
        // 256-colour index) stand in for them.
        let gray = Color::Indexed(246);
        Theme {
            name: ThemeName::Dark,
            text: Style::new(),
            dim: fg(gray),
            title: fg(Color::Cyan).add_modifier(Modifier::BOLD),
            focus_border: fg(Color::Cyan),
            border: fg(Color::DarkGray),
            selected: Style::new()
                .fg(Color::White)
                .bg(Color::Rgb(40, 60, 110))
                .add_modifier(Modifier::BOLD),
            emphasis: Style::new().add_modifier(Modifier::ITALIC | Modifier::BOLD),
            code: fg(Color::LightYellow),
            claim: fg(Color::LightMagenta).add_modifier(Modifier::BOLD),
            right: fg(Color::Green).add_modifier(Modifier::BOLD),
            wrong: fg(Color::LightRed).add_modifier(Modifier::BOLD),
            hint: fg(Color::Yellow),
            error: fg(Color::LightRed),
            key: fg(Color::Cyan).add_modifier(Modifier::BOLD),
            status: Style::new().bg(Color::Black).fg(Color::Gray),
            roles: RoleStyles {
                length: fg(Color::Indexed(75)),
                type_byte: fg(Color::LightMagenta),
                key: fg(Color::LightGreen),
                value: fg(Color::White),
                subtype: fg(Color::Indexed(214)),
                terminator: fg(gray),
            },
            element: Style::new().bg(Color::Rgb(34, 38, 56)),
            cursor: Style::new().add_modifier(Modifier::REVERSED),
        }
    }

    fn light() -> Self {
        let fg = |c| Style::new().fg(c);
        // xterm's gray (229) on white was 1.3:1: borders and counts vanished. Every colour
        // here reads at 4.5:1 or more on white and on the status bar, selection and element
        // backgrounds (`every_text_style_reads_at_wcag_aa`).
        let gray = Color::Rgb(100, 100, 100);
        let green = Color::Rgb(0, 120, 0);
        Theme {
            name: ThemeName::Light,
            text: Style::new(),
            dim: fg(gray),
            title: fg(Color::Blue).add_modifier(Modifier::BOLD),
            focus_border: fg(Color::Blue),
            border: fg(Color::Rgb(110, 110, 110)),
            selected: Style::new()
                .fg(Color::Black)
                .bg(Color::Rgb(210, 220, 240))
                .add_modifier(Modifier::BOLD),
            emphasis: Style::new().add_modifier(Modifier::ITALIC | Modifier::BOLD),
            code: fg(Color::Rgb(120, 70, 0)),
            claim: fg(Color::Rgb(150, 0, 150)).add_modifier(Modifier::BOLD),
            right: fg(green).add_modifier(Modifier::BOLD),
            wrong: fg(Color::Rgb(180, 0, 0)).add_modifier(Modifier::BOLD),
            hint: fg(Color::Rgb(130, 80, 0)),
            error: fg(Color::Rgb(180, 0, 0)),
            key: fg(Color::Blue).add_modifier(Modifier::BOLD),
            status: Style::new().bg(Color::Rgb(235, 235, 235)).fg(Color::Black),
            roles: RoleStyles {
                length: fg(Color::Blue),
                type_byte: fg(Color::Rgb(160, 0, 160)),
                key: fg(green),
                value: fg(Color::Black),
                subtype: fg(Color::Rgb(150, 60, 0)),
                terminator: fg(gray),
            },
            element: Style::new().bg(Color::Rgb(235, 240, 252)),
            cursor: Style::new().add_modifier(Modifier::REVERSED),
        }
    }

    fn high_contrast() -> Self {
        let fg = |c| Style::new().fg(c).add_modifier(Modifier::BOLD);
        Theme {
            name: ThemeName::HighContrast,
            text: Style::new().fg(Color::White),
            dim: Style::new().fg(Color::Gray),
            title: fg(Color::Yellow),
            focus_border: fg(Color::Yellow),
            border: Style::new().fg(Color::White),
            selected: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            emphasis: fg(Color::White).add_modifier(Modifier::UNDERLINED),
            code: fg(Color::LightCyan),
            claim: fg(Color::LightMagenta),
            right: fg(Color::LightGreen),
            wrong: fg(Color::LightRed),
            hint: fg(Color::Yellow),
            error: fg(Color::LightRed),
            key: fg(Color::Yellow),
            // Not reversed: the yellow keys and the red errors drawn on it need a dark ground.
            status: Style::new().bg(Color::Black).fg(Color::White),
            roles: RoleStyles {
                length: fg(Color::LightCyan),
                type_byte: fg(Color::LightMagenta),
                key: fg(Color::LightGreen),
                value: fg(Color::White),
                subtype: fg(Color::Yellow),
                terminator: Style::new().fg(Color::Gray),
            },
            element: Style::new().add_modifier(Modifier::UNDERLINED),
            cursor: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
        }
    }

    fn mono() -> Self {
        let m = |m| Style::new().add_modifier(m);
        Theme {
            name: ThemeName::Mono,
            text: Style::new(),
            dim: Style::new(),
            title: m(Modifier::BOLD),
            focus_border: m(Modifier::BOLD),
            border: Style::new(),
            selected: m(Modifier::REVERSED),
            emphasis: m(Modifier::UNDERLINED),
            code: Style::new(),
            claim: m(Modifier::BOLD),
            right: m(Modifier::BOLD),
            wrong: m(Modifier::BOLD),
            hint: Style::new(),
            error: m(Modifier::BOLD),
            key: m(Modifier::BOLD),
            status: m(Modifier::REVERSED),
            roles: RoleStyles {
                length: m(Modifier::UNDERLINED),
                type_byte: m(Modifier::BOLD),
                key: m(Modifier::ITALIC),
                value: Style::new(),
                subtype: m(Modifier::BOLD | Modifier::UNDERLINED),
                terminator: m(Modifier::DIM),
            },
            element: m(Modifier::UNDERLINED),
            cursor: m(Modifier::REVERSED),
        }
    }
}

impl Default for Theme {
    fn default() -> Self {
        Self::dark()
    }
}

/// A colour as red, green and blue bytes (sRGB).
pub type Rgb = (u8, u8, u8);

impl Theme {
    /// The terminal's own background and foreground this theme is drawn for (what
    /// [`Color::Reset`] stands for): black and xterm's light gray for the dark themes, white
    /// and black for the light one. Contrast is checked against these.
    pub fn assumed_terminal(&self) -> (Rgb, Rgb) {
        match self.name {
            ThemeName::Light => ((255, 255, 255), (0, 0, 0)),
            ThemeName::Dark | ThemeName::HighContrast | ThemeName::Mono => {
                ((0, 0, 0), (229, 229, 229))
            }
        }
    }

    /// Every pair the interface draws one over the other: what it is, the style of the text
    /// (or border) and the style of what is under it. [`Style::new`] underneath is the
    /// terminal's background.
    pub fn drawn_pairs(&self) -> Vec<(&'static str, Style, Style)> {
        let none = Style::new();
        let r = self.roles;
        let roles = [
            ("length bytes", r.length),
            ("type bytes", r.type_byte),
            ("key bytes", r.key),
            ("value bytes", r.value),
            ("subtype bytes", r.subtype),
            ("terminator bytes", r.terminator),
        ];
        let mut pairs = vec![
            ("text", self.text, none),
            ("dim text, counts and scroll marks", self.dim, none),
            ("titles", self.title, none),
            ("the focused panel's border", self.focus_border, none),
            ("borders", self.border, none),
            ("the selected line", self.selected, self.selected),
            ("emphasis", self.emphasis, none),
            ("code", self.code, none),
            ("claim labels", self.claim, none),
            ("a right answer", self.right, none),
            ("a wrong answer", self.wrong, none),
            ("hints", self.hint, none),
            ("errors", self.error, none),
            ("keys", self.key, none),
            ("the status bar", self.status, self.status),
            ("keys in the status bar", self.key, self.status),
            ("notices in the status bar", self.hint, self.status),
            ("errors in the status bar", self.error, self.status),
            ("bytes of the selected element", self.text, self.element),
        ];
        for (what, style) in roles {
            pairs.push((what, self.text.patch(style), none));
            pairs.push((what, self.text.patch(style), self.element));
            pairs.push((
                what,
                self.text.patch(style).patch(self.cursor),
                self.element,
            ));
        }
        pairs
    }

    /// The colours a cell in `text` over `under` shows, as the terminal this theme assumes
    /// draws them: (foreground, background), reverse video applied.
    pub fn cell_colours(&self, text: Style, under: Style) -> (Rgb, Rgb) {
        let (term_bg, term_fg) = self.assumed_terminal();
        let fg = text.fg.or(under.fg).and_then(xterm_rgb).unwrap_or(term_fg);
        let bg = text.bg.or(under.bg).and_then(xterm_rgb).unwrap_or(term_bg);
        let reversed = |s: Style| s.add_modifier.contains(Modifier::REVERSED);
        if reversed(text) != reversed(under) {
            (bg, fg)
        } else {
            (fg, bg)
        }
    }
}

/// The colour xterm shows for `color` with its default palette (`None` for
/// [`Color::Reset`], the terminal's own colour): the 16 named colours as xterm's
/// resources define them, the 6x6x6 cube and the gray ramp of the 256 indexes.
pub fn xterm_rgb(color: Color) -> Option<Rgb> {
    const NAMED: [Rgb; 16] = [
        (0, 0, 0),
        (205, 0, 0),
        (0, 205, 0),
        (205, 205, 0),
        (0, 0, 238),
        (205, 0, 205),
        (0, 205, 205),
        (229, 229, 229),
        (127, 127, 127),
        (255, 0, 0),
        (0, 255, 0),
        (255, 255, 0),
        (92, 92, 255),
        (255, 0, 255),
        (0, 255, 255),
        (255, 255, 255),
    ];
    let index = match color {
        Color::Reset => return None,
        Color::Rgb(r, g, b) => return Some((r, g, b)),
        Color::Black => 0,
        Color::Red => 1,
        Color::Green => 2,
        Color::Yellow => 3,
        Color::Blue => 4,
        Color::Magenta => 5,
        Color::Cyan => 6,
        Color::Gray => 7,
        Color::DarkGray => 8,
        Color::LightRed => 9,
        Color::LightGreen => 10,
        Color::LightYellow => 11,
        Color::LightBlue => 12,
        Color::LightMagenta => 13,
        Color::LightCyan => 14,
        Color::White => 15,
        Color::Indexed(i) => i,
    };
    Some(match index {
        0..16 => NAMED[usize::from(index)],
        16..232 => {
            let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
            let i = index - 16;
            (level(i / 36), level(i / 6 % 6), level(i % 6))
        }
        232.. => {
            let v = 8 + 10 * (index - 232);
            (v, v, v)
        }
    })
}

/// The WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    fn channel(c: u8) -> f64 {
        let c = f64::from(c) / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }
    fn luminance((r, g, b): Rgb) -> f64 {
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn styles(t: &Theme) -> Vec<Style> {
        let r = t.roles;
        vec![
            t.text,
            t.dim,
            t.title,
            t.focus_border,
            t.border,
            t.selected,
            t.emphasis,
            t.code,
            t.claim,
            t.right,
            t.wrong,
            t.hint,
            t.error,
            t.key,
            t.status,
            t.element,
            t.cursor,
            r.length,
            r.type_byte,
            r.key,
            r.value,
            r.subtype,
            r.terminator,
        ]
    }

    #[test]
    fn no_color_wins_and_uses_no_colour_at_all() {
        let t = Theme::pick(Some(ThemeName::Light), true);
        assert_eq!(t.name, ThemeName::Mono);
        assert!(styles(&t).iter().all(|s| s.fg.is_none() && s.bg.is_none()));
        assert_eq!(
            Theme::pick(Some(ThemeName::Light), false).name,
            ThemeName::Light
        );
        assert_eq!(Theme::pick(None, false).name, ThemeName::Dark);
    }

    #[test]
    fn the_xterm_table_and_the_contrast_formula_match_their_references() {
        assert_eq!(xterm_rgb(Color::Reset), None);
        assert_eq!(xterm_rgb(Color::Gray), Some((229, 229, 229)));
        assert_eq!(xterm_rgb(Color::Indexed(12)), xterm_rgb(Color::LightBlue));
        assert_eq!(xterm_rgb(Color::Indexed(16)), Some((0, 0, 0)));
        assert_eq!(xterm_rgb(Color::Indexed(75)), Some((95, 175, 255)));
        assert_eq!(xterm_rgb(Color::Indexed(231)), Some((255, 255, 255)));
        assert_eq!(xterm_rgb(Color::Indexed(246)), Some((148, 148, 148)));
        assert_eq!(xterm_rgb(Color::Indexed(255)), Some((238, 238, 238)));
        // WCAG's own figures: black on white is 21:1, a colour on itself 1:1, and #767676 is
        // the lightest gray that reads at 4.5:1 on white.
        assert!((contrast((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((contrast((9, 99, 199), (9, 99, 199)) - 1.0).abs() < 1e-9);
        assert!(contrast((0x76, 0x76, 0x76), (255, 255, 255)) >= 4.5);
        assert!(contrast((0x77, 0x77, 0x77), (255, 255, 255)) < 4.5);
    }

    #[test]
    fn every_text_style_reads_at_wcag_aa() {
        // Text, counts and borders alike at 4.5:1 (WCAG 1.4.3; borders need only 3:1 by
        // 1.4.11, but the scroll counts are drawn on them). The light theme's gray borders
        // and counts were 1.3:1 on white.
        for name in [ThemeName::Dark, ThemeName::Light, ThemeName::HighContrast] {
            let theme = Theme::new(name);
            let mut failed = Vec::new();
            for (what, text, under) in theme.drawn_pairs() {
                let (fg, bg) = theme.cell_colours(text, under);
                let ratio = contrast(fg, bg);
                if ratio < 4.5 {
                    failed.push(format!("{what}: {fg:?} on {bg:?} is {ratio:.2}:1"));
                }
            }
            assert!(failed.is_empty(), "{name:?}:\n{}", failed.join("\n"));
        }
        // The pairs cover every style of the theme but the modifiers-only ones.
        let theme = Theme::new(ThemeName::Light);
        let drawn: Vec<Style> = theme
            .drawn_pairs()
            .iter()
            .flat_map(|(_, a, b)| [*a, *b])
            .collect();
        for style in styles(&theme) {
            let coloured = style.fg.is_some() || style.bg.is_some();
            assert!(
                !coloured || drawn.iter().any(|d| d.fg == style.fg && d.bg == style.bg),
                "{style:?} is drawn but not checked"
            );
        }
    }

    #[test]
    fn every_theme_tells_the_byte_roles_apart() {
        for name in [
            ThemeName::Dark,
            ThemeName::Light,
            ThemeName::HighContrast,
            ThemeName::Mono,
        ] {
            let r = Theme::new(name).roles;
            let roles = [
                r.length,
                r.type_byte,
                r.key,
                r.value,
                r.subtype,
                r.terminator,
            ];
            for (i, a) in roles.iter().enumerate() {
                for b in &roles[i + 1..] {
                    assert_ne!(a, b, "{name:?}: two roles share a style");
                }
            }
            assert_eq!(
                ThemeName::from_name(match name {
                    ThemeName::Dark => "dark",
                    ThemeName::Light => "light",
                    ThemeName::HighContrast => "high-contrast",
                    ThemeName::Mono => "mono",
                }),
                Some(name)
            );
        }
    }
}
