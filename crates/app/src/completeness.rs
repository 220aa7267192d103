//! Translation completeness (tests): both Fluent files parse, stay in the subset the
//! translator formats, define the same messages with the same variables, format as
//! `fluent-bundle` formats them, and contain every message id the code uses with the arguments
//! it passes (the app crate's sources and the web app's are scanned).

use crate::i18n::{ftl, message_ids, Arg, Msg, Translator};
use fluent_syntax::ast;
use planner_core::language::Language;
use std::collections::{BTreeMap, BTreeSet};

fn inline_vars(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            args_vars(arguments, out);
        }
        ast::InlineExpression::TermReference {
            arguments: Some(a), ..
        } => args_vars(a, out),
        ast::InlineExpression::Placeable { expression } => expr_vars(expression, out),
        _ => {}
    }
}

fn args_vars(a: &ast::CallArguments<&str>, out: &mut BTreeSet<String>) {
    for p in &a.positional {
        inline_vars(p, out);
    }
    for n in &a.named {
        inline_vars(&n.value, out);
    }
}

fn expr_vars(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Inline(i) => inline_vars(i, out),
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
    }
}

fn pattern_vars(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expr_vars(expression, out);
        }
    }
}

/// Message id → variables, for one file; panics on a syntax error or a duplicate id.
fn messages(lang: Language) -> BTreeMap<String, BTreeSet<String>> {
    let res = fluent_syntax::parser::parse(ftl(lang))
        .unwrap_or_else(|(_, errs)| panic!("{}: {errs:?}", lang.tag()));
    let mut out = BTreeMap::new();
    for entry in res.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            let value = m
                .value
                .unwrap_or_else(|| panic!("{} has no value", m.id.name));
            pattern_vars(&value, &mut vars);
            assert!(
                out.insert(m.id.name.to_string(), vars).is_none(),
                "{}: duplicate {}",
                lang.tag(),
                m.id.name
            );
        }
    }
    out
}

/// The files stay in the subset `Translator` formats: every message is one line, every
/// placeable a variable reference, no terms, attributes or selectors.
#[test]
fn messages_use_only_the_subset_the_translator_formats() {
    for lang in Language::ALL {
        let res = fluent_syntax::parser::parse(ftl(lang)).expect("valid Fluent");
        for entry in &res.body {
            match entry {
                ast::Entry::Message(m) => {
                    assert!(m.attributes.is_empty(), "{}: attributes", m.id.name);
                    for el in &m.value.as_ref().expect("value").elements {
                        match el {
                            ast::PatternElement::TextElement { value } => {
                                assert!(!value.contains('\n'), "{}: several lines", m.id.name);
                            }
                            ast::PatternElement::Placeable { expression } => assert!(
                                matches!(
                                    expression,
                                    ast::Expression::Inline(
                                        ast::InlineExpression::VariableReference { .. }
                                    )
                                ),
                                "{}: only {{ $variable }} placeables",
                                m.id.name
                            ),
                        }
                    }
                }
                ast::Entry::Comment(_)
                | ast::Entry::GroupComment(_)
                | ast::Entry::ResourceComment(_) => {}
                other => panic!("{}: unsupported entry {other:?}", lang.tag()),
            }
        }
    }
}

