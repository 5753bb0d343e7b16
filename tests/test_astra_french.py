"""``--lang fr`` for ``pnp astra score``, ``check`` and ``simulate``: the tables, verdicts
and summaries in French with the French card names (seed 004's terms), every rule id
stated in French, and ``--json`` and the English output unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from pnp.astra.endgame import RULES as SCORE_RULES
from pnp.astra.rules import RULES as ENGINE_RULES
from pnp.astra.solo import SOLO_RULES
from pnp.astra.text import Lang, keys, text
from pnp.cli import cli
from pnp.errors import Problem, SourceError
from pnp.score.astra_problems import in_lang, rule_statement, said

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"
ENDGAME = EXAMPLES / "astra-endgame.toml"
GAME = EXAMPLES / "astra-game.txt"
SOLO = EXAMPLES / "astra-solo.txt"
RULES = {**ENGINE_RULES, **SCORE_RULES, **SOLO_RULES}
STATED = {key.removeprefix("rules.") for key in keys() if key.startswith("rules.")}


def run(*args: str) -> tuple[int, str, str]:
    out = CliRunner().invoke(cli, ["astra", *args])
    return out.exit_code, out.stdout, out.stderr


def test_every_rule_id_has_a_french_statement() -> None:
    missing = sorted(rule for rule in RULES if rule_statement(rule, Lang.FR) is None)
    assert not missing, f"add to data/astra/text/rules.toml a French statement for: {missing}"


def test_the_statements_translate_the_codes_and_name_no_other_rule() -> None:
    stale = sorted(STATED - set(RULES))
    assert not stale, f"rules.toml states rule ids the code no longer has: {stale}"
    changed = sorted(r for r in STATED & set(RULES) if text(f"rules.{r}", Lang.EN) != RULES[r])
    assert not changed, f"the English statement changed, check the French too: {changed}"


FRENCH_TABLE = """\
Astra · 3 joueurs · autour du disque : Cassiopée, Dragon

Robin
  Renommée en jeu                         31
  Capacité de sacoche                      8
  Limite de cartes (Sagesse 5)             5
  Poussière d'étoile 7 ÷ 3                 2
  Étoiles cochées 2 ÷ 2                    1
  Cartes actives : Taureau 2, Vierge 2     4
  Carte Décompte final Air+Feu             7
    lignes : Feu 2, Terre 2, Air 0, Eau 0
    colonnes : 3, 0, 0, 0
  total                                   58
