// Blokus 2021: 20×20, four colours, the pieces each colour has left.
import { child, children, clear, moveButton, shape, text } from "/static/boards/common.js";

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
    // the names are in the players line; a state naming nobody (2027) lists no empty rows
    ...[["Team ONE", first], ["Team TWO", second]].filter(([, p]) => p?.getAttribute("displayName")).map(([t, p]) => [t, p.getAttribute("displayName")]),
    ["Colours in play", valid ? children(valid, "color").map((c) => c.textContent).join(" ") : ""],
    ...left,
  ];
}

// Human play: choose a piece (or any), then click a cell: the legal placements covering it
// (from the server) preview on the board; clicking the same cell again shows the next one,
// "place" plays the one shown. Hovering a cell previews its first placement. Skips are buttons.
export function pick(svg, state, moves, choose, { offers, panel }) {
  const pieces = [...new Set(offers.filter((o) => o.cells).map((o) => o.piece))].sort();
  const select = document.createElement("select");
  select.id = "pick-piece";
  for (const value of ["", ...pieces]) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = value || `any piece (${pieces.length})`;
    select.append(option);
  }
  const label = document.createElement("p");
  label.id = "pick-label";
  label.textContent = "click a highlighted cell";
  const place = document.createElement("button");
  place.id = "place";
  place.textContent = "place";
  place.disabled = true;
  panel.replaceChildren(select, label, place,
    ...offers.flatMap((offer, index) => (offer.cells ? [] : [moveButton(offer, index, choose)])));
  let shown = null; // { cell, candidates, at }
  const layer = document.createElementNS(svg.namespaceURI, "g");
  const hover = document.createElementNS(svg.namespaceURI, "g");
  const covering = (key) => offers.map((offer, index) => ({ offer, index }))
    .filter(({ offer }) => offer.cells && (!select.value || offer.piece === select.value)
      && offer.cells.some(([x, y]) => `${x},${y}` === key));
  const preview = (group, offer, kind) => {
    group.replaceChildren();
    if (!offer) return;
    for (const [x, y] of offer.cells) {
      shape(group, "rect", { x: x * CELL + 3, y: y * CELL + 3, width: CELL - 4, height: CELL - 4, class: kind, [`data-${kind}`]: `${x},${y}` });
    }
  };
  const mark = () => {
    for (const cell of svg.querySelectorAll("[data-cell]")) cell.classList.remove("reachable");
    const reachable = new Set(offers.filter((o) => o.cells && (!select.value || o.piece === select.value))
      .flatMap((o) => o.cells.map(([x, y]) => `${x},${y}`)));
    for (const key of reachable) svg.querySelector(`[data-cell="${key}"]`)?.classList.add("reachable");
  };
  const show = () => {
    const { candidates, at } = shown;
    preview(layer, candidates[at].offer, "preview");
    label.textContent = `${candidates[at].offer.label} (${at + 1} of ${candidates.length} here)`;
    place.disabled = false;
  };
  select.addEventListener("change", () => {
    shown = null; preview(layer, null); place.disabled = true; mark();
    label.textContent = "click a highlighted cell";
  });
  place.addEventListener("click", () => { if (shown) choose(shown.candidates[shown.at].index); });
  for (const cell of svg.querySelectorAll("[data-cell]")) {
    const key = cell.dataset.cell;
    cell.addEventListener("mouseenter", () => preview(hover, covering(key)[0]?.offer, "hover-preview"));
    cell.addEventListener("mouseleave", () => preview(hover, null));
    cell.addEventListener("click", () => {
      if (shown && shown.cell === key) { shown.at = (shown.at + 1) % shown.candidates.length; show(); return; }
      const candidates = covering(key);
      if (!candidates.length) return;
      shown = { cell: key, candidates, at: 0 };
      show();
    });
  }
  svg.append(layer, hover);
  mark();
}

// The seat to move (team ONE = 0: blue and red; TWO = 1: yellow and green) and its colour.
const ORDER = ["BLUE", "YELLOW", "RED", "GREEN"];
export function toMove(state) {
  const turn = Number(state.getAttribute("turn"));
  return Number.isFinite(turn) ? { seat: turn % 2, detail: ORDER[turn % 4].toLowerCase() } : null;
}
