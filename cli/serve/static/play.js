// Mathable against eureka, or friends at one screen: the game's state from
// /api/play/mathable, each person's turn by clicks, taps or keys (play.html lists them).
const $ = (id) => document.getElementById(id);
const KEPT = "eureka.play.mathable";   // localStorage: the ID of the game in play
const BUTTON_KEYS = {p: "play", t: "undo", e: "end", x: "exchange", s: "pass", h: "hint", a: "play-hint"};
let board = null;          // the board document: squares and the printed tokens
let game = null;           // the game's state, as the API answers it
let pending = [];          // the placements this turn, not sent yet: {cell, value, index, draw}
let picked = null;         // the index in the rack of the token picked
let exchanging = false;    // picking tokens to exchange
let chosen = new Set();    // the rack indexes chosen to exchange
let hint = null;           // the hint shown: {placements, points, draw}
let ready = null;          // the person who said they are ready to see their holder
let told = 0;              // the turns already told in the message line

const people = () => game.seats.filter((s) => s.kind === "person").map((s) => s.name);
const covered = () => game && !game.over && people().length > 1 && ready !== game.viewer;
const yours = () => game && !game.over && people().includes(game.to_move) && !covered();
const whoseMove = () => game.over ? "Game over" : game.to_move === "you" ? "Your move" : `${game.to_move} to move`;
const named = (name) => name === "you" ? "You" : name;   // a seat as a sentence starts

function recent() {        // the cells of the others' turns since the viewer's last one
  const cells = new Set();
  for (const turn of [...game.turns].reverse()) {
    if (turn.player === game.viewer) break;
    for (const p of turn.placements.split(" ").filter(Boolean)) cells.add(p.split("=")[0]);
  }
  return cells;
}

function hinted() {        // cell -> value of the hint shown
  const cells = {};
  if (hint) for (const p of hint.placements.split(" ")) { const [cell, value] = p.split("="); cells[cell] = value; }
  return cells;
}

function draw() {
  const focused = document.activeElement?.id;
  const cells = game ? game.cells : board.start, played = game ? recent() : new Set(), hints = hinted();
  drawBoard($("board"), board, (name) => {
    const mine = pending.find((p) => p.cell === name);
    if (mine) return {kind: "new", value: mine.value, label: `pending${mine.draw === false && isRestriction(board, name) ? ", no draw" : ""}`};
    if (cells[name] !== undefined) return played.has(name) ? {kind: "played", value: cells[name], label: "last turn"} : {kind: "token", value: cells[name]};
    if (hints[name] !== undefined) return {kind: "hint", value: hints[name], label: `hint ${hints[name]}`};
    return null;
  }, (td, name) => placeAt(name));
  if (game) {
    drawSeats();
    drawMine();
    $("turns").replaceChildren(...game.turns.map((t, i) => element("li", {id: `played-${i}`}, turnText(t))));
    if (game.over) showEnd();
  }
  if (focused && document.activeElement === document.body) $(focused)?.focus();
}

function drawSeats() {
  const over = game.over, head = element("tr", {}, element("th", {scope: "col"}, "Player"),
    element("th", {scope: "col", class: "num"}, over ? "Points" : "Score"),
    element("th", {scope: "col", class: "num"}, over ? "Left" : "Holds"));
  if (over) head.append(element("th", {scope: "col", class: "num"}, "Final"));
  const rows = game.seats.map((seat) => {
    const name = seat.name + (seat.level ? ` (${seat.level})` : "");
    const row = element("tr", {id: `seat-${seat.name}`}, element("th", {scope: "row"}, name),
      element("td", {class: "num"}, String(seat.score)));
    if (over) {
      const left = game.left[seat.name], lost = left.reduce((a, b) => a + b, 0);
      row.append(element("td", {class: "num"}, left.length ? `${left.join(" ")} (−${lost})` : "none"),
                 element("td", {class: "num"}, String(game.final[seat.name])));
    } else {
      row.append(element("td", {class: "num"}, `${seat.holder} token${seat.holder === 1 ? "" : "s"}`));
      if (seat.name === game.to_move) { row.className = "to-move"; row.setAttribute("aria-current", "true"); }
    }
    return row;
  });
  $("seats").replaceChildren(element("caption", {class: "sr-only"}, "The players"), head, ...rows);
  $("status").textContent = over ? `Game over (${game.end}): ${finalScores()}.`
    : `Bag ${game.bag} · ${whoseMove()}` +
      (game.turn_open ? " · your turn is open after a draw" : "");
}

