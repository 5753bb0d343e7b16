"""Astra's part of the kit. Its paths are also the single commands' default outputs, so
the two always agree; the kit's README.txt is in the kit's language."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from pnp.kit import Copies, Job, KitSettings, Note, credits_text, file_names, printing_notes

if TYPE_CHECKING:
    from pnp.layouts.cards import CardOptions

FOLDER = "astra"
JOURNAL_PATH = "astra/journal"
BOARDS_PATH = "astra/sphere-boards"
TOKENS_PATH = "astra/tokens"
SCORE_PAD_PATH = "astra/score-pad"
SETUP_SHEET_PATH = "astra/setup-sheet"


def board_path(players: int | None) -> str:
    return BOARDS_PATH if players is None else f"astra/sphere-board-{players}-players"


def _suffix(options: CardOptions) -> str:
    from pnp.paper.sizes import Backs

    if options.print_shop:
        return "-print-shop"
    return "" if options.backs is Backs.NONE else f"-{options.backs.value}"


def cards_path(options: CardOptions, only: bool = False) -> str:
    return f"astra/constellation-cards{'-some' if only else ''}{_suffix(options)}"


def scoring_cards_path(options: CardOptions) -> str:
    """The Final Scoring cards' and the Game End card's sheet."""
    return f"astra/final-scoring-and-game-end-cards{_suffix(options)}"


def game_end_path(options: CardOptions) -> str:
    return f"astra/game-end-card{_suffix(options)}"


def aid_path(options: CardOptions) -> str:
    return f"astra/player-aid{_suffix(options)}"


def jobs(settings: KitSettings) -> list[Job]:
    from pnp.astra.constellations import constellations
    from pnp.astra.text import Lang
    from pnp.layouts.astra.board_documents import boards_document, tokens_document
    from pnp.layouts.astra.box_documents import (
        aid_document,
        journal_document,
        score_pad_document,
        scoring_cards_document,
        setup_sheet_document,
    )
    from pnp.layouts.astra.card_documents import constellation_cards_document
    from pnp.paper.sizes import Backs

    paper, lang = settings.paper, Lang(settings.lang)
    fronts = replace(settings.cards, backs=Backs.NONE)
    duplex = replace(settings.cards, backs=Backs.DUPLEX)
    cards = constellations()
    what = WHAT[settings.lang]
    two = Backs.DUPLEX
    out: list[Job] = []
    for options in (fronts, duplex):
        build = partial(constellation_cards_document, cards, paper, options, lang)
        out.append(
            Job(cards_path(options), build, what=what[options.backs.value], backs=options.backs)
        )
    out += [
        Job(
            scoring_cards_path(duplex),
            lambda: scoring_cards_document(paper, duplex, lang),
            what=what["scoring"],
            backs=two,
        ),
        Job(
            aid_path(duplex), lambda: aid_document(paper, duplex, lang), what=what["aid"], backs=two
        ),
        Job(
            JOURNAL_PATH,
            lambda: journal_document(paper, lang),
            what=what["journal"],
            copies=Copies.PER_PLAYER,
        ),
        Job(BOARDS_PATH, lambda: boards_document(paper, lang), what=what["boards"]),
        Job(TOKENS_PATH, lambda: tokens_document(paper, lang), what=what["tokens"]),
        Job(
            SCORE_PAD_PATH,
            lambda: score_pad_document(paper, lang),
            what=what["score_pad"],
            copies=Copies.AS_NEEDED,
        ),
        Job(SETUP_SHEET_PATH, lambda: setup_sheet_document(paper, lang), what=what["setup"]),
    ]
    return out


WHAT: dict[str, dict[str, str]] = {  # each file in a few words, for the gallery
    "en": {
        "none": "the 48 constellation cards, fronts only",
        "duplex": "the 48 constellation cards with their backs",
        "scoring": "the 6 Final Scoring cards and the Game End card",
        "aid": "the 5 Player Aid cards",
        "journal": "a Journal",
        "boards": "the Sphere boards for 2 to 5 players",
        "tokens": "First Player token, Sphere marker, Telescopes and Stardust",
        "score_pad": "the end-of-game score pad",
        "setup": "the set-up sheet",
    },
    "fr": {
        "none": "les 48 cartes Constellation, recto seul",
        "duplex": "les 48 cartes Constellation avec leur verso",
        "scoring": "les 6 cartes Décompte final et la carte Fin de partie",
        "aid": "les 5 aides de jeu",
        "journal": "un plateau Joueur",
        "boards": "les disques élémentaires pour 2 à 5 joueurs",
        "tokens": "tuile Premier joueur, pion Élément, Télescopes et poussières d'étoile",
        "score_pad": "le bloc de score",
        "setup": "la mise en place",
    },
}


README = {
    "en": """\
