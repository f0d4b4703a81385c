//! What the browser tests share: the server in this process, `chromedriver` and headless
//! Chromium driven with the fantoccini WebDriver client, and small helpers to wait, click,
//! read and take screenshots (into `target/e2e-screenshots/`).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`scripts/test.sh` installs them). Without
//! them a test fails, saying what to install: a browser test that did not run must never be
//! counted as passed. `GRUNDY_CHROMEDRIVER` and `GRUNDY_CHROMIUM` override the binaries' paths.

#![allow(dead_code)] // each test file uses its own share of the helpers

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

/// How long a wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(20);
/// A desktop window and a phone.
pub const DESKTOP: (u32, u32) = (1280, 900);
pub const PHONE: (u32, u32) = (390, 844);

/// The human may move (a live board of any drawing).
pub const MY_TURN: &str = "document.querySelector('.tokens.live, #wythoff-board.live, .drawing.live, #hb-board.live, .move-choice:not([disabled])') !== null && !document.getElementById('typed-move').querySelector('button').disabled";
/// The result box is shown.
pub const GAME_OVER: &str = "!document.getElementById('result').hidden";

/// A chromedriver process, killed when dropped.
pub struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server, the driver and the browser of one test.
pub struct Session {
    pub client: Client,
    pub url: String,
    _driver: Driver,
    /// Chromium's profile, removed after the browser and the driver are gone (fields drop in
    /// order).
    _profile: tempfile::TempDir,
}

impl Session {
    /// Starts the server, chromedriver and Chromium (a desktop window).
    pub async fn start() -> Session {
        let (driver_path, chromium) = browser();
        let url = start_server().await;
        let profile = tempfile::Builder::new()
            .prefix("grundy-e2e-")
            .tempdir()
            .expect("a profile directory");
        // A driver that dies at start (its port taken between `free_port` and its bind, on a
        // machine running other tests) refuses the session: a fresh driver on a fresh port is
        // tried, at most `STARTS` times, and the test fails if none starts.
        const STARTS: u32 = 3;
        let mut attempt = 1;
        let (driver, client) = loop {
            let driver = start_driver(&driver_path).await;
            match start_browser(&driver, &chromium, profile.path()).await {
                Ok(client) => break (driver, client),
                Err(e) if attempt < STARTS => {
                    eprintln!("the browser did not start (attempt {attempt}): {e}; again");
                    attempt += 1;
                }
                Err(e) => panic!("the browser did not start ({STARTS} attempts): {e}"),
            }
        };
        client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
        Session {
            client,
            url,
            _driver: driver,
            _profile: profile,
        }
    }

    /// Closes the browser (the driver goes with the session).
    pub async fn close(self) {
        let _ = self.client.close().await;
    }
}

fn binary(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from)
}

fn free_port() -> u16 {
    let listener = StdListener::bind("127.0.0.1:0").expect("a free loopback port");
    listener.local_addr().expect("bound").port()
}

/// The browser binaries; the test fails (saying what to install) when they are missing.
fn browser() -> (PathBuf, PathBuf) {
    let driver = binary("GRUNDY_CHROMEDRIVER", "/usr/bin/chromedriver");
    let chromium = binary("GRUNDY_CHROMIUM", "/usr/bin/chromium");
    assert!(
        driver.exists() && chromium.exists(),
        "end-to-end browser test cannot run: {} or {} is missing (install Debian's chromium and chromium-driver, or run scripts/test.sh)",
        driver.display(),
        chromium.display()
    );
    (driver, chromium)
}

async fn start_driver(path: &Path) -> Driver {
    let port = free_port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", path.display()));
    let mut driver = Driver { child, port };
    let deadline = Instant::now() + WAIT;
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "chromedriver did not start on port {port}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Something answers on the port; the driver itself must still be running (were the port
    // taken, it would have exited and the session would go to whatever holds the port).
    if let Ok(Some(status)) = driver.child.try_wait() {
        eprintln!("chromedriver exited ({status}) on port {port}");
    }
    driver
}

async fn start_browser(
    driver: &Driver,
    chromium: &Path,
    profile: &Path,
) -> Result<Client, fantoccini::error::NewSessionError> {
    let args = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1280,900",
    ];
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({ "binary": chromium, "args": args }),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
}

async fn start_server() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(grundy_server::serve_on(
        listener,
        grundy_server::Config::default(),
    ));
    format!("http://{addr}/")
}

/// Evaluates a JavaScript expression in the page.
pub async fn eval(client: &Client, expr: &str) -> Value {
    client
        .execute(&format!("return ({expr});"), vec![])
        .await
        .unwrap_or_else(|e| panic!("evaluating {expr}: {e}"))
}

fn truthy(v: &Value) -> bool {
    !(v.is_null() || v == &json!(false) || v == &json!("") || v == &json!(0))
}

