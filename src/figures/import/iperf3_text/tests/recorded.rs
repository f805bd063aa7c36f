//! Recorded real output: the installed iperf3 run on 127.0.0.1 only, server and client, and
//! both sides' text read. CI installs iperf3 from Debian: a missing one fails, never skips.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::{absent, as_written, count, number, read};
use crate::figures::import::Tree;

/// One at a time: the machine is shared, and loopback runs saturate its cores.
static IPERF3: Mutex<()> = Mutex::new(());

/// A child killed and reaped when dropped, however the test ends.
struct Reaped(Child);

impl Drop for Reaped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn wait_for(child: &mut Reaped, limit: Duration, what: &str) {
    let deadline = Instant::now() + limit;
    while child.0.try_wait().expect("try_wait").is_none() {
        assert!(Instant::now() < deadline, "{what} did not finish within {limit:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The client's and the server's text of one run `iperf3 -c 127.0.0.1 ARGS`.
fn record(args: &[&str]) -> (String, String) {
    let _one_at_a_time = IPERF3.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
        .to_string();
    // `--forceflush`: a piped iperf3 would hold `Server listening` in its buffer.
    let mut server = Reaped(
        Command::new("iperf3")
            .args(["-s", "-1", "-p", &port, "--bind", "127.0.0.1", "--forceflush"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("iperf3 must be installed (CI installs it from Debian): cannot run `iperf3`"),
    );
    let stdout = server.0.stdout.take().expect("the server's stdout");
    let (lines_tx, lines_rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines_tx.send(line);
        }
    });
    let mut server_text = String::new();
    loop {
        let line = lines_rx
            .recv_timeout(Duration::from_secs(5))
            .unwrap_or_else(|_| panic!("the iperf3 server did not listen within 5 s: {server_text}"));
        server_text.push_str(&line);
        server_text.push('\n');
        if line.starts_with("Server listening") {
            break;
        }
    }
    let mut client = Reaped(
        Command::new("iperf3")
            .args(["-c", "127.0.0.1", "-p", &port, "--connect-timeout", "3000"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot run the iperf3 client"),
    );
    wait_for(&mut client, Duration::from_secs(20), "the iperf3 client");
    let mut client_text = String::new();
    client
        .0
        .stdout
        .take()
        .expect("the client's stdout")
        .read_to_string(&mut client_text)
        .expect("the client's text");
    wait_for(&mut server, Duration::from_secs(5), "the iperf3 server (`-1`)");
    let _ = reader.join();
    server_text.extend(lines_rx.try_iter().map(|l| l + "\n"));
    (client_text, server_text)
}

/// Two readings of one figure agree: printed alike, or within the rounding of 3 digits.
fn agree(a: &Tree, a_path: &str, b: &Tree, b_path: &str) {
    let (x, y) = (number(a, a_path), number(b, b_path));
    assert!(x > 0.0 && y > 0.0, "{a_path} {x}, {b_path} {y}");
    let same_print = as_written(a, a_path) == as_written(b, b_path);
    assert!(same_print || (x - y).abs() <= 0.01 * x.max(y), "{a_path} {x} against {b_path} {y}");
}

#[test]
fn recorded_tcp_client_and_server_agree() {
    let (client_text, server_text) = record(&["-t", "1", "-b", "200M"]);
    let (client, server) = (read(&client_text), read(&server_text));
    agree(&client, "received.bits_per_second", &server, "received.bits_per_second");
    assert!(absent(&client, "received.intervals").contains("what it sent"));
    assert!(count(&client, "sent.intervals") >= 1);
    assert!(number(&client, "sent.retransmits") >= 0.0);
    assert!(count(&server, "received.intervals") >= 1);
    assert!(absent(&server, "sent").contains("client's log"));
}

#[test]
fn recorded_parallel_streams_give_the_sum() {
    let (client_text, server_text) = record(&["-t", "1", "-P", "4", "-b", "50M"]);
    let (client, server) = (read(&client_text), read(&server_text));
    agree(&client, "received.bits_per_second", &server, "received.bits_per_second");
    assert_eq!(count(&client, "streams"), 4);
    assert_eq!(count(&server, "streams"), 4);
    agree(&client, "streams.3.received.bits_per_second", &server, "streams.3.received.bits_per_second");
    assert!(count(&server, "received.intervals") >= 1);
}

#[test]
fn recorded_reverse_gives_the_clients_intervals_as_received() {
    let (client_text, server_text) = record(&["-t", "1", "-R", "-b", "200M"]);
    let (client, server) = (read(&client_text), read(&server_text));
    assert!(number(&client, "received.bits_per_second") > 0.0);
    assert!(count(&client, "received.intervals") >= 1);
    assert!(absent(&client, "sent.intervals").contains("receiving side's"));
    agree(&client, "sent.bits_per_second", &server, "sent.bits_per_second");
    assert!(absent(&server, "received").contains("-R"));
    assert!(count(&server, "sent.intervals") >= 1);
}

#[test]
fn recorded_udp_gives_loss_and_jitter_on_both_sides() {
    let (client_text, server_text) = record(&["-t", "1", "-u", "-b", "10M"]);
    let (client, server) = (read(&client_text), read(&server_text));
    agree(&client, "received.bits_per_second", &server, "received.bits_per_second");
    for run in [&client, &server] {
        assert!(number(run, "received.packets") > 0.0);
        assert!(number(run, "received.lost_packets") >= 0.0);
        assert!(number(run, "received.lost_percent") >= 0.0);
        assert_eq!(
            run.value("received.jitter").unwrap().printed.as_ref().unwrap().as_written.split(' ').nth(1),
            Some("ms")
        );
    }
    assert_eq!(number(&client, "received.packets"), number(&server, "received.packets"));
    assert!(number(&client, "sent.packets") > 0.0);
    assert!(number(&server, "received.intervals.0.packets") > 0.0);
}

#[test]
fn recorded_bidir_gives_both_directions() {
    let (client_text, server_text) = record(&["-t", "1", "--bidir", "-b", "100M"]);
    let (client, server) = (read(&client_text), read(&server_text));
    for run in [&client, &server] {
        assert!(absent(run, "received").contains("--bidir"));
        assert!(absent(run, "sent").contains("--bidir"));
    }
    agree(&client, "forward.received.bits_per_second", &server, "forward.received.bits_per_second");
    agree(&client, "reverse.sent.bits_per_second", &server, "reverse.sent.bits_per_second");
    assert!(count(&server, "forward.received.intervals") >= 1);
    assert!(count(&client, "reverse.received.intervals") >= 1);
    assert!(absent(&client, "forward.received.intervals").contains("[TX-C]"));
    assert!(absent(&server, "reverse.received").contains("client's log"));
}

#[test]
fn recorded_omitted_intervals_are_never_counted() {
    let (client_text, server_text) = record(&["-t", "2", "-O", "1", "-b", "200M"]);
    assert!(client_text.contains("(omitted)") && server_text.contains("(omitted)"));
    let (client, server) = (read(&client_text), read(&server_text));
    agree(&client, "received.bits_per_second", &server, "received.bits_per_second");
    let counted = |text: &str| {
        text.lines()
            .filter(|l| {
                l.starts_with("[  5]")
                    && l.contains(" sec ")
                    && !l.contains("(omitted)")
                    && !l.contains("sender")
                    && !l.contains("receiver")
                    // A last interval of no length (`2.00-2.00 sec`), which iperf3 prints when
                    // the run ends on a second, is no interval either.
                    && l
                        .split_whitespace()
                        .nth(2)
                        .and_then(|span| span.split_once('-'))
                        .is_none_or(|(start, end)| start != end)
            })
            .count()
    };
    assert_eq!(count(&client, "sent.intervals"), counted(&client_text));
    assert_eq!(count(&server, "received.intervals"), counted(&server_text));
    assert_eq!(number(&client, "sent.intervals.0.start"), 0.0);
}

#[test]
fn recorded_verbose_gives_the_cpu_line() {
    let (client_text, server_text) = record(&["-t", "1", "-V", "-b", "200M"]);
    let (client, server) = (read(&client_text), read(&server_text));
    agree(&client, "received.bits_per_second", &server, "received.bits_per_second");
    assert!(number(&client, "cpu.local_percent") >= 0.0);
    assert!(number(&client, "cpu.remote_percent") >= 0.0);
    assert!(as_written(&client, "cpu.local_percent").ends_with('%'));
}
