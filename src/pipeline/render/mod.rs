//! The render stage: each file of the site made from what the earlier stages handed over.
//! A page of `content/` ([`page`]), the generated pages (listings, feeds, sitemap, 404),
//! stamped images, and the files published as they are. Templates see views only; nothing
//! here computes a figure or checks a claim.

mod contents;
pub(crate) mod copies;
mod evidence;
pub(crate) mod generated;
pub(crate) mod images;
pub(crate) mod page;
mod pictures;
mod site_view;
pub(crate) mod sources;
