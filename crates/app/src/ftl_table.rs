//! Build-time reading of the Fluent translation files (used by `build.rs`, which writes the
//! result as `i18n`'s static message tables; unit-tested from the library's tests).

/// A piece of a message: literal text or a `{ $variable }` placeable.
pub enum FtlPiece {
    /// Literal text.
    Text(String),
    /// The argument of that name.
    Var(String),
}

/// The messages of a Fluent file, sorted by id, if every entry is in the subset the runtime
/// formats: comments, and messages with a value made only of text and `{ $variable }`
/// placeables. Otherwise the first offending message and why.
pub fn ftl_table(source: &str) -> Result<Vec<(String, Vec<FtlPiece>)>, String> {
    use fluent_syntax::ast;
    let resource = fluent_syntax::parser::parse(source)
        .map_err(|(_, errors)| format!("Fluent syntax errors: {errors:?}"))?;
    let mut out: Vec<(String, Vec<FtlPiece>)> = Vec::new();
    for entry in resource.body {
        let message = match entry {
            ast::Entry::Message(m) => m,
            ast::Entry::Comment(_)
            | ast::Entry::GroupComment(_)
            | ast::Entry::ResourceComment(_) => continue,
            ast::Entry::Term(t) => {
                return Err(format!(
                    "term -{} is not supported (the runtime formats only {{ $variable }})",
                    t.id.name
                ))
            }
            ast::Entry::Junk { content } => return Err(format!("unparsable entry: {content}")),
        };
        let id = message.id.name;
        if !message.attributes.is_empty() {
            return Err(format!("{id}: attributes are not supported"));
        }
        let value = message
            .value
            .ok_or_else(|| format!("{id}: the message has no value"))?;
        let mut pieces = Vec::new();
        for element in value.elements {
            match element {
                ast::PatternElement::TextElement { value } => match pieces.last_mut() {
                    Some(FtlPiece::Text(t)) => t.push_str(value),
                    _ => pieces.push(FtlPiece::Text(value.to_string())),
                },
                ast::PatternElement::Placeable {
                    expression:
                        ast::Expression::Inline(ast::InlineExpression::VariableReference { id: v }),
                } => pieces.push(FtlPiece::Var(v.name.to_string())),
                ast::PatternElement::Placeable { expression } => {
                    return Err(format!(
                        "{id}: only {{ $variable }} placeables are supported, not {expression:?}"
                    ))
                }
            }
        }
        if pieces
            .iter()
            .any(|p| matches!(p, FtlPiece::Text(t) if t.contains(['\u{1}', '\u{2}'])))
        {
            return Err(format!(
                "{id}: control characters U+0001/U+0002 are reserved"
            ));
        }
        if out.iter().any(|(i, _)| i == id) {
            return Err(format!("{id}: defined twice"));
        }
        out.push((id.to_string(), pieces));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(src: &str) -> String {
        match ftl_table(src) {
            Ok(_) => panic!("accepted: {src}"),
            Err(e) => e,
        }
    }

    #[test]
    fn accepts_text_and_variables_sorted_by_id() {
        let t = ftl_table("# c\nb = x { $n } y\na = plain\n").unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].0, "a");
        assert!(matches!(&t[0].1[..], [FtlPiece::Text(s)] if s == "plain"));
        assert!(matches!(&t[1].1[..],
            [FtlPiece::Text(a), FtlPiece::Var(v), FtlPiece::Text(b)] if a == "x " && v == "n" && b == " y"));
    }

    #[test]
    fn rejects_what_the_runtime_cannot_format() {
        assert!(err("a = { $n ->\n    [one] one\n   *[other] many\n}\n").contains("a:"));
        assert!(err("-brand = Foo\n").contains("term"));
        assert!(err("a = x\n    .title = y\n").contains("attributes"));
        assert!(err("a = { b }\nb = c\n").contains("a:"));
        assert!(err("a = { NUMBER($n) }\n").contains("a:"));
        assert!(err("a = { \"lit\" }\n").contains("a:"));
        assert!(err("a = x\na = y\n").contains("twice"));
        assert!(err("a = {\n").contains("syntax"));
        assert!(err("a =\n    .title = y\n").contains("a:"));
    }
}
