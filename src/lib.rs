//! tally: a static site generator for sites that publish measurements.
//!
//! A build runs in stages, each handing typed data to the next and none reaching back:
//! load (settings, pages, run data) → resolve (links, translations, figures) → check →
//! render (markdown, templates) → write (atomically). See [`build`].

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
pub mod readme;
pub mod scaffold;
pub mod serve;
pub mod settings;
pub mod stamp;
pub mod templates;
pub mod views;
pub mod yaml;
