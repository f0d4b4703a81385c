// Grundy, the page: what the drawings of boards, graphs and coins share (draw-grid.js,
// draw-graph.js, draw-coins.js). Each drawing registers itself in DRAWINGS (board.js) under the
// registry's drawing kind, as
//   { drawable(c), draw(c, live, i), help, hintWhere, mini(position, option), words(move) }
// (`i`: the component's place in the position, 0 for a lone board; a sum of games draws each
// of its boards) and reads a click as one of the moves the server listed (POST /api/moves),
// played by its place in that list; before the list arrives, or where the position has too
// many moves to list, the click is sent as the typed move it stands for, which the server
// checks and explains.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

/// An SVG element, as `el` makes HTML ones.
function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== "" && v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/// The text form of a component's position: a board, a bar, a graph (the JSON field after
/// `ruleset`), or a row of coins as T and H.
function positionOf(c) {
  if (c.heaps !== undefined) return c.heaps.map((h) => (h ? "H" : "T")).join("");
  const field = Object.keys(c).find((k) => k !== "ruleset");
  return field ? String(c[field]) : "";
}

/// The listed moves of the position on the board with their places: [{v, index}], or null
/// before they arrive (or when they could not be listed).
function listedMoves() {
  const moves = state.values && state.values.moves;
  return moves ? moves.map((v, index) => ({ v, index })) : null;
}

/// The listed move of component `i` whose position after it is `after` (its text form).
function listedLeaving(after, i) {
  const list = listedMoves();
  return list ? list.find((m) => m.v.move.component === i && m.v.move.to.length === 1 && positionOf(m.v.move.to[0]) === after) || null : null;
}

/// Plays a click on component `i`: the listed move `found` by its place, else the typed move
/// `typed` (the server checks it and says why when the rules refuse it).
function playClick(found, typed, i) {
  if (!isLive()) return;
  if (found) return humanMove({ index: found.index });
  const numbered = state.analysis && state.analysis.components.length > 1;
  if (typed) return humanMove({ typed: numbered ? `${i + 1} ${typed}` : typed });
  setStatus("The moves are still loading: try again in a moment.");
}

/// Whether component `i` is the whole position (a lone board): then the start position and
/// the moves played are all its own.
function isLone(i) {
  return i === 0 && !!state.analysis && state.analysis.components.length === 1 && !!state.start && state.start.position !== undefined;
}

/// The family of a component's ruleset, from its name ("cram", "sub {1,4}"), or null.
function familyOfRuleset(ruleset) {
  return state.families[String(ruleset).split(/[ {]/)[0]] || null;
}

/// A move's own words without the component's name and the positions around it:
/// "1,1-2,1", "2,3", "vertex 3", "edge 0-1", "turn 1, 5".
function moveWords(text) {
  const t = pretty(text).replace(/^[a-z][a-z ]* \d+: /, "");
  const turned = t.match(/\(([^()]*)\)\s*$/);
  if (turned) return turned[1];
  const k = t.indexOf(": ");
  return k > 0 ? t.slice(0, k) : t;
}

/// The last move played, when it was a move of component `i` and led to it: {move, by}.
function lastMove(i) {
  const h = state.history[state.history.length - 1];
  const a = state.analysis;
  if (!h || !h.move || !a || !a.components[i] || h.move.component !== i || h.move.to.length !== 1) return null;
  return positionOf(h.move.to[0]) === positionOf(a.components[i]) ? { move: h.move, by: h.by } : null;
}

/// Who made the last move, in words: "The computer's last move", "Player 1's last move".
function lastMoveLabel(by) {
  if (by === "human") return "Your last move";
  if (by === "computer") return "The computer's last move";
  return `${playerName(by)}'s last move`;
}

/// The hinted move, when it is a move of component `i` of the position on the board.
function hintedMove(i) {
  const m = state.hint && state.hint.move;
  const a = state.analysis;
  if (!m || !a || !a.components[i] || m.component !== i || m.to.length !== 1) return null;
  return positionOf(m.from) === positionOf(a.components[i]) ? m : null;
}

/// The selection in component `i`'s drawing ({items}), kept while the position stays the same.
function drawingSelection(i) {
  if (!state.drawSel || state.drawSel.spec !== state.spec) state.drawSel = { spec: state.spec, parts: {} };
  const parts = state.drawSel.parts;
  if (!parts[i]) parts[i] = { items: [] };
  return parts[i];
}

/// A listed move's outcome as a class (Show move values), and in words for labels.
function valueClass(found) {
  return found ? outcomeClass(found.v).trim() : "";
}

function valueWords(found) {
  return state.showValues && found ? `, ${valueLabel(found.v)}` : "";
}

/// Makes an SVG shape act as a button: focusable, labelled, Enter and Space click it.
function asButton(node, label, onClick) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.append(svgEl("title", {}, label));
  node.addEventListener("click", onClick);
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onClick(); }
  });
  return node;
}

/// "1", "1 and 3", "1, 2 and 4".
function listWords(items) {
  const names = items.map(String);
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
