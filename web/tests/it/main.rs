//! The web board's one integration-test binary: a server on a free loopback port,
//! driven through raw HTTP as a page (or a hostile client) would.

mod api;
mod client;
mod design;
mod hostile;
