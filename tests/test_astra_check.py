"""``pnp astra check``: a log replayed through the engine, the first illegal step named
with its rule, and the end scored as ``pnp astra score`` scores it."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from hypothesis import given

from pnp.astra.bots import BOTS
from pnp.astra.constellations import constellation
from pnp.astra.endgame import parse_endgame
from pnp.astra.log import parse_log
from pnp.astra.setup import setup
from pnp.astra.solo import Difficulty
from pnp.cli import PnpGroup
from pnp.cli.astra_check import check
from pnp.errors import PnpError, SourceError
from pnp.play import astra_simulate
from pnp.score.astra import load_endgame, score_endgame
from pnp.score.astra_replay import check_log, log_setup, replay
from tests.test_fuzz_parsers import FUZZ, mutated

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "astra-game.txt"
TEXT = EXAMPLE.read_text(encoding="utf-8")
LINES = TEXT.splitlines()
DECK = "\n".join(LINES[:5]) + "\n"  # the comments and the header


def replayed(text: str) -> list[str]:
    """The problems replaying ``text`` reports."""
    with pytest.raises(SourceError) as caught:
        check_log(parse_log(text, "g.txt"))
    return [str(p) for p in caught.value.problems]


def changed(number: int, old: str, new: str) -> str:
    lines = LINES[:]
    assert old in lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


def cli() -> click.Group:
    group = PnpGroup("astra")
    group.add_command(check)
    return group


def test_the_example_replays_to_the_engines_totals() -> None:
    log = parse_log(TEXT, str(EXAMPLE))
    dealt = log_setup(log)
    game = replay(log, dealt)
    result, _ = check_log(log)
    assert [p.total for p in result.players] == [f.total for f in game.final()] == [36, 42, 47]
    assert result.winners == ("Dorothy",)


def test_the_final_state_scores_the_same(tmp_path: Path) -> None:
    end = tmp_path / "end.toml"
    out = CliRunner().invoke(cli(), ["check", str(EXAMPLE), "--json", "--final-state", str(end)])
    assert out.exit_code == 0, out.output
    checked = json.loads(out.output)
    scored = score_endgame(load_endgame(end))
    assert [p["total"] for p in checked["players"]] == [p.total for p in scored.players]
    assert checked["winners"] == list(scored.winners) == ["Dorothy"]


def test_the_table_ends_with_the_winner() -> None:
    out = CliRunner().invoke(cli(), ["check", str(EXAMPLE)])
    assert out.exit_code == 0, out.output
    assert out.output.endswith("Winner: Dorothy with 47\n")


def test_a_non_adjacent_star_in_an_observe_is_refused_with_its_rule() -> None:
    # Line 13: "Robin: use Cassiopeia; Sagitta:3-2": the second star must touch the 3.
    sagitta = constellation("Sagitta")
    far = next(n for n in range(1, sagitta.size + 1) if n != 3 and n not in sagitta.neighbours(3))
    found = replayed(changed(13, "Sagitta:3-2", f"Sagitta:3-{far}"))
    assert found == [f"g.txt:13:24: {found[0].split(': ', 1)[1]}"]
    assert found[0].endswith("[astra.observe.adjacent]")


@pytest.mark.parametrize(
    ("number", "old", "new", "expected"),
    [
        (
            7,
            "Robin:",
            "Matthew:",
            "g.txt:7:1: it is Robin's turn, not Matthew's [astra.turn.order]",
        ),
        (8, "Triangulum:2-1-3", "Triangulum:1-2-3", "g.txt:8:10: "),
        (
            15,
            "end",
            "rest",
            "g.txt:15:31: no Rest after an Observe in the same turn [astra.rest.once]",
        ),
        (10, "; Cassiopeia:1-3-2-5-4", "", "g.txt:10:1: take an Observe or a Rest before ending"),
        (16, "pick Matthew 1", "pick Robin 1", "g.txt:16:1: Robin has no marks to assist Libra"),
        (16, "pick Matthew 1", "pick Matthew 5", "g.txt:16:1: boons are numbered 1 to 4"),
        (16, "pick Matthew 1", "Robin: rest", "g.txt:16:1: Matthew first pick a boon on Libra"),
        (
            10,
            "use Equuleus; ",
            "use Leo; ",
            "g.txt:10:8: Robin does not own Leo [astra.ability.owned]",
        ),
    ],
)
def test_the_first_illegal_step_is_named(number: int, old: str, new: str, expected: str) -> None:
    found = replayed(changed(number, old, new))
    assert len(found) == 1 and found[0].startswith(expected)
    assert re.search(r"\[astra\.[a-z.-]+\]\Z", found[0])


def test_a_log_that_stops_early_says_where_the_game_is() -> None:
    found = replayed("\n".join(LINES[:20]) + "\n")
    assert found == [
        "g.txt:20:1: the log ends before the game does: the Game End card has not shown "
        "(next: Matthew)"
    ]


def test_a_turn_after_the_last_one_is_refused() -> None:
    found = replayed(TEXT + "Robin: rest\n")
    assert found == [
        f"g.txt:{len(LINES) + 1}:1: the game is over: its last turn has been played "
        "[astra.game.over]"
    ]


def test_the_end_of_an_action_phase_may_be_written_or_left_out() -> None:
    written, _ = check_log(parse_log(changed(7, "Equuleus:1-2-3", "Equuleus:1-2-3; end"), "g"))
    left_out, _ = check_log(parse_log(TEXT, "g"))
    assert [p.total for p in written.players] == [p.total for p in left_out.players]


def test_the_game_end_card_lies_where_the_player_count_puts_it() -> None:
    text = changed(4, "Cepheus, END, Taurus", "Cepheus, Taurus, END")
    (found,) = replayed(text)
    col = LINES[3].index("Cepheus, END") + len("Cepheus, ") + 1 + len("Taurus, ")
    assert found == (
        f"g.txt:4:{col}: the Game End card lies under the top 23 cards with 3 players, "
        "not 24 [astra.setup.deck]"
    )


def test_a_deck_short_of_a_card_is_refused_at_its_line() -> None:
    (found,) = replayed(changed(4, ", Ursa Major", ""))
    assert found.startswith("g.txt:4:7: expected the 48 constellation cards, each once")
    assert found.endswith("[astra.setup.deck]")


def test_a_seed_deals_the_deck_and_the_scoring_cards() -> None:
    log = parse_log("players: Robin, Matthew\nseed: 7\nRobin: rest\n", "g")
    assert log_setup(log) == setup(("Robin", "Matthew"), 7)


def test_an_illegal_step_exits_with_status_1_and_its_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("g.txt").write_text(changed(7, "Robin:", "Matthew:"), encoding="utf-8")
    out = CliRunner().invoke(cli(), ["check", "g.txt"])
    assert out.exit_code == 1
    assert out.output.startswith("g.txt:7:1: it is Robin's turn")


@FUZZ
@given(mutated([TEXT, DECK + "Robin: Equuleus:1-2-3; end\npick Matthew 1\n"]))
def test_any_log_is_replayed_or_refused(text: str) -> None:
    try:
        result, _ = check_log(parse_log(text, "g.txt"))
    except PnpError:
        return
    assert result.winners


def _two_player_log() -> list[str]:
    from pnp.astra.bots import random_bot
    from pnp.play.astra_simulate import log_text, play

    return log_text(play(2, 0, random_bot)).splitlines()  # ends with Dreamer marks


def test_a_two_player_log_with_dream_steps_replays_and_writes_the_dreamers_marks() -> None:
    lines = _two_player_log()
    assert any("; dream " in line for line in lines)
    result, text = check_log(parse_log("\n".join(lines) + "\n", "g.txt"))
    assert re.search(r"Dreamer = [1-9]", text)
    assert score_endgame(parse_endgame(text, "end.toml")).players == result.players


def test_a_missing_dream_step_is_named_at_the_next_turn() -> None:
    lines = _two_player_log()
    n = next(i for i, line in enumerate(lines) if "; dream " in line)
    dream = lines[n].split("; dream ")[1].split(";")[0]
    lines[n] = lines[n].replace(f"; dream {dream}", "")
    problems = replayed("\n".join(lines) + "\n")
    assert re.fullmatch(
        rf"g\.txt:{n + 2}:1: \w+ first marks [1-4] star\(s\) with the dreamer pen, like dream "
        r"\S+:… \[astra\.turn\.order\]",
        problems[0],
    ), problems
    assert replayed("\n".join(lines[: n + 1]) + "\n")[0].endswith(
        "Dream phase (dream, the card and its stars)"
    )


def test_a_dream_on_the_wrong_card_is_refused_at_its_column() -> None:
    lines = _two_player_log()
    n = next(i for i, line in enumerate(lines) if "; dream " in line)
    col = lines[n].index("dream ") + 1
    card = lines[n][col + 5 :].split(":")[0]
    other = "Leo" if card != "Leo" else "Lyra"
    lines[n] = lines[n].replace(f"dream {card}:", f"dream {other}:")
    (problem,) = replayed("\n".join(lines) + "\n")
    assert problem.startswith(f"g.txt:{n + 1}:{col}: ")
    assert problem.endswith(f"not {other} [astra.dream.card]")


SOLO = (EXAMPLE.parent / "astra-solo.txt").read_text(encoding="utf-8")


def _solo_replayed(text: str) -> list[str]:
    from pnp.score.astra_replay import check_solo

    with pytest.raises(SourceError) as caught:
        check_solo(parse_log(text, "s.txt"))
    return [str(p) for p in caught.value.problems]


def test_a_solo_log_replays_with_ptolemys_turns_played_from_the_seed() -> None:
    from pnp.score.astra_replay import check_solo, format_solo

    result = check_solo(parse_log(SOLO, "s.txt"))
    score = result.ptolemy.score
    assert score is not None and result.ptolemy.yours == result.parts.total
    assert format_solo(result).splitlines()[-1] == result.verdict
    assert result.ptolemy.you_win is (result.parts.total > score.total)


def test_a_solo_log_is_not_written_as_an_end_of_game_file() -> None:
    assert replayed(SOLO)[0].startswith("g.txt:6:1: a solo log has no end-of-game file")


def test_a_solo_log_names_its_first_illegal_step() -> None:
    lines = SOLO.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("You: Hydra:14"))
    lines[at] = "You: Hydra:14-1"
    assert _solo_replayed("\n".join(lines) + "\n")[0].startswith(
        f"s.txt:{at + 1}:6: star 1 on Hydra is not next to star 14"
    )


def test_a_missing_pick_on_his_discovery_is_named_at_your_next_turn() -> None:
    lines = SOLO.splitlines()
    at = lines.index("pick You 3")
    del lines[at]
    problem = _solo_replayed("\n".join(lines) + "\n")[0]
    assert problem.startswith(f"s.txt:{at + 1}:1: You first pick a boon on")


def test_clashing_modifiers_are_refused_at_the_solo_line() -> None:
    text = SOLO.replace("solo: hard-telescopes", "solo: hard-fame-20, easy-fame-0")
    assert _solo_replayed(text) == [
        "s.txt:6:7: easy-fame-0 and hard-fame-20 both set his starting Fame [astra.solo.difficulty]"
    ]


def test_a_turn_for_ptolemy_is_not_written() -> None:
    text = SOLO.replace("# Ptolemy: d6 1: left card Lupus", "Ptolemy: rest  # Lupus", 1)
    with pytest.raises(SourceError, match="'Ptolemy' is not playing"):
        parse_log(text, "s.txt")


@FUZZ
@given(mutated([SOLO]))
def test_any_solo_log_is_replayed_or_refused(text: str) -> None:
    from pnp.score.astra_replay import check_solo

    try:
        log = parse_log(text, "s.txt")
        if not log.header("solo"):
            return
        result = check_solo(log)
    except PnpError:
        return
    assert result.ptolemy.you_win is not None


def test_check_replays_a_solo_log_with_both_scores_and_refuses_a_final_state(
    tmp_path: Path,
) -> None:
    solo = EXAMPLE.parent / "astra-solo.txt"
    out = CliRunner().invoke(cli(), ["check", str(solo)])
    assert out.exit_code == 0, out.output
    assert "Ptolemy" in out.output and re.search(r"(wins|win) with \d+", out.output)
    data = json.loads(CliRunner().invoke(cli(), ["check", str(solo), "--json"]).output)
    assert data
    refused = CliRunner().invoke(cli(), ["check", str(solo), "--final-state", str(tmp_path / "e")])
    assert refused.exit_code == 2 and not (tmp_path / "e").exists()


# A line is one player's turn (astra.turn.over): a step after the turn it writes has
# ended is refused where it is, not played for the next player.


def test_an_observe_after_a_rest_on_its_line_is_refused_where_it_is() -> None:
    # Line 17, "Robin: rest": no discovery, so Robin's turn ends with the Rest.
    problems = replayed(changed(17, "Robin: rest", "Robin: rest; Libra:6"))
    assert problems == [
        "g.txt:17:14: Robin's turn is over: a line is one turn (Matthew's turn starts a line "
        "of its own, like Matthew: rest) [astra.turn.over]"
    ]


def test_two_rests_on_one_line_are_refused_not_scored() -> None:
    text = TEXT.replace("Robin: rest\nMatthew: rest\n", "Robin: rest; rest\n", 1)
    assert replayed(text)[0].startswith("g.txt:17:14: Robin's turn is over")


def test_a_line_without_a_name_after_a_finished_turn_is_refused() -> None:
    text = TEXT.replace("Robin: rest\n", "Robin: rest\nLibra:6\n", 1)
    assert replayed(text)[0].startswith("g.txt:18:1: Robin's turn is over")


def test_the_steps_of_one_turn_may_share_its_line() -> None:
    # Lines 15-16: the boon pick of Dorothy's discovery moves up to her line.
    lines = LINES[:]
    assert lines[14].startswith("Dorothy: use Corvus; Libra:4; end")
    assert lines[15].startswith("pick Matthew 1")
    lines[14] = "Dorothy: use Corvus; Libra:4; end; pick Matthew 1"
    del lines[15]
    result, _ = check_log(parse_log("\n".join(lines) + "\n", "g.txt"))
    assert [p.total for p in result.players] == [36, 42, 47]


def test_a_pick_on_his_discovery_written_on_your_turns_line_is_refused() -> None:
    lines = SOLO.splitlines()
    at = lines.index("pick You 3")
    mine = max(i for i in range(at) if lines[i].startswith("You:"))
    lines[mine] += "; pick You 3"
    del lines[at]
    problem = _solo_replayed("\n".join(lines) + "\n")[0]
    assert problem.startswith(f"s.txt:{mine + 1}:")
    assert problem.endswith(
        "(a boon you pick on his discovery goes on a line of its own) [astra.turn.over]"
    )


# After Andromeda, Eridanus or Virgo (the Action phase skipped), a pick or a discard
# ends the Action phase as after an Observe: ``end`` may be left out.

SKIP = re.compile(r"(use (?:Andromeda|Eridanus|Virgo) [^;\n]*); end(?=; (?:pick|discard)|\n)")


def _simulated(players: int, seed: int, difficulty: frozenset[Difficulty] | None = None) -> str:
    played = astra_simulate.play(players, seed, BOTS["random"], difficulty)
    return astra_simulate.log_text(played)


@pytest.mark.parametrize(
    ("players", "seed", "difficulty"),
    [
        (3, 7581974182852995732, None),  # Ada: use Andromeda Crater:1; end; pick Cleo 2
        (2, 132617877545208785, None),  # …: use Andromeda Delphinus:3; end; discard …
        (1, 5255008286971575629, frozenset()),  # solo: end, then pick Ada 2 on his discovery
    ],
)
def test_end_may_be_left_out_after_an_ability_that_skips_the_action_phase(
    players: int, seed: int, difficulty: frozenset[Difficulty] | None
) -> None:
    from pnp.score.astra_replay import check_solo

    text = _simulated(players, seed, difficulty)
    short, left_out = SKIP.subn(r"\1", text)
    assert left_out, "the random bots no longer play this game: pick another seed"
    if difficulty is None:
        scored = [check_log(parse_log(t, "g.txt"))[0].players for t in (text, short)]
        assert [p.total for p in scored[0]] == [p.total for p in scored[1]]
    else:
        solo = [check_solo(parse_log(t, "s.txt")) for t in (text, short)]
        assert solo[0].parts.total == solo[1].parts.total


def test_a_solo_game_whose_end_showed_before_his_pile_ran_out_is_scored() -> None:
    # Seed 004, "Fin de la partie": the Game End card showed on your turn, so his last
    # turn, with an empty pile, is played from his face-up cards and the game is scored.
    from pnp.score.astra_replay import check_solo

    text = _simulated(1, 1648494568488066455, frozenset({Difficulty.EASY_STARDUST_10}))
    result = check_solo(parse_log(text, "s.txt"))
    view = result.ptolemy
    assert view.pile == 0 and None in view.seen[:2], "no longer this case: pick another seed"
    assert not view.lost and result.verdict == "Ptolemy wins with 61 (Ada 29)"


def _closed_turns(lines: list[str]) -> list[int]:
    """The turn lines whose turn is over at the line's end: it ends with rest, end, a pick
    or a discard, and the next turn line follows."""
    named = [i for i, line in enumerate(lines) if re.match(r"(Robin|Matthew|Dorothy): ", line)]
    return [
        i
        for i, j in itertools.pairwise(named)
        if re.search(r"(\brest|; end|; pick \S+ \d|; discard \S+)$", lines[i])
        and not any(lines[k].strip() for k in range(i + 1, j))
    ]


@pytest.mark.parametrize("step", ["rest", "Libra:6", "end", "pick Robin 1", "use Leo"])
def test_no_step_follows_a_turn_that_is_over(step: str) -> None:
    lines = [line.split("#")[0].rstrip() for line in LINES]
    closed = _closed_turns(lines)
    assert len(closed) > 10
    for i in closed:
        broken = lines[:]
        broken[i] += f"; {step}"
        with pytest.raises(SourceError) as caught:
            check_log(parse_log("\n".join(broken) + "\n", "g.txt"))
        problem = caught.value.problems[0]
        assert (problem.line, problem.col) == (i + 1, len(lines[i]) + 3), problem
        assert problem.message.endswith("[astra.turn.over]") or problem.message.endswith(
            "[astra.game.over]"
        )
