"""``reuse-audit bench build``: task chains for any repository, from the engine's own index.

Stages, one module each, plain data between them:

* :mod:`.graph`: the dependency graph (functions, call edges, modules, callee
  counts after resolution) from the engine's :func:`reuse_audit.index.build_index`,
  and ranked target proposals;
* :mod:`.walk`: the evidence walk from a seed, one hop at a time, with a
  pluggable chooser (a language model's strict-JSON choice, or a heuristic);
* :mod:`.llm`: an OpenAI-compatible chat-completions client (plain HTTP),
  every answer cached by prompt hash;
* :mod:`.synth`: task synthesis (by a model, or by the heuristic from type
  annotations), and the re-inventing variant;
* :mod:`.execute`: running a reference in an isolated interpreter to take the
  expected values from real returns;
* :mod:`.build`: turns chained into a chain folder, verified by ``bench verify``;
* :mod:`.stats`: the study's Table 1 for any suite.
"""
