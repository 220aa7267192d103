//! Word wrapping of chart titles, legends, footers and row labels: the lines textwrap 0.16's
//! `wrap(text, width)` gives with the features the charts used (none: words split at ASCII
//! spaces and after a hyphen inside a word, first fit, a word longer than a line broken
//! between characters, no indent). In the page's own code because textwrap's general
//! machinery (boxed word iterators, splitter and algorithm options) was about 1 KB gzip of the
//! wasm bundle for this.

/// Columns a character takes: 1 below U+1100, 2 from there up (textwrap's rule without its
/// unicode-width feature: the East Asian scripts start at U+1100).
fn char_columns(c: char) -> usize {
    if c < '\u{1100}' {
        1
    } else {
        2
    }
}

/// After an ESC `c`, consumes the rest of an ANSI escape sequence (`ESC [ … final byte` or
/// `ESC ] … BEL / ESC \`) from `chars`; true when `c` was ESC. Such a sequence takes no
/// columns (as in textwrap).
fn skip_escape(c: char, chars: &mut impl Iterator<Item = char>) -> bool {
    if c != '\x1b' {
        return false;
    }
    match chars.next() {
        Some('[') => {
            for c in chars.by_ref() {
                if ('\x40'..='\x7e').contains(&c) {
                    break;
                }
            }
        }
        Some(']') => {
            let mut last = ']';
            for c in chars.by_ref() {
                if c == '\x07' || (c == '\\' && last == '\x1b') {
                    break;
                }
                last = c;
            }
        }
        _ => {}
    }
    true
}

/// Columns `text` takes ([`char_columns`], escape sequences none).
fn columns(text: &str) -> usize {
    let mut chars = text.chars();
    let mut width = 0;
    while let Some(c) = chars.next() {
        if !skip_escape(c, &mut chars) {
            width += char_columns(c);
        }
    }
    width
}

/// A piece of a line that is never broken: its text, the spaces after it, the text added when
/// a line ends after it (`-` when broken inside a word without a hyphen: never, here), and its
/// width in columns.
#[derive(Clone, Copy)]
struct Word<'a> {
    word: &'a str,
    whitespace: &'a str,
    width: usize,
}

impl<'a> Word<'a> {
    /// `text` with its trailing spaces as the whitespace.
    fn new(text: &'a str) -> Self {
        let word = text.trim_end_matches(' ');
        Word {
            word,
            whitespace: &text[word.len()..],
            width: columns(word),
        }
    }
}

/// `line` split into words at ASCII spaces, each word keeping the spaces after it (leading
/// spaces make an empty first word).
fn words(line: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_space = false;
    for (i, c) in line.char_indices() {
        if in_space && c != ' ' {
            out.push(Word::new(&line[start..i]));
            start = i;
        }
        in_space = c == ' ';
    }
    if start < line.len() {
        out.push(Word::new(&line[start..]));
    }
    out
}

/// Pushes `word` onto `out` in pieces: split after each hyphen that has a letter or digit on
/// both sides, and each piece wider than `width` broken between characters so every part but
/// the last is at most `width` columns (at least one character each).
fn push_pieces<'a>(word: Word<'a>, width: usize, out: &mut Vec<Word<'a>>) {
    let text = word.word;
    let mut start = 0;
    for (i, _) in text.match_indices('-') {
        let before = text[..i].chars().next_back();
        let after = text[i + 1..].chars().next();
        if before.is_some_and(char::is_alphanumeric) && after.is_some_and(char::is_alphanumeric) {
            let piece = &text[start..=i];
            push_broken(
                Word {
                    word: piece,
                    whitespace: "",
                    width: columns(piece),
                },
                width,
                out,
            );
            start = i + 1;
        }
    }
    let last = &text[start..];
    push_broken(
        Word {
            word: last,
            whitespace: word.whitespace,
            width: columns(last),
        },
        width,
        out,
    );
}

