//! tally: a static site generator for sites that publish measurements.
//!
//! Every command runs one pipeline ([`make`]) in stages, each handing typed data to the
//! next and none reaching back: load (settings, pages, run data) → resolve (links,
//! images) → check (structure, completions, translations, coverage, each page's claims) →
//! render → write; each file is written as it is made, and a site bound for a folder is
//! swapped in whole at the end. The manual's docs/content/code-layout.md names each room.
//!
//! Modules are private: what is public here is what the binary, the benchmarks and the
//! examples use.

#![warn(unreachable_pub, missing_docs)]
#![allow(
    clippy::result_large_err,
    reason = "a Diagnostic is the error of an author's mistake, made rarely and off the hot path; boxing it everywhere would only add noise"
)]

// Linked for `mi_collect` (pipeline/give_back.rs); the binary makes it the allocator.
#[cfg(feature = "mimalloc")]
extern crate mimalloc as _;
mod cli;
mod codes;
mod content;
mod diagnostics;
mod figures;
mod fit;
#[doc(hidden)]
pub mod fuzzing;
mod i18n;
#[doc(hidden)]
pub mod importer_inputs;
mod markdown;
mod number;
mod paths;
mod pipeline;
mod plots;
mod raw_blocks;
mod regular;
mod report;
mod search;
mod serve;
mod settings;
mod shown_numbers;
mod site_files;
mod stamp;
mod starter;
mod static_str;
mod stylesheets;
mod templates;
mod tera_syntax;
mod text;
mod typography;
mod views;
mod yaml;

// The command line, which the binary runs.
pub use cli::{Cli, run};

// The whole pipeline, as `tally build`, `check` and `serve` run it.
pub use pipeline::write::{Destination, Output};
pub use pipeline::{Failure, Made, Memo, MemoOwner, Options, make, make_with};

// Stages that the benchmarks measure one at a time, and the corpus generator uses to write
// figures that check.
pub use content::{Kind, content_hash};
pub use figures::{RunData, load_run_data};
pub use i18n::{Strings, load as load_strings};
pub use markdown::{ClaimForm, RenderInputs, parse_count, render_html, scan};
pub use number::{Passed, Stated, check as check_stated, format_like, parse_stated};
pub use settings::{Settings, load as load_settings};
pub use stamp::{
    Copies, ImageFormat, StampCache, StampError, StampJob, Stamped, Strip, Variant, stamp, stamp_all,
    stamp_copies,
};
pub use templates::{Templates, load as load_templates};
pub use views::{
    EvidenceInput, EvidenceView, GENERATOR, Generator, LabelledRow, LinkItem, PageView, SiteView, SourceLink,
    TakenView, VendorEvidence,
};
