// Replays: a file under the served folders, or a room of this server; the URL names the turn.
import { el, getJson, postJson, serverInfo } from "/static/api.js";
import { GameViewer } from "/static/viewer.js";

async function showReplay(main, replay, params, title, query = null, moveSource = null) {
  main.append(el("h2", {}, `${replay.game}: ${playerLine(replay)}`), el("p", {}, title));
  const viewer = new GameViewer(main, replay.game, {
    moveSource,
    onTurn: (index) => {
      const hash = location.hash.split("?");
      const query = new URLSearchParams(hash[1] || "");
      query.set("turn", String(index));
      history.replaceState(null, "", `${hash[0]}?${query}`);
    },
  });
  await viewer.load();
  viewer.setStates(replay.states, replay.moveMs, replay.names, replay.moves || []);
  viewer.setPlayers(replay.players || replay.names.map((name) => ({ name, side: "" })));
  if (replay.resultWords) viewer.setResult(null, replay.resultWords);
  else if (replay.resultText) viewer.setResult(replay.resultText);
  else if (replay.result) viewer.setResult(resultText(replay.result));
  const turn = Number(params.get("turn") || 0);
  viewer.go(Math.min(turn, replay.states.length - 1));
  const info = await serverInfo();
  if (info.admin && replay.gameType !== "maumau") addStartHere(main, viewer, replay, info);
  let alive = true;
  if (query) loadPages(viewer, query, replay.next, turn, () => alive);
  return () => { alive = false; viewer.destroy(); };
}

// A long replay file comes in pages (the server's REPLAY_PAGE_BYTES); the first is shown at
// once, the others are added as they arrive.
async function loadPages(viewer, query, next, turn, alive) {
  while (next !== null && next !== undefined && alive()) {
    query.set("from", String(next));
    const page = await getJson(`/api/replay?${query}`);
    if (!alive()) return;
    page.states.forEach((xml, i) => viewer.addState(xml, page.moveMs[i], page.moves ? page.moves[i] : undefined));
    if (turn >= page.from && turn < page.from + page.states.length) viewer.go(turn);
    next = page.next;
  }
}

// "random (ONE) – greedy (TWO)": the players with their sides (names alone for Mau-Mau).
export function playerLine(replay) {
  const players = replay.players || replay.names.map((name) => ({ name, side: "" }));
  return players.map((p) => (p.side ? `${p.name} (${p.side})` : p.name)).join(" – ");
}

function resultText(xml) {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  const winner = doc.querySelector("winner");
  const scores = [...doc.querySelectorAll("score")].map((score) => {
    const parts = [...score.querySelectorAll("part")].map((part) => part.textContent).join("/");
    const reason = score.getAttribute("reason");
    return `${score.getAttribute("cause")} ${parts}${reason ? ` (${reason})` : ""}`;
  });
  return `${winner ? `winner ${winner.getAttribute("displayName")}` : "no winner"}; ${scores.join("; ")}`;
}

function addStartHere(main, viewer, replay, info) {
  const seat = (slot) => {
    const select = el("select", { id: `seat${slot}` });
    for (const choice of ["human", ...(info.games.find((g) => g.id === replay.game)?.players || []), "open"]) {
      select.append(el("option", { value: choice }, choice));
    }
    select.value = slot === 0 ? "human" : "random";
    return select;
  };
  const seats = [seat(0), seat(1)];
  const password = el("input", { type: "password", id: "admin-password", placeholder: "admin password" });
  const out = el("div", { id: "prepared" });
  const button = el("button", { id: "start-here", onclick: async () => {
    out.replaceChildren("preparing…");
    try {
      const answer = await postJson("/api/prepare", {
        game: replay.game, state: viewer.states[viewer.index], seats: seats.map((s) => s.value) }, { adminPassword: password.value });
      out.replaceChildren(el("span", {}, `room ${answer.roomId} prepared `),
        el("a", { href: `#/live/${answer.roomId}`, target: "_blank", id: "prepared-watch" }, "watch"));
      for (const [slot, code] of Object.entries(answer.codes || {})) {
        out.append(" · ", el("span", {}, `slot ${Number(slot) + 1} reservation ${code}`));
      }
      if (answer.human !== null && answer.human !== undefined) {
        out.append(" · ", el("a", { href: `#/play/${answer.human}`, id: "prepared-play" }, "play"));
      }
    } catch (error) {
      out.replaceChildren(el("span", { class: "error" }, String(error.message || error)));
    }
  } }, "Start a new game from here");
  const box = el("p", {}, "Seats: ", seats[0], " ", seats[1], " ");
  if (info.needsPassword) box.append(password, " ");
  box.append(button);
  main.append(box, out);
}

export async function showReplayFile(main, params) {
  const query = new URLSearchParams({ root: params.get("root") || "0", path: params.get("path") || "" });
  if (params.get("game")) query.set("game", params.get("game"));
  const replay = await getJson(`/api/replay?${query}`);
  return showReplay(main, replay, params, params.get("path") || "", query);
}

export async function showRoomReplay(main, roomId, params) {
  const replay = await getJson(`/api/room/${encodeURIComponent(roomId)}`);
  return showReplay(main, replay, params, `room ${roomId}`, null, roomMoves(roomId));
}

// The moves of a room of this server, from state `from` on (the server's notation).
export function roomMoves(roomId) {
  return async (from) => (await getJson(`/api/room/${encodeURIComponent(roomId)}/moves?from=${from}`)).moves;
}