Astra: print-and-play kit
=========================

Our own cards and boards for Astra (Mindclash Games), drawn from real sky data: you
need the rules (the publisher's rulebook). Print every page at 100 % ("actual size");
the ruler on every page must measure 50 mm.{scaled}{svg}

{fronts}
    the 48 constellation cards, fronts only.
{duplex}
    the same with their backs, for a duplex printer (made for a {flip}-edge
    flip, backs moved {dx},{dy} mm).{order}
{scoring}
    the 6 Final Scoring cards and the Game End card, on one sheet, with their backs.
{aid}
    the 5 Player Aid cards, on one sheet, with their backs.
{journal}
    a Journal: print one per player.
{boards}
    the Sphere boards: the sides for 2, 3, 4 and 5 players.
{tokens}
    First Player token, Sphere marker, 20 Telescopes and 60 Stardust.
{score_pad}
    the end-of-game score pad, in the order of final scoring.
{setup_sheet}
    the set-up sheet: the deck for 2 to 5 players, each player's share, solo.
{calibration}
    a test sheet for your printer (in the folder above).

{printer}

Playing on paper: the cards and the Journals are written on in every game. Put the
cards in sleeves and the Journals in clear sheet protectors and use dry-erase markers,
or print new ones for each game. Each player needs a pen of their own colour (and a
third one, the Dreamer's, for two players): boon picks and final scoring count each
player's marked stars.

`pnp astra cards --only NAME` reprints a lost or damaged card, with its back (duplex;
`--backs none` for the front only).

Solo against Ptolemy: `pnp astra solo` plays his turns and says everything to change on
the table (his die and card, his stars, discoveries, refills, the sphere marker); `pnp
astra score` and `pnp astra check` score a finished game (`pnp astra formats` says what
to type).

Credits: see CREDITS.txt.
""",
    "fr": """\
Astra : kit à imprimer
======================

Nos propres cartes et plateaux pour Astra (Mindclash Games), tirés de vraies données du
ciel : il vous faut les règles (le livret de l'éditeur). Imprimez chaque page à 100 %
(« taille réelle ») ; la règle de chaque page doit mesurer 50 mm.{scaled}{svg}

{fronts}
    les 48 cartes Constellation, recto seul.
{duplex}
    les mêmes avec leur verso, pour une imprimante recto verso (retournement
    sur le bord {flip}, versos décalés de {dx},{dy} mm).{order}
{scoring}
    les 6 cartes Décompte final et la carte Fin de partie, sur une feuille, avec leur
    verso.
{aid}
    les 5 aides de jeu, sur une feuille, avec leur verso.
{journal}
    un plateau Joueur : à imprimer pour chaque joueur.
{boards}
    les disques élémentaires : les faces pour 2, 3, 4 et 5 joueurs.
{tokens}
    tuile Premier joueur, pion Élément, 20 Télescopes et 60 poussières d'étoile.
{score_pad}
    le bloc de score, dans l'ordre du décompte final.
{setup_sheet}
    la mise en place : la pile pour 2 à 5 joueurs, ce que reçoit chaque joueur, le solo.
{calibration}
    une page de test pour votre imprimante (dans le dossier au-dessus).

{printer}

Jouer sur papier : on écrit sur les cartes et les plateaux Joueur à chaque partie.
Glissez les cartes dans des protège-cartes et les plateaux dans des pochettes
transparentes, et utilisez des feutres effaçables à sec, ou imprimez-en de nouveaux à
chaque partie. Chaque joueur a besoin d'un feutre de sa couleur (et d'un troisième,
celui du rêveur, à 2 joueurs) : le choix des bonus et le décompte final comptent les
étoiles cochées par chaque joueur.

`pnp astra cards --only NOM` réimprime une carte perdue ou abîmée, avec son verso
(recto verso ; `--backs none` pour le recto seul).

Solo contre Ptolémée : `pnp astra solo --lang fr` joue ses tours et dit tout ce qu'il faut
changer sur la table (son dé et sa carte, ses étoiles, les découvertes, les cartes qui
remplacent, le pion Élément) ; `pnp astra score` et `pnp astra check` comptent les points
d'une partie finie (`pnp astra formats` dit quoi écrire, en anglais).

Crédits : voir CREDITS.txt.
""",
}

FLIP_FR = {"long": "long", "short": "court"}

SVG_FR = """

Chaque fichier .svg est une page, mesurée en millimètres ; un document de plusieurs
pages est numéroté -1, -2, …. Le texte est dessiné en contours : aucune police n'est
nécessaire."""

PRINTER_FR = """\
Si les versos sont décalés, ou si la règle ne mesure pas 50 mm : imprimez la page de
test en recto verso, suivez-la, enregistrez une fois ce que vous lisez avec

    pnp printer set --paper {paper} --flip {flip} --back-offset DX,DY --scale POURCENT

et refaites le kit avec la même commande `pnp kit` : toutes les commandes utilisent
ensuite votre profil d'imprimante (`pnp printer show` l'affiche)."""

CREDIT = {
    "en": """\
Astra is a game by Patrik Porkoláb and Frigyes Schöberl, published by Mindclash Games.
These cards, boards and tokens are our own design, drawn by pnp from public sky data:
they are not the publisher's art, and the rules are the publisher's rulebook's.""",
    "fr": """\
Astra est un jeu de Patrik Porkoláb et Frigyes Schöberl, édité par Mindclash Games.
Ces cartes, plateaux et jetons sont notre propre dessin, tracé par pnp à partir de
données publiques du ciel : ce ne sont pas les illustrations de l'éditeur, et les
règles sont celles de son livret. (Astra is a game by Mindclash Games; these cards
are our own design. The notices below are in English, as their authors wrote them.)""",
}


