"""Lesson 4: chance and strategy."""

from lessons_build import code, md

LESSON = {
    "number": 4,
    "slug": "chance-strategy",
    "title": {"fr": "Hasard et stratégie", "en": "Chance and strategy"},
    "age": "13–17",
    "minutes": 55,
    "objectives": {
        "fr": ["calculer une moyenne de valeurs équiprobables (une pioche face cachée) ;",
               "estimer une probabilité par la simulation et voir l'estimation se stabiliser ;",
               "calculer une espérance : des points multipliés par leur probabilité ;",
               "comparer des choix de mise par leur gain moyen, et discuter ses limites."],
        "en": ["average equally likely values (a face-down draw);",
               "estimate a probability by simulation, and watch the estimate settle;",
               "compute an expected value: points multiplied by their probability;",
               "compare bets by their average gain, and discuss its limits."],
    },
}

CELLS = [
    md(fr="""
## Où est le hasard ?

Dans *Canal du Midi*, le hasard intervient quand on mélange les cartes, quand on pioche une
carte face cachée (personne ne la connaît, pas même son propriétaire), et quand un renfort est
tiré dans la défausse. Les mises des adversaires ne sont pas du hasard, mais on ne les connaît
pas : on ne peut que les estimer.

Tous les tirages de ce carnet partent d'un nombre fixe, la **graine** (`seed`) : en relançant une
cellule, on retrouve exactement les mêmes résultats, et toute la classe aussi.
""", en="""
## Where is the chance?

In *Canal du Midi*, chance comes in when the cards are shuffled, when a card is drawn face down
(nobody knows it, not even its owner), and when a reinforcement is drawn from the discard pile.
The opponents' bets are not chance, but they are unknown: we can only estimate them.

Every draw in this notebook starts from a fixed number, the **seed**: running a cell again gives
exactly the same results, for the whole class too.
"""),
    code("""
from canal_heritage.lessons import lab, midi, questions
from canal_heritage.midi import MidiGame
from canal_heritage.midi.narration import Narrator
"""),
    md(fr="""
## 1. Une pioche face cachée

Au début d'une partie, chaque joueur a trois cartes face cachée devant lui. Le joueur qui va
piocher sait quelles valeurs elles peuvent avoir (il connaît ses neuf cartes et voit les six
autres), mais pas laquelle est où.
""", en="""
## 1. A face-down draw

At the start of a game, each player has three face-down cards in front of them. The player about
to draw knows which values they may be (they know their nine cards and see the other six), but
not which one is where.
"""),
    code("""
game = MidiGame(2)
state = game.new_initial_state(seed=5)
narrator = Narrator(lang, game)
me = state.current_player()
pool = midi.face_down_pool(state, me)
print(narrator.seat(me), ":", narrator.tr.join([narrator.worker(v) for v in pool]))
"""),
    md(fr="""
**À vous.** En moyenne, quelle valeur donne une pioche face cachée ? (Une réponse décimale
est acceptée, à 0,05 près.)
""", en="""
**Your turn.** On average, what value does a face-down draw give? (A decimal answer is
accepted, to within 0.05.)
"""),
    code("""
questions.face_down_average(lang, state, me)
"""),
    md(fr="""
## 2. Quels chantiers sont construits ?

Faisons jouer 100 parties entre deux robots « heuristiques » (ils suivent des règles simples),
et comptons combien de fois chaque chantier a été construit. La bande verte marque l'objectif
du projet : 60 à 80 % des chantiers construits.
""", en="""
## 2. Which sites get built?

Let us have two "heuristic" bots (they follow simple rules of thumb) play 100 games, and count
how often each site was built. The green band is the project's aim: 60 to 80 % of sites built.
"""),
    code("""
rates = lab.simulate_thresholds({"A": None}, players=2, games=100, seed=1)
lab.plot_build_rates(rates, lang)
"""),
    code("""
questions.least_built(lang, rates["A"])
"""),
    md(fr="""
Une estimation faite sur peu de parties varie beaucoup. Voici la part de parties où Le Somail
(VI) est construit, mesurée sur 10, 30 puis 90 parties : plus on joue, plus l'estimation se
stabilise.
""", en="""
An estimate from few games varies a lot. Here is the share of games in which Le Somail (VI) is
built, measured over 10, 30 and then 90 games: the more games, the steadier the estimate.
"""),
    code("""
lab.plot_running_share(lab.running_share("VI", sizes=(10, 30, 90)), "VI", lang)
"""),
    md(fr="""
## 3. L'espérance d'une mise

L'**espérance** d'un choix, c'est ce qu'il rapporte en moyenne : chaque gain possible multiplié
par sa probabilité, puis additionné.

**À vous.** Une mise remporte un chantier de valeur 8 dans 3 parties sur 4, et ne rapporte rien
sinon. Quelle est son espérance ?
""", en="""
## 3. The expected value of a bet

The **expected value** of a choice is what it brings on average: each possible gain multiplied
by its probability, then added up.

**Your turn.** A bet wins a site worth 8 in 3 games out of 4, and brings nothing otherwise. What
is its expected value?
"""),
    code("""
questions.expected_points(lang, 8, 3, 4)
"""),
    md(fr="""
Revenons à notre partie et avançons jusqu'à la mise du premier tour (chacun prend la première
pioche permise). Pour chaque carte que le joueur peut miser, le moteur rejoue la fin du tour
100 fois : les cartes cachées sont redistribuées au hasard parmi ce que le joueur ne voit pas,
et l'adversaire mise selon des règles simples. On mesure combien de points la mise rapporte en
moyenne.
""", en="""
Back to our game: let us move on to the first bet (each player takes the first draw allowed).
For each card the player may bet, the engine plays the end of the round 100 times: the hidden
cards are dealt again at random among what the player cannot see, and the opponent bets by
simple rules of thumb. We measure how many points the bet brings on average.
"""),
    code("""
while state.observation(state.current_player()).phase != "bet":
    state.apply_action(state.legal_actions()[0])
me = state.current_player()
obs = state.observation(me)
print(narrator.site(obs.current_site), "·", obs.threshold, "·", narrator.seat(me))
rows = midi.bet_outcomes(state, me, samples=100, seed=1)
midi.bet_table(rows, lang, game)
"""),
    code("""
lab.plot_bets(rows, lang)
"""),
    code("""
questions.best_bet(lang, rows)
"""),
    md(fr="""
## Pour discuter

- Le robot adverse mise toujours de la même façon. Que changerait un adversaire qui bluffe ?
- Une mise qui rapporte le plus en moyenne est-elle toujours la meilleure ? Pensez aux tours
  suivants : une carte jouée maintenant ne servira plus.
- Pourquoi les chantiers IV et VI sont-ils si souvent retardés entre robots heuristiques ?
  (Indice : regardez leur valeur.)
""", en="""
## To discuss

- The opposing bot always bets the same way. What would an opponent who bluffs change?
- Is the bet that brings most on average always the best? Think of the later rounds: a card
  played now will not be there later.
- Why are sites IV and VI so often delayed between heuristic bots? (Hint: look at what they are
  worth.)
"""),
]
