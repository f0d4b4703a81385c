// Grundy, the page. Vanilla JavaScript, no build step.
//
// The game lives here (and in the URL hash, so a position can be shared); every rule, value and
// move comes from the server's JSON API. The page only keeps the position, draws it and asks.
"use strict";

const $ = (id) => document.getElementById(id);
const MAX_DRAWN = 60; // heaps larger than this get a number field instead of tokens
const COMPUTER_DELAY = 450; // ms, so that a human can follow the computer's move
const WATCH_DELAY = 800;
const BOARD_SIDE = 16; // the Wythoff board shows at most this many squares a side

const state = {
  spec: null, // the position, as the API takes it
  analysis: null, // the server's analysis of `spec`
  settings: null, // {game, mode, first, strength, strength2}
  history: [], // [{by, text, before}]
  turn: "human", // "human" | "computer" | "A" | "B"
  finished: false,
  busy: false,
  paused: false,
  timer: null,
  hint: null,
  generation: 0, // bumps on every new game so that late answers are dropped
  tile: null, // the Wythoff board's squares: {x0, y0, side, values, p}
  focus: null, // the Wythoff square with the keyboard focus, [x, y]
  limits: null, // GET /api/limits
};

// ---- API --------------------------------------------------------------------------------------

async function api(path, body) {
  const response = await fetch("/api/" + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch (_) { /* not JSON */ }
  if (!response.ok) {
    const message = (data && data.error) || `the server answered ${response.status}`;
    throw new Error(message);
  }
  return data;
}

// ---- Setup form -------------------------------------------------------------------------------

const GAME_HELP = {
  nim: "Take one or more tokens from one heap. Whoever takes the last token wins.",
  misere: "Nim, but whoever takes the last token loses.",
  subtraction: "Take exactly s tokens from one heap, s in the take-set. Whoever cannot move loses.",
  octal: "An octal game: a move removes tokens from one heap and may leave nothing, one heap or two heaps, as the code's digits allow.",
  "grundys-game": "Split one heap into two unequal heaps. Whoever cannot move loses.",
  wythoff: "Move the queen left, down or diagonally down-left, as far as you like. Whoever puts it on the corner (0, 0) wins.",
  sum: "Several games side by side: each move is made in one of them. Whoever cannot move loses.",
};

function parseList(text, what) {
  const items = text.split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (items.length === 0) throw new Error(`${what}: give at least one whole number`);
  return items.map((s) => {
    if (!/^\d+$/.test(s)) throw new Error(`${what}: "${s}" is not a whole number`);
    const n = Number(s);
    if (!Number.isSafeInteger(n)) throw new Error(`${what}: ${s} is too large`);
    return n;
  });
}

function specFromForm() {
  const game = $("game").value;
  if (game === "sum") {
    const terms = $("terms").value.trim();
    if (!terms) throw new Error("Position: write terms such as nim:3,4 + sub{1,4,9}:11");
    return { game: "sum", terms };
  }
  if (game === "wythoff") return { game, heaps: queenFromText($("queen").value, "Queen's square") };
  const heaps = parseList($("heaps").value, "Heaps");
  if (game === "subtraction") return { game, set: parseList($("set").value, "Take-set"), heaps };
  if (game === "octal") return { game, code: $("code").value.trim(), heaps };
  if (game === "grundys-game") return { game, heaps };
  if (game === "misere") return { game: "nim", heaps, convention: "misere" };
  return { game: "nim", heaps };
}

function settingsFromForm() {
  return {
    game: $("game").value,
    mode: document.querySelector('input[name="mode"]:checked').value,
    first: $("first").value,
    strength: Number($("strength").value),
    strength2: Number($("strength2").value),
  };
}

function syncForm() {
  const game = $("game").value;
  const watch = document.querySelector('input[name="mode"]:checked').value === "watch";
  $("field-heaps").hidden = game === "sum" || game === "wythoff";
  $("field-queen").hidden = game !== "wythoff";
  $("field-set").hidden = game !== "subtraction";
  $("field-terms").hidden = game !== "sum";
  $("field-code").hidden = game !== "octal";
  $("field-first").hidden = watch;
  $("field-strength2").hidden = !watch;
  $("game-help").textContent = GAME_HELP[game];
  $("strength-out").textContent = $("strength").value;
  $("strength2-out").textContent = $("strength2").value;
}

// ---- Game flow --------------------------------------------------------------------------------

async function startGame(spec, settings) {
  state.generation += 1;
  clearTimeout(state.timer);
  Object.assign(state, {
    spec, settings, history: [], finished: false, busy: false, paused: false, hint: null, analysis: null,
  });
  state.turn = settings.mode === "watch" ? "A" : settings.first;
  state.boardSide = null;
  if (spec.game === "wythoff") state.boardSide = boardWindow(spec.heaps).side;
  $("result").hidden = true;
  $("setup-error").textContent = "";
  closePanels();
  $("pause-btn").hidden = settings.mode !== "watch";
  $("any-move").hidden = !["octal", "grundys-game", "sum"].includes(settings.game);
  $("pause-btn").textContent = "Pause";
  $("rules").textContent = GAME_HELP[settings.game] || "";
  await showPosition(spec);
}

/// Asks the server about `spec`, draws it, and hands the turn on.
async function showPosition(spec) {
  const generation = state.generation;
  state.busy = true;
  try {
    const analysis = await api("analyze", { position: spec });
    if (generation !== state.generation) return;
    if (spec.game === "wythoff") await loadTile(spec.heaps, generation);
    if (generation !== state.generation) return;
    state.spec = spec;
    state.analysis = analysis;
    writeHash();
    render();
    if (analysis.finished) return endGame();
    nextTurn();
  } catch (e) {
    if (generation !== state.generation) return;
    state.busy = false;
    setStatus("");
    $("setup-error").textContent = e.message;
    render();
  }
}

function nextTurn() {
  state.busy = false;
  if (state.turn === "human") {
    setStatus(isWythoff()
      ? "Your move: click a square the queen can reach (left, down or diagonally down-left)."
      : "Your move: click a token to take it and every token after it.");
    render();
    return;
  }
  if (state.paused) { setStatus("Paused."); render(); return; }
  state.busy = true;
  setStatus(`${playerName(state.turn)} is thinking…`);
  render();
  const generation = state.generation;
  state.timer = setTimeout(() => computerMove(generation), state.turn === "computer" ? COMPUTER_DELAY : WATCH_DELAY);
}

async function computerMove(generation) {
  if (generation !== state.generation) return;
  const s = state.settings;
  const player = state.turn === "B" ? s.strength2 : s.strength;
  try {
    const answer = await api("move", { position: state.spec, player });
    if (generation !== state.generation) return;
    if (!answer.move) return endGame();
    record(state.turn, answer.move);
    const next = { computer: "human", A: "B", B: "A" }[state.turn];
    state.lastMover = state.turn;
    state.turn = next;
    await showPosition(answer.position);
  } catch (e) {
    state.busy = false;
    setStatus("The computer could not move: " + e.message);
  }
}

async function humanMove(component, to) {
  if (state.busy || state.finished || state.turn !== "human") return;
  state.busy = true;
  try {
    const answer = await api("apply", { position: state.spec, move: { component, to } });
    if (!answer.legal) {
      state.busy = false;
      setStatus("Not allowed: " + answer.reason + ".");
      return;
    }
    record("human", answer.move);
    state.lastMover = "human";
    state.turn = "computer";
    state.hint = null;
    $("hint-panel").hidden = true;
    await showPosition(answer.position);
  } catch (e) {
    state.busy = false;
    setStatus(e.message);
  }
}

function record(by, move) {
  state.history.push({ by, text: moveText(move), before: state.spec });
}

/// A move for the history: the engine's text, or the queen's path in Wythoff's game.
function moveText(m) {
  if (m.from.ruleset !== "wythoff" || state.spec.game !== "wythoff") return m.text;
  return describeMove(m).replace(/^Move the queen from (.*) to (.*) \((.*)\)\.$/, "queen $1 → $2 ($3)");
}

function playerName(turn) {
  const s = state.settings;
  if (turn === "human") return "You";
  if (turn === "computer") return `The computer (strength ${s.strength})`;
  return turn === "A" ? `Computer A (${s.strength})` : `Computer B (${s.strength2})`;
}

function endGame() {
  state.finished = true;
  state.busy = false;
  const misere = state.spec.convention === "misere";
  const last = state.lastMover;
  let text;
  let tone = "info";
  if (!last) {
    text = "Nothing to play: no move is possible from this position.";
  } else {
    // Normal play: whoever moved last wins. Misère: whoever moved last loses.
    const winner = misere ? { human: "computer", computer: "human", A: "B", B: "A" }[last] : last;
    const last_ = isWythoff() ? "moved the queen to the corner" : "took the last token";
    const why = misere ? "had to take the last token" : last_;
    const loser = misere ? last : null;
    if (state.settings.mode === "watch") {
      text = `${playerName(winner)} wins${loser ? `: ${playerName(loser)} ${why}` : ` — it ${why}`}.`;
    } else if (winner === "human") {
      tone = "win";
      text = misere ? `You win! The computer ${why}.` : `You win! You ${why}.`;
    } else {
      tone = "lose";
      text = misere ? `The computer wins: you ${why}.` : `The computer wins: it ${why}.`;
    }
  }
  $("result-text").textContent = text;
  $("result").className = "result " + tone;
  $("result").hidden = false;
  setStatus("Game over.");
  render();
  $("again-btn").focus();
}

function undo() {
  if (state.busy || state.settings.mode === "watch") return;
  let i = state.history.length - 1;
  while (i >= 0 && state.history[i].by !== "human") i -= 1;
  if (i < 0) return;
  const before = state.history[i].before;
  state.history = state.history.slice(0, i);
  state.generation += 1;
  clearTimeout(state.timer);
  state.turn = "human";
  state.finished = false;
  state.hint = null;
  $("result").hidden = true;
  closePanels();
  showPosition(before);
}

// ---- Hint and why -----------------------------------------------------------------------------

async function showHint() {
  if (state.finished || !state.spec) return;
  const panel = $("hint-panel");
  panel.hidden = false;
  panel.textContent = "Thinking…";
  try {
    const answer = await api("hint", { position: state.spec });
    const m = answer.move;
    panel.replaceChildren();
    const title = el("h3", {}, "Hint");
    if (!m) {
      panel.append(title, el("p", {}, "No move is possible."));
      return;
    }
    state.hint = m;
    const lead = answer.winning
      ? "A winning move: it leaves a position where the other player loses against best play."
      : "No winning move exists here (every move leaves a winnable position). This one makes the game last longest:";
    panel.append(title, el("p", {}, lead), el("p", { class: "hint-move" }, el("strong", {}, describeMove(m))));
    const why = el("button", { type: "button" }, "Why?");
    why.addEventListener("click", () => toggleWhy(true));
    panel.append(why);
    render();
  } catch (e) {
    panel.textContent = e.message;
  }
}

function describeMove(m) {
  if (m.from.ruleset === "wythoff") {
    const [x, y] = m.from.heaps;
    const [x2, y2] = m.to[0].heaps;
    const how = x2 === x ? `down ${y - y2}` : y2 === y ? `left ${x - x2}` : `diagonally ${x - x2}`;
    return `Move the queen from (${x}, ${y}) to (${x2}, ${y2}) (${how}).`;
  }
  const from = m.from.heap;
  const to = m.to.length ? m.to.map((c) => c.heap).join(" + ") : "0";
  const left = m.to.reduce((n, c) => n + c.heap, 0);
  return `Take ${from - left} from heap ${m.component + 1} (${from} → ${to}).`;
}

function toggleWhy(force) {
  const panel = $("why-panel");
  const open = force === true ? true : panel.hidden;
  panel.hidden = !open;
  $("why-btn").setAttribute("aria-expanded", String(open));
  if (open) renderWhy();
}

function renderWhy() {
  const panel = $("why-panel");
  const e = state.analysis && state.analysis.explanation;
  panel.replaceChildren();
  if (!e) return;
  panel.append(el("h3", {}, "Why: the reasoning"));
  if (e.kind === "nim") {
    panel.append(el("p", { class: "help" }, "Each heap in binary, one column per power of two; the nim-sum is the XOR of each column (1 where the column has an odd number of 1s)."), nimTable(e));
  }
  if (e.kind === "wythoff") {
    panel.append(el("p", { class: "help" }, "The P-positions (a_n, b_n): a_n is the smallest number not used before, b_n = a_n + n."), pTable(e));
  }
  if (e.kind === "sum") {
    panel.append(el("p", { class: "help" }, "Each heap's Grundy value (Sprague–Grundy); the position's value is their XOR."), sumTable(e));
  }
  const lines = e.text.split("\n").filter((l) => l && !l.startsWith("  ") && !l.startsWith("Heaps in binary"));
  for (const line of lines) panel.append(el("p", {}, line));
}

function nimTable(e) {
  const bits = e.bits;
  const table = el("table", { class: "bits" });
  const head = el("tr", {}, el("th", { scope: "col" }, "heap"), el("th", { scope: "col" }, "size"));
  for (let k = bits - 1; k >= 0; k -= 1) {
    head.append(el("th", { scope: "col", class: k === e.highest_bit ? "hi" : "" }, String(2 ** k)));
  }
  table.append(head);
  const row = (name, value, binary, cls) => {
    const tr = el("tr", { class: cls }, el("td", { class: "name" }, name), el("td", { class: "num" }, String(value)));
    [...binary].forEach((b, j) => {
      const k = bits - 1 - j;
      tr.append(el("td", { class: `${b === "1" ? "one" : "zero"} ${k === e.highest_bit ? "hi" : ""}` }, b));
    });
    return tr;
  };
  e.heaps.forEach((h, i) => table.append(row(`heap ${i + 1}`, h, e.binary[i], e.heaps_with_bit.includes(i) ? "pick" : "")));
  table.append(row("nim-sum", e.nim_sum, e.nim_sum_binary, "total"));
  return table;
}

function sumTable(e) {
  const table = el("table", { class: "bits" });
  table.append(el("tr", {}, ...["heap", "game", "size", "Grundy value"].map((h) => el("th", { scope: "col" }, h))));
  e.components.forEach((c, i) => {
    const pick = e.plan && e.plan.component === i;
    table.append(el("tr", { class: pick ? "pick" : "" },
      el("td", { class: "name" }, `heap ${i + 1}`), el("td", {}, c.ruleset), el("td", { class: "num" }, c.position), el("td", { class: "num" }, String(c.value))));
  });
  table.append(el("tr", { class: "total" }, el("td", { class: "name" }, "XOR"), el("td", {}, ""), el("td", {}, ""),
    el("td", { class: "num" }, String(e.total))));
  return table;
}

function pTable(e) {
  const table = el("table", { class: "bits" });
  const mark = (pair) => e.queen && ((pair[0] === e.diagonal_p[0] && pair[1] === e.diagonal_p[1]) || (pair[1] === e.diagonal_p[0] && pair[0] === e.diagonal_p[1]));
  table.append(el("tr", {}, el("th", { scope: "row" }, "n"), ...e.first_p_positions.map((_, n) => el("th", { scope: "col" }, String(n)))));
  table.append(el("tr", {}, el("th", { scope: "row" }, "a_n"), ...e.first_p_positions.map((p) => el("td", { class: mark(p) ? "hi" : "" }, String(p[0])))));
  table.append(el("tr", {}, el("th", { scope: "row" }, "b_n"), ...e.first_p_positions.map((p) => el("td", { class: mark(p) ? "hi" : "" }, String(p[1])))));
  return table;
}

function closePanels() {
  $("hint-panel").hidden = true;
  $("why-panel").hidden = true;
  $("why-btn").setAttribute("aria-expanded", "false");
}

// ---- Drawing ----------------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== "" && v !== null && v !== undefined) node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

function render() {
  const a = state.analysis;
  const board = $("heaps-board");
  board.replaceChildren();
  const live = !state.busy && !state.finished && state.turn === "human";
  const wythoff = isWythoff();
  board.hidden = wythoff;
  $("wythoff").hidden = !wythoff;
  if (a && wythoff) drawWythoff(a.components[0].heaps, live);
  else if (a) {
    a.components.forEach((c, i) => board.append(drawHeap(c, i, live)));
  }
  const badge = $("turn-badge");
  badge.textContent = state.finished ? "Game over" : state.spec ? `${playerName(state.turn)} to move`.replace("You to move", "Your move") : "";
  badge.className = "badge" + (state.turn === "human" && !state.finished ? " you" : "");
  $("hint-btn").disabled = !live;
  $("undo-btn").disabled = state.busy || state.settings?.mode === "watch" || !state.history.some((h) => h.by === "human");
  renderHistory();
  if (!$("why-panel").hidden) renderWhy();
}

function drawHeap(c, i, live) {
  if (c.ruleset === "wythoff") return drawQueenTerm(c, i);
  const n = c.heap;
  const showRules = state.spec.game === "sum";
  const label = el("div", { class: "heap-label" }, el("strong", {}, String(n)), `heap ${i + 1}`);
  if (showRules) label.append(el("span", { class: "rs" }, ` · ${c.ruleset}`));
  const row = el("div", { class: "heap", role: "group", "aria-label": `Heap ${i + 1}: ${n} tokens`, "data-heap": String(i) }, label);
  if (n > MAX_DRAWN) {
    row.append(bigHeap(n, i, live));
    return row;
  }
  const tokens = el("div", { class: "tokens" + (live ? " live" : "") });
  if (n === 0) tokens.append(el("span", { class: "empty-heap" }, "empty"));
  const hint = state.hint && state.hint.component === i ? state.hint : null;
  const hintLeft = hint ? hint.to.reduce((s, t) => s + t.heap, 0) : null;
  for (let k = 1; k <= n; k += 1) {
    const take = n - k + 1;
    const b = el("button", {
      type: "button",
      class: "token" + (hint && k > hintLeft ? " hinted" : ""),
      "data-index": String(k),
      "aria-label": `Take ${take} from heap ${i + 1}, leaving ${k - 1}`,
      title: `take ${take}`,
    });
    if (!live) b.setAttribute("tabindex", "-1");
    if (!live) b.setAttribute("aria-disabled", "true");
    b.addEventListener("click", () => { if (live) humanMove(i, [k - 1]); });
    tokens.append(b);
  }
  row.append(tokens);
  return row;
}

function bigHeap(n, i, live) {
  const box = el("div", { class: "big-heap" });
  const input = el("input", { type: "number", min: "0", max: String(n - 1), "aria-label": `Tokens to leave in heap ${i + 1}` });
  const go = el("button", { type: "button" }, "Leave this many");
  go.disabled = !live;
  go.addEventListener("click", () => {
    const left = Number(input.value);
    if (Number.isSafeInteger(left) && left >= 0) humanMove(i, [left]);
  });
  box.append(el("span", {}, `${n} tokens (too many to draw).`), input, go);
  return box;
}

function renderHistory() {
  const list = $("history");
  list.replaceChildren();
  for (const h of state.history) {
    const who = h.by === "human" ? "You" : h.by === "computer" ? "Computer" : `Computer ${h.by}`;
    list.append(el("li", {}, el("span", { class: "who " + (h.by === "human" ? "you" : "computer") }, who), h.text));
  }
  $("history-empty").hidden = state.history.length > 0;
  list.scrollTop = list.scrollHeight;
}

function setStatus(text) {
  $("status").textContent = text;
}

// ---- Wythoff board ----------------------------------------------------------------------------

function isWythoff() {
  return !!state.spec && state.spec.game === "wythoff";
}

function queenFromText(text, what) {
  const xy = parseList(text, what);
  if (xy.length !== 2) throw new Error(`${what}: give two numbers x, y (the queen's square), not ${xy.length}`);
  return xy;
}

/// The squares drawn around the queen at (qx, qy): a square window with the origin at the bottom
/// left, reaching one square beyond the queen when the board is small, ending at the queen when
/// it is large (the queen only moves left and down).
function boardWindow([qx, qy]) {
  // The side is fixed when the game starts, so the board does not shrink as the queen nears
  // the corner.
  const side = state.boardSide || Math.max(6, Math.min(BOARD_SIDE, Math.max(qx, qy) + 2));
  return { x0: Math.max(0, qx - side + 1), y0: Math.max(0, qy - side + 1), side };
}

async function loadTile(queen, generation) {
  const w = boardWindow(queen);
  const max = state.limits ? state.limits.max_wythoff_table : 2047;
  const values = Math.max(w.x0, w.y0) + w.side - 1 <= max;
  try {
    const t = await api("wythoff/table", { x0: w.x0, y0: w.y0, width: w.side, height: w.side, values });
    if (generation !== state.generation) return;
    state.tile = { ...w, values: t.values, p: new Set(t.p_positions.map(([x, y]) => `${x},${y}`)), note: values ? "" : `G(x, y) is tabulated up to ${max}: only the P-positions are marked here.` };
  } catch (e) {
    state.tile = { ...w, values: null, p: new Set(), note: e.message };
  }
}

/// Whether the queen at (qx, qy) can move to (x, y) in one move.
function reachable([qx, qy], x, y) {
  return (x < qx && y === qy) || (x === qx && y < qy) || (x < qx && y < qy && qx - x === qy - y);
}

function valueColour(g) {
  // Golden-angle hues keep neighbouring values apart.
  return `hsl(${(g * 137.508) % 360} 62% 78%)`;
}

function drawWythoff(queen, live) {
  const t = state.tile;
  const board = $("wythoff-board");
  const hadFocus = board.contains(document.activeElement);
  board.replaceChildren();
  if (!t) return;
  const [qx, qy] = queen;
  const hint = state.hint && state.hint.to[0] && state.hint.to[0].heaps;
  if (!state.focus || !reachable(queen, ...state.focus)) state.focus = hint || null;
  board.style.setProperty("--side", String(t.side));
  board.classList.toggle("live", live);
  for (let j = t.side - 1; j >= 0; j -= 1) {
    const y = t.y0 + j;
    board.append(el("span", { class: "axis y", "aria-hidden": "true" }, String(y)));
    for (let i = 0; i < t.side; i += 1) {
      const x = t.x0 + i;
      const g = t.values ? t.values[j][i] : null;
      const p = t.p.has(`${x},${y}`);
      const here = x === qx && y === qy;
      const reach = reachable(queen, x, y);
      const hinted = hint && hint[0] === x && hint[1] === y;
      const cls = ["sq", p ? "p" : "", here ? "queen" : "", reach ? "reach" : "", hinted ? "hinted" : ""].join(" ").trim();
      const label = `(${x}, ${y})` + (g !== null ? `, G = ${g}` : "") + (p ? ", P-position" : "") +
        (here ? ", the queen" : reach ? ", the queen can move here" : ", out of the queen's reach");
      const b = el("button", { type: "button", class: cls, "data-x": String(x), "data-y": String(y), "aria-label": label, title: label, tabindex: "-1" },
        here ? "♛" : g !== null ? String(g) : p ? "P" : "");
      if (g !== null && !p) b.style.background = valueColour(g);
      b.addEventListener("click", () => squareClicked(queen, x, y, live));
      b.addEventListener("focus", () => { state.focus = [x, y]; });
      board.append(b);
    }
  }
  board.append(el("span", { class: "axis corner", "aria-hidden": "true" }, "y/x"));
  for (let i = 0; i < t.side; i += 1) board.append(el("span", { class: "axis x", "aria-hidden": "true" }, String(t.x0 + i)));
  // One square takes the Tab stop (roving focus): the hint, the last focused square, or the queen.
  const [fx, fy] = state.focus || queen;
  const stop = board.querySelector(`.sq[data-x="${fx}"][data-y="${fy}"]`) || board.querySelector(".sq.queen");
  if (stop) stop.setAttribute("tabindex", "0");
  if (stop && hadFocus) stop.focus();
  $("queen-to").disabled = !live;
  $("queen-move").querySelector("button").disabled = !live;
  $("wythoff-keys").textContent = "Click a square, or use the arrow keys on the board and Enter. The queen moves left, down or diagonally down-left, any distance." + (t.note ? " " + t.note : "");
}

function squareClicked(queen, x, y, live) {
  if (!live) return;
  const [qx, qy] = queen;
  if (x === qx && y === qy) { setStatus("That is the queen's square: click a square left of it, below it or diagonally down-left."); return; }
  // The server checks the move and explains an illegal one.
  humanMove(0, [x, y]);
}

function boardKey(e) {
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  const step = steps[e.key];
  const cur = document.activeElement;
  if (!step || !cur || !cur.classList.contains("sq")) return;
  e.preventDefault();
  const x = Number(cur.dataset.x) + step[0];
  const y = Number(cur.dataset.y) + step[1];
  const next = $("wythoff-board").querySelector(`.sq[data-x="${x}"][data-y="${y}"]`);
  if (!next) return;
  cur.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
}

/// A Wythoff term inside a sum: its square, moved with the move form.
function drawQueenTerm(c, i) {
  const [x, y] = c.heaps;
  return el("div", { class: "heap", role: "group", "aria-label": `Heap ${i + 1}: a Wythoff queen at (${x}, ${y})`, "data-heap": String(i) },
    el("div", { class: "heap-label" }, el("strong", {}, `(${x}, ${y})`), `heap ${i + 1}`, el("span", { class: "rs" }, " · wythoff")),
    el("span", { class: "help" }, `Wythoff queen at (${x}, ${y}): move it with the form below ("becomes x, y").`));
}

// ---- URL: the game in the link ----------------------------------------------------------------

function writeHash() {
  if (!state.spec) return;
  const p = new URLSearchParams();
  const s = state.settings;
  p.set("game", s.game);
  if (state.spec.heaps && state.spec.game === "wythoff") p.set("queen", state.spec.heaps.join(","));
  else if (state.spec.heaps) p.set("heaps", state.spec.heaps.join(","));
  if (state.spec.set) p.set("set", state.spec.set.join(","));
  if (state.spec.terms) p.set("terms", state.spec.terms);
  if (state.spec.code) p.set("code", state.spec.code);
  p.set("mode", s.mode);
  p.set("first", state.turn === "computer" ? "computer" : "human");
  p.set("strength", s.strength);
  p.set("strength2", s.strength2);
  history.replaceState(null, "", "#" + p.toString());
}

function readHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.get("view") === "sequences") selectTab("sequences");
  if (!p.get("game")) return false;
  const set = (id, key) => { if (p.get(key) !== null) $(id).value = p.get(key); };
  set("game", "game");
  set("heaps", "heaps");
  set("queen", "queen");
  set("set", "set");
  set("terms", "terms");
  set("code", "code");
  set("first", "first");
  set("strength", "strength");
  set("strength2", "strength2");
  const mode = document.querySelector(`input[name="mode"][value="${p.get("mode")}"]`);
  if (mode) mode.checked = true;
  return true;
}

