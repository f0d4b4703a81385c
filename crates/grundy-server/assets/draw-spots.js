// Grundy, the page: Sprouts (drawing `spots`). The server reads the position
// (POST /api/sprouts/lines): its spots numbered as the notation meets them, its regions and
// their boundaries, every line a move can draw. The canonical form keeps what the moves depend
// on, not the paper (dead spots and lines are gone, each region turned its own way), so each
// region is drawn as a room of its own: a boundary as the spots met walking round it on a
// circle (a spot met twice pinches it into loops), a spot shared by two regions drawn in both.
// Click two spots of one room (one twice for a loop); where that line can be drawn in several
// ways (other spots on either side), the ways are buttons in words. Spots are numbered afresh
// after every move.
"use strict";

const SPOT_R = 13; // a spot's radius, in the drawing's units
const SPOT_GAP = 58; // between neighbouring spots on a boundary
const ROOM_PAD = 22;
const STALK = 30; // a stalk, a stem or a stub

/// Drawings read from the server, by position text: the answer, or {error}.
const spotDrawings = new Map();

/// Reads every Sprouts part of `analysis` not read yet.
async function loadSpots(analysis) {
  const parts = (analysis ? analysis.components : []).filter((c) => {
    const family = familyOfRuleset(c.ruleset);
    return family && family.positions.drawing === "spots" && !spotDrawings.has(c.position);
  });
  await Promise.all(parts.map(async (c) => {
    try {
      spotDrawings.set(c.position, await api("sprouts/lines", { position: c.position }));
    } catch (e) {
      spotDrawings.set(c.position, { error: e.message });
    }
  }));
}

/// A boundary's walk as a cycle of items, each a spot with the loops that hang at it (the walk
/// between the two times a pinched spot is met): {items: [{spot, kids: [cycle]}]}.
function pinched(walk) {
  const out = [];
  for (const spot of walk) {
    const k = out.findIndex((e) => e.spot === spot);
    if (k < 0) { out.push({ spot, kids: [] }); continue; }
    const inner = out.splice(k + 1);
    out[k].kids.push({ items: [{ spot, kids: [] }, ...inner] });
  }
  return { items: out };
}

/// Places a cycle's items on a circle through `at` (its first item, already placed unless the
/// cycle is the boundary's own) with its centre in direction `angle` from there. A spot shows
/// as many line ends as it has lines: on a cycle of three or more, a spot of one line, or a
/// spot met twice (two lines, a loop hanging from it), ends a stalk from the cycle, whose foot
/// is a dead spot (three lines meet there); a loop hangs from its spot by a stem to a dead spot
/// on it; a lone spot with lines shows them as stubs ending in dead spots.
function placeCycle(cycle, at, angle, lives, out) {
  const anchored = out.started;
  out.started = true;
  const items = cycle.items;
  const n = items.length;
  const radius = n < 2 ? 0 : Math.max(SPOT_GAP / 2, (n * SPOT_GAP) / (2 * Math.PI));
  const [cx, cy] = [at[0] + radius * Math.cos(angle), at[1] + radius * Math.sin(angle)];
  const points = items.map((_, k) => {
    const t = angle + Math.PI + (2 * Math.PI * k) / n;
    return [cx + radius * Math.cos(t), cy + radius * Math.sin(t), t];
  });
  const oneLine = (it) => it.spot !== null && lives[it.spot - 1] === 2;
  // Two spots met in turn are one line walked on both sides (a stalk) when one ends there or
  // one is a spot met twice (its other line leads on); else two lines, a loop through both.
  const stalk = items.some(oneLine) || items.some((it) => it.kids.length > 0);
  if (n === 2) out.curves.push({ from: points[0], to: points[1], lens: !stalk, radius });
  else if (n > 2) points.forEach((p, k) => out.curves.push({ from: p, to: points[(k + 1) % n], arc: radius }));
  items.forEach((it, k) => {
    const [x, y] = points[k];
    const dir = n === 1 ? -Math.PI / 2 : points[k][2];
    const stalked = n > 2 && it.spot !== null && (oneLine(it) || it.kids.length > 0);
    const at2 = stalked ? [x + STALK * Math.cos(dir), y + STALK * Math.sin(dir)] : [x, y];
    if (stalked) {
      out.curves.push({ from: [x, y], to: at2 });
      out.dead.push([x, y]);
    }
    if (it.spot === null) out.dead.push(at2);
    else if (k > 0 || !anchored) out.spots.push({ spot: it.spot, x: at2[0], y: at2[1] });
    if (n === 1 && it.spot !== null) stubs(at2, 3 - lives[it.spot - 1], out);
    for (const kid of it.kids) {
      if (kid.items.length < 3) { placeCycle(kid, at2, dir, lives, out); continue; }
      const foot = [at2[0] + STALK * Math.cos(dir), at2[1] + STALK * Math.sin(dir)];
      out.curves.push({ from: at2, to: foot });
      placeCycle({ items: [{ spot: null, kids: [] }, ...kid.items.slice(1)] }, foot, dir, lives, out);
    }
  });
  return out;
}

