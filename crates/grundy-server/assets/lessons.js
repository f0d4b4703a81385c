// Grundy, the page: short guided lessons. Each asks before it tells: a step poses a question
// with choices, and its explanation shows only once the learner has answered it right. Each
// ends with a game against the perfect player (strength 100), the learner moving first from a
// winning position, and is complete when the learner wins it. Every number, value and right
// answer comes from the server (POST /api/analyze, /api/sequence); the page only words them.
//
// A lesson is {id, title, load()}: load() asks the server and gives its steps, each
// {title, body: [nodes], ask: {question, choices: [{label, right, why}], then: [nodes]}, play}
// (`play`: the position of the final game).
"use strict";

const LESSONS = [
  { id: "nim", title: "Nim: why XOR works", load: nimLesson },
  { id: "mex", title: "Subtraction games: the mex", load: mexLesson },
  { id: "kayles", title: "Kayles: a split is a sum", load: kaylesLesson },
  { id: "wythoff", title: "Wythoff: P-positions and the golden ratio", load: wythoffLesson },
  { id: "misere", title: "Misère Nim: the last move loses", load: misereLesson },
  { id: "sprouts", title: "Sprouts: lives and regions", load: sproutsLesson },
];

/// "Yes"/"No" choices, the right one from the server's answer. `why` is what the wrong one is
/// told: the position's own figures (a yes/no question has one wrong answer).
function yesNo(yes, why) {
  return [{ label: "Yes", right: yes, why }, { label: "No", right: !yes, why }];
}

/// Up to six whole numbers to choose from, 0..most when few, else a run around `right` (the
/// server's value, always among them); `why(g)` says what is wrong with a wrong `g`.
function numberChoices(right, most, why) {
  const first = right <= most ? Math.max(0, Math.min(right - 2, most - 5)) : Math.max(0, right - 3);
  const last = right <= most ? Math.min(most, first + 5) : right + 2;
  return Array.from({ length: last - first + 1 }, (_, k) => first + k)
    .map((g) => ({ label: String(g), right: g === right, why: g === right ? "" : why(g) }));
}

/// What is wrong with `g` as mex{values}: it is among them, or a smaller number is missing.
function mexWhy(values) {
  const set = `{${values.join(", ")}}`;
  return (g) => (values.includes(g) ? `${g} is in ${set}, and the mex is a number missing from it.` : `${g} is missing from ${set}, but so is a smaller number: the mex is the least one missing.`);
}

