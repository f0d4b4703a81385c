// Grundy, the page: the teaching panels. Hint (the perfect move, how soon it wins), Why? (the
// mex derivation of each value, the values XORed in binary columns, the move derived from
// them), and the valued moves (every move coloured win or lose, with its length); the lessons
// are in lessons.js. Every number comes from the server.
"use strict";

async function showHint() {
  if (state.finished || !state.spec) return;
  const panel = $("hint-panel");
  panel.hidden = false;
  panel.textContent = "Thinking…";
  const spec = state.spec;
  try {
    const answer = await api("hint", { position: spec });
    if (spec !== state.spec) return;
    state.hint = answer;
    render();
  } catch (e) {
    panel.textContent = e.message;
  }
}

function movesText(n) {
  return `${n} move${n === 1 ? "" : "s"}`;
}

function renderHint() {
  const panel = $("hint-panel");
  const answer = state.hint;
  if (!answer || panel.hidden) return;
  panel.replaceChildren(el("h3", {}, "Hint"));
  const m = answer.move;
  if (!m) {
    panel.append(el("p", {}, "No move is possible."));
    return;
  }
  if (isLoopy()) {
    renderLoopyHint(panel, answer);
    const why = el("button", { type: "button" }, "Why?");
    why.addEventListener("click", () => toggleWhy(true));
    panel.append(why);
    return;
  }
  const length = answer.moves_left ? ` With best play on both sides the game ends in ${movesText(answer.moves_left)}, this one included.` : "";
  const lead = answer.winning
    ? "A winning move: it leaves a position where the other player loses against best play." + (answer.moves_left ? ` It wins in ${movesText(answer.moves_left)}.` : "")
    : "No winning move exists here: every move leaves a position the other player wins. This one makes the game last as long as possible." + length;
  panel.append(el("p", {}, lead), el("p", { class: "hint-move" }, el("strong", {}, describeMove(m))));
  const kind = drawingKind();
  // In a sum, the component the hint moves in says how its highlight is played.
  const moved = familyOfRuleset(m.from.ruleset);
  const drawn = DRAWINGS[kind] || (kind === "heaps" && moved && DRAWINGS[moved.positions.drawing]);
  const bigPart = kind === "heaps" && state.analysis && state.analysis.components[m.component] && state.analysis.components[m.component].heap > MAX_DRAWN;
  const where = drawn ? drawn.hintWhere : bigPart ? "The heap's box holds what it becomes: press its Move button to play it." : kind === "heaps" ? "The highlighted tokens (or gap) are this move: click one to play it." : kind === "queen" ? "The highlighted square is this move." : kind === "heap-row" ? "The highlighted tokens are this move: click one to select it, then Move." : kind === "hackenbush" && pictureReady() ? "The highlighted edge is this cut: click it (or its dot) to play it." : "The highlighted move in the list is this one.";
  panel.append(el("p", { class: "help" }, where));
  const why = el("button", { type: "button" }, "Why?");
  why.addEventListener("click", () => toggleWhy(true));
  panel.append(why);
}

/// A move in words: its heap numbered from 1 and what it becomes, e.g. "Heap 1: 7 → 2 + 3
/// (take 2)".
function describeMove(m) {
  const t = moveText(m);
  return t.charAt(0).toUpperCase() + t.slice(1) + ".";
}

function toggleWhy(force) {
  const panel = $("why-panel");
  const open = force === true ? true : panel.hidden;
  panel.hidden = !open;
  $("why-btn").setAttribute("aria-expanded", String(open));
  if (open) renderWhy();
  markWhyPart();
  if (open) panel.scrollIntoView({ block: "nearest" });
}

/// The explanation to show: the hint's when a hint is shown (its plan is the hint's move), the
/// position's otherwise.
function currentExplanation() {
  if (state.hint && state.hint.explanation && !$("hint-panel").hidden) return state.hint.explanation;
  return state.analysis && state.analysis.explanation;
}