/// The `lines` lines of a lone spot at `at`, as short stubs below it ending in dead spots.
function stubs(at, lines, out) {
  for (let k = 0; k < lines; k += 1) {
    const t = Math.PI / 2 + (k - (lines - 1) / 2) * 0.7;
    const end = [at[0] + STALK * Math.cos(t), at[1] + STALK * Math.sin(t)];
    out.curves.push({ from: at, to: end });
    out.dead.push(end);
  }
}

/// A boundary laid out from the origin: {spots: [{spot, x, y}], dead: [[x, y]], curves, box:
/// [x0, y0, x1, y1]}.
function boundaryShape(walk, lives) {
  const shape = placeCycle(pinched(walk), [0, 0], 0, lives, { spots: [], curves: [], dead: [], started: false });
  const xs = [...shape.spots.map((s) => s.x), ...shape.dead.map((p) => p[0])];
  const ys = [...shape.spots.map((s) => s.y), ...shape.dead.map((p) => p[1])];
  const m = SPOT_R + 10;
  shape.box = [Math.min(...xs) - m, Math.min(...ys) - m - 8, Math.max(...xs) + m, Math.max(...ys) + m];
  return shape;
}

/// The rooms of a drawing laid out in rows no wider than `width`: [{land, region, x, y, w, h,
/// shapes: [{shape, dx, dy}]}] and the whole height.
function roomsLayout(d, width) {
  const rooms = [];
  let [x, y, rowH] = [0, 0, 0];
  d.lands.forEach((land, l) => land.forEach((region, r) => {
    const shapes = [];
    let [bx, by, lineH, w] = [ROOM_PAD, ROOM_PAD + 12, 0, 0];
    for (const walk of region) {
      const shape = boundaryShape(walk, d.lives);
      const [sw, sh] = [shape.box[2] - shape.box[0], shape.box[3] - shape.box[1]];
      if (bx > ROOM_PAD && bx + sw > width - ROOM_PAD) { bx = ROOM_PAD; by += lineH + 6; lineH = 0; }
      shapes.push({ shape, dx: bx - shape.box[0], dy: by - shape.box[1] });
      bx += sw + 8; lineH = Math.max(lineH, sh); w = Math.max(w, bx);
    }
    const room = { land: l, region: r, w: Math.max(w + ROOM_PAD - 8, 120), h: by + lineH + ROOM_PAD, shapes };
    if (x > 0 && x + room.w > width) { x = 0; y += rowH + 14; rowH = 0; }
    Object.assign(room, { x, y });
    x += room.w + 14; rowH = Math.max(rowH, room.h);
    rooms.push(room);
  }));
  return { rooms, width: Math.max(...rooms.map((r) => r.x + r.w), 120), height: y + rowH };
}

