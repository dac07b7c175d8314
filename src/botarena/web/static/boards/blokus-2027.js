// Blokus 2027: the board and pieces are drawn as in 2021 (same <field x y content> shape).
export { draw, facts, pick, sideColours, toMove } from "/static/boards/blokus-2021.js";
