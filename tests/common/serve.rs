//! A running `tally serve` for the tests that talk to it over HTTP on 127.0.0.1, started
//! the way the README says (from the site's folder, default root), and one-shot GETs.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::Site;

/// How long a poll may wait before the test fails: far beyond any rebuild.
pub const DEADLINE: Duration = Duration::from_secs(60);

/// A running `tally serve --port 0`, killed when dropped.
pub struct Serve {
    child: Child,
    pub port: u16,
    pub first_line: String,
    stderr: Arc<Mutex<String>>,
}

impl Serve {
    /// `tally serve --port 0` as the README runs it: from the site's folder, with the
    /// default root.
    pub fn start(site: &Site) -> Serve {
        Serve::start_in(site.root(), &[])
    }

    /// `tally serve --port 0 EXTRA...` run from the folder `cwd`.
    pub fn start_in(cwd: &Path, extra: &[&str]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tally"))
            .args(["serve", "--port", "0"])
            .args(extra)
            .current_dir(cwd)
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starting tally serve");
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut pipe = child.stderr.take().expect("stderr");
        let collected = stderr.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = pipe.read(&mut buffer) {
                collected.lock().expect("the stderr buffer").push_str(&String::from_utf8_lossy(&buffer[..n]));
            }
        });
        let mut first_line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        stdout.read_line(&mut first_line).expect("reading stdout");
        let port = first_line
            .strip_prefix("serving http://127.0.0.1:")
            .and_then(|rest| rest.split('/').next())
            .and_then(|port| port.parse().ok());
        let Some(port) = port else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no address printed: {first_line:?}; stderr: {}", stderr.lock().expect("stderr"));
        };
        Serve { child, port, first_line, stderr }
    }

    pub fn get(&self, path: &str) -> Response {
        get(self.port, path)
    }

    pub fn stderr(&self) -> String {
        self.stderr.lock().expect("the stderr buffer").clone()
    }

    /// Polls `path` until `done` holds for its response; fails at the deadline.
    pub fn wait_for(&self, path: &str, what: &str, done: impl Fn(&Response) -> bool) -> Response {
        let start = Instant::now();
        loop {
            let response = self.get(path);
            if done(&response) {
                return response;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "{what} never happened; last: {response:?}\n{}",
                self.stderr()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until stderr holds `count` lines starting with `prefix`.
    pub fn wait_for_lines(&self, prefix: &str, count: usize) {
        let start = Instant::now();
        while count_lines(&self.stderr(), prefix) < count {
            assert!(start.elapsed() < DEADLINE, "never {count} × {prefix:?}:\n{}", self.stderr());
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn count_lines(text: &str, prefix: &str) -> usize {
    text.lines().filter(|line| line.starts_with(prefix)).count()
}

#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub head: String,
    pub body: String,
}

/// One GET with the path sent exactly as given (no client normalises it away).
pub fn get(port: u16, path: &str) -> Response {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connecting");
    stream.set_read_timeout(Some(DEADLINE)).expect("a read timeout");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").expect("sending");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("reading the response");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    Response { status, head: head.to_string(), body: body.to_string() }
}
