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
        Theme {
            name: ThemeName::Dark,
            text: Style::new(),
            dim: fg(Color::DarkGray),
            title: fg(Color::Cyan).add_modifier(Modifier::BOLD),
            focus_border: fg(Color::Cyan),
            border: fg(Color::DarkGray),
            selected: Style::new()
                .bg(Color::DarkGray)
                .add_modifier(Modifier::BOLD),
            emphasis: Style::new().add_modifier(Modifier::ITALIC | Modifier::BOLD),
            code: fg(Color::LightYellow),
            claim: fg(Color::Magenta).add_modifier(Modifier::BOLD),
            right: fg(Color::Green).add_modifier(Modifier::BOLD),
            wrong: fg(Color::Red).add_modifier(Modifier::BOLD),
            hint: fg(Color::Yellow),
            error: fg(Color::LightRed),
            key: fg(Color::Cyan).add_modifier(Modifier::BOLD),
            status: Style::new().bg(Color::Black).fg(Color::Gray),
            roles: RoleStyles {
                length: fg(Color::LightBlue),
                type_byte: fg(Color::LightMagenta),
                key: fg(Color::LightGreen),
                value: fg(Color::White),
                subtype: fg(Color::Magenta),
                terminator: fg(Color::DarkGray),
            },
            element: Style::new().bg(Color::Rgb(40, 44, 60)),
            cursor: Style::new().add_modifier(Modifier::REVERSED),
        }
    }

    fn light() -> Self {
        let fg = |c| Style::new().fg(c);
        Theme {
            name: ThemeName::Light,
            text: Style::new(),
            dim: fg(Color::Gray),
            title: fg(Color::Blue).add_modifier(Modifier::BOLD),
            focus_border: fg(Color::Blue),
            border: fg(Color::Gray),
            selected: Style::new()
                .bg(Color::Rgb(210, 220, 240))
                .add_modifier(Modifier::BOLD),
            emphasis: Style::new().add_modifier(Modifier::ITALIC | Modifier::BOLD),
            code: fg(Color::Rgb(120, 70, 0)),
            claim: fg(Color::Magenta).add_modifier(Modifier::BOLD),
            right: fg(Color::Rgb(0, 120, 0)).add_modifier(Modifier::BOLD),
            wrong: fg(Color::Rgb(180, 0, 0)).add_modifier(Modifier::BOLD),
            hint: fg(Color::Rgb(140, 90, 0)),
            error: fg(Color::Rgb(180, 0, 0)),
            key: fg(Color::Blue).add_modifier(Modifier::BOLD),
            status: Style::new().bg(Color::Rgb(225, 225, 225)).fg(Color::Black),
            roles: RoleStyles {
                length: fg(Color::Blue),
                type_byte: fg(Color::Magenta),
                key: fg(Color::Rgb(0, 120, 0)),
                value: fg(Color::Black),
                subtype: fg(Color::Rgb(140, 0, 140)),
                terminator: fg(Color::Gray),
            },
            element: Style::new().bg(Color::Rgb(230, 236, 250)),
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
            status: Style::new().bg(Color::White).fg(Color::Black),
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
