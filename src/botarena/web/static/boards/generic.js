// Fallback board for a season without a board module: the state's XML as text.
import { clear, shape } from "/static/boards/common.js";

export function draw(svg, state) {
  clear(svg, 600, 400);
  const foreign = shape(svg, "foreignObject", { x: 0, y: 0, width: 600, height: 400 });
  const pre = document.createElement("pre");
  pre.style.fontSize = "10px";
  pre.textContent = new XMLSerializer().serializeToString(state).slice(0, 4000);
  foreign.append(pre);
}

export function facts(state) {
  return [["Turn", state.getAttribute("turn") ?? "?"]];
}
