//! Writes a synthetic tally site for benchmarks: N measurement bundles, each with an English
//! page, its Japanese translation (with the right `translates:` hash), a runs.yaml with 20
//! figures tagged in the prose and in a table, and one 1920×1080 PNG screenshot; and the
//! family pages of the two appliances the pages name, with README's completion block.
//!
//! ```text
//! cargo run --release --example corpus -- --out DIR --bundles N --seed S [--no-images] [--plain]
//! ```
//!
//! `--plain` writes the same pages with every tag turned into its plain text (`[9,090]{=x}`
//! → `9,090`), for generators that do not know tags (Hugo); it then writes only `content/`
//! and `static/`, not tally's templates, UI strings or site.yaml. The output is the same
//! bytes for the same arguments. Every stated figure is written by the figure engine itself
//! (computed from the runs.yaml just written, formatted like a template text) and checked
//! again before the page is written, so the corpus always passes `tally check`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::Parser;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};
use rayon::prelude::*;
use tally::content_hash;
use tally::{RunData, load_run_data};
use tally::{check_stated as check, format_like, parse_stated};

#[derive(Parser)]
struct Args {
    /// The folder to write the site into (created; must not exist or be empty).
    #[arg(long)]
    out: PathBuf,
    /// How many measurement bundles.
    #[arg(long)]
    bundles: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write no screenshots (and no image references).
    #[arg(long)]
    no_images: bool,
    /// Tags turned into plain numbers; only content/ and static/.
    #[arg(long)]
    plain: bool,
}

const WIDTH: u32 = 1920;
const HEIGHT: u32 = 1080;
const RUNS: [&str; 4] = ["keep_coproc", "keep_host", "close_coproc", "close_host"];

