//! Which `Host` a request to the preview may name: only this machine's names (127.0.0.1,
//! localhost, [::1]) and the address the server is bound to. A web page elsewhere can make
//! a browser send requests to 127.0.0.1 under its own host name (DNS rebinding); refusing
//! every other name keeps drafts and the error page from being read that way.

use std::net::IpAddr;

/// Whether `host` (a `Host` header, with or without its port) names this server.
pub(crate) fn allowed(host: Option<&str>, bound: IpAddr) -> bool {
    let Some(host) = host else { return false };
    let name = if let Some(rest) = host.strip_prefix('[') {
        // `[::1]:1111`
        match rest.split_once(']') {
            Some((inside, after)) if after.is_empty() || port_only(after) => inside,
            _ => return false,
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if port_only(&format!(":{port}")) => name,
            Some(_) => return false,
            None => host,
        }
    };
    let name = name.to_ascii_lowercase();
    let name = name.trim_end_matches('.');
    if name == "localhost" {
        return true;
    }
    match name.parse::<IpAddr>() {
        // Bound to every address (0.0.0.0), any of the machine's addresses may be named: a
        // rebinding attack needs a host name, never an address.
        Ok(ip) => ip.is_loopback() || ip == bound || bound.is_unspecified(),
        Err(_) => false,
    }
}

fn port_only(text: &str) -> bool {
    text.strip_prefix(':').is_some_and(|port| !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_names_and_the_bound_address_are_answered() {
        let loopback: IpAddr = "127.0.0.1".parse().unwrap();
        for host in ["127.0.0.1", "127.0.0.1:1111", "localhost", "LOCALHOST:80", "[::1]", "[::1]:1111"] {
            assert!(allowed(Some(host), loopback), "{host}");
        }
        for host in
            ["evil.example", "evil.example:1111", "127.0.0.1.evil.example", "localhost.evil", "", "[::1]x"]
        {
            assert!(!allowed(Some(host), loopback), "{host}");
        }
        assert!(!allowed(None, loopback));
        let lan: IpAddr = "192.168.1.5".parse().unwrap();
        assert!(allowed(Some("192.168.1.5:1111"), lan));
        assert!(!allowed(Some("192.168.1.6:1111"), lan));
        let every: IpAddr = "0.0.0.0".parse().unwrap();
        assert!(allowed(Some("192.168.1.6:1111"), every));
        assert!(!allowed(Some("evil.example:1111"), every));
    }
}
