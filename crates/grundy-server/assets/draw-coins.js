// Grundy, the page: coins, heads or tails. A row of coins (drawing `coins`: Turning Turtles,
// Twins, Mock Turtles, Ruler): each coin shows its face and its number, as the game numbers
// them (from 1, or from 0 where the published values count from 0: the registry's
// `first_coin`). A grid of coins (drawing `coin-grid`: Tartan products such as Turning Corners
// and Rugs, acrostic games): rows and columns numbered as the games number them (the
// registry's `first_row` and `first_column`, or the factor games' `first_coin`). Either way,
// click the coins to turn, then Turn: which sets are allowed is the game's rule, and the server
// says why a set is refused, in the rule's words. With "Show move values", each head is ringed
// green when some winning move turns it as its rightmost (southeast) coin, red when none does,
// and the selection says whether it wins.
"use strict";

const COINS_MAX = 64;
const COIN_GRID_MAX_SIDE = 16; // grids with more rows or columns are played from the list

/// The number of the leftmost coin of a component's game.
function firstCoin(c) {
  const family = familyOfRuleset(c.ruleset);
  return family && family.first_coin !== undefined ? family.first_coin : 1;
}

/// The row indices where two rows differ.
function coinsTurned(before, after) {
  return before.map((c, i) => (c !== after[i] ? i : -1)).filter((i) => i >= 0);
}

/// The listed move of row `i` that turns exactly the coins at `indices` of `row`.
function coinsMove(row, indices, i) {
  const after = row.map((c, j) => (indices.includes(j) ? 1 - c : c));
  return listedLeaving(after.map((c) => (c ? "H" : "T")).join(""), i);
}

