//! tally: a static site generator for sites that publish measurements.
//!
//! A build runs in stages, each handing typed data to the next and none reaching back:
//! load (settings, pages, run data) → resolve (links, translations, figures) → check →
//! render (markdown, templates) → write (atomically). See [`build`].

pub mod content;
pub mod diagnostics;
pub mod figures;
pub mod markdown;
pub mod settings;
pub mod stamp;
pub mod yaml;
