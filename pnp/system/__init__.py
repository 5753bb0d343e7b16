"""What touches the operating system: shipped data paths, atomic writes that never lose
a file, Ctrl-C held off and delivered, how a run ends, plain text for terminals that
cannot show every character."""
