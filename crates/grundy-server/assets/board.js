// Grundy, the page: drawing a position and reading clicks as moves.
//
// How a position is drawn comes from the registry (`positions.drawing`): `heaps` (tokens, one
// row per heap), `queen` (Wythoff's board), `heap-row` (Moore's Nim: the heaps of one
// position, tokens selected in several heaps, then Move) and `hackenbush` (draw-hackenbush.js: a
// picture on its ground, an edge cut by a click). Other kinds are drawn by the files that
// register in DRAWINGS (draw-grid.js, draw-graph.js, draw-coins.js: rows and grids of coins);
// a kind without one, or a position too big to draw, shows as text with the list of its moves.
// In a sum of games each part is drawn by its own drawing (heaps as tokens, the others through
// DRAWINGS, Green Hackenbush pictures included) when it has one that fits. The typed-move box
// works for every ruleset.
//
// A click is read against the moves the server listed (POST /api/moves): the page only finds
// which listed move the clicked tokens stand for; the server checks every move it is sent.
"use strict";

const MAX_DRAWN = 60; // heaps larger than this get a number field instead of tokens
const BOARD_SIDE = 16; // the Wythoff board shows at most this many squares a side
const PHONE_SIDE = 9; // ... and this many on a phone

/// The drawings of other files, by the registry's drawing kind (see draw-kit.js).
const DRAWINGS = {};

/// How the current game is drawn: a registry drawing kind, or "heaps" for sums.
function drawingKind() {
  const family = state.start && state.families[state.start.game];
  if (!family) return "heaps";
  const kind = family.positions.drawing;
  const lone = state.analysis && state.analysis.components.length === 1;
  // A queen beyond 2^53 - 1 (coordinates kept as strings of digits) is too far to draw: her
  // square is typed instead (farQueen).
  if (kind === "queen" && lone && isFar(state.analysis.components[0].heaps)) return "list";
  if (kind === "queen" || kind === "heap-row" || kind === "hackenbush") return lone ? kind : "list";
  if (DRAWINGS[kind]) return lone && DRAWINGS[kind].drawable(state.analysis.components[0]) ? kind : "list";
  return kind === "heaps" ? "heaps" : "list";
}

/// Whether a list of heaps holds one beyond 2^53 - 1 (kept as a string of digits).
function isFar(heaps) {
  return (heaps || []).some((h) => typeof h === "string");
}

function prepareBoard(spec) {
  const family = state.families[spec.game];
  if (family && family.positions.drawing === "queen" && spec.heaps.length === 2 && !isFar(spec.heaps)) {
    const [qx, qy] = spec.heaps;
    const most = window.innerWidth < 500 ? PHONE_SIDE : BOARD_SIDE;
    state.boardSide = Math.max(6, Math.min(most, Math.max(qx, qy) + 2));
  }
  $("puzzle").checked = false;
}

/// What a drawing needs from the server before it is drawn: the Wythoff board's tile of values,
/// a lone picture's layout, the layouts of the pictures of a sum (`analysis`: the position's).
async function loadDrawing(spec, generation, analysis) {
  const family = state.families[spec.game];
  if (family && family.positions.drawing === "queen" && spec.heaps.length === 2 && !isFar(spec.heaps)) await loadTile(spec.heaps, generation);
  if (family && family.positions.drawing === "hackenbush") await loadPicture(generation);
  if (!family) await Promise.all([loadSumPictures(analysis, generation), loadSumQueens(analysis, generation)]);
  // A drawing that reads its positions from the server (draw-spots.js) loads every part of its kind.
  await Promise.all(Object.values(DRAWINGS).filter((d) => d.load).map((d) => d.load(analysis, generation)));
}

/// Whether the board takes a move now.
function isLive() {
  return !state.busy && !state.starting && !state.finished && isHumanTurn();
}

function moveHelp() {
  if (isLoopy()) return loopyHelpLine();
  const kind = drawingKind();
  if (kind === "queen") return "click a square the queen can reach (left, down or diagonally down-left).";
  if (kind === "heap-row") return "click a token in each heap you take from (it and the tokens after it), then Move.";
  if (kind === "list" && state.analysis && state.analysis.components.length === 1 && isFar(state.analysis.components[0].heaps)) return "write the queen's new square, then Move (or type a move, e.g. to 4 7).";
  // A position whose moves the server did not list (a Chomp bar beyond the search): typed.
  if (kind === "list" && state.values && !state.values.moves) return "type a move below, or ask for a hint.";
  if (kind === "list") return "pick a move from the list, or type one.";
  if (DRAWINGS[kind]) return DRAWINGS[kind].help;
  if (kind === "hackenbush") return "click an edge (or its dot) to cut it; whatever no longer touches the ground falls with it.";
  return heapsHelp() + drawnPartsHelp();
}