/// Every message formats exactly as `fluent-bundle` formats it (isolation marks off), with
/// all its arguments, with none, and the lookup of a missing id.
#[test]
fn messages_format_as_fluent_bundle_formats_them() {
    use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
    for lang in Language::ALL {
        let t = Translator::new(lang);
        let resource = FluentResource::try_new(ftl(lang).to_string()).expect("valid");
        let id: unic_langid::LanguageIdentifier = lang.tag().parse().expect("tag");
        let mut bundle = FluentBundle::new(vec![id]);
        bundle.set_use_isolating(false);
        bundle.add_resource(resource).expect("no duplicates");
        let all = messages(lang);
        assert_eq!(t.len(), all.len());
        assert!(
            message_ids().windows(2).all(|w| w[0] < w[1]),
            "sorted by id"
        );
        for (id, vars) in &all {
            let id = id.as_str();
            let m = Msg::of(id);
            assert_eq!(m.id(), id);
            // Only the ids built at run time from data can be looked up by name.
            let runtime = ["count-", "component-", "preset-"]
                .iter()
                .any(|p| id.starts_with(p));
            assert_eq!(Msg::named(id), runtime.then_some(m), "{id}");
            let pattern = bundle.get_message(id).and_then(|m| m.value()).expect(id);
            let mut fargs = FluentArgs::new();
            let mut args = Vec::new();
            for (i, v) in vars.iter().enumerate() {
                let text = format!("«{v} {i} {{$x}}»");
                fargs.set(v.clone(), FluentValue::from(text.clone()));
                args.push((v.as_str(), Arg::Text(text)));
            }
            let mut errors = Vec::new();
            let expected = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
            assert_eq!(t.text_with(m, &args), expected, "{id}");
            if runtime {
                assert_eq!(t.text_named(id, &args), expected, "{id} by name");
            }
            let expected = bundle.format_pattern(pattern, None, &mut errors);
            assert_eq!(t.text(m), expected, "{id} without arguments");
        }
        assert_eq!(Msg::named("no-such-message"), None);
        assert_eq!(Msg::named("ui-save"), None, "not built at run time");
    }
}

#[test]
fn both_languages_have_the_same_messages_and_variables() {
    let en = messages(Language::En);
    let zh = messages(Language::ZhCn);
    let en_ids: BTreeSet<_> = en.keys().collect();
    let zh_ids: BTreeSet<_> = zh.keys().collect();
    assert_eq!(
        en_ids.symmetric_difference(&zh_ids).collect::<Vec<_>>(),
        Vec::<&&String>::new(),
        "messages missing in one language"
    );
    for (id, vars) in &en {
        assert_eq!(Some(vars), zh.get(id), "variables of {id} differ");
    }
}

fn check_used(all: &BTreeMap<String, BTreeSet<String>>, id: &str, passed: &[&str]) {
    let vars = all
        .get(id)
        .unwrap_or_else(|| panic!("message {id} is used by the code but missing"));
    for v in vars {
        assert!(passed.contains(&v.as_str()), "{id} uses ${v}, not passed");
    }
}

