//! The command line of `chess-tune`: usage instead of long runs nobody asked for.

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

fn chess_tune(args: &[&str]) -> (Option<i32>, String, String) {
    // One folder a call: the tests run in parallel threads of one process.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("chess-tune-cli-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_chess-tune")).args(args).current_dir(&dir).output().unwrap();
    // A bare `train` would have written its net here (data/nets/net.nnue) after training.
    assert!(!dir.join("data").exists(), "`chess-tune {}` wrote data", args.join(" "));
    std::fs::remove_dir_all(&dir).unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn bare_train_prints_usage_instead_of_training() {
    let (code, stdout, stderr) = chess_tune(&["train"]);
    assert_eq!(code, Some(2));
    assert!(stdout.is_empty());
    assert!(stderr.contains("chess-tune train [--data DIR]"), "{stderr}");
    assert!(stderr.contains("needs at least one option"), "{stderr}");
}

#[test]
fn help_anywhere_prints_usage_and_succeeds() {
    for args in [&["--help"][..], &["train", "--help"], &["selfplay", "-h"]] {
        let (code, stdout, _) = chess_tune(args);
        assert_eq!(code, Some(0), "{args:?}");
        assert!(stdout.starts_with("usage:") && stdout.contains("chess-tune selfplay"), "{args:?}: {stdout}");
    }
}

#[test]
fn unknown_subcommand_and_option_are_errors() {
    let (code, _, stderr) = chess_tune(&["trian"]);
    assert_eq!((code, stderr.starts_with("chess-tune: usage:")), (Some(2), true), "{stderr}");
    let (code, _, stderr) = chess_tune(&["train", "--epoch", "3"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("unknown option `--epoch`"), "{stderr}");
}
