"""Lesson 7: the balance lab."""

from lessons_build import answer, class_book, code, md

LESSON = {
    "number": 7,
    "slug": "balance-lab",
    "title": {"fr": "Le laboratoire d'équilibrage", "en": "The balance lab"},
    "level": {"fr": "lycée (seconde, première)", "en": "lycée (seconde, première)"},
    "age": "15–17",
    "minutes": 60,
    "objectives": {
        "fr": ["formuler ce qu'est un jeu « équilibré » avec des critères mesurables ;",
               "changer un paramètre (seuils, cases, table de points) et simuler ;",
               "comparer des variantes dans un tableau et un graphique ;",
               ("argumenter un choix comme un auteur de jeux, en tenant compte du hasard des petits "
                "échantillons.")],
        "en": ["state what a \"balanced\" game is, with measurable criteria;",
               "change one parameter (thresholds, cells, points table) and simulate;",
               "compare variants in a table and a plot;",
               "argue for a choice like a game designer, allowing for the noise of small samples."],
    },
}

CELLS = [
    md(fr="""
## Des nombres à reconstruire

Les règles des deux jeux ne donnent pas tous les nombres : certains étaient imprimés sur les
cartes et le plateau. Le projet les a **reconstruits** en faisant jouer des robots :

- pour *Canal du Midi*, les seuils des neuf chantiers, choisis pour qu'entre 60 et 80 % des
  chantiers soient construits ;
- pour *Arriala*, le nombre de cases de chaque tronçon et la table des points, choisis pour
  que les parties finissent rarement par la règle d'arrêt A-R10 (60 tours) et que les scores
  restent proches.

À votre tour d'être auteur de jeux : changez ces nombres, simulez, comparez, et défendez votre
choix. Les simulations sont courtes pour aller vite : leurs résultats varient, gardez-le en
tête.
""", en="""
## Numbers to reconstruct

The rules of the two games do not give every number: some were printed on the cards and the
board. The project **reconstructed** them by having bots play:

- for *Canal du Midi*, the thresholds of the nine sites, chosen so that 60 to 80 % of sites are
  built;
- for *Arriala*, the number of cells in each stretch and the points table, chosen so that games
  rarely end by the stopping rule A-R10 (60 rounds) and scores stay close.

Now you are the game designer: change those numbers, simulate, compare, and defend your choice.
The simulations are short so that they run quickly: their results vary, keep it in mind.
""", minutes=5),
    code("""
from canal_heritage.lessons import lab, questions

base = lab.midi_thresholds(2)
print(base)
"""),
    *class_book(7),
    md(fr="""
## Canal du Midi : les seuils

Les neuf nombres sont les seuils des chantiers I à IX à deux joueurs. La variante **A** garde
ceux du jeu, **B** rend chaque chantier plus facile d'un point, **C** plus difficile d'un point.
Modifiez les listes (par exemple seulement les chantiers IV et VI) et relancez.
""", en="""
## Canal du Midi: the thresholds

The nine numbers are the thresholds of sites I to IX with two players. Variant **A** keeps the
game's, **B** makes every site one point easier, **C** one point harder. Change the lists (only
sites IV and VI, say) and run again.
""", minutes=12),
    code("""
variants = {
    "A": base,
    "B": [t - 1 for t in base],
    "C": [t + 1 for t in base],
}
results = lab.simulate_thresholds(variants, players=2, games=200, seed=1)
lab.midi_table(results, lang)
"""),
    code("""
lab.plot_build_rates(results, lang)
"""),
    md(fr="""
**À vous.**

1. Quelle variante construit le plus de chantiers ?
2. Combien de variantes restent dans la bande verte (de 60 à 80 % de chantiers construits) ?
   Attention : il peut y en avoir plusieurs, ou aucune.
""", en="""
**Your turn.**

1. Which variant builds the most sites?
2. How many variants stay in the green band (from 60 to 80 % of sites built)? Careful: there may
   be several, or none.
"""),
    code("""
questions.higher_share(lang, results)
"""),
    code("""
questions.in_band(lang, results)
"""),
    md(fr="""
## Une petite différence est-elle réelle ?

Un point de moins sur chaque chantier change beaucoup de choses. Mais la variante **D**, qui ne
rend plus faciles que les chantiers IV et VI, change-t-elle vraiment la part de chantiers
construits ? Pour le savoir, on simule chaque variante **deux fois**, avec deux graines : si la
différence entre A et D est plus petite que l'écart entre deux essais d'une même variante, elle
peut venir du hasard. D'abord avec 20 parties par essai :
""", en="""
## Is a small difference real?

One point less on every site changes a lot. But does variant **D**, which makes only sites IV
and VI easier, really change the share of sites built? To find out, each variant is simulated
**twice**, with two seeds: if the difference between A and D is smaller than the gap between two
runs of the same variant, it may be chance. First with 20 games per run:
""", minutes=15),
    code("""
small = {"A": base, "D": [t - 1 if site in (3, 5) else t for site, t in enumerate(base)]}
few = [lab.simulate_thresholds(small, players=2, games=20, seed=s) for s in (1, 2)]
lab.two_runs_table(*few, lang)
"""),
    md(fr="""
**À vous.** Avec 20 parties par essai, peut-on dire que D construit plus de chantiers que A ?
""", en="""
**Your turn.** With 20 games per run, can we say that D builds more sites than A?
"""),
    code("""
questions.difference_holds(lang, *few, "A", "D")
"""),
    md(fr="""
Et avec 200 parties par essai (quelques secondes) ?
""", en="""
And with 200 games per run (a few seconds)?
"""),
    code("""
many = [lab.simulate_thresholds(small, players=2, games=200, seed=s) for s in (1, 2)]
lab.two_runs_table(*many, lang)
"""),
    code("""
questions.difference_holds(lang, *many, "A", "D")
"""),
    md(fr="""
**Votre conclusion.** En une ou deux phrases : que change D, et sur combien de parties
appuyez-vous votre réponse ? (Double-cliquez sur la cellule ci-dessous pour écrire.)
""", en="""
**Your conclusion.** In one or two sentences: what does D change, and how many games does your
answer rest on? (Double-click the cell below to write.)
"""),
    answer(fr="""
*Votre réponse :*
""", en="""
*Your answer:*
"""),
    md(fr="""
## Arriala : les tronçons et la table des points

Voici les valeurs du jeu : le nombre de cases de chaque tronçon (de Grisolles à Valence
d'Agen), le maximum d'écluses par tronçon, et les points d'une section complète de 1 à 10
ouvriers.
""", en="""
## Arriala: the stretches and the points table

Here are the game's values: the number of cells in each stretch (from Grisolles to Valence
d'Agen), the maximum number of locks per stretch, and the points of a complete section of 1 to
10 workers.
""", minutes=13),
    code("""
defaults = lab.arriala_defaults(2)
print(defaults)
"""),
    md(fr="""
La variante **A** garde les valeurs du jeu, **B** allonge chaque tronçon d'une case, **C** les
raccourcit. Chaque variante joue 30 parties à deux joueurs (quelques secondes). Dans la colonne
de l'avance, le nombre après ± dit de combien le hasard des parties pourrait déplacer la
moyenne (deux erreurs types) : avec 4 fois plus de parties, il serait 2 fois plus petit.
Essayez `seed=2`, ou `games=60` si vous avez une minute, et aussi `table=[...]` (10 nombres,
et 5 ouvriers doivent valoir 8 comme dans la règle).
""", en="""
Variant **A** keeps the game's values, **B** makes each stretch one cell longer, **C** shorter.
Each variant plays 30 two-player games (a few seconds). In the lead column, the number after
± says how far the chance of the games could move the mean (two standard errors): with 4 times
as many games it would be half as large. Try `seed=2`, or `games=60` if you have a minute,
and `table=[...]` too (10 numbers, and 5 workers must be worth 8 as in the rules).
"""),
    code("""
arriala_variants = {
    "A": lab.arriala_variant(),
    "B": lab.arriala_variant(cells=[c + 1 for c in defaults["cells"]]),
    "C": lab.arriala_variant(cells=[max(4, c - 1) for c in defaults["cells"]]),
}
arriala_results = lab.simulate_variants(arriala_variants, players=2, games=30, seed=1)
lab.arriala_table(arriala_results, lang)
"""),
    code("""
lab.plot_points_by_kind(arriala_results, lang)
"""),
    md(fr="""
**À vous.** Dans quelle variante le gagnant a-t-il en moyenne la plus petite avance sur le
deuxième (les parties les plus serrées) ? Ne répondez par une lettre que si ces 30 parties
suffisent à le dire ; sinon, choisissez « impossible à dire ».
""", en="""
**Your turn.** In which variant does the winner lead the second player by the least, on
average (the closest games)? Answer with a letter only if these 30 games are enough to tell;
otherwise choose "cannot tell".
"""),
    code("""
questions.closest_games(lang, arriala_results)
"""),
    md(fr="""
## Argumenter comme un auteur de jeux

Défendez une variante (de *Canal du Midi* ou d'*Arriala*) en trois temps, dans les trois
cellules ci-dessous :

1. **Ce que je propose, et selon quel critère** (chantiers construits, parties arrêtées par
   A-R10, avance du gagnant, avantage du premier joueur), et pourquoi ce critère.
2. **Mes preuves** : les chiffres, et le nombre de parties d'où ils viennent. Relancez avec une
   autre graine (`seed=2`) : tiennent-ils ?
3. **Mes doutes** : ce que les simulations ne disent pas (les robots jouent-ils comme des
   élèves ?), et ce que l'on perd en rendant un chantier difficile dans l'histoire (le Malpas,
   Fonseranes) aussi facile que les autres.

Pour des simulations plus longues, la ligne de commande fait la même chose :
`uv run canal-heritage simulate midi --players 2 --games 2000 --thresholds 5,7,6,4,7,3,8,9,5`.
L'étude complète du projet est dans `docs/midi-thresholds.md` et `docs/arriala-balance.md`.
""", en="""
## Argue like a game designer

Defend one variant (of *Canal du Midi* or *Arriala*) in three steps, in the three cells below:

1. **What I propose, and by which criterion** (sites built, games stopped by A-R10, the
   winner's lead, the first player's advantage), and why that criterion.
2. **My evidence**: the figures, and how many games they come from. Run again with another
   seed (`seed=2`): do they hold?
3. **My doubts**: what the simulations do not tell (do bots play like students?), and what is
   lost by making a site that was hard in history (Malpas, Fonseranes) as easy as the others.

For longer simulations, the command line does the same:
`uv run canal-heritage simulate midi --players 2 --games 2000 --thresholds 5,7,6,4,7,3,8,9,5`.
The project's full study is in `docs/midi-thresholds.md` and `docs/arriala-balance.md`.
""", minutes=15),
    answer(fr="""
**1. Ce que je propose :**
""", en="""
**1. What I propose:**
"""),
    answer(fr="""
**2. Mes preuves :**
""", en="""
**2. My evidence:**
"""),
    answer(fr="""
**3. Mes doutes :**
""", en="""
**3. My doubts:**
"""),
]
