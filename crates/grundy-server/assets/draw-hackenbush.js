// Grundy, the page: a Green Hackenbush picture (drawing `hackenbush`), standing on its ground;
// an edge is cut by a click. A lone picture is drawn by board.js through drawPicture; a picture
// in a sum of games is drawn through DRAWINGS like the boards, graphs and coins of draw-*.js.
// Uses svgEl and the helpers of draw-kit.js.
"use strict";

// ---- Green Hackenbush: the picture on its ground, an edge cut by a click ----------------------
//
// The layout comes from the server (POST /api/hackenbush/layout). A lone picture's is that of
// the game's start position, kept for the whole game, so nothing moves when edges are cut: each
// edge of the current picture is drawn where it stood at the start (cuts only delete edges, in
// order). A picture in a sum keeps the layout of the first picture of it drawn in this game
// while the current one is that picture less some edges (a new layout otherwise: after an
// Undo, a refresh). A click plays the listed move that cuts the edge (for a lone picture, the
// edge's place in the list); the hint's edge is the one its text names ("cut edge 3").

const HB_UNIT = 56; // pixels per slot of the layout, at the least
const HB_MOST_UNIT = 112; // ... and at the most (a picture spread to keep its handles apart)
const HB_MARGIN = 30;
const HB_HANDLE = 13; // the radius of an edge's click circle (a 26-pixel target)
// The least distance between two handles' centres: two radii, the stroke and a gap, so that no
// two targets touch (WCAG 2.2, 2.5.8, target spacing).
const HB_SPACING = 2 * HB_HANDLE + 6;

/// Where each edge's handle is drawn, in pixels, at `unit` pixels per slot (`px` maps a point of
/// the layout): a line's at the curve's midpoint; a loop's outside its circle, beyond the point
/// farthest from its vertex, so that it never covers the loop it cuts.
function handlePoints(layout, unit, px) {
  return layout.edges.map((shape) => {
    const [hx, hy] = px(shape.handle);
    if (shape.kind !== "loop") return [hx, hy];
    const [ax, ay] = px(shape.at);
    const far = Math.hypot(hx - ax, hy - ay) || 1;
    const out = 2 * shape.radius * unit + HB_HANDLE + 3;
    return [ax + ((hx - ax) / far) * out, ay + ((hy - ay) / far) * out];
  });
}

/// The pixels per slot of a layout: HB_UNIT, or more (up to HB_MOST_UNIT) until no two handles
/// stand closer than HB_SPACING. A picture of many edges keeps HB_UNIT (the pairs are many).
function pictureUnit(layout) {
  if (layout.edges.length > 200) return HB_UNIT;
  for (let unit = HB_UNIT; unit < HB_MOST_UNIT; unit += 4) {
    const points = handlePoints(layout, unit, (p) => [p[0] * unit, -p[1] * unit]);
    const close = points.some(([x, y], a) => points.some(([u, v], b) => b > a && Math.hypot(x - u, y - v) < HB_SPACING));
    if (!close) return unit;
  }
  return HB_MOST_UNIT;
}

async function loadPicture(generation) {
  const start = state.start && state.start.position;
  if (start === undefined || (state.hb && state.hb.start === start)) return;
  try {
    const answer = await api("hackenbush/layout", { position: start });
    if (generation !== state.generation) return;
    state.hb = { start, edges: answer.edges, layout: answer.layout };
  } catch (e) {
    state.hb = { start, error: e.message };
  }
}

/// The layouts of the pictures of a sum (`analysis` of the position about to be drawn): each
/// kept while it fits its part, fetched otherwise. A picture that cannot be laid out is
/// listed (its moves in the list, its text shown).
async function loadSumPictures(analysis, generation) {
  if (!analysis || !state.start || state.start.game !== "sum") return;
  if (!state.hbParts || state.hbParts.generation !== generation) state.hbParts = { generation, parts: {} };
  const parts = state.hbParts.parts;
  const asked = analysis.components.map(async (c, i) => {
    const family = familyOfRuleset(c.ruleset);
    if (!family || family.positions.drawing !== "hackenbush") return;
    if (parts[i] && partFits(parts[i], c.graph)) return;
    try {
      const answer = await api("hackenbush/layout", { position: c.graph });
      parts[i] = { edges: answer.edges, layout: answer.layout };
    } catch (e) {
      parts[i] = { error: e.message };
    }
  });
  await Promise.all(asked);
}

/// Whether a laid-out picture holds every edge of `text`, in order (cuts only delete edges).
function partFits(part, text) {
  if (!part.layout) return false;
  const current = pictureEdges(text);
  return alignEdges(current, part.edges).every((k) => k < part.edges.length);
}