function finalScores() {
  return game.seats.map((s) => `${s.name} ${game.final[s.name]}`).join(", ");
}

function drawMine() {
  const hide = covered();
  $("cover").hidden = !hide; $("mine").hidden = hide || game.over;
  if (hide) {
    $("cover-name").textContent = `${game.viewer}, ready? Your tokens are hidden until you are.`;
    return;
  }
  $("rack-title").textContent = people().length > 1 ? `${game.viewer}'s tokens` : "Your tokens";
  const used = new Set(pending.map((p) => p.index));
  $("rack").replaceChildren(...game.rack.map((value, i) => {
    const token = element("button", {id: `rack-${i}`, class: "rack-token", "aria-pressed": String(i === picked || chosen.has(i)),
                                     "aria-label": `${value}, token ${i + 1}${used.has(i) ? ", placed" : ""}`}, String(value));
    token.disabled = used.has(i) || game.over;
    token.addEventListener("click", () => pick(i));
    return token;
  }));
  const mine = yours();
  $("play").disabled = !mine || !pending.length;
  $("undo").disabled = !pending.length;
  $("end").disabled = !mine || !game.turn_open || pending.length > 0;
  $("exchange").disabled = !mine || !game.can_exchange || pending.length > 0;
  $("exchange").textContent = exchanging ? `Exchange ${chosen.size || "none"}` : "Exchange";
  $("pass").disabled = !mine || !game.can_pass || pending.length > 0;
  $("hint").disabled = !mine;
  $("play-hint").hidden = !mine || !hint;
  $("unseen").textContent = game.over ? "" : `Unseen: ${game.unseen.length} tokens (the bag and the other holders): ${counted(game.unseen)}`;
}

function counted(values) {  // "0×2 1×7 24": each value with its count
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
  return [...counts].map(([v, n]) => n > 1 ? `${v}×${n}` : String(v)).join(" ");
}

function turnText(t) {
  const shown = !covered() && t.player === game.viewer;      // its own draws and exchanges
  const tokens = (x) => shown && Array.isArray(x) ? x.join(" ")
    : `${Array.isArray(x) ? x.length : x} token${(Array.isArray(x) ? x.length : x) === 1 ? "" : "s"}`;
  const drew = (Array.isArray(t.drawn) ? t.drawn.length : t.drawn) ? `, drew ${tokens(t.drawn)}` : "";
  if (t.placements) return `${t.player}: ${t.placements} (${t.points} points${t.bonus ? `, +${t.bonus} full holder` : ""}${drew})`;
  if (t.exchanged) return `${t.player}: exchanged ${tokens(t.exchanged)}`;
  return `${t.player}: passed`;
}

function say(text) {       // a note, read out by screen readers (the message line is live)
  $("message").replaceChildren(element("span", {id: "note"}, text));
  $("problem").replaceChildren();
}

function complain(text) {  // a refusal or an error, read out at once (role=alert)
  $("problem").replaceChildren(element("span", {id: "error", class: "error"}, text));
}

function pick(i) {
  if (!yours() || i >= game.rack.length || pending.some((p) => p.index === i)) return;
  if (exchanging) { if (chosen.has(i)) chosen.delete(i); else chosen.add(i); }
  else picked = picked === i ? null : i;
  if (!exchanging && picked !== null) say(`${game.rack[i]} picked: choose a square.`);
  draw();
}

