"""Many games between bots: scheduling, statistics, reports."""
