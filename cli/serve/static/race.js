// A Pitagoras race against eureka: the race's state from /api/play/pitagoras, a clock
// kept from the state's seconds since the deal, the bot's shout seen by asking again.
// Every answer names the deal it answers: the deal on the page when you began typing it,
// or the one eureka took, when you began within race.reaction seconds of its shout (you
// had not seen the next deal yet). An answer to a deal taken is too late, not judged.
const $ = (id) => document.getElementById(id);
const KEPT = "eureka.play.pitagoras";   // localStorage: the ID of the race in play
let race = null;           // the race's state, as the API answers it
let shownAt = 0;           // performance.now() at the deal shown, by the state's elapsed
let seenAt = 0;            // performance.now() when this page first showed the deal
let begun = null;          // the deal the answer being typed answers (its first keystroke)
let asking = false;

function take(state) {
  const fresh = !race || race.id !== state.id || state.deal !== race.deal;
  race = state;
  if (fresh) { shownAt = performance.now() - 1000 * state.elapsed; seenAt = performance.now(); }
  draw();
}

function cards(n) { return `${n} card${n === 1 ? "" : "s"}`; }

function lastTaker() {
  const taken = race.turns.filter((t) => t.right);
  return taken.length ? taken[taken.length - 1].player : null;
}

// The deal an answer begun now answers: the one on the page, unless eureka took the one
// before less than race.reaction seconds ago.
function dealNow() {
  const justTaken = race.deal > 1 && lastTaker() === "eureka"
    && performance.now() - seenAt < 1000 * race.reaction;
  return justTaken ? race.deal - 1 : race.deal;
}

function turnText(t) {
  if (t.late) return `you: ${t.equation}: too late, ${t.taken_by === "you" ? "you" : "eureka"} took deal ${t.deal} first (not judged)`;
  if (t.right) return `${t.player === "you" ? "you" : "eureka: Eureka!"} ${t.equation} after ${t.seconds.toFixed(1)} s: takes ${t.cards.join(" ")}`;
  return `you: ${t.equation}: wrong (${t.why}); eureka takes ${t.penalty} hidden card${t.penalty === 1 ? "" : "s"}`;
}

function piles() { return `you ${cards(race.piles.you)}, eureka ${cards(race.piles.eureka)}`; }

function draw() {
  const table = race.cards.map((c, i) => element("span", {class: "card", id: `card-${i}`}, String(c)));
  if (race.over) {
    $("table").replaceChildren(element("span", {class: "muted"}, race.cards.length ? "Left on the table:" : "No card left on the table."), ...table);
  } else {
    $("table").replaceChildren(...table, element("span", {class: "dice", id: "dice"}, `${race.dice[0]} + ${race.dice[1]} = ${race.target}`));
  }
  $("piles").textContent = `${race.over ? "Game over" : `Deal ${race.deal}`} · ${piles()} · deck ${race.deck}`;
  $("shouts").replaceChildren(...race.turns.map((t, i) => element("li", {id: `shout-${i}`}, turnText(t))));
  $("shout").disabled = race.over;
  if (race.over) {
    $("clock").textContent = "";
    const verdict = race.winner === "you" ? "you win" : race.winner === "eureka" ? "eureka wins" : "nobody wins";
    const tie = race.winner && race.piles.you === race.piles.eureka ? " (a tie goes to the last right answer)" : "";
    $("message").replaceChildren(element("strong", {id: "final"}, `Game over: ${piles()}: ${verdict}${tie}; seed ${race.seed}.`),
      element("span", {class: "muted"}, ` Left over: ${cards(race.cards.length)} on the table, ${race.deck} in the deck.`));
  }
}

function say(id, kind, text) { $("message").replaceChildren(element("span", {id, class: kind}, text)); }

function tick() {
  if (race && !race.over) $("clock").textContent = `${((performance.now() - shownAt) / 1000).toFixed(1)} s`;
}

async function look() {
  if (!race || race.over || asking) return;
  asking = true;
  try {
    const state = await exactJson(await fetch(`/api/play/pitagoras/${encodeURIComponent(race.id)}`));
    if (!state.schema) return;
    const fresh = state.turns.slice(race.turns.length).filter((t) => t.player === "eureka");
    if (fresh.length) say("note", "muted", turnText(fresh[fresh.length - 1]));
    take(state);
  } finally { asking = false; }
}

async function shout() {
  const text = $("answer").value.trim();
  if (!text || !race || race.over) return;
  const deal = begun ?? dealNow();
  try {
    const state = await eurekaPost(`/api/play/pitagoras/${encodeURIComponent(race.id)}`, {shout: text, deal});
    const last = state.turns[state.turns.length - 1];
    if (state.unkept > race.unkept) say("error", "error", `you: ${text}: changes nothing (too late, or wrong with the deck out): counted, not kept (${state.unkept} so far)`);
    else if (last.late) say("late", "muted", turnText(last));
    else if (last.right) say("note", "muted", turnText(last));
    else say("error", "error", turnText(last));
    $("answer").value = "";
    begun = null;
    take(state);
  } catch (error) { say("error", "error", error.message); }
}

function begin(state) {    // `state` is the race in play now: kept, its address shown
  race = null;
  begun = null;
  take(state);
  localStorage.setItem(KEPT, race.id);
  history.replaceState(null, "", `/race?game=${encodeURIComponent(race.id)}`);
}

async function newRace() {
  const params = {against: $("level").value, die: $("die").value};
  if ($("seed").value.trim()) params.seed = typedSeed($("seed").value.trim());
  try {
    begin(await eurekaPost("/api/play/pitagoras", params));
    say("started", "muted", race.seed === null ? "A new race." : `Seed ${race.seed}.`);
    $("answer").focus();
  } catch (error) { say("error", "error", error.message); }
}

async function resume() {  // the race of the address (?game=ID), else the one kept here
  const id = new URLSearchParams(location.search).get("game") || localStorage.getItem(KEPT);
  if (!id) return;
  try {
    const response = await fetch(`/api/play/pitagoras/${encodeURIComponent(id)}`);
    const doc = await exactJson(response);
    if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
    begin(doc);
    if (!race.over) say("started", "muted", `Race resumed at deal ${race.deal}.`);
  } catch (error) {
    localStorage.removeItem(KEPT);
    say("error", "error", error.message);
  }
}

function typed() {         // the first keystroke of an answer fixes the deal it answers
  if (!$("answer").value) begun = null;
  else if (begun === null && race && !race.over) begun = dealNow();
}

function start() {
  $("new").addEventListener("click", newRace);
  $("shout").addEventListener("click", shout);
  $("answer").addEventListener("input", typed);
  $("answer").addEventListener("keydown", (e) => { if (e.key === "Enter") shout(); });
  setInterval(tick, 100);
  setInterval(look, 1000);
  resume().finally(() => { document.body.dataset.ready = "true"; });
}
start();
