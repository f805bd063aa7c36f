//! Links and images that point at nothing, or out of the site.

use super::*;

#[test]
fn fails_when_a_link_points_to_a_missing_page() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n\nSee [b](b.md) for more.\n");
    fails_with_one_error(&site, "error[broken-link]: content/a.md:5:5: `b.md` is not a page of this site");
}

#[test]
fn fails_when_a_link_points_to_a_missing_anchor() {
    let site = Site::new();
    site.file("content/b.md", "---\ntitle: B\n---\n\n## The bench\n");
    site.file("content/a.md", "---\ntitle: A\n---\n\nIntro.\n\nSee [the bench](b.md#the-desk).\n");
    fails_with_one_error(
        &site,
        "error[broken-link]: content/a.md:7:5: `#the-desk` is not a heading of content/b.md",
    )
    .expect_stderr("its headings are: the-bench");
}

#[test]
fn fails_when_a_link_points_to_a_missing_anchor_on_its_own_page() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n\n## Here\n\nBack [up](#there).\n");
    fails_with_one_error(
        &site,
        "error[broken-link]: content/a.md:7:6: `#there` is not a heading of content/a.md",
    );
}

#[test]
fn fails_when_a_link_leaves_the_site() {
    let site = Site::new();
    site.file("content/a/index.md", "---\ntitle: A\n---\n\nRead [this](../../../etc/passwd).\n");
    fails_with_one_error(
        &site,
        "error[broken-link]: content/a/index.md:5:6: the link `../../../etc/passwd` leaves the site's content/",
    );
}

#[test]
fn fails_when_an_image_points_at_the_sites_own_settings() {
    let site = Site::new();
    site.file("content/a.md", "---\ntitle: A\n---\n\n![settings](../site.yaml)\n");
    fails_with_one_error(
        &site,
        "error[broken-link]: content/a.md:5:1: the image `../site.yaml` leaves the site's content/",
    );
}

#[cfg(unix)]
#[test]
fn fails_when_a_link_follows_a_symbolic_link_out_of_the_site() {
    let site = Site::new();
    site.file("outside.txt", "secret");
    std::os::unix::fs::symlink(site.path("outside.txt"), site.path("content/inside.txt"))
        .expect("a symbolic link");
    site.file("content/a.md", "---\ntitle: A\n---\n\n[x](inside.txt)\n");
    let run = site.build();
    run.expect_code(1)
        .expect_stderr("error[broken-link]: content/a.md:5:1: the link `inside.txt` does not exist");
    assert!(!site.path("site").exists());
}
