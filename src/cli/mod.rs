//! The command line: arguments (clap) and what each command prints and returns.
//!
//! Owns exit codes: 0 ok, 1 problems in the content, 2 could not run. The binary is a thin
//! shell over [`run`].

mod build;
mod build_lock;
mod build_record;
mod explain;
mod init;
mod new;
mod readme;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::diagnostics::{self, Diagnostic, Format};
use crate::pipeline::Options;
use crate::pipeline::figures_json::published;
use crate::pipeline::write::Destination;
use crate::report::{could_not_run, make_or_report, print_problems};

/// The command line's arguments.
#[derive(Debug, Parser)]
#[command(name = "tally", version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("TALLY_COMMIT"), ")"), about = "A static site generator for sites that publish measurements")]
pub struct Cli {
    /// The site's folder (the one with site.yaml).
    #[arg(long, global = true, default_value = ".")]
    pub root: PathBuf,
    /// How problems are printed.
    #[arg(long, global = true, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Print how long each stage of the build takes (to stderr).
    #[arg(long, global = true, hide_short_help = true)]
    pub timings: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build the site into site/ (replaced atomically; untouched when the build fails).
    Build {
        /// Where to write the site; default: site/ under the root.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Build even when nothing has changed since the last build.
        #[arg(long)]
        force: bool,
        /// When another build into the same folder is running, stop at once (exit 2)
        /// instead of waiting for it to end.
        #[arg(long)]
        no_wait: bool,
        /// How long to wait for another build into the same folder to end, in seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = build_lock::DEFAULT_WAIT_SECONDS)]
        wait_timeout: u64,
    },
    /// Check every page and figure without writing the site.
    Check {
        /// What was published: a figures.json, or the folder of an earlier build that
        /// holds one. Fails where a published figure changed without its old value struck
        /// beside the new one, or is no longer stated on its page.
        #[arg(long)]
        against: Option<PathBuf>,
    },
    /// Rewrite README.md's completion block from the family tables.
    Readme,
    /// Start a new site in FOLDER (default: here): site.yaml to fill in, the bundled
    /// templates, styles and UI strings, and an empty content/. Never overwrites.
    Init {
        #[arg(default_value = ".")]
        folder: PathBuf,
    },
    /// Scaffold new content: `tally new measurement SLUG`.
    New {
        #[arg(value_parser = ["measurement"])]
        what: String,
        /// The bundle's folder name under content/measurements/, e.g. 2026-11-30-xgs136-ipsec.
        slug: String,
    },
    /// Preview the site on 127.0.0.1, rebuilt and reloaded on every save.
    Serve {
        #[arg(long, default_value_t = 1111)]
        port: u16,
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Open the site in a browser.
        #[arg(long)]
        open: bool,
    },
    /// Explain a diagnostic code: what it means, a failing example and its fix. Without a
    /// code, list them all.
    Explain {
        /// The code, as a diagnostic names it: `error[figure-mismatch]` is `figure-mismatch`.
        code: Option<String>,
    },
    /// Print the content hash of a page, for a translation's `translates:`.
    Hash {
        /// The original page, e.g. content/method/index.md.
        page: PathBuf,
    },
}

/// Runs the command line and gives the process's exit code.
pub fn run(cli: Cli) -> ExitCode {
    match &cli.command {
        &Command::Build { ref out, force, no_wait, wait_timeout } => {
            let out = out.clone().unwrap_or_else(|| cli.root.join("site"));
            let wait = if no_wait {
                build_lock::Wait::No
            } else {
                build_lock::Wait::UpTo(std::time::Duration::from_secs(wait_timeout))
            };
            build::build_command(&cli, out, force, wait)
        }
        Command::Check { against } => check_command(&cli, against.as_deref()),
        Command::Readme => readme_command(&cli),
        Command::Init { folder } => match init::init_site(folder) {
            Ok(()) => {
                eprintln!(
                    "created a tally site in {}: fill in site.yaml, then `tally new measurement SLUG` and `tally check`",
                    folder.display()
                );
                ExitCode::SUCCESS
            }
            Err(message) => could_not_run(&message),
        },
        Command::New { slug, .. } => new_command(&cli, slug),
        Command::Hash { page } => hash(&cli, page),
        Command::Explain { code } => explain::explain_command(code.as_deref()),
        &Command::Serve { port, bind, open } => crate::serve::serve(&crate::serve::ServeOptions {
            root: cli.root.clone(),
            bind,
            port,
            open,
            timings: cli.timings,
        }),
    }
}

/// The output folder is replaced whole, so it must not hold or be any of the site's sources.
pub(super) fn check_output_folder(root: &std::path::Path, out: &std::path::Path) -> Result<(), String> {
    let root = root.canonicalize().map_err(|e| format!("cannot read {}: {e}", root.display()))?;
    let out_abs = if out.is_absolute() {
        out.to_path_buf()
    } else {
        std::env::current_dir().map_err(|e| e.to_string())?.join(out)
    };
    let out_abs = out_abs.canonicalize().unwrap_or(out_abs);
    let others = ["site.yaml", "README.md", "src", ".git"];
    let holds_sources = root.starts_with(&out_abs)
        || crate::paths::SOURCE_FOLDERS.iter().chain(&others).any(|s| out_abs.starts_with(root.join(s)))
        || out_abs.join("site.yaml").exists();
    if holds_sources {
        return Err(format!(
            "refusing to write the site into {}: it would replace the site's sources",
            out.display()
        ));
    }
    crate::pipeline::write::check_replaceable(out)
}