function placeAt(name) {
  if (!yours()) return;
  if (picked === null) { say("Pick one of your tokens first (keys 1 to 7)."); return; }
  if (game.cells[name] !== undefined || pending.some((p) => p.cell === name)) { say(`${name} holds a token already.`); return; }
  const placed = {cell: name, value: game.rack[picked], index: picked, draw: false};
  pending.push(placed);
  picked = null; hint = null;
  say(`${placed.value} on ${name}, pending.`);
  draw();
  if (isRestriction(board, name) && game.bag > 0) askDraw(placed);
}

function askDraw(placed) {
  $("draw-why").textContent = `${placed.value} is on ${placed.cell}, a restriction square. Yes: the tokens ` +
    "placed so far are played and a token is drawn at once; your turn stays open. No: go on placing." +
    (game.turn_bonus ? ` The full-holder bonus (${game.turn_bonus} points) needs your holder empty at the end of the turn: a drawn token must be placed too.` : "");
  $("draw-ask").showModal();
  $("draw-yes").focus();
}

function answerDraw(take) {
  $("draw-ask").close();
  if (take === null) { takeBack(pending.length - 1); return; }
  if (take) { pending[pending.length - 1].draw = true; sendTurn(); return; }
  say(`No draw on ${pending[pending.length - 1].cell}: go on placing, or Play.`);
}

function takeBack(i) {     // takes back the pending placement `i` (all of them: none given)
  if (i === undefined) pending = []; else pending.splice(i, 1);
  picked = null;
  say(i === undefined ? "Taken back." : "That token is taken back.");
  draw();
}

function sendTurn() {
  send({turn: pending.map((p) => `${p.cell}=${p.value}`).join(" "), draw: pending.map((p) => p.draw)});
}

async function send(move) {
  const before = game, bots = game.seats.some((s) => s.kind === "bot");
  say(bots ? "eureka is thinking…" : "…");
  try {
    game = await eurekaPost(`/api/play/mathable/${game.id}`, move);
    pending = []; picked = null; exchanging = false; chosen.clear(); hint = null;
    tell(before);
  } catch (error) { complain(error.message); }
  draw();
  if (document.activeElement === document.body || document.activeElement?.disabled) $("board").querySelector("td[tabindex='0']").focus();
}

// The message after a move: the turns played since, the draw of an open turn, whose move.
function tell(before) {
  const news = game.turns.slice(told).map(turnText);
  told = game.turns.length;
  const drawn = game.turn_open ? game.drawn.slice(before.turn_open ? before.drawn.length : 0) : [];
  if (drawn.length) news.push(`${named(game.viewer)} drew ${drawn.join(" ")}: place more, or End turn`);
  if (game.over) news.push(`Game over: ${finalScores()}`);
  else if (!game.turn_open) news.push(whoseMove());
  say(news.join(". ") + ".");
}

async function askHint() {
  try {
    game = await eurekaPost(`/api/play/mathable/${game.id}`, {hint: "score"});
    hint = game.hint;
    if (!hint) say("No placement is possible: exchange, or pass.");
    else {
      const steps = hint.placements.split(" ").map((p, i) => {
        const cell = p.split("=")[0];
        return isRestriction(board, cell) && game.bag > 0 ? `${p} (${hint.draw[i] ? "draw" : "no draw"})` : p;
      });
      say(`Hint: ${steps.join(" ")}, ${hint.points} points. Play the hint (A) plays it so.`);
    }
  } catch (error) { complain(error.message); }
  draw();
}

function playHint() {
  if (!hint) return;
  pending = [];
  send({turn: hint.placements, draw: hint.draw});
}

function exchange() {
  if (!exchanging) { exchanging = true; picked = null; say("Choose the tokens to exchange (click, or keys 1 to 7), then Exchange again."); draw(); return; }
  if (!chosen.size) { exchanging = false; say("No exchange."); draw(); return; }
  send({exchange: [...chosen].map((i) => game.rack[i])});
}

