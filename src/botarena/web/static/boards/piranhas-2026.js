// Piranhas 2026: 10×10, fish of teams ONE and TWO in three sizes (S, M, L), squids; y grows upwards.
import { child, children, pickFromTo, shape } from "/static/boards/common.js";
import { cellCenter, drawFrame } from "/static/boards/piranhas-2019.js";

export { sideColours } from "/static/boards/piranhas-2019.js";

const CELL = 44;
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

export function draw(svg, state, previous) {
  drawFrame(svg);
  const before = previous ? new Map(fields(previous).map((f) => [`${f.x},${f.y}`, f.content])) : null;
  for (const field of fields(state)) {
    const [cx, cy] = cellCenter(field.x, field.y);
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
  pickFromTo(svg, offers, choose, cellCenter, CELL);
}

// The seat to move: ONE (0) on even turns, TWO (1) on odd ones.
export function toMove(state) {
  const turn = Number(state.getAttribute("turn"));
  return Number.isFinite(turn) ? { seat: turn % 2 } : null;
}
