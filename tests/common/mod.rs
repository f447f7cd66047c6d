//! Helpers shared by the end-to-end tests.

/// Whether the tests run in CI: `.ci/run` is run with `CI=true`, and there every piece of test
/// material (`../shared`, Xvfb, the Debian word lists) must be present.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Called when a test's material is missing (`what`, with `how_to_get_it`): in CI that is a
/// failure; elsewhere (a user's fresh clone has no `../shared`) the test skips with a message.
pub fn missing(what: &str, how_to_get_it: &str) {
    if in_ci() {
        panic!("{what} is missing, and CI must have it ({how_to_get_it})");
    }
    eprintln!("skipped: {what} is missing ({how_to_get_it})");
}
