//! Safe download file names from user text (scenario names, imported provider names): no path
//! separators, no control or reserved characters, no Windows device names, no leading dot or
//! trailing dot or space, and a bounded length, so a name typed or imported by anyone saves as
//! one ordinary file on Windows, macOS and Linux.

/// Longest stem kept, in characters (the extension comes on top).
pub const MAX_STEM_CHARS: usize = 80;

/// Device names Windows refuses as a file name, with or without an extension.
const RESERVED: [&str; 22] = [
    "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8",
    "COM9", "LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9",
];

/// A file name `stem.extension` made from `text`: white space (tabs, line breaks) becomes a
/// space; characters that are path separators, other control characters or reserved on Windows (`< > : " / \ | ? *`) become `_`, runs of
/// white space become one space, leading dots and spaces and trailing dots and spaces are
/// dropped, the stem is cut to [`MAX_STEM_CHARS`] characters, a Windows device name (`CON`,
/// `com1`, …) gets a leading `_`, and an empty result becomes `fallback`. `extension` is given
/// without its dot (`"csv"`) and is cleaned the same way (ASCII letters and digits only).
#[must_use]
pub fn safe_file_name(text: &str, fallback: &str, extension: &str) -> String {
    let stem = clean_stem(text);
    let stem = if stem.is_empty() {
        clean_stem(fallback)
    } else {
        stem
    };
    let stem = if stem.is_empty() {
        "file".to_string()
    } else {
        stem
    };
    let ext: String = extension
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(10)
        .collect();
    if ext.is_empty() {
        stem
    } else {
        format!("{stem}.{ext}")
    }
}

fn clean_stem(text: &str) -> String {
    let mut out = String::new();
    let mut last_space = false;
    for c in text.chars() {
        let c = if c.is_whitespace() {
            ' '
        } else if c.is_control()
            || matches!(c, '<' | '>' | ':' | '"' | '/' | '\\' | '|' | '?' | '*')
        {
            '_'
        } else {
            c
        };
        if c.is_whitespace() {
            if !last_space {
                out.push(' ');
            }
            last_space = true;
        } else {
            out.push(c);
            last_space = false;
        }
    }
    let trimmed: String = out
        .trim_start_matches(['.', ' '])
        .chars()
        .take(MAX_STEM_CHARS)
        .collect();
    let stem = trimmed.trim_end_matches(['.', ' ']).to_string();
    let device = stem.split('.').next().unwrap_or_default().trim_end();
    if RESERVED.iter().any(|r| r.eq_ignore_ascii_case(device)) {
        format!("_{stem}")
    } else {
        stem
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_separators_and_traversal_are_removed() {
        assert_eq!(
            safe_file_name("../../etc/passwd", "x", "csv"),
            "_.._etc_passwd.csv"
        );
        assert_eq!(safe_file_name("a\\b/c", "x", "svg"), "a_b_c.svg");
        assert_eq!(safe_file_name("C:\\Windows", "x", "png"), "C__Windows.png");
        assert_eq!(safe_file_name("..", "scenario", "json"), "scenario.json");
    }

    #[test]
    fn control_and_reserved_characters_become_underscores() {
        assert_eq!(safe_file_name("a\0b\nc\u{7f}", "x", "csv"), "a_b c_.csv");
        assert_eq!(
            safe_file_name("what?<x>|*\"", "x", "csv"),
            "what__x____.csv"
        );
        assert_eq!(
            safe_file_name("  many   spaces\t ", "x", "csv"),
            "many spaces.csv"
        );
    }

    #[test]
    fn windows_device_names_are_prefixed() {
        assert_eq!(safe_file_name("CON", "x", "csv"), "_CON.csv");
        assert_eq!(safe_file_name("com1.tar", "x", "gz"), "_com1.tar.gz");
        assert_eq!(safe_file_name("lpt9 ", "x", "csv"), "_lpt9.csv");
        assert_eq!(safe_file_name("CONSOLE", "x", "csv"), "CONSOLE.csv");
    }

    #[test]
    fn empty_names_fall_back_and_long_names_are_capped() {
        assert_eq!(safe_file_name("", "gpu-costs", "csv"), "gpu-costs.csv");
        assert_eq!(safe_file_name(" . ", "", "csv"), "file.csv");
        let long = "é".repeat(500);
        let name = safe_file_name(&long, "x", "csv");
        assert_eq!(name.chars().count(), MAX_STEM_CHARS + 4);
        assert!(name.ends_with(".csv"));
        assert_eq!(safe_file_name("x", "y", "../sh"), "x.sh");
        assert_eq!(safe_file_name("x", "y", ""), "x");
    }

    #[test]
    fn unicode_names_survive() {
        assert_eq!(
            safe_file_name("GPU 成本 <script>", "x", "svg"),
            "GPU 成本 _script_.svg"
        );
    }
}
