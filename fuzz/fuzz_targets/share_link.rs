//! The share-link decoder and the lenient scenario loader on arbitrary text
//! (`share::decode`, `share::load_json_lenient`): never a panic, always a scenario the engine
//! accepts (the module's promise: "the valid parts load, defaults fill the rest"), and a
//! decoded link that is encoded again decodes to the same scenario with no notice.
#![no_main]

use planner_core::share::{decode, encode, load_json_lenient, Shared};
use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

/// The scenario must load; if it evaluates, the evaluation must be sound. Monte Carlo with many
/// trials is skipped to keep the fuzzer fast (the structured target covers it).
fn check(scenario: &planner_core::file::ScenarioFile) {
    let loaded = match scenario.load() {
        Ok(l) => l,
        Err(e) => panic!("lenient loading produced a scenario the engine refuses: {e}"),
    };
    if scenario.montecarlo.is_some_and(|m| m.trials > 200) {
        return;
    }
    match loaded.evaluate() {
        Err(e) => common::check_error(&e),
        Ok(ev) => common::check_evaluation(&ev),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (scenario, _notices) = load_json_lenient(text);
    check(&scenario);
    for link in [format!("#s={text}"), text.to_string()] {
        let Some(opened) = decode(&link) else {
            continue;
        };
        check(&opened.scenario);
        let shared = Shared {
            language: opened.language.unwrap_or_default(),
            scenario: opened.scenario.clone(),
        };
        if let Ok(again) = encode(&shared) {
            let reopened = decode(&again).expect("an encoded link is a share link");
            assert_eq!(reopened.scenario, opened.scenario, "round trip changed the scenario");
            assert!(reopened.notices.is_empty(), "a clean link gave notices: {:?}", reopened.notices);
        }
    }
});
