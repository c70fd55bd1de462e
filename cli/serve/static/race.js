// A Pitagoras race against eureka: the race's state from /api/play/pitagoras, a clock
// kept from the state's seconds since the deal, the bot's shout seen by asking again.
const $ = (id) => document.getElementById(id);
let race = null;           // the race's state, as the API answers it
let shownAt = 0;           // performance.now() at the deal shown, by the state's elapsed
let asking = false;

function take(state) {
  const fresh = !race || state.turns.length !== race.turns.length || state.target !== race.target
    || state.cards.join() !== race.cards.join();
  race = state;
  if (fresh) shownAt = performance.now() - 1000 * state.elapsed;
  draw();
}

function turnText(t) {
  if (t.right) return `${t.player === "you" ? "you" : "eureka: Eureka!"} ${t.equation} after ${t.seconds.toFixed(1)} s: takes ${t.cards.join(" ")}`;
  return `you: ${t.equation}: wrong (${t.why}); eureka takes ${t.penalty} hidden card${t.penalty === 1 ? "" : "s"}`;
}

function draw() {
  $("table").replaceChildren(...race.cards.map((c, i) => element("span", {class: "card", id: `card-${i}`}, String(c))),
    element("span", {class: "dice", id: "dice"}, `${race.dice[0]} + ${race.dice[1]} = ${race.target}`));
  $("piles").textContent = `you ${race.piles.you} · eureka ${race.piles.eureka} · deck ${race.deck}`;
  $("shouts").replaceChildren(...race.turns.map((t, i) => element("li", {id: `shout-${i}`}, turnText(t))));
  $("shout").disabled = race.over;
  if (race.over) {
    $("clock").textContent = "";
    const verdict = race.winner === "you" ? "You win" : race.winner === "eureka" ? "eureka wins" : "Nobody wins";
    $("message").replaceChildren(element("strong", {id: "final"}, `${verdict}: you ${race.piles.you} cards, eureka ${race.piles.eureka} (seed ${race.seed}).`));
  }
}

function tick() {
  if (race && !race.over) $("clock").textContent = `${((performance.now() - shownAt) / 1000).toFixed(1)} s`;
}

async function look() {
  if (!race || race.over || asking) return;
  asking = true;
  try {
    const state = await (await fetch(`/api/play/pitagoras/${race.id}`)).json();
    if (state.turns && state.turns.length > race.turns.length) {
      const last = state.turns[state.turns.length - 1];
      if (last.player === "eureka") $("message").replaceChildren(element("span", {id: "note", class: "muted"}, turnText(last)));
    }
    if (state.schema) take(state);
  } finally { asking = false; }
}

async function shout() {
  const text = $("answer").value.trim();
  if (!text || !race || race.over) return;
  try {
    const state = await eurekaPost(`/api/play/pitagoras/${race.id}`, {shout: text});
    const last = state.turns[state.turns.length - 1];
    $("message").replaceChildren(element("span", {id: last.right && last.player === "you" ? "note" : "error",
      class: last.right && last.player === "you" ? "muted" : "error"}, turnText(last)));
    $("answer").value = "";
    take(state);
  } catch (error) { $("message").replaceChildren(element("span", {id: "error", class: "error"}, error.message)); }
}

async function newRace() {
  const params = {against: $("level").value, die: $("die").value};
  if ($("seed").value.trim()) params.seed = Number($("seed").value.trim());
  try {
    race = null;
    take(await eurekaPost("/api/play/pitagoras", params));
    $("message").replaceChildren(element("span", {class: "muted"}, race.seed === null ? "A new race." : `Seed ${race.seed}.`));
    $("answer").focus();
  } catch (error) { $("message").replaceChildren(element("span", {id: "error", class: "error"}, error.message)); }
}

function start() {
  $("new").addEventListener("click", newRace);
  $("shout").addEventListener("click", shout);
  $("answer").addEventListener("keydown", (e) => { if (e.key === "Enter") shout(); });
  setInterval(tick, 100);
  setInterval(look, 1000);
  document.body.dataset.ready = "true";
}
start();
