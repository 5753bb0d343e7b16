"""Reading what players type: the text and TOML readers' shared helpers, TOML's
positions and messages in our words, and the seed range."""