/// Pushes `word`, broken between characters when wider than `width` columns.
fn push_broken<'a>(word: Word<'a>, width: usize, out: &mut Vec<Word<'a>>) {
    if word.width <= width {
        out.push(word);
        return;
    }
    let text = word.word;
    let mut chars = text.char_indices();
    let (mut start, mut used) = (0, 0);
    while let Some((i, c)) = chars.next() {
        if skip_escape(c, &mut chars.by_ref().map(|(_, c)| c)) {
            continue;
        }
        let w = char_columns(c);
        if used > 0 && used + w > width {
            out.push(Word {
                word: &text[start..i],
                whitespace: "",
                width: used,
            });
            start = i;
            used = w;
        } else {
            used += w;
        }
    }
    if start < text.len() {
        out.push(Word {
            word: &text[start..],
            whitespace: word.whitespace,
            width: used,
        });
    }
}

/// `text` wrapped to lines of at most `width` columns ([`char_columns`]): each `\n` starts a
/// new line; a line shorter than `width` bytes stays whole; otherwise words (split at spaces
/// and after inner hyphens) fill each line in turn, a word wider than a line is broken between
/// characters, and each line loses the spaces at its end. As textwrap 0.16's
/// `wrap(text, width)` (its tests in this module compare the two).
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for line in text.split('\n') {
        if line.len() < width {
            lines.push(line.trim_end_matches(' ').to_string());
            continue;
        }
        let mut pieces = Vec::new();
        for word in words(line) {
            push_pieces(word, width, &mut pieces);
        }
        if pieces.is_empty() {
            lines.push(String::new());
            continue;
        }
        // First fit: a piece goes on the current line unless it would make it wider than
        // `width` (the spaces before it count, those after it do not).
        let mut at = 0;
        let push = |group: &[Word<'_>], at: &mut usize, lines: &mut Vec<String>| {
            let len: usize = group
                .iter()
                .map(|w| w.word.len() + w.whitespace.len())
                .sum();
            let last = group.last().map_or(0, |w| w.whitespace.len());
            lines.push(line[*at..*at + len - last].to_string());
            *at += len;
        };
        let (mut start, mut used) = (0, 0);
        for (i, piece) in pieces.iter().enumerate() {
            if used + piece.width > width && i > start {
                push(&pieces[start..i], &mut at, &mut lines);
                start = i;
                used = 0;
            }
            used += piece.width + piece.whitespace.len();
        }
        push(&pieces[start..], &mut at, &mut lines);
    }
    lines
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::wrap;
    use proptest::prelude::*;

    fn theirs(text: &str, width: usize) -> Vec<String> {
        textwrap::wrap(text, width)
            .into_iter()
            .map(|l| l.into_owned())
            .collect()
    }

    #[test]
    fn wraps_as_textwrap_on_its_own_examples_and_the_charts_texts() {
        let cases: &[(&str, usize)] = &[
            ("foo", 10),
            ("foo bar baz", 5),
            ("To be, or not to be, that is the question.", 10),
            ("foo bar baz", 10),
            ("foo", 0),
            ("foo bar", 0),
            ("foo bar", usize::MAX),
            ("  foo bar", 6),
            (" foobar baz", 6),
            ("foo     bar     baz  ", 5),
            ("", 0),
            ("", 4),
            ("   ", 2),
            ("a\nb c d\n\nefg", 3),
            ("on-demand reserved-instance savings-plan", 8),
            ("--- a--b -x x- 1-2-3", 4),
            ("AWS p4d.24xlarge (8× A100 40GB SXM) — $577,046.78", 20),
            ("8 GPUs × 24 h/day × 7 days/week, 36 months; 1 month = 730 h; whole instances billed; no tax.", 40),
            ("按需价格，8 块 GPU × 24 小时/天，12 个月；1 个月 = 730 小时", 12),
            ("P10–P90 spread under 1 px", 6),
            ("Alibaba Cloud ecs.gn7e-c16g1.32xlarge (8× A100 80GB)", 9),
            ("colour \x1b[31mred\x1b[0m and \x1b]8;;x\x07link\x1b]8;;\x07 end", 5),
        ];
        for &(text, width) in cases {
            assert_eq!(
                wrap(text, width),
                theirs(text, width),
                "{text:?} at {width}"
            );
        }
        assert_eq!(
            wrap("To be, or not to be, that is the question.", 10),
            ["To be, or", "not to be,", "that is", "the", "question."]
        );
    }

    proptest! {
        #[test]
        fn wraps_as_textwrap(
            text in "[a-c1 \\-—–×¥中文。\\n]{0,60}",
            width in 0usize..24,
        ) {
            prop_assert_eq!(wrap(&text, width), theirs(&text, width));
        }
    }
}
