// Grundy, the page: a Wythoff board as a part of a sum (drawing `queen`). A lone Wythoff game
// has the big board of board.js; in a sum each Wythoff part gets a small board of the squares
// its queen can reach, left of it and below it (at most QUEEN_SIDE a side), each square showing
// G(x, y) from POST /api/wythoff/table with the P-positions dark. A click moves the queen there
// (the server checks the move); the hint's square is marked, a square out of the window is
// reached by the button under the board or the typed-move box.
"use strict";

const QUEEN_SIDE = 12; // squares a side of a Wythoff part of a sum (9 on a phone)

/// The window of component `c` (a queen at (qx, qy)): the squares (x0..qx, y0..qy).
function queenWindow(c) {
  const [qx, qy] = c.heaps;
  const most = window.innerWidth < 500 ? PHONE_SIDE : QUEEN_SIDE;
  const width = Math.min(qx + 1, most);
  const height = Math.min(qy + 1, most);
  return { x0: qx - width + 1, y0: qy - height + 1, width, height };
}

/// Loads the tiles of values of the Wythoff parts of a sum (`analysis`: the position's).
async function loadSumQueens(analysis, generation) {
  if (!analysis || !state.start || state.start.game !== "sum") return;
  if (!state.queenTiles || state.queenTiles.generation !== generation) state.queenTiles = { generation, parts: {} };
  const parts = state.queenTiles.parts;
  const asked = analysis.components.map(async (c, i) => {
    const family = familyOfRuleset(c.ruleset);
    if (!family || family.positions.drawing !== "queen" || !c.heaps) return;
    const w = queenWindow(c);
    const key = `${c.heaps[0]},${c.heaps[1]},${w.width},${w.height}`;
    if (parts[i] && parts[i].key === key) return;
    try {
      const t = await api("wythoff/table", { x0: w.x0, y0: w.y0, width: w.width, height: w.height, values: true });
      parts[i] = { key, ...w, values: t.values, p: new Set(t.p_positions.map(([x, y]) => `${x},${y}`)) };
    } catch (e) {
      parts[i] = { key, ...w, values: null, p: new Set(), error: e.message };
    }
  });
  await Promise.all(asked);
}

/// The listed move of component `i` that moves its queen to (x, y): {v, index}, or null.
function queenListed(i, x, y) {
  const list = listedMoves();
  if (!list) return null;
  return list.find((m) => m.v.move.component === i && m.v.move.to[0] && m.v.move.to[0].heaps && m.v.move.to[0].heaps[0] === x && m.v.move.to[0].heaps[1] === y) || null;
}

/// The queen's square after the hint, when the hint moves component `i`.
function queenHint(i) {
  const m = state.hint && state.hint.move;
  return m && m.component === i && m.to[0] && m.to[0].heaps ? m.to[0].heaps : null;
}

function drawQueenPart(c, live, i = 0) {
  const [qx, qy] = c.heaps;
  const tile = state.queenTiles && state.queenTiles.parts[i];
  const w = tile && tile.key.startsWith(`${qx},${qy},`) ? tile : { ...queenWindow(c), values: null, p: new Set() };
  const hint = queenHint(i);
  const grid = el("div", { class: "drawing wboard mini-queen" + (live ? " live" : ""), role: "group", "aria-label": `Wythoff board ${i + 1}: the queen at (${qx}, ${qy})`, style: `--side: ${w.width}` });
  for (let j = w.height - 1; j >= 0; j -= 1) {
    const y = w.y0 + j;
    grid.append(el("span", { class: "axis y", "aria-hidden": "true" }, String(y)));
    for (let k = 0; k < w.width; k += 1) {
      const x = w.x0 + k;
      const g = w.values ? w.values[j][k] : null;
      const p = w.p.has(`${x},${y}`);
      const here = x === qx && y === qy;
      const reach = reachable([qx, qy], x, y);
      const hinted = hint && hint[0] === x && hint[1] === y;
      const found = reach ? queenListed(i, x, y) : null;
      const cls = ["sq", p ? "p" : "", here ? "queen" : "", reach ? "reach" : "", hinted ? "hinted" : "", valueClass(found)].filter(Boolean).join(" ");
      const label = `(${x}, ${y})` + (g !== null ? `, G = ${g}` : "") + (p ? ", P-position" : "") +
        (here ? ", the queen" : reach ? ", the queen can move here" : ", out of the queen's reach") + (hinted ? " (the hint)" : "") + valueWords(found);
      const b = el("button", { type: "button", class: cls, "data-x": String(x), "data-y": String(y), "aria-label": label, title: label },
        here ? "♛" : g !== null ? String(g) : p ? "P" : "");
      if (!live || !(reach || here)) b.setAttribute("tabindex", "-1");
      if (g !== null && !p && !(state.showValues && found)) b.style.background = valueColour(g, !reach && !here);
      b.addEventListener("click", () => queenClicked(c, i, x, y));
      grid.append(b);
    }
  }
  grid.append(el("span", { class: "axis corner", "aria-hidden": "true" }, "y/x"));
  for (let k = 0; k < w.width; k += 1) grid.append(el("span", { class: "axis x", "aria-hidden": "true" }, String(w.x0 + k)));
  const box = el("div", { class: "drawing-box" }, grid);
  if (hint && (hint[0] < w.x0 || hint[1] < w.y0)) {
    const go = el("button", { type: "button", class: "hinted" }, `Move the queen to (${hint[0]}, ${hint[1]}) (the hint)`);
    go.disabled = !live;
    go.addEventListener("click", () => queenClicked(c, i, hint[0], hint[1]));
    box.append(go);
  }
  if (w.x0 > 0 || w.y0 > 0) box.append(el("p", { class: "help" }, `Only the squares nearest the queen are drawn: type a move to go further, e.g. "${i + 1} x 3" moves the queen 3 squares left.`));
  if (w.error) box.append(el("p", { class: "help" }, w.error));
  return box;
}

function queenClicked(c, i, x, y) {
  if (!isLive()) return;
  const [qx, qy] = c.heaps;
  if (x === qx && y === qy) return setStatus("That is the queen's square: click a square left of it, below it or diagonally down-left.");
  if (!reachable([qx, qy], x, y)) return setStatus(`Not allowed: the queen at (${qx}, ${qy}) cannot reach (${x}, ${y}). It moves left, down or diagonally down-left, any distance.`);
  humanMove({ component: i, to: [x, y] });
}

DRAWINGS.queen = {
  drawable: (c) => Array.isArray(c.heaps) && c.heaps.length === 2,
  draw: drawQueenPart,
  help: "click a square the queen can reach (left, down or diagonally down-left).",
  hintWhere: "The highlighted square is this move: click it to play it.",
  noun: "Wythoff board",
};
