// Grundy, the page: a row of coins (drawing `coins`: Turning Turtles, Twins, Mock Turtles,
// Ruler). Each coin shows heads or tails and its number, as the game numbers them (from 1, or
// from 0 where the published values count from 0: the registry's `first_coin`). Click the coins
// to turn, then Turn: the rightmost must be heads, and which sets are allowed is the game's
// rule (the server says why a set is refused, in the rule's words).
"use strict";

const COINS_MAX = 64;

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

function drawCoins(comp, live, i = 0) {
  const row = comp.heaps;
  const first = firstCoin(comp);
  const sel = drawingSelection(i);
  const chosen = sel.items;
  const hint = hintedMove(i);
  const hinted = hint ? coinsTurned(row, hint.to[0].heaps) : [];
  const last = lastMove(i);
  const lastTurned = last ? coinsTurned(last.move.from.heaps, row) : [];
  const coins = el("div", { class: "drawing coin-row" + (live ? " live" : ""), role: "group", "aria-label": `Row of ${row.length} coins, numbered from ${first}: ${row.map((c) => (c ? "H" : "T")).join("")}` });
  row.forEach((c, j) => {
    const n = j + first;
    const on = chosen.includes(j);
    const face = on ? 1 - c : c;
    const cls = ["coin", c ? "heads" : "tails", on ? "selected" : "", hinted.includes(j) ? "hinted" : "", lastTurned.includes(j) ? "last" : ""].filter(Boolean).join(" ");
    const label = `Coin ${n}: ${c ? "heads" : "tails"}` + (on ? `, selected to turn (it would show ${face ? "heads" : "tails"})` : "") + (hinted.includes(j) ? " (the hint turns it)" : "") + (lastTurned.includes(j) ? " (turned by the last move)" : "");
    const b = el("button", { type: "button", class: cls, "data-coin": String(n), "aria-pressed": String(on), "aria-label": label, title: label },
      el("span", { class: "face" }, c ? "H" : "T"), el("small", {}, String(n)));
    if (!live) b.setAttribute("tabindex", "-1");
    b.addEventListener("click", () => coinClicked(j, i));
    coins.append(b);
  });
  const found = chosen.length ? coinsMove(row, chosen, i) : null;
  const names = [...chosen].sort((a, b) => a - b).map((j) => j + first);
  const summary = chosen.length
    ? `Turn coin${names.length === 1 ? "" : "s"} ${listWords(names)}` + (found && state.showValues ? ` (${valueLabel(found.v)})` : "")
    : "No coin selected.";
  const turn = el("button", { type: "button", class: "primary confirm-move" }, "Turn");
  turn.disabled = !live || !chosen.length;
  turn.addEventListener("click", () => turnClicked(comp, i));
  const clear = el("button", { type: "button" }, "Clear");
  clear.disabled = !chosen.length;
  clear.addEventListener("click", () => { sel.items = []; render(); });
  const box = el("div", { class: "drawing-box" }, coins);
  if (!state.finished) box.append(el("div", { class: "row-bar coin-bar" }, el("span", { "aria-live": "polite" }, summary), turn, clear));
  if (last) box.append(el("p", { class: "help last-note" }, `${lastMoveLabel(last.by)} turned coin${lastTurned.length === 1 ? "" : "s"} ${listWords(lastTurned.map((j) => j + first))} (outlined in red).`));
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