/// How heaps of tokens are played, in the words of the moves the server listed: taking tokens
/// (Nim's click, a drag), splitting at a gap (Grundy's game splits and never takes), and a heap
/// too large to draw, whose field says what it becomes.
function heapsHelp() {
  const heaps = state.analysis ? state.analysis.components.filter((c) => c.heap !== undefined) : [];
  const big = (c) => typeof c.heap === "string" || c.heap > MAX_DRAWN;
  const write = "write what the heap becomes in its field, then Move";
  if (heaps.length && heaps.every(big)) return `${write} (a heap too large to draw has no tokens to click).`;
  const ways = [];
  if (takes() !== false) ways.push("click a token to take it and the tokens after it, or drag across tokens to take exactly those");
  if (splits()) ways.push(takes() === false ? "click a gap between two tokens to split the heap there" : "click a gap to split the heap there");
  return ways.join(", or ") + (heaps.some(big) ? `; for a heap too large to draw, ${write}.` : ".");
}

/// Whether some listed move takes tokens (false for Grundy's game, whose moves only split; null
/// until the moves arrive).
function takes() {
  const moves = state.values && state.values.moves;
  if (!moves) return null;
  return moves.some((v) => v.move.from.heap !== undefined && v.move.to.reduce((t, c) => t + (c.heap || 0), 0) < v.move.from.heap);
}

/// How the parts of a sum that are drawn by draw-*.js are played: " On a board, click ...".
function drawnPartsHelp() {
  const families = (state.analysis ? state.analysis.components : []).map((c) => familyOfRuleset(c.ruleset));
  const drawn = families.filter((f, k) => f && DRAWINGS[f.positions.drawing] && families.indexOf(f) === k);
  return drawn.map((f) => ` On a ${DRAWINGS[f.positions.drawing].noun || f.noun}, ${DRAWINGS[f.positions.drawing].help}`).join("");
}

function render() {
  const a = state.analysis;
  const board = $("board");
  board.replaceChildren();
  const live = isLive();
  const kind = a ? drawingKind() : "heaps";
  board.hidden = kind === "queen";
  $("wythoff").hidden = kind !== "queen";
  $("row-bar").hidden = kind !== "heap-row";
  if (a && isLoopy()) board.append(drawLoopy(a, live));
  else if (a && kind === "queen") drawWythoff(a.components[0].heaps, live);
  else if (a && kind === "heap-row") board.append(drawRow(a.components[0], live));
  else if (a && kind === "hackenbush") board.append(pictureReady() ? drawPicture(a.components[0], live) : drawList(a, live));
  else if (a && kind === "list") board.append(drawList(a, live));
  else if (a && DRAWINGS[kind]) board.append(DRAWINGS[kind].draw(a.components[0], live));
  else if (a) a.components.forEach((c, i) => board.append(c.heap !== undefined ? drawHeap(c, i, live) : drawTerm(c, i, live)));
  if (kind === "heap-row") renderRowBar(live);
  restoreBoardFocus();
  const badge = $("turn-badge");
  badge.textContent = state.finished ? "Game over" : state.spec ? `${playerName(state.turn)} to move`.replace("You to move", "Your move") : "";
  badge.className = "badge" + (isHumanTurn() && !state.finished ? " you" : "");
  $("hint-btn").disabled = !live;
  $("values-btn").disabled = !state.spec || state.finished;
  $("typed-move").querySelector("button").disabled = !live;
  $("undo-btn").disabled = state.busy || !state.settings || state.settings.mode === "watch" || !state.history.some((h) => HUMAN_TURNS.includes(h.by));
  $("distance-btn").hidden = isLoopy();
  $("lesson-btn").hidden = isLoopy();
  $("pause-btn").hidden = !state.settings || state.settings.mode !== "watch" || state.finished;
  renderHistory();
  renderPanels();
}

// ---- Heaps of tokens --------------------------------------------------------------------------

/// Whether some move of the position splits a heap in two without taking (Grundy's game,
/// Lasker's Nim: the gaps between tokens are then buttons; Kayles takes as it splits, so a
/// click on a token plays it). Read from the listed moves.
function splits() {
  const moves = state.values && state.values.moves;
  return !!moves && moves.some((v) => {
    const parts = v.move.to.filter((c) => c.heap > 0);
    return parts.length > 1 && v.move.from.heap !== undefined && parts.reduce((t, c) => t + c.heap, 0) === v.move.from.heap;
  });
}

/// A component's position as text when the page has no drawing for it: a heap's size, a
/// tuple of heaps, or whatever fields the ruleset's JSON gives.
function positionText(c) {
  if (c.heap !== undefined) return String(c.heap);
  if (c.heaps !== undefined) return `(${c.heaps.join(", ")})`;
  return Object.entries(c).filter(([k]) => k !== "ruleset").map(([, v]) => (typeof v === "string" ? v : JSON.stringify(v))).join(" ");
}