/// One coin as a button: its face (as it would be after the turn when selected) over its
/// number, or its face alone in a grid (whose rows and columns carry the numbers).
function coinButton(heads, on, cls, label, number, onClick, live) {
  // The name starts with what the coin shows ("T1", "H"), so that it holds its visible text.
  const shown = `${heads ? "H" : "T"}${number === null ? "" : number}`;
  const name = `${shown}: ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  const b = el("button", { type: "button", class: ["coin", heads ? "heads" : "tails", on ? "selected" : "", ...cls].filter(Boolean).join(" "), "aria-pressed": String(on), "aria-label": name, title: label },
    el("span", { class: "face" }, heads ? "H" : "T"), number === null ? null : el("small", {}, String(number)));
  if (!live) b.setAttribute("tabindex", "-1");
  b.addEventListener("click", onClick);
  return b;
}

/// Under the coins: what is selected (and, with move values, whether it wins), Turn and Clear;
/// then the last move in words.
function coinBar(box, sel, live, summary, found, onTurn, lastNote) {
  const valued = found && state.showValues;
  const turn = el("button", { type: "button", class: "primary confirm-move" + (valued ? " " + valueClass(found) : "") }, "Turn");
  turn.disabled = !live || !sel.items.length;
  turn.addEventListener("click", onTurn);
  const clear = el("button", { type: "button" }, "Clear");
  clear.disabled = !sel.items.length;
  clear.addEventListener("click", () => { sel.items = []; render(); });
  const said = el("span", { "aria-live": "polite", class: valued ? "said " + valueClass(found) : "said" }, summary + (valued ? ` (${valueLabel(found.v)})` : ""));
  if (!state.finished) box.append(el("div", { class: "row-bar coin-bar" }, said, turn, clear));
  if (lastNote) box.append(el("p", { class: "help last-note" }, lastNote));
}

/// With move values: for each head (by `key`), whether a listed winning move of component `i`
/// has it as its rightmost or southeast coin; `southeast(move)` gives that coin's key.
function headsThatWin(i, southeast) {
  const wins = new Map();
  const list = state.showValues ? listedMoves() : null;
  if (!list) return null;
  for (const m of list) {
    if (m.v.move.component !== i || m.v.move.to.length !== 1) continue;
    const key = southeast(m.v.move);
    if (key !== null) wins.set(key, (wins.get(key) || 0) + (m.v.outcome === "win" ? 1 : 0));
  }
  return wins;
}

/// A head's ring with move values, and its words: "2 winning moves turn it last".
function headValue(wins, key, what) {
  if (!wins || !wins.has(key)) return { cls: "", words: "" };
  const n = wins.get(key);
  return n
    ? { cls: "v-win", words: `, ${n} winning move${n === 1 ? "" : "s"} turn${n === 1 ? "s" : ""} it as the ${what} coin` }
    : { cls: "v-lose", words: `, every move turning it as the ${what} coin loses` };
}

// ---- A row of coins -------------------------------------------------------------------------

function drawCoins(comp, live, i = 0) {
  const row = comp.heaps;
  const first = firstCoin(comp);
  const sel = drawingSelection(i);
  const chosen = sel.items;
  const hint = hintedMove(i);
  const hinted = hint ? coinsTurned(row, hint.to[0].heaps) : [];
  const last = lastMove(i);
  const lastTurned = last ? coinsTurned(last.move.from.heaps, row) : [];
  const wins = headsThatWin(i, (m) => Math.max(...coinsTurned(m.from.heaps, m.to[0].heaps)));
  const coins = el("div", { class: "drawing coin-row" + (live ? " live" : ""), role: "group", "aria-label": `Row of ${row.length} coins, numbered from ${first}: ${row.map((c) => (c ? "H" : "T")).join("")}` });
  row.forEach((c, j) => {
    const n = j + first;
    const on = chosen.includes(j);
    const value = c ? headValue(wins, j, "rightmost") : { cls: "", words: "" };
    const label = `Coin ${n}: ${c ? "heads" : "tails"}` + (on ? `, selected to turn (it would show ${c ? "tails" : "heads"})` : "") + (hinted.includes(j) ? " (the hint turns it)" : "") + (lastTurned.includes(j) ? " (turned by the last move)" : "") + value.words;
    const cls = [hinted.includes(j) ? "hinted" : "", lastTurned.includes(j) ? "last" : "", value.cls];
    const b = coinButton(c === 1, on, cls, label, n, () => coinClicked(j, i), live);
    b.setAttribute("data-coin", String(n));
    coins.append(b);
  });
  const found = chosen.length ? coinsMove(row, chosen, i) : null;
  const names = [...chosen].sort((a, b) => a - b).map((j) => j + first);
  const summary = chosen.length ? `Turn coin${names.length === 1 ? "" : "s"} ${listWords(names)}` : "No coin selected.";
  const note = last ? `${lastMoveLabel(last.by)} turned coin${lastTurned.length === 1 ? "" : "s"} ${listWords(lastTurned.map((j) => j + first))} (outlined in red).` : null;
  const box = el("div", { class: "drawing-box" }, coins);
  coinBar(box, sel, live, summary, found, () => turnClicked(comp, i), note);
  return box;
}

/// Selects or unselects coin `j` (a row index) of row `i`.
function coinClicked(j, i) {
  if (!isLive()) return;
  const sel = drawingSelection(i);
  sel.items = sel.items.includes(j) ? sel.items.filter((k) => k !== j) : [...sel.items, j];
  render();
}

function turnClicked(comp, i) {
  if (!isLive()) return;
  const sel = drawingSelection(i);
  const chosen = [...sel.items].sort((a, b) => a - b);
  if (!chosen.length) return;
  const found = coinsMove(comp.heaps, chosen, i);
  sel.items = [];
  render();
  // An illegal set goes to the server as typed: its refusal names the rule that forbids it.
  playClick(found, "turn " + chosen.map((j) => j + firstCoin(comp)).join(" "), i);
}

/// A coin move in words: "Turn coins 1 and 5: THHTH → HHHTT".
function coinsWords(m) {
  if (m.to.length !== 1 || !m.from.heaps) return pretty(m.text);
  const before = m.from.heaps;
  const after = m.to[0].heaps;
  const turned = coinsTurned(before, after).map((j) => j + firstCoin(m.from));
  const row = (r) => r.map((c) => (c ? "H" : "T")).join("");
  return `Turn coin${turned.length === 1 ? "" : "s"} ${listWords(turned)}: ${row(before)} → ${row(after)}`;
}

DRAWINGS.coins = {
  drawable: (c) => Array.isArray(c.heaps) && c.heaps.length <= COINS_MAX,
  draw: drawCoins,
  help: "click the coins to turn (the rightmost of them must show heads), then Turn.",
  hintWhere: "The highlighted coins are this move: click each of them, then Turn.",
  words: coinsWords,
};

// ---- A grid of coins ------------------------------------------------------------------------

/// A grid from its text form: rows of T and H joined by "/", as rows of booleans (heads).
function gridCells(text) {
  return String(text).split("/").map((row) => [...row].map((ch) => ch === "H" || ch === "h"));
}

/// The text form of a grid of booleans.
function gridText(cells) {
  return cells.map((row) => row.map((h) => (h ? "H" : "T")).join("")).join("/");
}

/// The numbers of a grid's top row and leftmost column: the family's, or, for
/// `tartan {G;H}` and `acrostic {G;H}`, those of the coin games G and H.
function gridNumbering(c) {
  const family = familyOfRuleset(c.ruleset);
  if (family && family.first_row !== undefined) return [family.first_row, family.first_column];
  const factors = /\{([^;{}]*);([^;{}]*)\}/.exec(String(c.ruleset));
  const first = (term) => {
    const f = state.families[term.trim()];
    return f && f.first_coin !== undefined ? f.first_coin : 1;
  };
  return factors ? [first(factors[1]), first(factors[2])] : [1, 1];
}

/// The coins where two grids differ: [[x, y], ...], row by row.
function gridTurned(before, after) {
  const out = [];
  before.forEach((row, x) => row.forEach((h, y) => {
    if (after[x] && after[x][y] !== h) out.push([x, y]);
  }));
  return out;
}

/// The southeast coin of a set (its lowest row, its rightmost column) as "x,y", or null.
function southeastKey(cells) {
  if (!cells.length) return null;
  return `${Math.max(...cells.map((c) => c[0]))},${Math.max(...cells.map((c) => c[1]))}`;
}

/// "row 2, column 3", as the game numbers them.
function gridCoinName([x, y], [r0, c0]) {
  return `row ${x + r0}, column ${y + c0}`;
}

/// A set of coins in words: "rows 1 and 2 × columns 1 and 3 (4 coins)" when it is every
/// crossing of its rows and columns, else its coins one by one.
function gridSetWords(cells, numbering) {
  const rows = [...new Set(cells.map((c) => c[0]))].sort((a, b) => a - b);
  const cols = [...new Set(cells.map((c) => c[1]))].sort((a, b) => a - b);
  if (cells.length === 1) return `the coin at ${gridCoinName(cells[0], numbering)}`;
  if (rows.length * cols.length === cells.length) {
    const name = (list, first, noun) => `${noun}${list.length === 1 ? "" : "s"} ${listWords(list.map((k) => k + first))}`;
    return `${name(rows, numbering[0], "row")} × ${name(cols, numbering[1], "column")} (${cells.length} coins)`;
  }
  return `the coins at ${cells.map((c) => gridCoinName(c, numbering)).join("; ")}`;
}

/// The grid after turning `cells`.
function gridAfter(cells, turned) {
  const after = cells.map((row) => [...row]);
  for (const [x, y] of turned) after[x][y] = !after[x][y];
  return after;
}

function drawCoinGrid(comp, live, i = 0) {
  const cells = gridCells(comp.grid);
  const numbering = gridNumbering(comp);
  const rows = cells.length;
  const cols = cells[0] ? cells[0].length : 0;
  const sel = drawingSelection(i);
  const chosen = sel.items;
  const has = (list, x, y) => list.some(([a, b]) => a === x && b === y);
  const hint = hintedMove(i);
  const hinted = hint ? gridTurned(cells, gridCells(hint.to[0].grid)) : [];
  const last = lastMove(i);
  const lastTurned = last ? gridTurned(gridCells(last.move.from.grid), cells) : [];
  const wins = headsThatWin(i, (m) => southeastKey(gridTurned(gridCells(m.from.grid), gridCells(m.to[0].grid))));
  const grid = el("div", { class: "drawing coin-grid" + (live ? " live" : ""), role: "group", style: `--cols: ${cols}`,
    "aria-label": `Grid of coins, ${rows} row${rows === 1 ? "" : "s"} numbered from ${numbering[0]} by ${cols} column${cols === 1 ? "" : "s"} numbered from ${numbering[1]}: ${comp.grid}` });
  grid.append(el("span", { class: "axis corner", "aria-hidden": "true" }, ""));
  for (let y = 0; y < cols; y += 1) grid.append(el("span", { class: "axis col", "aria-hidden": "true" }, String(y + numbering[1])));
  cells.forEach((row, x) => {
    grid.append(el("span", { class: "axis row", "aria-hidden": "true" }, String(x + numbering[0])));
    row.forEach((heads, y) => {
      const on = has(chosen, x, y);
      const value = heads ? headValue(wins, `${x},${y}`, "southeast") : { cls: "", words: "" };
      const label = `${cap(gridCoinName([x, y], numbering))}: ${heads ? "heads" : "tails"}` + (on ? `, selected to turn (it would show ${heads ? "tails" : "heads"})` : "") +
        (has(hinted, x, y) ? " (the hint turns it)" : "") + (has(lastTurned, x, y) ? " (turned by the last move)" : "") + value.words;
      const cls = [has(hinted, x, y) ? "hinted" : "", has(lastTurned, x, y) ? "last" : "", value.cls];
      const b = coinButton(heads, on, cls, label, null, () => gridCoinClicked(x, y, i), live);
      b.setAttribute("data-r", String(x + numbering[0]));
      b.setAttribute("data-c", String(y + numbering[1]));
      grid.append(b);
    });
  });
  const found = chosen.length ? listedLeaving(gridText(gridAfter(cells, chosen)), i) : null;
  const ordered = [...chosen].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const summary = chosen.length ? `Turn ${gridSetWords(ordered, numbering)}` : "No coin selected.";
  const note = last ? `${lastMoveLabel(last.by)} turned ${gridSetWords(lastTurned, numbering)} (outlined in red).` : null;
  const box = el("div", { class: "drawing-box" }, grid);
  coinBar(box, sel, live, summary, found, () => gridTurnClicked(comp, i), note);
  return box;
}

/// Selects or unselects the coin at row index x, column index y of grid `i`.
function gridCoinClicked(x, y, i) {
  if (!isLive()) return;
  const sel = drawingSelection(i);
  const on = sel.items.some(([a, b]) => a === x && b === y);
  sel.items = on ? sel.items.filter(([a, b]) => a !== x || b !== y) : [...sel.items, [x, y]];
  render();
}

/// Plays the selected coins: their place in the listed moves, or the typed move they stand for
/// ("turn 1,2 x 3" for rows × columns, else "to" the grid after), which the server checks and,
/// when the rules refuse it, explains.
function gridTurnClicked(comp, i) {
  if (!isLive()) return;
  const sel = drawingSelection(i);
  const chosen = [...sel.items];
  if (!chosen.length) return;
  const cells = gridCells(comp.grid);
  const after = gridAfter(cells, chosen);
  const found = listedLeaving(gridText(after), i);
  const [r0, c0] = gridNumbering(comp);
  const rows = [...new Set(chosen.map((c) => c[0]))].sort((a, b) => a - b);
  const cols = [...new Set(chosen.map((c) => c[1]))].sort((a, b) => a - b);
  const typed = rows.length * cols.length === chosen.length
    ? `turn ${rows.map((x) => x + r0).join(",")} x ${cols.map((y) => y + c0).join(",")}`
    : `to ${gridText(after)}`;
  sel.items = [];
  render();
  playClick(found, typed, i);
}

/// A grid move in words: "Turn rows 1 and 2 × columns 1 and 2 (4 coins): HT/TH → TH/HT".
function coinGridWords(m) {
  if (m.to.length !== 1 || m.from.grid === undefined) return pretty(m.text);
  const turned = gridTurned(gridCells(m.from.grid), gridCells(m.to[0].grid));
  return `Turn ${gridSetWords(turned, gridNumbering(m.from))}: ${m.from.grid} → ${m.to[0].grid}`;
}

DRAWINGS["coin-grid"] = {
  drawable: (c) => {
    if (typeof c.grid !== "string") return false;
    const cells = gridCells(c.grid);
    return cells.length <= COIN_GRID_MAX_SIDE && (cells[0] || []).length <= COIN_GRID_MAX_SIDE;
  },
  draw: drawCoinGrid,
  help: "click the coins to turn (the southeast one, in the lowest row and the rightmost column turned, must show heads), then Turn.",
  hintWhere: "The highlighted coins are this move: click each of them, then Turn.",
  words: coinGridWords,
};
