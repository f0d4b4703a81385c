// Grundy, the page: boards of squares. Cram (drawing `board`): empty squares, holes and the
// dominoes placed, a domino placed by clicking two neighbouring empty squares. Chomp (drawing
// `chomp`): the bar with its poisoned square at the bottom left, a square eaten with everything
// above and to its right by one click (hover or focus shows what goes). Rows and columns are
// counted from 1, as the engine's moves write them ("1,1-2,1", "2,3").
"use strict";

const GRID_MAX_SIDE = 16; // boards wider or taller than this are played from the list of moves

// ---- Cram ------------------------------------------------------------------------------------

/// A Cram board from its text form: rows of "." (empty) and "#" (filled) joined by "/", or
/// "RxC" for the empty board.
function cramCells(text) {
  const t = String(text).trim();
  const size = t.match(/^(\d+)\s*[xX]\s*(\d+)$/);
  if (size) return Array.from({ length: Number(size[1]) }, () => Array(Number(size[2])).fill(false));
  return t.split("/").map((row) => [...row].map((ch) => ch === "#"));
}

/// The squares filled in `after` but not in `before`: [[r, c], ...], 0-based.
function cramAdded(before, after) {
  const out = [];
  after.forEach((row, r) => row.forEach((filled, c) => {
    if (filled && !(before[r] && before[r][c])) out.push([r, c]);
  }));
  return out;
}

/// The dominoes placed since the start of a lone board, from the moves played: a map "r,c" ->
/// the side its other half is on ("right", "left", "down", "up").
function cramDominoes(i) {
  const halves = new Map();
  if (!isLone(i)) return halves;
  for (const h of state.history) {
    const m = h.move;
    if (!m || m.to.length !== 1 || m.from.board === undefined) continue;
    const added = cramAdded(cramCells(m.from.board), cramCells(m.to[0].board));
    if (added.length !== 2) continue;
    const [[r1, c1], [r2, c2]] = added;
    const across = r1 === r2;
    halves.set(`${r1},${c1}`, across ? "right" : "down");
    halves.set(`${r2},${c2}`, across ? "left" : "up");
  }
  return halves;
}

function cramLabel(r, c) {
  return `row ${r + 1}, column ${c + 1}`;
}

function cramNeighbours(cells, r, c) {
  return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].filter(([i, j]) => cells[i] && cells[i][j] === false);
}

/// The listed move of board `i` that places a domino on squares a and b.
function cramMove(cells, a, b, i) {
  const after = cells.map((row, r) => row.map((f, c) => f || (r === a[0] && c === a[1]) || (r === b[0] && c === b[1])));
  return listedLeaving(after.map((row) => row.map((f) => (f ? "#" : ".")).join("")).join("/"), i);
}

function cramTyped(a, b) {
  return `${a[0] + 1} ${a[1] + 1} ${b[0] + 1} ${b[1] + 1}`;
}