/// splitmix64: small, fast, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    if args.out.exists() && std::fs::read_dir(&args.out)?.next().is_some() {
        return Err(format!("{} exists and is not empty", args.out.display()).into());
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(args.out.join("content/measurements"))?;
    copy_tree(&repo.join("static"), &args.out.join("static"))?;
    if !args.plain {
        copy_tree(&repo.join("templates"), &args.out.join("templates"))?;
        copy_tree(&repo.join("i18n"), &args.out.join("i18n"))?;
        std::fs::write(args.out.join("site.yaml"), SITE_YAML)?;
        // The appliances the pages name have family pages (an id without one is an error),
        // and README.md their completion block, as `tally readme` writes it.
        std::fs::create_dir_all(args.out.join("content/families"))?;
        for (id, title) in [("xgs-136", "XGS 136"), ("xgs-3300", "XGS 3300")] {
            std::fs::write(args.out.join(format!("content/families/{id}.md")), family_page(title))?;
        }
        std::fs::write(args.out.join("README.md"), README)?;
    }
    (0..args.bundles).into_par_iter().try_for_each(|i| write_bundle(&args, i).map_err(|e| e.to_string()))?;
    eprintln!(
        "wrote {} bundles{} into {}",
        args.bundles,
        if args.no_images { " (no images)" } else { "" },
        args.out.display()
    );
    Ok(())
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    for entry in walkdir::WalkDir::new(from).sort_by_file_name() {
        let entry = entry?;
        let target = to.join(entry.path().strip_prefix(from).unwrap_or(entry.path()));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// A short name made of letters (a page's title carries no figure-like number).
fn code(mut i: usize) -> String {
    let mut out = String::new();
    loop {
        out.insert(0, (b'a' + (i % 26) as u8) as char);
        i /= 26;
        if i == 0 {
            break;
        }
    }
    out
}

fn write_bundle(args: &Args, i: usize) -> Result<(), Box<dyn std::error::Error>> {
    // One stream per bundle, so bundles can be written in any order (in parallel) and the
    // result is still the same bytes.
    let mut rng = Rng(args.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ (i as u64).wrapping_mul(0x9E37_79B9));
    rng.next();
    let day = jiff::civil::date(2020, 1, 1) + jiff::Span::new().days((i % 2500) as i64);
    let slug = format!("{day}-bench-{i:05}");
    let dir = args.out.join("content/measurements").join(&slug);
    std::fs::create_dir_all(dir.join("shots"))?;

    // The screenshot first: runs.yaml names it, and loading checks that it is there.
    if !args.no_images {
        std::fs::write(dir.join("shots/keep-coproc.png"), screenshot(&mut rng))?;
    } else {
        std::fs::remove_dir(dir.join("shots"))?;
    }
    let runs_yaml = runs_yaml(&mut rng, !args.no_images);
    let runs_path = dir.join("runs.yaml");
    std::fs::write(&runs_path, &runs_yaml)?;
    let (data, problems) = load_run_data(&args.out, &runs_path, &runs_yaml);
    let data = data.ok_or_else(|| format!("{slug}: runs.yaml does not load: {problems:?}"))?;
    if !problems.is_empty() {
        return Err(format!("{slug}: runs.yaml has problems: {problems:?}").into());
    }
    let figures = Figures { data: &data, plain: args.plain };
    let name = code(i);
    let appliance = if rng.next().is_multiple_of(2) { "xgs-136" } else { "xgs-3300" };
    let english = english_page(&figures, &name, day, appliance, !args.no_images)?;
    let hash = content_hash(&english);
    let japanese = japanese_page(&figures, &name, day, appliance, !args.no_images, &hash)?;
    std::fs::write(dir.join("index.md"), &english)?;
    std::fs::write(dir.join("index.ja.md"), &japanese)?;
    Ok(())
}

fn runs_yaml(rng: &mut Rng, shot: bool) -> String {
    let mut y = String::new();
    let _ = writeln!(y, "# Synthetic run data for benchmarks (examples/corpus.rs).");
    let _ = writeln!(y, "build:");
    let _ = writeln!(y, "  driver: npuep.ko {:08x}", rng.next() as u32);
    let _ = writeln!(y, "  release: v0.1.0-alpha.{}", rng.range(1, 30));
    let _ = writeln!(y, "  scripts: [images/deploy/lab-bench.sh]");
    let _ = writeln!(y, "tools: {{curl: \"8.21\", lighttpd: \"1.4.85\"}}");
    let _ = writeln!(
        y,
        "constants: {{body_bytes: {}, seconds: {}, clients: {}, per_client: {}, mtu: 1500, headers: 40}}",
        [131_072, 262_144, 524_288][rng.range(0, 2) as usize],
        rng.range(30, 60),
        rng.range(2, 8),
        [64, 128, 256][rng.range(0, 2) as usize],
    );
    let _ = writeln!(y, "runs:");
    for (k, run) in RUNS.iter().enumerate() {
        let _ = writeln!(y, "  {run}:");
        if k == 0 && shot {
            let _ = writeln!(y, "    shot: shots/keep-coproc.png");
            let _ = writeln!(y, "    redact: [[40, 30, 300, 12]]");
        } else {
            // Every run is photographed or says why not (run-no-shot).
            let _ = writeln!(y, "    shot: {{none: \"its window was not kept\"}}");
        }
        let _ = writeln!(y, "    link_rate: 1 Gbit/s");
        let _ = writeln!(y, "    cpu: {{busy_percent: {}.{}}}", rng.range(1, 40), rng.range(0, 9));
        let received = rng.range(500, 1_400_000);
        let _ =
            writeln!(y, "    host_frames: {{received: {received}, sent: {}}}", received - rng.range(0, 400));
        let _ = writeln!(y, "    pc_port: {{bits_per_s: \"{} Mbit/s\"}}", rng.range(930, 990));
        let _ = writeln!(
            y,
            "    responses: {{complete: {}, failed: {}}}",
            rng.range(2_000, 9_000),
            rng.range(1, 5)
        );
    }
    let _ = writeln!(y, "figures:");
    let _ = writeln!(y, "  connections: {{is: \"clients * per_client\"}}");
    let _ = writeln!(y, "  frames_per_response: {{is: \"body_bytes / (mtu - headers)\"}}");
    for run in RUNS {
        let _ = writeln!(y, "  busy_{run}: {{is: \"runs.{run}.cpu.busy_percent\", unit: \"%\"}}");
        let _ = writeln!(y, "  port_{run}: {{is: \"runs.{run}.pc_port.bits_per_s\", unit: bit/s}}");
        let _ = writeln!(
            y,
            "  bodies_{run}: {{is: \"runs.{run}.responses.complete * body_bytes * 8 / seconds\", unit: bit/s}}"
        );
    }
    let _ = writeln!(
        y,
        "  host_share: {{is: \"share(runs.close_coproc.host_frames.received, runs.close_host.host_frames.received)\", unit: \"%\"}}"
    );
    let _ = writeln!(y, "  responses_failed: {{is: \"sum(runs.*.responses.failed)\"}}");
    let _ = writeln!(y, "  responses_all: {{is: \"sum(runs.*.responses.complete) + responses_failed\"}}");
    let _ = writeln!(y, "  busy_mean: {{is: \"mean(runs.*.cpu.busy_percent)\", unit: \"%\"}}");
    let _ = writeln!(y, "  port_max: {{is: \"max(runs.*.pc_port.bits_per_s)\", unit: bit/s}}");
    let conns = "runs.close_coproc.responses.complete / seconds";
    let _ = writeln!(y, "  conns_per_s: {{is: \"{conns}\", unit: connections/s}}");
    y
}

/// States figures: the computed value written like `like` (e.g. "1,000", "0.0 %",
/// "0 Mbit/s"), tagged unless plain, and checked before it is used.
struct Figures<'a> {
    data: &'a RunData,
    plain: bool,
}

