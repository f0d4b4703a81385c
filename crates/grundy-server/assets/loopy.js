// Grundy, the page: loopy games, where play may cycle and a position can be a draw (a token on
// a directed graph, Wind-Up, loopy subtraction games, Square-But-One, Fair Shares). Their
// positions are `{"game": "loopy", "terms": "digraph{0>1,1>0,0>2}:0 + windup{5;1,3}:1"}`, answered
// by the same endpoints as every game; values are the generalized Sprague–Grundy values γ (a
// number, or ∞{K}) and outcomes P, N or Draw. A draw has a colour of its own (amber) and is
// always said in words too. A token on a digraph is drawn as its graph (the token's vertex
// marked, a click on a vertex the token can reach moves it there); the other parts list their
// moves as buttons. The game ends when no move is left, or as a draw when a position comes back
// a third time.
"use strict";

const LOOPY_DRAWN_VERTICES = 40; // digraphs with more vertices are played from the list of moves
const LOOPY_PART_MOVES = 24; // a part lists at most this many moves as buttons
const REPETITIONS = 3; // a position seen this many times ends the game as a draw
const LOOPY_STRETCH = 1.6; // a digraph's edges longer than an undirected graph's, for the arrows

/// Whether the game on the board is a loopy game.
function isLoopy() {
  return !!state.start && state.start.game === "loopy";
}

/// The loopy family picked in the form ("loopy:wind-up"), or null.
function formLoopy() {
  const v = $("game").value;
  return v.startsWith("loopy:") ? state.loopy.find((f) => f.name === v.slice(6)) || null : null;
}