function drawCram(comp, live, i = 0) {
  const cells = cramCells(comp.board);
  const rows = cells.length;
  const cols = cells[0] ? cells[0].length : 0;
  const sel = drawingSelection(i);
  const picked = sel.items[0] || null;
  const hint = hintedMove(i);
  const hinted = hint ? cramAdded(cells, cramCells(hint.to[0].board)) : [];
  const last = lastMove(i);
  const lastSquares = last ? cramAdded(cramCells(last.move.from.board), cells) : [];
  // Squares filled at the start are holes; in a sum the start of a board is not kept.
  const start = isLone(i) ? cramCells(state.start.position) : [];
  const dominoes = cramDominoes(i);
  const has = (list, r, c) => list.some(([i, j]) => i === r && j === c);
  const grid = el("div", { class: "drawing grid-board cram" + (live ? " live" : ""), role: "group", "aria-label": `Cram board, ${rows} by ${cols}`, style: `--cols: ${cols}` });
  const candidates = picked ? cramNeighbours(cells, picked[0], picked[1]) : [];
  cells.forEach((row, r) => {
    const line = el("div", { class: "grid-row" });
    row.forEach((filled, c) => {
      const isHole = filled && start[r] && start[r][c] && !dominoes.has(`${r},${c}`);
      const half = dominoes.get(`${r},${c}`);
      const isPicked = picked && picked[0] === r && picked[1] === c;
      const candidate = has(candidates, r, c);
      const found = candidate ? cramMove(cells, picked, [r, c], i) : null;
      const cls = ["cell", filled ? (isHole ? "hole" : "domino") : "empty", half ? `join-${half}` : "",
        isPicked ? "selected" : "", candidate ? "candidate" : "", has(hinted, r, c) ? "hinted" : "",
        has(lastSquares, r, c) ? "last" : "", candidate ? valueClass(found) : ""].filter(Boolean).join(" ");
      const what = filled ? (isHole ? "a hole" : "covered by a domino") : isPicked ? "empty, selected: now click a highlighted neighbour" : candidate ? `empty: place the domino here${valueWords(found)}` : "empty";
      const b = el("button", { type: "button", class: cls, "data-r": String(r + 1), "data-c": String(c + 1), "aria-label": `Row ${r + 1}, column ${c + 1}: ${what}` + (has(hinted, r, c) ? " (the hint)" : "") + (has(lastSquares, r, c) ? " (the last move)" : ""), title: `${cramLabel(r, c)}: ${what}` });
      if (!live) b.setAttribute("tabindex", "-1");
      b.addEventListener("click", () => cramClicked(cells, r, c, i));
      if (candidate) {
        b.addEventListener("pointerenter", () => b.classList.add("preview"));
        b.addEventListener("pointerleave", () => b.classList.remove("preview"));
      }
      line.append(b);
    });
    grid.append(line);
  });
  const box = el("div", { class: "drawing-box" }, grid);
  if (last) box.append(el("p", { class: "help last-note" }, `${lastMoveLabel(last.by)} is outlined: the domino on ${listWords(lastSquares.map(([r, c]) => cramLabel(r, c)))}.`));
  return box;
}

function cramClicked(cells, r, c, i) {
  if (!isLive()) return;
  const sel = drawingSelection(i);
  const picked = sel.items[0] || null;
  if (cells[r][c]) {
    setStatus(`Not allowed: the square at ${cramLabel(r, c)} is already covered. A domino needs two empty squares side by side or one above the other.`);
    return;
  }
  if (picked && picked[0] === r && picked[1] === c) {
    sel.items = [];
    setStatus(state.turnHelp || "");
    return render();
  }
  if (picked && Math.abs(picked[0] - r) + Math.abs(picked[1] - c) === 1) {
    sel.items = [];
    render();
    return playClick(cramMove(cells, picked, [r, c], i), cramTyped(picked, [r, c]), i);
  }
  if (!cramNeighbours(cells, r, c).length) {
    setStatus(`Not allowed: no domino fits at ${cramLabel(r, c)}: every square beside it is covered or off the board.`);
    return;
  }
  if (picked) setStatus(`A domino covers two neighbouring squares, and ${cramLabel(...picked)} and ${cramLabel(r, c)} are not neighbours: ${cramLabel(r, c)} is selected instead; now click a highlighted square beside it.`);
  else setStatus(`Selected ${cramLabel(r, c)}: now click a highlighted square beside it to place the domino (or the same square to cancel).`);
  sel.items = [[r, c]];
  render();
}

/// An option of a Cram board, small: the board after it, the new domino marked.
function miniCram(position, option) {
  const before = cramCells(position);
  const after = cramCells(option);
  const added = cramAdded(before, after);
  const grid = el("span", { class: "mini-grid", style: `--cols: ${after[0] ? after[0].length : 1}`, "aria-hidden": "true" });
  after.forEach((row, r) => row.forEach((f, c) => {
    const isNew = added.some(([i, j]) => i === r && j === c);
    grid.append(el("span", { class: isNew ? "new" : f ? "filled" : "" }));
  }));
  const words = added.length === 2 ? `domino on ${added.map(([r, c]) => `${r + 1},${c + 1}`).join(" and ")}` : option;
  return el("span", { class: "mini" }, grid, el("span", { class: "mini-words" }, words));
}

