"""Sans-I/O protocol cores: feed bytes in, get typed messages out; give messages, get bytes out."""
