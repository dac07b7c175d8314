// The single page: routes of the hash to the live room list, a live room, a replay, files, reports.
import { route } from "/static/api.js";
import { showRooms, showLiveRoom } from "/static/live.js";
import { showReplayFile, showRoomReplay } from "/static/replay.js";
import { showFiles, showReport } from "/static/files.js";
import { showPlay } from "/static/play.js";

let cleanup = null;
let current = "";
// The room list the server put into the page (first load only): shown until the socket speaks.
let served = document.getElementById("room-list");

async function render() {
  const { parts, params } = route();
  const key = parts.join("/") + "?" + (params.get("path") || "");
  if (key === current) return; // only the turn changed: the viewer follows by itself
  current = key;
  if (cleanup) cleanup();
  cleanup = null;
  const main = document.getElementById("main");
  const first = served; // the server's list belongs to the first page shown only
  served = null;
  main.replaceChildren();
  try {
    if (parts[0] === "live" && parts[1]) cleanup = await showLiveRoom(main, parts[1]);
    else if (parts[0] === "room" && parts[1]) cleanup = await showRoomReplay(main, parts[1], params);
    else if (parts[0] === "replay") cleanup = await showReplayFile(main, params);
    else if (parts[0] === "files") await showFiles(main);
    else if (parts[0] === "report") await showReport(main, params);
    else if (parts[0] === "play" && parts[1]) cleanup = await showPlay(main, parts[1], params);
    else cleanup = await showRooms(main, first);
  } catch (error) {
    main.replaceChildren();
    const p = document.createElement("p");
    p.className = "error";
    p.textContent = String(error.message || error);
    main.append(p);
  }
}

window.addEventListener("hashchange", render);
render();
