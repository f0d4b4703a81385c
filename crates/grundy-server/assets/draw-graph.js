// Grundy, the page: graphs. Node-Kayles (drawing `graph`): click a vertex to take it with its
// neighbours. Arc-Kayles (drawing `graph-edges`): click an edge, or a vertex and then one of its
// neighbours, to take both ends. Vertices keep their numbers (from 0, as the engine's moves
// name them) and their places for the whole game; the ones already gone are drawn faded.
//
// The layout comes from the whole graph (the text form keeps every edge, the vertices gone
// listed after "!"): a grid graph as its grid, a path as a line (a snake when long), a cycle, a
// star or a complete graph on a circle, any other graph by a fixed number of steps of a
// spring layout started from a circle, so the same graph is always drawn the same way.
"use strict";

const GRAPH_SPACING = 80; // between neighbouring vertices, in the drawing's units
const GRAPH_RADIUS = 19; // a vertex; scaled with the drawing, at least 24 px wide on a phone

/// A graph position from its text form "N:0-1,1-2!3,4", or a named graph as an analysis shows
/// it ("grid:3x3!0,1,3"): {n, edges: [[a, b]] in the text form's order, gone: Set}.
function parseGraph(text) {
  const [head, rest = ""] = String(text).split(":");
  const [edgeText, goneText = ""] = rest.split("!");
  const gone = new Set(goneText.split(",").filter(Boolean).map(Number));
  const named = namedGraph(head, edgeText);
  if (named) return { ...named, gone };
  const edges = edgeText.split(",").filter(Boolean).map((e) => e.split("-").map(Number)).map(([a, b]) => (a < b ? [a, b] : [b, a]));
  return { n: Number(head), edges, gone };
}

/// The named graphs, numbered as the engine numbers them (path:N, cycle:N, star:N, complete:N,
/// grid:RxC), with their edges in the order of the text form (by the lower end, then the
/// higher), so that a graph has one layout whichever way it is written; null for other text.
function namedGraph(kind, arg) {
  const upTo = (k) => [...Array(Math.max(k, 0)).keys()];
  const n = Number(arg);
  let graph = null;
  if (kind === "path") graph = { n, edges: upTo(n - 1).map((i) => [i, i + 1]) };
  else if (kind === "cycle") graph = { n, edges: upTo(n).map((i) => [Math.min(i, (i + 1) % n), Math.max(i, (i + 1) % n)]) };
  else if (kind === "star") graph = { n: n + 1, edges: upTo(n).map((i) => [0, i + 1]) };
  else if (kind === "complete") graph = { n, edges: upTo(n).flatMap((i) => upTo(n).filter((j) => j > i).map((j) => [i, j])) };
  else if (kind === "grid") {
    const [r, c] = arg.split(/[xX]/).map(Number);
    const edges = [];
    for (const v of upTo(r * c)) {
      if (v % c + 1 < c) edges.push([v, v + 1]);
      if (v + c < r * c) edges.push([v, v + c]);
    }
    graph = { n: r * c, edges };
  }
  if (graph) graph.edges.sort(([a, b], [x, y]) => a - x || b - y);
  return graph;
}

const layouts = new Map();

/// Where each vertex is drawn (see the file's comment), remembered per graph (and per kind of
/// screen: a long path snakes in shorter rows on a phone).
function graphLayout(n, edges) {
  const key = `${n}:${edges.map((e) => e.join("-")).join(",")}:${narrow()}`;
  if (!layouts.has(key)) layouts.set(key, computeLayout(n, edges));
  return layouts.get(key);
}

