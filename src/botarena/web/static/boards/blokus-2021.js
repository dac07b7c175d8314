// Blokus 2021: 20×20, four colours, the pieces each colour has left.
import { child, children, clear, shape, text } from "/static/boards/common.js";
import { pickFromTray } from "/static/boards/blokus-tray.js";

const CELL = 24;
const SIZE = 20;
const MARGIN = CELL; // the coordinates: column numbers above, row numbers left
export const COLORS = { BLUE: "#36c", YELLOW: "#eb3", RED: "#d33", GREEN: "#3a4" };
const ORDER = ["BLUE", "YELLOW", "RED", "GREEN"]; // the turn order

// Coordinates as `botarena play` prints them: x = 0..19 left to right, y = 0..19 top down.
export function draw(svg, state, previous) {
  clear(svg, MARGIN + CELL * SIZE + 2, MARGIN + CELL * SIZE + 2);
  for (let i = 0; i < SIZE; i++) {
    text(svg, MARGIN + i * CELL + CELL / 2 + 1, MARGIN - 7, String(i), { "font-size": 10, "data-coord": "column" });
    text(svg, MARGIN / 2, MARGIN + i * CELL + CELL / 2 + 4, String(i), { "font-size": 10, "data-coord": "row" });
  }
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      shape(svg, "rect", { x: MARGIN + x * CELL + 1, y: MARGIN + y * CELL + 1, width: CELL, height: CELL, fill: "#f4f4f4", stroke: "#ddd", "data-cell": `${x},${y}` });
    }
  }
  const before = new Set(previous ? fieldsOf(previous).map((f) => `${f.x},${f.y}`) : []);
  for (const field of fieldsOf(state)) {
    const isNew = previous && !before.has(`${field.x},${field.y}`);
    shape(svg, "rect", { x: MARGIN + field.x * CELL + 2, y: MARGIN + field.y * CELL + 2, width: CELL - 2, height: CELL - 2, fill: COLORS[field.content] || "#888", "data-piece": `${field.content}@${field.x},${field.y}`, class: isNew ? "last" : "" }, `${field.content} ${field.x},${field.y}`);
  }
}

export function fieldsOf(state) {
  const board = child(state, "board");
  if (!board) return [];
  const list = [...children(board, "field"), ...children(board, "fields").flatMap((f) => children(f, "field"))];
  return list.map((f) => ({ x: Number(f.getAttribute("x")), y: Number(f.getAttribute("y")), content: f.getAttribute("content") }));
}

export function facts(state) {
  const left = Object.keys(COLORS).map((color) => {
    const shapes = child(state, `${color.toLowerCase()}Shapes`);
    return [`${color} pieces left`, shapes ? children(shapes, "shape").length : "?"];
  });
  const first = child(state, "first");
  const second = child(state, "second");
  const valid = child(state, "validColors");
  return [
    ["Turn", state.getAttribute("turn")],
    ["Round", state.getAttribute("round")],
    // the names are in the players line; a state naming nobody (2027) lists no empty rows
    ...[["Team ONE", first], ["Team TWO", second]].filter(([, p]) => p?.getAttribute("displayName")).map(([t, p]) => [t, p.getAttribute("displayName")]),
    ["Colours in play", valid ? children(valid, "color").map((c) => c.textContent).join(" ") : ""],
    ...left,
  ];
}

// Human play: the piece tray (boards/blokus-tray.js) over the server's legal placements.
export function pick(svg, state, moves, choose, options) {
  pickFromTray(svg, state, choose, options, { cell: CELL, origin: MARGIN, colors: COLORS, order: ORDER });
}

// The seat to move (team ONE = 0: blue and red; TWO = 1: yellow and green) and its colour.
export function toMove(state) {
  const turn = Number(state.getAttribute("turn"));
  return Number.isFinite(turn) ? { seat: turn % 2, detail: ORDER[turn % 4].toLowerCase() } : null;
}

// The colours a seat plays (its swatches beside "you play").
export function sideColours(seat) {
  return ORDER.filter((_, index) => index % 2 === seat).map((color) => COLORS[color]);
}