/// The listed moves of component `i`, each with its parts' heaps sorted (empty heaps dropped).
function movesOf(i) {
  if (!state.values || !state.values.moves) return null;
  return state.values.moves
    .filter((v) => v.move.component === i)
    .map((v) => ({ v, parts: v.move.to.map((c) => c.heap).filter((h) => h > 0).sort((x, y) => x - y) }));
}

function sameParts(a, b) {
  return a.length === b.length && a.every((x, k) => x === b[k]);
}

/// The listed move of component `i` that takes tokens `from..to` (1-based, inclusive) of a heap
/// of `n`, leaving the tokens left of them and right of them as heaps; `to = from - 1` is a
/// cut that takes nothing.
function runMove(i, n, from, to) {
  const list = movesOf(i);
  if (!list) return null;
  const parts = [from - 1, n - to].filter((h) => h > 0).sort((x, y) => x - y);
  const found = list.find((m) => sameParts(m.parts, parts));
  return found ? { run: [from, to], v: found.v } : null;
}

/// What a click on token `k` of heap `i` (of `n`) plays: the hinted move if `k` is one of its
/// tokens; else the first listed move of: take `k` and every token after it (Nim's click),
/// take `k` alone, the shortest run starting at `k`, the shortest run holding `k`, a cut just
/// before or after `k`.
function clickMove(i, n, k) {
  const h = hintRun(i, n);
  if (h && h.taken > 0 && k >= h.from && k <= h.to) return { run: [h.from, h.to], v: { move: state.hint.move }, hinted: true };
  const tries = [[k, n], [k, k]];
  for (let len = 2; len <= n; len += 1) tries.push([k, k + len - 1]);
  for (let len = 2; len <= n; len += 1) for (let a = k - len + 1; a < k; a += 1) tries.push([a, a + len - 1]);
  tries.push([k, k - 1], [k + 1, k]);
  for (const [a, b] of tries) {
    if (a < 1 || b > n || b < a - 1) continue;
    const found = runMove(i, n, a, b);
    if (found) return found;
  }
  return null;
}

/// The tokens the hint takes in heap `i` of `n`: {from, to, taken, cut} (a cut takes none and
/// splits after token `cut`); null when the hint is elsewhere.
function hintRun(i, n) {
  const m = state.hint && state.hint.move;
  if (!m || m.component !== i || m.from.heap === undefined) return null;
  const left = m.to.length ? m.to[0].heap : 0;
  const right = m.to.length > 1 ? m.to.slice(1).reduce((s, c) => s + c.heap, 0) : 0;
  const taken = n - left - right;
  return { from: left + 1, to: left + taken, taken, cut: taken === 0 ? left : null };
}

function outcomeClass(v) {
  if (!state.showValues || !v || !v.outcome) return "";
  return v.outcome === "win" ? " v-win" : " v-lose";
}

function valueLabel(v) {
  if (!v || !v.outcome) return "";
  const left = v.moves_left ? ` in ${v.moves_left} move${v.moves_left === 1 ? "" : "s"}` : "";
  return v.outcome === "win" ? `wins${left}` : `loses${left}`;
}

function drawHeap(c, i, live) {
  const n = c.heap;
  const label = el("div", { class: "heap-label" }, el("strong", { title: groupDigits(n) }, String(n).length > 12 ? shortNumber(n) : groupDigits(n)), `heap ${i + 1}`);
  if (state.spec.game === "sum") label.append(el("span", { class: "rs" }, ` · ${c.ruleset}`));
  const row = el("div", { class: "heap", role: "group", "aria-label": `Heap ${i + 1}: ${groupDigits(n)} token${n === 1 ? "" : "s"}`, "data-heap": String(i) }, label);
  if (n > MAX_DRAWN) {
    row.append(bigHeap(n, i, live));
    return row;
  }
  const tokens = el("div", { class: "tokens" + (live ? " live" : ""), "data-heap": String(i) });
  if (n === 0) tokens.append(el("span", { class: "empty-heap" }, "empty"));
  const hint = hintRun(i, n);
  for (let k = 1; k <= n; k += 1) {
    if (k > 1) tokens.append(gapButton(i, n, k - 1, live, hint));
    const choice = live ? clickMove(i, n, k) : null;
    const what = choice ? pretty(choice.v.move.text).replace(/^heap \d+: /, "") : `take token ${k}`;
    const b = el("button", {
      type: "button",
      class: "token" + (hint && hint.taken > 0 && k >= hint.from && k <= hint.to ? " hinted" : "") + outcomeClass(choice && choice.v),
      "data-index": String(k),
      "aria-label": `Heap ${i + 1}, token ${k}: ${what}` + (state.showValues && choice ? `, ${valueLabel(choice.v)}` : ""),
      title: what + (state.showValues && choice ? ` (${valueLabel(choice.v)})` : ""),
    });
    if (!live) { b.setAttribute("tabindex", "-1"); b.setAttribute("aria-disabled", "true"); }
    b.addEventListener("click", () => tokenClicked(i, n, k));
    b.addEventListener("pointerenter", () => preview(i, n, k));
    b.addEventListener("focus", () => preview(i, n, k));
    tokens.append(b);
  }
  tokens.addEventListener("pointerleave", clearPreview);
  tokens.addEventListener("pointerdown", (e) => dragStart(e, i, n));
  row.append(tokens);
  return row;
}

