"""Lesson 5: Arriala — sections, locks and majorities."""

from lessons_build import class_book, code, md

LESSON = {
    "number": 5,
    "slug": "arriala-sections",
    "title": {"fr": "Arriala : sections, écluses et majorités", "en": "Arriala: sections, locks and majorities"},
    "level": {"fr": "cycle 3 (CM2–6e) et cycle 4 (5e)", "en": "cycle 3 (CM2–6e) and cycle 4 (5e)"},
    "age": "10–13",
    "minutes": 50,
    "objectives": {
        "fr": ["reconnaître une section : entre deux villes, une ville et une écluse, ou deux écluses ;",
               "dire qui marque une section complète, y compris quand les premiers sont à égalité ;",
               "lire la table des points d'une section ;",
               "prévoir comment une écluse coupe une section et ce qu'elle rapporte."],
        "en": ["recognise a section: between two towns, a town and a lock, or two locks;",
               "say who scores a complete section, including when the leaders are tied;",
               "read the table of section points;",
               "predict how a lock splits a section and what it brings."],
    },
}

CELLS = [
    md(fr="""
## Le plateau d'Arriala

*Arriala* (« canal » en occitan) se joue sur le Canal de Garonne, de Grisolles à Valence
d'Agen. Le canal est une ligne de cases ; les villes sont des cases qui accueillent autant
d'ouvriers qu'on veut. Une **section**, ce sont les cases entre deux villes, entre une ville et
une écluse, ou entre deux écluses. Quand toutes ses cases sont occupées, la section est
**complète** : le joueur qui y a le plus d'ouvriers marque les points de la table.

**Égalité** : si plusieurs joueurs ont le plus d'ouvriers, aucun d'eux ne marque ; c'est le
joueur qui a le nombre juste en dessous qui marque. Si ce nombre est lui aussi partagé (ou s'il
n'y en a pas), personne ne marque.
""", en="""
## The Arriala board

*Arriala* ("canal" in Occitan) is played on the Canal de Garonne, from Grisolles to Valence
d'Agen. The canal is a line of cells; towns are cells that hold as many workers as you like. A
**section** is the cells between two towns, between a town and a lock, or between two locks.
When every one of its cells holds a worker, the section is **complete**: the player with the
most workers there scores the points of the table.

**Ties**: if several players have the most workers, none of them scores; the player with the
next count down scores instead. If that count is shared too (or there is none), nobody scores.
""", minutes=8),
    code("""
from canal_heritage.arriala import ArrialaGame
from canal_heritage.lessons import arriala, questions

game = ArrialaGame(3)
arriala.scoring_table(game, lang)
"""),
    *class_book(5),
    md(fr="""
## L'exemple de la règle

Partie à trois joueurs. Entre Grisolles et Montech, la section a cinq cases : Rouge en occupe
deux, Jaune deux. C'est au tour de Vert, qui peut poser un nouvel ouvrier sur la dernière case
libre (entourée en orange). Les crochets sous les cases montrent les sections.
""", en="""
## The rulebook's example

A three-player game. Between Grisolles and Montech the section has five cells: Red holds two,
Yellow two. It is Green's turn, and Green may place a new worker on the last free cell (ringed
in orange). The brackets under the cells show the sections.
""", minutes=12),
    code("""
example = arriala.position(3, workers={0: ["grisolles-montech:1", "grisolles-montech:2"],
                                       1: ["grisolles-montech:3", "grisolles-montech:4"]}, current=2)
arriala.draw(example, lang, highlight=["grisolles-montech:5"])
"""),
    md(fr="""
**À vous.**

1. Quelles cases forment la section de la case 3 ? Tapez leurs numéros (par exemple `1 2 3`).
2. Vert pose son ouvrier sur la case 5. Qui marque la section ?
3. Combien de points ?
""", en="""
**Your turn.**

1. Which cells form the section of cell 3? Type their numbers (for example `1 2 3`).
2. Green places a worker on cell 5. Who scores the section?
3. How many points?
"""),
    code("""
questions.section_cells(lang, example, "grisolles-montech:3")
"""),
    code("""
questions.section_scorer(lang, example, "place grisolles-montech:5")
"""),
    code("""
questions.section_points(lang, example, "place grisolles-montech:5")
"""),
    md(fr="""
Le moteur joue l'action et raconte :
""", en="""
The engine plays the action and tells what happens:
"""),
    code("""
for line in arriala.play(example, "place grisolles-montech:5", lang):
    print(line)
""", reveals=True, check={
        "fr": "Vert pose un nouvel ouvrier sur Grisolles–Montech, case 5.\n"
              "La section de Grisolles–Montech, case 1 à Grisolles–Montech, case 5 est complète (Rouge 2, Jaune 2 et "
              "Vert 1) : les premiers sont à égalité et ne marquent rien ; Vert, juste derrière, marque donc 8.",
        "en": "Green places a new worker on Grisolles–Montech, cell 5.\n"
              "Section Grisolles–Montech, cell 1 to Grisolles–Montech, cell 5 is complete (Red 2, Yellow 2, and Green "
              "1): the leaders are tied and score nothing, so Green, next in line, scores 8."}),
    code("""
arriala.draw(example, lang)
"""),
    md(fr="""
La section est maintenant **fermée** (grisée) : plus personne ne peut s'y arrêter. Essayez :
""", en="""
The section is now **closed** (grey): nobody may stop there any more. Try it:
"""),
    code("""
arriala.play(example, "place grisolles-montech:3", lang)
"""),
    md(fr="""
## Quand personne ne marque

Partie à quatre joueurs. Entre Castelsarrasin et Moissac, la section a quatre cases : Rouge en
occupe deux, Jaune une. Jaune pose un ouvrier sur la dernière case.

**À vous.** Qui marque ?
""", en="""
## When nobody scores

A four-player game. Between Castelsarrasin and Moissac the section has four cells: Red holds
two, Yellow one. Yellow places a worker on the last cell.

**Your turn.** Who scores?
""", minutes=8),
    code("""
tie = arriala.position(4, workers={0: ["castelsarrasin-moissac:1", "castelsarrasin-moissac:2"],
                                   1: ["castelsarrasin-moissac:3"]}, current=1)
arriala.draw(tie, lang, highlight=["castelsarrasin-moissac:4"])
"""),
    code("""
questions.section_scorer(lang, tie, "place castelsarrasin-moissac:4")
"""),
    md(fr="""
## Une écluse coupe une section

Une écluse occupe une case et coupe la section en deux. La construire rapporte 1 point à son
bâtisseur, et si l'un des deux morceaux (ou les deux) est alors complet, il est marqué tout de
suite.

Partie à trois joueurs, entre Montech et Castelsarrasin (six cases) : Rouge occupe les cases 1 et
2, Jaune les cases 3, 5 et 6. La case 4 est libre. C'est au tour de Rouge, qui construit une
écluse sur la case 4.
""", en="""
## A lock splits a section

A lock takes up a cell and splits the section in two. Building it brings its builder 1 point,
and if either part (or both) is then complete, it is scored at once.

A three-player game, between Montech and Castelsarrasin (six cells): Red holds cells 1 and 2,
Yellow cells 3, 5 and 6. Cell 4 is free. It is Red's turn, and Red builds a lock on cell 4.
""", minutes=12),
    code("""
split = arriala.position(3, workers={0: ["montech-castelsarrasin:1", "montech-castelsarrasin:2"],
                                     1: ["montech-castelsarrasin:3", "montech-castelsarrasin:5",
                                         "montech-castelsarrasin:6"]}, current=0)
arriala.counts_table(split, lang)
"""),
    code("""
arriala.draw(split, lang, highlight=["montech-castelsarrasin:4"])
"""),
    md(fr="""
**À vous.** Combien de points Rouge gagne-t-il en tout avec cette écluse ?
""", en="""
**Your turn.** How many points does Red gain in all with this lock?
"""),
    code("""
questions.points_gained(lang, split, "lock montech-castelsarrasin:4", 0)
"""),
    code("""
for line in arriala.play(split, "lock montech-castelsarrasin:4", lang):
    print(line)
arriala.score_sheet(split, lang)
""", reveals=True),
    code("""
arriala.draw(split, lang)
"""),
    md(fr="""
**À vous.** L'écluse a coupé la section en deux. Quelles cases forment maintenant la section de
la case 2 ? Et celle de la case 6 ? Tapez les numéros des cases (par exemple `1 2 3`).
""", en="""
**Your turn.** The lock has split the section in two. Which cells now form the section of cell
2? And that of cell 6? Type the cell numbers (for example `1 2 3`).
"""),
    code("""
questions.section_cells(lang, split, "montech-castelsarrasin:2")
"""),
    code("""
questions.section_cells(lang, split, "montech-castelsarrasin:6")
"""),
    md(fr="""
## À vous de construire

Modifiez les positions ci-dessus (qui occupe quelles cases, où va l'écluse) et relancez les
cellules. Le moteur refuse une position ou une action impossible et dit pourquoi, par exemple :
""", en="""
## Build your own

Change the positions above (who holds which cells, where the lock goes) and run the cells
again. The engine refuses an impossible position or action and says why, for example:
""", minutes=5),
    code("""
arriala.play(split, "lock moissac", lang)
"""),
    md(fr="""
> **Histoire ou jeu ?** Sur le plateau d'*Arriala*, les joueurs bâtissent le Canal de Garonne
> section par section et choisissent où poser les écluses. Dans l'histoire, le canal fut
> construit entre 1838 ou 1839 et 1856, près de deux siècles après Riquet ; et la pente d'eau
> de Montech, un ouvrage d'art du jeu, n'ouvrit qu'en 1974.
""", en="""
> **History or game?** On the *Arriala* board, players build the Canal de Garonne section by
> section and choose where the locks go. In history the canal was built between 1838 or 1839 and
> 1856, almost two centuries after Riquet; and the Montech water slope, an engineering work of the
> game, opened only in 1974.
"""),
    md(fr="""
## Pour discuter

- Pourquoi un joueur qui perdrait une section n'a-t-il pas intérêt à la compléter ?
- Quand vaut-il mieux construire une écluse que poser un ouvrier ?
- Avec la règle d'égalité, est-ce parfois une bonne idée d'aider un adversaire à égaliser ?
""", en="""
## To discuss

- Why would a player who would lose a section rather not complete it?
- When is building a lock better than placing a worker?
- With the tie rule, is it ever a good idea to help an opponent draw level?
""", minutes=5),
]
