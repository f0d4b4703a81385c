// Grundy, the page: the Sequences view. G(0), G(1), ... of every ruleset of the registry that
// has a sequence, its proven period marked; a link to it, and its values as CSV or PNG. The
// chart is the server's (`chart_svg` of POST /api/sequence with `chart_width`): the same
// drawing as `grundy sequence --plot` and the Python package's, from the crate grundy-chart,
// asked at the width it is shown at so that its labels keep their size on a phone.
"use strict";

let lastSequence = null; // the last answer of POST /api/sequence
const SEQ_MOST = 400; // the most values the form asks for (its field's max)

function seqFamily() {
  return state.families[$("seq-game").value];
}

function seqBody() {
  const family = seqFamily();
  const count = Math.min(SEQ_MOST, Math.max(1, Number($("seq-count").value) || 60));
  const body = { game: family.name, count };
  for (const p of family.params) body[p.name] = paramValue(p, $("seq-" + p.name).value, p.label);
  return body;
}

async function showSequence() {
  $("seq-error").textContent = "";
  $("seq-out").textContent = "";
  try {
    const body = seqBody();
    const answer = await api("sequence", { ...body, chart_width: chartWidth() });
    lastSequence = answer;
    drawSequence(answer);
    showMisere(body);
    if (!$("view-sequences").hidden) writeSeqHash();
  } catch (e) {
    $("seq-error").textContent = e.message;
  }
}

/// A preset's sequence, with values enough to show its proven period: the preperiod and two
/// periods (Kayles' period of 12 starts at n = 71, past the 60 values shown at first), as many
/// as the form allows.
async function showPreset() {
  await showSequence();
  const p = lastSequence && lastSequence.period;
  if (!p || p.status !== "proven") return;
  const enough = Math.min(SEQ_MOST, p.preperiod + 2 * p.period);
  if (enough > lastSequence.values.length) {
    $("seq-count").value = enough;
    await showSequence();
  }
}

function drawSequence(answer) {
  // The sequence report (docs/sequence-report.md): period.status is "proven" (with the
  // certificate and its text), "not-proven" or "not-claimed".
  const values = answer.values;
  const p = answer.period.status === "proven" ? answer.period : null;
  $("seq-title").textContent = "G(n): " + answer.title;
  $("seq-period").textContent = answer.period.text.replaceAll("\n", " ");
  $("seq-chart").replaceChildren(chartNode(answer.chart_svg));
  const list = $("seq-values");
  list.replaceChildren();
  values.forEach((v, n) => {
    let cls = "";
    if (p) {
      cls = n < p.preperiod ? "pre" : "cycle";
      if (n >= p.preperiod && (n - p.preperiod) % p.period === 0) cls += " cycle-start";
    }
    list.append(el("span", { class: cls, title: `G(${n}) = ${v}` }, el("small", {}, String(n)), String(v)));
  });
}

const MISERE_MOST = 24; // heaps 1..24 get their misère values (POST /api/genus)

/// Misère values beside the normal ones: each heap's genus from the server, its first exponent
/// the heap's value under misère play (Conway, *On Numbers and Games*, ch. 12).
async function showMisere(body) {
  const box = $("seq-misere");
  box.replaceChildren();
  const count = Math.min(MISERE_MOST, body.count - 1);
  if (count < 1) return;
  try {
    const answer = await api("genus", { ...body, count });
    const list = el("div", { class: "values misere-values" });
    for (const h of answer.heaps) {
      // The misère value is the genus's first exponent, g₀.
      const [normal, misere] = [h.normal_value, h.misere_values[0]];
      const about = `Heap ${h.heap}: normal value ${normal}, misère value ${misere}, genus ${h.genus}${h.tame ? "" : " (wild)"}`;
      list.append(el("span", { class: normal === misere ? "" : "differs", title: about, "aria-label": about },
        el("small", {}, String(h.heap)), `${normal}`, el("span", { class: "mis" }, ` / ${misere}`)));
    }
    box.append(el("h3", {}, "Normal and misère values"),
      el("p", { class: "help" }, `For heaps 1 to ${count}: G(n) under normal play / its value under misère play (the last move loses), from Conway's genus (hover a heap for it). Heaps whose two values differ are outlined.`), list);
  } catch (e) {
    box.append(el("p", { class: "help" }, "Misère values: " + e.message));
  }
}

/// The width the chart is shown at, in pixels (as the server draws it: 240 to 760).
function chartWidth() {
  return Math.max(240, Math.min(760, Math.floor($("seq-chart").clientWidth || 760)));
}

