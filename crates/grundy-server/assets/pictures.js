// Grundy, the page: pictures of win/loss distance (remoteness, POST /api/remoteness). The
// Distance panel draws, for a heap game, a strip of heap sizes 0..n and, for Wythoff's game, a
// board of squares, each marked win or lose for the player to move and how many moves the game
// then lasts with perfect play (the winner hurrying, the loser delaying). Under the moves, the
// value history plots that distance after each move played, as GamesmanUni's visual value
// history does: left of the middle the mover left a loss (good for the mover), right a win.
"use strict";

const STRIP_MOST = 64; // heap sizes 0..63 at most in the strip
const DISTANCE_SIDE = 16; // a Wythoff board of at most 16 × 16 squares (256 positions)

/// The positions the Distance panel measures for the game on the board, and how to draw them:
/// {kind: "strip" | "board", positions, labels} or null when it has no picture.
function distancePositions() {
  const spec = state.spec;
  const family = spec && state.families[spec.game];
  // A queen's square beyond 2^53 - 1 (a string of digits) is too far out for a board of squares.
  if (!family || !Array.isArray(spec.heaps) || isFar(spec.heaps) && family.positions.drawing === "queen") return null;
  const base = { ...spec };
  delete base.position;
  if (family.positions.drawing === "heaps") {
    const n = Math.min(Math.max(0, ...spec.heaps), STRIP_MOST - 1);
    const sizes = Array.from({ length: n + 1 }, (_, m) => m);
    return { kind: "strip", sizes, positions: sizes.map((m) => ({ ...base, heaps: [m] })) };
  }
  if (family.positions.drawing === "queen" && spec.heaps.length === 2) {
    const [qx, qy] = spec.heaps;
    const side = Math.min(Math.max(qx, qy) + 1, DISTANCE_SIDE);
    const squares = [];
    for (let y = side - 1; y >= 0; y -= 1) for (let x = 0; x < side; x += 1) squares.push([x, y]);
    return { kind: "board", side, squares, positions: squares.map((h) => ({ ...base, heaps: h })) };
  }
  return null;
}

function toggleDistance(force) {
  const panel = $("distance-panel");
  const open = force === true ? true : panel.hidden;
  panel.hidden = !open;
  $("distance-btn").setAttribute("aria-expanded", String(open));
  if (open) loadDistance();
}

async function loadDistance() {
  const panel = $("distance-panel");
  const want = distancePositions();
  panel.replaceChildren(el("h3", {}, "Win/loss distance"));
  if (!want) {
    panel.append(el("p", {}, "This picture is drawn for heap games and Wythoff's game. For every game, Show move values says how soon each move wins or loses."));
    return;
  }
  panel.append(el("p", {}, "Measuring…"));
  const spec = state.spec;
  try {
    const answer = await api("remoteness", { positions: want.positions });
    if (spec !== state.spec || panel.hidden) return;
    state.distance = { spec, want, answer: answer.positions };
    renderDistance();
  } catch (e) {
    panel.replaceChildren(el("h3", {}, "Win/loss distance"), el("p", { class: "error" }, e.message));
  }
}

/// "wins in 3" / "loses in 4" / "wins" for a measured position.
function distanceWords(d) {
  const wins = d.outcome === "N";
  if (d.moves_left === null || d.moves_left === undefined) return wins ? "the player to move wins" : "the player to move loses";
  if (d.moves_left === 0) return "the game is over: the player to move has lost";
  return `the player to move ${wins ? "wins" : "loses"} in ${movesText(d.moves_left)}`;
}

