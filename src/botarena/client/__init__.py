"""The bot SDK: what a bot author imports."""
