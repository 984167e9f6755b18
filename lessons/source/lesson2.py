"""Lesson 2: a round of Canal du Midi, step by step."""

from lessons_build import class_book, code, md

LESSON = {
    "number": 2,
    "slug": "midi-round",
    "title": {"fr": "Un tour de Canal du Midi, pas à pas", "en": "A round of Canal du Midi, step by step"},
    "level": {"fr": "cycle 3 (CM2–6e) et cycle 4 (5e)", "en": "cycle 3 (CM2–6e) and cycle 4 (5e)"},
    "age": "10–13",
    "minutes": 55,
    "objectives": {
        "fr": ["nommer les étapes d'un tour : révéler, piocher, miser, compter, attribuer ;",
               "prévoir si un chantier est construit ou retardé à partir des mises ;",
               "expliquer qui remporte un chantier, et pourquoi une égalité donne plusieurs pions ;",
               "jouer deux tours contre un robot avec les boutons, pioche comprise, et lire ses explications."],
        "en": ["name the steps of a round: reveal, draw, bet, count, award;",
               "predict from the bets whether a site is built or delayed;",
               "explain who takes a site, and why a tie places several pawns;",
               "play two rounds against a bot with the buttons, the draw included, and read its explanations."],
    },
}

CELLS = [
    md(fr="""
## Les étapes d'un tour

Une partie dure neuf tours, un par chantier. À chaque tour :

- **A. Révéler** : on retourne un chantier ; il demande un certain nombre de points « ouvriers »
  (son *seuil*), qui dépend du nombre de joueurs.
- **B. Piocher** : qui a moins de trois cartes en main en prend une devant lui, face visible
  ou face cachée.
- **C. Miser** : chacun pose une carte de sa main, face cachée, en même temps que les autres.
- **D. Compter** : on retourne les mises et on les additionne. Si le total atteint le seuil, le
  chantier est construit et la plus forte carte le remporte ; sinon il est retardé.
- **E. Renforts** : avant l'attribution, un joueur peut dépenser une pièce pour ajouter à sa
  mise une carte tirée au hasard dans la défausse.
- **F et G** : relier deux villes rapporte une pièce ; gagner un deuxième chantier avec une tente permet un
  échange de cartes.

Dans ce carnet, c'est le moteur du jeu qui applique ces règles : il dit ce qui est permis et
raconte ce qui arrive.
""", en="""
## The steps of a round

A game lasts nine rounds, one per work site. In each round:

- **A. Reveal**: a site card is turned over; it needs a number of worker points (its
  *threshold*), which depends on the number of players.
- **B. Draw**: whoever has fewer than three cards in hand takes one from in front of them,
  face up or face down.
- **C. Bet**: everyone lays one hand card face down, all at the same time.
- **D. Count**: the bets are turned over and added up. If the total reaches the threshold, the
  site is built and the strongest card takes it; if not, the site is delayed.
- **E. Reinforcements**: before the site is awarded, a player may spend a coin to add a card
  drawn at random from the discard pile to their bet.
- **F and G**: linking two cities earns a coin; winning a second camp site allows a card trade.

In this notebook the game's engine applies those rules: it says what is allowed and tells
what happens.
""", minutes=8),
    code("""
from canal_heritage.lessons import midi, questions
from canal_heritage.lessons.common import Storyteller
from canal_heritage.midi.narration import Narrator
"""),
    *class_book(2),
    md(fr="""
## Un tour, bouton par bouton

Vous jouez Clerville contre un robot qui joue Andréossy. Le nombre `seed` fixe le mélange des
cartes : toute la classe a la même partie. La cellule suivante distribue et révèle le premier
chantier.
""", en="""
## One round, one button at a time

You play Clerville against a bot playing Andréossy. The number `seed` fixes the shuffle, so the
whole class has the same game. The next cell deals and reveals the first site.
""", minutes=12, on_paper={"fr": """
## Un tour, étape par étape

Vous jouez Clerville contre un robot qui joue Andréossy. Le nombre `seed` fixe le mélange des
cartes : toute la classe a la même partie. Les cartes sont distribuées et le premier chantier est
révélé :
""", "en": """
## One round, step by step

You play Clerville against a bot playing Andréossy. The number `seed` fixes the shuffle, so the
whole class has the same game. The cards are dealt and the first site is revealed:
"""}),
    code("""
stepper = midi.RoundStepper(lang, seed=7)
stepper.tell()
""", check={
        "fr": "Les ouvriers sont distribués. Clerville mène le premier tour.\n"
              "Tour 1 : le chantier Seuil de Naurouze (II) est révélé. Il faut 7 points « ouvriers ».",
        "en": "The workers are dealt. Clerville leads the first round.\n"
              "Round 1: site Seuil de Naurouze (II) is revealed. It needs 7 worker points."}),
    md(fr="""
Voici la partie. En haut, les étapes du tour (l'étape en cours est en bleu) ; au milieu, **un
bouton pour chaque choix que le moteur permet maintenant** ; en bas, le récit de la partie, avec
les explications du robot en gris.

Votre main est pleine : on passe directement à la mise (étape C).

**À vous.** Le chantier demande 7 points. Cliquez sur la carte que vous misez. Le robot mise à son
tour, les mises sont révélées, puis de nouveaux boutons vous demandent si vous envoyez des renforts
(une pièce) : choisissez, puis lisez comment le chantier est compté et attribué. Les renforts
sont l'étape E, mais ils se jouent au milieu de l'étape D, avant que le chantier soit attribué :
c'est pourquoi la barre des étapes passe de C à E, D restant en pointillés.
""", en="""
Here is the game. At the top, the steps of the round (the current one in blue); in the middle,
**one button for each choice the engine allows now**; below, the story of the game, with the
bot's explanations in grey.

Your hand is full, so the round goes straight to the bet (step C).

**Your turn.** The site needs 7 points. Click the card you bet. The bot bets in its turn, the bets
are revealed, then new buttons ask whether you send reinforcements (a coin): choose, then read how
the site is counted and awarded. Reinforcements are step E, but they are played in the middle of
step D, before the site is given out: that is why the bar of steps goes from C to E, with D
outlined in dashes.
""", on_paper={"fr": """
Voici la partie. En haut, les étapes du tour (l'étape en cours est en bleu) ; puis ce que chacun a
en main et devant lui ; en bas, le récit de la partie. Votre main est pleine : on passe directement
à la mise (étape C).

**À vous.** Le chantier demande 7 points. Quelle carte misez-vous, et pourquoi ? ……………………………………
""", "en": """
Here is the game. At the top, the steps of the round (the current one in blue); then what each
player holds in hand and in front of them; below, the story of the game. Your hand is full, so the
round goes straight to the bet (step C).

**Your turn.** The site needs 7 points. Which card do you bet, and why? ……………………………………
"""}),
    code("""
stepper
"""),
    md(fr="""
## Le tour 2, pioche comprise

Vous avez misé une carte : il vous en reste deux en main. Le tour 2 commence donc par la
**pioche** (étape B) : vous prendrez une des cartes posées devant vous. Le robot a déjà pioché ;
relisez ce que le récit dit de sa pioche, puis répondez.
""", en="""
## Round 2, with the draw

You bet one card, so two are left in your hand. Round 2 therefore begins with the **draw**
(step B): you will take one of the cards lying in front of you. The bot has drawn already; read
what the story says about its draw, then answer.
""", minutes=10, on_paper={"fr": """
## Le tour 2, pioche comprise

Vous avez misé une carte : il vous en reste deux en main. Le tour 2 commence donc par la
**pioche** (étape B) : vous prendrez une des cartes posées devant vous, face visible ou face
cachée.
""", "en": """
## Round 2, with the draw

You bet one card, so two are left in your hand. Round 2 therefore begins with the **draw**
(step B): you will take one of the cards lying in front of you, face up or face down.
"""}),
    code("""
questions.draw_rule(lang)
"""),
    md(fr="""
**À vous.** La partie continue ici (c'est la même que plus haut). Les boutons de la pioche : une
carte face cachée (personne ne sait ce que c'est) ou l'une de vos cartes face visible. Piochez,
misez, décidez des renforts : vous jouez ainsi un tour entier. Arrêtez-vous quand le tour 3
commence dans le récit.
""", en="""
**Your turn.** The game goes on here (it is the same one as above). The draw's buttons: a
face-down card (nobody knows what it is) or one of your face-up cards. Draw, bet, decide on
reinforcements: that is a whole round. Stop when round 3 starts in the story.
""", paper=False),
    code("""
stepper
""", paper=False),
    md(fr="""
Vous venez de jouer un tour entier : pioche, mise, compte, renforts et attribution.
""", en="""
You have just played a whole round: draw, bet, count, reinforcements and award.
""", paper=False),
    md(fr="""
## Une partie entière, en binôme

Une nouvelle partie (une autre graine, d'autres cartes), à jouer jusqu'au bout, neuf tours. La
feuille de score se déplie sous le récit.
""", en="""
## A whole game, in pairs

A new game (another seed, other cards), to play to the end, nine rounds. The score sheet unfolds
under the story.
""", minutes=8, paper=False),
    code("""
midi.RoundStepper(lang, seed=11)
""", paper=False),
    md(fr="""
## Prévoir le compte : l'exemple de la règle

Fin de partie à deux joueurs : il reste le chantier VIII, les Écluses de Fonseranes, qui
demande **9** points. Clerville a en main un Tailleur de pierre (2) et un Charpentier (5) ;
Andréossy un Terrassier (4) et un Géomètre (1). Personne n'a plus de pièce.
""", en="""
## Predicting the count: the rulebook's example

Late in a two-player game, site VIII, the Fonseranes locks, needs **9** points. Clerville holds
a Stonecutter (2) and a Carpenter (5); Andréossy a Digger (4) and a Surveyor (1). Nobody has a
coin left.
""", minutes=12),
    code("""
example = midi.prepared_round(2, built={"I": [0], "II": [1], "III": [1], "IV": [0], "V": [1], "VI": [0]},
                              delayed=["VII"], current="VIII", hands=[[2, 5], [4, 1]], coins=[0, 0], spent=4)
midi.holdings_html(example, lang)
"""),
    md(fr="""
**À vous.**

1. Clerville mise 5 et Andréossy 4. Le chantier est-il construit ?
2. Avec ces mêmes mises, qui remporte le chantier ?
3. Clerville mise 2 et Andréossy 4. Construit ou retardé ?
""", en="""
**Your turn.**

1. Clerville bets 5 and Andréossy 4. Is the site built?
2. With the same bets, who takes the site?
3. Clerville bets 2 and Andréossy 4. Built or delayed?
"""),
    code("""
questions.built_or_delayed(lang, example, {0: 5, 1: 4})
"""),
    code("""
questions.site_winner(lang, example, {0: 5, 1: 4})
"""),
    code("""
questions.built_or_delayed(lang, example, {0: 2, 1: 4})
"""),
    md(fr="""
**Une égalité.** Même position, mais Andréossy tient un Charpentier (5) à la place de son
Terrassier (4). Tous deux misent 5.

4. Qui remporte le chantier ?
5. Combien de pions sont posés sur le chantier ?
""", en="""
**A tie.** The same position, but Andréossy holds a Carpenter (5) instead of his Digger (4).
Both bet 5.

4. Who takes the site?
5. How many pawns are placed on the site?
"""),
    code("""
tie = midi.prepared_round(2, built={"I": [0], "II": [1], "III": [1], "IV": [0], "V": [1], "VI": [0]},
                          delayed=["VII"], current="VIII", hands=[[2, 5], [5, 1]], coins=[0, 0], spent=4)
questions.site_winner(lang, tie, {0: 5, 1: 5})
"""),
    code("""
questions.pawns_placed(lang, tie, {0: 5, 1: 5})
"""),
    md(fr="""
Vérifions avec le moteur : on joue les mises de la question 1 sur une copie de la position, et
le narrateur raconte.
""", en="""
Let us check with the engine: the bets of question 1 are played on a copy of the position, and
the narrator tells what happens.
"""),
    code("""
trial = example.clone()
story = Storyteller(trial, Narrator(lang, trial.game))
story.told = len(trial.log(None))
midi.play_round(trial, {0: 5, 1: 4})
story.tell()
""", reveals=True, check={
        "fr": "Clerville pose sa mise, face cachée.\n"
              "Andréossy pose sa mise, face cachée.\n"
              "Les mises sont révélées : Clerville 5 et Andréossy 4. Total : 9.\n"
              "Le chantier Écluses de Fonseranes (VIII) est construit (9 pour 9 requis). Clerville le remporte avec 5 "
              "et pose un pion.\n"
              "Tour 9 : le chantier Écluse ronde d'Agde (IX) est révélé. Il faut 5 points « ouvriers ».",
        "en": "Clerville places a bet, face down.\n"
              "Andréossy places a bet, face down.\n"
              "The bets are revealed: Clerville 5 and Andréossy 4. Total: 9.\n"
              "Site Écluses de Fonseranes (VIII) is built (9 for 9 needed). Clerville wins it with 5 and places a "
              "pawn.\n"
              "Round 9: site Écluse ronde d'Agde (IX) is revealed. It needs 5 worker points."}),
    md(fr="""
> **Histoire ou jeu ?** Dans le jeu, un chantier est construit si les ouvriers misés atteignent
> son seuil, et les pièces Riquet envoient des renforts. Les seuils ne sont pas historiques : le
> projet les a reconstitués en faisant jouer des robots (leçon 7). Les pièces, elles, rappellent
> un fait : quand l'argent du roi et de la province tardait, Riquet avançait le sien pour que les
> chantiers ne s'arrêtent pas.
""", en="""
> **History or game?** In the game, a site is built when the workers bet reach its threshold,
> and Riquet coins send reinforcements. The thresholds are not historical: the project
> reconstructed them by having bots play (lesson 7). The coins recall a fact: when money from the
> king and the province was late, Riquet advanced his own so that the sites would not stop.
"""),
    md(fr="""
## Pour discuter

- Pourquoi est-il parfois intéressant de miser une petite carte sur un chantier qu'on ne veut
  pas gagner ?
- Un chantier retardé n'est pas perdu pour tout le monde : la leçon 3 explique pourquoi.
- Quand une pièce vaut-elle la peine d'être dépensée en renforts ?
""", en="""
## To discuss

- Why is it sometimes worth betting a small card on a site you do not want to win?
- A delayed site is not lost for everyone: lesson 3 explains why.
- When is a coin worth spending on reinforcements?
""", minutes=5),
    md(fr="""
## Pour aller plus loin : jouer en tapant des commandes

*Facultatif, pour qui veut voir ce qu'il y a derrière les boutons.* Les boutons ne sont que les
choix du moteur. On peut aussi les demander par une commande, `show_choices()`, qui les numérote
à partir de 0, puis en jouer un avec `choose_number(…)`. Voici la même partie qu'au début (graine
7) :
""", en="""
## Going further: playing by typing commands

*Optional, for those who want to see what is behind the buttons.* The buttons are only the
engine's choices. You can also ask for them with a command, `show_choices()`, which numbers them
from 0, then play one with `choose_number(…)`. Here is the same game as at the start (seed 7):
""", minutes=5, paper=False),
    code("""
typed = midi.RoundStepper(lang, seed=7)
typed.show_choices()
""", paper=False),
    md(fr="""
Changez le numéro entre parenthèses puis exécutez la cellule : la carte est misée, puis la
cellule suivante montre les nouveaux choix (les renforts). Exécuter deux fois une cellule de choix
ne joue rien la seconde fois, et le dit.
""", en="""
Change the number in brackets and run the cell: the card is bet, then the next cell shows the new
choices (reinforcements). Running a choice cell twice plays nothing the second time, and says so.
""", paper=False),
    code("""
typed.choose_number(2)
""", paper=False),
    code("""
typed.show_choices()
""", paper=False),
    code("""
typed.choose_number(0)
""", paper=False),
]