"""


def test_score_in_french_names_each_part_as_the_french_rulebook_does() -> None:
    code, out, _ = run("score", str(ENDGAME), "--lang", "fr")
    assert code == 0
    assert out.startswith(FRENCH_TABLE)
    assert "  Cartes actives : Orion 2, Poissons 2, Hydre 2     6\n" in out
    assert out.endswith("\nVainqueur : Dorothy avec 75\n")


def test_a_shared_victory_in_french(tmp_path: Path) -> None:
    tied = ENDGAME.read_text(encoding="utf-8").replace("fame = 35", "fame = 18")
    path = tmp_path / "tie.toml"
    path.write_text(tied, encoding="utf-8")
    code, out, _ = run("score", str(path), "--lang", "fr")
    assert code == 0 and out.endswith("\nVictoire partagée : Robin et Dorothy avec 58\n")


def test_english_is_the_default_and_json_is_the_same_in_both_languages() -> None:
    for command, path in (("score", ENDGAME), ("check", GAME), ("check", SOLO)):
        assert run(command, str(path)) == run(command, str(path), "--lang", "en")
        english = run(command, str(path), "--json")
        assert english[0] == 0 and english == run(command, str(path), "--json", "--lang", "fr")


def test_check_in_french_ends_with_the_same_table_as_score(tmp_path: Path) -> None:
    end = tmp_path / "end.toml"
    code, out, _ = run("check", str(GAME), "--lang", "fr", "--final-state", str(end))
    assert code == 0
    assert run("score", str(end), "--lang", "fr")[1] == out
    assert out.startswith("Astra · 3 joueurs · autour du disque : Cancer, Flèche\n")
    assert "  Cartes actives : Cassiopée 1, Coupe 1     2\n" in out
    assert out.endswith("\nVainqueur : Dorothy avec 47\n")


def test_a_solo_log_in_french() -> None:
    code, out, _ = run("check", str(SOLO), "--lang", "fr")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Astra solo contre Ptolémée · difficulté : hard-telescopes"
    assert "Ptolémée" in lines and "  jetons Télescope           2" in lines
    assert lines[-1] == "Ptolémée gagne avec 49 (You 32)"


def _broken(tmp_path: Path, old: str, new: str) -> str:
    text = GAME.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "g.txt"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def test_a_broken_rule_leads_with_its_french_statement(tmp_path: Path) -> None:
    path = _broken(tmp_path, "Dorothy: Aries:4-3-2-1", "Dorothy: Aries:4-2-3-1")
    english = run("check", path)
    code, out, err = run("check", path, "--lang", "fr")
    assert english[0] == code == 1 and out == ""
    assert english[2] == (
        f"{path}:9:10: star 2 on Aries is not next to star 4, marked just before"
        " [astra.observe.adjacent]\n"
    )
    assert err == (
        f"{path}:9:10: la première étoile est adjacente à une étoile cochée, chaque suivante"
        " à celle cochée juste avant (star 2 on Aries is not next to star 4, marked just"
        " before) [astra.observe.adjacent]\n"
    )


def test_an_unfinished_log_says_so_in_french(tmp_path: Path) -> None:
    lines = GAME.read_text(encoding="utf-8").splitlines()
    path = tmp_path / "short.txt"
    path.write_text("\n".join(lines[:20]) + "\n", encoding="utf-8")
    code, _, err = run("check", str(path), "--lang", "fr")
    assert code == 1
    assert err == (
        f"{path}:20:1: le journal s'arrête avant la fin de la partie : la carte Fin de partie"
        " n'est pas apparue (au tour de Matthew)\n"
    )


def test_the_end_of_game_files_problems_in_french(tmp_path: Path) -> None:
    bad = ENDGAME.read_text(encoding="utf-8").replace('"Taurus"', '"Tauru"')
    path = tmp_path / "bad.toml"
    path.write_text(bad.replace("Robin = 2", "Robin = 2, Bob = 3"), encoding="utf-8")
    code, _, err = run("score", str(path), "--lang", "fr")
    assert code == 1
    first, second = err.splitlines()
    assert first.startswith(f"{path}:12:19: les constellations sont nommées en anglais ou en")
    assert "did you mean Taurus or Taureau?" in first
    assert first.endswith("[astra.score.constellation]")
    assert second.startswith(f"{path}:35:27: les étoiles cochées sur le disque nomment")
    assert second.endswith("('Bob' is not a player of this game) [astra.score.board-player]")


def test_a_syntax_error_stays_as_it_is(tmp_path: Path) -> None:
    path = _broken(tmp_path, "Dorothy: Aries:4-3-2-1", "Dorothy: Aries:4-3-x")
    assert run("check", path, "--lang", "fr")[1:] == run("check", path)[1:]
    assert "[astra." not in run("check", path)[2]


def test_more_problems_are_counted_in_french() -> None:
    problem = Problem("f.toml", 2, 1, "'Leo:tired' is no card [astra.score.exhausted]")
    one = in_lang(SourceError([problem], 1), Lang.FR)
    three = in_lang(SourceError([problem], 3), Lang.FR)
    assert str(one).splitlines()[0] == (
        "f.toml:2:1: une carte s'écrit Nom (active) ou Nom:exhausted (épuisée)"
        " ('Leo:tired' is no card) [astra.score.exhausted]"
    )
    assert str(one).splitlines()[1] == "… et 1 autre problème"
    assert str(three).splitlines()[1] == "… et 3 autres problèmes"
    english = SourceError([problem], 3)
    assert in_lang(english, Lang.EN) is english


def test_a_rule_id_without_a_statement_yet_is_left_as_it_is() -> None:
    assert said("no such step [astra.observe.new-rule]", Lang.FR) == (
        "no such step [astra.observe.new-rule]"
    )


@given(st.text(max_size=80), st.sampled_from(sorted(STATED)))
def test_any_broken_rule_message_keeps_its_details_and_id(details: str, rule: str) -> None:
    message = f"{details} [{rule}]"
    assert said(message, Lang.EN) == message
    french = said(message, Lang.FR)
    assert french == f"{rule_statement(rule, Lang.FR)} ({details}) [{rule}]"


def _numbers(line: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)?", line)


def test_simulate_in_french_says_the_same_numbers() -> None:
    args = ("simulate", "--players", "2", "--games", "4", "--bot", "random", "--jobs", "1")
    code, english, _ = run(*args)
    code_fr, french, _ = run(*args, "--lang", "fr")
    assert code == code_fr == 0
    en_lines, fr_lines = english.splitlines(), french.splitlines()
    assert fr_lines[0] == "astra : 4 parties, 2 joueurs, bots random"
    assert fr_lines[1].startswith("score     moyenne ")
    assert fr_lines[2].startswith("manches   moyenne ")
    assert fr_lines[3].startswith("victoires partagées ") and fr_lines[3].endswith("\u00a0%")
    assert fr_lines[4].startswith("feutre du rêveur  ")
    for en, fr in zip(en_lines[:5], fr_lines[:5], strict=True):
        assert [n.replace(",", ".") for n in _numbers(fr)] == _numbers(en)
    assert len(en_lines) == len(fr_lines)
    assert "carte Décompte final    donnée  gagnée" in fr_lines
    assert sorted(_numbers(french.replace(",", "."))) == sorted(_numbers(english))


def test_simulate_solo_in_french() -> None:
    args = ("simulate", "--solo", "--games", "2", "--bot", "random", "--jobs", "1", "--lang", "fr")
    code, out, _ = run(*args)
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "astra : 2 parties solo contre Ptolémée, bot random, difficulté : aucune"
    assert lines[2].startswith("Ptolémée  moyenne ")
    assert lines[4].startswith("Ptolémée gagne ")


@pytest.mark.parametrize("command", ["score", "check", "simulate"])
def test_the_commands_offer_lang(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0 and "--lang [en|fr]" in out