/// A Cram move in words: "Domino on row 1, column 1 and row 2, column 1".
function cramWords(m) {
  const added = m.to.length === 1 ? cramAdded(cramCells(m.from.board), cramCells(m.to[0].board)) : [];
  return added.length === 2 ? `Domino on ${cramLabel(...added[0])} and ${cramLabel(...added[1])}` : pretty(m.text);
}

DRAWINGS.board = {
  drawable: (c) => {
    const cells = cramCells(c.board);
    return cells.length <= GRID_MAX_SIDE && cells[0] && cells[0].length <= GRID_MAX_SIDE;
  },
  draw: drawCram,
  help: "click an empty square, then a highlighted square beside it, to place a domino there.",
  hintWhere: "The two highlighted squares are this domino: click one, then the other.",
  mini: miniCram,
  words: cramWords,
};

// ---- Chomp -----------------------------------------------------------------------------------

/// A Chomp bar from its text form: "RxC" or the row lengths from the poisoned row up.
function chompRows(text) {
  const t = String(text).trim();
  const size = t.match(/^(\d+)\s*[xX]\s*(\d+)$/);
  if (size) return Array(Number(size[1])).fill(Number(size[2]));
  return t.split(",").map((s) => Number(s.trim())).filter((n) => n > 0);
}

/// The bar after eating the square at row r, column c (0-based): every square at or above
/// row r and at or right of column c goes.
function chompAfter(rows, r, c) {
  return rows.map((len, i) => (i >= r ? Math.min(len, c) : len)).filter((len) => len > 0);
}

/// The square a move eats (its lowest, leftmost one): [r, c], 0-based.
function chompBite(before, after) {
  const r = before.findIndex((len, i) => (after[i] || 0) !== len);
  return r < 0 ? null : [r, after[r] || 0];
}

function chompLabel(r, c) {
  return `row ${r + 1}, column ${c + 1}`;
}

function drawChomp(comp, live, i = 0) {
  const rows = chompRows(comp.bar);
  // The whole bar as it started, eaten squares faded; in a sum, the bar as it is.
  const start = isLone(i) ? chompRows(state.start.position) : rows;
  const height = Math.max(rows.length, start.length);
  const width = Math.max(rows[0] || 1, start[0] || 1);
  const hint = hintedMove(i);
  const bite = hint ? chompBite(rows, chompRows(hint.to[0].bar)) : null;
  const last = lastMove(i);
  const lastBefore = last ? chompRows(last.move.from.bar) : null;
  const lastBite = last ? chompBite(lastBefore, rows) : null;
  const grid = el("div", { class: "drawing grid-board chomp" + (live ? " live" : ""), role: "group", "aria-label": `Chomp bar: rows of ${rows.join(", ")} squares from the poisoned row up`, style: `--cols: ${width}` });
  for (let r = height - 1; r >= 0; r -= 1) {
    const line = el("div", { class: "grid-row" });
    for (let c = 0; c < width; c += 1) {
      const here = c < (rows[r] || 0);
      const poison = r === 0 && c === 0;
      const justEaten = lastBefore && !here && c < (lastBefore[r] || 0);
      const isBite = bite && bite[0] === r && bite[1] === c;
      const inHint = bite && here && r >= bite[0] && c >= bite[1];
      const found = here && !poison ? listedLeaving(chompAfter(rows, r, c).join(","), i) : null;
      const cls = ["cell", here ? "choc" : "eaten", poison ? "poison" : "", isBite ? "hinted" : inHint ? "hint-area" : "",
        justEaten ? "last-eaten" : "", lastBite && lastBite[0] === r && lastBite[1] === c ? "last" : "", valueClass(found)].filter(Boolean).join(" ");
      const eats = here && !poison ? chompAfter(rows, r, c) : null;
      const count = eats ? rows.reduce((s, n) => s + n, 0) - eats.reduce((s, n) => s + n, 0) : 0;
      const what = poison ? "the poisoned square" : here ? `eat it and what is above and right of it (${count} square${count === 1 ? "" : "s"})${valueWords(found)}` : justEaten ? "eaten by the last move" : "eaten";
      const b = el("button", { type: "button", class: cls, "data-r": String(r + 1), "data-c": String(c + 1), "aria-label": `Row ${r + 1}, column ${c + 1}: ${what}` + (isBite ? " (the hint)" : ""), title: `${chompLabel(r, c)}: ${what}` }, poison ? "☠" : "");
      if (!live || !here) b.setAttribute("tabindex", "-1");
      if (here) {
        b.addEventListener("click", () => chompClicked(rows, r, c, i));
        b.addEventListener("pointerenter", () => chompPreview(grid, rows, r, c));
        b.addEventListener("focus", () => chompPreview(grid, rows, r, c));
        b.addEventListener("pointerleave", () => chompPreview(grid, rows, -1, -1));
        b.addEventListener("blur", () => chompPreview(grid, rows, -1, -1));
      }
      line.append(b);
    }
    grid.append(line);
  }
  const box = el("div", { class: "drawing-box" }, grid);
  if (last && lastBite) box.append(el("p", { class: "help last-note" }, `${lastMoveLabel(last.by)}: ate ${chompLabel(...lastBite)} and everything above and to its right (shown faded).`));
  return box;
}

