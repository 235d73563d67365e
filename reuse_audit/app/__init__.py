"""The applications over the pipeline: the command line, the answers cache, the history
of a repository, and the reading of an agent's trajectory."""
