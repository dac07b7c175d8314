// Blokus 2021: 20×20, four colours, the pieces each colour has left.
import { child, children, clear, shape, text } from "/static/boards/common.js";

const CELL = 24;
const SIZE = 20;
export const COLORS = { BLUE: "#36c", YELLOW: "#eb3", RED: "#d33", GREEN: "#3a4" };

export function draw(svg, state, previous) {
  clear(svg, CELL * SIZE + 2, CELL * SIZE + 2);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      shape(svg, "rect", { x: x * CELL + 1, y: y * CELL + 1, width: CELL, height: CELL, fill: "#f4f4f4", stroke: "#ddd", "data-cell": `${x},${y}` });
    }
  }
  const before = new Set(previous ? fieldsOf(previous).map((f) => `${f.x},${f.y}`) : []);
  for (const field of fieldsOf(state)) {
    const isNew = previous && !before.has(`${field.x},${field.y}`);
    shape(svg, "rect", { x: field.x * CELL + 2, y: field.y * CELL + 2, width: CELL - 2, height: CELL - 2, fill: COLORS[field.content] || "#888", "data-piece": `${field.content}@${field.x},${field.y}`, class: isNew ? "last" : "" }, `${field.content} ${field.x},${field.y}`);
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
    ["Team ONE", first?.getAttribute("displayName") ?? ""],
    ["Team TWO", second?.getAttribute("displayName") ?? ""],
    ["Colours in play", valid ? children(valid, "color").map((c) => c.textContent).join(" ") : ""],
    ...left,
  ];
}