fn hash(cli: &Cli, page: &std::path::Path) -> ExitCode {
    let mut path = if page.is_absolute() { page.to_path_buf() } else { cli.root.join(page) };
    // A bundle folder: its page, index.md.
    if path.is_dir() {
        path = path.join("index.md");
    }
    match crate::regular::read_to_string(&path) {
        Ok(text) => {
            println!("{}", crate::content::content_hash(&text));
            ExitCode::SUCCESS
        }
        Err(error) => could_not_run(&format!("cannot read {}: {error}", path.display())),
    }
}

fn check_command(cli: &Cli, against: Option<&std::path::Path>) -> ExitCode {
    let built = match make_without_writing(cli) {
        Ok(built) => built,
        Err(code) => return code,
    };
    let mut problems = built.warnings.clone();
    if !built.completions.is_empty() {
        problems.extend(readme::check(&cli.root, &readme_block(&built)));
    }
    if let Some(path) = against {
        match published::read(path) {
            Ok(old) => problems.extend(published::compare(&old, &built.figures, &cli.root)),
            Err(message) => return could_not_run(&message),
        }
    }
    diagnostics::sort(&mut problems);
    let failed = problems.iter().any(Diagnostic::is_error);
    // Every untagged figure-like number, at its place: after the problems in json and
    // github output, under its page's coverage line in human output.
    if cli.format != Format::Human {
        problems.extend(built.coverage.iter().flat_map(|c| c.untagged.iter().cloned()));
        // Each page's raw evidence, as a note that machines read like any other finding.
        problems.extend(built.raw_evidence.iter().map(|page| {
            let mut note = Diagnostic::file("figure-raw-evidence", &page.page, raw_evidence_text(page));
            note.severity = crate::diagnostics::Severity::Note;
            note
        }));
    }
    print_problems(cli.format, &problems);
    if cli.format == Format::Human {
        for line in &built.coverage {
            println!(
                "coverage {}: {} of {} figure-like numbers tagged ({})",
                line.page,
                line.tagged,
                line.figure_like,
                crate::text::percent_of(line.tagged, line.figure_like)
            );
            for untagged in &line.untagged {
                let text = untagged.message.split('`').nth(1).unwrap_or("");
                println!("  untagged {}: `{text}`", untagged.location());
            }
        }
        for page in &built.raw_evidence {
            println!("raw evidence {}: {}", page.page, raw_evidence_text(page));
        }
        // What a Windows capture was read as, so that its author sees it was understood.
        for (file, how) in &built.raw_encodings {
            println!("raw file {file}: decoded from {how}");
        }
        println!("checked {} figures", built.claim_count);
    }
    if failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// "12 of 20 figures computed from run data are read from raw files (60 %)".
fn raw_evidence_text(page: &crate::pipeline::RawEvidence) -> String {
    format!(
        "{} of {} figures computed from run data are read from raw files ({})",
        page.raw,
        page.figures,
        crate::text::percent_of(page.raw, page.figures)
    )
}

fn readme_block(built: &crate::pipeline::Made) -> String {
    let lines: Vec<readme::CompletionLine> = built
        .completions
        .iter()
        .map(|c| readme::CompletionLine { title: &c.title, source: &c.source, percent: c.percent })
        .collect();
    readme::block(&lines)
}

fn readme_command(cli: &Cli) -> ExitCode {
    let built = match make_without_writing(cli) {
        Ok(built) => built,
        Err(code) => return code,
    };
    let path = cli.root.join("README.md");
    let text = match crate::regular::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            print_problems(cli.format, &[readme::missing_readme()]);
            return ExitCode::from(1);
        }
        Err(e) => return could_not_run(&format!("cannot read {}: {e}", path.display())),
    };
    match readme::rewrite(&text, &readme_block(&built)) {
        Ok(rewritten) if rewritten == text => ExitCode::SUCCESS,
        Ok(rewritten) => match std::fs::write(&path, rewritten) {
            Ok(()) => {
                eprintln!("rewrote the completion block of {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => could_not_run(&format!("cannot write {}: {e}", path.display())),
        },
        Err(problem) => {
            print_problems(cli.format, &[problem.diagnostic(&text)]);
            ExitCode::from(1)
        }
    }
}

fn new_command(cli: &Cli, slug: &str) -> ExitCode {
    let now = jiff::Timestamp::now().to_string();
    let today = now.get(..10).unwrap_or("1970-01-01");
    if !cli.root.join("site.yaml").is_file() {
        return could_not_run(&format!("{} is not a tally site: it has no site.yaml", cli.root.display()));
    }
    // The page's required sections are named as this site names them.
    let settings = match crate::settings::load(&cli.root) {
        Ok(settings) => settings,
        Err(problem) => {
            print_problems(cli.format, &[problem]);
            return ExitCode::from(1);
        }
    };
    let (how_taken, limits) = new::section_headings(&settings);
    match new::new_measurement(&cli.root, slug, today, (&how_taken, &limits)) {
        Ok(folder) => {
            eprintln!("created {}: fill in index.md and runs.yaml, then run `tally check`", folder.display());
            ExitCode::SUCCESS
        }
        Err(message) => could_not_run(&message),
    }
}

/// Runs the pipeline for a command that only reads the result, keeping none of the
/// files; on failure the problems are printed and the exit code is returned.
fn make_without_writing(cli: &Cli) -> Result<crate::pipeline::Made, ExitCode> {
    let options = Options { root: cli.root.clone(), destination: Destination::Nowhere, timings: cli.timings };
    make_or_report(&options, &mut crate::pipeline::Memo::default(), cli.format)
        .map_err(|reported| reported.exit_code())
}
