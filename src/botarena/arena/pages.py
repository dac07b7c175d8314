"""The arena's pages, rendered by the server (every value escaped): the leaderboard at ``/``
(its rows replaced live from ``/ws``), a team's page, a match's page and the organiser's."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from botarena.arena.records import FinalRow, FinalStatus, StandingRow

if TYPE_CHECKING:
    from botarena.arena.service import Arena

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; } th, td { padding: .3rem .7rem; text-align: left; }
tr:nth-child(even) { background: #f3f3f3; } .num { text-align: right; }
"""
COLUMNS = ("rank", "team", "version", "μ ± σ", "games", "W/D/L", "last games")
FINAL_COLUMNS = ("rank", "team", "version", "Elo", "95 % interval", "games", "W/D/L")


def _page(title: str, body: str, script: str = "") -> str:
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><nav><a href='/'>leaderboard</a> · <a href='/team'>team</a></nav>"
        f"<h1>{html.escape(title)}</h1>{body}"
        + (f"<script>{script}</script>" if script else "")
        + "</body></html>"
    )


def row_cells(row: dict[str, Any]) -> list[str]:
    """A leaderboard row's cells as text (the page's script builds the same)."""
    return [
        str(row["rank"]),
        str(row["team"]),
        f"v{row['version']}",
        f"{row['mu']:.1f} ± {row['sigma']:.1f}",
        str(row["games"]),
        f"{row['wins']}/{row['draws']}/{row['losses']}",
        str(row["last"]),
    ]


LIVE_SCRIPT = """
const body = document.getElementById('standings');
const game = body.dataset.game;
const cells = (r) => [String(r.rank), r.team, 'v' + r.version,
  r.mu.toFixed(1) + ' ± ' + r.sigma.toFixed(1), String(r.games),
  r.wins + '/' + r.draws + '/' + r.losses, r.last];
function render(rows) {
  body.replaceChildren(...rows.map((r) => {
    const tr = document.createElement('tr');
    tr.dataset.submission = r.submission;
    for (const text of cells(r)) {
      const td = document.createElement('td'); td.textContent = text; tr.append(td);
    }
    return tr;
  }));
}
function connect() {
  const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') +
    location.host + '/ws');
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'standings' && message.game === game) render(message.rows);
  };
  ws.onclose = () => setTimeout(connect, 2000);
}
connect();
"""


def final_json(game: str, status: FinalStatus | None, rows: Sequence[FinalRow]) -> dict[str, Any]:
    """``/api/final``'s answer: the final phase of ``game`` (status ``none`` before it)."""
    if status is None:
        return {"game": game, "status": "none", "played": 0, "total": 0, "rows": []}
    return status.to_json() | {"rows": [row.to_json() for row in rows]}


def _final_section(status: FinalStatus | None, rows: Sequence[FinalRow]) -> str:
    if status is None:
        return ""
    if status.status != "done":
        return (
            f"<p id='final'>final phase: {status.played} of {status.total} matches played "
            "(uploads frozen; the standings appear when all are played)</p>"
        )
    head = "".join(f"<th>{html.escape(c)}</th>" for c in FINAL_COLUMNS)
    lines = "".join(
        f"<tr data-submission='{row.standing.submission}'>"
        + "".join(
            f"<td>{html.escape(cell)}</td>"
            for cell in (
                str(row.rank),
                row.team,
                f"v{row.version}",
                f"{row.standing.elo:+.0f}",
                f"{row.standing.low:+.0f} … {row.standing.high:+.0f}",
                str(row.standing.games),
                f"{row.standing.wins}/{row.standing.draws}/{row.standing.losses}",
            )
        )
        + "</tr>"
        for row in rows
    )
    return (
        "<h2>final standings</h2><p>Bradley-Terry Elo (mean 0) with its 95 % interval, "
        f"from the final's round robin ({status.total} matches)</p>"
        f"<table id='final'><thead><tr>{head}</tr></thead><tbody>{lines}</tbody></table>"
        "<h2>ladder</h2>"
    )


def leaderboard(
    game: str,
    rows: Sequence[StandingRow],
    final: FinalStatus | None = None,
    final_rows: Sequence[FinalRow] = (),
) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in COLUMNS)
    lines = "".join(
        f"<tr data-submission='{row.submission}'>"
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in row_cells(row.to_json()))
        + "</tr>"
        for row in rows
    )
    body = (
        f"<p>game: <b>{html.escape(game or 'none yet')}</b></p>"
        + _final_section(final, final_rows)
        + f"<table><thead><tr>{head}</tr></thead>"
        f"<tbody id='standings' data-game='{html.escape(game, quote=True)}'>{lines}</tbody>"
        "</table>"
    )
    return _page("botarena arena", body, LIVE_SCRIPT)


def login_page() -> str:
    body = """
<form id='login'><input name='team' placeholder='team'> <input name='name' placeholder='name'>
<input name='password' type='password' placeholder='password'> <button>log in</button></form>
<p id='answer'></p>"""
    script = """
document.getElementById('login').onsubmit = async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const response = await fetch('/api/login', {method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(Object.fromEntries(form))});
  if (response.ok) location.reload();
  else document.getElementById('answer').textContent = (await response.json()).error;
};"""
    return _page("log in", body, script)