/// The gap after token `k`: a button only where the listed moves split the heap there without
/// taking (Grundy's game, Lasker's Nim).
function gapButton(i, n, k, live, hint) {
  const cut = live ? runMove(i, n, k + 1, k) : null;
  const hinted = hint && hint.cut === k;
  if (!cut && !hinted) return el("span", { class: "gap", "aria-hidden": "true" });
  const what = cut ? pretty(cut.v.move.text).replace(/^heap \d+: /, "") : `split after token ${k}`;
  const b = el("button", {
    type: "button",
    class: "gap cut" + (hinted ? " hinted" : "") + outcomeClass(cut && cut.v),
    "data-cut": String(k),
    "aria-label": `Heap ${i + 1}: split after token ${k}, ${what}` + (state.showValues && cut ? `, ${valueLabel(cut.v)}` : ""),
    title: `split: ${what}` + (state.showValues && cut ? ` (${valueLabel(cut.v)})` : ""),
  });
  if (!live) b.setAttribute("tabindex", "-1");
  b.addEventListener("click", () => {
    if (!isLive()) return;
    if (hinted) return playListed(state.hint.move);
    if (cut) playListed(cut.v.move);
  });
  return b;
}

/// Plays a move the server listed (or the hint's), sending what it leaves.
function playListed(move) {
  humanMove({ component: move.component, to: move.to.flatMap(partHeaps) });
}

function tokenClicked(i, n, k) {
  if (!isLive()) return;
  if (state.dragged) { state.dragged = false; return; }
  const choice = clickMove(i, n, k);
  if (choice) return playListed(choice.v.move);
  if (!movesOf(i)) return humanMove({ component: i, to: [k - 1] });
  explainNoMove(i, n, `token ${k}`);
}

/// No listed move takes the clicked tokens: say which moves the heap has.
function explainNoMove(i, n, what) {
  const list = movesOf(i) || [];
  if (!list.length) return setStatus(`Not allowed: heap ${i + 1} has no move left.`);
  const shown = list.slice(0, 8).map((m) => pretty(m.v.move.text).replace(/^heap \d+: /, ""));
  setStatus(`Not allowed: no move of heap ${i + 1} (${n} tokens) takes ${what}. Its moves: ${shown.join("; ")}${list.length > 8 ? `; and ${list.length - 8} more` : ""}.`);
}

function preview(i, n, k) {
  clearPreview();
  if (!isLive()) return;
  const run = state.drag && state.drag.heap === i ? dragRun() : clickMove(i, n, k)?.run;
  if (!run) return;
  const [a, b] = run;
  document.querySelectorAll(`.tokens[data-heap="${i}"] .token`).forEach((t) => {
    const j = Number(t.dataset.index);
    if (j >= a && j <= b) t.classList.add("preview");
  });
  if (b < a) document.querySelector(`.tokens[data-heap="${i}"] .gap[data-cut="${b}"]`)?.classList.add("preview");
}

function clearPreview() {
  document.querySelectorAll(".preview").forEach((t) => t.classList.remove("preview"));
  document.querySelectorAll(".falls").forEach((t) => t.classList.remove("falls"));
}

// Dragging across tokens selects exactly those tokens (mouse and touch alike).
function dragStart(e, i, n) {
  const t = e.target.closest(".token");
  if (!t || !isLive()) return;
  state.drag = { heap: i, n, start: Number(t.dataset.index), end: Number(t.dataset.index) };
}

function dragRun() {
  const d = state.drag;
  return [Math.min(d.start, d.end), Math.max(d.start, d.end)];
}

function dragMove(e) {
  const d = state.drag;
  if (!d) return;
  const t = document.elementFromPoint(e.clientX, e.clientY)?.closest(`.tokens[data-heap="${d.heap}"] .token`);
  if (t && Number(t.dataset.index) !== d.end) {
    d.end = Number(t.dataset.index);
    preview(d.heap, d.n, d.end);
  }
}

