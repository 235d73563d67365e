"""Stage 5, linting: what a rule is, the settings and configuration of the rules, the
engine that runs them over a change set, and the findings they give."""
