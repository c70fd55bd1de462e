// The games page: the kept games (GET /api/games), the last played first. An
// unfinished game has Resume (its page, ?game=ID); a finished one Download (its
// record, GET /api/games/ID: a Mathable game's text record, a race's final state as
// JSON) and, for Mathable, Review (/review?game=ID).
const PAGES = {mathable: "/play", pitagoras: "/race"};
const NAMES = {mathable: "Mathable", pitagoras: "Pitagoras race"};

function $(id) { return document.getElementById(id); }

function when(iso) {
  return new Date(iso).toLocaleString([], {dateStyle: "medium", timeStyle: "short"});
}

// Saves the record of the finished game `game` as a file.
async function download(game) {
  const response = await fetch(`/api/games/${encodeURIComponent(game.id)}`);
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
  const text = typeof doc.record === "string" ? doc.record : JSON.stringify(doc, null, 2);
  const kind = typeof doc.record === "string" ? ["text/plain", "txt"] : ["application/json", "json"];
  const url = URL.createObjectURL(new Blob([text], {type: kind[0]}));
  const link = element("a", {href: url, download: `eureka-${game.game}-${game.id}.${kind[1]}`});
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function row(game) {
  const what = `the ${NAMES[game.game]} game against ${game.opponent}, last played ${when(game.updated)}`;
  const actions = element("td", {class: "actions", "data-label": "Go on"});
  if (!game.over) {
    actions.append(element("a", {href: `${PAGES[game.game]}?game=${encodeURIComponent(game.id)}`,
      class: "resume", "aria-label": `Resume ${what}`}, "Resume"));
  } else {
    if (game.game === "mathable") {
      actions.append(element("a", {href: `/review?game=${encodeURIComponent(game.id)}`,
        class: "review", "aria-label": `Review ${what}`}, "Review"));
    }
    const save = element("button", {type: "button", class: "download", "aria-label": `Download the record of ${what}`}, "Download");
    save.addEventListener("click", () => download(game).catch((error) => say(error.message, true)));
    actions.append(save);
  }
  const result = element("td", {"data-label": "Result", class: game.over ? "" : "unfinished"},
    game.result || "unfinished");
  return element("tr", {id: `game-${game.id}`, "data-game": game.game},
    element("td", {"data-label": "Last played"}, element("time", {datetime: game.updated}, when(game.updated))),
    element("td", {"data-label": "Game"}, NAMES[game.game] || game.game),
    element("td", {"data-label": "Opponent"}, game.opponent),
    result, actions);
}

function say(text, isError = false) {
  $("message").textContent = text;
  $("message").className = isError ? "error" : "muted";
}

async function start() {
  try {
    const response = await fetch("/api/games");
    const doc = await response.json();
    if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
    $("rows").replaceChildren(...doc.games.map(row));
    $("games").hidden = !doc.games.length;
    say(doc.games.length ? "" : "No game yet: play one on the Play page or the race, or in the terminal (eureka play mathable).");
  } catch (error) {
    say(error.message, true);
  }
  document.body.dataset.ready = "true";
}

document.addEventListener("DOMContentLoaded", start);