function renderWhy() {
  const panel = $("why-panel");
  const e = currentExplanation();
  if (panel.hidden) return;
  panel.replaceChildren();
  if (isLoopy() && state.analysis) {
    panel.append(el("h3", {}, "Why: the reasoning"));
    return renderLoopyWhy(panel);
  }
  if (!e && state.analysis && state.analysis.refused) {
    // A board too hard to value within the server's limits: say so, and what may still help.
    panel.append(el("h3", {}, "Why: the reasoning"),
      el("p", {}, sentence(`The value of this position was not computed: ${state.analysis.refused}`)),
      el("p", { class: "help" }, "Ask for a hint: where a move is known to win without search (the central domino of a board that is its own half turn, then the mirror), the hint gives it with its reason."));
    return;
  }
  if (!e) return;
  panel.append(el("h3", {}, "Why: the reasoning"));
  if (e.kind === "nim") {
    panel.append(el("p", { class: "help" }, "Each heap in binary, one column per power of two; the nim-sum is the XOR of each column (1 where the column has an odd number of 1s)."),
      bitsTable(e.heaps.map((h, i) => ({ name: `heap ${i + 1}`, value: h })), e.binary, e, e.nim_sum, e.nim_sum_binary, e.heaps_with_bit, "nim-sum"));
    const lines = e.text.split("\n").filter((l) => l && !l.startsWith("  ") && !l.startsWith("Heaps in binary"));
    for (const line of lines) panel.append(el("p", {}, pretty(line)));
    return;
  }
  if (e.kind === "wythoff") {
    panel.append(el("p", { class: "help" }, "The P-positions (a_n, b_n): a_n is the smallest number not used before, b_n = a_n + n."), pTable(e));
    for (const line of e.text.split("\n").filter(Boolean)) panel.append(el("p", {}, pretty(line)));
    return;
  }
  if (e.kind === "sum") return renderSumWhy(panel, e);
  if (e.kind === "moore") return renderMooreWhy(panel, e);
  if (e.kind === "quotient") return renderQuotientWhy(panel, e);
  for (const line of e.text.split("\n").filter(Boolean)) panel.append(el("p", {}, pretty(line)));
}

