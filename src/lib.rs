//! tally: a static site generator for sites that publish measurements.
//!
//! A build runs in stages, each handing typed data to the next and none reaching back:
//! load (settings, pages, run data) → resolve (links, images) → check the site
//! (completions, translations) → check each page's figures and render it → the other
//! files; each file is written as it is made, and the site is swapped in atomically at
//! the end. See [`build`].

#![allow(
    clippy::result_large_err,
    reason = "a Diagnostic is the error of an author's mistake, made rarely and off the hot path; boxing it everywhere would only add noise"
)]

pub mod build;
pub mod claims;
pub mod cli;
pub mod completion;
pub mod content;
pub mod diagnostics;
pub mod figures;
pub mod fresh;
pub mod i18n;
pub mod markdown;
pub mod output;
pub mod parity;
pub mod published;
pub mod readme;
pub mod scaffold;
pub mod serve;
pub mod settings;
pub mod stamp;
pub mod templates;
pub mod views;
pub mod yaml;
