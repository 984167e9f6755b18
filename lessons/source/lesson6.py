"""Lesson 6: play Arriala against a bot."""

from lessons_build import answer, class_book, code, md

LESSON = {
    "number": 6,
    "slug": "arriala-play",
    "title": {"fr": "Jouer à Arriala contre un robot", "en": "Play Arriala against a bot"},
    "level": {"fr": "cycle 3 (CM1–6e) et cycle 4 (5e–3e)", "en": "cycle 3 (CM1–6e) and cycle 4 (5e–3e)"},
    "age": "9–15",
    "minutes": 65,
    "objectives": {
        "fr": ["dépenser 5 Points-Actions par tour en choisissant ses actions ;",
               "anticiper ce qui complète une section et qui la marquera, dans une partie commentée ;",
               "prévoir le coup d'un robot, puis le comparer à son explication et le critiquer ;",
               "relire une partie sur sa feuille de score, et trouver avec la revue où elle a tourné."],
        "en": ["spend 5 action points a turn by choosing actions;",
               "foresee what completes a section and who will score it, in a game played for you;",
               "predict a bot's move, then compare it with its explanation and criticise it;",
               "look back on a game through its score sheet, and find with the review where it turned."],
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
""", minutes=8),
    code("""
from canal_heritage.lessons import arriala, questions

game = arriala.PlayArriala(lang, seed=3)
arriala.costs_table(game.game, lang)
"""),
    *class_book(6),
    md(fr="""
**À vous.** Un tour commence avec 5 Points-Actions. Vous posez un nouvel ouvrier : de combien de
cases pouvez-vous encore déplacer un ouvrier pendant ce tour ?
""", en="""
**Your turn.** A turn starts with 5 action points. You place a new worker: how many cells can
you still move a worker this turn?
"""),
    code("""
questions.cells_after_placing(lang, game.game)
"""),
    md(fr="""
## Prévoir le robot

Avant de jouer, observons le robot. Entre Castelsarrasin et Moissac, la section a quatre cases :
Rouge occupe la case 1, Jaune (le robot) les cases 2 et 3. Les ouvriers gris du joueur virtuel
attendent dans les villes. C'est au tour de Jaune.
""", en="""
## Predict the bot

Before playing, let us watch the bot. Between Castelsarrasin and Moissac the section has four
cells: Red holds cell 1, Yellow (the bot) cells 2 and 3. The virtual player's grey workers wait
in the towns. It is Yellow's turn.
""", minutes=12),
    code("""
pos = arriala.position(2, workers={0: ["castelsarrasin-moissac:1"],
                                   1: ["castelsarrasin-moissac:2", "castelsarrasin-moissac:3"]}, current=1)
arriala.draw(pos, lang, highlight=["castelsarrasin-moissac:4"])
"""),
    md(fr="""
**À vous.** Que va faire le robot en premier ? Choisissez, puis cliquez sur *Vérifier*.
""", en="""
**Your turn.** What will the bot do first? Choose, then press *Check*.
"""),
    code("""
questions.predict_bot(lang, pos)
"""),
    md(fr="""
Faisons jouer le robot sur une copie de la position, et lisons son explication :
""", en="""
Let the bot play on a copy of the position, and read its explanation:
"""),
    code("""
arriala.bot_move(pos, lang)
""", reveals=True),
    md(fr="""
**À vous.** Combien de Points-Actions faut-il au minimum pour mettre un ouvrier, n'importe
lequel, sur la case 4 ? Le robot a-t-il trouvé le moyen le moins cher ?
""", en="""
**Your turn.** What is the fewest action points it takes to put a worker, any worker, on cell
4? Did the bot find the cheapest way?
"""),
    code("""
questions.cheapest_way(lang, pos, "castelsarrasin-moissac:4")
"""),
    md(fr="""
**Critiquez le robot.** Son explication parle des points, pas du coût. Qu'auriez-vous fait à sa
place, et qu'auriez-vous fait des Points-Actions économisés ? Écrivez votre réponse dans la
cellule ci-dessous (double-cliquez dessus pour écrire).
""", en="""
**Criticise the bot.** Its explanation talks about points, not about the cost. What would you
have done in its place, and what would you have done with the action points saved? Write your
answer in the cell below (double-click it to write).
"""),
    answer(fr="""
*Votre réponse :*
""", en="""
*Your answer:*
"""),
    md(fr="""
## Une partie commentée

Avant votre propre partie, suivons une partie déjà jouée, la même sur tous les ordinateurs (graine
15). Rouge est joué pour vous : chaque fois qu'une écluse peut compléter une section, il la
construit ; sinon, il joue comme le robot. Jaune est le robot. La partie s'arrête à ses moments
importants : à vous de répondre avant que le moteur ne joue.
""", en="""
## A game played for you

Before your own game, let us follow a game already played, the same on every computer (seed 15).
Red is played for you: whenever a lock can complete a section, Red builds it; otherwise Red plays
as the bot would. Yellow is the bot. The game stops at its important moments: answer before the
engine plays.
""", minutes=15),
    code("""
fixed = arriala.FixedGame(lang, seed=15)
lock = fixed.first_lock()
fixed.before(lock)
"""),
    md(fr="""
**À vous.** Rouge va construire une écluse sur la case entourée. Quelle section cette écluse
complète-t-elle, et qui la marque ?
""", en="""
**Your turn.** Red is about to build a lock on the ringed cell. Which section does this lock
complete, and who scores it?
"""),
    code("""
questions.completed_section(lang, lock.state, lock.text)
"""),
    code("""
questions.section_scorer(lang, lock.state, lock.text)
"""),
    md(fr="""
Le moteur joue l'écluse et raconte :
""", en="""
The engine plays the lock and tells what happens:
"""),
    code("""
fixed.after(lock)
""", reveals=True),
    md(fr="""
La partie continue. Plus tard, le joueur à qui c'est le tour s'apprête à compléter une section plus
grande.
""", en="""
The game goes on. Later, the player whose turn it is is about to complete a larger section.
"""),
    code("""
later = fixed.first_section()
fixed.before(later)
"""),
    md(fr="""
**À vous.** Qui marque cette section ? Combien de points rapporte-t-elle à celui qui la marque ?
""", en="""
**Your turn.** Who scores this section? How many points does it bring whoever scores it?
"""),
    code("""
questions.section_scorer(lang, later.state, later.text)
"""),
    code("""
questions.section_points(lang, later.state, later.text)
"""),
    code("""
fixed.after(later)
""", reveals=True),
    md(fr="""
**La fin de la partie.** Voici le plateau final et la feuille de score : chaque ligne dit d'où
viennent des points.
""", en="""
**The end of the game.** Here are the final board and the score sheet: each line says where some
points came from.
"""),
    code("""
fixed.end()
"""),
    code("""
arriala.score_sheet(fixed.state, lang)
"""),
    md(fr="""
**À vous.** Lisez la feuille de score du vainqueur : pourquoi a-t-il ce total ?
""", en="""
**Your turn.** Read the winner's score sheet: why does the winner have that total?
"""),
    code("""
winner = fixed.state.winners[0]
questions.sheet_points(lang, fixed.state, winner, "section")
"""),
    code("""
questions.sheet_points(lang, fixed.state, winner, "lock")
"""),
    md(fr="""
**Où la partie a-t-elle tourné pour Rouge ?** La revue reprend chaque décision de Rouge et la
compare aux autres choix possibles à ce moment-là, en ne regardant que ce que Rouge pouvait voir.
Elle nomme les décisions qui ont coûté le plus de points (quelques secondes).
""", en="""
**Where did the game turn for Red?** The review takes each of Red's decisions again and compares it
with the other choices Red had then, looking only at what Red could see. It names the decisions
that cost the most points (a few seconds).
"""),
    code("""
from canal_heritage.lessons.where_it_turned import review_of, where_it_turned

review = review_of(fixed)
where_it_turned(fixed, lang, review=review)
"""),
    md(fr="""
**À vous.** Lisez la revue.
""", en="""
**Your turn.** Read the review.
"""),
    code("""
questions.turning_round(lang, review)
"""),
    code("""
questions.turning_cost(lang, review)
"""),
    md(fr="""
**À discuter.** Rouge construisait une écluse dès qu'elle complétait une section. D'après la revue,
était-ce toujours un bon choix ? Pourquoi ? Écrivez votre réponse ci-dessous.
""", en="""
**To discuss.** Red built a lock whenever it completed a section. According to the review, was
that always a good choice? Why? Write your answer below.
"""),
    answer(fr="""
*Votre réponse :*
""", en="""
*Your answer:*
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
""", minutes=20, on_paper={"fr": """
## Votre partie

Jouez une partie d'*Arriala* à deux, avec le plateau et les cartes du jeu : l'un joue Rouge,
l'autre Jaune, et le joueur virtuel garde ses ouvriers dans les villes. Chaque tour, 5
Points-Actions : le tableau du début dit ce que coûte chaque action.
""", "en": """
## Your game

Play a game of *Arriala* in pairs, with the game's board and cards: one of you plays Red, the
other Yellow, and the virtual player keeps its workers in the towns. Each turn, 5 action points:
the table at the start says what each action costs.
"""}),
    code("""
game
""", paper=False),
    md(fr="""
**Pendant la partie.** Notez une explication du robot avec laquelle vous n'êtes pas d'accord, et
pourquoi.
""", en="""
**During the game.** Note one of the bot's explanations you disagree with, and why.
""", on_paper={"fr": """
**Pendant la partie.** Notez un coup de votre adversaire qui vous a surpris, et pourquoi.
""", "en": """
**During the game.** Note one of your opponent's moves that surprised you, and why.
"""}),
    answer(fr="""
*Votre réponse :*
""", en="""
*Your answer:*
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
""", minutes=5, on_paper={"fr": """
## Après la partie

Remplissez la feuille de score de votre partie : d'où viennent les points de chacun ?

| | Rouge | Jaune | Joueur virtuel |
|---|---|---|---|
| Sections | | | |
| Écluses | | | |
| Ouvrages fluviaux | | | |
| Ouvrages d'art | | | |
| Vignes | | | |
| **Total** | | | |
""", "en": """
## After the game

Fill in your game's score sheet: where did each player's points come from?

| | Red | Yellow | Virtual player |
|---|---|---|---|
| Sections | | | |
| Locks | | | |
| River works | | | |
| Engineering works | | | |
| Vineyards | | | |
| **Total** | | | |
"""}),
    code("""
arriala.score_sheet(game.state, lang)
""", paper=False),
    md(fr="""
**Où votre partie a-t-elle tourné ?** Quand la partie est finie, cette cellule reprend chacune
de vos actions et la compare aux autres actions possibles à ce moment-là, en ne regardant que
ce que vous pouviez voir : elle distribue plusieurs fois les cartes que vous ne connaissiez pas,
finit votre tour comme le ferait le robot et évalue le plateau. Elle nomme les actions qui vous
ont coûté le plus de points (quelques secondes).
""", en="""
**Where did your game turn?** When the game is over, this cell takes each of your actions again
and compares it with the other actions you could have played then, looking only at what you
could see: it deals the cards you did not know several times, finishes your turn as the bot
would and values the board. It names the actions that cost you the most points (a few
seconds).
""", paper=False),
    code("""
from canal_heritage.lessons.where_it_turned import where_it_turned

where_it_turned(game, lang)
""", paper=False),
    md(fr="""
> **Histoire ou jeu ?** À deux joueurs, un « joueur virtuel » occupe les villes : c'est une règle
> du jeu pour que la partie reste disputée, pas un personnage de l'histoire. Les vignes du jeu
> (Frontonnais, chasselas de Moissac, Brulhois), elles, sont bien des vignobles proches du
> canal.
""", en="""
> **History or game?** With two players, a "virtual player" holds the towns: a rule of the game
> to keep the contest close, not a figure of history. The game's vineyards (Frontonnais, Moissac
> chasselas, Brulhois), on the other hand, are real vineyards near the canal.
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
""", minutes=5, on_paper={"fr": """
## Pour discuter

- Le robot explique chaque action. Quelle explication vous a semblé la moins convaincante ?
- Avez-vous laissé votre adversaire compléter une section ? Aurait-on pu l'en empêcher ?
- Les vignes ne comptent qu'à la fin : quand faut-il y envoyer un ouvrier ?
""", "en": """
## To discuss

- The bot explains every action. Which explanation did you find least convincing?
- Did you let your opponent complete a section? Could you have stopped it?
- Vineyards count only at the end: when should you send a worker there?
"""}),
]