/// The server's SVG as a node of the page (it carries its own title, description and label).
function chartNode(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const node = document.importNode(doc.documentElement, true);
  // Never wider than drawn: a chart asked at a phone's width is not blown up on a desktop
  // before the chart at the new width arrives.
  node.style.maxWidth = `${node.getAttribute("width")}px`;
  return node;
}

// ---- Link, CSV, PNG ---------------------------------------------------------------------------

function writeSeqHash() {
  const p = new URLSearchParams();
  p.set("view", "sequences");
  try {
    const body = seqBody();
    for (const [k, v] of Object.entries(body)) p.set(k === "game" ? "seq" : k, Array.isArray(v) ? v.join(",") : String(v));
  } catch (_) { /* an unreadable form keeps the view only */ }
  history.replaceState(null, "", location.pathname + "#" + p.toString());
}

/// Opens the Sequences view of a link (`#view=sequences&seq=octal&code=kayles&count=80`, the
/// link's parameters `p`); a game without a sequence or a count out of range is noted
/// (link.js) and the form's default kept.
function readSeqHash(p) {
  if (p.get("view") !== "sequences") return false;
  const name = p.get("seq");
  const family = state.families[name];
  if (family && family.sequence) {
    $("seq-game").value = family.name;
    seqGameChanged();
    for (const param of family.params) if (p.get(param.name) !== null) $("seq-" + param.name).value = p.get(param.name).replaceAll(",", ", ");
  } else if (name !== null) {
    noteLink(`seq=${linkValue(name)} is no game with a sequence (the Game menu lists them): ${seqFamily().title} is shown instead`);
  }
  const count = p.get("count");
  if (count !== null && /^\d{1,3}$/.test(count) && Number(count) >= 1 && Number(count) <= SEQ_MOST) $("seq-count").value = count;
  else if (count !== null) noteLink(`count=${linkValue(count)}: give a whole number from 1 to ${SEQ_MOST}; ${$("seq-count").value} is used instead`);
  selectTab("sequences");
  return true;
}

function download(name, blob) {
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}

function fileStem() {
  const t = lastSequence ? lastSequence.title : "sequence";
  return "grundy-" + t.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function sequenceCsv(answer) {
  return "n,G(n)\n" + answer.values.map((v, n) => `${n},${v}`).join("\n") + "\n";
}

function downloadCsv() {
  if (!lastSequence) return;
  download(fileStem() + ".csv", new Blob([sequenceCsv(lastSequence)], { type: "text/csv" }));
  $("seq-out").textContent = `Saved ${fileStem()}.csv (${lastSequence.values.length} values).`;
}

function downloadPng() {
  const svg = $("seq-chart").querySelector("svg");
  if (!svg) return;
  const w = Number(svg.getAttribute("width")), h = Number(svg.getAttribute("height"));
  const image = new Image();
  image.onload = () => {
    const canvas = el("canvas", { width: String(w * 2), height: String(h * 2) });
    const ctx = canvas.getContext("2d");
    ctx.scale(2, 2);
    ctx.drawImage(image, 0, 0);
    canvas.toBlob((blob) => {
      download(fileStem() + ".png", blob);
      $("seq-out").textContent = `Saved ${fileStem()}.png (${w * 2} × ${h * 2} pixels).`;
    }, "image/png");
  };
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(svg));
}

function seqGameChanged() {
  paramFields($("seq-params"), seqFamily(), "seq-");
  $("seq-error").textContent = "";
}

function wireSequences() {
  $("seq-form").addEventListener("submit", (e) => { e.preventDefault(); showSequence(); });
  $("seq-game").addEventListener("change", seqGameChanged);
  $("seq-form").addEventListener("input", () => { $("seq-error").textContent = ""; });
  document.querySelectorAll(".presets button").forEach((b) => b.addEventListener("click", () => {
    const family = state.families[b.dataset.game];
    if (!family) return;
    $("seq-game").value = family.name;
    seqGameChanged();
    $("seq-" + family.params[0].name).value = b.dataset.value;
    showPreset();
  }));
  $("seq-link").addEventListener("click", async () => {
    writeSeqHash();
    try {
      await navigator.clipboard.writeText(location.href);
      $("seq-out").textContent = "Link copied: it opens this sequence.";
    } catch (_) {
      $("seq-out").textContent = "Share this link: " + location.href;
    }
  });
  $("seq-csv").addEventListener("click", downloadCsv);
  $("seq-png").addEventListener("click", downloadPng);
  let width = window.innerWidth;
  window.addEventListener("resize", () => {
    if (Math.abs(window.innerWidth - width) > 40 && lastSequence) { width = window.innerWidth; showSequence(); }
  });
}