function dragEnd() {
  const d = state.drag;
  state.drag = null;
  if (!d || d.start === d.end) return;
  state.dragged = true; // the click that may follow is the end of this drag
  setTimeout(() => { state.dragged = false; }, 0);
  const [a, b] = [Math.min(d.start, d.end), Math.max(d.start, d.end)];
  const found = runMove(d.heap, d.n, a, b);
  clearPreview();
  if (found) return playListed(found.v.move);
  if (!movesOf(d.heap)) return humanMove({ component: d.heap, to: [a - 1, d.n - b].filter((h) => h > 0) });
  explainNoMove(d.heap, d.n, `tokens ${a} to ${b}`);
}

function bigHeap(n, i, live) {
  const box = el("div", { class: "big-heap" });
  const hinted = state.hint && state.hint.move && state.hint.move.component === i ? state.hint.move.to.map((c) => c.heap) : null;
  const input = el("input", { type: "text", inputmode: "numeric", "aria-label": `What heap ${i + 1} becomes`, placeholder: "e.g. 12 or 3, 4", value: hinted ? hinted.join(", ") : "" });
  const go = el("button", { type: "button", class: hinted ? "hinted" : "" }, "Move");
  go.disabled = !live;
  go.addEventListener("click", () => {
    try {
      const to = input.value.trim() === "" ? [] : parseList(input.value, "Becomes", true);
      humanMove({ component: i, to: to.length ? to : [0] });
    } catch (e) {
      setStatus(e.message);
    }
  });
  box.append(el("span", {}, ...breakableDigits(n), ` tokens (too many to draw). Heap ${i + 1} becomes:`), input, go);
  return box;
}

/// A long number grouped in thousands, as nodes that may break after each comma (never inside a
/// group), for the narrow phone layout.
function breakableDigits(n) {
  const out = [];
  groupDigits(n).split(",").forEach((group, k) => {
    if (k) out.push(",", el("wbr"));
    out.push(group);
  });
  return out;
}

/// A Wythoff queen too far to draw (a coordinate beyond 2^53 - 1): her new square is typed,
/// the hint filling it in.
function farQueen(c, live) {
  const box = el("div", { class: "big-heap" });
  const hinted = state.hint && state.hint.move ? state.hint.move.to.flatMap(partHeaps) : null;
  const input = el("input", { type: "text", inputmode: "numeric", "aria-label": "The queen's new square, x, y", placeholder: "x, y", value: hinted ? hinted.join(", ") : "" });
  const go = el("button", { type: "button", class: hinted ? "hinted" : "" }, "Move");
  go.disabled = !live;
  go.addEventListener("click", () => {
    try {
      humanMove({ component: 0, to: parseList(input.value, "The queen's square", true) });
    } catch (e) {
      setStatus(e.message);
    }
  });
  const [x, y] = c.heaps;
  box.append(el("span", {}, "The queen at (", ...breakableDigits(x), ", ", ...breakableDigits(y), ") is too far out to draw. She goes (left, down or diagonally down-left) to:"), input, go);
  return box;
}

/// A component of a sum that is not one heap: drawn by its drawing (a board, a graph, a row of
/// coins: draw-*.js), or as text (a Wythoff pair, a row of Moore's Nim), its moves then in the
/// list of moves and the typed-move box.
function drawTerm(c, i, live) {
  const family = familyOfRuleset(c.ruleset);
  const noun = family ? family.noun : "part";
  const drawing = family && DRAWINGS[family.positions.drawing];
  const label = el("div", { class: "heap-label" }, el("strong", {}, `${noun} ${i + 1}`), el("span", { class: "rs" }, ` · ${c.ruleset}`));
  if (drawing && drawing.drawable(c)) {
    return el("div", { class: "heap term", role: "group", "aria-label": `${noun} ${i + 1}: ${c.ruleset}`, "data-heap": String(i) }, label, drawing.draw(c, live, i));
  }
  const text = positionText(c);
  return el("div", { class: "heap", role: "group", "aria-label": `${noun} ${i + 1}: ${c.ruleset} at ${text}`, "data-heap": String(i) },
    el("div", { class: "heap-label" }, el("strong", {}, text), `${noun} ${i + 1}`, el("span", { class: "rs" }, ` · ${c.ruleset}`)),
    partMoves(i, live));
}

const PART_MOVES = 24; // a part of a sum without a drawing lists at most this many moves as buttons

