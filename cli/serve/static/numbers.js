// Cards and a target in; answers (simplest first), hints one level at a time and checks
// out, as the API returns them.
const $ = (id) => document.getElementById(id);
const result = $("result");
let hintLevel = 0;

function hand() {
  const game = $("game").value;
  // Arithmetikus calls its target the Spielzahl and its cards a hand (J: the joker).
  return {game, params: {cards: $("cards").value, target: $("target").value}};
}

function equationsOf(doc) {
  return doc.equations || doc.combinations || [];
}

async function solve() {
  const {game, params} = hand();
  hintLevel = 0;
  try {
    const doc = await eurekaApi("solve", game, {...params, limit: 40});
    const found = equationsOf(doc);
    const count = doc.distinct_equations ?? doc.distinct_combinations ?? found.length;
    const parts = [element("p", {id: "summary"}, found.length
      ? `${count} distinct answer${count === 1 ? "" : "s"}` +
        (doc.most_cards ? `, the most cards ${doc.most_cards}` : "") +
        (doc.difficulty ? `; difficulty ${doc.difficulty.rating} (${doc.difficulty.level})` : "")
      : "No answer makes the target.")];
    const list = element("ol", {id: "answers"});
    for (const e of found) list.append(element("li", {class: "equation"}, `${e.equation} = ${doc.target ?? doc.spielzahl}`));
    for (const e of doc.closest || []) list.append(element("li", {class: "equation muted"}, `closest: ${e.equation} = ${e.value}`));
    parts.push(list);
    if (found.length < count) parts.push(element("p", {class: "muted"}, `the first ${found.length} shown`));
    result.replaceChildren(...parts);
  } catch (error) { showError(result, error); }
}

async function hint() {
  const {game, params} = hand();
  hintLevel = Math.min(hintLevel + 1, 3);
  try {
    const doc = await eurekaApi("hint", game, {...params, level: hintLevel});
    const parts = [element("p", {id: "hint-text"}, `Hint ${hintLevel}: ${doc.hint}`)];
    for (const step of doc.steps || []) parts.push(element("p", {class: "equation"}, step.text || JSON.stringify(step)));
    if (doc.answer) parts.push(element("p", {class: "equation"}, doc.answer.equation));
    if (hintLevel < 3) parts.push(element("p", {class: "muted"}, "Press again for more."));
    result.replaceChildren(...parts);
  } catch (error) { showError(result, error); }
}

async function check() {
  const {game, params} = hand();
  const key = game === "arithmetikus" ? "combination" : "equation";
  try {
    const doc = await eurekaApi("check", game, {...params, [key]: $("claim").value});
    const verdict = doc.verdict || doc;
    const parts = [element("p", {id: "verdict", class: verdict.valid ? "" : "error"}, verdict.reason)];
    if (verdict.better) parts.push(element("p", {class: "equation"}, `better: ${verdict.better.equation}`));
    result.replaceChildren(...parts);
  } catch (error) { showError(result, error); }
}

$("solve").addEventListener("click", solve);
$("hint").addEventListener("click", hint);
$("check").addEventListener("click", check);
for (const id of ["game", "cards", "target"]) $(id).addEventListener("change", () => { hintLevel = 0; });