/// The loopy family of a position's first term, for the form after a link is opened.
function loopyFamilyOf(terms) {
  const name = String(terms).trim().split(/[{:\s+]/)[0];
  return state.loopy.find((f) => f.name === name || f.aliases.includes(name)) || state.loopy[0];
}

/// The options of the loopy games, in the game list.
function loopyOptions() {
  if (!state.loopy.length) return null;
  return el("optgroup", { label: "Loopy games: play may cycle, draws possible" },
    ...state.loopy.map((f) => el("option", { value: "loopy:" + f.name }, `${f.title} (loopy)`)));
}

/// The help under the position field of a loopy family: its rules, its parameters, an example.
function loopyHelp(f) {
  const params = f.params.map((p) => `${p.name}: ${p.help}`).join("; ");
  return sentence(`${f.rules} Write ${f.name}${f.params.length ? "{" + f.params.map((p) => p.name.toUpperCase()).join(";") + "}" : ""}:POSITIONS` +
    (params ? ` (${params})` : "") + `, positions: ${f.positions}; join several games with +, e.g. ${f.example}`);
}

/// An outcome in words, with the letter that colours it.
const OUTCOME_WORDS = {
  P: "P: the player to move loses",
  N: "N: the player to move wins",
  Draw: "Draw: neither player can force a win",
};

/// The badge of an outcome: a colour and always its words.
function outcomeBadge(outcome, lead) {
  const cls = outcome === "Draw" ? "o-draw" : outcome === "P" ? "o-p" : "o-n";
  return el("span", { class: "outcome " + cls }, (lead || "") + (OUTCOME_WORDS[outcome] || outcome));
}

/// A loopy move's outcome for the mover: it leaves P (the mover wins), a draw, or N.
function loopyMoveClass(v) {
  if (!state.showValues || !v) return "";
  return v.outcome_after === "P" ? " v-win" : v.outcome_after === "Draw" ? " v-draw" : " v-lose";
}

function loopyMoveLabel(v) {
  if (!v) return "";
  return v.outcome_after === "P" ? "wins" : v.outcome_after === "Draw" ? "draws" : "loses";
}

/// The listed moves of part `i` (from 0) with their places in the list: [{v, index}].
function loopyMovesOf(i) {
  const moves = state.values && state.values.moves;
  if (!moves) return null;
  return moves.map((v, index) => ({ v, index })).filter((m) => m.v.move.component === i + 1);
}

/// Whether the hint's move is this listed move.
function isHinted(m) {
  const h = state.hint && state.hint.move;
  return !!h && h.component === m.component && h.to === m.to;
}

/// A loopy move for people: "Token 1: 0 → 2 (along the edge 0>2)", "2 → 1" alone.
function loopyMoveText(m) {
  const lone = state.analysis && state.analysis.components.length === 1;
  const words = pretty(m.words);
  return lone ? words : `${cap(m.noun)} ${m.component}: ${words}`;
}

/// The board of a loopy position: the whole position's γ and outcome, then each part.
function drawLoopy(a, live) {
  const box = el("div", { class: "loopy-board drawing" + (live ? " live" : "") });
  box.append(el("p", { class: "loopy-sum" }, el("strong", {}, `γ = ${a.value_text}`), " ", outcomeBadge(a.outcome, a.components.length > 1 ? "The whole position: " : "")));
  a.components.forEach((c, i) => box.append(loopyPart(c, i, live)));
  return box;
}

function loopyPart(c, i, live) {
  const lone = state.analysis.components.length === 1;
  const part = el("div", { class: "heap loopy-part", "data-heap": String(i) });
  const name = lone ? cap(c.noun) : `${cap(c.noun)} ${i + 1}`;
  part.append(el("div", { class: "heap-label" }, el("strong", {}, `${name} at ${c.position}`), `${c.title} · γ = ${c.value_text} `, outcomeBadge(c.outcome, lone ? "" : "alone: ")));
  const graph = c.term.startsWith("digraph{") ? parseDigraph(c.term) : null;
  if (graph && graph.n <= LOOPY_DRAWN_VERTICES) part.append(drawDigraph(graph, c, i, live));
  else part.append(loopyMoveButtons(i, live));
  return part;
}

/// The moves of part `i` as buttons.
function loopyMoveButtons(i, live) {
  const list = loopyMovesOf(i);
  if (!list) return el("p", { class: "help" }, state.finished ? "" : "Loading the moves…");
  if (!list.length) return el("p", { class: "help" }, "No move is left here.");
  const box = el("div", { class: "move-list part-moves" });
  const shown = list.filter((m, k) => k < LOOPY_PART_MOVES || isHinted(m.v.move));
  for (const { v, index } of shown) {
    const label = pretty(v.move.words) + (state.showValues ? ` (${loopyMoveLabel(v)})` : "");
    const b = el("button", { type: "button", class: "move-choice" + loopyMoveClass(v) + (isHinted(v.move) ? " hinted" : "") }, label);
    b.disabled = !live;
    b.addEventListener("click", () => humanMove({ index }));
    box.append(b);
  }
  if (list.length > shown.length) box.append(el("span", { class: "help" }, `and ${groupDigits(list.length - shown.length)} more: type one (${i + 1} to …).`));
  return box;
}

/// `digraph{0>1,1>0,0>2}`: its vertices (0 to n - 1) and edges [[from, to], ...].
function parseDigraph(term) {
  const inner = term.slice(term.indexOf("{") + 1, term.lastIndexOf("}"));
  const edges = inner.split(",").map((e) => e.split(">").map((x) => Number(x.trim()))).filter((e) => e.length === 2 && e.every(Number.isInteger));
  const n = edges.reduce((m, [a, b]) => Math.max(m, a + 1, b + 1), 0);
  return { n, edges };
}

/// A token's digraph: vertices numbered, edges as arrows (a pair both ways as two arcs, a loop
/// as a small circle), the token's vertex marked, and the vertices it can move to as buttons.
function drawDigraph(graph, c, i, live) {
  const at = Number(c.position);
  // Less stretched on a phone, so that the drawing is not scaled down as much.
  const stretch = narrow() ? 1.15 : LOOPY_STRETCH;
  const pairs = [...new Set(graph.edges.filter(([a, b]) => a !== b).map(([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`)))].map((p) => p.split("-").map(Number));
  const points = graphLayout(Math.max(graph.n, at + 1), pairs).points.map(([x, y]) => [x * stretch, y * stretch]);
  const label = `The digraph of ${c.noun} ${i + 1}: ${graph.n} vertices, ${graph.edges.length} edges; the token is on vertex ${at}`;
  const svg = graphSvg(points, "loopy-graph", label, 1);
  svg.append(svgEl("defs", {}, svgEl("marker", { id: `arrow-${i}`, viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" },
    svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrow-head" }))));
  const has = new Set(graph.edges.map(([a, b]) => `${a}>${b}`));
  const r = GRAPH_RADIUS;
  for (const [a, b] of graph.edges) {
    const [x1, y1] = points[a];
    const [x2, y2] = points[b];
    const from = a === at ? " from-token" : "";
    if (a === b) {
      svg.append(svgEl("circle", { class: "edge" + from, cx: x1, cy: y1 - r - 9, r: 10, fill: "none" }));
      continue;
    }
    const len = Math.max(1, Math.hypot(x2 - x1, y2 - y1));
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    // Both ways: each arc bends to its own side.
    const bend = has.has(`${b}>${a}`) ? 18 : 0;
    const [mx, my] = [(x1 + x2) / 2 - uy * bend, (y1 + y2) / 2 + ux * bend];
    const [sx, sy, ex, ey] = [x1 + ux * r, y1 + uy * r, x2 - ux * (r + 2), y2 - uy * (r + 2)];
    svg.append(svgEl("path", { class: "edge" + from, d: `M ${sx.toFixed(1)} ${sy.toFixed(1)} Q ${mx.toFixed(1)} ${my.toFixed(1)} ${ex.toFixed(1)} ${ey.toFixed(1)}`, fill: "none", "marker-end": `url(#arrow-${i})` }));
  }
  const listed = loopyMovesOf(i);
  points.forEach(([x, y], v) => {
    const found = listed ? listed.find((m) => m.v.move.to === String(v)) : null;
    const reach = graph.edges.some(([a, b]) => a === at && b === v);
    const cls = "vertex" + (v === at ? " token-at" : "") + (reach ? " reach" : "") + (found ? loopyMoveClass(found.v) : "") + (found && isHinted(found.v.move) ? " hinted" : "");
    const g = svgEl("g", { class: cls, "data-vertex": String(v) },
      svgEl("circle", { cx: x, cy: y, r }),
      svgEl("text", { x, y: y + 5, "text-anchor": "middle", "aria-hidden": "true" }, v === at ? `● ${v}` : String(v)));
    if (reach && live) {
      const words = found ? `, ${loopyMoveLabel(found.v)}` : "";
      asButton(g, `Move the token from vertex ${at} to vertex ${v}${state.showValues ? words : ""}`, () => {
        if (!isLive()) return;
        const now = loopyMovesOf(i);
        const m = now && now.find((x) => x.v.move.to === String(v));
        if (m) humanMove({ index: m.index });
        else setStatus("The moves are still loading: try again in a moment.");
      });
    } else {
      g.append(svgEl("title", {}, v === at ? `Vertex ${v}: the token is here` : `Vertex ${v}`));
    }
    svg.append(g);
  });
  const legend = el("p", { class: "legend" }, `● marks the token (vertex ${at}). Arrows are the moves; click a vertex the token can reach, or use the arrow keys and Enter.`);
  return el("div", { class: "loopy-graph-box" }, svg, legend);
}

/// The help on the status line for a loopy position.
function loopyHelpLine() {
  const a = state.analysis;
  const graph = a && a.components.some((c) => c.term.startsWith("digraph{"));
  return graph ? "click a vertex the token can reach (or a move in a list), or type the part's number and where it goes, e.g. 1 to 2." : "pick a move, or type the part's number and where it goes, e.g. 1 to 2.";
}

/// A typed loopy move: "1 to 2" (part 1 goes to 2), "2" for a lone part; or null.
function loopyTyped(text) {
  const lone = state.analysis && state.analysis.components.length === 1;
  let m = String(text).trim().match(/^(\d+)\s*(?:to|->|→|:)\s*(\d+)$/i);
  if (m) return { component: Number(m[1]) - 1, to: [Number(m[2])] };
  m = String(text).trim().match(/^(\d+)$/);
  if (m && lone) return { component: 0, to: [Number(m[1])] };
  return null;
}

/// How many times the position `spec` has been on the board in this game, this time included.
function timesSeen(spec) {
  return state.history.filter((h) => h.before && h.before.terms === spec.terms).length + 1;
}

// ---- Hint, Why? and the valued moves of a loopy position --------------------------------------

function renderLoopyHint(panel, answer) {
  const m = answer.move;
  const lead = answer.winning
    ? "A winning move: it leaves a position the other player loses. Following the hints ends the game: this strategy never goes round in a cycle."
    : answer.drawing
      ? "No winning move exists here, but this move keeps the draw: neither player can then force a win."
      : "No move avoids defeat: every move leaves a position the other player wins.";
  panel.append(el("p", {}, lead), el("p", { class: "hint-move" }, el("strong", {}, sentence(loopyMoveText(m)))));
  panel.append(el("p", { class: "help" }, "The highlighted vertex (or move) is this move: click it to play it."));
}

function renderLoopyWhy(panel) {
  const a = state.analysis;
  panel.append(el("p", { class: "help" }, "In a loopy game play may go on for ever. Each part gets its generalized Sprague–Grundy value γ: a number where the part cannot cycle away from it (as in Nim), or ∞{K}, where K lists the finite values the part can move to, when it can keep the play going."));
  const rows = a.components.map((c, i) => el("tr", {},
    el("td", {}, `${cap(c.noun)} ${i + 1}`), el("td", {}, c.position), el("td", {}, c.value_text), el("td", {}, outcomeBadge(c.outcome))));
  panel.append(el("table", { class: "loopy-values" },
    el("caption", {}, "The value of each part"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Part"), el("th", { scope: "col" }, "Position"), el("th", { scope: "col" }, "γ"), el("th", { scope: "col" }, "Alone"))),
    el("tbody", {}, ...rows)));
  panel.append(el("p", {}, "Smith's rule adds them: finite values XOR as in Nim; one ∞{K} with finite values of XOR s gives ∞{K ⊕ s}, a win exactly when 0 is in that set; two or more ∞ parts are a draw."));
  panel.append(el("p", {}, el("strong", {}, `The whole position: γ = ${a.value_text}. `), outcomeBadge(a.outcome)));
  for (const g of a.graphs || []) panel.append(el("p", { class: "help" }, sentence(`${g.term}: ${g.proven}`)));
}

function renderLoopyValues(panel, v) {
  const wins = v.moves.filter((m) => m.outcome_after === "P").length;
  const draws = v.moves.filter((m) => m.outcome_after === "Draw").length;
  panel.append(el("p", { class: "help" },
    `Green moves win (they leave a P-position), amber moves keep a draw, red moves lose. ${wins} of ${v.moves.length} move${v.moves.length === 1 ? "" : "s"} win and ${draws} draw.`));
  const list = el("ol", { class: "valued" });
  for (const [index, m] of v.moves.slice(0, 200).entries()) {
    const cls = m.outcome_after === "P" ? " v-win" : m.outcome_after === "Draw" ? " v-draw" : " v-lose";
    const b = el("button", { type: "button", class: "move-choice" + cls }, loopyMoveText(m.move),
      el("span", { class: "val" }, `${loopyMoveLabel(m)} · leaves γ = ${m.move.value_after}`));
    b.disabled = !isLive();
    b.addEventListener("click", () => humanMove({ index }));
    list.append(el("li", {}, b));
  }
  panel.append(list);
}

/// The family of a component's term: a loopy family, or the family of a game that ends
/// standing in the loopy sum (`nim`), or null.
function familyOfTerm(term) {
  const name = String(term).trim().split(/[{:\s+]/)[0];
  return state.loopy.find((f) => f.name === name || f.aliases.includes(name)) ||
    Object.values(state.families).find((f) => f.name === name || (f.aliases || []).includes(name)) || null;
}

/// The rules of the games of a loopy position (games that end among them too), and how its
/// play ends.
function loopyRules(a) {
  const families = [...new Set(a.components.map((c) => familyOfTerm(c.term)).filter(Boolean))];
  return families.map((f) => sentence(`${f.title}: ${f.rules}`)).join(" ") +
    ` Here a position that comes back a ${REPETITIONS === 3 ? "third" : REPETITIONS + "th"} time ends the game as a draw.`;
}
