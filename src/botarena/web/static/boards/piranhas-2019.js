// Piranhas 2019: 10×10, red and blue fish, obstacles ("krakes"); y grows upwards.
import { child, children, clear, shape, text } from "/static/boards/common.js";

const CELL = 44;
const SIZE = 10;
const COLORS = { RED: "#d33", BLUE: "#36c" };
const STEPS = { UP: [0, 1], UP_RIGHT: [1, 1], RIGHT: [1, 0], DOWN_RIGHT: [1, -1], DOWN: [0, -1], DOWN_LEFT: [-1, -1], LEFT: [-1, 0], UP_LEFT: [-1, 1] };

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

export function draw(svg, state, previous) {
  clear(svg, CELL * (SIZE + 1), CELL * (SIZE + 1));
  for (let i = 0; i < SIZE; i++) {
    text(svg, CELL / 2, CELL * (SIZE - 1 - i) + CELL / 2 + 4, String(i));
    text(svg, CELL * (i + 1) + CELL / 2, CELL * SIZE + CELL / 2, String(i));
  }
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

// The target of a move of the fish at (x, y): as many fields as fish on its line.
// previousBoard: the move is already made (the fish stands on the target), count on the line anyway.
export function moveTarget(state, x, y, direction, made = false) {
  const step = STEPS[direction];
  if (!step) return null;
  const occupied = new Set(fields(state).filter((f) => f.state === "RED" || f.state === "BLUE").map((f) => `${f.x},${f.y}`));
  let count = 0;
  for (let k = -SIZE; k <= SIZE; k++) {
    if (occupied.has(`${x + k * step[0]},${y + k * step[1]}`)) count++;
  }
  if (made) count += occupied.has(`${x},${y}`) ? 0 : 1;
  return [x + count * step[0], y + count * step[1]];
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

// Human play: fish with legal moves are clickable; a click shows their targets; a click on a
// target plays that move. moves: the <data class="move" x y direction> elements offered.
export function pick(svg, state, moves, choose) {
  const byFish = new Map();
  moves.forEach((move, index) => {
    const key = `${move.getAttribute("x")},${move.getAttribute("y")}`;
    if (!byFish.has(key)) byFish.set(key, []);
    byFish.get(key).push({ index, direction: move.getAttribute("direction") });
  });
  const targets = [];
  for (const fish of svg.querySelectorAll("circle[data-piece]")) {
    const key = `${fish.dataset.x},${fish.dataset.y}`;
    if (!byFish.has(key)) continue;
    fish.classList.add("selectable");
    fish.setAttribute("data-movable", key);
    fish.addEventListener("click", () => {
      for (const node of targets.splice(0)) node.remove();
      for (const other of svg.querySelectorAll(".selected")) other.classList.remove("selected");
      fish.classList.add("selected");
      const [x, y] = key.split(",").map(Number);
      for (const { index, direction } of byFish.get(key)) {
        const target = moveTarget(state, x, y, direction);
        const [cx, cy] = cellCenter(target[0], target[1]);
        const node = shape(svg, "rect", { x: cx - CELL / 2 + 4, y: cy - CELL / 2 + 4, width: CELL - 8, height: CELL - 8, class: "target", "data-target": `${target[0]},${target[1]}` }, direction);
        node.addEventListener("click", () => choose(index));
        targets.push(node);
      }
    });
  }
}