/// Marks the squares eating (r, c) would take; (-1, -1) clears the marks.
function chompPreview(grid, rows, r, c) {
  const show = r >= 0 && isLive() && !(r === 0 && c === 0);
  grid.querySelectorAll(".cell.choc").forEach((b) => {
    const i = Number(b.dataset.r) - 1;
    const j = Number(b.dataset.c) - 1;
    b.classList.toggle("preview", show && i >= r && j >= c);
  });
}

function chompClicked(rows, r, c, i) {
  if (!isLive()) return;
  if (r === 0 && c === 0) {
    const alone = rows.length === 1 && rows[0] === 1;
    setStatus(alone ? "Only the poisoned square is left: there is no move, and the player to move has lost." : "Not allowed: the poisoned square (row 1, column 1) is never eaten. Eat another square: whoever is left with the poisoned square alone loses.");
    return;
  }
  playClick(listedLeaving(chompAfter(rows, r, c).join(","), i), `${r + 1} ${c + 1}`, i);
}

/// An option of a Chomp bar, small: the bar after it, the squares eaten faded.
function miniChomp(position, option) {
  const before = chompRows(position);
  const after = chompRows(option);
  const width = before[0] || 1;
  const grid = el("span", { class: "mini-grid", style: `--cols: ${width}`, "aria-hidden": "true" });
  for (let r = before.length - 1; r >= 0; r -= 1) {
    for (let c = 0; c < width; c += 1) {
      const was = c < (before[r] || 0);
      const is = c < (after[r] || 0);
      grid.append(el("span", { class: r === 0 && c === 0 ? "poison" : is ? "choc" : was ? "new eaten" : "" }));
    }
  }
  const bite = chompBite(before, after);
  return el("span", { class: "mini" }, grid, el("span", { class: "mini-words" }, bite ? `eat ${bite[0] + 1},${bite[1] + 1}` : option));
}

/// A Chomp move in words: "Eat row 2, column 3 and every square above and right of it".
function chompWords(m) {
  const bite = m.to.length === 1 ? chompBite(chompRows(m.from.bar), chompRows(m.to[0].bar)) : null;
  return bite ? `Eat ${chompLabel(...bite)} and every square above and right of it` : pretty(m.text);
}

DRAWINGS.chomp = {
  drawable: (c) => {
    const rows = chompRows(c.bar);
    return rows.length <= GRID_MAX_SIDE && (rows[0] || 0) <= GRID_MAX_SIDE;
  },
  draw: drawChomp,
  help: "click a square to eat it with every square above it and to its right (not the poisoned ☠ square).",
  hintWhere: "The highlighted square is this bite (the squares it eats are tinted): click it to play it.",
  mini: miniChomp,
  words: chompWords,
};
