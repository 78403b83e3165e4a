//! A headless Chromium driven over the DevTools protocol: started on a
//! fresh profile with the flags a closed network needs, one page attached
//! (a flattened session on the browser's websocket), commands sent and
//! their answers awaited, every wait bounded. The browser is killed when
//! dropped.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// How long any one command or wait may take.
const TIMEOUT: Duration = Duration::from_secs(60);

/// A running headless Chromium with one page.
pub struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
}

impl Browser {
    /// Starts `chromium` on a fresh profile in `profile` and opens a blank page.
    pub fn start(chromium: &Path, profile: &Path) -> Browser {
        let mut child = Command::new(chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--remote-debugging-port=0",
                "about:blank",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromium.display()));
        // The websocket's address comes on standard error; the rest of it is
        // drained so that the browser never blocks on a full pipe.
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let url = match rx.recv_timeout(TIMEOUT) {
            Ok(url) => url,
            Err(_) => {
                let _ = child.kill();
                panic!("chromium did not say where its DevTools listen");
            }
        };
        let (socket, _) = tungstenite::connect(url.as_str())
            .unwrap_or_else(|e| panic!("cannot connect to {url}: {e}"));
        if let MaybeTlsStream::Plain(tcp) = socket.get_ref() {
            tcp.set_read_timeout(Some(TIMEOUT)).expect("read timeout");
        }
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
        };
        let target = browser.browser_command("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().expect("targetId").to_string();
        let attached = browser.browser_command(
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"]
            .as_str()
            .expect("sessionId")
            .to_string();
        browser.command("Page.enable", json!({}));
        browser.command("Runtime.enable", json!({}));
        browser
    }

    fn send(&mut self, method: &str, params: Value, session: Option<String>) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = Value::String(s);
        }
        self.socket
            .send(Message::Text(message.to_string().into()))
            .unwrap_or_else(|e| panic!("{method}: cannot send: {e}"));
        let started = Instant::now();
        loop {
            assert!(started.elapsed() < TIMEOUT, "{method}: no answer");
            let reply = self
                .socket
                .read()
                .unwrap_or_else(|e| panic!("{method}: cannot read: {e}"));
            let Message::Text(text) = reply else { continue };
            let value: Value = serde_json::from_str(text.as_str()).expect("DevTools sends JSON");
            if value["id"].as_u64() != Some(id) {
                continue; // an event
            }
            if let Some(error) = value.get("error") {
                panic!("{method}: {error}");
            }
            return value["result"].clone();
        }
    }

    fn browser_command(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None)
    }

    /// Sends a command to the page and returns its result.
    pub fn command(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(method, params, Some(session))
    }

    /// Evaluates `expression` in the page (awaiting a promise) and returns its
    /// value; a thrown exception fails the test.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.command(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(e) = result.get("exceptionDetails") {
            panic!("the page threw on {expression}: {e}");
        }
        result["result"]["value"].clone()
    }

    /// Presses and releases a key (`key` as the DOM names it: `ArrowRight`,
    /// `Enter`; `code` its virtual key code) on the focused element.
    pub fn press(&mut self, key: &str, code: u32) {
        let text = if key == "Enter" { "\r" } else { "" };
        for kind in ["keyDown", "keyUp"] {
            self.command(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code,
                       "text": if kind == "keyDown" { text } else { "" }}),
            );
        }
    }

    /// Chooses `files` in the file input `selector`, as a person picking them
    /// in the file dialog would.
    pub fn choose_files(&mut self, selector: &str, files: &[PathBuf]) {
        let document = self.command("DOM.getDocument", json!({}));
        let root = document["root"]["nodeId"].clone();
        let node = self.command(
            "DOM.querySelector",
            json!({"nodeId": root, "selector": selector}),
        );
        let files: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        self.command(
            "DOM.setFileInputFiles",
            json!({"nodeId": node["nodeId"], "files": files}),
        );
    }

    /// Sets the window's size (CSS pixels).
    pub fn viewport(&mut self, width: u32, height: u32, mobile: bool) {
        self.command(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    /// Opens `url` and waits until `ready` (a JavaScript expression) is true.
    pub fn open(&mut self, url: &str, ready: &str) {
        self.command("Page.navigate", json!({"url": url}));
        self.wait_for(ready);
    }

    /// Waits until `condition` (a JavaScript expression) is true; while it
    /// throws (the page not there yet), it is false.
    pub fn wait_for(&mut self, condition: &str) {
        let started = Instant::now();
        let test = format!(
            "(() => {{ try {{ return Boolean({condition}); }} catch (e) {{ return false; }} }})()"
        );
        while self.eval(&test) != Value::Bool(true) {
            assert!(
                started.elapsed() < TIMEOUT,
                "waited too long for {condition}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Saves a PNG of the whole page to `path`.
    pub fn screenshot(&mut self, path: &PathBuf) {
        let shot = self.command(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true}),
        );
        let data = shot["data"].as_str().expect("screenshot data");
        std::fs::write(path, decode_base64(data)).expect("write the screenshot");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Standard base64 (the screenshot's encoding) decoded.
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let v: Vec<u32> = chunk.iter().map(|&c| u32::from(value(c))).collect();
        let n = v.iter().fold(0u32, |acc, &x| (acc << 6) | x) << (6 * (4 - v.len()));
        let take = v.len() - 1;
        out.extend_from_slice(&n.to_be_bytes()[1..1 + take]);
    }
    out
}

#[test]
fn base64_decodes_padded_and_unpadded_text() {
    assert_eq!(decode_base64("aGVsbG8="), b"hello");
    assert_eq!(decode_base64("aGk="), b"hi");
    assert_eq!(decode_base64("YWJj"), b"abc");
}
