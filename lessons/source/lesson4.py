"""Lesson 4: chance and strategy."""

from lessons_build import class_book, code, md

LESSON = {
    "number": 4,
    "slug": "chance-strategy",
    "title": {"fr": "Hasard et stratégie", "en": "Chance and strategy"},
    "level": {"fr": "cycle 4 (3e) et lycée (seconde, première)", "en": "cycle 4 (3e) and lycée (seconde, première)"},
    "age": "14–17",
    "minutes": 55,
    "time": {"fr": "55 min (en 3e, parties 1 et 2 : 30 min)", "en": "55 min (in 3e, parts 1 and 2: 30 min)"},
    "objectives": {
        "fr": ["3e : calculer une moyenne de valeurs équiprobables (une pioche face cachée) ;",
               "3e : estimer une probabilité par la simulation (une fréquence) ;",
               "seconde : voir l'estimation se stabiliser quand les parties s'ajoutent ;",
               "première : calculer une espérance, des points multipliés par leur probabilité ;",
               "première : comparer des choix de mise par leur gain moyen, et discuter ses limites."],
        "en": ["3e: average equally likely values (a face-down draw);",
               "3e: estimate a probability by simulation (a frequency);",
               "seconde: watch the estimate settle as games add up;",
               "première: compute an expected value, points multiplied by their probability;",
               "première: compare bets by their average gain, and discuss its limits."],
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

**Par niveau.** Chaque partie dit pour quelle classe elle est écrite. En **3e**, faites les
parties 1 et 2 (probabilité, fréquence, simulation) et arrêtez-vous avant le paquet de 480
parties, puis passez à « Pour discuter » ; en **seconde**, ajoutez ce paquet (la fluctuation
d'échantillonnage) ; en **première**, la partie 3 introduit l'espérance.
""", en="""
## Where is the chance?

In *Canal du Midi*, chance comes in when the cards are shuffled, when a card is drawn face down
(nobody knows it, not even its owner), and when a reinforcement is drawn from the discard pile.
The opponents' bets are not chance, but they are unknown: we can only estimate them.

Every draw in this notebook starts from a fixed number, the **seed**: running a cell again gives
exactly the same results, for the whole class too.

**By level.** Each part says which class it is written for. In **3e**, do parts 1 and 2
(probability, frequency, simulation) and stop before the batch of 480 games, then go to "To
discuss"; in **seconde**, add that batch (sampling fluctuation); in **première**, part 3 introduces
expected value.
""", minutes=5),
    code("""
from canal_heritage.lessons import lab, midi, questions
from canal_heritage.midi import MidiGame
from canal_heritage.midi.narration import Narrator
"""),
    *class_book(4),
    md(fr="""
## 1. Une pioche face cachée · 3e : moyenne

Au début d'une partie, chaque joueur a trois cartes face cachée devant lui. Le joueur qui va
piocher sait quelles valeurs elles peuvent avoir (il connaît ses neuf cartes et voit les six
autres), mais pas laquelle est où.
""", en="""
## 1. A face-down draw · 3e: average

At the start of a game, each player has three face-down cards in front of them. The player about
to draw knows which values they may be (they know their nine cards and see the other six), but
not which one is where.
""", minutes=10),
    code("""
game = MidiGame(2)
state = game.new_initial_state(seed=30)
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
## 2. Quels chantiers sont construits ? · 3e : probabilité et simulation

Faisons jouer 100 parties entre deux robots « heuristiques » (ils suivent des règles simples),
et comptons combien de fois chaque chantier a été construit. La bande verte marque l'objectif
du projet : 60 à 80 % des chantiers construits.
""", en="""
## 2. Which sites get built? · 3e: probability and simulation

Let us have two "heuristic" bots (they follow simple rules of thumb) play 100 games, and count
how often each site was built. The green band is the project's aim: 60 to 80 % of sites built.
""", minutes=15),
    code("""
rates = lab.simulate_thresholds({"A": None}, players=2, games=100, seed=1)
lab.plot_build_rates(rates, lang)
"""),
    code("""
questions.least_built(lang, rates["A"])
"""),
    md(fr="""
**Seconde : la fluctuation d'échantillonnage** (en 3e, on peut s'arrêter ici et passer à
« Pour discuter »). Une estimation faite sur peu de parties varie beaucoup. Pour voir de combien, on joue 480
parties une seule fois, puis on les découpe en paquets : 48 paquets de 10 parties, 12 de 40,
3 de 160, comme si 48 groupes avaient joué chacun 10 parties. Chaque paquet donne sa propre
estimation de la part de parties où Le Somail (VI) est construit (un point par estimation ; les
traits orange marquent la plus basse et la plus haute).
""", en="""
**Seconde: sampling fluctuation** (a 3e class may stop here and go to "To discuss"). An estimate
from few games varies a lot. To see how much, we play 480 games once, then cut
them into batches: 48 batches of 10 games, 12 of 40, 3 of 160, as if 48 groups had each played
10 games. Each batch gives its own estimate of the share of games in which Le Somail (VI) is
built (one dot per estimate; the orange lines mark the lowest and the highest).
"""),
    code("""
spread = lab.estimate_spread("VI", sizes=(10, 40, 160), pool=480, seed=1)
lab.plot_estimate_spread(spread, "VI", lang)
"""),
    code("""
lab.spread_table(spread, lang)
"""),
    md(fr="""
**À vous.**

1. Avec 10 parties par estimation, combien de points d'écart entre la plus haute et la plus
   basse ?
2. Combien de parties par estimation faut-il au moins pour que toutes les estimations soient à
   moins de 10 points de la part mesurée sur toutes les parties (la ligne pointillée) ?
""", en="""
**Your turn.**

1. With 10 games per estimate, how many points apart are the highest and the lowest?
2. How many games per estimate does it take, at least, for every estimate to be within 10
   points of the share over all the games (the dashed line)?
"""),
    code("""
questions.spread_gap(lang, spread, 10)
"""),
    code("""
questions.enough_games(lang, spread, within=0.1)
"""),
    md(fr="""
## 3. L'espérance d'une mise · lycée (première) : espérance

L'**espérance** d'un choix, c'est ce qu'il rapporte en moyenne : chaque gain possible multiplié
par sa probabilité, puis additionné.

**À vous.** Une mise remporte un chantier de valeur 8 dans 3 parties sur 4, et ne rapporte rien
sinon. Quelle est son espérance ?
""", en="""
## 3. The expected value of a bet · lycée (première): expected value

The **expected value** of a choice is what it brings on average: each possible gain multiplied
by its probability, then added up.

**Your turn.** A bet wins a site worth 8 in 3 games out of 4, and brings nothing otherwise. What
is its expected value?
""", minutes=20),
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
    md(fr="""
**Deux mises sont proches.** La meilleure du tableau est-elle vraiment la meilleure, ou les 100
tirages sont-ils simplement tombés ainsi ? Refaisons la même estimation huit fois, chacune avec
sa propre graine. La dernière colonne donne l'avance de la meilleure mise sur la suivante, en
points gagnés en moyenne.
""", en="""
**Two bets are close.** Is the best bet in the table really the best, or did the 100 samples
just fall that way? Let us make the same estimate eight times, each with its own seed. The last
column gives how far the best bet is ahead of the next one, in points gained on average.
"""),
    code("""
runs = midi.bet_runs(state, me, samples=100, seeds=range(1, 9))
midi.bet_runs_table(runs, lang, game)
"""),
    md(fr="""
**À vous.** Dans combien des huit essais votre carte la plus forte sort-elle meilleure mise ?
""", en="""
**Your turn.** In how many of the eight runs does your strongest card come out as the best bet?
"""),
    code("""
questions.times_best(lang, runs, max(r["value"] for r in rows))
"""),
    md(fr="""
Avec 100 tirages, la réponse change d'un essai à l'autre. Recommençons avec 1000 tirages par
essai (quelques secondes) :
""", en="""
With 100 samples the answer changes from one run to the next. Let us start again with 1000
samples per run (a few seconds):
"""),
    code("""
big = midi.bet_runs(state, me, samples=1000, seeds=range(1, 5))
midi.bet_runs_table(big, lang, game)
"""),
    md(fr="""
**À vous.** Avec 1000 tirages, quelle mise rapporte le plus en moyenne ? Regardez aussi de
combien elle devance la suivante (la phrase sous le tableau) : quelques centièmes de point.
""", en="""
**Your turn.** With 1000 samples, which bet brings the most points on average? Look too at how
far it is ahead of the next one (the sentence under the table): a few hundredths of a point.
"""),
    code("""
questions.best_bet(lang, big[0])
"""),
    md(fr="""
## Votre partie : où a-t-elle tourné ? · lycée (première)

Jouez une partie entière contre le robot (neuf tours, une dizaine de minutes). Puis la cellule
suivante **pèse chacune de vos décisions** comme nous avons pesé les mises : à partir de ce que
vous pouviez voir, elle distribue de nombreuses fois les cartes cachées, joue chaque choix
jusqu'au bout et compare les moyennes. Elle nomme les décisions qui vous ont coûté le plus de
points, avec leur marge d'erreur, et votre meilleur coup.
""", en="""
## Your game: where did it turn? · lycée (première)

Play a whole game against the bot (nine rounds, about ten minutes). Then the next cell **weighs
each of your decisions** as we weighed the bets: from what you could see, it deals the hidden
cards many times, plays each choice to the end and compares the averages. It names the decisions
that cost you the most points, with their margin of error, and your best move.
""", minutes=15, paper=False),
    code("""
my_game = midi.RoundStepper(lang, seed=21)
my_game
""", paper=False),
    code("""
from canal_heritage.lessons.where_it_turned import where_it_turned

where_it_turned(my_game, lang)
""", paper=False),
    md(fr="""
**À discuter.** Chaque écart est donné « à tant près ». Pourquoi l'analyse ne peut-elle pas
donner un nombre exact ? Que faudrait-il pour réduire cette marge ?
""", en="""
**To discuss.** Each difference is given "give or take" a margin. Why can the review not give an
exact number? What would it take to make the margin smaller?
""", paper=False),
    md(fr="""
## Pour discuter

- Le robot adverse mise toujours de la même façon. Que changerait un adversaire qui bluffe ?
- Avec 1000 tirages, la meilleure mise ne devance la suivante que de quelques centièmes de point
  (les nombres sont sous le tableau). Cela vaut-il votre carte la plus forte, qui ne sera plus là
  aux tours suivants ?
- Pourquoi les chantiers IV et VI sont-ils si souvent retardés entre robots heuristiques ?
  (Indice : regardez leur valeur.)
""", en="""
## To discuss

- The opposing bot always bets the same way. What would an opponent who bluffs change?
- With 1000 samples, the best bet is only a few hundredths of a point ahead of the next one (the
  numbers are under the table). Is that worth your strongest card, which will not be there in the
  later rounds?
- Why are sites IV and VI so often delayed between heuristic bots? (Hint: look at what they are
  worth.)
""", minutes=5),
]