/// The Nim lesson, on the heaps on the board when they are a Nim game under normal play.
async function nimLesson() {
  const board = state.analysis && state.analysis.explanation && state.analysis.explanation.kind === "nim" && state.analysis.convention === "normal";
  const heaps = board ? state.analysis.explanation.heaps : [3, 4, 5];
  const e = (await api("analyze", { position: { game: "nim", heaps } })).explanation;
  const rows = e.heaps.map((h, i) => ({ name: `heap ${i + 1}`, value: h }));
  const hidden = bitsTable(rows, e.binary, { highest_bit: null }, "?", e.nim_sum_binary.replace(/./g, "?"), [], "nim-sum");
  const shown = () => bitsTable(rows, e.binary, e, e.nim_sum, e.nim_sum_binary, e.heaps_with_bit, "nim-sum");
  const steps = [
    { title: "Step 1: the nim-sum", body: [el("p", {}, `The heaps ${e.heaps.join(", ")} in binary, one column per power of two.`), hidden],
      ask: { question: "XOR each column: 1 where the column holds an odd number of 1s. What is the nim-sum?", choices: numberChoices(e.nim_sum, Math.min(2 ** e.bits - 1, 9), (g) => `${g} is ${g.toString(2)} in binary: compare it, column by column, with whether each column holds an odd number of 1s.`),
        then: [el("p", {}, `Right: the nim-sum is ${e.nim_sum} (${e.nim_sum_binary} in binary).`), shown()] } },
    { title: "Step 2: who wins?", body: [el("p", {}, "Bouton's theorem: the player to move wins exactly when the nim-sum is not 0.")],
      ask: { question: `So with a nim-sum of ${e.nim_sum}, does the player to move win?`,
        choices: yesNo(e.outcome === "N", e.nim_sum === 0
          ? "The nim-sum is 0, so the player to move loses: every move leaves a nim-sum that is not 0, and the other player brings it back to 0."
          : `The nim-sum is ${e.nim_sum}, not 0, so the player to move wins: some move brings it to 0.`),
        then: [el("p", {}, e.nim_sum === 0
          ? "Right. A move changes one heap, so one row of bits, so at least one column's parity: from a nim-sum of 0 every move leaves a non-zero nim-sum."
          : "Right. Some move always brings a non-zero nim-sum back to 0, and from 0 every move spoils it.")] } },
  ];
  if (e.nim_sum !== 0) {
    const k = e.highest_bit;
    const m = e.moves[0];
    const winning = new Set(e.moves.map((x) => x.heap));
    steps.push({ title: "Step 3: the move", body: [el("p", {}, `The nim-sum's highest 1 is in the column worth ${2 ** k}.`)],
      ask: { question: "Which heap do you take from to make the nim-sum 0?",
        choices: e.heaps.map((h, i) => ({ label: `heap ${i + 1} (${h})`, right: winning.has(i), why: `Heap ${i + 1} (${h}, ${h.toString(2)} in binary) has no 1 in the ${2 ** k} column: lowering it cannot clear that 1.` })),
        then: [el("p", {}, `Right: heap ${m.heap + 1} has a 1 in that column. Replace ${m.from} by ${m.from} XOR ${e.nim_sum} = ${m.to}: that clears the 1 in the ${2 ** k} column and changes only smaller ones, so ${m.to} is smaller than ${m.from}, a legal move (take ${m.from - m.to}). Every column then holds an even number of 1s.`)] } });
  }
  steps.push({ title: "Your turn", body: [el("p", {}, "Whoever leaves a nim-sum of 0 can answer every move by restoring it. The heaps shrink, so the game ends, on empty heaps, nim-sum 0: the last move is theirs.")],
    play: { game: "nim", heaps: e.nim_sum === 0 ? [3, 4, 5] : e.heaps } });
  return steps;
}

async function mexLesson() {
  const set = [1, 3, 4];
  const seq = await api("sequence", { game: "subtraction", set, count: 14, at: "20" });
  const d = (await api("analyze", { position: { game: "subtraction", set, heaps: [5] } })).explanation.components[0].derivation;
  const g = seq.values;
  return [
    { title: "Step 1: the mex", body: [el("p", {}, `In the subtraction game S = {1, 3, 4} a move takes 1, 3 or 4 tokens from a heap. A heap of 0 has no move: its value G(0) is 0. The value of any other heap is the mex (minimum excluded value) of its options' values: the least whole number none of them has.`)],
      ask: { question: "A heap of 1 can only become 0 (value 0). What is G(1) = mex{0}?", choices: numberChoices(g[1], 2, mexWhy([g[0]])),
        then: [el("p", {}, `Right: G(1) = mex{0} = ${g[1]}, the least number not in {0}.`)] } },
    { title: "Step 2: a heap of 5", body: [el("p", {}, `A heap of 5 can become ${d.options.map((o) => `${o.option} (G = ${o.value})`).join(", ")}.`)],
      ask: { question: `What is G(5) = mex{${d.option_values.join(", ")}}?`, choices: numberChoices(d.value, 4, mexWhy(d.option_values)),
        then: [el("p", {}, `Right: ${d.option_values.join(", ")} are taken, ${d.value} is the least missing: G(5) = ${d.value}.`)] } },
    { title: "Step 3: the values repeat", body: [el("p", {}, `G(0), G(1), …: ${g.join(", ")}. ${pretty(seq.period.text.split("\n")[0])}`)],
      ask: { question: "With that period, what is G(20)?", choices: numberChoices(seq.at.value, 4, (v) => `${v} is not G(20): ${periodReason(seq.period, 20)}.`),
        then: [el("p", {}, `Right: ${periodStep(seq.period, 20)}G(20) = ${seq.at.value}.`)] } },
    { title: "Your turn", body: [el("p", {}, "A position of several heaps is a sum: XOR the heaps' values, as Nim's nim-sum. Move to a position of value 0, and answer every move back to 0.")],
      play: { game: "subtraction", set, heaps: [5, 9] } },
  ];
}

