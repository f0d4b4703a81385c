//! End-to-end: the page in real headless Chromium, driven through `chromedriver` with the
//! fantoccini WebDriver client, against the server running in this process.
//!
//! It opens the page, starts Nim, asks for a hint and the "why" panel, takes tokens by clicking,
//! sees the computer answer, plays to the end and sees the result, and opens the sequence view;
//! then plays Wythoff's game on its board (by clicking, by keyboard and by typing), watches
//! computer against computer, and looks at the board on a phone-sized screen.
//! Screenshots go to `target/e2e-screenshots/`.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`scripts/test.sh` installs them). Without
//! them the test fails, saying what to install: a browser test that did not run must never be
//! counted as passed.
//! `GRUNDY_CHROMEDRIVER` and `GRUNDY_CHROMIUM` override the binaries' paths.

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(15);

/// A chromedriver process, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
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
    let driver = Driver { child, port };
    let deadline = Instant::now() + WAIT;
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "chromedriver did not start on port {port}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    driver
}

async fn start_browser(driver: &Driver, chromium: &Path) -> Client {
    let profile = std::env::temp_dir().join(format!("grundy-e2e-{}", std::process::id()));
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
        "--window-size=1280,1000",
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
        .unwrap_or_else(|e| panic!("the browser did not start: {e}"))
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
async fn eval(client: &Client, expr: &str) -> Value {
    client
        .execute(&format!("return ({expr});"), vec![])
        .await
        .unwrap_or_else(|e| panic!("evaluating {expr}: {e}"))
}

/// Waits until the JavaScript expression is truthy.
async fn wait_until(client: &Client, expr: &str) {
    let deadline = Instant::now() + WAIT;
    loop {
        let v = eval(client, expr).await;
        if !(v.is_null() || v == json!(false) || v == json!("") || v == json!(0)) {
            return;
        }
        if Instant::now() > deadline {
            let status = eval(client, "document.getElementById('status').textContent").await;
            panic!("timed out waiting for {expr} (status: {status})");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn text(client: &Client, id: &str) -> String {
    let v = eval(
        client,
        &format!("document.getElementById('{id}').textContent"),
    )
    .await;
    v.as_str().unwrap_or_default().to_string()
}

/// Asserts that element `id`'s text contains every one of `needles`, naming the element and
/// showing its text when it does not.
async fn assert_text_contains(client: &Client, id: &str, needles: &[&str]) {
    let text = text(client, id).await;
    for needle in needles {
        assert!(text.contains(needle), "#{id} lacks {needle:?}: {text}");
    }
}

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("clicking {css}: {e}"));
}

/// Plays the human's side by asking for a hint and clicking the hinted element (`hinted`)
/// until the game is over; `my_turn` tells when the human may move, `live` marks the board
/// while it takes moves. At most 20 moves.
async fn follow_hints_to_the_end(client: &Client, my_turn: &str, hinted: &str, live: &str) {
    for _ in 0..20 {
        wait_until(client, &format!("{my_turn} || {GAME_OVER}")).await;
        if eval(client, GAME_OVER).await == json!(true) {
            break;
        }
        click(client, "#hint-btn").await;
        wait_until(
            client,
            &format!("document.querySelector('{hinted}') !== null"),
        )
        .await;
        click(client, hinted).await;
        wait_until(
            client,
            &format!("!document.querySelector('{live}') || {GAME_OVER}"),
        )
        .await;
    }
    wait_until(client, GAME_OVER).await;
}

/// Opens a page state given in the URL (`#game=...`): the page reads its hash only on load, so
/// going to a new hash on the same page needs a refresh.
async fn open(client: &Client, url: &str) {
    client.goto(url).await.unwrap();
    client.refresh().await.unwrap();
}

async fn screenshot(client: &Client, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let png = client.screenshot().await.unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

const MY_TURN: &str = "document.querySelector('.tokens.live') !== null";
const GAME_OVER: &str = "!document.getElementById('result').hidden";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_nim_in_the_browser() {
    let (driver_path, chromium) = browser();
    let url = start_server().await;
    let driver = start_driver(&driver_path).await;
    let client = start_browser(&driver, &chromium).await;
    let result = scenario(&client, &url).await;
    let _ = client.close().await;
    drop(driver);
    result
}

async fn scenario(client: &Client, url: &str) {
    // Open the page: it starts Nim 3, 4, 5 against a perfect computer, the human first.
    client
        .goto(&format!(
            "{url}#game=nim&heaps=3,4,5&mode=human&first=human&strength=100"
        ))
        .await
        .unwrap();
    wait_until(client, MY_TURN).await;
    assert_eq!(
        eval(client, "document.querySelectorAll('.heap').length").await,
        3
    );
    screenshot(client, "01-nim-start").await;

    // A hint: [3, 4, 5] has nim-sum 2; the winning move takes 2 from the heap of 3.
    click(client, "#hint-btn").await;
    wait_until(
        client,
        "document.querySelectorAll('.token.hinted').length > 0",
    )
    .await;
    assert_text_contains(client, "hint-panel", &["Take 2 from heap 1"]).await;
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.querySelector('#why-panel table.bits') !== null",
    )
    .await;
    assert_text_contains(client, "why-panel", &["nim-sum"]).await;
    screenshot(client, "02-hint-and-why").await;

    // Take two tokens from heap 1 by clicking its second token; the computer answers.
    click(client, ".heap[data-heap='0'] .token[data-index='2']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 2",
    )
    .await;
    wait_until(client, &format!("{MY_TURN} || {GAME_OVER}")).await;
    assert_text_contains(client, "history", &["You", "Computer"]).await;
    screenshot(client, "03-computer-answered").await;

    // Play to the end, following the hints: from an N-position the perfect line wins.
    follow_hints_to_the_end(client, MY_TURN, ".token.hinted", ".tokens.live").await;
    assert_text_contains(client, "result-text", &["You win"]).await;
    screenshot(client, "04-game-over").await;

    // Undo takes back the last move of the human and the computer's answer, if any.
    click(client, "#undo-btn").await;
    wait_until(client, &format!("{MY_TURN} && !({GAME_OVER})")).await;

    // The sequence view: G(n) with the period marked.
    click(client, "#tab-sequences").await;
    wait_until(client, "document.querySelector('#seq-chart svg') !== null").await;
    assert_text_contains(client, "seq-period", &["Period"]).await;
    click(client, ".presets button[data-set='1, 4, 9']").await;
    wait_until(
        client,
        "document.getElementById('seq-period').textContent.includes('Period 5 from n = 0')",
    )
    .await;
    screenshot(client, "05-sequence").await;
    click(client, ".presets button[data-code='kayles']").await;
    wait_until(
        client,
        "document.getElementById('seq-period').textContent.includes('Period 12 from n = 71')",
    )
    .await;
    screenshot(client, "05b-kayles-sequence").await;

    // A phone-sized screen.
    client.set_window_size(390, 844).await.unwrap();
    click(client, "#tab-play").await;
    wait_until(client, "!document.getElementById('view-play').hidden").await;
    screenshot(client, "06-phone").await;

    // An octal game: split a Kayles row of 5 in the middle with the move form.
    client.set_window_size(1280, 1000).await.unwrap();
    open(
        client,
        &format!("{url}#game=octal&code=kayles&heaps=5&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, MY_TURN).await;
    let heap = client.find(Locator::Css("#any-heap")).await.unwrap();
    heap.clear().await.unwrap();
    heap.send_keys("1").await.unwrap();
    client
        .find(Locator::Css("#any-to"))
        .await
        .unwrap()
        .send_keys("2, 2")
        .await
        .unwrap();
    click(client, "#any-move button[type='submit']").await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 2",
    )
    .await;
    assert_text_contains(client, "history", &["2 + 2"]).await;
    screenshot(client, "07-kayles-split").await;

    wythoff(client, url).await;
}

const QUEEN_TURN: &str = "document.querySelector('#wythoff-board.live .sq') !== null";

/// The square `(x, y)` of the Wythoff board.
fn square(x: u64, y: u64) -> String {
    format!("#wythoff-board .sq[data-x='{x}'][data-y='{y}']")
}

/// The queen's square as the page shows it.
async fn queen_at(client: &Client) -> (u64, u64) {
    let v = eval(
        client,
        "[...document.querySelectorAll('#wythoff-board .sq.queen')].map((b) => [Number(b.dataset.x), Number(b.dataset.y)])",
    )
    .await;
    assert_eq!(v.as_array().map(Vec::len), Some(1), "one queen: {v}");
    (v[0][0].as_u64().unwrap(), v[0][1].as_u64().unwrap())
}

/// Wythoff's game: the board, a queen move by clicking, an illegal click explained, a move with
/// the keyboard, hints to the end, a phone-sized screen, and computer against computer.
async fn wythoff(client: &Client, url: &str) {
    open(
        client,
        &format!("{url}#game=wythoff&queen=10,7&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, QUEEN_TURN).await;
    // A 12x12 board (one square beyond the queen), the queen at (10, 7), (0, 0) bottom left.
    assert_eq!(
        eval(
            client,
            "document.querySelectorAll('#wythoff-board .sq').length"
        )
        .await,
        144
    );
    assert_eq!(queen_at(client).await, (10, 7));
    let below = eval(
        client,
        &format!(
            "document.querySelector(\"{}\").getBoundingClientRect().top > document.querySelector(\"{}\").getBoundingClientRect().top \
             && document.querySelector(\"{}\").getBoundingClientRect().left < document.querySelector(\"{}\").getBoundingClientRect().left",
            square(0, 0),
            square(0, 1),
            square(0, 0),
            square(1, 0)
        ),
    )
    .await;
    assert_eq!(below, json!(true), "(0, 0) is at the bottom left");
    // P-positions are marked, other squares show G(x, y) in their colour.
    for (x, y) in [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (7, 4)] {
        let class = eval(
            client,
            &format!("document.querySelector(\"{}\").className", square(x, y)),
        )
        .await;
        assert!(
            class.as_str().unwrap().contains(" p"),
            "({x}, {y}): {class}"
        );
    }
    assert_eq!(
        eval(client, &format!("document.querySelector(\"{}\").textContent", square(2, 2))).await,
        "1",
        "G(2, 2) is the mex of G(0, 2), G(1, 2), G(2, 0), G(2, 1), G(1, 1), G(0, 0) = 2, 0, 2, 0, 2, 0: 1"
    );
    assert_ne!(
        eval(
            client,
            &format!(
                "document.querySelector(\"{}\").style.background",
                square(2, 2)
            )
        )
        .await,
        ""
    );
    // An illegal click (up and right of the queen) is refused with the reason.
    click(client, &square(11, 8)).await;
    wait_until(
        client,
        "document.getElementById('status').textContent.includes('Not allowed')",
    )
    .await;
    assert_text_contains(client, "status", &["left, down or diagonally"]).await;
    screenshot(client, "08-wythoff-board").await;

    // Hint and why: from (10, 7) the winning moves go to (4, 7), (10, 6) or (7, 4).
    click(client, "#hint-btn").await;
    wait_until(
        client,
        "document.querySelector('#wythoff-board .sq.hinted') !== null",
    )
    .await;
    assert_text_contains(client, "hint-panel", &["Move the queen from (10, 7)"]).await;
    click(client, "#why-btn").await;
    wait_until(
        client,
        "document.getElementById('why-panel').textContent.includes('P-position')",
    )
    .await;
    assert_text_contains(client, "why-panel", &["(4, 7)", "a_n"]).await;
    eval(
        client,
        "document.getElementById('hint-panel').scrollIntoView() || true",
    )
    .await;
    screenshot(client, "09-wythoff-hint-why").await;

    // Click (4, 7): the queen moves there and the computer answers.
    click(client, &square(4, 7)).await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 2",
    )
    .await;
    wait_until(client, &format!("{QUEEN_TURN} || {GAME_OVER}")).await;
    assert_text_contains(client, "history", &["queen (10, 7) → (4, 7) (left 6)"]).await;
    let after = queen_at(client).await;
    assert_ne!(after, (4, 7), "the computer moved the queen");
    screenshot(client, "10-wythoff-computer-answered").await;
    // The link holds the game: the queen's square is in the address.
    let hash = eval(client, "location.hash").await;
    let hash = hash.as_str().unwrap();
    assert!(
        hash.contains("game=wythoff") && hash.contains(&format!("queen={}%2C{}", after.0, after.1)),
        "link: {hash}"
    );
    // Undo takes back the human's move and the computer's answer; play (4, 7) again.
    click(client, "#undo-btn").await;
    wait_until(
        client,
        "document.querySelector(\"#wythoff-board .sq.queen[data-x='10'][data-y='7']\") !== null",
    )
    .await;
    wait_until(client, QUEEN_TURN).await;
    assert_eq!(
        eval(client, "document.querySelectorAll('#history li').length").await,
        0
    );
    click(client, &square(4, 7)).await;
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 2",
    )
    .await;
    wait_until(client, &format!("{QUEEN_TURN} || {GAME_OVER}")).await;

    // The keyboard: the hint takes the tab stop; up, down and Enter play it.
    click(client, "#hint-btn").await;
    wait_until(
        client,
        "document.querySelector('#wythoff-board .sq.hinted[tabindex=\"0\"]') !== null",
    )
    .await;
    let target = eval(
        client,
        "[Number(document.querySelector('.sq.hinted').dataset.x), Number(document.querySelector('.sq.hinted').dataset.y)]",
    )
    .await;
    let stop = client
        .find(Locator::Css("#wythoff-board .sq[tabindex='0']"))
        .await
        .unwrap();
    stop.send_keys("\u{E013}").await.unwrap(); // ArrowUp
    let focused = eval(client, "document.activeElement.dataset.y").await;
    assert_eq!(
        focused.as_str().and_then(|y| y.parse::<u64>().ok()),
        Some(target[1].as_u64().unwrap() + 1),
        "ArrowUp moves the focus one square up"
    );
    client
        .active_element()
        .await
        .unwrap()
        .send_keys("\u{E015}\u{E007}") // ArrowDown, Enter
        .await
        .unwrap();
    wait_until(
        client,
        "document.querySelectorAll('#history li').length >= 3",
    )
    .await;
    let history = text(client, "history").await;
    let (tx, ty) = (target[0].as_u64().unwrap(), target[1].as_u64().unwrap());
    assert!(
        history.contains(&format!("→ ({tx}, {ty})")),
        "history: {history}"
    );

    // Follow the hints to the end: the human, started from an N-position, wins.
    follow_hints_to_the_end(
        client,
        QUEEN_TURN,
        "#wythoff-board .sq.hinted",
        "#wythoff-board.live",
    )
    .await;
    assert_text_contains(client, "result-text", &["You win", "corner"]).await;
    assert_eq!(queen_at(client).await, (0, 0));
    screenshot(client, "11-wythoff-won").await;

    // A position far beyond the table: P-positions only, the typed move box still works.
    open(
        client,
        &format!("{url}#game=wythoff&queen=100000,3&mode=human&first=human&strength=100"),
    )
    .await;
    wait_until(client, QUEEN_TURN).await;
    assert_text_contains(client, "wythoff-keys", &["only the P-positions"]).await;
    let to = client.find(Locator::Css("#queen-to")).await.unwrap();
    to.send_keys("5, 3").await.unwrap();
    click(client, "#queen-move button[type='submit']").await;
    wait_until(
        client,
        "document.getElementById('history').textContent.includes('(5, 3)')",
    )
    .await;

    // A phone-sized screen: the board fits the width.
    open(
        client,
        &format!("{url}#game=wythoff&queen=10,7&mode=human&first=human&strength=100"),
    )
    .await;
    client.set_window_size(390, 844).await.unwrap();
    wait_until(client, QUEEN_TURN).await;
    let width = eval(client, "document.documentElement.scrollWidth").await;
    assert!(
        width.as_u64().unwrap() <= 390,
        "no sideways scrolling: {width}"
    );
    let board = client.find(Locator::Css("#wythoff-board")).await.unwrap();
    board
        .screenshot()
        .await
        .map(|png| {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e-screenshots");
            std::fs::write(dir.join("12b-wythoff-phone-board.png"), png).unwrap();
        })
        .unwrap();
    screenshot(client, "12-wythoff-phone").await;
    client.set_window_size(1280, 1000).await.unwrap();

    // Computer against computer, to the end.
    open(
        client,
        &format!("{url}#game=wythoff&queen=6,5&mode=watch&strength=100&strength2=0"),
    )
    .await;
    wait_until(client, GAME_OVER).await;
    assert_text_contains(client, "result-text", &["Computer A (100) wins"]).await;
    screenshot(client, "13-wythoff-watch").await;
}
