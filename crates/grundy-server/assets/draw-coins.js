// Grundy, the page: a row of coins (drawing `coins`: Turning Turtles, Twins, Mock Turtles,
// Ruler). Each coin shows heads or tails and its number, as the game numbers them (from 1, or
// from 0 where the published values count from 0: the registry's `first_coin`). Click the coins
// to turn, then Turn: the rightmost must be heads, and which sets are allowed is the game's
// rule (the server says why a set is refused, in the rule's words).
"use strict";

const COINS_MAX = 64;

function firstCoin() {
  const family = state.families[state.start && state.start.game];
  return family && family.first_coin !== undefined ? family.first_coin : 1;
}

/// The row indices where two rows differ.
function coinsTurned(before, after) {
  return before.map((c, i) => (c !== after[i] ? i : -1)).filter((i) => i >= 0);
}

/// The listed move that turns exactly the coins at `indices` of `row`.
function coinsMove(row, indices) {
  const after = row.map((c, i) => (indices.includes(i) ? 1 - c : c));
  return listedLeaving(after.map((c) => (c ? "H" : "T")).join(""));
}

function drawCoins(comp, live) {
  const row = comp.heaps;
  const first = firstCoin();
  const sel = drawingSelection();
  const chosen = sel.items;
  const hint = hintedMove();
  const hinted = hint ? coinsTurned(row, hint.to[0].heaps) : [];
  const last = lastMove();
  const lastTurned = last ? coinsTurned(last.move.from.heaps, row) : [];
  const coins = el("div", { class: "drawing coin-row" + (live ? " live" : ""), role: "group", "aria-label": `Row of ${row.length} coins, numbered from ${first}: ${row.map((c) => (c ? "H" : "T")).join("")}` });
  row.forEach((c, i) => {
    const n = i + first;
    const on = chosen.includes(i);
    const face = on ? 1 - c : c;
    const cls = ["coin", c ? "heads" : "tails", on ? "selected" : "", hinted.includes(i) ? "hinted" : "", lastTurned.includes(i) ? "last" : ""].filter(Boolean).join(" ");
    const label = `Coin ${n}: ${c ? "heads" : "tails"}` + (on ? `, selected to turn (it would show ${face ? "heads" : "tails"})` : "") + (hinted.includes(i) ? " (the hint turns it)" : "") + (lastTurned.includes(i) ? " (turned by the last move)" : "");
    const b = el("button", { type: "button", class: cls, "data-coin": String(n), "aria-pressed": String(on), "aria-label": label, title: label },
      el("span", { class: "face" }, c ? "H" : "T"), el("small", {}, String(n)));
    if (!live) b.setAttribute("tabindex", "-1");
    b.addEventListener("click", () => coinClicked(i));
    coins.append(b);
  });
  const found = chosen.length ? coinsMove(row, chosen) : null;
  const names = [...chosen].sort((a, b) => a - b).map((i) => i + first);
  const summary = chosen.length
    ? `Turn coin${names.length === 1 ? "" : "s"} ${listWords(names)}` + (found && state.showValues ? ` (${valueLabel(found.v)})` : "")
    : "No coin selected.";
  const turn = el("button", { type: "button", class: "primary confirm-move" }, "Turn");
  turn.disabled = !live || !chosen.length;
  turn.addEventListener("click", () => turnClicked(row));
  const clear = el("button", { type: "button" }, "Clear");
  clear.disabled = !chosen.length;
  clear.addEventListener("click", () => { sel.items = []; render(); });
  const box = el("div", { class: "drawing-box" }, coins,
    el("div", { class: "row-bar coin-bar" }, el("span", { "aria-live": "polite" }, summary), turn, clear));
  if (last) box.append(el("p", { class: "help last-note" }, `${lastMoveLabel(last.by)} turned coin${lastTurned.length === 1 ? "" : "s"} ${listWords(lastTurned.map((i) => i + first))} (outlined in red).`));
  return box;
}

function coinClicked(i) {
  if (!isLive()) return;
  const sel = drawingSelection();
  sel.items = sel.items.includes(i) ? sel.items.filter((j) => j !== i) : [...sel.items, i];
  render();
}

function turnClicked(row) {
  if (!isLive()) return;
  const sel = drawingSelection();
  const chosen = [...sel.items].sort((a, b) => a - b);
  if (!chosen.length) return;
  const found = coinsMove(row, chosen);
  sel.items = [];
  render();
  // An illegal set goes to the server as typed: its refusal names the rule that forbids it.
  playClick(found, "turn " + chosen.map((i) => i + firstCoin()).join(" "));
}

/// A coin move in words: "Turn coins 1 and 5: THHTH → HHHTT".
function coinsWords(m) {
  if (m.to.length !== 1 || !m.from.heaps) return pretty(m.text);
  const before = m.from.heaps;
  const after = m.to[0].heaps;
  const turned = coinsTurned(before, after).map((i) => i + firstCoin());
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