function renderDistance() {
  const panel = $("distance-panel");
  const d = state.distance;
  if (panel.hidden || !d) return;
  if (d.spec !== state.spec) { loadDistance(); return; }
  const cell = (p, label, here) => {
    const wins = p.outcome === "N";
    const words = `${label}: ${distanceWords(p)}` + (here ? " (the position on the board)" : "");
    const text = p.moves_left === null ? (wins ? "W" : "L") : `${wins ? "W" : "L"}${p.moves_left}`;
    return el("span", { class: `dist ${wins ? "d-win" : "d-lose"}${here ? " here" : ""}`, role: "listitem", title: words, "aria-label": words }, text);
  };
  const nodes = [el("h3", {}, "Win/loss distance"),
    el("p", { class: "help" }, "W: the player to move wins, L: loses; the number is how many moves the game lasts with perfect play (the winner hurrying, the loser delaying). A winning move goes to an L.")];
  if (d.want.kind === "strip") {
    const heaps = state.spec.heaps;
    const strip = el("div", { class: "dist-strip", role: "list", "aria-label": "Win/loss distance of a lone heap of each size" });
    d.want.sizes.forEach((m, k) => strip.append(el("span", { class: "dist-cell" }, el("small", { "aria-hidden": "true" }, String(m)), cell(d.answer[k], `A heap of ${m}`, heaps.includes(m)))));
    nodes.push(el("p", {}, "One heap alone, of each size:"), strip);
    if (Math.max(...heaps) >= STRIP_MOST) nodes.push(el("p", { class: "help" }, `Heap sizes 0 to ${STRIP_MOST - 1} are drawn.`));
  } else {
    const [qx, qy] = state.spec.heaps;
    const side = d.want.side;
    const board = el("div", { class: "dist-board", role: "list", "aria-label": "Win/loss distance of each square of Wythoff's board", style: `--side: ${side}` });
    d.want.squares.forEach(([x, y], k) => board.append(cell(d.answer[k], `(${x}, ${y})`, x === qx && y === qy)));
    nodes.push(el("p", {}, `The queen on each square, (0, 0) at the bottom left:`), distanceAxes(board, side));
  }
  panel.replaceChildren(...nodes);
}

/// The Wythoff board of distances with its axes: y from side - 1 down to 0 on the left, x from
/// 0 to side - 1 underneath, each label in line with its row or column. The labels are for the
/// eye (every square's own label names its coordinates).
function distanceAxes(board, side) {
  const numbers = (from, step, cls) => el("div", { class: cls, "aria-hidden": "true", style: `--side: ${side}` },
    ...Array.from({ length: side }, (_, k) => el("span", {}, String(from + step * k))));
  return el("div", { class: "dist-axes" },
    el("span", { class: "dist-axis-name", "aria-hidden": "true" }, "y"), el("span"),
    numbers(side - 1, -1, "dist-y"), board,
    el("span"), numbers(0, 1, "dist-x"),
    el("span"), el("span", { class: "dist-axis-name", "aria-hidden": "true" }, "x →"));
}

/// The value history: after each move played, how far the game is from its end with perfect
/// play and who wins it, one row per move (as GamesmanUni draws it).
function valueHistory() {
  const rows = state.history.map((h, n) => ({ n, h, d: h.distance })).filter((r) => r.d && r.d.moves_left !== null && r.d.moves_left !== undefined);
  if (!rows.length) return null;
  const most = Math.max(1, ...rows.map((r) => r.d.moves_left));
  const W = 320, row = 18, top = 22, H = top + rows.length * row + 8, mid = W / 2, scale = (mid - 24) / most;
  const svg = svgEl("svg", { class: "value-history", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
    "aria-label": "Value history: after each move, left of the middle the mover left a loss for the other player, right a win; the distance from the middle is how many moves the game then lasts" });
  svg.append(svgEl("line", { x1: mid, x2: mid, y1: top - 6, y2: H - 4, stroke: "#8a94a3", "stroke-width": 1 }),
    svgEl("text", { x: 6, y: 12, "font-size": 11, fill: "#1f4d36" }, "mover wins ←"),
    svgEl("text", { x: W - 6, y: 12, "font-size": 11, fill: "#8f2a1f", "text-anchor": "end" }, "→ mover loses"));
  let path = "";
  rows.forEach(({ n, h, d }, k) => {
    const x = mid + (d.outcome === "P" ? -1 : 1) * d.moves_left * scale;
    const y = top + k * row + row / 2;
    path += `${k ? "L" : "M"}${x.toFixed(1)},${y}`;
    const human = HUMAN_TURNS.includes(h.by);
    svg.append(svgEl("circle", { cx: x.toFixed(1), cy: y, r: 5, fill: human ? "#2c5282" : "#c98d12" }, svgEl("title", {}, `Move ${n + 1}: ${h.text}; then ${distanceWords(d)}`)),
      svgEl("text", { x: 4, y: y + 4, "font-size": 10, fill: "#5b6675" }, String(n + 1)));
  });
  svg.insertBefore(svgEl("path", { d: path, fill: "none", stroke: "#9aa9bd", "stroke-width": 1.5 }), svg.children[1]);
  return el("div", { class: "value-history-box" }, el("p", { class: "help" }, "Value history: after each move, how many moves the game lasts with perfect play; a dot left of the middle is a move that left the other player lost (blue: yours or player 1's, gold: the other side's)."), svg);
}

function renderValueHistory() {
  const box = $("value-history");
  if (!box) return;
  const picture = valueHistory();
  box.replaceChildren(...(picture ? [picture] : []));
}
