// Mau-Mau: the table — top card, wished suit, each player's hand size (and the hand itself
// when the replay knows it), whose turn it is.
import { children, clear, shape, text } from "/static/boards/common.js";

const SUITS = ["♠ Pik", "♦ Karo", "♥ Herz", "♣ Kreuz"];
const SUIT_COLORS = ["#222", "#c22", "#c22", "#222"];
const RANKS = ["7", "8", "9", "10", "B", "D", "K", "A"];

function card(svg, x, y, id, piece) {
  shape(svg, "rect", { x, y, width: 40, height: 56, rx: 4, fill: "#fff", stroke: "#888", "data-piece": piece });
  text(svg, x + 20, y + 24, RANKS[Math.floor(id / 4)], { fill: SUIT_COLORS[id % 4], "font-size": 16 });
  text(svg, x + 20, y + 44, SUITS[id % 4].split(" ")[0], { fill: SUIT_COLORS[id % 4], "font-size": 16 });
}

export function draw(svg, state) {
  const players = children(state, "player");
  clear(svg, 560, 120 + players.length * 80);
  const top = Number(state.getAttribute("topCard"));
  text(svg, 40, 20, "top card");
  if (top >= 0) card(svg, 20, 28, top, `TOP@${top}`);
  const wish = Number(state.getAttribute("wishedColor"));
  text(svg, 160, 60, wish >= 0 ? `wished: ${SUITS[wish]}` : "no wish", { "data-piece": `WISH@${wish}` });
  players.forEach((player, seat) => {
    const y = 110 + seat * 80;
    const name = player.getAttribute("name");
    const mine = state.getAttribute("turnOf") === name;
    text(svg, 60, y + 30, `${name}: ${player.getAttribute("cards")}`, { "font-weight": mine ? "bold" : "normal", "data-piece": `COUNT@${name}:${player.getAttribute("cards")}` });
    if (mine) shape(svg, "rect", { x: 2, y: y + 10, width: 116, height: 30, fill: "none", class: "last" });
    const hand = player.getAttribute("hand");
    if (hand) hand.split(" ").filter(Boolean).map(Number).forEach((id, index) => card(svg, 124 + index * 42, y, id, `HAND@${name}:${id}`));
  });
}

export function facts(state) {
  return [
    ["Turn", state.getAttribute("turn")],
    ["To move", state.getAttribute("turnOf") || "–"],
    ...children(state, "player").map((p) => [p.getAttribute("name"), `${p.getAttribute("cards")} cards`]),
  ];
}