async function showEnd() {
  const box = $("over");
  if (box.dataset.game === game.id) return;
  box.dataset.game = game.id;
  const winners = game.winners;
  const verdict = winners.length > 1 ? `A draw between ${winners.join(" and ")}` : winners[0] === "you" ? "You win" : `${winners[0]} wins`;
  const left = game.seats.filter((s) => game.left[s.name].length)
    .map((s) => `${s.name} kept ${game.left[s.name].join(" ")} (−${game.left[s.name].reduce((a, b) => a + b, 0)})`);
  const seed = /\bseed (\d+)/.exec(game.record.split("\n", 1)[0]);   // exact, unlike game.seed past 2**53
  const link = element("a", {id: "download", download: `mathable-${seed ? seed[1] : game.id}.txt`,
                             href: URL.createObjectURL(new Blob([game.record], {type: "text/plain"}))}, "Download the record");
  const review = element("a", {id: "review-link", href: `/review?game=${encodeURIComponent(game.id)}`}, "Review the game, turn by turn");
  box.replaceChildren(element("p", {id: "final", class: "status"}, `${verdict}: ${finalScores()} (${game.end}).` +
    (left.length ? ` Deducted: ${left.join("; ")}.` : "")), element("p", {}, link, " · ", review));
  try {
    const reviewed = await eurekaApi("review", "mathable", {record: game.record});
    const persons = people();
    const mine = reviewed.turns.filter((t) => persons.includes(t.player) && t.reviewed);
    const better = (t) => t.best_by_score ? `${t.best_by_score.turn} (${t.best_by_score.points})` : "no placement";
    const list = element("ol", {id: "review"}, ...mine.map((t) => element("li", {},
      `${persons.length > 1 ? `${t.player}: ` : ""}${t.played || t.action}: ${t.points} points; best ${better(t)}; lost ${t.lost_points} points` +
      (t.lost_equity === null ? "" : `, ${t.lost_equity} equity`))));
    box.append(element("h2", {}, persons.length > 1 ? "The turns against the best" : "Your turns against the best"), list);
  } catch (error) { box.append(element("p", {class: "error"}, error.message)); }
}

// The seats the form asks for, as the API names them: the people, then the bots.
function chosenSeats() {
  const count = Number($("people").value);
  const names = count === 1 ? ["you"] : [...Array(count).keys()].map((k) => $(`name-${k + 1}`).value.trim() || `player${k + 1}`);
  const levels = [...document.querySelectorAll("select.level")].map((s) => s.value).filter(Boolean);
  const bots = levels.map((level, k) => ({name: levels.length === 1 ? "eureka" : `eureka${k + 1}`, level}));
  return {names, levels, bots};
}

function showSeats() {
  const {names, bots} = chosenSeats(), first = $("first"), was = first.value, count = names.length + bots.length;
  $("names").hidden = names.length === 1;
  first.replaceChildren(element("option", {value: ""}, "by the draw"),
    ...[...names, ...bots.map((b) => b.name)].map((n) => element("option", {value: n}, n)));
  first.value = [...first.options].some((o) => o.value === was) ? was : "";
  const all = [...names, ...bots.map((b) => `${b.name} (${b.level})`)].join(", ");
  $("seats-chosen").textContent = count >= 2 && count <= 4 ? `${count} seats: ${all}.`
    : `Mathable is played by 2 to 4 players, not ${count}: choose people or bots.`;
  $("new").disabled = count < 2 || count > 4;
}

async function newGame() {
  const {names, levels} = chosenSeats(), params = {against: levels.length === 1 ? levels[0] : levels};
  const seed = $("seed").value.trim();
  if (names.length > 1) { params.people = names.length; params.names = names; }
  if (seed) params.seed = typedSeed(seed);
  if ($("first").value) params.first = $("first").value;
  say("Dealing…");
  try {
    begin(await eurekaPost("/api/play/mathable", params));
    say((seed ? `Seed ${seed}. ` : "A new game. ") + startText());
  } catch (error) { complain(error.message); }
  draw();
}

