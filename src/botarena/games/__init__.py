"""Game plugins: one package per game and season (pure rules, wire codecs, built-in players)."""