function computeLayout(n, edges) {
  const has = new Set(edges.map(([a, b]) => `${a}-${b}`));
  const all = (pairs) => pairs.length === edges.length && pairs.every(([a, b]) => has.has(`${a}-${b}`));
  const range = (k) => Array.from({ length: k }, (_, i) => i);
  const S = GRAPH_SPACING;
  const path = range(Math.max(0, n - 1)).map((i) => [i, i + 1]);
  if (n > 0 && all(path)) return { kind: "path", points: snake(n) };
  if (n >= 3 && all([...path, [0, n - 1]])) return { kind: "cycle", points: circle(n, 0) };
  if (n >= 3 && all(range(n - 1).map((i) => [0, i + 1]))) return { kind: "star", points: [[0, 0], ...circle(n - 1, 0)] };
  if (n >= 3 && edges.length === (n * (n - 1)) / 2) return { kind: "complete", points: circle(n, 0) };
  for (let r = 2; r < n; r += 1) {
    const c = n / r;
    if (!Number.isInteger(c) || c < 2) continue;
    const grid = [];
    for (let i = 0; i < r; i += 1) for (let j = 0; j < c; j += 1) {
      if (j + 1 < c) grid.push([i * c + j, i * c + j + 1]);
      if (i + 1 < r) grid.push([i * c + j, (i + 1) * c + j]);
    }
    if (all(grid)) return { kind: "grid", points: range(n).map((v) => [(v % c) * S, Math.floor(v / c) * S]) };
  }
  return { kind: "spring", points: spring(n, edges) };
}

function narrow() {
  return window.innerWidth < 500;
}

/// A path: one line, or rows back and forth when long.
function snake(n) {
  const most = narrow() ? 5 : 8;
  const width = n <= most ? n : Math.min(most - 1, Math.ceil(Math.sqrt(2 * n)));
  return Array.from({ length: n }, (_, v) => {
    const row = Math.floor(v / width);
    const col = row % 2 === 0 ? v % width : width - 1 - (v % width);
    return [col * GRAPH_SPACING, row * GRAPH_SPACING];
  });
}

/// `k` points on a circle wide enough for neighbours to sit one spacing apart.
function circle(k, phase) {
  const radius = Math.max(GRAPH_SPACING, (k * GRAPH_SPACING) / (2 * Math.PI));
  return Array.from({ length: k }, (_, i) => {
    const t = phase - Math.PI / 2 + (2 * Math.PI * i) / k;
    return [radius * Math.cos(t), radius * Math.sin(t)];
  });
}

/// Fruchterman and Reingold's spring layout, a fixed number of steps from a circle.
function spring(n, edges) {
  const k = GRAPH_SPACING;
  const p = circle(n, 0.3);
  let heat = k * 1.5;
  for (let step = 0; step < 300; step += 1) {
    const d = p.map(() => [0, 0]);
    for (let i = 0; i < n; i += 1) for (let j = i + 1; j < n; j += 1) {
      const dx = p[i][0] - p[j][0] || 0.01;
      const dy = p[i][1] - p[j][1] || 0.01;
      const dist = Math.max(1, Math.hypot(dx, dy));
      const push = (k * k) / dist;
      d[i][0] += (dx / dist) * push; d[i][1] += (dy / dist) * push;
      d[j][0] -= (dx / dist) * push; d[j][1] -= (dy / dist) * push;
    }
    for (const [a, b] of edges) {
      const dx = p[a][0] - p[b][0];
      const dy = p[a][1] - p[b][1];
      const dist = Math.max(1, Math.hypot(dx, dy));
      const pull = (dist * dist) / k;
      d[a][0] -= (dx / dist) * pull; d[a][1] -= (dy / dist) * pull;
      d[b][0] += (dx / dist) * pull; d[b][1] += (dy / dist) * pull;
    }
    for (let i = 0; i < n; i += 1) {
      const len = Math.max(1, Math.hypot(d[i][0], d[i][1]));
      p[i][0] += (d[i][0] / len) * Math.min(len, heat);
      p[i][1] += (d[i][1] / len) * Math.min(len, heat);
    }
    heat = Math.max(1, heat * 0.97);
  }
  return p;
}