def team_page(arena: Arena, team: int) -> str:
    submissions = arena.store.submissions(team=team)
    rows = []
    for sub in reversed(submissions):
        games = arena.store.matches(submission=sub.id, limit=20)
        links = " ".join(
            f"<a href='/match/{m.id}'>{m.kind} {m.id} ({html.escape(m.status)})</a>" for m in games
        )
        retire = (
            f"<button class='retire' data-submission='{sub.id}'>retire</button>"
            if sub.status in ("accepted", "error") and not sub.active
            else ""
        )
        rows.append(
            f"<tr><td>v{sub.version}</td><td>{html.escape(sub.game)}</td>"
            f"<td>{html.escape(sub.status)}{' (active)' if sub.active else ''}</td>"
            f"<td>{html.escape(sub.reason)}</td><td>{links}</td><td>{retire}</td></tr>"
        )
    body = (
        "<h2>uploads</h2><table><tr><th>version</th><th>game</th><th>status</th>"
        "<th>reason</th><th>games (logs on each match page)</th><th></th></tr>"
        f"{''.join(rows)}</table>"
        "<h2>challenge</h2><form id='challenge'><input name='opponent' "
        "placeholder='submission id'> <button>challenge</button></form><p id='answer'></p>"
    )
    script = """
document.getElementById('challenge').onsubmit = async (event) => {
  event.preventDefault();
  const opponent = Number(new FormData(event.target).get('opponent'));
  const response = await fetch('/api/challenges', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify({opponent})});
  const answer = await response.json();
  document.getElementById('answer').textContent =
    response.ok ? 'challenge ' + answer.challenge + ' queued' : answer.error;
};
for (const button of document.querySelectorAll('button.retire')) {
  button.onclick = async () => {
    const response = await fetch('/api/submissions/' + button.dataset.submission + '/retire',
      {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{}'});
    if (response.ok) location.reload();
    else document.getElementById('answer').textContent = (await response.json()).error;
  };
}"""
    return _page("team", body, script)


def match_page(match: dict[str, Any]) -> str:
    seats = "".join(
        f"<tr><td>{seat['seat']}</td><td>{html.escape(seat['label'])}</td>"
        f"<td>{seat['points']}</td><td>{html.escape(str(seat['cause']))}</td><td>"
        + (
            f"<a href='/api/matches/{match['id']}/log/{seat['seat']}'>log</a>"
            if seat["log"]
            else ""
        )
        + "</td></tr>"
        for seat in match["seats"]
    )
    replay = (
        f"<p><a id='viewer' href='/viewer#replay?root=0&amp;path={match['id']}'>watch the "
        f"replay</a> · <a href='/api/matches/{match['id']}/replay'>download it</a></p>"
        if match["replay"]
        else ""
    )
    body = (
        f"<p>{html.escape(match['game'])}, {html.escape(match['kind'])}, seed {match['seed']}, "
        f"botarena {html.escape(match['version'])}: {html.escape(match['status'])}</p>"
        "<table><tr><th>seat</th><th>bot</th><th>points</th><th>cause</th><th></th></tr>"
        f"{seats}</table>{replay}"
    )
    return _page(f"match {match['id']}", body)


def organiser_data(arena: Arena) -> dict[str, Any]:
    return {
        "teams": [name for _, name in arena.store.teams()],
        "workers": [
            {"name": name, "last_seen": seen, "leases": leases, "results": results}
            for name, seen, leases, results in arena.store.workers()
        ],
        "queue": arena.store.queue_counts(),
        "ladder_running": arena.ladder_running,
        "replays_private": arena.replays_private,
        "finals": {game: status.to_json() for game, status in arena.store.finals().items()},
    }


def organiser_page() -> str:
    body = (
        "<form id='token'><input name='token' type='password' placeholder='organiser token'> "
        "<button>show</button></form><pre id='state'></pre>"
        "<button id='start'>start the ladder</button> <button id='stop'>stop the ladder</button>"
        "<form id='final'><input name='game' placeholder='game'> "
        "<button>start the final phase</button></form><p id='answer'></p>"
    )
    script = (
        "const token = () => document.querySelector('[name=token]').value;\n"
        "const headers = () => ({'Authorization': 'Bearer ' + token(),"
        " 'Content-Type': 'application/json'});\n"
        "async function show() { const r = await fetch('/api/organiser', {headers: headers()});"
        " document.getElementById('state').textContent ="
        " JSON.stringify(await r.json(), null, 1); }\n"
        "document.getElementById('token').onsubmit = (e) => { e.preventDefault(); show(); };\n"
        "for (const [id, running] of [['start', true], ['stop', false]])"
        " document.getElementById(id).onclick = async () => {"
        " await fetch('/api/ladder', {method: 'POST', headers: headers(),"
        " body: JSON.stringify({running})}); show(); };\n"
        "document.getElementById('final').onsubmit = async (e) => { e.preventDefault();"
        " const game = new FormData(e.target).get('game');"
        " const r = await fetch('/api/final', {method: 'POST', headers: headers(),"
        " body: JSON.stringify({game})});"
        " document.getElementById('answer').textContent = r.ok ? 'final phase started'"
        " : (await r.json()).error; show(); };\n"
    )
    return _page("organiser", body, script)
