// Piranhas 2026: 10×10, fish of teams ONE and TWO in three sizes (S, M, L), squids; y grows upwards.
import { child, children, clear, pickFromTo, shape, text } from "/static/boards/common.js";

const CELL = 44;
const SIZE = 10;
const COLORS = { ONE: "#d33", TWO: "#36c" };
const RADIUS = { S: 9, M: 13, L: 18 };

export function fields(state) {
  const board = child(state, "board");
  const result = [];
  children(board, "row").forEach((row, y) => {
    children(row, "field").forEach((field, x) => result.push({ x, y, content: field.textContent.trim() }));
  });
  return result;
}

function center(x, y) {
  return [CELL * (x + 1) + CELL / 2, CELL * (SIZE - 1 - y) + CELL / 2];
}

export function draw(svg, state, previous) {
  clear(svg, CELL * (SIZE + 1), CELL * (SIZE + 1));
  for (let i = 0; i < SIZE; i++) {
    text(svg, CELL / 2, CELL * (SIZE - 1 - i) + CELL / 2 + 4, String(i));
    text(svg, CELL * (i + 1) + CELL / 2, CELL * SIZE + CELL / 2, String(i));
  }
  const before = previous ? new Map(fields(previous).map((f) => [`${f.x},${f.y}`, f.content])) : null;
  for (const field of fields(state)) {
    const [cx, cy] = center(field.x, field.y);
    shape(svg, "rect", { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, fill: (field.x + field.y) % 2 ? "#e6eef3" : "#f5f9fb", stroke: "#bcd" });
    const piece = `${field.content}@${field.x},${field.y}`;
    if (field.content === "SQUID") {
      shape(svg, "path", { d: `M${cx - 14},${cy + 12} Q${cx},${cy - 30} ${cx + 14},${cy + 12} Z`, fill: "#737", "data-piece": piece }, "squid");
    } else if (field.content !== "EMPTY") {
      const [team, size] = field.content.split("_");
      shape(svg, "circle", { cx, cy, r: RADIUS[size] || 12, fill: COLORS[team] || "#888", "data-piece": piece }, `${team} ${size} ${field.x},${field.y}`);
    }
    if (before && before.get(`${field.x},${field.y}`) !== field.content) {
      shape(svg, "rect", { x: cx - CELL / 2 + 2, y: cy - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, fill: "none", class: "last" });
    }
  }
}

export function facts(state) {
  const all = fields(state);
  const count = (team) => all.filter((f) => f.content.startsWith(`${team}_`)).length;
  const turn = Number(state.getAttribute("turn"));
  return [
    ["Turn", String(turn)],
    ["To move", turn % 2 === 0 ? "ONE" : "TWO"],
    ["ONE", `${count("ONE")} fish`],
    ["TWO", `${count("TWO")} fish`],
    ["Squids", String(all.filter((f) => f.content === "SQUID").length)],
  ];
}

// Human play: click a fish with legal moves, then one of its targets (both from the server).
export function pick(svg, state, moves, choose, { offers }) {
  pickFromTo(svg, offers, choose, center, CELL);
}
