"""The contest site: uploads, validation games, an always-on ladder and a live leaderboard
(``botarena arena``)."""
