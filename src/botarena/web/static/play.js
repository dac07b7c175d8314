// Human play: a seat of a prepared room taken by this browser.
import { el } from "/static/api.js";

export async function showPlay(main, roomId) {
  main.append(el("p", { class: "error" }, `human play of room ${roomId} is not available on this server`));
  return null;
}