/// Whether the start position's layout is here (else the moves are listed as buttons).
function pictureReady() {
  return !!(state.hb && state.hb.layout && state.start && state.hb.start === state.start.position);
}

/// A picture's text as edges: "0-1,1-2" is [[0, 1], [1, 2]]; "ground" has none.
function pictureEdges(text) {
  if (!text || text === "ground") return [];
  return text.split(",").map((e) => e.split("-").map(Number));
}

/// For each edge of `current`, its place in `start` (`current` keeps `start`'s order).
function alignEdges(current, start) {
  const out = [];
  let i = 0;
  for (const [a, b] of current) {
    while (i < start.length && !(start[i][0] === a && start[i][1] === b)) i += 1;
    out.push(i);
    i += 1;
  }
  return out;
}

/// The edge the hint cuts in picture `i` (numbered from 1), read from its text.
function hintedEdge(i = 0) {
  const m = state.hint && state.hint.move;
  if (!m || m.component !== i) return null;
  const found = /cut edge (\d+)/.exec(m.text);
  return found ? Number(found[1]) : null;
}

/// The listed move of picture `i` that cuts edge `n`: {v, index}, or null.
function listedCut(i, n) {
  const list = listedMoves();
  return list ? list.find((m) => m.v.move.component === i && new RegExp(`^cut edge ${n} \\(`).test(moveWords(m.v.move.text))) || null : null;
}

/// Whether picture `i` is a game's one component (drawn from the start's layout).
function lonePicture(i) {
  return i === 0 && drawingKind() === "hackenbush";
}

/// Picture `i` of the position (its component `c`), from `laid`: the layout and the edges it
/// was made for. A lone picture's svg is `#hb-board`; the parts of a sum are `#hb-board-2`...
function drawPicture(c, live, i = 0, laid = state.hb) {
  const lone = lonePicture(i);
  const layout = laid.layout;
  const unit = pictureUnit(layout);
  const width = layout.width * unit + 2 * HB_MARGIN;
  const height = layout.height * unit + 2 * HB_MARGIN + HB_HANDLE;
  const px = (p) => [HB_MARGIN + p[0] * unit, height - HB_MARGIN - p[1] * unit];
  const handlesAt = handlePoints(layout, unit, px);
  const current = pictureEdges(c.graph);
  const places = alignEdges(current, laid.edges);
  const hinted = hintedEdge(i);
  const all = state.values && state.values.moves;
  const valueOf = (n) => (lone ? (all && all.length === current.length ? all[n - 1] : null) : (listedCut(i, n) || {}).v || null);
  const svg = svgEl("svg", {
    id: lone ? "hb-board" : `hb-board-${i + 1}`, class: "hb" + (lone ? "" : " drawing") + (live ? " live" : "") + (state.showValues && all ? " valued" : ""),
    // Drawn at its own size, never shrunk (a narrow screen scrolls the box): shrunk, the
    // handles would come closer than HB_SPACING.
    viewBox: `0 0 ${width} ${height}`, style: `width: ${width}px; min-width: ${width}px`, role: "group", "data-picture": String(i),
    "aria-label": `Green Hackenbush picture: ${current.length} edge${current.length === 1 ? "" : "s"} standing on the ground`,
  });
  const ground = px([0, 0])[1];
  svg.append(svgEl("line", { class: "hb-ground", x1: 4, y1: ground, x2: width - 4, y2: ground }));
  const edges = svgEl("g", {});
  const dots = svgEl("g", {});
  const handles = svgEl("g", {});
  const standing = new Set();
  current.forEach(([a, b], j) => {
    const n = j + 1;
    const shape = layout.edges[places[j]];
    if (!shape) return;
    standing.add(a).add(b);
    const v = valueOf(n);
    const what = v ? moveWords(v.move.text) : `cut edge ${n} (${a}-${b})`;
    const label = `Edge ${n} (${a}-${b}): ${what}` + (state.showValues && v ? `, ${valueLabel(v)}` : "");
    let d;
    if (shape.kind === "loop") {
      const [cx, cy] = px(shape.centre);
      const r = shape.radius * unit;
      d = `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`;
    } else {
      const [x1, y1] = px(shape.from);
      const [qx, qy] = px(shape.control);
      const [x2, y2] = px(shape.to);
      d = `M ${x1} ${y1} Q ${qx} ${qy} ${x2} ${y2}`;
    }
    const group = svgEl("g", { class: "hb-edge" + (n === hinted ? " hint-edge" : "") + outcomeClass(v), "data-edge": String(n) },
      svgEl("title", {}, label), svgEl("path", { class: "hb-hit", d }), svgEl("path", { class: "hb-line", d }));
    const [hx, hy] = handlesAt[places[j]];
    // The number goes beyond the handle, away from the edge's middle (parallel edges and loops
    // bend apart, so their numbers do too).
    const [mx, my] = shape.kind === "loop" ? px(shape.at) : px([(shape.from[0] + shape.to[0]) / 2, (shape.from[1] + shape.to[1]) / 2]);
    const away = Math.hypot(hx - mx, hy - my);
    const [lx, ly] = away > 2 ? [hx + ((hx - mx) / away) * 16, hy + ((hy - my) / away) * 16] : [hx + 14, hy - 9];
    const handle = svgEl("circle", {
      class: "hb-handle" + (n === hinted ? " hinted" : "") + outcomeClass(v), "data-edge": String(n), cx: hx, cy: hy, r: HB_HANDLE,
      role: "button", tabindex: live ? "0" : "-1", "aria-label": label, "aria-disabled": live ? null : "true",
    }, svgEl("title", {}, label));
    const number = svgEl("text", { class: "hb-label", x: lx, y: ly, "text-anchor": "middle", "dominant-baseline": "middle" }, String(n));
    for (const target of [group, handle]) {
      target.addEventListener("click", () => hackenbushCut(n, i));
      target.addEventListener("pointerenter", () => previewCut(n, i));
      target.addEventListener("pointerleave", clearPreview);
    }
    handle.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); hackenbushCut(n, i); }
    });
    handle.addEventListener("focus", () => previewCut(n, i));
    handle.addEventListener("blur", clearPreview);
    edges.append(group);
    handles.append(handle, number);
  });
  for (const spot of layout.vertices) {
    if (!standing.has(spot.vertex)) continue;
    const [x, y] = px([spot.x, spot.y]);
    dots.append(svgEl("circle", { class: "hb-vertex", cx: x, cy: y, r: 4.5 }));
  }
  svg.append(edges, dots, handles);
  const box = el("div", { class: "hb-box" }, svg);
  if (!current.length) box.append(el("p", { class: "help" }, "Nothing stands on the ground: no edge is left to cut."));
  return box;
}

