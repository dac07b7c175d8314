// Hase und Igel 2018: the track of 65 fields with their types, both hares, carrots, salads, cards.
import { child, children, clear, moveButton, shape, text } from "/static/boards/common.js";

const PER_ROW = 13;
const CELL = 52;
const FIELD_COLORS = { START: "#ddd", GOAL: "#fd6", HARE: "#f9c", CARROT: "#fa5", SALAD: "#9d6", HEDGEHOG: "#b97", POSITION_1: "#8cf", POSITION_2: "#6ae", INVALID: "#999" };
const SHORT = { START: "Start", GOAL: "Ziel", HARE: "Hase", CARROT: "Karotte", SALAD: "Salat", HEDGEHOG: "Igel", POSITION_1: "1", POSITION_2: "2" };
const COLORS = { RED: "#d33", BLUE: "#36c" };

function place(index) {
  const row = Math.floor(index / PER_ROW);
  const column = row % 2 === 0 ? index % PER_ROW : PER_ROW - 1 - (index % PER_ROW);
  return [column * CELL + CELL / 2 + 4, row * CELL + CELL / 2 + 4];
}

export function draw(svg, state, previous) {
  const fields = children(child(state, "board"), "fields");
  clear(svg, PER_ROW * CELL + 8, Math.ceil(fields.length / PER_ROW) * CELL + 8);
  for (const field of fields) {
    const index = Number(field.getAttribute("index"));
    const type = field.getAttribute("type");
    const [x, y] = place(index);
    shape(svg, "rect", { x: x - CELL / 2 + 2, y: y - CELL / 2 + 2, width: CELL - 4, height: CELL - 4, rx: 6, fill: FIELD_COLORS[type] || "#eee", "data-field": `${type}@${index}` }, `${index} ${type}`);
    text(svg, x, y - 12, String(index), { "font-size": 9 });
    text(svg, x, y + 18, SHORT[type] || type, { "font-size": 9 });
  }
  const moved = previous ? child(previous, "currentPlayer")?.textContent : null;
  for (const color of ["red", "blue"]) {
    const player = child(state, color);
    const index = Number(player.getAttribute("index"));
    const [x, y] = place(index);
    const dx = color === "red" ? -9 : 9;
    const before = previous ? Number(child(previous, color).getAttribute("index")) : index;
    const hare = shape(svg, "circle", { cx: x + dx, cy: y + 2, r: 9, fill: COLORS[color.toUpperCase()], "data-piece": `${color.toUpperCase()}@${index}` }, `${color}: field ${index}`);
    if (before !== index || moved === color.toUpperCase()) hare.setAttribute("class", "last");
  }
}

function playerFacts(player) {
  const cards = children(child(player, "cards") || player, "type").map((card) => card.textContent);
  return `${player.getAttribute("displayName")}: field ${player.getAttribute("index")}, ${player.getAttribute("carrots")} carrots, ${player.getAttribute("salads")} salads, cards ${cards.join(" ") || "–"}`;
}

export function facts(state) {
  return [
    ["Turn", state.getAttribute("turn")],
    ["To move", state.getAttribute("currentPlayer")],
    ["Red", playerFacts(child(state, "red"))],
    ["Blue", playerFacts(child(state, "blue"))],
  ];
}

// Human play: the fields a legal move ends on are clickable (data-reachable); a click lists the
// moves ending there as buttons. Moves that do not advance the hare (eat salad, exchange
// carrots, fall back, skip) are buttons all the time. Every move comes from the server.
export function pick(svg, state, moves, choose, { offers, panel }) {
  const byField = new Map();
  const standing = [];
  offers.forEach((offer, index) => {
    if (offer.field === undefined) { standing.push(moveButton(offer, index, choose)); return; }
    if (!byField.has(offer.field)) byField.set(offer.field, []);
    byField.get(offer.field).push(index);
  });
  const here = document.createElement("div");
  here.id = "field-moves";
  const title = (words) => { const h = document.createElement("h3"); h.textContent = words; return h; };
  panel.replaceChildren(here);
  if (standing.length) panel.append(title("Without moving the hare"), ...standing);
  for (const [index, list] of byField) {
    const field = svg.querySelector(`[data-field$="@${index}"]`);
    if (!field) continue;
    field.classList.add("selectable", "reachable");
    field.setAttribute("data-reachable", String(index));
    field.addEventListener("click", () => {
      for (const other of svg.querySelectorAll(".selected")) other.classList.remove("selected");
      field.classList.add("selected");
      here.replaceChildren(title(`To field ${index}`), ...list.map((i) => moveButton(offers[i], i, choose)));
    });
  }
}

// The colour of each seat's hare: red (0), blue (1).
export function sideColours(seat) {
  return [[COLORS.RED], [COLORS.BLUE]][seat] || [];
}

// The seat to move: red (0) or blue (1).
export function toMove(state) {
  const seat = ["RED", "BLUE"].indexOf(state.getAttribute("currentPlayer"));
  return seat < 0 ? null : { seat };
}
