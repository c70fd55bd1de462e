// The JSON API, as the pages call it: POST /api/<verb>/<game> with the verb's
// parameters as a JSON object; every answer is the result's JSON document, or
// {"error": "..."} with an HTTP error. While the server is busy or still compiling
// its kernels (503), the call waits as Retry-After says and asks again.
async function eurekaPost(path, params) {
  for (;;) {
    const response = await fetch(path, {
      method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify(params),
    });
    const doc = await exactJson(response);
    if (response.status === 503) {
      showWarming(doc.error);
      await new Promise((done) => setTimeout(done, 1000 * Number(response.headers.get("Retry-After") || 2)));
      continue;
    }
    showWarming(null);
    if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
    return doc;
  }
}

// An answer's JSON with its seed exact: a seed (up to 2**128) past 2**53 would lose
// digits as a number, so it is kept as the digits sent (a string), where the browser
// gives them (JSON.parse's source); a smaller seed stays a number.
async function exactJson(response) {
  return JSON.parse(await response.text(), (key, value, context) =>
    key === "seed" && typeof value === "number" && !Number.isSafeInteger(value)
      && context?.source ? context.source : value);
}

// The seed typed, as the API is sent it: digits go as the number they write, exactly even
// past 2**53 (JSON.rawJSON); anything else as text, for the server to refuse in one line.
function typedSeed(text) {
  if (!/^\d+$/.test(text)) return text;
  const digits = text.replace(/^0+(?=\d)/, "");
  return JSON.rawJSON ? JSON.rawJSON(digits) : Number(digits);
}

function eurekaApi(verb, game, params) {
  return eurekaPost(`/api/${verb}/${game}`, params);
}

// A line at the top of the page while the kernels compile (once, on a fresh install).
function showWarming(message) {
  let note = document.getElementById("warming");
  if (!message) { if (note) note.remove(); return; }
  if (!note) { note = element("p", {id: "warming", class: "warming"}); document.body.prepend(note); }
  note.textContent = message;
}

async function watchWarmUp() {
  for (;;) {
    const status = await (await fetch("/api/status")).json();
    if (status.ready) { showWarming(null); return; }
    showWarming(`warming up: compiling the kernels of ${status.warming.join(", ")}, once`);
    await new Promise((done) => setTimeout(done, 2000));
  }
}
document.addEventListener("DOMContentLoaded", watchWarmUp);

function element(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

function showError(box, error) {
  box.replaceChildren(element("p", {class: "error", id: "error"}, error.message));
}