/// The band around an edge that takes its clicks: wide enough to tap, stopping short of the
/// vertices (a shape, not a line's stroke, so that it has an area of its own).
function edgeBand(x1, y1, x2, y2) {
  const len = Math.max(1, Math.hypot(x2 - x1, y2 - y1));
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const [nx, ny] = [-uy * 14, ux * 14];
  const inset = Math.min(GRAPH_RADIUS, len / 3);
  const [ax, ay, bx, by] = [x1 + ux * inset, y1 + uy * inset, x2 - ux * inset, y2 - uy * inset];
  return [[ax + nx, ay + ny], [bx + nx, by + ny], [bx - nx, by - ny], [ax - nx, ay - ny]].map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ");
}

/// The SVG of a graph laid out, its viewBox fitted to the points.
function graphSvg(points, cls, label, scale) {
  const xs = points.map((q) => q[0]);
  const ys = points.map((q) => q[1]);
  const m = GRAPH_RADIUS + 12;
  const x0 = Math.min(0, ...xs) - m;
  const y0 = Math.min(0, ...ys) - m;
  const w = Math.max(...xs, 0) - x0 + m;
  const h = Math.max(...ys, 0) - y0 + m;
  return svgEl("svg", { class: cls, viewBox: `${x0} ${y0} ${w} ${h}`, role: "group", "aria-label": label, style: `max-width: ${Math.round(w * scale)}px` });
}

/// The vertices a move took: in play before it, gone after it.
function removedBy(move) {
  const before = parseGraph(move.from.graph);
  const after = parseGraph(move.to[0].graph);
  return [...after.gone].filter((v) => !before.gone.has(v)).sort((a, b) => a - b);
}

/// The vertex a Node-Kayles move picks, or the edge an Arc-Kayles move picks, from its words.
function pickedBy(move) {
  const words = moveWords(move.text);
  const vertex = words.match(/^vertex (\d+)$/);
  if (vertex) return [Number(vertex[1])];
  const edge = words.match(/^edge (\d+)-(\d+)$/);
  return edge ? [Number(edge[1]), Number(edge[2])] : removedBy(move);
}

function listedWords(words, i) {
  const list = listedMoves();
  return list ? list.find((m) => m.v.move.component === i && moveWords(m.v.move.text) === words) || null : null;
}

