// The review page: a Mathable game record reviewed by the API (POST /api/review/mathable,
// schema eureka.mathable.review/1), walked through turn by turn. Two boards show the board
// as it stood, one with the turn played on it, one with the best turn; above them the
// summary per player and each side's chance to win through the game (an SVG drawn here).
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const GRAPH = {height: 220, left: 44, right: 12, top: 28, bottom: 30};   // in pixels
let board = null;           // the board document (/api/board/mathable)
let review = null;          // the review document
let at = 0;                 // the index of the turn shown
let by = "score";           // which best turn is drawn: "score" or "equity"

function say(text, isError = false) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "muted";
}

function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function percent(x) {
  return `${Math.round(100 * x)}%`;
}

// Reviews the record `text` and shows its first turn.
async function reviewRecord(text) {
  if (!text.trim()) { say("Paste a game record first, or open its file.", true); return; }
  say("Reviewing every turn…");
  try {
    review = await eurekaApi("review", "mathable", {record: text});
  } catch (error) { review = null; say(error.message, true); return; }
  if (!review.turns.length) { say(review.illegal || "The record has no turn.", true); return; }
  say(review.illegal ? `The review stops before an illegal placement: ${review.illegal}` : "");
  $("load").open = false;
  $("summary").hidden = $("walk").hidden = false;
  showSummary();
  listTurns();
  show(0);
}