impl Figures<'_> {
    fn tag(&self, name: &str, like: &str) -> Result<String, Box<dyn std::error::Error>> {
        let computed = self.data.resolve(name).map_err(|e| format!("{name}: {e}"))?;
        // A small value stated as zero is an error ("0" passes only for zero), so such a
        // value is written with as many more decimals as it takes, as an author would.
        let mut like = like.to_string();
        let mut more = 0;
        let text = loop {
            let like_stated = parse_stated(&like).map_err(|e| format!("{like}: {e:?}"))?;
            let text = format_like(computed.value, &like_stated, &like);
            let stated = parse_stated(&text).map_err(|e| format!("{text}: {e:?}"))?;
            match check(&stated, &computed, false) {
                Ok(_) => break text,
                Err(_) if more < 3 && computed.value != 0.0 => {
                    like = one_more_decimal(&like);
                    more += 1;
                }
                Err(e) => return Err(format!("{name} stated as {text}: {e}").into()),
            }
        };
        Ok(if self.plain { text } else { format!("[{text}]{{={name}}}") })
    }
}

/// `like` with one more decimal: `0 %` → `0.0 %`, `0.0 %` → `0.00 %`.
fn one_more_decimal(like: &str) -> String {
    let end = like.find(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.')).unwrap_or(like.len());
    let (number, rest) = like.split_at(end);
    if number.contains('.') { format!("{number}0{rest}") } else { format!("{number}.0{rest}") }
}

type Result2 = Result<String, Box<dyn std::error::Error>>;

fn table(f: &Figures, header: &str, labels: [&str; 4]) -> Result2 {
    let mut out = String::from(header);
    for (run, label) in RUNS.iter().zip(labels) {
        let _ = writeln!(
            out,
            "| {label} | {} | {} / {} | {} | {} | {} |",
            f.tag(&format!("busy_{run}"), "0.0 %")?,
            f.tag(&format!("runs.{run}.host_frames.received"), "1,000")?,
            f.tag(&format!("runs.{run}.host_frames.sent"), "1,000")?,
            f.tag(&format!("port_{run}"), "0 Mbit/s")?,
            f.tag(&format!("runs.{run}.responses.complete"), "1,000")?,
            f.tag(&format!("bodies_{run}"), "0.0 Mbit/s")?,
        );
    }
    Ok(out)
}

fn english_page(f: &Figures, name: &str, day: jiff::civil::Date, appliance: &str, image: bool) -> Result2 {
    let picture = if image {
        "## The run's window {#the-runs-window}\n\n![The console window of the run with connections kept open and the coprocessor forwarding: curl's counts, the host's frame counts and the rate at the PC's port](shots/keep-coproc.png)\n\n"
    } else {
        ""
    };
    let table = table(
        f,
        "| run | CPUs busy | frames received / sent | at the PC's port | complete responses | bodies |\n|---|---|---|---|---|---|\n",
        ["kept open, coprocessor", "kept open, host", "new each time, coprocessor", "new each time, host"],
    )?;
    let t = |name: &str, like: &str| f.tag(name, like);
    Ok(format!(
        "---
title: \"Synthetic bench run {name}\"
date: {day}
kind: measurement
appliances: [{appliance}]
summary: \"A synthetic measurement page for benchmarks: HTTP through the appliance, connections kept open and opened anew, forwarded by the coprocessor and by the host.\"
---

This page is generated for benchmarks and describes no real run. The clients were
{clients} curl processes, each with {per_client} transfers going at once, so {connections}
connections in all, each asking for a file of {body} bytes over and over for the seconds
a run lasted, {seconds}. The connections were either kept open or closed after every response.

## The bench {{#the-bench}}

- **Clients.** curl on the PC, bound to the PC's port on the appliance's LAN.
- **Server.** lighttpd on the far appliance's host, serving one file of random bytes.
- **Path.** From the PC's port through the appliance and out of its far port. The link
  runs at an MTU of {mtu} bytes, so one response takes about {fpr} full frames.

## How it was taken {{#how-it-was-taken}}

The appliance read its own frame counts from second twenty to second thirty, and its CPU
time over the run. The traffic was read where it arrived: the bytes the PC's port received
over ten seconds, and the complete responses curl counted over the whole run.

## What it carried {{#what-it-carried}}

{table}
**The link was full every time.** At most {port_max} arrived at the PC's port.
With a new connection for each response the host still received {share} of the frames it
handled when it forwarded everything itself, and the CPUs were {busy_mean} busy on average.
The coprocessor's run set up {conns}.

**Few failures.** {failed} of the {all} responses failed, and
{kept} of them completed over connections kept open with the coprocessor forwarding.

{picture}## What it does not mean {{#what-it-does-not-mean}}

- It is not the appliance's ceiling: the gigabit link was the limit in every run.
- The rate at the PC's port counts the frames' headers too; only the bodies are payload.
- The page is synthetic: the numbers are drawn from a seeded generator.
",
        clients = t("clients", "1")?,
        per_client = t("per_client", "1")?,
        connections = t("connections", "1,000")?,
        body = t("body_bytes", "1,000")?,
        seconds = t("seconds", "1")?,
        mtu = t("mtu", "1,000")?,
        fpr = t("frames_per_response", "1")?,
        port_max = t("port_max", "0 Mbit/s")?,
        share = t("host_share", "0 %")?,
        busy_mean = t("busy_mean", "0.0 %")?,
        conns = t("conns_per_s", "1 connections a second")?,
        failed = t("responses_failed", "1")?,
        all = t("responses_all", "1,000")?,
        kept = t("runs.keep_coproc.responses.complete", "1,000")?,
    ))
}

fn japanese_page(
    f: &Figures,
    name: &str,
    day: jiff::civil::Date,
    appliance: &str,
    image: bool,
    hash: &str,
) -> Result2 {
    let picture = if image {
        "## 実行のウィンドウ {#the-runs-window}\n\n![接続を開いたままにしてコプロセッサーが転送した実行のコンソールウィンドウ：curl の集計、ホストのフレーム数、PC のポートでの速度](shots/keep-coproc.png)\n\n"
    } else {
        ""
    };
    let table = table(
        f,
        "| 実行 | CPU 使用率 | 受信 / 送信フレーム | PC のポート | 完了した応答 | 本文 |\n|---|---|---|---|---|---|\n",
        ["開いたまま、コプロセッサー", "開いたまま、ホスト", "毎回新規、コプロセッサー", "毎回新規、ホスト"],
    )?;
    let t = |name: &str, like: &str| f.tag(name, like);
    Ok(format!(
        "---
title: \"合成の測定ページ {name}\"
date: {day}
kind: measurement
appliances: [{appliance}]
summary: \"ベンチマーク用に生成した測定ページ。機器を通る HTTP、接続を開いたままにした場合と毎回開き直した場合。\"
translates: {hash}
---

このページはベンチマーク用に生成したもので、実際の実行を記録したものではありません。
クライアントは {clients} 個の curl プロセスで、それぞれが {per_client} 件の転送を同時に行い、
合わせて {connections} 本の接続が、{body} バイトのファイルを 1 回の実行の秒数（{seconds}）のあいだ繰り返し要求しました。

## 試験台 {{#the-bench}}

- **クライアント。** PC 上の curl。機器の LAN 側にある PC のポートに結び付けています。
- **サーバー。** 向こう側の機器のホストで動く lighttpd。
- **経路。** PC のポートから機器を通って向こう側のポートへ。MTU は {mtu} バイトなので、
  一つの応答はおよそ {fpr} 個のフレームになります。

## 測り方 {{#how-it-was-taken}}

機器は実行の途中の十秒間のフレーム数と、実行中の CPU 時間を自分で読みました。
通信量は届いた場所で読みました。

## 運んだもの {{#what-it-carried}}

{table}
**リンクは毎回いっぱいでした。** PC のポートに届いたのは最大 {port_max} です。
応答ごとに新しい接続を使った場合でも、ホストはすべてを自分で転送したときの {share} の
フレームを受け取り、CPU は平均 {busy_mean} 使われていました。
コプロセッサーの実行では {conns} で接続ができました。

**失敗はわずかでした。** {all} 件の応答のうち {failed} 件が失敗し、
{kept} 件は開いたままの接続でコプロセッサーが転送して完了しました。

{picture}## 意味しないこと {{#what-it-does-not-mean}}

- 機器の上限ではありません。どの実行でもギガビットのリンクが上限でした。
- このページは合成です。数値は種から生成しています。
",
        clients = t("clients", "1")?,
        per_client = t("per_client", "1")?,
        connections = t("connections", "1,000")?,
        body = t("body_bytes", "1,000")?,
        seconds = t("seconds", "1")?,
        mtu = t("mtu", "1,000")?,
        fpr = t("frames_per_response", "1")?,
        port_max = t("port_max", "0 Mbit/s")?,
        share = t("host_share", "0 %")?,
        busy_mean = t("busy_mean", "0.0 %")?,
        conns = t("conns_per_s", "1 接続/秒")?,
        failed = t("responses_failed", "1")?,
        all = t("responses_all", "1,000")?,
        kept = t("runs.keep_coproc.responses.complete", "1,000")?,
    ))
}

/// A 1920×1080 "screenshot": a light window, dark text-like bars and a noisy photo-like
/// panel (which compresses poorly, as a photograph does), encoded as stamping encodes.
fn screenshot(rng: &mut Rng) -> Vec<u8> {
    let (w, h) = (WIDTH as usize, HEIGHT as usize);
    let mut pixels = vec![0u8; w * h * 3];
    for chunk in pixels.chunks_exact_mut(3) {
        chunk.copy_from_slice(&[248, 248, 250]);
    }
    let mut fill = |x0: usize, y0: usize, x1: usize, y1: usize, rgb: [u8; 3]| {
        for y in y0..y1.min(h) {
            for x in x0..x1.min(w) {
                let at = (y * w + x) * 3;
                pixels[at..at + 3].copy_from_slice(&rgb);
            }
        }
    };
    // A title bar and forty lines of "text": words as dark blocks of varying length.
    fill(0, 0, w, 28, [222, 222, 226]);
    for line in 0..40 {
        let top = 40 + line * 24;
        let mut x = 40;
        let end = 40 + rng.range(200, 1500) as usize;
        while x < end {
            let word = rng.range(12, 90) as usize;
            fill(x, top, x + word, top + 12, [40, 40, 48]);
            x += word + 8;
        }
    }
    // A photo-like panel.
    let mut noise = vec![0u8; 560 * 400 * 3];
    for chunk in noise.chunks_exact_mut(8) {
        chunk.copy_from_slice(&rng.next().to_le_bytes());
    }
    for y in 0..400 {
        let at = ((600 + y) * w + 1300) * 3;
        pixels[at..at + 560 * 3].copy_from_slice(&noise[y * 560 * 3..(y + 1) * 560 * 3]);
    }
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Default, FilterType::Adaptive)
        .write_image(&pixels, WIDTH, HEIGHT, ExtendedColorType::Rgb8)
        .expect("an RGB buffer of the right size encodes");
    out
}