/// "20 = 2 × 7 + 6, so G(20) = G(6) and " from a proven period (p, from n = pre).
function periodStep(period, n) {
  const r = periodRest(period, n);
  return r === n ? "" : `${n} = ${(n - r) / period.period} × ${period.period} + ${r}, so G(${n}) = G(${r}) and `;
}

/// Where G(n) is read, for a wrong answer: "20 = 2 × 7 + 6, so G(20) = G(6), among the values above".
function periodReason(period, n) {
  const r = periodRest(period, n);
  return r === n ? `G(${n}) is the mex of its options' values` : `${periodStep(period, n).replace(/ and $/, "")}, among the values above`;
}

/// The heap below the period's first repeat with the value of `n` (`n` itself without one).
function periodRest(period, n) {
  const p = period && period.period;
  if (!p || n < period.preperiod) return n;
  return ((n - period.preperiod) % p) + period.preperiod;
}

async function kaylesLesson() {
  const seq = await api("sequence", { game: "octal", code: "kayles", count: 8 });
  const pair = await api("analyze", { position: { game: "octal", code: "kayles", heaps: [3, 3] } });
  const g = seq.values;
  return [
    { title: "Step 1: a split", body: [el("p", {}, "Kayles: a row of pins; a move knocks down one pin or two neighbouring pins. Knocking pins out of the middle of a row leaves two rows.")],
      ask: { question: "A row of 7 pins: you knock down the middle pin (the 4th). What is left?",
        choices: [{ label: "a row of 6", right: false, why: "The pins left of it and right of it no longer touch." }, { label: "rows of 3 and 3", right: true }, { label: "rows of 2 and 4", right: false, why: "Three pins stand on each side of the 4th." }],
        then: [el("p", {}, "Right: two rows of 3, and from then on a move is made in one of them. That is a sum of two games.")] } },
    { title: "Step 2: the value of a sum", body: [el("p", {}, `The Sprague–Grundy theorem: a sum is worth the XOR of its parts' values. Kayles' values G(0..7): ${g.join(", ")}.`)],
      ask: { question: `Rows of 3 and 3: what is G(3) XOR G(3) = ${g[3]} XOR ${g[3]}?`, choices: numberChoices(pair.nim_sum, 3, (v) => `${v} is not ${g[3]} XOR ${g[3]}: a number XORed with itself has every bit cleared.`),
        then: [el("p", {}, `Right: ${pair.nim_sum}. Two equal rows are a P-position: whatever the other player does in one row, do it in the other. Knocking down the middle pin wins a row of 7.`)] } },
    { title: "Your turn", body: [el("p", {}, "Rows of 7 and 4: find a move that leaves value 0 (the hint shows one), then answer every move.")],
      play: { game: "octal", code: "kayles", heaps: [7, 4] } },
  ];
}