function drawGraph(comp, live, edgeGame, i) {
  const g = parseGraph(comp.graph);
  const { points, kind } = graphLayout(g.n, g.edges);
  const alive = (v) => !g.gone.has(v);
  const neighbours = (v) => g.edges.filter(([a, b]) => (a === v || b === v) && alive(a) && alive(b)).map(([a, b]) => (a === v ? b : a));
  const hint = hintedMove(i);
  const hinted = hint ? pickedBy(hint) : [];
  const last = lastMove(i);
  const lastGone = last ? removedBy(last.move) : [];
  const lastPicked = last ? pickedBy(last.move) : [];
  const sel = drawingSelection(i);
  const picked = edgeGame && sel.items.length ? sel.items[0] : null;
  const candidates = picked !== null ? neighbours(picked) : [];
  const svg = graphSvg(points, "drawing graph" + (live ? " live" : "") + (edgeGame ? " edges" : ""), `Graph of ${g.n} vertices, ${g.n - g.gone.size} in play (${kind} layout)`, 1.25);
  const edgeLayer = svgEl("g", { class: "edge-layer" });
  const vertexLayer = svgEl("g", { class: "vertex-layer" });
  svg.append(edgeLayer, vertexLayer);
  const mark = (v, cls) => vertexLayer.querySelector(`[data-v="${v}"]`)?.classList.add(cls);
  for (const [a, b] of g.edges) {
    const live2 = alive(a) && alive(b);
    const [[x1, y1], [x2, y2]] = [points[a], points[b]];
    const isHint = edgeGame && hinted.length === 2 && hinted[0] === a && hinted[1] === b;
    const isLast = edgeGame && lastPicked.length === 2 && lastPicked[0] === a && lastPicked[1] === b;
    const found = edgeGame && live2 ? listedWords(`edge ${a}-${b}`, i) : null;
    edgeLayer.append(svgEl("line", { class: ["edge", live2 ? "" : "gone", isLast ? "last" : "", valueClass(found)].filter(Boolean).join(" "), x1, y1, x2, y2 }));
    if (!edgeGame || !live2) continue;
    const hit = svgEl("polygon", { class: "edge-hit" + (isHint ? " hinted" : ""), points: edgeBand(x1, y1, x2, y2), "data-edge": `${a}-${b}` });
    asButton(hit, `Edge ${a}-${b}: take vertices ${a} and ${b}${valueWords(found)}` + (isHint ? " (the hint)" : ""), () => edgeClicked(a, b, i));
    if (!live) hit.setAttribute("tabindex", "-1");
    hit.addEventListener("pointerenter", () => { mark(a, "preview"); mark(b, "preview"); });
    hit.addEventListener("focus", () => { mark(a, "preview"); mark(b, "preview"); });
    hit.addEventListener("pointerleave", () => clearGraphPreview(svg));
    hit.addEventListener("blur", () => clearGraphPreview(svg));
    edgeLayer.append(hit);
  }
  for (let v = 0; v < g.n; v += 1) {
    const [x, y] = points[v];
    const on = alive(v);
    const found = !edgeGame && on ? listedWords(`vertex ${v}`, i) : null;
    const isHint = !edgeGame && hinted[0] === v;
    const cls = ["vertex", on ? "" : "gone", isHint ? "hinted" : "", edgeGame && hinted.includes(v) ? "hint-end" : "",
      lastGone.includes(v) ? "last-gone" : "", !edgeGame && lastPicked[0] === v ? "last" : "",
      picked === v ? "selected" : "", candidates.includes(v) ? "candidate" : "", valueClass(found)].filter(Boolean).join(" ");
    const node = svgEl("g", { class: cls, "data-v": String(v) },
      svgEl("circle", { cx: x, cy: y, r: GRAPH_RADIUS }),
      svgEl("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, String(v)));
    vertexLayer.append(node);
    if (!on) continue;
    const around = neighbours(v);
    const what = edgeGame
      ? picked === v ? "selected: now click a highlighted neighbour" : candidates.includes(v) ? `take the edge ${Math.min(v, picked)}-${Math.max(v, picked)}` : around.length ? `select it, then one of its neighbours ${listWords(around)}` : "no neighbour left: no edge to take here"
      : `take it${around.length ? ` and its neighbour${around.length === 1 ? "" : "s"} ${listWords(around)}` : " (it has no neighbour left)"}${valueWords(found)}`;
    asButton(node, `Vertex ${v}: ${what}` + (isHint ? " (the hint)" : ""), () => vertexClicked(v, edgeGame, neighbours, i));
    if (!live) node.setAttribute("tabindex", "-1");
    if (!edgeGame) {
      const show = () => [v, ...around].forEach((w) => mark(w, "preview"));
      node.addEventListener("pointerenter", show);
      node.addEventListener("focus", show);
      node.addEventListener("pointerleave", () => clearGraphPreview(svg));
      node.addEventListener("blur", () => clearGraphPreview(svg));
    }
  }
  const box = el("div", { class: "drawing-box" }, svg);
  if (last) {
    const what = edgeGame ? `took the edge ${lastPicked.join("-")}` : `took vertex ${lastPicked[0]}` + (lastGone.length > 1 ? ` with ${listWords(lastGone.filter((v) => v !== lastPicked[0]))}` : "");
    box.append(el("p", { class: "help last-note" }, `${lastMoveLabel(last.by)} ${what} (outlined in red).`));
  }
  return box;
}

function clearGraphPreview(svg) {
  svg.querySelectorAll(".preview").forEach((n) => n.classList.remove("preview"));
}

function edgeClicked(a, b, i) {
  if (!isLive()) return;
  const sel = drawingSelection(i);
  if (sel.items.length) {
    sel.items = [];
    render();
  }
  playClick(listedWords(`edge ${a}-${b}`, i), `${a} ${b}`, i);
}

function vertexClicked(v, edgeGame, neighbours, i) {
  if (!isLive()) return;
  if (!edgeGame) return playClick(listedWords(`vertex ${v}`, i), String(v), i);
  const sel = drawingSelection(i);
  const picked = sel.items.length ? sel.items[0] : null;
  if (picked === v) {
    sel.items = [];
    setStatus(state.turnHelp || "");
    return render();
  }
  if (picked !== null && neighbours(picked).includes(v)) return edgeClicked(Math.min(v, picked), Math.max(v, picked), i);
  const around = neighbours(v);
  if (!around.length) {
    setStatus(`Not allowed: vertex ${v} has no neighbour left in play, so no edge can be taken there.`);
    return;
  }
  setStatus((picked !== null ? `Vertices ${picked} and ${v} are not joined by an edge. ` : "") + `Selected vertex ${v}: now click one of its neighbours (${listWords(around)}) to take that edge.`);
  sel.items = [v];
  render();
}

/// An option of a graph, small: the graph after it, the vertices it took marked.
function miniGraph(position, option) {
  const before = parseGraph(position);
  const after = parseGraph(option);
  const { points } = graphLayout(after.n, after.edges);
  const took = [...after.gone].filter((v) => !before.gone.has(v));
  const svg = graphSvg(points, "mini-graph", "", 0.32);
  svg.removeAttribute("role");
  svg.setAttribute("aria-hidden", "true");
  for (const [a, b] of after.edges) {
    const on = !after.gone.has(a) && !after.gone.has(b);
    svg.append(svgEl("line", { class: on ? "edge" : "edge gone", x1: points[a][0], y1: points[a][1], x2: points[b][0], y2: points[b][1] }));
  }
  points.forEach(([x, y], v) => svg.append(svgEl("circle", { class: took.includes(v) ? "new" : after.gone.has(v) ? "gone" : "", cx: x, cy: y, r: GRAPH_RADIUS })));
  took.sort((a, b) => a - b);
  return el("span", { class: "mini" }, svg, el("span", { class: "mini-words" }, `takes ${listWords(took)}`));
}

/// A graph move in words: "Take vertex 3 with its neighbours 0 and 4", "Take edge 0-1".
function graphWords(m) {
  if (m.to.length !== 1) return pretty(m.text);
  const picked = pickedBy(m);
  const gone = removedBy(m);
  if (/^edge /.test(moveWords(m.text))) return `Take edge ${picked.join("-")} (vertices ${listWords(picked)})`;
  const others = gone.filter((v) => v !== picked[0]);
  return `Take vertex ${picked[0]}` + (others.length ? ` with its neighbour${others.length === 1 ? "" : "s"} ${listWords(others)}` : " (no neighbour left)");
}

const GRAPH_DRAWING = {
  drawable: (c) => parseGraph(c.graph).n <= 64,
  mini: miniGraph,
  words: graphWords,
};

DRAWINGS.graph = {
  ...GRAPH_DRAWING,
  draw: (c, live, i = 0) => drawGraph(c, live, false, i),
  help: "click a vertex to take it with all its neighbours.",
  hintWhere: "The highlighted vertex is this move: click it to play it.",
};

DRAWINGS["graph-edges"] = {
  ...GRAPH_DRAWING,
  draw: (c, live, i = 0) => drawGraph(c, live, true, i),
  help: "click an edge (or a vertex, then one of its neighbours) to take both its ends.",
  hintWhere: "The highlighted edge is this move: click it to play it.",
};
