// Grundy, the page. Vanilla JavaScript, no build step, four files:
//   app.js        the game: setup form (built from GET /api/rulesets), turns, moves, the link
//   board.js      drawing a position (heaps of tokens, the Wythoff board, a row of heaps), and
//                 the dispatch to draw-*.js (boards, graphs, coins; draw-kit.js their helpers)
//   teach.js      hint, Why?, move values
//   lessons.js    the guided lessons (Nim, the mex, Kayles, Wythoff, misère Nim)
//   sequences.js  the Sequences view
//   loopy.js      loopy games: draws, a token's digraph, values γ
//
// Every rule, value and move comes from the server's JSON API; the page keeps the position,
// draws it and asks. The game lives in the URL too (start position, moves, settings), so a
// refresh or a shared link restores it with its history.
"use strict";

const $ = (id) => document.getElementById(id);
const COMPUTER_DELAY = 450; // ms, so that a human can follow the computer's move
const WATCH_DELAY = 800;
const HUMAN_TURNS = ["human", "P1", "P2"];

const state = {
  families: {}, // the registry, by name
  order: [], // the registry's names, in its order
  loopy: [], // the loopy families (GET /api/rulesets, `loopy`)
  sumHelp: "", // the help of the sum's terms field
  start: null, // the start position, as the API takes it
  spec: null, // the current position
  moves: [], // the moves played, as {component, to}
  analysis: null, // the server's analysis of `spec`
  values: null, // POST /api/moves for `spec`: {moves, measured, ...} or {error}
  turnHelp: null, // the status line telling the player to move, while it is shown
  showValues: false,
  settings: null, // {game, mode, first, strength, strength2}
  history: [], // [{by, text, move, before, value, blunder}]
  turn: "human", // "human" | "computer" | "A" | "B" | "P1" | "P2"
  finished: false,
  busy: false,
  paused: false,
  timer: null,
  hint: null, // the last /api/hint answer for `spec`
  guessed: null, // the position (as JSON) a computer's move played at random left (`refused`)
  generation: 0, // bumps on every new game so that late answers are dropped
  limits: null, // GET /api/limits
  selection: {}, // heap-row drawing: heap index -> tokens kept
  drawSel: null, // draw-*.js: what is selected on the position on the board (draw-kit.js)
  boardFocus: null, // the board button that had the focus, put back after a redraw (board.js)
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
    throw new Error(sentence(forPeople(message, data && data.field)));
  }
  return data;
}

/// An API error for people: a message that starts with the JSON path of the field it names
/// (`position.code: invalid octal code "0.8"...`, `position.set[0]: invalid amount 0...`) is
/// said without it, as the form's label and the message's value already say which; a part
/// of a sum (`position.terms[2]...`) is said as "part 3".
function forPeople(message, field) {
  if (typeof field !== "string" || !message.startsWith(field + ": ")) return message;
  const rest = message.slice(field.length + 2);
  const part = /^position\.terms\[(\d+)\]/.exec(field);
  if (part) return `part ${Number(part[1]) + 1}: ${rest}`;
  return /^position\.[a-z_]+(\[\d+\])?$/.test(field) ? rest : message;
}

/// A move's text for people: the engine's words, with arrows, and numbers beyond 2^53 (17 digits
/// or more) grouped.
function pretty(text) {
  return String(text).replaceAll("->", "→").replace(/\d{17,}/g, (d) => groupDigits(d));
}

/// A whole number for people: "198672" → "198,672" (a string of any length, a BigInt or a
/// safe integer; exact, never through floating point).
function groupDigits(n) {
  return String(n).replace(/^(\d+)$/, (d) => d.replace(/\B(?=(\d{3})+$)/g, ","));
}

