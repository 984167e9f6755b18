"""The teacher's notebook: the class's results from the class book (issue 15, item 4)."""

from lessons_build import code, md

LESSON = {
    "number": 0,
    "slug": "class-results",
    "teacher": True,
    "title": {"fr": "Pour l'enseignant : les résultats de la classe", "en": "For the teacher: the class's results"},
    "intro": {
        "fr": "Ce carnet lit le carnet de classe : ce que les élèves ont répondu et joué dans les leçons, "
              "après avoir donné leur pseudonyme et le nom de la classe en haut de la leçon. Tout reste sur cet "
              "ordinateur.",
        "en": "This notebook reads the class book: what students answered and played in the lessons, after "
              "giving their nickname and the class's name at the top of the lesson. Everything stays on this "
              "computer.",
    },
}

CELLS = [
    md(fr="""
## La classe

Écrivez le nom de la classe tel que les élèves l'ont tapé (les majuscules et les espaces en trop
ne comptent pas), puis exécutez les cellules.
""", en="""
## The class

Write the class's name as the students typed it (capitals and extra spaces do not matter), then
run the cells.
"""),
    code("""
from canal_heritage.lessons import classbook

class_name = "5e B"
classbook.report(lang, class_name)
"""),
    md(fr="""
## Rejouer une partie de la classe

Chaque partie jouée dans une salle de classe (`canal-heritage serve`) garde son code, affiché au
projecteur. Écrivez-le ci-dessous pour rejouer la partie décision par décision (◀ ▶), avec les
mains de chacun : à montrer après la partie.
""", en="""
## Replay a class's game

Every game played in a classroom room (`canal-heritage serve`) keeps its code, shown on the
projector. Write it below to replay the game decision by decision (◀ ▶), everyone's hand
included: to show after the game.
"""),
    code("""
from canal_heritage.lessons import replay

code = "K7MX9"
replay.reopen(code, lang)
"""),
    md(fr="""
## Lire le tableau

- **Juste du premier coup** : la part des élèves (ou binômes) dont la première réponse vérifiée
  était juste ; **Juste à la fin** : après les indices. Une question où beaucoup demandent la
  réponse mérite d'être reprise au tableau.
- **Erreurs les plus fréquentes** : les trois réponses fausses les plus données, avec leur
  nombre. Une erreur partagée dit souvent quelle règle n'est pas comprise.
- **Contre le robot** : les parties jouées jusqu'au bout dans les leçons 2 et 6.
- **Simulations mises en commun** (leçons 4 et 7) : chaque groupe a joué peu de parties ; mises
  ensemble, elles forment un grand échantillon. Comparez la part de chaque groupe avec celle de
  toutes les parties réunies : c'est la leçon 4 à l'échelle de la classe. Deux groupes qui ont
  pris la même graine ont joué les mêmes parties : elles ne comptent qu'une fois.

Pour effacer les données d'une classe : *Oublier cette classe* sur la page enseignant de
`canal-heritage serve` ; elles sont aussi effacées après la durée de conservation (365 jours par
défaut, voir `docs/store.md`).
""", en="""
## Reading the tables

- **Right at the first try**: the share of students (or pairs) whose first checked answer was
  right; **Right in the end**: after the hints. A question where many ask for the answer is
  worth going over on the board.
- **Commonest wrong answers**: the three wrong answers given most, with how many times. A
  shared mistake often tells which rule is not understood.
- **Against the bot**: the games played to the end in lessons 2 and 6.
- **The class's simulations, pooled** (lessons 4 and 7): each group played few games; put
  together, they make one large sample. Compare each group's share with the share over all the
  games: lesson 4 at the scale of the class. Two groups that chose the same seed played the
  same games: those count once.

To delete a class's data: *Forget this class* on the teacher's page of `canal-heritage serve`;
it is also deleted after the retention period (365 days by default, see `docs/store.md`).
"""),
]
