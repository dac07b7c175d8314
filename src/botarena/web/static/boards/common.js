// Helpers for board modules. A board module exports draw(svg, state, previous) and
// facts(state) -> [[term, value], ...]; every drawn piece carries data-piece="KIND@WHERE"
// (what the browser tests compare with the engine's state).
export const SVG = "http://www.w3.org/2000/svg";

export function clear(svg, width, height) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(height));
}

export function shape(parent, tag, attributes, title) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (title) {
    const t = document.createElementNS(SVG, "title");
    t.textContent = title;
    node.append(t);
  }
  parent.append(node);
  return node;
}

export function text(parent, x, y, content, attributes = {}) {
  const node = shape(parent, "text", { x, y, "font-size": 12, "text-anchor": "middle", ...attributes });
  node.textContent = content;
  return node;
}

export function child(element, name) {
  return [...element.children].find((node) => node.tagName === name) || null;
}

export function children(element, name) {
  return [...element.children].filter((node) => node.tagName === name);
}