function startText() {
  return [...game.turns.map(turnText), whoseMove()].join(". ") + ".";
}

function begin(state) {    // `state` is the game in play now: kept, its address shown
  game = state;
  pending = []; picked = null; exchanging = false; chosen.clear(); hint = null; ready = null;
  told = game.turns.length;
  $("over").replaceChildren(); delete $("over").dataset.game;
  $("setup").open = false;
  localStorage.setItem(KEPT, game.id);
  history.replaceState(null, "", `/play?game=${encodeURIComponent(game.id)}`);
}

async function resume() {  // the game of the address (?game=ID), else the one kept here
  const id = new URLSearchParams(location.search).get("game") || localStorage.getItem(KEPT);
  if (!id) { $("setup").open = true; return; }
  try {
    const response = await fetch(`/api/play/mathable/${encodeURIComponent(id)}`);
    const doc = await response.json();
    if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
    begin(doc);
    say(`Game resumed. ${whoseMove()}.`);
  } catch (error) {
    localStorage.removeItem(KEPT);
    $("setup").open = true;
    complain(`${error.message}`);
  }
}

function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.target.closest?.("input, select, textarea, summary")) return;
  const key = event.key.toLowerCase();
  if ($("draw-ask").open) {
    if (key === "y" || key === "n") { event.preventDefault(); answerDraw(key === "y"); }
    return;
  }
  if (!game) return;
  const cell = event.target.closest?.("td");
  if (/^[1-9]$/.test(key)) { event.preventDefault(); pick(Number(key) - 1); }
  else if ((key === "delete" || key === "backspace") && cell) {
    const i = pending.findIndex((p) => `cell-${p.cell}` === cell.id);
    if (i >= 0) { event.preventDefault(); takeBack(i); }
  } else if (key === "b") { event.preventDefault(); $("board").querySelector("td[tabindex='0']").focus(); }
  else if (BUTTON_KEYS[key]) {
    const button = $(BUTTON_KEYS[key]);
    if (!button.disabled && !button.hidden && !covered()) { event.preventDefault(); button.click(); }
  }
}

function onRackKey(event) { // ← → move between the tokens
  const step = {ArrowLeft: -1, ArrowRight: 1}[event.key];
  if (!step) return;
  const tokens = [...$("rack").querySelectorAll("button:not(:disabled)")], at = tokens.indexOf(document.activeElement);
  if (at >= 0) { event.preventDefault(); tokens[(at + step + tokens.length) % tokens.length].focus(); }
}

async function start() {
  board = await (await fetch("/api/board/mathable")).json();
  draw();
  $("new").addEventListener("click", newGame);
  for (const input of document.querySelectorAll("#people, select.level, #names input")) input.addEventListener("input", showSeats);
  $("play").addEventListener("click", sendTurn);
  $("undo").addEventListener("click", () => takeBack());
  $("end").addEventListener("click", () => send({end: true}));
  $("exchange").addEventListener("click", exchange);
  $("pass").addEventListener("click", () => send({pass: true}));
  $("hint").addEventListener("click", askHint);
  $("play-hint").addEventListener("click", playHint);
  $("ready").addEventListener("click", () => {
    ready = game.viewer; say(`${game.viewer}'s tokens are shown.`); draw();
    $("board").querySelector("td[tabindex='0']").focus();
  });
  $("draw-yes").addEventListener("click", () => answerDraw(true));
  $("draw-no").addEventListener("click", () => answerDraw(false));
  $("draw-ask").addEventListener("cancel", (event) => { event.preventDefault(); answerDraw(null); });
  $("rack").addEventListener("keydown", onRackKey);
  document.addEventListener("keydown", onKey);
  showSeats();
  await resume();
  draw();
  document.body.dataset.ready = "true";
}
start();
