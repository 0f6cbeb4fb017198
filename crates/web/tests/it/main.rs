//! The tests of plysearch-web beyond its doctests: the page in headless Chromium over
//! WebDriver (natively, [`browser`]; needs `web/build.sh` first), and the engines'
//! clock inside the browser (built for `wasm32-unknown-unknown` and run by
//! `wasm-bindgen-test-runner`, [`clock`]).

#[cfg(not(target_arch = "wasm32"))]
mod browser;
#[cfg(target_arch = "wasm32")]
mod clock;