/// An SVG path for a curve between two spots: an arc of the boundary's circle, a straight
/// line, or one side of a lens.
function curvePath(c, dx, dy, bend) {
  const [x1, y1, x2, y2] = [c.from[0] + dx, c.from[1] + dy, c.to[0] + dx, c.to[1] + dy];
  if (c.arc) return `M${x1.toFixed(1)},${y1.toFixed(1)} A${c.arc.toFixed(1)},${c.arc.toFixed(1)} 0 0 1 ${x2.toFixed(1)},${y2.toFixed(1)}`;
  const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
  const len = Math.max(1, Math.hypot(x2 - x1, y2 - y1));
  const [nx, ny] = [(-(y2 - y1) / len) * bend, ((x2 - x1) / len) * bend];
  return `M${x1.toFixed(1)},${y1.toFixed(1)} Q${(mx + nx).toFixed(1)},${(my + ny).toFixed(1)} ${x2.toFixed(1)},${y2.toFixed(1)}`;
}

/// The lines between spots `a` and `b` (in either order), each with its listed move.
function linesBetween(d, a, b, i) {
  const [from, to] = a < b ? [a, b] : [b, a];
  const seen = new Set();
  return d.lines.filter((l) => l.from === from && l.to === to && !seen.has(l.after) && seen.add(l.after))
    .map((l) => ({ line: l, found: listedLeaving(l.after, i) }));
}

/// The spots a line from `a` can reach (`a` itself when a loop can start there).
function partners(d, a) {
  return [...new Set(d.lines.filter((l) => l.from === a || l.to === a).map((l) => (l.from === a ? l.to : l.from)))];
}

/// The line of a move (`m`: a listed or played move of component `i`), from the drawing of
/// the position it was made in.
function lineOfMove(m) {
  const d = m && m.to && m.to.length === 1 ? spotDrawings.get(m.from.position) : null;
  return d && !d.error ? d.lines.find((l) => l.after === m.to[0].position) || null : null;
}

function drawSpots(comp, live, i) {
  const d = spotDrawings.get(comp.position);
  const sel = drawingSelection(i);
  const picked = sel.items.length ? sel.items[0] : null;
  const choosing = sel.choices || null;
  const reach = picked !== null && !choosing ? partners(d, picked) : [];
  // While the ways of a line are offered, the hint is the way's button, not its spots; a
  // hinted line that can go several ways offers them at once, the hint's in bold.
  const hinted = lineOfMove(hintedMove(i));
  const hintLine = choosing ? null : hinted;
  const hintWays = hinted ? linesBetween(d, hinted.from, hinted.to, i) : [];
  const offered = choosing || (hintWays.length > 1 ? hintWays : null);
  const width = window.innerWidth < 500 ? 250 : 640;
  const { rooms, width: w, height: h } = roomsLayout(d, width);
  const label = `Sprouts: ${d.lives.length} spots in ${rooms.length} region${rooms.length === 1 ? "" : "s"}`;
  const svg = svgEl("svg", { class: "drawing spots" + (live ? " live" : ""), viewBox: `-4 -4 ${w + 8} ${h + 8}`, role: "group", "aria-label": label, style: `max-width: ${Math.round((w + 8) * 1.1)}px` });
  const regionsOf = new Map();
  rooms.forEach((room, k) => room.shapes.forEach(({ shape }) => shape.spots.forEach((s) => {
    if (!regionsOf.has(s.spot)) regionsOf.set(s.spot, []);
    if (!regionsOf.get(s.spot).includes(k + 1)) regionsOf.get(s.spot).push(k + 1);
  })));
  rooms.forEach((room, k) => {
    const g = svgEl("g", { class: "room" + (picked !== null && room.shapes.some(({ shape }) => shape.spots.some((s) => s.spot === picked)) ? " active" : "") });
    g.append(svgEl("rect", { x: room.x, y: room.y, width: room.w, height: room.h, rx: 18 }));
    g.append(svgEl("text", { class: "room-name", x: room.x + 12, y: room.y + 18 }, rooms.length > 1 ? `region ${k + 1}` : "one region"));
    for (const { shape, dx, dy } of room.shapes) {
      const [ox, oy] = [room.x + dx, room.y + dy];
      for (const c of shape.curves) {
        g.append(svgEl("path", { class: "line", d: curvePath(c, ox, oy, c.lens ? c.radius * 0.6 : 0) }));
        if (c.lens) g.append(svgEl("path", { class: "line", d: curvePath({ from: c.to, to: c.from }, ox, oy, c.radius * 0.6) }));
      }
      for (const [x, y] of shape.dead) g.append(svgEl("circle", { class: "dead", cx: x + ox, cy: y + oy, r: 4 }));
      for (const s of shape.spots) g.append(spotNode(d, s, ox, oy, { live, i, picked, chosen: sel.items, reach, hintLine, regions: regionsOf.get(s.spot) }));
    }
    svg.append(g);
  });
  const box = el("div", { class: "drawing-box spots-box" }, svg);
  box.append(el("p", { class: "help legend" }, "The dots over a spot are its lives (three less its lines); a small black dot is a dead spot, where three lines meet. Each box is a region: a line joins two spots of one region, or a spot to itself, and its new spot has one life on each side. Spots are numbered afresh after each move."));
  if (offered) box.append(choiceList(offered, i));
  const last = lastMove(i);
  const lastLine = last && lineOfMove(last.move);
  if (lastLine) box.append(el("p", { class: "help last-note" }, `${lastMoveLabel(last.by)}: ${lastLine.words}.`));
  return box;
}

