// Grundy, the page: a Green Hackenbush picture (drawing `hackenbush`), standing on its ground;
// an edge is cut by a click. Uses svgEl from draw-kit.js.
"use strict";

// ---- Green Hackenbush: the picture on its ground, an edge cut by a click ----------------------
//
// The layout comes from the server (POST /api/hackenbush/layout) for the game's start position
// and is kept for the whole game, so nothing moves when edges are cut: each edge of the current
// picture is drawn where it stood at the start (cuts only delete edges, in order). A click plays
// the edge's place in the listed moves; the hint's edge is the one its text names ("cut edge 3").

const HB_UNIT = 56; // pixels per slot of the layout
const HB_MARGIN = 30;

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

/// The edge the hint cuts (numbered from 1), read from its text.
function hintedEdge() {
  const m = state.hint && state.hint.move;
  if (!m || m.component !== 0) return null;
  const found = /cut edge (\d+)/.exec(m.text);
  return found ? Number(found[1]) : null;
}

function drawPicture(c, live) {
  const layout = state.hb.layout;
  const width = layout.width * HB_UNIT + 2 * HB_MARGIN;
  const height = layout.height * HB_UNIT + 2 * HB_MARGIN;
  const px = (p) => [HB_MARGIN + p[0] * HB_UNIT, height - HB_MARGIN - p[1] * HB_UNIT];
  const current = pictureEdges(c.graph);
  const places = alignEdges(current, state.hb.edges);
  const hinted = hintedEdge();
  const moves = state.values && state.values.moves && state.values.moves.length === current.length ? state.values.moves : null;
  const svg = svgEl("svg", {
    id: "hb-board", class: "hb" + (live ? " live" : "") + (state.showValues && moves ? " valued" : ""),
    viewBox: `0 0 ${width} ${height}`, style: `max-width: ${width}px`, role: "group",
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
    const v = moves ? moves[j] : null;
    const what = v ? pretty(v.move.text).replace(/^graph 1: /, "") : `cut edge ${n} (${a}-${b})`;
    const label = `Edge ${n} (${a}-${b}): ${what}` + (state.showValues && v ? `, ${valueLabel(v)}` : "");
    let d;
    if (shape.kind === "loop") {
      const [cx, cy] = px(shape.centre);
      const r = shape.radius * HB_UNIT;
      d = `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`;
    } else {
      const [x1, y1] = px(shape.from);
      const [qx, qy] = px(shape.control);
      const [x2, y2] = px(shape.to);
      d = `M ${x1} ${y1} Q ${qx} ${qy} ${x2} ${y2}`;
    }
    const group = svgEl("g", { class: "hb-edge" + (n === hinted ? " hint-edge" : "") + outcomeClass(v), "data-edge": String(n) },
      svgEl("title", {}, label), svgEl("path", { class: "hb-hit", d }), svgEl("path", { class: "hb-line", d }));
    const [hx, hy] = px(shape.handle);
    // The number goes beyond the handle, away from the edge's middle (parallel edges and loops
    // bend apart, so their numbers do too).
    const [mx, my] = shape.kind === "loop" ? px(shape.at) : px([(shape.from[0] + shape.to[0]) / 2, (shape.from[1] + shape.to[1]) / 2]);
    const away = Math.hypot(hx - mx, hy - my);
    const [lx, ly] = away > 2 ? [hx + ((hx - mx) / away) * 16, hy + ((hy - my) / away) * 16] : [hx + 14, hy - 9];
    const handle = svgEl("circle", {
      class: "hb-handle" + (n === hinted ? " hinted" : "") + outcomeClass(v), "data-edge": String(n), cx: hx, cy: hy, r: 8,
      role: "button", tabindex: live ? "0" : "-1", "aria-label": label, "aria-disabled": live ? null : "true",
    }, svgEl("title", {}, label));
    const number = svgEl("text", { class: "hb-label", x: lx, y: ly, "text-anchor": "middle", "dominant-baseline": "middle" }, String(n));
    for (const target of [group, handle]) {
      target.addEventListener("click", () => hackenbushCut(n));
      target.addEventListener("pointerenter", () => previewCut(n));
      target.addEventListener("pointerleave", clearPreview);
    }
    handle.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); hackenbushCut(n); }
    });
    handle.addEventListener("focus", () => previewCut(n));
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

/// Cuts edge `n` (from 1): its place in the listed moves, which list the edges in order.
function hackenbushCut(n) {
  if (!isLive()) return;
  humanMove({ index: n - 1 });
}

/// While the pointer is on edge `n`: it, and the edges that would fall with it (the listed
/// move's picture lacks them), are marked.
function previewCut(n) {
  clearPreview();
  if (!isLive()) return;
  document.querySelector(`#hb-board .hb-edge[data-edge="${n}"]`)?.classList.add("preview");
  const a = state.analysis;
  const moves = state.values && state.values.moves;
  if (!a || !moves || !moves[n - 1]) return;
  const current = pictureEdges(a.components[0].graph);
  const left = pictureEdges(moves[n - 1].move.to[0].graph);
  const kept = new Set(alignEdges(left, current));
  current.forEach((_, j) => {
    if (j !== n - 1 && !kept.has(j)) document.querySelector(`#hb-board .hb-edge[data-edge="${j + 1}"]`)?.classList.add("falls");
  });
}
