// The JSON API, as the pages call it: POST /api/<verb>/<game> with the command's
// options as a JSON object; every answer is the command's --json document, or
// {"error": "..."} with HTTP 400.
async function eurekaApi(verb, game, params) {
  const response = await fetch(`/api/${verb}/${game}`, {
    method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(params),
  });
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.error || `HTTP ${response.status}`);
  return doc;
}

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
