//! `read --clipboard` and `solve --clipboard` on a real X server (Xvfb): a screenshot put on the
//! clipboard reads like its file; an empty clipboard and a missing display are clear errors.
//! Skips with a message when Xvfb is not installed (fails in CI, which must have it).
//!
//! This file holds one test on purpose: it sets DISPLAY for its own process (the clipboard is
//! served from this process), which must not happen while another test reads the environment.

mod common;

use common::{BIN, have_xvfb, ok_json, start_xvfb};

use std::borrow::Cow;
use std::path::Path;
use std::process::{Command, Output};

fn run(args: &[&str], display: Option<&str>) -> Output {
    let mut command = Command::new(BIN);
    command.args(args).env_remove("WAYLAND_DISPLAY");
    match display {
        Some(d) => command.env("DISPLAY", d),
        None => command.env_remove("DISPLAY"),
    };
    command.output().expect("run wordsnap")
}

#[test]
fn the_clipboard_gives_a_screenshot_or_a_clear_error() {
    // Without a display: a clear error, at once.
    let out = run(&["read", "--clipboard"], None);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("clipboard: cannot read the clipboard"),
        "{err}"
    );

    if !have_xvfb() {
        common::missing("Xvfb", "apt-get install xvfb xauth");
        return;
    }
    let (_xvfb, display) = start_xvfb("640x480x24", &[]);
    // SAFETY: this test binary runs this one test, and no other thread of it reads the
    // environment (see the file's comment).
    unsafe { std::env::set_var("DISPLAY", &display) };
    let mut clipboard = arboard::Clipboard::new().expect("a clipboard on Xvfb");

    // Nothing copied yet.
    let out = run(&["read", "--clipboard"], Some(&display));
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no image on the clipboard"), "{err}");

    let shot = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/screens/lato_bonus_4x4.png");
    let pixels = image::open(&shot).unwrap().to_rgba8();
    clipboard
        .set_image(arboard::ImageData {
            width: pixels.width() as usize,
            height: pixels.height() as usize,
            bytes: Cow::Owned(pixels.into_raw()),
        })
        .expect("put the screenshot on the clipboard");
    let from_file = ok_json(&run(&["read", shot.to_str().unwrap(), "--json"], None));
    let read = ok_json(&run(&["read", "--clipboard", "--json"], Some(&display)));
    assert_eq!(read["image"], "clipboard");
    assert_eq!(read["tiles"], from_file["tiles"]);
    assert_eq!(read["values"], from_file["values"]);
    let solved = ok_json(&run(
        &["solve", "--clipboard", "--json", "--limit", "1"],
        Some(&display),
    ));
    assert_eq!(solved["image"], "clipboard");
    assert_eq!(solved["board"]["tiles"], from_file["tiles"]);
    assert!(solved["stats"]["words"].as_u64().unwrap() > 10);
}
