// The Mathable board as a grid, shared by the pages: the squares' marks, and whatever
// each page paints on a cell (a token, a turn shown, a placement pending). The grid is
// built once and then repainted in place, so the square with the focus keeps it; one
// square at a time is in the Tab order (roving tabindex) and the arrow keys move it.
const SQUARE_CLASS = {"+": "sq-add", "-": "sq-sub", "*": "sq-mul", "/": "sq-div", "2X": "sq-2X", "3X": "sq-3X"};
const SQUARE_MARK = {"+": "+", "-": "−", "*": "×", "/": "÷", "2X": "2×", "3X": "3×", ".": ""};
const SQUARE_NAME = {"+": "+ restriction", "-": "− restriction", "*": "× restriction",
                     "/": "÷ restriction", "2X": "2× award", "3X": "3× award"};

// Whether the square `name` of `board` is a restriction square (+ − × ÷).
function isRestriction(board, name) {
  const c = board.columns.indexOf(name[0]), r = Number(name.slice(1)) - 1;
  return ["+", "-", "*", "/"].includes(board.squares[r][c]);
}

// Draws the board document `board` into `table`. paint(name, printed) gives what a cell
// shows, {kind, value, label} (kind: its class; label: words a screen reader adds), or
// null for the square's mark; onClick(td, name) is called when a cell without a printed
// token is clicked, or has the focus when Enter or Space is pressed.
function drawBoard(table, board, paint, onClick) {
  if (!table.querySelector("td")) buildBoard(table, board);
  table.onCell = onClick;
  const focused = document.activeElement, cellId = table.contains(focused) ? focused.closest("td")?.id : null;
  for (let r = 0; r < board.size; r++) {
    for (let c = 0; c < board.size; c++) {
      const name = board.columns[c] + (r + 1), kind = board.squares[r][c];
      const printed = board.start[name], shown = paint(name, printed);
      const td = table.rows[r + 1].cells[c + 1];
      const words = [name];
      if (shown && shown.kind !== "hint") {
        td.className = shown.kind; td.textContent = shown.value; words.push(String(shown.value));
      } else {
        td.className = SQUARE_CLASS[kind] || "";
        words.push("empty");
        if (SQUARE_NAME[kind]) words.push(SQUARE_NAME[kind]);
        if (shown) { td.classList.add(shown.kind); td.textContent = shown.value; }
        else td.replaceChildren(element("span", {class: "mark", "aria-hidden": "true"}, SQUARE_MARK[kind] ?? ""));
      }
      if (shown && shown.label) words.push(shown.label);
      td.setAttribute("aria-label", words.join(", "));
    }
  }
  if (cellId && !table.contains(document.activeElement)) document.getElementById(cellId)?.focus();
}

// The grid's rows, headers and cells, once: clicks and keys handled on the table.
function buildBoard(table, board) {
  table.setAttribute("role", "grid");
  const head = element("tr", {}, element("th", {scope: "col"}, element("span", {class: "sr-only"}, "row")));
  for (const letter of board.columns) head.append(element("th", {scope: "col"}, letter));
  const rows = [head];
  for (let r = 0; r < board.size; r++) {
    const row = element("tr", {}, element("th", {scope: "row"}, String(r + 1)));
    for (let c = 0; c < board.size; c++) {
      row.append(element("td", {id: `cell-${board.columns[c]}${r + 1}`, tabindex: "-1"}));
    }
    rows.push(row);
  }
  table.replaceChildren(...rows);
  moveCursor(table, table.rows[7].cells[7], false);
  const act = (td) => {
    const name = td.id.slice(5);
    if (board.start[name] === undefined && table.onCell) table.onCell(td, name);
  };
  table.addEventListener("click", (event) => {
    const td = event.target.closest("td");
    if (!td || !table.contains(td)) return;
    moveCursor(table, td, false);
    act(td);
  });
  table.addEventListener("keydown", (event) => {
    const td = event.target.closest("td");
    if (!td || event.target !== td || event.altKey || event.ctrlKey || event.metaKey) return;
    const r = td.parentElement.rowIndex, c = td.cellIndex, n = board.size;
    const to = {ArrowUp: [r - 1, c], ArrowDown: [r + 1, c], ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1],
                Home: [r, 1], End: [r, n], PageUp: [1, c], PageDown: [n, c]}[event.key];
    if (to) {
      event.preventDefault();
      const [row, col] = [Math.min(n, Math.max(1, to[0])), Math.min(n, Math.max(1, to[1]))];
      moveCursor(table, table.rows[row].cells[col], true);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(td);
    }
  });
}

// Makes `td` the one square in the Tab order (and focuses it when `focus`).
function moveCursor(table, td, focus) {
  for (const cell of table.querySelectorAll("td[tabindex='0']")) cell.tabIndex = -1;
  td.tabIndex = 0;
  if (focus) td.focus();
}
