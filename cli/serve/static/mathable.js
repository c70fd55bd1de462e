// The Mathable board: tokens entered by clicking, the answers of the API drawn on it.
const $ = (id) => document.getElementById(id);
let board = null;          // the board document: squares and the printed tokens
let tokens = {};           // cell -> value, the tokens placed besides the printed ones
let shown = {};            // cell -> class: the answer drawn on the board
let record = null;         // a loaded game record: {score, review, at}

function draw() {
  drawBoard($("board"), board, (name, printed) => {
    if (shown[name]) return shown[name];
    const value = tokens[name] ?? printed;
    return value === undefined ? null : {kind: "token", value};
  }, edit);
}

function edit(td, name) {
  if (td.querySelector("input")) return;
  const input = element("input", {type: "text", inputmode: "numeric", "aria-label": name});
  input.value = tokens[name] ?? "";
  td.replaceChildren(input);
  input.focus();
  input.select();                        // typing replaces the token there
  let done = false;
  const commit = (keep) => {
    if (done) return; done = true;
    const text = input.value.trim();
    if (keep && text === "") delete tokens[name];
    else if (keep && /^\d+$/.test(text)) tokens[name] = Number(text);
    shown = {};
    draw();
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") commit(true); else if (e.key === "Escape") commit(false);
  });
  input.addEventListener("blur", () => commit(true));
}

function positionParams() {
  const params = {};
  if (Object.keys(tokens).length) params.position = JSON.stringify({cells: tokens});
  if ($("rack").value.trim()) params.cards = $("rack").value;
  return params;
}

function showTurn(turn, kind = "new") {
  shown = {};
  for (const p of turn.placements || []) shown[p.cell] = {kind, value: p.value};
  draw();
}

function turnBox(turn, index, onPick) {
  const box = element("div", {class: "turn", id: `turn-${index}`});
  box.append(element("strong", {}, `${turn.turn}: ${turn.points + (turn.bonus || 0)} points`),
             turn.equity !== undefined ? element("span", {class: "muted"}, ` (equity ${turn.equity})`) : "");
  const list = element("ol");
  for (const p of turn.placements || []) {
    const eqs = (p.equations || []).map((e) => e.equation).join("; ");
    list.append(element("li", {class: "equation"}, `${p.cell} = ${p.value}: ${p.points} point${p.points === 1 ? "" : "s"}, ${eqs}`));
  }
  box.append(list);
  if (onPick) box.addEventListener("click", () => onPick(box));
  return box;
}

async function bestTurns(by, limit) {
  const result = $("result");
  try {
    const doc = await eurekaApi("solve", "mathable", {...positionParams(), by, limit});
    if (!doc.turns.length) { result.replaceChildren(element("p", {id: "summary"}, "No legal turn: the rack can place nothing.")); return; }
    const boxes = doc.turns.map((t, i) => turnBox(t, i, (box) => {
      for (const b of boxes) b.classList.remove("chosen");
      box.classList.add("chosen"); showTurn(t);
    }));
    boxes[0].classList.add("chosen");
    result.replaceChildren(element("p", {id: "summary"}, `The best ${doc.turns.length === 1 ? "turn" : doc.turns.length + " turns"} by ${doc.by}:`), ...boxes);
    showTurn(doc.turns[0]);
  } catch (error) { showError(result, error); }
}

async function checkTurn() {
  const result = $("result");
  try {
    const doc = await eurekaApi("check", "mathable", {...positionParams(), claim: $("claim").value});
    const parts = [element("p", {id: "verdict", class: doc.valid ? "" : "error"}, doc.reason)];
    if (doc.turn) { parts.push(turnBox(doc.turn, "claimed")); showTurn(doc.turn, "played"); }
    if (doc.better_exists && doc.best) parts.push(element("p", {}, "A better turn:"), turnBox(doc.best, "best"));
    result.replaceChildren(...parts);
  } catch (error) { showError(result, error); }
}

async function loadPosition() {
  try {
    const doc = await eurekaPost("/api/position/mathable", {text: $("text").value});
    tokens = doc.cells; shown = {}; record = null;
    if (doc.rack.length) $("rack").value = doc.rack.join(" ");
    $("record").replaceChildren(); draw();
  } catch (error) { showError($("result"), error); }
}

async function loadRecord() {
  const params = {record: $("text").value};
  try {
    const score = await eurekaApi("score", "mathable", params);
    let review = null;
    try { review = await eurekaApi("review", "mathable", {record: $("text").value}); }
    catch (error) { review = null; }      // a record without holders has no review
    record = {score, review, at: 0};
    step(0);
  } catch (error) { showError($("record"), error); }
}

function step(by) {
  if (!record) return;
  const turns = record.score.turns;
  record.at = Math.max(0, Math.min(turns.length, record.at + by));
  tokens = {};
  for (const t of turns.slice(0, record.at)) for (const p of t.placements || []) tokens[p.cell] = p.value;
  shown = {};
  const box = $("record");
  if (record.at === 0) {
    draw();
    box.replaceChildren(element("p", {id: "record-at"}, `${turns.length} turns: ▶ steps through them.`));
    return;
  }
  const turn = turns[record.at - 1];
  for (const p of turn.placements || []) shown[p.cell] = {kind: "played", value: p.value};
  draw();
  const parts = [element("p", {id: "record-at"}, `Turn ${record.at} of ${turns.length}: ${turn.player} ${turn.action === "place" ? turn.turn : turn.action}, ${turn.points} points`)];
  const reviewed = record.review && record.review.turns.find((t) => t.number === turn.number);
  if (reviewed && reviewed.reviewed) {
    parts.push(element("p", {}, `Best by score: ${reviewed.best_by_score.turn} (${reviewed.best_by_score.points}); by equity: ${reviewed.best_by_equity.turn}. Lost: ${reviewed.lost_points} points, ${reviewed.lost_equity} equity.`));
  }
  box.replaceChildren(...parts);
}

async function start() {
  const response = await fetch("/api/board/mathable");
  board = await response.json();
  draw();
  $("best").addEventListener("click", () => bestTurns("score", 1));
  $("equity").addEventListener("click", () => bestTurns("equity", 1));
  $("topk").addEventListener("click", () => bestTurns("score", Number($("top").value) || 5));
  $("check").addEventListener("click", checkTurn);
  $("clear").addEventListener("click", () => { tokens = {}; shown = {}; record = null; draw(); });
  $("load-position").addEventListener("click", loadPosition);
  $("load-record").addEventListener("click", loadRecord);
  $("back").addEventListener("click", () => step(-1));
  $("forward").addEventListener("click", () => step(1));
  document.body.dataset.ready = "true";
}
start();