/// The moves of part `i` of a sum that has no drawing (a row of Moore's Nim), as buttons: each
/// plays the listed move, the hint's is highlighted; beyond PART_MOVES, the typed-move box.
function partMoves(i, live) {
  const list = state.values && state.values.moves ? state.values.moves.filter((v) => v.move.component === i) : null;
  if (!list) return el("span", { class: "help" }, `Its moves are loading; you can also type one (${i + 1} …).`);
  const hinted = state.hint && state.hint.move && state.hint.move.component === i ? state.hint.move.text : null;
  const shown = list.filter((v, k) => k < PART_MOVES || v.move.text === hinted);
  const box = el("div", { class: "move-list part-moves" });
  for (const v of shown) {
    const b = el("button", { type: "button", class: "move-choice" + outcomeClass(v) + (v.move.text === hinted ? " hinted" : ""), title: pretty(v.move.text) + (state.showValues ? ` (${valueLabel(v)})` : "") }, pretty(v.move.text).replace(/^[a-z][a-z ]* \d+: /, ""));
    b.disabled = !live;
    b.addEventListener("click", () => playListed(v.move));
    box.append(b);
  }
  if (list.length > shown.length) box.append(el("span", { class: "help" }, `and ${(list.length - shown.length).toLocaleString("en")} more: type one (${i + 1} …).`));
  if (!list.length) box.append(el("span", { class: "help" }, "No move is left here."));
  return box;
}

// ---- Any other drawing: the position as text, its moves as buttons ---------------------------

function drawList(a, live) {
  const box = el("div", { class: "list-board" });
  const lone = a.components.length === 1;
  // Each component named by what it is: "Board 2: ...", "Picture 1: ...".
  const noun = (c) => (familyOfRuleset(c.ruleset) || { noun: "heap" }).noun;
  a.components.forEach((c, i) => box.append(el("p", {}, el("strong", {}, lone ? "Position: " : `${cap(noun(c))} ${i + 1}: `), positionText(c), el("span", { class: "rs" }, ` · ${c.ruleset}`))));
  if (lone && a.components[0].heaps && isFar(a.components[0].heaps)) {
    box.append(farQueen(a.components[0], live));
    return box;
  }
  const moves = state.values && state.values.moves;
  if (!moves) {
    if (!state.finished) box.append(el("p", { class: "help" }, state.values && state.values.error ? state.values.error : "Loading the moves…"));
    return box;
  }
  const list = el("div", { class: "move-list" });
  const textual = isTextual(state.families[state.spec.game]);
  moves.forEach((v, index) => {
    const label = textual ? moveWords(v.move.text) : pretty(v.move.text);
    const b = el("button", { type: "button", class: "move-choice" + outcomeClass(v) + (state.hint && state.hint.move && state.hint.move.text === v.move.text ? " hinted" : ""), title: pretty(v.move.text) }, label);
    b.disabled = !live;
    b.addEventListener("click", () => (textual ? humanMove({ index }) : playListed(v.move)));
    list.append(b);
  });
  box.append(list);
  return box;
}

// ---- A row of heaps played together (Moore's Nim) ---------------------------------------------

function drawRow(c, live) {
  const heaps = c.heaps;
  const hinted = state.hint && state.hint.move ? state.hint.move.to[0].heaps : null;
  const box = el("div", { class: "heaps" });
  heaps.forEach((n, j) => {
    const keep = state.selection[j];
    const label = el("div", { class: "heap-label" }, el("strong", {}, String(n)), `heap ${j + 1}`);
    const row = el("div", { class: "heap" + (keep !== undefined ? " selected-heap" : ""), role: "group", "aria-label": `Heap ${j + 1}: ${n} tokens`, "data-heap": String(j) }, label);
    if (n > MAX_DRAWN) {
      row.append(el("span", { class: "help" }, `${n} tokens (too many to draw): type a move below.`));
      box.append(row);
      return;
    }
    const tokens = el("div", { class: "tokens row-tokens" + (live ? " live" : "") });
    if (n === 0) tokens.append(el("span", { class: "empty-heap" }, "empty"));
    for (let k = 1; k <= n; k += 1) {
      const cls = ["token", keep !== undefined && k > keep ? "selected" : "", hinted && k > hinted[j] ? "hinted" : ""].join(" ").trim();
      const b = el("button", { type: "button", class: cls, "data-index": String(k), "aria-pressed": String(keep !== undefined && k > keep), "aria-label": `Heap ${j + 1}, token ${k}: take it and the ${n - k} after it` });
      if (!live) b.setAttribute("tabindex", "-1");
      b.addEventListener("click", () => rowTokenClicked(j, k, hinted));
      tokens.append(b);
    }
    row.append(tokens);
    box.append(row);
  });
  return box;
}

function rowTokenClicked(j, k, hinted) {
  if (!isLive()) return;
  if (hinted && k > hinted[j]) {
    // A hinted token selects the whole hinted move.
    state.selection = {};
    hinted.forEach((h, i) => { if (h < state.analysis.components[0].heaps[i]) state.selection[i] = h; });
  } else if (state.selection[j] === k - 1) {
    delete state.selection[j];
  } else {
    state.selection[j] = k - 1;
  }
  render();
}