/// "Board", "Row of coins".
function cap(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/// What the components are called together: their noun when they share one, "part" otherwise.
function commonNoun(components) {
  const nouns = new Set(components.map((c) => c.noun || "heap"));
  return nouns.size === 1 ? [...nouns][0] : "part";
}

/// A component of an explanation named for people: "the board" alone, "board 2" in a sum.
function componentName(c, i, lone) {
  return lone ? `the ${c.noun || "heap"}` : `${c.noun || "heap"} ${i + 1}`;
}

/// Why? for a sum of any rulesets: each component's value by the mex rule (or the closed form
/// that gives it), the values XORed in binary columns as in Nim, then the move the columns
/// point to. Components are named as the engine names them: heap, row, board, graph... A lone
/// component needs no columns: its value is the position's, and a move to 0 wins.
function renderSumWhy(panel, e) {
  const lone = e.components.length === 1;
  const noun = commonNoun(e.components);
  const byParts = e.components.every((c) => c.derivation && c.derivation.parts);
  // A row or a grid of coins is the sum of its heads.
  const heads = byParts && e.components.every((c) => partNoun(c) === "head");
  const byMex = e.components.every((c) => c.derivation && (c.derivation.option_values || c.derivation.witnesses));
  const mex = `The Grundy value of a ${noun} is the mex (minimum excluded value) of the values of the positions it can move to: the least whole number none of them has.`;
  panel.append(el("h4", {}, `1. The value of ${lone ? "the" : "each"} ${noun}` + (byParts ? `: the sum of its ${heads ? "heads" : "parts"}` : byMex ? ": the mex rule" : ": the mex rule, or a closed form")),
    el("p", { class: "help" }, byParts
      ? (heads
        ? `A closed form gives the value of a ${noun}: each head is a game of its own, so the value is the XOR of the heads' values.`
        : `A closed form gives the value of a ${noun}: it is the sum of independent parts, so its value is the XOR of the parts' values.`)
      : byMex ? mex : `${mex} Where a closed form is known (a Nim heap, a row or a grid of coins: the sum of its heads) it gives the value directly, as said below.`));
  e.components.forEach((c, i) => panel.append(derivationBlock(c, i, lone)));
  const c = e.columns;
  if (!lone) {
    panel.append(el("h4", {}, "2. XOR the values, column by column"),
      el("p", { class: "help" }, "By the Sprague–Grundy theorem the game plays like Nim with heaps of these sizes: write each value in binary; the total is the XOR of each column (1 where the column has an odd number of 1s)."),
      bitsTable(e.components.map((x, i) => ({ name: componentName(x, i, lone), value: x.value, sub: shortPosition(x) ? `${x.ruleset} at ${x.position}` : x.ruleset })), c.binary, c, e.total, c.total_binary, c.with_bit, "total", noun));
  }
  panel.append(el("h4", {}, lone ? "2. The move" : "3. The move"));
  if (!e.plan) {
    panel.append(el("p", {}, lone
      ? `The value is 0: every move leaves a position of non-zero value, from which the other player can move back to 0. The player to move loses against best play.`
      : `The total is 0: every move changes the value of one ${noun}, so at least one column changes and the total becomes non-zero. The player to move loses against best play.`));
    return;
  }
  const p = e.plan;
  const part = e.components[p.component];
  const bit = c.highest_bit;
  const planned = planMove(p);
  const how = planned ? `: ${describeMove(planned)}` : shortPosition(part) ? `: ${part.position} → ${p.result || "nothing"}.` : ".";
  if (lone) {
    panel.append(el("p", {}, `The value is ${p.value}, not 0: the player to move wins by moving to a position of value 0` + (e.components[0].derivation && e.components[0].derivation.options && e.components[0].derivation.options.length ? " (the options marked G = 0 above)" : "") + how));
  } else {
    panel.append(el("p", {}, (bit !== null && bit !== undefined ? `The total's highest 1 is in the column worth ${2 ** bit}. ` : "") +
      `${cap(componentName(part, p.component, lone))} has value ${p.value}; moving it to a position of value ${p.value} XOR ${e.total} = ${p.target} makes the total 0` + how));
  }
  panel.append(el("p", {}, e.outcome === "N" ? "N-position: the player to move wins." : "P-position: the player to move loses against best play."));
}

/// Why? for a misère sum read off its misère quotient: each heap's element, their product, and
/// whether the product lies in the P-portion (as the Nim lesson XORs the heaps).
function renderQuotientWhy(panel, e) {
  panel.append(el("p", { class: "help" },
    `Under misère play the heaps do not add like Nim heaps. Instead each heap size pretends to be an element of the misère quotient of ${e.game} ` +
    `(${e.order} elements, proven for every position with heaps up to ${e.max_heap}); the elements multiply, and the position is a P-position exactly when the product is in the P-portion (${e.p_portion_size} of the ${e.order} elements).`));
  const table = el("table", { class: "bits" });
  table.append(el("tr", {}, el("th", { scope: "col" }, "heap"), el("th", { scope: "col" }, "size"), el("th", { scope: "col" }, "element")));
  e.heaps.forEach((h, i) => table.append(el("tr", {}, el("th", { scope: "row" }, `heap ${i + 1}`), el("td", {}, String(h)), el("td", {}, e.elements[i]))));
  table.append(el("tr", { class: "total" }, el("th", { scope: "row" }, "product"), el("td", {}, ""), el("td", { class: "hi" }, e.product)));
  panel.append(table);
  panel.append(el("p", {}, `The product ${e.product} ${e.in_p_portion ? "is" : "is not"} in the P-portion.`));
  if (e.p_portion.length <= 12) panel.append(el("p", { class: "help" }, `P-portion: {${e.p_portion.join(", ")}}`));
  const m = e.winning_move;
  if (m) {
    const parts = m.to.length ? m.to.map((h, i) => `${h} (element ${m.to_elements[i]})`).join(" + ") : "nothing";
    panel.append(el("p", {}, `A winning move: heap ${m.heap + 1}: ${m.from} → ${parts} makes the product ${m.product}, which is in the P-portion.`));
  }
  panel.append(el("p", {}, e.in_p_portion ? "P-position: the player to move loses against best play." : "N-position: the player to move wins."));
}

/// The move a plan stands for, among the hint's and the winning moves, when the page can say
/// it in words: a game drawn by a draw-*.js file.
function planMove(p) {
  const family = state.start && state.families[state.start.game];
  if (!family || !DRAWINGS[family.positions.drawing] || !DRAWINGS[family.positions.drawing].words) return null;
  const shown = $("hint-panel").hidden ? null : state.hint && state.hint.move;
  const moves = [shown, ...((state.analysis && state.analysis.winning_moves) || [])];
  return moves.find((m) => m && m.component === p.component && m.to.map(positionOf).join(" + ") === p.result) || null;
}

/// Whether a component's position is short enough to write out (a graph's text form is not).
function shortPosition(c) {
  return String(c.position).length <= 24;
}

/// What the parts of a component's closed form are: the heads of a row or a grid of coins.
function partNoun(c) {
  const family = familyOfRuleset(c.ruleset);
  const drawing = family && family.positions.drawing;
  return drawing === "coins" || drawing === "coin-grid" ? "head" : "part";
}

/// G(position) = mex{options' values} = value, with the options listed (drawn small where the
/// game has a drawing) and the least missing value highlighted; or, where a closed form makes
/// the value the XOR of parts (the heads of a row of coins), those parts in binary columns.
function derivationBlock(c, i, lone) {
  const d = c.derivation;
  const box = el("div", { class: "derivation" });
  const family = familyOfRuleset(c.ruleset);
  const drawing = family && DRAWINGS[family.positions.drawing];
  // A position drawn on the board is not written out again (a graph's text form is long).
  const at = drawing && lone ? "" : shortPosition(c) ? ` at ${c.position}` : "";
  box.append(el("p", {}, el("strong", {}, cap(componentName(c, i, lone))), ` (${c.ruleset}${at})`, `: G = ${c.value}`));
  if (!d) return box;
  const marked = drawing && drawing.mini ? " (what each move leaves, the move marked)" : "";
  if (d.options && d.options.length) {
    box.append(el("p", { class: "help" }, `Its ${d.option_count} option${d.option_count === 1 ? "" : "s"}${marked}:`), optionList(c, d.options, drawing));
  } else if (d.witnesses) {
    // Too many options to value one by one: the search shows the mex rule by one option
    // worth each value below the value, and proves that none is worth the value.
    box.append(el("p", { class: "help" }, d.value === 0
      ? `Its ${d.option_count} options are too many to value one by one; the search proved that none is worth 0.`
      : `Its ${d.option_count} options are too many to value one by one. The search found one worth each value below ${d.value}${marked}, and proved that none is worth ${d.value}:`),
    d.witnesses.length ? witnessList(c, d.witnesses, drawing) : null);
  } else if (d.option_count !== undefined) {
    box.append(el("p", { class: "help" }, d.option_count === 0 ? "It has no move: the mex of nothing is 0." : `Its ${d.option_count} options are too many to list; their values are below.`));
  }
  if (d.parts) {
    const p = d.parts;
    if (d.reason) box.append(el("p", { class: "help" }, pretty(d.reason) + "."));
    const part = partNoun(c);
    box.append(el("p", { class: "help" }, `The ${part}s' values XORed, column by column:`),
      bitsTable(p.parts.map((x) => ({ name: x.option, value: x.value })), p.columns.binary, p.columns, d.value, p.columns.total_binary, [], "value", part));
    return box;
  }
  if (d.option_values) {
    const seen = new Set(d.option_values);
    const row = el("p", { class: "mex" }, "mex{ ");
    const shown = Math.max(...d.option_values, d.value, 0);
    for (let g = 0; g <= shown; g += 1) {
      if (seen.has(g)) row.append(el("span", { class: "have" }, String(g)), " ");
      else if (g === d.value) row.append(el("mark", { class: "missing", title: "the least value no option has" }, `${g} missing`), " ");
    }
    row.append(`} = ${d.value}`);
    box.append(row);
  } else if (d.witnesses) {
    const row = el("p", { class: "mex" }, "mex{ ");
    for (const w of d.witnesses) row.append(el("span", { class: "have" }, String(w.value)), " ");
    row.append(el("mark", { class: "missing", title: "the least value no option has" }, `${d.value} missing`), " ", `… } = ${d.value}`);
    box.append(row);
  } else if (d.reason) {
    box.append(el("p", { class: "help" }, pretty(d.reason)));
  }
  if (d.steps && d.steps.length) {
    box.append(el("p", { class: "help" }, "The same value step by step:"), el("ol", { class: "steps" }, ...d.steps.map((s) => el("li", {}, s))));
  }
  return box;
}

/// The options of a derivation, each drawn small where the game has a drawing, with its value.
function optionList(c, options, drawing) {
  const list = el("ul", { class: "options" });
  for (const o of options) {
    const mini = drawing && drawing.mini ? drawing.mini(c.position, o.option) : null;
    const value = el("span", { class: "val" + (o.value === 0 ? " zero" : "") }, `G = ${o.value}`);
    list.append(mini ? el("li", { class: "mini-option", title: pretty(o.option) }, mini, value) : el("li", {}, `${pretty(o.option)}`, value));
  }
  return list;
}

/// The witnesses to a large value: the first WITNESSES_SHOWN drawn, the rest (a wide Chomp
/// bar of value 88 has 88) behind a disclosure that draws them when opened.
const WITNESSES_SHOWN = 12;
function witnessList(c, witnesses, drawing) {
  if (witnesses.length <= WITNESSES_SHOWN) return optionList(c, witnesses, drawing);
  const rest = witnesses.slice(WITNESSES_SHOWN);
  const more = el("details", { class: "more-witnesses" },
    el("summary", {}, `${rest.length} more, worth ${rest[0].value} to ${rest[rest.length - 1].value}`));
  more.addEventListener("toggle", () => {
    if (more.open && !more.querySelector("ul")) more.append(optionList(c, rest, drawing));
  });
  return el("div", {}, optionList(c, witnesses.slice(0, WITNESSES_SHOWN), drawing), more);
}

/// Why? for a lone position of Moore's Nim: the heaps in binary, each column's count of 1s
/// and its remainder modulo k + 1 (Moore's theorem), and the winning move column by column.
function renderMooreWhy(panel, e) {
  const m = e.k + 1;
  panel.append(el("h4", {}, `Moore's theorem: count the 1s in each column, modulo ${m}`),
    el("p", { class: "help" }, `A move takes from 1 to ${e.k} heap${e.k === 1 ? "" : "s"}. Write the heaps in binary: the player to move loses exactly when every column holds a multiple of ${m} ones (Moore, 1910). With k = 1 it is Nim's rule, an even number of 1s in every column.`),
    mooreTable(e.heaps, e.binary, e.ones, m, e.plan ? e.plan.lowered : []));
  const bad = e.ones.map((n, j) => [n, e.bits - 1 - j]).filter(([n]) => n % m !== 0).map(([, k]) => 2 ** k);
  if (!e.plan) {
    panel.append(el("p", {}, bad.length
      ? `The column${bad.length === 1 ? "" : "s"} worth ${listWords(bad)} ${bad.length === 1 ? "is" : "are"} not a multiple of ${m}.`
      : `Every column holds a multiple of ${m} ones. A move lowers 1 to ${e.k} heaps; in the highest column where one of them changes, each heap that changes there turns a 1 into a 0, so that column loses 1 to ${e.k} ones and stops being a multiple of ${m}. Whatever the move, the opponent faces a column to fix: the player to move loses against best play.`));
    return;
  }
  const p = e.plan;
  panel.append(el("h4", {}, "The winning move, column by column"),
    el("p", { class: "help" }, `The column${bad.length === 1 ? "" : "s"} worth ${listWords(bad)} ${bad.length === 1 ? "is" : "are"} not a multiple of ${m}. Go down the columns from the left. A heap whose 1 becomes 0 is lowered: it is smaller whatever follows, so its digits further right are free. In each column make the count a multiple of ${m}: give 1s to free heaps, or lower more heaps that have a 1 there (at most ${e.k} heaps in all).`));
  const steps = el("ol", { class: "steps" });
  for (const s of p.steps) steps.append(el("li", {}, mooreStep(s, m)));
  const takes = p.lowered.map((i) => `${e.heaps[i] - p.to[i]} from heap ${i + 1}`);
  panel.append(steps, el("p", {}, "After the move every column holds a multiple of " + m + ":"),
    mooreTable(p.to, p.binary, p.ones, m, p.lowered),
    el("p", {}, el("strong", {}, `Move: take ${listWords(takes)}: (${e.heaps.join(", ")}) → (${p.to.join(", ")}).`)),
    el("p", {}, "N-position: the player to move wins."));
}

function mooreStep(s, m) {
  const heaps = (list) => (list.length === 1 ? `heap ${list[0] + 1}` : `heaps ${listWords(list.map((i) => i + 1))}`);
  const parts = [`${s.kept_ones} one${s.kept_ones === 1 ? "" : "s"} in the heaps kept as they are`];
  if (s.lowered_here.length) parts.push(`${heaps(s.lowered_here)} ${s.lowered_here.length === 1 ? "turns its" : "turn their"} 1 into 0 (lowered from here on)`);
  if (s.free.length) {
    const ones = s.free_ones;
    parts.push(ones.length === s.free.length ? `${heaps(s.free)}, lowered above, ${ones.length === 1 ? "takes" : "take"} a 1`
      : ones.length ? `of the heaps lowered above, ${heaps(ones)} ${ones.length === 1 ? "takes" : "take"} a 1, the other${s.free.length - ones.length === 1 ? "" : "s"} 0`
        : `${heaps(s.free)}, lowered above, ${s.free.length === 1 ? "takes" : "take"} a 0`);
  }
  return `Column ${s.bit < 31 ? 2 ** s.bit : `2^${s.bit}`}: ${parts.join("; ")}. Count: ${s.ones}, a multiple of ${m}.`;
}

/// Heaps in binary with each column's count of 1s and the count modulo m (red where it is
/// not 0); the heaps a move lowers are marked.
function mooreTable(heaps, binary, ones, m, lowered) {
  const bits = binary.length ? binary[0].length : 1;
  const table = el("table", { class: "bits moore" });
  const head = el("tr", {}, el("th", { scope: "col" }, "heap"), el("th", { scope: "col" }, "size"));
  for (let j = 0; j < bits; j += 1) head.append(el("th", { scope: "col" }, bits - 1 - j < 31 ? String(2 ** (bits - 1 - j)) : `2^${bits - 1 - j}`));
  table.append(head);
  heaps.forEach((h, i) => {
    const tr = el("tr", { class: lowered.includes(i) ? "pick" : "" }, el("td", { class: "name" }, `heap ${i + 1}`), el("td", { class: "num" }, String(h)));
    [...binary[i]].forEach((b) => tr.append(el("td", { class: b === "1" ? "one" : "zero" }, b)));
    table.append(tr);
  });
  const count = el("tr", { class: "count" }, el("td", { class: "name" }, "1s in the column"), el("td", {}, ""));
  ones.forEach((n) => count.append(el("td", {}, String(n))));
  const mod = el("tr", { class: "mod" }, el("td", { class: "name" }, `modulo ${m}`), el("td", {}, ""));
  ones.forEach((n) => mod.append(el("td", { class: n % m === 0 ? "ok" : "bad" }, String(n % m))));
  table.append(count, mod);
  return table;
}

/// A table of numbers in binary columns: one row each, then their XOR; the column of the
/// XOR's highest 1 and the rows that have it are marked.
function bitsTable(rows, binary, c, total, totalBinary, withBit, totalName, rowName = "heap") {
  const bits = binary.length ? binary[0].length : totalBinary.length;
  const window = c.columns;
  const top = window ? window.high : bits - 1;
  const table = el("table", { class: "bits" });
  const head = el("tr", {}, el("th", { scope: "col" }, rowName), el("th", { scope: "col" }, totalName === "nim-sum" ? "size" : "value"));
  for (let j = 0; j < bits; j += 1) {
    const k = top - j;
    head.append(el("th", { scope: "col", class: k === c.highest_bit ? "hi" : "" }, k < 31 ? String(2 ** k) : `2^${k}`));
  }
  table.append(head);
  const row = (name, sub, value, digits, cls) => {
    const tr = el("tr", { class: cls }, el("td", { class: "name" }, name, sub ? el("small", {}, ` ${sub}`) : null), el("td", { class: "num" }, String(value)));
    [...digits].forEach((b, j) => {
      const k = top - j;
      tr.append(el("td", { class: `${b === "1" ? "one" : "zero"} ${k === c.highest_bit ? "hi" : ""}` }, b));
    });
    return tr;
  };
  rows.forEach((r, i) => table.append(row(r.name, r.sub, r.value, binary[i], withBit.includes(i) ? "pick" : "")));
  table.append(row(totalName, "", total, totalBinary, "total"));
  return table;
}

function pTable(e) {
  const table = el("table", { class: "bits" });
  const mark = (pair) => e.queen && e.diagonal_p && ((pair[0] === e.diagonal_p[0] && pair[1] === e.diagonal_p[1]) || (pair[1] === e.diagonal_p[0] && pair[0] === e.diagonal_p[1]));
  table.append(el("tr", {}, el("th", { scope: "row" }, "n"), ...e.first_p_positions.map((_, n) => el("th", { scope: "col" }, String(n)))));
  table.append(el("tr", {}, el("th", { scope: "row" }, "a_n"), ...e.first_p_positions.map((p) => el("td", { class: mark(p) ? "hi" : "" }, String(p[0])))));
  table.append(el("tr", {}, el("th", { scope: "row" }, "b_n"), ...e.first_p_positions.map((p) => el("td", { class: mark(p) ? "hi" : "" }, String(p[1])))));
  return table;
}

// ---- Every move valued ------------------------------------------------------------------------

function toggleValues() {
  state.showValues = !state.showValues;
  $("values-btn").setAttribute("aria-pressed", String(state.showValues));
  $("values-btn").textContent = state.showValues ? "Hide move values" : "Show move values";
  $("values-panel").hidden = !state.showValues;
  if (state.showValues && !state.values && isHumanTurn()) loadValues();
  render();
}

function renderValues() {
  const panel = $("values-panel");
  if (!state.showValues) { panel.hidden = true; return; }
  panel.hidden = false;
  panel.replaceChildren(el("h3", {}, "Every move, valued"));
  const v = state.values;
  if (state.finished) { panel.append(el("p", {}, "The game is over.")); return; }
  if (!v) { panel.append(el("p", {}, isHumanTurn() ? "Valuing the moves…" : "The moves are valued on a player's turn.")); return; }
  if (v.error) { panel.append(el("p", {}, "The moves cannot be valued here: " + v.error)); return; }
  if (isLoopy()) return renderLoopyValues(panel, v);
  const wins = v.moves.filter((m) => m.outcome === "win").length;
  panel.append(el("p", { class: "help" },
    `Green moves win (they leave a position the other player loses), red moves lose. ${wins} of ${v.moves.length} move${v.moves.length === 1 ? "" : "s"} win.` +
    (v.measured ? ` "Wins in N": the game ends after N moves, this one included, if the winner hurries and the loser holds out.` : " The game tree is too large to count moves to the end.")));
  const list = el("ol", { class: "valued" });
  for (const m of v.moves.slice(0, 200)) {
    const b = el("button", { type: "button", class: "move-choice" + (m.outcome === "win" ? " v-win" : " v-lose") + (m.best ? " best" : "") },
      moveText(m.move), el("span", { class: "val" }, valueLabel(m) + (m.value !== undefined ? ` · leaves G = ${m.value}` : "") + (m.best ? " · best" : "")));
    b.disabled = !isLive();
    b.addEventListener("click", () => playListed(m.move));
    list.append(el("li", {}, b));
  }
  panel.append(list);
  if (v.moves.length > 200) panel.append(el("p", { class: "help" }, `The first 200 of ${v.moves.length} moves are listed; the board colours all of them.`));
}

// ---- The panels ------------------------------------------------------------------------------

function renderPanels() {
  renderHint();
  renderValues();
  if (!$("why-panel").hidden) renderWhy();
  if (!$("lesson-panel").hidden) renderLesson();
  renderDistance();
  markWhyPart();
}

/// While Why? is open, the part of the position its move is made in is outlined on the board
/// (the plan's component of a sum, the heap Bouton's move takes from).
function markWhyPart() {
  document.querySelectorAll("#board .why-part").forEach((n) => n.classList.remove("why-part"));
  if ($("why-panel").hidden) return;
  const e = currentExplanation();
  const i = e && e.plan ? e.plan.component : e && e.kind === "nim" && e.moves && e.moves.length ? e.moves[0].heap : null;
  if (i === null || i === undefined) return;
  const part = document.querySelector(`#board > .heap[data-heap="${i}"]`);
  if (part) part.classList.add("why-part");
}

function closePanels() {
  for (const id of ["hint-panel", "why-panel", "lesson-panel", "distance-panel"]) $(id).hidden = true;
  $("distance-btn").setAttribute("aria-expanded", "false");
  $("why-btn").setAttribute("aria-expanded", "false");
}
