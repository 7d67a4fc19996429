//! Replays the fuzz seeds of the target on the JavaScript option objects (`js_options`) on
//! stable Rust: every file in `fuzz/seeds/js_options/` (committed, including the inputs of
//! crashes that were found and fixed) and, when present, in the local `fuzz/corpus/js_options/`,
//! through the same check as the fuzz target (`fuzz/src/wasm_checks.rs`).

#[path = "../../../fuzz/src/wasm_checks.rs"]
mod checks;
#[path = "../../../fuzz/src/replay.rs"]
mod replay;

#[test]
fn js_options_seeds() {
    let fuzz_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    replay::replay(&fuzz_dir, "js_options", 10, checks::js_options);
}
