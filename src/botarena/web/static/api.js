// Small helpers shared by the pages: fetching JSON, parsing XML, the hash route.

export async function getJson(url, options) {
  const response = await fetch(url, options);
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return response.json();
}

const parser = new DOMParser();

export function parseXml(text) {
  const doc = parser.parseFromString(text, "application/xml");
  const error = doc.querySelector("parsererror");
  if (error) throw new Error(`bad XML: ${error.textContent}`);
  return doc.documentElement;
}

export function route() {
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query] = hash.split("?");
  return { parts: path.split("/").filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(query || "") };
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "onclick") node.addEventListener("click", value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// Every POST is JSON with this page's session token (the server refuses anything else, so
// no other site's page can act here). Beyond loopback, admin actions need a session opened
// with the admin password, which is sent once (postJson's adminPassword), not with each request.
const SESSION_HEADER = "X-Botarena-Session";
let session = null; // { token, admin }

async function openSession(password) {
  const body = password ? { password } : {};
  session = await getJson("/api/session", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return session;
}

export async function postJson(url, body, { adminPassword = "" } = {}) {
  if (!session || (adminPassword && !session.admin)) await openSession(adminPassword);
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", [SESSION_HEADER]: session.token }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return response.json();
}

let info = null;
export async function serverInfo() {
  if (!info) info = await getJson("/api/info");
  return info;
}

export async function gameInfo(gameId) {
  const { games } = await serverInfo();
  return games.find((game) => game.id === gameId || game.gameType === gameId);
}

const boards = new Map();
export async function boardFor(gameId) {
  const game = await gameInfo(gameId);
  const path = game ? game.board : "boards/generic.js";
  if (!boards.has(path)) boards.set(path, await import(`/static/${path}`));
  return boards.get(path);
}

// One WebSocket frame: messages joined by \x1e; a state is "S\troom\tindex\tmoveMs\txml"
// (not JSON, so the server never escapes the XML), everything else a JSON object. A room
// snapshot ({"type": "room", "stateCount": n, ...}) is followed by its n states, which go
// back into its replay here: the pages see one "room" message with every state.
export function frameMessages(data) {
  const messages = [];
  let snapshot = null; // a room snapshot still taking its states
  for (const part of data.split("\x1e")) {
    const message = part.startsWith("S\t") ? stateRecord(part) : JSON.parse(part);
    if (snapshot && message.type === "state" && message.room === snapshot.room) {
      snapshot.replay.states.push(message.xml);
      snapshot.replay.moveMs.push(message.moveMs);
      if (snapshot.replay.states.length >= snapshot.stateCount) snapshot = null;
      continue;
    }
    snapshot = message.type === "room" && message.stateCount > 0 ? message : null;
    messages.push(message);
  }
  return messages;
}

function stateRecord(part) {
  const fields = [];
  let rest = part;
  for (let i = 0; i < 4; i++) {
    const tab = rest.indexOf("\t");
    fields.push(rest.slice(0, tab));
    rest = rest.slice(tab + 1);
  }
  return { type: "state", room: fields[1], index: Number(fields[2]), moveMs: fields[3] === "" ? null : Number(fields[3]), xml: rest };
}
