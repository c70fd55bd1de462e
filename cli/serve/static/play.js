// Mathable against eureka: the game's state from /api/play/mathable, your turn by clicks.
const $ = (id) => document.getElementById(id);
let board = null;          // the board document: squares and the printed tokens
let game = null;           // the game's state, as the API answers it
let pending = [];          // your placements this turn, not sent yet: {cell, value, index}
let picked = null;         // the index in your rack of the token picked
let exchanging = false;    // picking tokens to exchange
let chosen = new Set();    // the rack indexes chosen to exchange
let hinted = {};           // cell -> value of the hint shown

function recent() {        // the cells of the bot's turns since your last one
  const cells = new Set();
  for (const turn of [...game.turns].reverse()) {
    if (turn.player === "you") break;
    for (const p of turn.placements.split(" ").filter(Boolean)) cells.add(p.split("=")[0]);
  }
  return cells;
}

function draw() {
  const cells = game ? game.cells : board.start, played = game ? recent() : new Set();
  drawBoard($("board"), board, (name) => {
    const mine = pending.find((p) => p.cell === name);
    if (mine) return {kind: "new", value: mine.value};
    if (cells[name] !== undefined) return {kind: played.has(name) ? "played" : "token", value: cells[name]};
    if (hinted[name] !== undefined) return {kind: "hint", value: hinted[name]};
    return null;
  }, (td, name) => placeAt(name));
  if (!game) return;
  const used = new Set(pending.map((p) => p.index));
  $("rack").replaceChildren(...game.rack.map((value, i) => {
    const token = element("button", {id: `rack-${i}`, class: "rack-token"}, String(value));
    if (used.has(i)) token.disabled = true;
    if (i === picked || chosen.has(i)) token.classList.add("picked");
    token.addEventListener("click", () => pick(i));
    return token;
  }));
  $("status").textContent = `you ${game.scores.you} · eureka ${game.scores.eureka} · ` +
    `bag ${game.bag} · eureka holds ${game.bot_holder}` + (game.over ? "" : ` · ${game.to_move === "you" ? "your move" : "eureka to move"}`);
  const yours = !game.over && game.to_move === "you";
  $("play").disabled = !yours || !pending.length;
  $("undo").disabled = !pending.length;
  $("end").disabled = !yours || !game.turn_open || pending.length > 0;
  $("exchange").disabled = !yours || game.turn_open || !game.bag || pending.length > 0;
  $("pass").disabled = !yours || game.turn_open || pending.length > 0;
  $("hint").disabled = !yours;
  $("turns").replaceChildren(...game.turns.map((t, i) => element("li", {id: `played-${i}`}, turnText(t))));
  if (game.over) showEnd();
}

function turnText(t) {
  const drew = Array.isArray(t.drawn) ? (t.drawn.length ? `, drew ${t.drawn.join(" ")}` : "")
    : (t.drawn ? `, drew ${t.drawn}` : "");
  if (t.placements) return `${t.player}: ${t.placements} (${t.points} points${t.bonus ? `, +${t.bonus} full holder` : ""}${drew})`;
  if (t.exchanged) return `${t.player}: exchanged ${Array.isArray(t.exchanged) ? t.exchanged.join(" ") : t.exchanged}`;
  return `${t.player}: passed`;
}

function say(text, error = false) {
  $("message").replaceChildren(element("span", {id: error ? "error" : "note", class: error ? "error" : "muted"}, text));
}

function pick(i) {
  if (exchanging) { if (chosen.has(i)) chosen.delete(i); else chosen.add(i); }
  else picked = picked === i ? null : i;
  draw();
}

function placeAt(name) {
  if (picked === null || game.cells[name] !== undefined || pending.some((p) => p.cell === name)) return;
  pending.push({cell: name, value: game.rack[picked], index: picked});
  picked = null; hinted = {};
  draw();
}

async function send(move) {
  say("eureka is thinking…");
  try {
    game = await eurekaPost(`/api/play/mathable/${game.id}`, move);
    pending = []; picked = null; exchanging = false; chosen.clear(); hinted = {};
    say("");
  } catch (error) { say(error.message, true); }
  draw();
}

async function hint() {
  try {
    game = await eurekaPost(`/api/play/mathable/${game.id}`, {hint: "score"});
    hinted = {};
    if (!game.hint) { say("No placement is possible: exchange, or pass."); draw(); return; }
    for (const p of game.hint.placements.split(" ")) { const [cell, value] = p.split("="); hinted[cell] = value; }
    say(`Hint: ${game.hint.placements} (${game.hint.points} points)`);
  } catch (error) { say(error.message, true); }
  draw();
}

function exchange() {
  if (!exchanging) { exchanging = true; picked = null; say("Click the tokens to exchange, then Exchange again."); draw(); return; }
  if (!chosen.size) { exchanging = false; say(""); draw(); return; }
  send({exchange: [...chosen].map((i) => game.rack[i])});
}

async function showEnd() {
  const box = $("over");
  if (box.dataset.game === game.id) return;
  box.dataset.game = game.id;
  const you = game.final.you, bot = game.final.eureka;
  const verdict = you > bot ? "You win" : bot > you ? "eureka wins" : "A draw";
  const link = element("a", {id: "download", download: `mathable-${game.seed}.txt`,
                             href: URL.createObjectURL(new Blob([game.record], {type: "text/plain"}))}, "Download the record");
  box.replaceChildren(element("p", {id: "final"}, `${verdict}: you ${you}, eureka ${bot} (${game.end}).`), link);
  try {
    const review = await eurekaApi("review", "mathable", {record: game.record});
    const mine = review.turns.filter((t) => t.player === "you" && t.reviewed);
    const best = (t) => t.best_by_score ? `${t.best_by_score.turn} (${t.best_by_score.points})` : "no placement";
    const list = element("ol", {id: "review"}, ...mine.map((t) => element("li", {},
      `${t.played || t.action}: ${t.points} points; best ${best(t)}; lost ${t.lost_points} points` +
      (t.lost_equity === null ? "" : `, ${t.lost_equity} equity`))));
    box.append(element("h2", {}, "Your turns against the best"), list);
  } catch (error) { box.append(element("p", {class: "error"}, error.message)); }
}

async function newGame() {
  const params = {against: $("level").value};
  if ($("seed").value.trim()) params.seed = Number($("seed").value.trim());
  if ($("first").value) params.first = $("first").value;
  try {
    game = await eurekaPost("/api/play/mathable", params);
    pending = []; picked = null; exchanging = false; chosen.clear(); hinted = {};
    $("over").replaceChildren(); delete $("over").dataset.game;
    say(game.seed === null ? "A new game." : `Seed ${game.seed}.`);
  } catch (error) { say(error.message, true); }
  draw();
}

async function start() {
  board = await (await fetch("/api/board/mathable")).json();
  draw();
  $("new").addEventListener("click", newGame);
  $("play").addEventListener("click", () => send({turn: pending.map((p) => `${p.cell}=${p.value}`).join(" ")}));
  $("undo").addEventListener("click", () => { pending = []; picked = null; draw(); });
  $("end").addEventListener("click", () => send({end: true}));
  $("exchange").addEventListener("click", exchange);
  $("pass").addEventListener("click", () => send({pass: true}));
  $("hint").addEventListener("click", hint);
  document.body.dataset.ready = "true";
}
start();
