// Replay files and run/tournament folders under the served folders; a run's report.
import { el, getJson } from "/static/api.js";

export async function showFiles(main) {
  const { files } = await getJson("/api/files");
  const list = el("ul", { id: "files" });
  for (const file of files) {
    const query = new URLSearchParams({ root: String(file.root), path: file.path });
    const href = file.kind === "report" ? `#/report?${query}` : `#/replay?${query}`;
    const item = el("li", {}, el("a", { href, class: file.kind }, file.title ? `report: ${file.title}` : `${file.kind === "report" ? "report: " : ""}${file.path}`));
    // a run or tournament folder: its players and results (summary.json, settings.json, standings.json)
    if (file.players) item.append(el("span", { class: "players" }, ` ${file.players.join(" – ")}`));
    if (file.result) item.append(el("span", { class: "result" }, ` (${file.result})`));
    list.append(item);
  }
  main.append(el("h2", {}, "Replays and reports"), files.length ? list : el("p", {}, "No files here."));
}

function eloKnown(row) {
  return row.games > 0 && row.elo !== null && row.elo !== undefined && row.ci !== null && row.ci !== undefined;
}

// What an empty section shows under its heading (keeps the section's id for tests and links).
function none(id) {
  return el("p", { class: "none", id }, "none");
}

export async function showReport(main, params) {
  const query = new URLSearchParams({ root: params.get("root") || "0", path: params.get("path") || "" });
  const report = await getJson(`/api/report?${query}`);
  main.append(el("h2", {}, report.title));
  if (report.champion) main.append(el("p", { id: "champion" }, "Champion: ", el("b", {}, report.champion)));
  const table = el("table", { id: "wdl" }, el("tr", {}, ...["bot", "games", "wins", "draws", "losses", "points", "Elo", "±95 %"].map((h) => el("th", {}, h))));
  for (const row of report.bots) {
    // as the command line: "Elo n/a" without a finite estimate (no counted game, all won or all lost)
    const [elo, ci] = eloKnown(row) ? [row.elo, row.ci] : ["n/a", "n/a"];
    table.append(el("tr", {}, ...[row.bot, row.games, row.wins, row.draws, row.losses, row.points, elo, ci].map((v) => el("td", {}, String(v)))));
  }
  main.append(table);
  const plot = el("div", { id: "plot" });
  // the plot is the first bot's Elo: none when its Elo is n/a (it would be a clipped flat line)
  if (report.bots.length && eloKnown(report.bots[0])) plot.innerHTML = report.plotSvg; // made by matplotlib on the server
  else plot.append(el("p", { class: "none", id: "no-plot" }, `none: Elo n/a${report.bots.length ? ` for ${report.bots[0].bot}` : ""}`));
  main.append(el("h3", {}, "Elo over the games"), plot);
  main.append(el("h3", {}, "Irregular games"));
  const causes = el("ul", { id: "causes" });
  for (const [cause, count] of Object.entries(report.causes)) causes.append(el("li", {}, `${cause}: ${count}`));
  main.append(Object.keys(report.causes).length ? causes : none("causes"));
  if (report.infraErrors.length) { // games the machine spoiled (--clock cpu): apart, not rated
    const infra = el("ul", { id: "infra-errors" });
    for (const line of report.infraErrors) infra.append(el("li", {}, line.trim()));
    main.append(el("h3", {}, "Infra errors (the machine, not the bots)"), infra);
  }
  main.append(el("h3", {}, "Move times (ms)"));
  const times = el("table", { id: "times" }, el("tr", {}, ...["bot", "moves", "mean", "p50", "p99", "max"].map((h) => el("th", {}, h))));
  for (const row of report.moveTimes) times.append(el("tr", {}, ...[row.bot, row.moves, row.mean, row.p50, row.p99, row.max].map((v) => el("td", {}, String(v)))));
  main.append(report.moveTimes.length ? times : none("times"));
  if (report.bracketHtml) { // a K.O. tournament: its bracket, drawn on the server (league/bracket.py)
    const bracket = el("div", { id: "bracket" });
    bracket.innerHTML = report.bracketHtml;
    main.append(el("h3", {}, "Bracket"), bracket);
  }
  main.append(el("h3", {}, "Games"));
  const root = params.get("root") || "0";
  const file = (path, query = "") => `/folder/${encodeURIComponent(root)}/${path.split("/").map(encodeURIComponent).join("/")}${query}`;
  const games = el("table", { id: "games" }, el("tr", {}, ...["game", "players", "result", "replay", "downloads"].map((h) => el("th", {}, h))));
  for (const game of report.games) {
    // the replay opens the viewer at that game; the downloads are the replay file and each seat's log
    const link = game.replay ? el("a", { href: `#/replay?${new URLSearchParams({ root, path: game.replay })}`, class: "replay-link", "data-game": String(game.index) }, "replay") : "";
    const downloads = el("td", { class: "downloads" });
    if (game.replay) downloads.append(el("a", { href: file(game.replay, "?download"), download: "", class: "download-replay" }, "replay file"), " ");
    for (const log of game.logs || []) downloads.append(el("a", { href: file(log.path), download: "", class: "download-log" }, `log ${log.bot}`), " ");
    games.append(el("tr", { "data-game": String(game.index) }, el("td", {}, String(game.index)), el("td", {}, game.players), el("td", {}, game.outcome), el("td", {}, link), downloads));
  }
  main.append(report.games.length ? el("div", { class: "table-wrap" }, games) : none("games"));
  if (report.reportHtml) main.append(el("p", {}, el("a", { id: "report-html", href: file(report.reportHtml) }, "the static report.html")));
  if (report.skipped.length) {
    const skipped = el("ul", { id: "skipped" });
    for (const item of report.skipped) skipped.append(el("li", {}, `record ${item.record}: ${item.reason}`));
    main.append(el("h3", {}, "Records left out"), skipped);
  }
}
