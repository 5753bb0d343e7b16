"""The seeds that deal a game: one range for every command's ``--seed`` and for the
``seed:`` of every log that ``check`` replays."""

MAX_SEED = 2**63 - 1  # 19 digits; the seeds ``astra simulate`` deals its games with are 63 bits
