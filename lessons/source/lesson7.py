"""Lesson 7: the balance lab."""

from lessons_build import code, md

LESSON = {
    "number": 7,
    "slug": "balance-lab",
    "title": {"fr": "Le laboratoire d'équilibrage", "en": "The balance lab"},
    "age": "14–18",
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
"""),
    code("""
from canal_heritage.lessons import lab, questions

base = lab.midi_thresholds(2)
print(base)
"""),
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
"""),
    code("""
variants = {
    "A": base,
    "B": [t - 1 for t in base],
    "C": [t + 1 for t in base],
}
results = lab.simulate_thresholds(variants, players=2, games=80, seed=1)
lab.midi_table(results, lang)
"""),
    code("""
lab.plot_build_rates(results, lang)
"""),
    md(fr="""
**À vous.** Quelle variante construit le plus de chantiers ? Laquelle reste dans la bande verte
(60 à 80 %) ?
""", en="""
**Your turn.** Which variant builds the most sites? Which one stays in the green band (60 to
80 %)?
"""),
    code("""
questions.higher_share(lang, results)
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
"""),
    code("""
defaults = lab.arriala_defaults(2)
print(defaults)
"""),
    md(fr="""
La variante **A** garde les valeurs du jeu, **B** allonge chaque tronçon d'une case, **C** les
raccourcit. Chaque variante joue seulement 3 parties à deux joueurs (Arriala est plus long à
simuler) : essayez aussi `table=[...]` (10 nombres, et 5 ouvriers doivent valoir 8 comme dans
la règle), ou plus de parties si vous avez le temps.
""", en="""
Variant **A** keeps the game's values, **B** makes each stretch one cell longer, **C** shorter.
Each variant plays only 3 two-player games (Arriala takes longer to simulate): try
`table=[...]` too (10 numbers, and 5 workers must be worth 8 as in the rules), or more games if
you have the time.
"""),
    code("""
arriala_variants = {
    "A": lab.arriala_variant(),
    "B": lab.arriala_variant(cells=[c + 1 for c in defaults["cells"]]),
    "C": lab.arriala_variant(cells=[max(4, c - 1) for c in defaults["cells"]]),
}
arriala_results = lab.simulate_variants(arriala_variants, players=2, games=3, seed=1)
lab.arriala_table(arriala_results, lang)
"""),
    code("""
lab.plot_points_by_kind(arriala_results, lang)
"""),
    md(fr="""
## Argumenter comme un auteur de jeux

Écrivez quelques phrases pour défendre une variante :

- Quel critère avez-vous choisi (chantiers construits, parties arrêtées par A-R10, écart des
  scores, avantage du premier joueur) et pourquoi ?
- Vos chiffres viennent de combien de parties ? Relancez avec une autre graine (`seed=2`) :
  vos conclusions tiennent-elles ?
- Que perd-on en rendant un chantier historique très difficile (le Malpas, Fonseranes) aussi
  facile que les autres ?

Pour des simulations plus longues, la ligne de commande fait la même chose :
`uv run canal-heritage simulate midi --players 2 --games 2000 --thresholds 5,7,6,4,7,3,8,9,5`.
L'étude complète du projet est dans `docs/midi-thresholds.md` et `docs/arriala-balance.md`.
""", en="""
## Argue like a game designer

Write a few sentences defending one variant:

- Which criterion did you choose (sites built, games stopped by A-R10, score spread, first
  player's advantage), and why?
- How many games do your figures come from? Run again with another seed (`seed=2`): do your
  conclusions hold?
- What is lost by making a site that was hard in history (Malpas, Fonseranes) as easy as the
  others?

For longer simulations, the command line does the same:
`uv run canal-heritage simulate midi --players 2 --games 2000 --thresholds 5,7,6,4,7,3,8,9,5`.
The project's full study is in `docs/midi-thresholds.md` and `docs/arriala-balance.md`.
"""),
]