/// A message as one sentence: a capital first letter, a full stop at the end, and its long
/// whole numbers (5 digits or more, not part of a decimal, a list or a position) grouped.
function sentence(text) {
  let t = String(text).trim().replace(/(^|[\s(])(\d{4,})(?=$|[\s),:;]|\.(?!\d))/g, (m, lead, d) => lead + groupDigits(d));
  t = t.charAt(0).toUpperCase() + t.slice(1);
  // Sentences run together by a missing full stop ("... together The game") get one.
  t = t.replace(/([a-z0-9)"])\s+(The game on the board is unchanged)/g, "$1. $2");
  return /[.!?…]$/.test(t) ? t : t + ".";
}

/// A reason from the engine, without its "illegal move:" prefix.
function reasonText(reason) {
  const r = pretty(reason).replace(/^illegal move:\s*/i, "");
  return r.charAt(0).toUpperCase() + r.slice(1);
}

// ---- Setup form, built from the registry -----------------------------------------------------

/// The most digits a heap may have (the engine's limit for Nim heaps of any size).
const MAX_HEAP_DIGITS = 100000;

/// A list of whole numbers, "3, 4, 5". Amounts and parameters must be safe integers; heaps
/// (`heaps`) may have any number of digits up to MAX_HEAP_DIGITS: a heap beyond 2^53 - 1,
/// which a JavaScript number does not hold exactly, stays a string of digits end to end (in
/// the form, the link, the requests and the answers).
function parseList(text, what, heaps = false) {
  const items = String(text).split(",").map((s) => s.trim().replace(/[_\s]/g, "")).filter((s) => s !== "");
  if (items.length === 0) throw new Error(`${what}: give at least one whole number`);
  return items.map((s) => {
    if (!/^\d+$/.test(s)) throw new Error(`${what}: "${s.length > 24 ? s.slice(0, 20) + "…" : s}" is not a whole number`);
    const shown = s.length > 24 ? `a number of ${groupDigits(s.length)} digits` : s;
    if (heaps) {
      if (s.length > MAX_HEAP_DIGITS) throw new Error(`${what}: ${shown} is too large (at most ${groupDigits(MAX_HEAP_DIGITS)} digits)`);
      return heapValue(s);
    }
    const n = Number(s);
    if (!Number.isSafeInteger(n)) throw new Error(`${what}: ${shown} is too large (at most ${groupDigits(Number.MAX_SAFE_INTEGER)})`);
    return n;
  });
}

/// A heap's digits as the API takes them: a number when JavaScript holds it exactly, else the
/// string of digits (leading zeros dropped).
function heapValue(digits) {
  const s = String(digits).replace(/^0+(?=\d)/, "");
  return BigInt(s) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(s) : s;
}

/// A long number shortened for a chip: "1000…007 (31 digits)"; short ones as they are.
function shortNumber(n) {
  const s = String(n);
  return s.length > 12 ? `${s.slice(0, 4)}…${s.slice(-3)}` : s;
}

/// A parameter's text as the API's JSON value.
function paramValue(p, text, what) {
  if (p.kind === "amounts") return parseList(text, what);
  if (p.kind === "number") {
    const [n, ...rest] = parseList(text, what);
    if (rest.length) throw new Error(`${what}: give one whole number`);
    return n;
  }
  const word = String(text).trim();
  if (!word) throw new Error(`${what}: give a value, e.g. ${p.example}`);
  return word;
}

/// A parameter's JSON value as text for a field.
function paramText(value) {
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/// The fields of a family's parameters, inside `box`, with ids `${prefix}${name}`.
function paramFields(box, family, prefix) {
  box.replaceChildren();
  for (const p of family ? family.params : []) {
    const id = prefix + p.name;
    const input = el("input", { id, autocomplete: "off", "aria-describedby": id + "-help", value: p.example.replaceAll(",", ", ") });
    if (p.presets && p.presets.length) {
      const list = el("datalist", { id: id + "-presets" }, ...p.presets.map((s) => el("option", { value: s.name }, `${s.value}: ${s.about}`)));
      input.setAttribute("list", id + "-presets");
      input.value = p.presets[0].name;
      box.append(list);
    }
    box.append(el("div", { class: "field" },
      el("label", { for: id }, p.label), input, el("p", { class: "help", id: id + "-help" }, p.help)));
  }
}

function fillGameList(select, names, withSum) {
  select.replaceChildren(...names.map((n) => el("option", { value: n }, state.families[n].title)));
  if (withSum) select.append(el("option", { value: "sum" }, "Sum of games (any of the above side by side)"));
}

async function loadRegistry() {
  const response = await fetch("/api/rulesets");
  const { rulesets, loopy } = await response.json();
  for (const f of rulesets) state.families[f.name] = f;
  state.order = rulesets.map((f) => f.name);
  state.loopy = loopy || [];
  fillGameList($("game"), state.order, true);
  const loopyGroup = loopyOptions();
  if (loopyGroup) $("game").append(loopyGroup);
  fillGameList($("seq-game"), state.order.filter((n) => state.families[n].sequence), false);
  state.sumHelp = "Terms joined by +, e.g. " + rulesets.map((f) => f.example).join(", ") + ".";
  $("terms-help").textContent = state.sumHelp;
}

/// The game picked in the form: its family, or null for a sum.
function formFamily() {
  return state.families[$("game").value] || null;
}

function gameChanged() {
  const family = formFamily();
  paramFields($("params"), family, "param-");
  if (family) {
    $("positions-label").textContent = family.positions.label;
    const help = family.positions.help;
    $("positions-help").textContent = `${help.charAt(0).toUpperCase()}${help.slice(1)}.`;
    $("positions").value = family.positions.example;
  }
  const loopy = formLoopy();
  if (loopy) {
    $("terms").value = loopy.example;
    $("terms-help").textContent = loopyHelp(loopy);
  } else if (!family) {
    if (/^\s*(digraph|wind|loopy|square|fair)/.test($("terms").value)) $("terms").value = "nim:3,4 + sub{1,4,9}:11";
    $("terms-help").textContent = state.sumHelp;
  }
  syncForm();
}

function syncForm() {
  const family = formFamily();
  const mode = document.querySelector('input[name="mode"]:checked').value;
  $("field-positions").hidden = !family;
  $("field-terms").hidden = !!family;
  $("field-first").hidden = mode !== "human";
  $("field-strength").hidden = mode === "two";
  $("field-strength2").hidden = mode !== "watch";
  const loopy = formLoopy();
  const convention = $("misere").checked ? "misere" : "normal";
  $("game-help").textContent = loopy ? `${loopy.title}, a loopy game: play may go on for ever, so a position can be a draw.` : rulesText(family, convention);
  $("misere").closest("label").hidden = !!loopy;
  $("simulate-btn").hidden = !!loopy;
  $("strength-out").textContent = $("strength").value;
  $("strength2-out").textContent = $("strength2").value;
  $("simulate-out").textContent = "";
}

function specFromForm() {
  const game = $("game").value;
  const convention = $("misere").checked ? "misere" : "normal";
  if (formLoopy()) {
    const terms = $("terms").value.trim();
    if (!terms) throw new Error(`Position: write terms such as ${formLoopy().example}`);
    return { game: "loopy", terms, convention: "normal" };
  }
  if (game === "sum") {
    const terms = $("terms").value.trim();
    if (!terms) throw new Error("Position: write terms such as nim:3,4 + sub{1,4,9}:11");
    return { game: "sum", terms, convention };
  }
  const family = state.families[game];
  const spec = { game };
  for (const p of family.params) spec[p.name] = paramValue(p, $("param-" + p.name).value, p.label);
  if (isTextual(family)) {
    spec.position = $("positions").value.trim();
    if (!spec.position) throw new Error(`${family.positions.label}: write one, e.g. ${family.positions.example}`);
  } else {
    spec.heaps = parseList($("positions").value, family.positions.label, true);
  }
  spec.convention = convention;
  return spec;
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

/// Puts a started game's position and settings back in the form (after a link is opened).
function formFromGame(spec, settings) {
  $("game").value = spec.game === "loopy" ? "loopy:" + loopyFamilyOf(spec.terms).name : spec.game;
  gameChanged();
  const family = state.families[spec.game];
  if (family) {
    for (const p of family.params) if (spec[p.name] !== undefined) $("param-" + p.name).value = paramText(spec[p.name]);
    $("positions").value = spec.position !== undefined ? spec.position : (spec.heaps || []).join(", ");
  } else {
    $("terms").value = spec.terms || "";
  }
  $("misere").checked = spec.convention === "misere";
  const mode = document.querySelector(`input[name="mode"][value="${settings.mode}"]`);
  if (mode) mode.checked = true;
  $("first").value = settings.first;
  $("strength").value = settings.strength;
  $("strength2").value = settings.strength2;
  syncForm();
}

// ---- Game flow --------------------------------------------------------------------------------

function isHumanTurn() {
  return HUMAN_TURNS.includes(state.turn);
}

function firstTurn(settings) {
  if (settings.mode === "watch") return "A";
  if (settings.mode === "two") return "P1";
  return settings.first;
}

function nextOf(turn) {
  return { human: "computer", computer: "human", A: "B", B: "A", P1: "P2", P2: "P1" }[turn];
}

/// Starts a game, but only once the server has accepted its position: a rejected setup
/// leaves the game on the board as it was, and says why next to the Start button (or as
/// `refused` says it: a link's game in the link's note).
async function startGame(spec, settings, moves, refused = setupError) {
  $("setup-error").textContent = "";
  // Until the new game is on the board the old one takes no move and no hint: their answers
  // would arrive after it is gone (a hint asked then was lost, its panel left "Thinking…").
  state.starting = (state.starting || 0) + 1;
  if (state.analysis) render();
  let analysis;
  try {
    analysis = await api("analyze", { position: spec, partial: true });
  } catch (e) {
    state.starting -= 1;
    if (state.analysis) render();
    return refused(e.message);
  }
  state.starting -= 1;
  state.generation += 1;
  clearTimeout(state.timer);
  Object.assign(state, {
    start: spec, spec, moves: [], settings, history: [], finished: false, busy: false, paused: false,
    hint: null, analysis: null, values: null, selection: {}, lastMover: null, boardSide: null, puzzleShown: false,
  });
  state.turn = firstTurn(settings);
  $("result").hidden = true;
  closePanels();
  $("pause-btn").textContent = "Pause";
  const family = state.families[spec.game];
  const loopy = spec.game === "loopy";
  $("rules").textContent = loopy ? loopyRules(analysis) : rulesText(family, spec.convention);
  $("typed-help").textContent = family && family.moves ? `Typed moves: ${pretty(family.moves)}.` : loopy ? "Typed moves: the part's number, then \"to\" and where it goes, e.g. 1 to 2 (for a lone part, just where it goes)." : sumTypedHelp(analysis);
  prepareBoard(spec);
  if (moves && moves.length) return replay(moves);
  await showPosition(spec, analysis);
}

/// The rules of a family (a sum's when null) under a convention: the registry's words say the
/// moves only, and who wins is the convention's.
function rulesText(family, convention) {
  const moves = family ? family.rules : "Several games side by side: each move is made in one of them.";
  return `${moves} ${convention === "misere" ? "Misère play: whoever makes the last move loses." : "Whoever cannot move loses."}`;
}

/// How the moves of a sum are typed: the part's number, then the move as its game reads it.
function sumTypedHelp(analysis) {
  const families = [...new Set(analysis.components.map((c) => familyOfRuleset(c.ruleset)).filter(Boolean))];
  const heapsOnly = families.every((f) => f.positions.drawing === "heaps");
  if (heapsOnly) return "Typed moves: the heap's number, then \"to\" and what it becomes, e.g. 1 to 2 3.";
  const forms = families.map((f) => (f.positions.drawing === "heaps" ? `a heap (${f.name}): ${pretty(f.moves)}` : `a ${f.noun} (${f.name}): its number, then ${pretty(f.moves)}`));
  return `Typed moves start with the number of the part they move in (1 to ${analysis.components.length}). On ${forms.join("; on ")}.`;
}

function setupError(message) {
  const box = $("setup-error");
  box.textContent = sentence("Not started: " + sentence(message) + (state.spec ? " The game on the board is unchanged." : ""));
  box.scrollIntoView({ block: "nearest" });
  setStatus("");
}

/// Replays the moves of a link, one by one through the server, so that the history, the
/// values after each move and Undo are all there.
async function replay(moves) {
  const generation = state.generation;
  let played = 0;
  try {
    for (const mv of moves) {
      const before = await api("analyze", { position: state.spec, partial: true });
      const answer = await api("apply", { position: state.spec, move: mv });
      if (generation !== state.generation) return;
      if (!answer.legal) throw new Error(reasonText(answer.reason));
      await recordMove(state.turn, answer.move, mv, before, answer.position);
      state.lastMover = state.turn;
      state.turn = nextOf(state.turn);
      state.spec = answer.position;
      played += 1;
    }
  } catch (e) {
    const what = moves[played].index !== undefined ? `i${moves[played].index}` : `${moves[played].component}:${moves[played].to.join(".")}`;
    noteLink(`moves: move ${played + 1} (${what}) cannot be played: ${e.message.replace(/\.$/, "")}; the game goes on ${played ? `after move ${played}` : "from its start"}`);
  }
  await showPosition(state.spec);
}

/// Asks the server about `spec` (unless its analysis is given), draws it, and hands the turn on.
async function showPosition(spec, known) {
  const generation = state.generation;
  state.busy = true;
  try {
    // `partial`: a board whose value takes longer than the server allows is still drawn and
    // played (its `refused` says why the value is missing).
    const analysis = known || await api("analyze", { position: spec, partial: true });
    if (generation !== state.generation) return;
    await loadDrawing(spec, generation, analysis);
    if (generation !== state.generation) return;
    state.spec = spec;
    state.analysis = analysis;
    state.values = null;
    state.hint = null;
    $("hint-panel").hidden = true;
    writeHash();
    render();
    if (analysis.finished) return endGame();
    if (isLoopy() && timesSeen(spec) >= REPETITIONS) return endGame(true);
    nextTurn();
  } catch (e) {
    if (generation !== state.generation) return;
    state.busy = false;
    setStatus("The server could not answer: " + e.message);
    render();
  }
}

/// Whether every heap of a position is within `max_heap` (of GET /api/limits; until the limits
/// arrive, the server's default, 2^53 - 1): its heaps, a queen's square, or the numbers written
/// in a sum's terms. Beyond it a position is answered by analyze, hint, move and apply alone
/// (the engine's big-number paths), and its distance to the end is not asked.
function withinMaxHeap(spec) {
  const numbers = spec.terms !== undefined ? String(spec.terms).match(/\d+/g) || [] : (spec.heaps || []).map(String);
  const most = BigInt(state.limits && state.limits.max_heap !== undefined ? state.limits.max_heap : Number.MAX_SAFE_INTEGER);
  return numbers.every((d) => BigInt(d) <= most);
}

/// The valued moves of the position on the board, fetched once per position. `partial`: moves
/// the server does not list (a Nim heap of 10^40 has too many) come back as `unlisted`, why.
async function loadValues() {
  const generation = state.generation;
  const spec = state.spec;
  try {
    const answer = await api("moves", { position: spec, partial: true });
    // The server's reason, without the endpoints it points an API client to.
    const why = (reason) => sentence(pretty(reason).replace(/[;,]? (its winning moves|pointing)[^;]*\/api\/\S+( or \/api\/\S+)?/, ""));
    if (answer.moves === null) throw new Error(`${why(answer.unlisted)} Type a move, or ask for a hint.`);
    if (generation === state.generation && spec === state.spec) state.values = answer;
  } catch (e) {
    if (generation === state.generation && spec === state.spec) state.values = { error: e.message };
  }
  if (spec === state.spec) {
    // The help names splits only once the moves show the game has them.
    if (state.turnHelp && $("status").textContent === state.turnHelp) showTurnHelp();
    render();
  }
}

/// "Your move: " and how to move, remembered so that it can be refined when the moves arrive.
function showTurnHelp() {
  const who = state.turn === "human" ? "Your move" : `${playerName(state.turn)} to move`;
  const unvalued = state.analysis && state.analysis.refused ? " The value of this position takes longer to compute than the server allows; a hint may still know a winning move." : "";
  // The note stays while the position the computer's move left is on the board.
  const guessed = state.guessed && state.guessed === JSON.stringify(state.spec)
    ? "The computer could not find its best move within the server's time, so it played a move at random. " : "";
  state.turnHelp = guessed + sentence(`${who}: ${moveHelp()}`) + unvalued;
  setStatus(state.turnHelp);
}

function nextTurn() {
  state.busy = false;
  if (isHumanTurn()) {
    showTurnHelp();
    render();
    loadValues();
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
    // `partial`: on a board whose perfect move takes longer than the server allows, the
    // computer plays a move at random rather than stop the game, and says so (`refused`).
    const answer = await api("move", { position: state.spec, player, partial: true });
    if (generation !== state.generation) return;
    if (!answer.move) return endGame();
    state.guessed = answer.refused ? JSON.stringify(answer.position) : null;
    const mv = await playedMove(answer.move, answer.index);
    const left = await recordMove(state.turn, answer.move, mv, state.analysis, answer.position);
    if (generation !== state.generation) return;
    state.lastMover = state.turn;
    state.turn = nextOf(state.turn);
    await showPosition(answer.position, left);
  } catch (e) {
    if (generation !== state.generation) return;
    // The game stays as it is: Undo (enabled again by render) takes back the move the
    // computer could not answer within the server's limits.
    state.busy = false;
    render();
    const undoable = !$("undo-btn").disabled;
    setStatus("The computer could not move: " + e.message + (undoable ? " Undo your move to try another." : ""));
  }
}

/// Whether a family's positions are written as text (a Cram board, a graph), not as heaps.
function isTextual(family) {
  return !!family && !["heaps", "queen", "heap-row"].includes(family.positions.drawing);
}

/// Whether a move leaves positions written as text (a board, a graph: a game of a sum too).
function leavesText(move) {
  return isTextual(state.families[state.spec.game]) || move.to.some((c) => c.heap === undefined && c.heaps === undefined);
}

/// A move as the link keeps it: `{component, to}` for heaps, or its place in the list of
/// moves (`{index}`, found by its text) for positions written as text.
async function playedMove(move, index) {
  if (isLoopy()) {
    const listed = await api("moves", { position: state.spec });
    return { index: listed.moves.findIndex((v) => v.move.after === move.after) };
  }
  if (!leavesText(move)) return { component: move.component, to: move.to.flatMap(partHeaps) };
  // The server's place of the move among the position's moves: no list of valued moves needed.
  if (Number.isInteger(index)) return { index };
  const listed = await api("moves", { position: state.spec });
  return { index: listed.moves.findIndex((v) => v.move.text === move.text) };
}

/// The heaps of a part of a move, as `to` lists them: a heap, a queen's square, a row.
function partHeaps(c) {
  return c.heaps !== undefined ? c.heaps : [c.heap];
}

/// Plays a human move: `{component, to}` or `{typed}`; the server checks it and explains an
/// illegal one in the rules' words.
async function humanMove(mv) {
  if (state.busy || state.finished || !isHumanTurn()) return;
  if (isLoopy() && mv.typed !== undefined) {
    const read = loopyTyped(mv.typed);
    if (!read) return setStatus(`Not a move: "${mv.typed}". Write the part's number, then "to" and where it goes, e.g. 1 to 2`);
    mv = read;
  }
  state.busy = true;
  try {
    const answer = await api("apply", { position: state.spec, move: mv });
    if (!answer.legal) {
      state.busy = false;
      setStatus("Not allowed: " + reasonText(answer.reason));
      return;
    }
    // A typed move of a board or a graph is kept in the link as its place in the list.
    const played = mv.index !== undefined ? { index: mv.index } : await playedMove(answer.move, answer.index);
    const left = await recordMove(state.turn, answer.move, played, state.analysis, answer.position);
    state.lastMover = state.turn;
    state.turn = nextOf(state.turn);
    state.selection = {};
    $("hint-panel").hidden = true;
    $("typed").value = "";
    await showPosition(answer.position, left);
  } catch (e) {
    state.busy = false;
    setStatus(e.message);
  }
}

/// Adds a move to the history with the value it left (asked of the server), and whether it
/// threw a win away: the mover stood on an N-position and left another. Gives the analysis of
/// the position left, when the server gave one.
async function recordMove(by, move, mv, before, after) {
  // The value left (the chip) and how far the game is from its end (the value history).
  const [left, distance] = await Promise.all([
    api("analyze", { position: after, partial: true }).catch(() => null),
    after.game === "loopy" || !withinMaxHeap(after) ? null : api("remoteness", { positions: [after] }).then((a) => a.positions[0]).catch(() => null),
  ]);
  const value = left && left.outcome ? { outcome: left.outcome, nim_sum: left.convention === "normal" ? left.nim_sum : null } : null;
  const blunder = !!(before && left && before.outcome === "N" && left.outcome === "N");
  state.moves.push(mv);
  state.history.push({ by, text: moveText(move), move, before: state.spec, value, blunder, forced: before && before.outcome === "P", distance });
  // The analysis of the position left, for showPosition (undefined: ask again).
  return left || undefined;
}

/// A move for the history: the engine's text, with arrows; "heap 1:" is left out when the
/// position is one component (a Wythoff board, a row of Moore's Nim, a single heap). A game
/// drawn by a draw-*.js file says its moves in its own words ("Domino on row 1, column 1 and
/// row 2, column 1").
function moveText(m) {
  if (m.words !== undefined && typeof m.from === "string") return loopyMoveText(m);
  const lone = state.analysis && state.analysis.components.length === 1;
  const family = m.from && familyOfRuleset(m.from.ruleset);
  const drawing = family && DRAWINGS[family.positions.drawing];
  if (drawing && drawing.words) {
    // A board, a graph or a row of coins is a game's one component, or a part of a sum.
    const words = drawing.words(m);
    const inSum = state.start && state.start.game === "sum";
    return inSum ? `${family.noun.charAt(0).toUpperCase()}${family.noun.slice(1)} ${m.component + 1}: ${words}` : words;
  }
  const text = pretty(m.text).replace(lone ? /^heap 1: / : /^$/, "");
  // A part named with its number ("heap 2:", "row 2:") starts the line with a capital.
  return /^[a-z][a-z ]* \d+: /.test(text) ? cap(text) : text;
}

function playerName(turn) {
  const s = state.settings;
  if (turn === "human") return "You";
  if (turn === "computer") return `The computer (strength ${s.strength})`;
  if (turn === "P1") return "Player 1";
  if (turn === "P2") return "Player 2";
  return turn === "A" ? `Computer A (${s.strength})` : `Computer B (${s.strength2})`;
}

/// The end of a game: whoever moved last wins (loses in misère play), or a draw when a loopy
/// position came back a third time (`repeated`).
function endGame(repeated) {
  state.finished = true;
  state.busy = false;
  const misere = state.spec.convention === "misere";
  const last = state.lastMover;
  let text;
  let tone = "info";
  if (repeated) {
    tone = "draw";
    text = `A draw: this position has now come up ${REPETITIONS} times, so the game is stopped. ` +
      (state.analysis && state.analysis.outcome === "Draw" ? "With best play neither player can force a win from it." : "From it the player to move could still force a win.");
  } else if (!last) {
    text = "Nothing to play: no move is possible from this position.";
  } else {
    // Normal play: whoever moved last wins. Misère: whoever moved last loses.
    const winner = misere ? nextOf(last) : last;
    const why = misere ? "had to make the last move" : "made the last move";
    if (state.settings.mode !== "human") {
      text = `${playerName(winner)} wins: ${playerName(last)} ${why}.`;
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
  lessonGameOver(tone === "win");
}

function undo() {
  if (state.busy || state.settings.mode === "watch") return;
  // Against the computer: back to before the human's last move; two players: one move back.
  let i = state.history.length - 1;
  if (state.settings.mode === "human") while (i >= 0 && state.history[i].by !== "human") i -= 1;
  if (i < 0) return;
  const entry = state.history[i];
  state.history = state.history.slice(0, i);
  state.moves = state.moves.slice(0, i);
  state.generation += 1;
  clearTimeout(state.timer);
  state.turn = entry.by;
  state.lastMover = i > 0 ? state.history[i - 1].by : null;
  state.finished = false;
  state.selection = {};
  $("result").hidden = true;
  closePanels();
  showPosition(entry.before);
}

function playAgain() {
  if (state.start) startGame(state.start, state.settings);
}

// ---- History and the value strip --------------------------------------------------------------

function renderHistory() {
  const list = $("history");
  list.replaceChildren();
  const strip = $("strip");
  strip.replaceChildren();
  state.history.forEach((h, n) => {
    const who = h.by === "human" ? "You" : h.by === "computer" ? "Computer" : h.by === "P1" ? "Player 1" : h.by === "P2" ? "Player 2" : `Computer ${h.by}`;
    // The move's number is the item's own text, not the list's marker: a marker is drawn
    // outside the list's box, where its scrolling clips it ("l0." for 10 at desktop width).
    list.append(el("li", {}, el("span", { class: "n" }, `${n + 1}.`), el("span", { class: "who " + (HUMAN_TURNS.includes(h.by) ? "you" : "computer") }, who), h.text));
    if (!h.value) return;
    const v = h.value;
    const shown = v.nim_sum !== null ? `G=${shortNumber(v.nim_sum)}` : v.outcome;
    const cls = "chip " + (v.outcome === "P" ? "zero" : v.outcome === "Draw" ? "draw" : h.blunder ? "blunder" : "nonzero");
    const about = `After move ${n + 1} (${who}): ` + (v.nim_sum !== null && String(v.nim_sum).length > 12 ? `G = ${groupDigits(v.nim_sum)}, ` : "") + (v.outcome === "P" ? "a P-position, the player to move loses" : v.outcome === "Draw" ? "a draw, neither player can force a win" : "an N-position, the player to move wins") +
      (h.blunder ? ". A blunder: a winning move existed." : h.forced ? ". The mover had no winning move." : "");
    strip.append(el("span", { class: cls, role: "listitem", title: about, "aria-label": about }, el("small", {}, String(n + 1)), shown));
  });
  $("history-empty").hidden = state.history.length > 0;
  $("strip-help").hidden = state.history.length === 0;
  renderValueHistory();
  list.scrollTop = list.scrollHeight;
}

function setStatus(text) {
  $("status").textContent = text ? sentence(text) : "";
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== "" && v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// ---- Tabs and wiring --------------------------------------------------------------------------

function selectTab(name) {
  for (const t of ["play", "sequences"]) {
    const on = t === name;
    $("tab-" + t).setAttribute("aria-selected", String(on));
    $("tab-" + t).tabIndex = on ? 0 : -1;
    $("view-" + t).hidden = !on;
  }
  if (name === "sequences" && !$("seq-values").children.length) showSequence();
}

async function simulate() {
  const out = $("simulate-out");
  $("setup-error").textContent = "";
  try {
    const s = settingsFromForm();
    const second = s.mode === "watch" ? s.strength2 : "random";
    out.textContent = "Simulating…";
    const r = await api("simulate", { position: specFromForm(), first: s.strength, second, games: 200, partial: true });
    // The core's simulation, as `grundy simulate --json` writes it; a series the server
    // stopped early answers with the games it finished, and says why.
    const [first, secondSeat] = r.wins;
    const played = r.stopped ? `${r.games} of ${r.games_requested} games` : `${r.games} games`;
    out.textContent = `${played} from this position: the first player (${first.player}) won ${first.wins}, ` +
      `the second (${secondSeat.player}) won ${secondSeat.wins}; ${r.average_length.toFixed(1)} moves on average.` +
      (r.stopped ? ` The server stopped there: ${r.stopped}` : "");
  } catch (e) {
    out.textContent = "";
    setupError(e.message);
  }
}

async function startFromForm() {
  let spec;
  try {
    spec = specFromForm();
  } catch (e) {
    return setupError(e.message);
  }
  await startGame(spec, settingsFromForm());
  // On a phone the board comes into view, unless a link's note (above the views) is to be read.
  if (state.start === spec && window.innerWidth < 760 && $("link-note").hidden) $("board-card").scrollIntoView({ block: "start" });
}

function wire() {
  $("setup").addEventListener("submit", (e) => { e.preventDefault(); clearLinkNote(); startFromForm(); });
  $("game").addEventListener("change", gameChanged);
  $("setup").addEventListener("input", (e) => { if (e.target.id !== "game") syncForm(); });
  document.querySelectorAll('input[name="mode"]').forEach((r) => r.addEventListener("change", syncForm));
  $("again-btn").addEventListener("click", playAgain);
  $("hint-btn").addEventListener("click", showHint);
  $("why-btn").addEventListener("click", () => toggleWhy());
  $("values-btn").addEventListener("click", toggleValues);
  $("lesson-btn").addEventListener("click", () => toggleLesson());
  $("distance-btn").addEventListener("click", () => toggleDistance());
  $("undo-btn").addEventListener("click", undo);
  $("simulate-btn").addEventListener("click", simulate);
  $("pause-btn").addEventListener("click", () => {
    state.paused = !state.paused;
    $("pause-btn").textContent = state.paused ? "Resume" : "Pause";
    if (!state.paused && !state.finished && !state.busy) nextTurn();
    else if (state.paused) { clearTimeout(state.timer); state.busy = false; state.generation += 1; setStatus("Paused."); render(); }
  });
  $("share-btn").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      setStatus("Link copied: it opens this game with its moves.");
    } catch (_) {
      setStatus("Share this link: " + location.href);
    }
  });
  $("typed-move").addEventListener("submit", (e) => {
    e.preventDefault();
    const typed = $("typed").value.trim();
    if (typed) humanMove({ typed });
  });
  wireBoard();
  wireSequences();
  const tabs = ["play", "sequences"];
  tabs.forEach((t, i) => {
    const tab = $("tab-" + t);
    tab.addEventListener("click", () => { selectTab(t); if (t === "sequences") writeSeqHash(); else writeHash(); });
    tab.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      const next = tabs[(i + (e.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
      selectTab(next);
      $("tab-" + next).focus();
    });
  });
}

async function start() {
  wire();
  await loadRegistry();
  state.limits = await fetch("/api/limits").then((r) => r.json()).catch(() => null);
  $("game").value = state.order[0];
  gameChanged();
  seqGameChanged();
  const link = linkParams();
  const sequences = readSeqHash(link);
  const linked = sequences ? null : gameFromLink(link);
  if (linked) {
    formFromGame(linked.spec, linked.settings);
    await startGame(linked.spec, linked.settings, linked.moves, (message) => noteLink(`The server refused the link's game: ${message.replace(/\.$/, "")}; the form's first game is shown instead`));
    if (state.start === linked.spec) return;
    $("game").value = state.order[0];
    gameChanged();
  }
  await startFromForm();
}
