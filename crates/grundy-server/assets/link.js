// Grundy, the page: the game in the link. `#game=nim&heaps=3,4,5&moves=0:2&mode=human&...`
// holds the start position, the moves (each as the part it changed and what that became, or its
// place in the list of moves) and the settings, so that a refresh or a shared link restores the
// game with its history. A link written by hand may say the same after `?`.
//
// A link is read parameter by parameter: a bad one (an unknown game, heaps that are not whole
// numbers, a strength of "abc", a move that cannot be played) is named in the note above the
// views and replaced by the form's default, so that the game on the board is always one the
// server accepted.
"use strict";

/// The defaults of a link's settings (the form's).
const LINK_SETTINGS = { mode: "human", first: "human", strength: 100, strength2: 30 };

/// `#game=...&heaps=...&moves=0:2.3,1:4&mode=...`: the start position, the moves (component,
/// then what it became), the settings.
function writeHash() {
  if (!state.start) return;
  const p = new URLSearchParams();
  const s = state.settings;
  for (const [k, v] of Object.entries(state.start)) {
    if (k === "convention") continue;
    p.set(k, Array.isArray(v) ? v.join(",") : String(v));
  }
  if (state.start.convention === "misere") p.set("misere", "1");
  if (state.moves.length) p.set("moves", state.moves.map((m) => (m.index !== undefined ? `i${m.index}` : `${m.component}:${m.to.join(".")}`)).join(","));
  p.set("mode", s.mode);
  p.set("first", s.first);
  p.set("strength", s.strength);
  p.set("strength2", s.strength2);
  // A link given after `?` is rewritten after `#`, where the page keeps it.
  history.replaceState(null, "", location.pathname + "#" + p.toString());
}

/// The parameters of the link: after `#`, or after `?` when there is nothing after `#`.
function linkParams() {
  const hash = location.hash.slice(1);
  return new URLSearchParams(hash || location.search.slice(1));
}

/// A value of a link as the note quotes it: short ones whole, long ones cut.
function linkValue(text) {
  const s = String(text);
  return `"${s.length > 24 ? s.slice(0, 20) + "…" : s}"`;
}

/// Says in the note above the views that a part of the link was not followed, and why: each
/// item starts with the parameter as the link wrote it (`heaps="-1": ...`), never capitalised.
function noteLink(text) {
  const box = $("link-note");
  if (!box.querySelector("ul")) box.replaceChildren(el("p", {}, "This link could not be followed in full:"), el("ul"));
  box.querySelector("ul").append(el("li", {}, /[.!?]$/.test(text) ? text : text + "."));
  box.hidden = false;
}

/// Takes the note away (a game started from the form, a lesson's game).
function clearLinkNote() {
  $("link-note").replaceChildren();
  $("link-note").hidden = true;
}

/// The game of the link, or null when it names none: {spec, settings, moves}. What cannot be
/// read is noted and replaced by the form's default (an unknown game: null).
function gameFromLink(p) {
  const game = p.get("game");
  if (game === null) return null;
  if (game !== "sum" && game !== "loopy" && !state.families[game]) {
    noteLink(`game=${linkValue(game)} is no game of this page (the Game menu lists them): ${state.families[state.order[0]].title} is shown instead`);
    return null;
  }
  const family = state.families[game];
  const spec = { game };
  if (family) {
    for (const param of family.params) spec[param.name] = linkParam(p, param);
    Object.assign(spec, linkPosition(p, family));
  } else {
    spec.terms = linkTerms(p, game);
  }
  spec.convention = game === "loopy" ? "normal" : linkConvention(p);
  return { spec, settings: linkSettings(p, game), moves: linkMoves(p) };
}

/// A parameter of the game: the link's, or the form's default when the link's is missing or bad.
function linkParam(p, param) {
  const fallback = param.presets && param.presets.length ? param.presets[0].name : param.example;
  const text = p.get(param.name);
  if (text !== null) {
    try {
      return paramValue(param, text, param.label);
    } catch (e) {
      noteLink(`${param.name}=${linkValue(text)}: ${e.message}; ${fallback} is used instead`);
    }
  } else {
    noteLink(`The link gives no ${param.name}: ${fallback} is used`);
  }
  return paramValue(param, fallback, param.label);
}

/// The position of a game of the registry: `heaps` (or `position` for a board, a graph, …).
function linkPosition(p, family) {
  const example = family.positions.example;
  if (isTextual(family)) {
    const text = (p.get("position") || "").trim();
    if (text) return { position: text };
    noteLink(`The link gives no position: ${example} is used`);
    return { position: example };
  }
  const text = p.get("heaps");
  if (text !== null) {
    try {
      return { heaps: parseList(text, "heaps", true) };
    } catch (e) {
      noteLink(`heaps=${linkValue(text)}: ${e.message.replace(/^heaps: /, "")}; ${example} is used instead`);
    }
  } else {
    noteLink(`The link gives no heaps: ${example} is used`);
  }
  return { heaps: parseList(example, "heaps", true) };
}

/// The terms of a sum or a loopy game.
function linkTerms(p, game) {
  const text = (p.get("terms") || "").trim();
  if (text) return text;
  const fallback = game === "loopy" ? state.loopy[0].example : $("terms").defaultValue;
  noteLink(`The link gives no terms: ${fallback} is used`);
  return fallback;
}

function linkConvention(p) {
  const misere = p.get("misere");
  if (misere !== null && misere !== "0" && misere !== "1") noteLink(`misere=${linkValue(misere)}: give 1 (misère play) or 0 (normal play); normal play is used`);
  return misere === "1" ? "misere" : "normal";
}

/// The settings of a link, each the form's default when missing; a bad one is noted.
function linkSettings(p, game) {
  const choice = (name, allowed) => {
    const text = p.get(name);
    if (text === null || allowed.includes(text)) return text ?? LINK_SETTINGS[name];
    noteLink(`${name}=${linkValue(text)}: give ${allowed.join(", ")}; ${LINK_SETTINGS[name]} is used instead`);
    return LINK_SETTINGS[name];
  };
  const strength = (name) => {
    const text = p.get(name);
    if (text === null) return LINK_SETTINGS[name];
    if (/^\d{1,3}$/.test(text) && Number(text) <= 100) return Number(text);
    noteLink(`${name}=${linkValue(text)}: a strength is a whole number from 0 to 100; ${LINK_SETTINGS[name]} is used instead`);
    return LINK_SETTINGS[name];
  };
  return { game, mode: choice("mode", ["human", "two", "watch"]), first: choice("first", ["human", "computer"]), strength: strength("strength"), strength2: strength("strength2") };
}

/// The moves of a link: `{index}` (`i3`) or `{component, to}` (`0:2.3`: part 1 became heaps 2
/// and 3). One that cannot be read drops it and the moves after it (each is played from the
/// position the ones before it left).
function linkMoves(p) {
  const moves = [];
  for (const m of (p.get("moves") || "").split(",").filter(Boolean)) {
    if (/^i\d+$/.test(m)) moves.push({ index: Number(m.slice(1)) });
    else if (/^\d+:(\d+(\.\d+)*)?$/.test(m)) {
      const [c, to] = m.split(":");
      moves.push({ component: Number(c), to: to.split(".").filter(Boolean).map(heapValue) });
    } else {
      noteLink(`moves: ${linkValue(m)} is not a move (a move is written i3, or 0:2 for "part 1 becomes 2"); the game starts ${moves.length ? `after move ${moves.length}` : "with no move played"}`);
      break;
    }
  }
  return moves;
}