def readme(written: dict[str, list[str]], settings: KitSettings, calibration: str) -> str:
    from pnp.layouts.cards import CardOptions
    from pnp.paper.sizes import Backs

    duplex = CardOptions(backs=Backs.DUPLEX)
    fmt = written[JOURNAL_PATH][0].rsplit(".", 1)[1]
    fields = printing_notes(settings, calibration, fmt)
    if settings.lang == "fr":
        printer = settings.printer
        fields["printer"] = PRINTER_FR.format(paper=printer.paper, flip=printer.flip.value)
        fields["flip"] = FLIP_FR[fields["flip"]]
        if fmt == "svg":
            fields["svg"] = SVG_FR
            fields["order"] = "\n    Les fichiers impairs sont les rectos, les pairs leurs versos."
    return README[settings.lang].format(
        fronts=file_names(written[cards_path(CardOptions())]),
        duplex=file_names(written[cards_path(duplex)]),
        scoring=file_names(written[scoring_cards_path(duplex)]),
        aid=file_names(written[aid_path(duplex)]),
        journal=file_names(written[JOURNAL_PATH]),
        boards=file_names(written[BOARDS_PATH]),
        tokens=file_names(written[TOKENS_PATH]),
        score_pad=file_names(written[SCORE_PAD_PATH]),
        setup_sheet=file_names(written[SETUP_SHEET_PATH]),
        **fields,
    )


def notes(written: dict[str, list[str]], settings: KitSettings, calibration: str) -> list[Note]:
    return [
        Note(f"{FOLDER}/README.txt", readme(written, settings, calibration)),
        Note(f"{FOLDER}/CREDITS.txt", credits_text(CREDIT[settings.lang])),
    ]