/// The selection in words, as a typed move of the ruleset: "take 2 from 1 and 3 from 3".
function selectionTyped() {
  const heaps = state.analysis.components[0].heaps;
  const takes = Object.entries(state.selection).map(([j, keep]) => `${heaps[j] - keep} from ${Number(j) + 1}`);
  return takes.length ? "take " + takes.join(" and ") : "";
}

function renderRowBar(live) {
  const typed = selectionTyped();
  const v = typed && state.values && state.values.moves ? rowSelectionValue() : null;
  $("row-summary").textContent = typed
    ? `Selected: ${typed.replace(/^take/, "take")}` + (state.showValues && v ? ` (${valueLabel(v)})` : "")
    : "Select tokens in the heaps to take from (a token takes itself and those after it).";
  $("row-move").disabled = !live || !typed;
  $("row-clear").disabled = !typed;
}

function rowSelectionValue() {
  const heaps = state.analysis.components[0].heaps.map((h, j) => (state.selection[j] !== undefined ? state.selection[j] : h));
  return state.values.moves.find((v) => sameParts(v.move.to[0].heaps, heaps)) || null;
}

// ---- Wythoff board ----------------------------------------------------------------------------

function boardWindow([qx, qy]) {
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

/// Whether (x, y) is listed as a move of the queen (from the server's moves; before they
/// arrive, the squares left, below and diagonally down-left).
function reachable([qx, qy], x, y) {
  return (x < qx && y === qy) || (x === qx && y < qy) || (x < qx && y < qy && qx - x === qy - y);
}

function squareValue(x, y) {
  if (!state.values || !state.values.moves) return null;
  return state.values.moves.find((v) => v.move.to[0].heaps[0] === x && v.move.to[0].heaps[1] === y) || null;
}

function valueColour(g, faded = false) {
  // Golden-angle hues keep neighbouring values apart; squares out of the queen's reach are
  // paler (not transparent: their numbers keep a readable contrast).
  return `hsl(${(g * 137.508) % 360} ${faded ? "45% 90%" : "62% 78%"})`;
}

/// Which axis labels to show: all of them when short, every second or third when the
/// coordinates are long (so they never overlap), and always the queen's.
function axisShown(value, index, queen, side) {
  const digits = String(value).length;
  const step = digits >= 5 ? (side > 8 ? 3 : 2) : digits >= 4 ? 2 : 1;
  return value === queen || index % step === 0;
}

function drawWythoff(queen, live) {
  const t = state.tile;
  const board = $("wythoff-board");
  const hadFocus = board.contains(document.activeElement);
  board.replaceChildren();
  if (!t) return;
  const [qx, qy] = queen;
  const hidden = $("puzzle").checked && !state.puzzleShown;
  const hint = state.hint && state.hint.move && state.hint.move.to[0] && state.hint.move.to[0].heaps;
  if (!state.focus || !reachable(queen, ...state.focus)) state.focus = hint || null;
  board.style.setProperty("--side", String(t.side));
  board.classList.toggle("live", live);
  board.classList.toggle("long-axis", String(Math.max(qx, qy)).length >= 4);
  for (let j = t.side - 1; j >= 0; j -= 1) {
    const y = t.y0 + j;
    board.append(el("span", { class: "axis y", "aria-hidden": "true" }, axisShown(y, j, qy, t.side) ? String(y) : ""));
    for (let i = 0; i < t.side; i += 1) {
      const x = t.x0 + i;
      const g = t.values && !hidden ? t.values[j][i] : null;
      const p = t.p.has(`${x},${y}`) && !hidden;
      const here = x === qx && y === qy;
      const reach = reachable(queen, x, y);
      const hinted = hint && hint[0] === x && hint[1] === y;
      const v = reach ? squareValue(x, y) : null;
      const cls = ["sq", p ? "p" : "", here ? "queen" : "", reach ? "reach" : "", hinted ? "hinted" : ""].join(" ").trim() + outcomeClass(v);
      const label = `(${x}, ${y})` + (g !== null ? `, G = ${g}` : "") + (p ? ", P-position" : "") +
        (here ? ", the queen" : reach ? ", the queen can move here" : ", out of the queen's reach") + (state.showValues && v ? `, ${valueLabel(v)}` : "");
      const b = el("button", { type: "button", class: cls, "data-x": String(x), "data-y": String(y), "aria-label": label, title: label, tabindex: "-1" },
        here ? "♛" : g !== null ? String(g) : p ? "P" : "");
      if (g !== null && !p && !(state.showValues && v)) b.style.background = valueColour(g, !reach && !here);
      b.addEventListener("click", () => squareClicked(queen, x, y, live));
      b.addEventListener("focus", () => { state.focus = [x, y]; });
      board.append(b);
    }
  }
  board.append(el("span", { class: "axis corner", "aria-hidden": "true" }, "y/x"));
  for (let i = 0; i < t.side; i += 1) board.append(el("span", { class: "axis x", "aria-hidden": "true" }, axisShown(t.x0 + i, i, qx, t.side) ? String(t.x0 + i) : ""));
  const [fx, fy] = state.focus || queen;
  const stop = board.querySelector(`.sq[data-x="${fx}"][data-y="${fy}"]`) || board.querySelector(".sq.queen");
  if (stop) stop.setAttribute("tabindex", "0");
  if (stop && hadFocus) stop.focus();
  $("reveal-btn").hidden = !$("puzzle").checked;
  $("reveal-btn").textContent = state.puzzleShown ? "Hide the values" : "Reveal the values";
  $("wythoff-keys").textContent = "Click a square, or use the arrow keys on the board and Enter. The queen moves left, down or diagonally down-left, any distance." + (t.note ? " " + t.note : "");
}

function squareClicked(queen, x, y, live) {
  if (!live) return;
  const [qx, qy] = queen;
  if (x === qx && y === qy) { setStatus("That is the queen's square: click a square left of it, below it or diagonally down-left."); return; }
  humanMove({ component: 0, to: [x, y] });
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

// ---- Keyboard: focus kept on the board across moves, arrow keys between its buttons ---------

/// The boards whose buttons the keyboard walks: the drawing of a position, Wythoff's board.
function boardOf(node) {
  return [$("board"), $("wythoff-board")].find((b) => b.contains(node)) || null;
}

/// What identifies a focused button of a drawing across redraws: its part of a sum and its
/// data attributes (a token's place, a square, a coin, a vertex, an edge).
function focusKeyOf(node) {
  const part = node.closest("[data-heap]");
  const attrs = Object.entries(node.dataset || {}).map(([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}="${v}"]`).join("");
  return { part: part ? part.dataset.heap : null, attrs, board: boardOf(node).id };
}

/// The buttons of a board that take focus, in page order.
function focusables(board) {
  return [...board.querySelectorAll("button:not([disabled]), [role=button]")].filter((b) => b.getClientRects().length > 0);
}

/// After a redraw, puts the focus back where it was on the board (the same button, else one in
/// the same part, else the board's first), so that a keyboard player keeps playing after a move.
function restoreBoardFocus() {
  const key = state.boardFocus;
  const active = document.activeElement;
  if (!key || (active && active !== document.body && !boardOf(active))) return;
  if (active && boardOf(active) && active.isConnected) return;
  const board = $(key.board);
  if (!board || board.closest("[hidden]")) return;
  const scope = key.part !== null ? board.querySelector(`[data-heap="${key.part}"]`) : board;
  const same = key.attrs ? (scope || board).querySelector(key.attrs) : null;
  const target = (same && focusables(board).includes(same) && same) || (scope && focusables(scope)[0]) || focusables(board)[0];
  if (target) target.focus({ preventScroll: true });
}

/// Arrow keys move the focus to the nearest button of the board in that direction (tokens,
/// squares, coins, vertices, edges); Enter and Space press it.
function arrowKey(e) {
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const step = steps[e.key];
  const board = boardOf(e.target);
  if (!step || !board || board.id === "wythoff-board" || e.target.matches("input, select, textarea")) return;
  const all = focusables(board);
  const cur = all.find((b) => b === e.target || b.contains(e.target));
  if (!cur) return;
  e.preventDefault();
  const centre = (b) => { const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
  const [cx, cy] = centre(cur);
  let best = null;
  for (const b of all) {
    if (b === cur) continue;
    const [x, y] = centre(b);
    const along = (x - cx) * step[0] + (y - cy) * step[1];
    if (along < 4) continue;
    const across = Math.abs((x - cx) * step[1]) + Math.abs((y - cy) * step[0]);
    const score = along + 2 * across;
    if (!best || score < best.score) best = { b, score };
  }
  if (best) best.b.focus();
}

function wireBoard() {
  $("wythoff-board").addEventListener("keydown", boardKey);
  $("board").addEventListener("keydown", arrowKey);
  document.addEventListener("focusin", (e) => { state.boardFocus = boardOf(e.target) ? focusKeyOf(e.target) : null; });
  document.addEventListener("pointermove", dragMove);
  document.addEventListener("pointerup", dragEnd);
  $("row-move").addEventListener("click", () => {
    const typed = selectionTyped();
    if (typed) humanMove({ typed });
  });
  $("row-clear").addEventListener("click", () => { state.selection = {}; render(); });
  $("puzzle").addEventListener("change", () => { state.puzzleShown = false; render(); });
  $("reveal-btn").addEventListener("click", () => { state.puzzleShown = !state.puzzleShown; render(); });
}
