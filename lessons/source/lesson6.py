"""Lesson 6: play Arriala against a bot."""

from lessons_build import code, md

LESSON = {
    "number": 6,
    "slug": "arriala-play",
    "title": {"fr": "Jouer à Arriala contre un robot", "en": "Play Arriala against a bot"},
    "age": "9–15",
    "minutes": 40,
    "objectives": {
        "fr": ["dépenser 5 Points-Actions par tour en choisissant ses actions ;",
               "anticiper ce qui complète une section et qui la marquera ;",
               "lire les explications d'un robot et les critiquer ;",
               "relire une partie sur sa feuille de score."],
        "en": ["spend 5 action points a turn by choosing actions;",
               "foresee what completes a section and who will score it;",
               "read a bot's explanations and criticise them;",
               "look back on a game through its score sheet."],
    },
}

CELLS = [
    md(fr="""
## Avant de jouer

Vous jouez **Rouge** ; le robot joue **Jaune**. À deux joueurs, le tronçon Grisolles–Montech
n'est pas utilisé, et un joueur virtuel (en gris) a un ouvrier dans chaque ville : les deux
joueurs peuvent le déplacer comme celui d'un adversaire, et il marque normalement.

À chaque tour vous avez 5 Points-Actions (PA) ; ceux que vous ne dépensez pas sont perdus.
Voici ce que coûtent les actions :
""", en="""
## Before you play

You play **Red**; the bot plays **Yellow**. With two players, the Grisolles–Montech stretch is
not used, and a virtual player (in grey) has a worker on each town: both players may move it
like an opponent's, and it scores as usual.

Each turn you have 5 action points (AP); any you do not spend are lost. Here is what the
actions cost:
"""),
    code("""
from canal_heritage.lessons import arriala, questions

game = arriala.PlayArriala(lang, seed=3)
arriala.costs_table(game.game, lang)
"""),
    md(fr="""
## La partie

Choisissez un type d'action, puis l'action elle-même (son coût est entre parenthèses), et
cliquez sur *Jouer*. *Finir le tour* passe la main au robot, qui joue tout son tour et explique
ses choix (en italique). Relancez la cellule pour recommencer une partie.
""", en="""
## The game

Choose a kind of action, then the action itself (its cost is in brackets), and press *Play*.
*End the turn* hands over to the bot, which plays its whole turn and explains its choices (in
italics). Run the cell again to start a new game.
"""),
    code("""
game
"""),
    md(fr="""
**À vous.**

1. Combien de Points-Actions a-t-on à chaque tour ?
2. Combien coûte une écluse entre Montech et Castelsarrasin, sur la case 2 ?
""", en="""
**Your turn.**

1. How many action points does a player have each turn?
2. What does a lock between Montech and Castelsarrasin, on cell 2, cost?
"""),
    code("""
questions.action_points(lang, game.state)
"""),
    code("""
questions.action_cost(lang, game.state, "lock montech-castelsarrasin:2")
"""),
    md(fr="""
## Après la partie

La feuille de score montre d'où viennent les points de chacun : sections, écluses, ouvrages
fluviaux, ouvrages d'art et vignes. Exécutez la cellule quand la partie est finie (ou en cours
de route).
""", en="""
## After the game

The score sheet shows where everyone's points came from: sections, locks, river works,
engineering works and vineyards. Run the cell when the game is over (or along the way).
"""),
    code("""
arriala.score_sheet(game.state, lang)
"""),
    md(fr="""
## Pour discuter

- Le robot explique chaque action. Quelle explication vous a semblé la moins convaincante ?
- Avez-vous laissé le robot compléter une section ? Aurait-on pu l'en empêcher ?
- Les vignes ne comptent qu'à la fin : quand faut-il y envoyer un ouvrier ?
""", en="""
## To discuss

- The bot explains every action. Which explanation did you find least convincing?
- Did you let the bot complete a section? Could you have stopped it?
- Vineyards count only at the end: when should you send a worker there?
"""),
]