/// The message ids the sources use, with the argument names passed: in every `.rs` file
/// under this crate's `src/` and the web app's, every string literal that looks like a message id with one of the
/// prefixes below, for each `text_one("id", "name", …)` call its one name, and for each
/// `text_with("id", &[("name", …), …])` call the names in its
/// argument list (nested argument lists included: a nested message's names count too): the
/// components, `crate::messages` (every error, notice and decision-helper reason: each variant
/// is matched there, so the compiler guarantees one message per variant) and the views. Ids
/// built at run time (`count-…`, `component-…`, presets) are checked separately.
fn ui_message_uses() -> Vec<(String, Vec<String>)> {
    fn files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    // This crate's sources and the web app's (the Yew components, at the repository root).
    let mut paths = Vec::new();
    for dir in ["src", "../../src"] {
        files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir),
            &mut paths,
        );
    }
    let mut uses = Vec::new();
    for path in paths {
        if ["i18n.rs", "ftl_table.rs", "completeness.rs"]
            .iter()
            .any(|f| path.ends_with(f))
        {
            continue;
        }
        let src = std::fs::read_to_string(path).unwrap();
        let starts = [
            "\"ui-",
            "\"language-",
            "\"chart-",
            "\"csv-",
            "\"warn-",
            "\"input-",
            // The messages of errors and notices (crate::messages).
            "\"notice-",
            "\"engine-",
            "\"file-",
            "\"scenario-",
            "\"field-",
            "\"row-",
            "\"prices-",
            "\"import-",
            "\"reason-",
            "\"found-",
            "\"expected-",
            "\"value-",
            "\"storage-",
            "\"json-",
            "\"capacity-",
            "\"warning-",
            "\"error-",
            "\"browser-",
        ]
        .iter()
        .flat_map(|p| src.match_indices(p))
        .map(|(at, _)| at);
        for at in starts {
            let Some(len) = src[at + 1..].find('"') else {
                continue;
            };
            let lit = &src[at + 1..at + 1 + len];
            let is_id = lit
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !is_id {
                continue;
            }
            let before = src[..at].trim_end();
            // `msg!("ui-…")`: the id of a call such as `text_with(msg!("ui-…"), …)`.
            let before = before.strip_suffix("msg!(").map_or(before, str::trim_end);
            // `class="chart-control"`, `id="csv-…"`: HTML attribute values, not ids.
            if before.ends_with('=') {
                continue;
            }
            let mut args = Vec::new();
            if before.ends_with("text_with(") {
                let rest = &src[at..];
                // Up to the `]` closing the argument list (nested lists included).
                let mut depth = 0;
                let mut end = rest.len();
                for (i, c) in rest.char_indices() {
                    match c {
                        '[' => depth += 1,
                        ']' if depth <= 1 => {
                            end = i;
                            break;
                        }
                        ']' => depth -= 1,
                        _ => {}
                    }
                }
                // `("name", …)` pairs of this list (not of nested ones), however rustfmt
                // laid them out.
                let list = &rest[..end];
                let mut level = 0;
                for (open, c) in list.char_indices() {
                    match c {
                        '[' => level += 1,
                        ']' => level -= 1,
                        '(' if level == 1 => {
                            let after = list[open + 1..].trim_start();
                            let Some(quoted) = after.strip_prefix('"') else {
                                continue;
                            };
                            let Some((name, tail)) = quoted.split_once('"') else {
                                continue;
                            };
                            if !name.is_empty()
                                && name.chars().all(|c| {
                                    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'
                                })
                                && tail.trim_start().starts_with(',')
                            {
                                args.push(name.to_string());
                            }
                        }
                        _ => {}
                    }
                }
            }
            if before.ends_with("text_one(") {
                // `text_one(msg!("id"), "name", value)`: one argument, named by the next literal.
                let rest = src[at + 1 + len + 1..].trim_start();
                let rest = rest.strip_prefix(')').map_or(rest, str::trim_start);
                if let Some((name, _)) = rest
                    .strip_prefix(',')
                    .map(str::trim_start)
                    .and_then(|r| r.strip_prefix('"'))
                    .and_then(|r| r.split_once('"'))
                {
                    args.push(name.to_string());
                }
            }
            uses.push((lit.to_string(), args));
        }
    }
    uses
}

#[test]
fn every_message_the_ui_uses_exists_in_both_languages_with_its_arguments() {
    let uses = ui_message_uses();
    assert!(
        uses.iter()
            .any(|(id, a)| id == "ui-save-failed" && a == &["detail"]),
        "the scan finds the UI's messages and their arguments: {uses:?}"
    );
    assert!(
        uses.iter()
            .any(|(id, a)| id == "notice-rejected" && a == &["field", "detail"]),
        "the scan finds the messages of errors and notices: {uses:?}"
    );
    for lang in Language::ALL {
        let all = messages(lang);
        for (id, args) in &uses {
            let passed: Vec<&str> = args.iter().map(String::as_str).collect();
            check_used(&all, id, &passed);
            for n in &passed {
                assert!(all[id.as_str()].contains(*n), "{id}: ${n} unused");
            }
        }
    }
}

#[test]
fn every_message_the_code_uses_exists_with_its_arguments() {
    for lang in Language::ALL {
        let all = messages(lang);
        for p in crate::presets::PRESETS {
            check_used(&all, &p.name_id(), &[]);
            check_used(&all, &p.description_id(), &[]);
        }
        check_used(&all, "language-name", &[]);
        for unit in ["gpus", "months", "offers", "rows", "listings"] {
            for form in ["one", "other"] {
                check_used(&all, &format!("count-{unit}-{form}"), &["n"]);
            }
        }
        for n in planner_engine::plan::Components::NAMES {
            check_used(&all, &format!("component-{}", n.replace('_', "-")), &[]);
        }
        let t = Translator::new(lang);
        assert!(!t.text(msg!("language-name")).is_empty());
    }
}