/// Cuts edge `n` (from 1) of picture `i`: a lone picture's edges are listed in order, so edge n
/// is move n; in a sum, the listed move that cuts it, or the typed move "i cut n".
function hackenbushCut(n, i = 0) {
  if (!isLive()) return;
  if (lonePicture(i)) return humanMove({ index: n - 1 });
  playClick(listedCut(i, n), `cut ${n}`, i);
}

/// While the pointer is on edge `n` of picture `i`: it, and the edges that would fall with it
/// (the listed move's picture lacks them), are marked.
function previewCut(n, i = 0) {
  clearPreview();
  if (!isLive()) return;
  const svg = document.querySelector(`svg.hb[data-picture="${i}"]`);
  if (!svg) return;
  svg.querySelector(`.hb-edge[data-edge="${n}"]`)?.classList.add("preview");
  const a = state.analysis;
  const found = lonePicture(i) ? (state.values && state.values.moves ? { v: state.values.moves[n - 1] } : null) : listedCut(i, n);
  if (!a || !found || !found.v) return;
  const current = pictureEdges(a.components[i].graph);
  const left = pictureEdges(found.v.move.to[0].graph);
  const kept = new Set(alignEdges(left, current));
  current.forEach((_, j) => {
    if (j !== n - 1 && !kept.has(j)) svg.querySelector(`.hb-edge[data-edge="${j + 1}"]`)?.classList.add("falls");
  });
}

/// A cut in words: "Cut edge 3 (1-3), edge 4 (3-3) falls".
function pictureWords(m) {
  return cap(moveWords(m.text));
}

DRAWINGS.hackenbush = {
  // A picture in a sum is drawn once its layout is here.
  drawable: (c) => {
    const i = state.analysis ? state.analysis.components.indexOf(c) : -1;
    const part = state.hbParts && state.hbParts.parts[i];
    return !!(part && part.layout && partFits(part, c.graph));
  },
  draw: (c, live, i) => drawPicture(c, live, i, state.hbParts.parts[i]),
  help: "click an edge (or its dot) to cut it; whatever no longer touches the ground falls with it.",
  hintWhere: "The highlighted edge is this cut: click it (or its dot) to play it.",
  words: pictureWords,
};