/// Waits until the JavaScript expression is truthy.
pub async fn wait_until(client: &Client, expr: &str) {
    let deadline = Instant::now() + WAIT;
    loop {
        if truthy(&eval(client, expr).await) {
            return;
        }
        if Instant::now() > deadline {
            let status = eval(client, "document.getElementById('status').textContent").await;
            let error = eval(client, "document.getElementById('setup-error').textContent").await;
            // The hint panel says whether a hint asked for is still coming or was refused.
            let hint = eval(
                client,
                "(() => { const p = document.getElementById('hint-panel'); return p ? (p.hidden ? '(hidden) ' : '') + p.textContent : null; })()",
            )
            .await;
            panic!(
                "timed out waiting for {expr} (status: {status}; setup error: {error}; hint panel: {hint})"
            );
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
}

/// The text of element `id`.
pub async fn text(client: &Client, id: &str) -> String {
    let v = eval(
        client,
        &format!("document.getElementById('{id}').textContent"),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

/// Asserts that element `id`'s text contains every one of `needles`.
pub async fn assert_text_contains(client: &Client, id: &str, needles: &[&str]) {
    let text = text(client, id).await;
    for needle in needles {
        assert!(text.contains(needle), "#{id} lacks {needle:?}: {text}");
    }
}

/// Waits until element `id`'s text contains `needle`.
pub async fn wait_text(client: &Client, id: &str, needle: &str) {
    let needle_js = serde_json::to_string(needle).unwrap();
    wait_until(
        client,
        &format!("document.getElementById('{id}').textContent.includes({needle_js})"),
    )
    .await;
}

/// Clicks the first element matching `css`. The page redraws its board when answers arrive
/// (the valued moves, a tile of values), which can replace the element between finding and
/// clicking it, or lay it out again: then it is found again, a few times at most.
pub async fn click(client: &Client, css: &str) {
    let mut tries = 0;
    loop {
        let element = client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css}: {e}"));
        match element.click().await {
            Ok(()) => return,
            Err(e) if tries < 5 && e.to_string().contains("stale element") => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            // Laid out again meanwhile (a resize to the phone's width, a panel redrawn under
            // load): for two seconds at most, then the failure stands.
            Err(e) if tries < 20 && e.to_string().contains("not interactable") => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("clicking {css}: {e}"),
        }
    }
}

/// Types `keys` into the input `css`, replacing what it holds.
pub async fn type_into(client: &Client, css: &str, keys: &str) {
    let input = client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"));
    input.clear().await.unwrap();
    input.send_keys(keys).await.unwrap();
}

/// Opens a page state given in the URL (`#game=...`). The page reads its hash on load, and a
/// new hash on the same page is no load: so the page is left first for a blank one.
pub async fn open(client: &Client, url: &str) {
    navigate(&format!("opening {url}"), || async {
        client.goto("about:blank").await?;
        client.goto(url).await
    })
    .await;
    wait_until(client, "document.getElementById('game').options.length > 0").await;
}

/// Loads the page again, as the browser's reload button does (the game is in the link).
pub async fn reload(client: &Client) {
    navigate("reloading the page", || client.refresh()).await;
}

/// Runs a navigation, asked again (three times at most) when ChromeDriver reports it aborted
/// or timed out: the page rewrites its own link (`history.replaceState`) as its answers
/// arrive, and a load begun meanwhile was seen in CI to fail with "timeout from aborted by
/// navigation" (tests/e2e_big_heaps.rs). Any other failure, or a third, stands.
async fn navigate<F, Fut>(what: &str, load: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Result<(), fantoccini::error::CmdError>>,
{
    for attempt in 1.. {
        match load().await {
            Ok(()) => return,
            Err(e)
                if attempt < 3
                    && (e.to_string().contains("aborted by navigation")
                        || e.to_string().contains("timeout")) =>
            {
                eprintln!("{what}: {e}; asked again");
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

/// Saves a screenshot of the window as `target/e2e-screenshots/{name}.png`.
pub async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).unwrap();
}

/// `target/e2e-screenshots/`, created.
pub fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Scrolls element `id` into view (for screenshots of panels).
pub async fn scroll_to(client: &Client, id: &str) {
    eval(
        client,
        &format!("document.getElementById('{id}').scrollIntoView({{block: 'start'}}) || true"),
    )
    .await;
}

/// The number of `#history li`.
pub async fn moves_played(client: &Client) -> u64 {
    eval(client, "document.querySelectorAll('#history li').length")
        .await
        .as_u64()
        .unwrap()
}

/// Waits until the server's valued moves of the position on the board have arrived.
pub async fn values_loaded(client: &Client) {
    wait_until(client, "state.values !== null").await;
}

/// Asks for a hint and waits for its highlight on the board.
pub async fn hint(client: &Client) {
    click(client, "#hint-btn").await;
    wait_until(
        client,
        "state.hint !== null && document.querySelector('.hinted') !== null",
    )
    .await;
}

/// What is highlighted and not yet selected, by the hint.
const UNPICKED_HINTS: &str = "document.querySelectorAll('.hinted:not(.selected)').length";

/// Plays the hinted move by clicking what the hint highlights, each highlighted thing once (a
/// domino's two squares, a move's coins), then the drawing's Move or Turn button when it has
/// one, and waits for the move to be recorded.
pub async fn play_hint(client: &Client) {
    let before = moves_played(client).await;
    values_loaded(client).await;
    let hinted = eval(client, "moveText(state.hint.move)").await;
    let played =
        format!("document.querySelectorAll('#history li').length > {before} || {GAME_OVER}");
    loop {
        let left = eval(client, UNPICKED_HINTS).await.as_u64().unwrap();
        if left == 0 || eval(client, &played).await == json!(true) {
            break;
        }
        click(client, ".hinted:not(.selected)").await;
        wait_until(client, &format!("({played}) || {UNPICKED_HINTS} < {left}")).await;
    }
    if eval(client, &played).await != json!(true) {
        let confirm = "[...document.querySelectorAll('#row-move, .confirm-move')].find((b) => b.offsetParent !== null)";
        wait_until(client, &format!("{confirm} && !{confirm}.disabled")).await;
        click(client, "#row-bar:not([hidden]) #row-move, .confirm-move").await;
    }
    wait_until(
        client,
        &format!("document.querySelectorAll('#history li').length > {before} || {GAME_OVER}"),
    )
    .await;
    // What the highlight played is exactly the move the hint named.
    let played = eval(
        client,
        &format!("state.history[{before}] && state.history[{before}].text"),
    )
    .await;
    assert_eq!(played, hinted, "the highlighted move is the hinted one");
}

/// Follows the hints until the game is over (at most `most` moves of the human).
pub async fn follow_hints_to_the_end(client: &Client, most: usize) {
    for _ in 0..most {
        wait_until(client, &format!("({MY_TURN}) || {GAME_OVER}")).await;
        if eval(client, GAME_OVER).await == json!(true) {
            return;
        }
        hint(client).await;
        play_hint(client).await;
    }
    wait_until(client, GAME_OVER).await;
}

/// How many elements match `css`.
pub async fn count(client: &Client, css: &str) -> u64 {
    eval(
        client,
        &format!("document.querySelectorAll({css:?}).length"),
    )
    .await
    .as_u64()
    .unwrap()
}

/// Screenshots `name-1280` and `name-390` of element `id`, at the desktop and phone sizes.
pub async fn both_sizes(client: &Client, name: &str, id: &str) {
    for (size, (w, h)) in [("1280", DESKTOP), ("390", PHONE)] {
        client.set_window_size(w, h).await.unwrap();
        scroll_to(client, id).await;
        screenshot(client, &format!("{name}-{size}")).await;
    }
    client.set_window_size(DESKTOP.0, DESKTOP.1).await.unwrap();
}

/// Waits for the human's turn with the moves valued.
pub async fn my_turn(client: &Client) {
    wait_until(client, MY_TURN).await;
    values_loaded(client).await;
}

/// axe-core 4.14.1, from npm (`npm pack axe-core`), MPL-2.0 (its licence header kept):
/// injected into the page by the tests, never served by the app.
const AXE: &str = include_str!("axe.min.js");

/// axe-core's violations on the page as it is: [[rule, impact, nodes], ...].
pub async fn axe(client: &Client) -> Vec<(String, String, u64)> {
    client
        .execute(&format!("{AXE}\n;return true;"), vec![])
        .await
        .unwrap();
    let found = client
        .execute_async(
            "const done = arguments[0]; axe.run(document, {resultTypes: ['violations']}).then((r) => done(r.violations.map((v) => [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(' ')]))).catch((e) => done(String(e)));",
            vec![],
        )
        .await
        .unwrap();
    let list = found
        .as_array()
        .unwrap_or_else(|| panic!("axe failed: {found}"));
    list.iter()
        .map(|v| {
            let s = |k: usize| v[k].as_str().unwrap_or_default().to_string();
            println!(
                "  axe: {} ({}) on {} element(s), first {}",
                s(0),
                s(1),
                v[2],
                s(3)
            );
            (s(0), s(1), v[2].as_u64().unwrap_or(0))
        })
        .collect()
}

/// Counts by impact, printed (the measure), and no serious or critical violation.
pub fn check_axe(tab: &str, found: &[(String, String, u64)]) {
    let by = |impact: &str| found.iter().filter(|v| v.1 == impact).count();
    println!(
        "axe, {tab}: critical {}, serious {}, moderate {}, minor {}",
        by("critical"),
        by("serious"),
        by("moderate"),
        by("minor")
    );
    let bad: Vec<_> = found
        .iter()
        .filter(|v| v.1 == "serious" || v.1 == "critical")
        .collect();
    assert!(bad.is_empty(), "{tab}: {bad:?}");
}
