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

// Human play (board modules' pick): offers are the server's legal moves, each with a label and
// where it acts ({from, to} for a fish, {field} for a hare, {cells} for a piece); the browser
// never decides legality. choose(index) plays offer number index.

export function moveButton(offer, index, choose) {
  const button = document.createElement("button");
  button.className = "move";
  button.dataset.move = String(index);
  button.textContent = offer.label;
  button.addEventListener("click", () => choose(index));
  return button;
}

// Fish moves: the fish with legal moves are clickable (data-movable); a click shows its
// targets (data-target), a click on a target plays that move. center(x, y) -> [cx, cy].
export function pickFromTo(svg, offers, choose, center, cell) {
  const byFrom = new Map();
  offers.forEach((offer, index) => {
    if (!offer.from) return;
    const key = offer.from.join(",");
    if (!byFrom.has(key)) byFrom.set(key, []);
    byFrom.get(key).push({ index, offer });
  });
  const targets = [];
  for (const [key, list] of byFrom) {
    const fish = svg.querySelector(`[data-piece$="@${key}"]`);
    if (!fish) continue;
    fish.classList.add("selectable");
    fish.setAttribute("data-movable", key);
    fish.addEventListener("click", () => {
      for (const node of targets.splice(0)) node.remove();
      for (const other of svg.querySelectorAll(".selected")) other.classList.remove("selected");
      fish.classList.add("selected");
      for (const { index, offer } of list) {
        const [cx, cy] = center(offer.to[0], offer.to[1]);
        const node = shape(svg, "rect", { x: cx - cell / 2 + 4, y: cy - cell / 2 + 4, width: cell - 8, height: cell - 8, class: "target", "data-target": offer.to.join(",") }, offer.label);
        node.addEventListener("click", () => choose(index));
        targets.push(node);
      }
    });
  }
}