async function wythoffLesson() {
  const e = (await api("analyze", { position: { game: "wythoff", heaps: [10, 7] } })).explanation;
  const p = e.first_p_positions;
  const isP = (x, y) => p.some(([a, b]) => (a === x && b === y) || (a === y && b === x));
  const squares = [[2, 2], [1, 2], [1, 3], [2, 3]];
  const next = p[4];
  const wrong = [[next[0] - 1, next[1] - 1], [next[0], next[1] + 1], [next[0] - 1, next[1]]];
  const ratios = p.slice(1).map(([a, b]) => `${b}/${a} = ${(b / a).toFixed(3)}`);
  const later = p.slice(2).map(([a, b]) => b / a);
  const [low, high] = [Math.min(...later).toFixed(3), Math.max(...later).toFixed(3)];
  return [
    { title: "Step 1: P-positions", body: [el("p", {}, "Wythoff's game: a queen moves left, down or diagonally down-left, any distance; whoever moves her to (0, 0) wins. A P-position is a square where the player to move loses: every move from it reaches a square that is not one.")],
      ask: { question: "Which of these squares is a P-position?",
        choices: squares.map(([x, y]) => ({ label: `(${x}, ${y})`, right: isP(x, y), why: reachWhy(x, y, p) })),
        then: [el("p", {}, "Right: from (1, 2) the queen reaches (0, 2), (1, 1), (1, 0), (0, 1), and from each of those the other player reaches (0, 0).")] } },
    { title: "Step 2: the pattern", body: [el("p", {}, `The P-positions (a, b) with a ≤ b: ${p.slice(0, 4).map(([a, b]) => `(${a}, ${b})`).join(", ")}, … Each a is the least number not used before, and b = a + n for the n-th one.`)],
      ask: { question: `What comes after (${p[3][0]}, ${p[3][1]})?`,
        choices: [next, ...wrong].sort((u, v) => u[0] - v[0] || u[1] - v[1]).map(([a, b]) => ({ label: `(${a}, ${b})`, right: isP(a, b), why: `(${a}, ${b}) breaks the pattern: is ${a} the least number not used yet, and is ${b} − ${a} = ${b - a} one more than ${p[3][1]} − ${p[3][0]} = ${p[3][1] - p[3][0]}?` })),
        then: [el("p", {}, `Right: (${next[0]}, ${next[1]}): ${next[0]} is the least unused number and ${next[1]} − ${next[0]} = 4.`)] } },
    { title: "Step 3: the golden ratio", body: [el("p", {}, `b / a for these P-positions: ${ratios.join(", ")}.`)],
      ask: { question: "Which number do these ratios approach?",
        choices: [{ label: "1.5", right: false, why: `Every ratio is at least ${low}.` }, { label: "φ = (1 + √5)/2 ≈ 1.618", right: true }, { label: "2", right: false, why: `Only the first ratio is 2; the later ones lie between ${low} and ${high}.` }],
        then: [el("p", {}, "Right: the golden ratio φ. Wythoff proved a_n = ⌊nφ⌋ and b_n = ⌊nφ²⌋ = a_n + n, so every P-position is known at once, at any size.")] } },
    { title: "Your turn", body: [el("p", {}, "From (10, 7), move the queen to a P-position, and again after every answer.")],
      play: { game: "wythoff", heaps: [10, 7] } },
  ];
}

/// Why the queen's square (x, y) is no P-position: a P-position (or the corner) she reaches from
/// it, among the P-positions `p` the server listed.
function reachWhy(x, y, p) {
  const reaches = (a, b) => (a === x && b < y) || (b === y && a < x) || (x - a === y - b && a < x);
  const target = [[0, 0], ...p.flatMap(([a, b]) => [[a, b], [b, a]])].find(([a, b]) => reaches(a, b));
  return target ? `From (${x}, ${y}) the queen reaches (${target[0]}, ${target[1]}), ${target[0] + target[1] === 0 ? "the corner" : "a P-position"}: whoever moves there wins.` : "";
}

async function misereLesson() {
  const ones = await api("analyze", { position: { game: "nim", heaps: [1, 1, 1], convention: "misere" } });
  const two = await api("analyze", { position: { game: "nim", heaps: [3, 1], convention: "misere" } });
  const wins = two.winning_moves.map((m) => `${m.component}:${m.to.map((c) => c.heap).join(",")}`);
  const choice = (label, component, to, why) => ({ label, right: wins.includes(`${component}:${to}`), why });
  return [
    { title: "Step 1: the last move loses", body: [el("p", {}, "Misère play: whoever makes the last move loses.")],
      ask: { question: "Heaps 1, 1, 1 under misère play: does the player to move win?", choices: yesNo(ones.outcome === "N", `Each move takes one of the ${ones.components.length} heaps of 1, so the player to move takes the ${ones.components.length % 2 ? "first and the last" : "first, and the other player the last"}: under misère play the player to move ${ones.outcome === "N" ? "wins" : "loses"}.`),
        then: [el("p", {}, "Right: the moves take the heaps one by one, and the player to move takes the first and the last. With an odd number of heaps of 1 the player to move loses.")] } },
    { title: "Step 2: the rule", body: [el("p", {}, "Bouton's rule for misère Nim: play as in Nim, except when your move would leave only heaps of size 0 or 1: then leave an odd number of heaps of 1.")],
      ask: { question: "Heaps 3 and 1 under misère play: which move wins?",
        choices: [choice("heap 1: 3 → 0, leaving one heap of 1", 0, "0", ""), choice("heap 1: 3 → 1, leaving 1, 1", 0, "1", "Two heaps of 1: you would take the last."), choice("heap 2: 1 → 0, leaving 3", 1, "0", "The other player takes 2 and leaves you the last token.")],
        then: [el("p", {}, "Right: the other player must take the last heap of 1.")] } },
    { title: "Your turn", body: [el("p", {}, "Heaps 2, 3, 4 under misère play: play as in Nim, and switch to the odd number of 1s at the end.")],
      play: { game: "nim", heaps: [2, 3, 4], convention: "misere" } },
  ];
}