// ---- Sequences view ---------------------------------------------------------------------------

async function showSequence() {
  const game = $("seq-game").value;
  $("seq-error").textContent = "";
  try {
    const count = Math.min(400, Math.max(1, Number($("seq-count").value) || 60));
    const body = { game, count };
    if (game === "octal") body.code = $("seq-code").value.trim();
    if (game === "subtraction" || game === "all-but") {
      const amounts = parseList($("seq-set").value, game === "subtraction" ? "Take-set" : "Excluded amounts");
      body[game === "subtraction" ? "set" : "except"] = amounts;
    }
    const answer = await api("sequence", body);
    drawSequence(answer);
  } catch (e) {
    $("seq-error").textContent = e.message;
  }
}

function drawSequence(answer) {
  // The sequence report (docs/sequence-report.md): period.status is "proven" (with the
  // certificate and its text), "not-proven" or "not-claimed".
  const values = answer.values;
  const p = answer.period.status === "proven" ? answer.period : null;
  const t = answer.title;
  $("seq-title").textContent = "G(n) for " + (t.startsWith("Grundy") ? t : "the " + t.charAt(0).toLowerCase() + t.slice(1));
  $("seq-period").textContent = answer.period.text.replaceAll("\n", " ");
  $("seq-chart").replaceChildren(sequenceSvg(values, p));
  const list = $("seq-values");
  list.replaceChildren();
  values.forEach((v, n) => {
    let cls = "";
    if (p) {
      cls = n < p.preperiod ? "pre" : "cycle";
      if (n >= p.preperiod && (n - p.preperiod) % p.period === 0) cls += " cycle-start";
    }
    list.append(el("span", { class: cls, title: `G(${n}) = ${v}` }, el("small", {}, String(n)), String(v)));
  });
}