// Fetches the record of the kept game `key` (GET /api/games/KEY) and reviews it.
async function reviewKept(key) {
  say(`Fetching game ${key}…`);
  let doc = {};
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(key)}`);
    doc = await response.json();
    if (!response.ok) { say(doc.error || `HTTP ${response.status}`, true); return; }
  } catch (error) { say(error.message, true); return; }
  if (doc.game && doc.game !== "mathable") { say(`Game ${key} is not a Mathable game.`, true); return; }
  if (typeof doc.record !== "string") {
    say(`Game ${key} is not over: its record, every holder in it, is shown once it ends.`, true);
    return;
  }
  $("text").value = doc.record;
  await reviewRecord(doc.record);
}

function chanceOf(standing, player) {
  return standing && standing.chances ? standing.chances[player] : null;
}

function showSummary() {
  const final = review.final;
  if (final) {
    const [first, second] = Object.entries(final).sort((a, b) => b[1] - a[1]);
    const verdict = second && first[1] === second[1] ? "a draw" : `the winner: ${first[0]}`;
    $("result").textContent = "Final scores: " + Object.entries(final).map(([p, s]) => `${p} ${s}`).join(", ") + ` (${verdict}).`;
  } else {
    $("result").textContent = "The record does not give the tokens left at the end: the game is not over.";
  }
  const columns = ["turns reviewed", "best turns", "points lost", "per turn", "equity lost per turn",
    "costliest turns"];
  const head = element("thead", {}, element("tr", {}, element("th", {scope: "col"}, "player"),
    ...columns.map((h) => element("th", {scope: "col"}, h))));
  const cell = (i, text) => element("td", {"data-label": columns[i]}, text);
  const rows = review.players.map((p) => {
    const costly = cell(5, "");
    for (const c of p.costliest) {
      const shown = `${c.number} (−${c.lost_points})`;    // the name holds the text shown
      const go = element("button", {type: "button", "aria-label": `Turn ${shown}: lost ${plural(c.lost_points, "point")}`},
        shown);
      go.addEventListener("click", () => show(c.number - 1));
      costly.append(go);
    }
    if (!p.costliest.length) costly.textContent = "none lost points";
    return element("tr", {},
      element("th", {scope: "row"}, p.player),
      cell(0, `${p.reviewed}/${p.turns}`),
      cell(1, p.best_by_score_share === null ? "–" : percent(p.best_by_score_share)),
      cell(2, String(p.lost_points)),
      cell(3, p.mean_lost_points === null ? "–" : p.mean_lost_points.toFixed(1)),
      cell(4, p.mean_lost_equity === null ? "–" : p.mean_lost_equity.toFixed(2)),
      costly);
  });
  $("players").replaceChildren(element("caption", {class: "muted"},
    "Best turns: the share of reviewed turns that lost no points."), head,
    element("tbody", {}, ...rows));
}

// The curves of the graph: each player's chance to win (2 players), else each one's score.
function curves() {
  const players = review.players.map((p) => p.player);
  const chances = review.course.some((c) => c.chances);
  const value = chances ? (c, p) => chanceOf(c, p) : (c, p) => c.scores[p];
  const top = chances ? 1 : Math.max(1, ...review.course.flatMap((c) => players.map((p) => c.scores[p])));
  return {chances, top, players, points: players.map((p) => review.course.map((c) => value(c, p)))};
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawGraph() {
  const shape = curves(), n = review.course.length - 1;
  const g = {...GRAPH, width: Math.max(300, Math.min(640, $("graph").clientWidth || 640))};
  $("graph").setAttribute("viewBox", `0 0 ${g.width} ${g.height}`);
  const x = (k) => g.left + (g.width - g.left - g.right) * (n ? k / n : 0);
  const y = (v) => g.height - g.bottom - (g.height - g.top - g.bottom) * v / shape.top;
  const parts = [];
  for (const v of [0, shape.top / 2, shape.top]) {
    parts.push(svg("line", {class: v ? "grid" : "axis", x1: g.left, x2: g.width - g.right, y1: y(v), y2: y(v)}));
    parts.push(svg("text", {x: g.left - 6, y: y(v) + 4, "text-anchor": "end"}, shape.chances ? percent(v) : String(Math.round(v))));
  }
  for (const [k, anchor] of [[0, "start"], [Math.round(n / 2), "middle"], [n, "end"]]) {
    parts.push(svg("text", {x: x(k), y: g.height - 10, "text-anchor": anchor}, k ? `turn ${k}` : "start"));
  }
  shape.points.forEach((values, side) => {
    let run = [];
    const flush = () => {
      if (run.length) parts.push(svg("polyline", {class: `curve side-${side}`, points: run.join(" ")}));
      run = [];
    };
    values.forEach((v, k) => { if (v === null) flush(); else run.push(`${x(k)},${y(v)}`); });
    flush();
    const lx = g.left + 8 + side * Math.min(120, (g.width - g.left - g.right) / shape.players.length);
    parts.push(svg("line", {class: `curve side-${side}`, x1: lx, x2: lx + 28, y1: 12, y2: 12}));
    parts.push(svg("text", {x: lx + 34, y: 16}, shape.players[side]));
  });
  const now = at + 1;
  parts.push(svg("line", {class: "now", x1: x(now), x2: x(now), y1: g.top - 6, y2: g.height - g.bottom}));
  shape.points.forEach((values, side) => {
    if (values[now] !== null) parts.push(svg("circle", {class: `side-${side}`, cx: x(now), cy: y(values[now]), r: 5}));
  });
  $("graph").replaceChildren(...parts);
  $("graph-title").textContent = shape.chances
    ? `Each side's chance to win after every turn (the expert's outlook; ${review.players.map((p, i) => `${p.player} ${["solid", "dashed"][i]}`).join(", ")})`
    : `Each player's score after every turn (no chance to win: ${review.players.length === 2
      ? "the record does not give the holders" : `${review.players.length} players`})`;
  const standing = review.course[now];
  $("graph-now").textContent = `After turn ${now}: ` + shape.players.map((p, i) => {
    const v = shape.points[i][now];
    return `${p} ${v === null ? "unknown" : shape.chances ? percent(v) : v}`;
  }).join(", ") + (standing.bag === null ? "" : `; ${plural(standing.bag, "token")} in the bag`) + ".";
}

function listTurns() {
  $("turns").replaceChildren(...review.turns.map((t, i) => {
    const mark = !t.reviewed ? "–" : t.lost_points ? `−${t.lost_points}` : "✓";
    const what = !t.reviewed ? "not reviewed" : t.lost_points ? `lost ${plural(t.lost_points, "point")}` : "lost no points";
    const shown = `${t.number} ${t.player} ${mark}`;
    const go = element("button", {type: "button", id: `step-${t.number}`, class: t.lost_points ? "costly" : "",
      "aria-label": `Turn ${shown}: ${t.player} ${what}`}, shown);
    go.addEventListener("click", () => show(i));
    return element("li", {}, go);
  }));
}

// Draws the board before turn `t` into `table`, the placements `marked` on it with the
// class `kind` and the words `label` (a placement past `judged` as not judged); the cells'
// ids are `prefix` + the square's name (two boards on the page: ids stay unique).
function drawTurn(table, t, marked, kind, judged, prefix, label) {
  const placed = new Map(marked.map((p, i) => [p.cell, {value: p.value, judged: i < judged}]));
  drawBoard(table, board, (name) => {
    const p = placed.get(name);
    if (p) {
      return p.judged ? {kind: `token ${kind}`, value: p.value, label}
        : {kind: "token review-unjudged", value: p.value, label: "placed after a chance draw, not judged"};
    }
    return t.cells[name] === undefined ? null : {kind: "token", value: t.cells[name]};
  }, null);
  for (const td of table.querySelectorAll("td")) td.id = prefix + td.id.slice(td.id.indexOf("-") + 1);
}

function playedText(t) {
  if (t.action === "exchange") return `${t.player} exchanged: ${t.played}`;
  if (t.action === "pass") return `${t.player} passed`;
  return `${t.player} played ${t.played}: ${plural(t.points, "point")}`;
}

function lostText(t) {
  if (!t.reviewed) return "Not reviewed: the record does not give the holder.";
  const byScore = t.best_by_score;
  const points = t.lost_points
    ? `Lost ${plural(t.lost_points, "point")}: the best turn by score makes ${byScore.points}.`
    : byScore ? "Lost no points: no turn from this holder scores more." : "Nothing could be placed: nothing lost.";
  const equity = t.lost_equity === null
    ? (t.action === "place" ? "" : " The equity lost is not computed: the record does not say which tokens went back.")
    : t.lost_equity ? ` Lost ${t.lost_equity.toFixed(2)} equity against the best by equity.`
    : " Lost no equity against the best by equity.";
  return points + equity;
}

function show(index) {
  at = Math.max(0, Math.min(review.turns.length - 1, index));
  const t = review.turns[at], best = by === "score" ? t.best_by_score : t.best_by_equity;
  const judged = t.placements.length - t.unjudged;
  drawTurn($("board-played"), t, t.placements, "review-played", judged, "cell-", "played this turn");
  drawTurn($("board-best"), t, best ? best.placements : [], "review-best",
    best ? best.placements.length : 0, "best-", `the best turn by ${by}`);
  $("played-caption").textContent = `Played: ${t.action === "place" ? `${t.played} (${plural(t.points, "point")})` : t.played}`;
  $("best-caption").textContent = !t.reviewed ? "Best turn: not reviewed (no holder)"
    : best ? `Best by ${by}: ${best.turn} (${plural(best.points, "point")}, equity ${best.equity.toFixed(2)})`
    : "Best turn: nothing could be placed";
  const holder = t.holder ? ` [${t.holder.join(" ")}]` : "";
  const before = chanceOf(review.course[at], t.player), after = chanceOf(review.course[at + 1], t.player);
  const chance = before === null || after === null ? ""
    : ` Chance to win for ${t.player}: ${percent(before)} before the turn, ${percent(after)} after.`;
  $("turn-title").textContent = `Turn ${t.number} of ${review.turns.length}`;
  $("now").replaceChildren(
    element("p", {id: "now-turn"}, `Turn ${t.number} of ${review.turns.length}: ${t.player}${holder}. ${playedText(t)}.`),
    element("p", {id: "now-lost", class: t.lost_points ? "lost" : ""}, lostText(t) + chance),
    ...(t.why ? [element("p", {id: "now-why"}, t.why)] : []));
  for (const button of $("turns").querySelectorAll("button")) button.removeAttribute("aria-current");
  $(`step-${t.number}`).setAttribute("aria-current", "step");
  $("previous").disabled = at === 0;
  $("next").disabled = at === review.turns.length - 1;
  $("previous-costly").disabled = costly(-1) === null;
  $("next-costly").disabled = costly(1) === null;
  drawGraph();
}

// The index of the nearest turn that lost points in the direction `step` (±1), or null.
function costly(step) {
  for (let i = at + step; i >= 0 && i < review.turns.length; i += step) {
    if (review.turns[i].lost_points) return i;
  }
  return null;
}

// The page's keys (review.html lists them), wherever the focus is but in a text field or
// a list box: on the radio buttons ← → step turns too, ↑ ↓ choose the best turn drawn.
function onKey(event) {
  if (!review || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("textarea, select, input:not([type=radio])")) return;
  const last = review.turns.length - 1;
  const to = {
    ArrowLeft: event.shiftKey ? costly(-1) : at - 1,
    ArrowRight: event.shiftKey ? costly(1) : at + 1,
    Home: 0, End: last,
  }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  if (to !== null && to >= 0 && to <= last) show(to);
}

async function start() {
  board = await (await fetch("/api/board/mathable")).json();
  $("review").addEventListener("click", () => reviewRecord($("text").value));
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (!file) return;
    $("text").value = await file.text();
    await reviewRecord($("text").value);
  });
  $("previous").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", () => show(at + 1));
  $("previous-costly").addEventListener("click", () => { const i = costly(-1); if (i !== null) show(i); });
  $("next-costly").addEventListener("click", () => { const i = costly(1); if (i !== null) show(i); });
  for (const radio of document.querySelectorAll("input[name=by]")) {
    radio.addEventListener("change", () => { by = radio.value; if (review) show(at); });
  }
  document.addEventListener("keydown", onKey);
  window.addEventListener("resize", () => { if (review) drawGraph(); });
  document.body.dataset.ready = "true";
  const key = new URLSearchParams(location.search).get("game");
  if (key) await reviewKept(key);
}

document.addEventListener("DOMContentLoaded", start);