/// Sprouts: a game's length from its lives, regions that keep spots apart, and who wins two
/// and three spots (the server's drawings and analyses give every number and answer).
async function sproutsLesson() {
  const two = await api("sprouts/lines", { position: "0*2" });
  const lives = two.lives.reduce((a, b) => a + b, 0);
  const loop = await api("sprouts/lines", { position: "0.AB|0.AB" });
  const joins = loop.lines.some((l) => l.from === 1 && l.to === 4);
  const [p2, p3] = await Promise.all(["0*2", "0*3"].map((position) => api("analyze", { position: { game: "sprouts", position } })));
  return [
    { title: "Step 1: lives", body: [el("p", {}, `A spot takes at most three lines: it has three lives, and each line's end spends one. Two spots have ${lives} lives. A move draws a line (two ends: two lives spent) and puts a new spot on it, which has two lines already: one life left.`)],
      ask: { question: "So what is the longest a game of two spots can last?", choices: numberChoices(lives - 1, 7, (g) => `Each move spends two lives and brings one: one life less per move. From ${lives} lives, ${g} moves would leave ${lives - g}, ${lives - g < 1 ? "but the last move's new spot always keeps a life" : "and a spot with a life left next to another can still be joined"}.`),
        then: [el("p", {}, `Right: ${lives - 1} moves. Every move costs one life, and the last new spot keeps one, so n spots last at most 3n − 1 moves, and at least 2n.`)] } },
    { title: "Step 2: regions", body: [el("p", {}, "Lines may not cross. Here spot 2 was joined to itself by a loop through a new spot, 3: spot 1 is inside the loop, spot 4 outside. Grundy writes this 0.AB|0.AB: two regions (the | between them), each with a lone spot (0) and the loop's two spots (A and B, met in both regions)."), el("p", {}, "On the board each region is a box: a line joins two spots of one box.")],
      ask: { question: "Can a line join spot 1 to spot 4?", choices: yesNo(joins, joins ? "They lie in one region." : "Spot 1 is inside the loop and spot 4 outside: a line between them would cross the loop."),
        then: [el("p", {}, "Right: no line can cross the loop. Spots 2 and 3 lie on it, so each can still be joined to either side, once (each has one life).")] } },
    { title: "Step 3: who wins?", body: [el("p", {}, "The positions are few but tangled: Grundy searches them, splitting a position into lands that share no spot, each worth a nimber (a sum, as in Nim).")],
      ask: { question: "Two spots: does the player to move win?", choices: yesNo(p2.outcome === "N", p2.outcome === "N" ? "The first player has a winning move from two spots." : "Every first move from two spots leaves a position the second player wins."),
        then: [el("p", {}, `Right: two spots lose for the player to move, three spots ${p3.outcome === "N" ? "win" : "lose"}. Applegate, Jacobson and Sleator conjectured that n spots lose for the first player exactly when n is 0, 1 or 2 more than a multiple of 6; Lemoine and Viennot's computations confirm it for every n up to 44.`)] } },
    { title: "Your turn", body: [el("p", {}, "Three spots: you move first and can win. Click two spots to join them, or one spot twice for a loop.")],
      play: { game: "sprouts", position: "0*3" } },
  ];
}

// ---- The panel --------------------------------------------------------------------------------

function toggleLesson(force) {
  const panel = $("lesson-panel");
  const open = force === true ? true : panel.hidden;
  panel.hidden = !open;
  $("lesson-btn").setAttribute("aria-expanded", String(open));
  if (!open) state.lesson = null;
  if (open && !state.lesson) renderLessonMenu();
  if (open) panel.scrollIntoView({ block: "nearest" });
}

function renderLessonMenu() {
  const panel = $("lesson-panel");
  const list = el("div", { class: "move-list" });
  for (const lesson of LESSONS) {
    const b = el("button", { type: "button", "data-lesson": lesson.id }, lesson.title);
    b.addEventListener("click", () => startLesson(lesson));
    list.append(b);
  }
  panel.replaceChildren(el("h3", {}, "Lessons"), el("p", { class: "help" }, "Each lesson asks before it tells, and ends with a game against the perfect player."), list);
}

