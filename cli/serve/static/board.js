// The Mathable board as a table, shared by the pages: the squares' marks, and whatever
// each page paints on a cell (a token, a turn shown, a placement pending).
const SQUARE_CLASS = {"+": "sq-add", "-": "sq-sub", "*": "sq-mul", "/": "sq-div", "2X": "sq-2X", "3X": "sq-3X"};
const SQUARE_MARK = {"+": "+", "-": "−", "*": "×", "/": "÷", "2X": "2×", "3X": "3×", ".": ""};

// Draws the board document `board` into `table`. paint(name, printed) gives what a cell
// shows, {kind, value} (kind: its class), or null for the square's mark; onClick(td,
// name) is called when a cell without a printed token is clicked.
function drawBoard(table, board, paint, onClick) {
  const head = element("tr", {}, element("th"));
  for (const letter of board.columns) head.append(element("th", {}, letter));
  const rows = [head];
  for (let r = 0; r < board.size; r++) {
    const row = element("tr", {}, element("th", {}, String(r + 1)));
    for (let c = 0; c < board.size; c++) {
      const name = board.columns[c] + (r + 1), kind = board.squares[r][c];
      const printed = board.start[name], shown = paint(name, printed);
      const td = element("td", {id: `cell-${name}`, title: name});
      if (shown) {
        td.className = shown.kind; td.textContent = shown.value;
      } else {
        td.className = SQUARE_CLASS[kind] || "";
        td.append(element("span", {class: "mark"}, SQUARE_MARK[kind] ?? ""));
      }
      if (printed === undefined && onClick) td.addEventListener("click", () => onClick(td, name));
      row.append(td);
    }
    rows.push(row);
  }
  table.replaceChildren(...rows);
}