/// A family page: (100 × 3 + 0 × 2) ÷ 5 = 60 % complete.
fn family_page(title: &str) -> String {
    format!(
        "---\ntitle: {title}\nkind: family\n---\n\nA synthetic appliance.\n\n\
         | piece of work | done | weight |\n|---|---|---|\n\
         | HTTP up to a gigabit | 100 % | 3 |\n| above a gigabit | 0 % | 2 |\n"
    )
}

/// README.md with the completion block of the two family pages.
const README: &str = "# Synthetic bench\n\n<!-- tally:completion -->\n\
- `████████████░░░░░░░░` 60 % [XGS 136](content/families/xgs-136.md)\n\
- `████████████░░░░░░░░` 60 % [XGS 3300](content/families/xgs-3300.md)\n\
<!-- /tally:completion -->\n";

const SITE_YAML: &str = r#"# A synthetic site for benchmarks (examples/corpus.rs).
title: {en: "Synthetic bench", ja: "合成の試験台"}
description:
  en: "Synthetic measurement pages, generated for benchmarks."
  ja: "ベンチマーク用に生成した測定ページ。"
base_url: "https://bench.example.org"
languages: [en, ja]
owner: "The XGS bench project"
licence: {name: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/"}
required_sections:
  how_taken: {en: ["The bench", "How it was taken"], ja: ["試験台", "測り方"]}
  limits: {en: ["Not measured", "What it does not mean"], ja: ["測っていないこと", "意味しないこと"]}
family_columns: {done: {en: "done", ja: "完了"}, weight: {en: "weight", ja: "重み"}}
figures: {min_coverage: 0.9}
originals: {publish: false, path: originals}
"#;