async function startLesson(lesson) {
  const panel = $("lesson-panel");
  panel.replaceChildren(el("h3", {}, lesson.title), el("p", {}, "Loading…"));
  try {
    state.lesson = { lesson, steps: await lesson.load(), step: 0, answered: {}, feedback: null, playing: false, won: false };
    renderLesson();
  } catch (e) {
    panel.replaceChildren(el("h3", {}, lesson.title), el("p", { class: "error" }, e.message));
  }
}

function renderLesson() {
  const panel = $("lesson-panel");
  const l = state.lesson;
  if (panel.hidden) return;
  if (!l) return renderLessonMenu();
  const n = l.step;
  const step = l.steps[n];
  const nodes = [el("h3", {}, `Lesson: ${l.lesson.title}`), el("h4", {}, step.title), ...step.body];
  const answered = !step.ask || l.answered[n];
  if (step.ask) {
    nodes.push(el("p", { class: "ask" }, el("strong", {}, step.ask.question)));
    const choices = el("div", { class: "move-list choices" });
    step.ask.choices.forEach((c, k) => {
      const b = el("button", { type: "button", class: "choice" + (answered && c.right ? " right" : ""), "data-right": String(c.right) }, c.label);
      b.disabled = answered;
      b.addEventListener("click", () => answer(n, c, k));
      choices.append(b);
    });
    nodes.push(choices);
    if (!answered && l.feedback) nodes.push(el("p", { class: "feedback", role: "status" }, l.feedback));
    if (answered) nodes.push(...step.ask.then);
  }
  if (step.play) nodes.push(lessonPlay(step.play));
  const back = el("button", { type: "button" }, "Back");
  back.disabled = n === 0;
  back.addEventListener("click", () => { l.step = n - 1; l.feedback = null; renderLesson(); });
  const last = n + 1 === l.steps.length;
  const next = el("button", { type: "button", class: "primary lesson-next" }, last ? "Lessons" : "Next step");
  next.disabled = !answered;
  next.addEventListener("click", () => {
    if (last) { state.lesson = null; renderLessonMenu(); } else { l.step = n + 1; l.feedback = null; renderLesson(); }
  });
  nodes.push(el("div", { class: "row" }, back, next, el("span", { class: "help" }, `${n + 1} of ${l.steps.length}`)));
  panel.replaceChildren(...nodes);
}

function answer(n, choice) {
  const l = state.lesson;
  if (choice.right) { l.answered[n] = true; l.feedback = null; } else l.feedback = choice.why ? `Not quite: ${choice.why} Try again.` : "Not quite. Try again.";
  renderLesson();
  $("lesson-panel").querySelector(".lesson-next:not([disabled]), .choice:not([disabled])")?.focus();
}

/// The last step: start the game, then how it went.
function lessonPlay(spec) {
  const l = state.lesson;
  if (l.won) return el("p", { class: "lesson-won" }, "You beat the perfect player: lesson complete.");
  if (l.playing) return el("p", { class: "help" }, "Your move on the board, against the perfect player (strength 100). Hint and Why? help.");
  const go = el("button", { type: "button", class: "primary lesson-play" }, l.lost ? "Play again" : "Play against the perfect player");
  go.addEventListener("click", () => startLessonGame(spec));
  return el("p", {}, l.lost ? "The perfect player won this time: play again, and use Hint and Why? when stuck. " : "", go);
}

async function startLessonGame(spec) {
  const l = state.lesson;
  const settings = { game: spec.game, mode: "human", first: "human", strength: 100, strength2: 100 };
  formFromGame(spec, settings);
  await startGame({ convention: "normal", ...spec }, settings);
  l.playing = true;
  $("lesson-panel").hidden = false;
  renderLesson();
}

/// Called when a game ends: a lesson's game won completes the lesson.
function lessonGameOver(won) {
  const l = state.lesson;
  if (!l || !l.playing) return;
  l.won = won;
  l.lost = !won;
  if (!won) l.playing = false;
  $("lesson-panel").hidden = false;
  renderLesson();
}