function sequenceSvg(values, p) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs, text) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const W = 760, H = 260, left = 34, right = 10, top = 26, bottom = 30;
  const max = Math.max(1, ...values);
  const bw = (W - left - right) / values.length;
  const y = (v) => top + (H - top - bottom) * (1 - v / max);
  const x = (n) => left + n * bw;
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `Bar chart of G(n) for n = 0 to ${values.length - 1}` + (p ? `, period ${p.period} from n = ${p.preperiod}` : "") });
  if (p && p.preperiod < values.length) {
    root.append(svg("rect", { class: "period-band", x: x(p.preperiod), y: top - 4, width: Math.min(p.period, values.length - p.preperiod) * bw, height: H - top - bottom + 4 }));
  }
  for (let v = 0; v <= max; v += Math.max(1, Math.ceil(max / 5))) {
    root.append(svg("line", { class: "axis", x1: left - 4, x2: W - right, y1: y(v), y2: y(v), "stroke-opacity": v === 0 ? 1 : 0.35 }));
    root.append(svg("text", { x: left - 8, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  }
  values.forEach((v, n) => {
    const pre = p && n < p.preperiod;
    const h = Math.max(2, (H - top - bottom) * v / max);
    root.append(svg("rect", { class: "bar" + (pre ? " pre" : ""), x: x(n) + bw * 0.12, y: y(0) - (v === 0 ? 2 : h), width: bw * 0.76, height: v === 0 ? 2 : h }, undefined));
  });
  const step = values.length > 100 ? 20 : values.length > 40 ? 10 : 5;
  for (let n = 0; n < values.length; n += step) {
    root.append(svg("text", { x: x(n) + bw / 2, y: H - bottom + 16, "text-anchor": "middle" }, String(n)));
  }
  if (p) {
    for (let n = p.preperiod; n <= values.length; n += p.period) {
      root.append(svg("line", { class: "mark", x1: x(n), x2: x(n), y1: top - 6, y2: H - bottom }));
      if (p.period * bw < 18 && n > p.preperiod) break; // too dense: one mark is enough
    }
    const label = p.preperiod > 0 ? `preperiod ${p.preperiod}, then period ${p.period}` : `period ${p.period} from the start`;
    root.append(svg("text", { class: "mark-label", x: Math.min(x(p.preperiod) + 4, W - 200), y: top - 10 }, label));
  }
  return root;
}

// ---- Tabs -------------------------------------------------------------------------------------

function selectTab(name) {
  for (const t of ["play", "sequences"]) {
    const on = t === name;
    $("tab-" + t).setAttribute("aria-selected", String(on));
    $("tab-" + t).tabIndex = on ? 0 : -1;
    $("view-" + t).hidden = !on;
  }
  if (name === "sequences" && !$("seq-values").children.length) showSequence();
}

// ---- Wiring -----------------------------------------------------------------------------------

async function simulate() {
  const out = $("simulate-out");
  try {
    const s = settingsFromForm();
    const second = s.mode === "watch" ? s.strength2 : "random";
    out.textContent = "Simulating…";
    const r = await api("simulate", { position: specFromForm(), first: s.strength, second, games: 200 });
    out.textContent = `200 games from this position: the first player (strength ${r.first}) won ${r.first_wins}, ` +
      `the second (${r.second}) won ${r.second_wins}` + (r.unfinished ? `, ${r.unfinished} unfinished` : "") +
      `; ${r.average_moves.toFixed(1)} moves on average.`;
  } catch (e) {
    out.textContent = "";
    $("setup-error").textContent = e.message;
  }
}

function startFromForm() {
  try {
    startGame(specFromForm(), settingsFromForm());
  } catch (e) {
    $("setup-error").textContent = e.message;
  }
}

function wire() {
  $("setup").addEventListener("submit", (e) => { e.preventDefault(); startFromForm(); });
  for (const id of ["game", "strength", "strength2"]) $(id).addEventListener("input", syncForm);
  document.querySelectorAll('input[name="mode"]').forEach((r) => r.addEventListener("change", syncForm));
  $("again-btn").addEventListener("click", startFromForm);
  $("hint-btn").addEventListener("click", showHint);
  $("why-btn").addEventListener("click", () => toggleWhy());
  $("undo-btn").addEventListener("click", undo);
  $("simulate-btn").addEventListener("click", simulate);
  $("pause-btn").addEventListener("click", () => {
    state.paused = !state.paused;
    $("pause-btn").textContent = state.paused ? "Resume" : "Pause";
    if (!state.paused && !state.finished && !state.busy) nextTurn();
    else if (state.paused) { clearTimeout(state.timer); state.busy = false; state.generation += 1; setStatus("Paused."); }
  });
  $("share-btn").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setStatus("Link copied: it opens this position.");
    } catch (_) {
      setStatus("Share this link: " + location.href);
    }
  });
  $("seq-form").addEventListener("submit", (e) => { e.preventDefault(); showSequence(); });
  const syncSeq = () => {
    const game = $("seq-game").value;
    $("seq-set-label").textContent = game === "subtraction" ? "Take-set S" : "Excluded amounts";
    const sets = game === "subtraction" || game === "all-but";
    $("seq-set-label").hidden = !sets;
    $("seq-set").hidden = !sets;
    $("seq-code-label").hidden = game !== "octal";
    $("seq-code").hidden = game !== "octal";
  };
  $("seq-game").addEventListener("change", syncSeq);
  document.querySelectorAll(".presets button").forEach((b) => b.addEventListener("click", () => {
    if (b.dataset.code) {
      $("seq-game").value = "octal";
      $("seq-code").value = b.dataset.code;
    } else {
      $("seq-game").value = "subtraction";
      $("seq-set").value = b.dataset.set;
    }
    syncSeq();
    showSequence();
  }));
  $("queen-move").addEventListener("submit", (e) => {
    e.preventDefault();
    try {
      humanMove(0, queenFromText($("queen-to").value, "Move the queen to"));
    } catch (err) {
      setStatus(err.message);
    }
  });
  $("wythoff-board").addEventListener("keydown", boardKey);
  $("any-move").addEventListener("submit", (e) => {
    e.preventDefault();
    try {
      const heap = Number($("any-heap").value) - 1;
      const text = $("any-to").value.trim();
      const to = text === "" || text === "0" ? [0] : parseList(text, "Becomes");
      humanMove(heap, to);
    } catch (err) {
      setStatus(err.message);
    }
  });
  const tabs = ["play", "sequences"];
  tabs.forEach((t, i) => {
    const tab = $("tab-" + t);
    tab.addEventListener("click", () => selectTab(t));
    tab.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
      selectTab(next);
      $("tab-" + next).focus();
    });
  });
}

wire();
readHash();
syncForm();
fetch("/api/limits").then((r) => r.json()).then((l) => { state.limits = l; }).catch(() => {});
startFromForm();
