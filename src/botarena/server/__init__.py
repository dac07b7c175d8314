"""Game servers: lobby, rooms, timeouts, replays and the asyncio frontends."""