/// One spot: its number, its lives as dots above it, what a click on it does.
function spotNode(d, s, ox, oy, ctx) {
  const [x, y] = [s.x + ox, s.y + oy];
  const lives = d.lives[s.spot - 1];
  const end = !!ctx.hintLine && (ctx.hintLine.from === s.spot || ctx.hintLine.to === s.spot);
  const selected = ctx.chosen.includes(s.spot);
  const hinted = end && !selected;
  const shared = ctx.regions && ctx.regions.length > 1;
  const cls = ["spot", `lives-${lives}`, shared ? "shared" : "", selected ? "selected" : "",
    ctx.reach.includes(s.spot) ? "candidate" : "", hinted ? "hinted" : ""].filter(Boolean).join(" ");
  const node = svgEl("g", { class: cls, "data-spot": String(s.spot) }, svgEl("circle", { cx: x, cy: y, r: SPOT_R }),
    svgEl("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, String(s.spot)));
  for (let k = 0; k < lives; k += 1) node.append(svgEl("circle", { class: "life", cx: x + (k - (lives - 1) / 2) * 7, cy: y - SPOT_R - 6, r: 2.6 }));
  // The hint's loop starts and ends here: a ring for its second click (a click on it is one
  // more click on the spot).
  if (end && ctx.hintLine.from === ctx.hintLine.to) node.append(svgEl("circle", { class: "loop-ring hinted", cx: x, cy: y, r: SPOT_R + 7 }));
  const where = shared ? ` (in regions ${listWords(ctx.regions)})` : "";
  const what = lives === 0 ? "no life left" : `${lives} li${lives === 1 ? "fe" : "ves"} left`;
  const act = ctx.picked === s.spot ? (ctx.reach.includes(s.spot) ? "selected: click it again for a loop, or click another highlighted spot" : "selected: click a highlighted spot")
    : ctx.reach.includes(s.spot) ? `draw a line from spot ${ctx.picked} to it` : lives ? "select it as a line's first end" : "no line can start here";
  asButton(node, `Spot ${s.spot}${where}: ${what}; ${act}` + (hinted ? " (the hint)" : ""), () => spotClicked(s.spot, ctx.i));
  if (!ctx.live) node.setAttribute("tabindex", "-1");
  const mark = (on) => node.ownerSVGElement && node.ownerSVGElement.querySelectorAll(`[data-spot="${s.spot}"]`).forEach((n) => n.classList.toggle("same", on));
  node.addEventListener("pointerenter", () => mark(true));
  node.addEventListener("pointerleave", () => mark(false));
  return node;
}

/// The ways of drawing the chosen line, as buttons in words.
function choiceList(choices, i) {
  const list = el("div", { class: "spot-choices", role: "group", "aria-label": "Ways to draw this line" },
    el("p", { class: "help" }, "This line can be drawn in several ways: which spots lie on each side?"));
  const hinted = lineOfMove(hintedMove(i));
  for (const { line, found } of choices) {
    const b = el("button", { type: "button", class: "move-choice" + (found ? outcomeClass(found.v) : "") + (hinted && hinted.after === line.after ? " hinted" : "") },
      cap(line.words) + valueWords(found));
    b.addEventListener("click", () => { drawingSelection(i).choices = null; drawingSelection(i).items = []; playClick(found, null, i); });
    list.append(b);
  }
  const cancel = el("button", { type: "button", class: "secondary" }, "Cancel");
  cancel.addEventListener("click", () => { const sel = drawingSelection(i); sel.items = []; sel.choices = null; setStatus(state.turnHelp || ""); render(); });
  list.append(cancel);
  return list;
}

function spotClicked(spot, i) {
  if (!isLive()) return;
  const d = spotDrawings.get(state.analysis.components[i].position);
  const sel = drawingSelection(i);
  sel.choices = null;
  const picked = sel.items.length ? sel.items[0] : null;
  if (picked === null || !partners(d, picked).includes(spot)) {
    if (picked === spot) { sel.items = []; setStatus(state.turnHelp || ""); return render(); }
    const reach = partners(d, spot);
    if (!reach.length) {
      setStatus(`Not allowed: no line can start at spot ${spot} (${d.lives[spot - 1]} lives left; a line needs one at each end, a loop two, and another spot in its region with a life).`);
      return;
    }
    sel.items = [spot];
    setStatus((picked !== null ? `Spots ${picked} and ${spot} share no region, so no line joins them. ` : "") + `Selected spot ${spot}: now click ${reach.includes(spot) ? "it again for a loop, or " : ""}one of the spots a line can reach (${listWords(reach.filter((s) => s !== spot))}).`);
    return render();
  }
  const ways = linesBetween(d, picked, spot, i);
  if (ways.length === 1) {
    sel.items = [];
    return playClick(ways[0].found, null, i);
  }
  sel.choices = ways;
  sel.items = [picked, spot];
  setStatus(`The line from spot ${picked} to spot ${spot} can be drawn in ${ways.length} ways: pick one below the drawing.`);
  render();
}

/// A Sprouts option, small: the line that makes it, in words.
function miniSpots(position, option) {
  const d = spotDrawings.get(position);
  const line = d && !d.error ? d.lines.find((l) => l.after === option) : null;
  return line ? el("span", { class: "mini" }, el("span", { class: "mini-words" }, `${cap(line.words)}: ${option}`)) : null;
}

DRAWINGS.spots = {
  drawable: (c) => { const d = spotDrawings.get(c.position); return !!d && !d.error; },
  load: loadSpots,
  draw: (c, live, i = 0) => drawSpots(c, live, i),
  mini: miniSpots,
  words: (m) => { const l = lineOfMove(m); return l ? cap(l.words) : pretty(m.text); },
  noun: "drawing of spots",
  help: "click two spots of one region to join them with a line (a spot twice for a loop); where the line can go several ways, pick one.",
  hintWhere: "The highlighted spots are the ends of this move's line: click them (one twice for a loop), then pick the way in bold if asked.",
};
