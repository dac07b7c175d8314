// Piranhas 2019: 10×10, red and blue fish, obstacles ("krakes"); y grows upwards.
import { child, children, clear, pickFromTo, shape, text } from "/static/boards/common.js";

const CELL = 44;
const SIZE = 10;
const COLORS = { RED: "#d33", BLUE: "#36c" };

export function fields(state) {
  const board = child(state, "board");
  const result = [];
  for (const column of children(board, "fields")) {
    for (const field of children(column, "field")) {
      result.push({ x: Number(field.getAttribute("x")), y: Number(field.getAttribute("y")), state: field.getAttribute("state") });
    }
  }
  return result;
}

export function cellCenter(x, y) {
  return [CELL * (x + 1) + CELL / 2, CELL * (SIZE - 1 - y) + CELL / 2];
}

/** The empty 10×10 board with its coordinates (both Piranhas seasons), as `botarena play`
 * and the move notation write them: columns A–J (x = 0..9), rows 0–9 (y, upwards). */
export function drawFrame(svg) {
  clear(svg, CELL * (SIZE + 1), CELL * (SIZE + 1));
  for (let i = 0; i < SIZE; i++) {
    text(svg, CELL / 2, CELL * (SIZE - 1 - i) + CELL / 2 + 4, String(i), { "data-coord": "row" });
    text(svg, CELL * (i + 1) + CELL / 2, CELL * SIZE + CELL / 2, columnName(i), { "data-coord": "column" });
  }
}

export function columnName(x) {
  return String.fromCharCode("A".charCodeAt(0) + x);
}

// The colour each seat's fish are drawn in (red 0, blue 1; in 2026 ONE and TWO).
export function sideColours(seat) {
  return [[COLORS.RED], [COLORS.BLUE]][seat] || [];
}

export function draw(svg, state, previous) {
  drawFrame(svg);
  for (const field of fields(state)) {
    const [cx, cy] = cellCenter(field.x, field.y);
    shape(svg, "rect", { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, fill: (field.x + field.y) % 2 ? "#e6eef3" : "#f5f9fb", stroke: "#bcd", "data-cell": `${field.x},${field.y}` });
    if (field.state === "OBSTRUCTED") {
      shape(svg, "rect", { x: cx - 15, y: cy - 15, width: 30, height: 30, fill: "#555", "data-piece": `OBSTRUCTED@${field.x},${field.y}` }, "obstacle");
    } else if (field.state === "RED" || field.state === "BLUE") {
      shape(svg, "circle", { cx, cy, r: 16, fill: COLORS[field.state], "data-piece": `${field.state}@${field.x},${field.y}`, "data-x": field.x, "data-y": field.y }, `${field.state} ${field.x},${field.y}`);
    }
  }
  if (previous) {
    const before = new Map(fields(previous).map((f) => [`${f.x},${f.y}`, f.state]));
    for (const field of fields(state)) {
      if (before.get(`${field.x},${field.y}`) === field.state) continue;
      const [cx, cy] = cellCenter(field.x, field.y);
      shape(svg, "rect", { x: cx - CELL / 2 + 2, y: cy - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, fill: "none", class: "last", "data-changed": `${field.x},${field.y}` });
    }
  }
}

export function facts(state) {
  const red = child(state, "red");
  const blue = child(state, "blue");
  const count = (color) => fields(state).filter((f) => f.state === color).length;
  return [
    ["Turn", state.getAttribute("turn")],
    ["To move", state.getAttribute("currentPlayerColor")],
    ["Red", `${red?.getAttribute("displayName") ?? ""} (${count("RED")} fish)`],
    ["Blue", `${blue?.getAttribute("displayName") ?? ""} (${count("BLUE")} fish)`],
  ];
}

// Human play: click a fish with legal moves, then one of its targets (both from the server).
export function pick(svg, state, moves, choose, { offers }) {
  pickFromTo(svg, offers, choose, cellCenter, CELL);
}

// The seat to move: red (0) or blue (1).
export function toMove(state) {
  const seat = ["RED", "BLUE"].indexOf(state.getAttribute("currentPlayerColor"));
  return seat < 0 ? null : { seat };
}
