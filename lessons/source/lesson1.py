"""Lesson 1: Riquet and the canal of the two seas (map, timeline, engineers)."""

from lessons_build import code, md

LESSON = {
    "number": 1,
    "slug": "riquet-two-seas",
    "title": {"fr": "Riquet et le canal des Deux-Mers", "en": "Riquet and the canal of the two seas"},
    "age": "9–14",
    "minutes": 45,
    "objectives": {
        "fr": ["situer le Canal du Midi et le Canal de Garonne sur une carte du Sud-Ouest ;",
               "ordonner les grandes dates du canal, de l'édit royal à l'ouverture ;",
               "présenter Riquet et les ingénieurs qui ont conduit les travaux ;",
               "lire une carte faite à partir de coordonnées (longitude, latitude)."],
        "en": ["locate the Canal du Midi and the Canal de Garonne on a map of south-west France;",
               "put the canal's main dates in order, from the royal edict to the opening;",
               "introduce Riquet and the engineers who led the works;",
               "read a map drawn from coordinates (longitude, latitude)."],
    },
}

CELLS = [
    md(fr="""
## Un canal pour relier deux mers

Au XVIIe siècle, un bateau qui va de l'Atlantique à la Méditerranée doit faire le tour de
l'Espagne et passer par le détroit de Gibraltar. Pierre-Paul Riquet, collecteur de l'impôt
sur le sel (la gabelle) en Languedoc, propose un raccourci : un canal à travers les terres,
alimenté par l'eau de la Montagne Noire. Le roi Louis XIV l'ordonne par un édit en 1666.

Nous allons d'abord regarder **où** passe le canal, puis **quand** il a été construit, et enfin
**qui** l'a bâti.
""", en="""
## A canal to join two seas

In the 17th century, a ship sailing from the Atlantic to the Mediterranean had to go all the
way round Spain, through the Strait of Gibraltar. Pierre-Paul Riquet, who collected the salt
tax (the gabelle) in Languedoc, proposed a short cut: a canal across the land, fed by the
water of the Montagne Noire. King Louis XIV ordered it by an edict in 1666.

We will look first at **where** the canal runs, then **when** it was built, and last **who**
built it.
"""),
    code("""
from canal_heritage.lessons import history, questions
"""),
    md(fr="""
## La carte

La carte est dessinée à partir des coordonnées des lieux (longitude en abscisse, latitude en
ordonnée), sans fond de carte. Le **Canal du Midi** va de Toulouse à l'étang de Thau ; le
**Canal de Garonne** le prolonge vers Bordeaux. Les **rigoles** (en pointillés) amènent l'eau de
la Montagne Noire jusqu'au point le plus haut du canal. Les carrés rouges sont les neuf chantiers
du jeu *Canal du Midi*, numérotés de I à IX dans l'ordre du canal ; les points bruns sont les
villes du jeu *Arriala*.
""", en="""
## The map

The map is drawn from the coordinates of the places (longitude across, latitude up), with no
background map. The **Canal du Midi** runs from Toulouse to the Étang de Thau; the **Canal de
Garonne** carries on towards Bordeaux. The **feeder channels** (dashed) bring the water of the
Montagne Noire to the highest point of the canal. The red squares are the nine work sites of
the *Canal du Midi* game, numbered I to IX along the canal; the brown dots are the towns of the
*Arriala* game.
"""),
    code("""
history.canal_map(lang)
"""),
    code("""
history.sites_table(lang)
"""),
    md(fr="""
**À vous.** Sur la carte, suivez les rigoles depuis la Montagne Noire. Quel chantier est au
point le plus haut du canal, là où l'eau part vers les deux mers ? Choisissez-le puis cliquez
sur *Vérifier*.
""", en="""
**Your turn.** On the map, follow the feeder channels down from the Montagne Noire. Which
work site is at the highest point of the canal, where the water leaves for both seas? Pick it,
then press *Check*.
"""),
    code("""
questions.summit_site(lang)
"""),
    md(fr="""
## La frise chronologique

Chaque date vient des données du projet ; quand les sources ne sont pas d'accord (la naissance
de Riquet, par exemple), la frise donne les deux années au lieu de choisir.
""", en="""
## The timeline

Every date comes from the project's data; where the sources disagree (Riquet's birth, for
instance), the timeline gives both years rather than picking one.
"""),
    code("""
history.timeline_figure(lang, start=1600, end=1700)
"""),
    code("""
history.timeline(lang)
"""),
    md(fr="""
La cellule suivante lit une seule date dans les données : l'ouverture du canal.
""", en="""
The next cell reads one date from the data: the opening of the canal.
"""),
    code("""
from canal_heritage.heritage import load_heritage

opening = load_heritage().get("canal-opens")
print(opening.date.label(lang), "·", opening.localized("title", lang).text)
""", check={
        "fr": "1681 · Le canal est ouvert aux bateaux",
        "en": "1681 · The canal opens to boats"}),
    md(fr="""
**À vous.**

1. En quelle année le canal s'ouvre-t-il aux bateaux ? (Essayez sans regarder la cellule
   ci-dessus !)
2. Combien d'années séparent l'édit royal de l'ouverture du canal ?
""", en="""
**Your turn.**

1. In which year did the canal open to boats? (Try without looking at the cell above!)
2. How many years passed between the royal edict and the opening of the canal?
"""),
    code("""
questions.opening_year(lang)
"""),
    code("""
questions.years_of_works(lang)
"""),
    md(fr="""
## Les ingénieurs

Dans le jeu *Canal du Midi*, chaque couleur est un ingénieur. Voici Riquet et ces quatre
hommes, avec ce que l'on sait d'eux. Un point d'interrogation signifie que la date n'est pas
connue avec certitude.
""", en="""
## The engineers

In the *Canal du Midi* game, each colour is an engineer. Here are Riquet and those four men,
with what is known about them. A question mark means the date is not known for certain.
"""),
    code("""
history.people(lang)
"""),
    md(fr="""
## Pour aller plus loin

- Riquet meurt en 1680, quelques mois avant l'ouverture : qui achève le travail ?
- Pourquoi fallait-il amener de l'eau au point le plus haut, et pas seulement aux deux bouts ?
- Comparez la longueur du Canal du Midi (environ 240 km) au tour de l'Espagne par la mer.
""", en="""
## Going further

- Riquet died in 1680, a few months before the opening: who finished the work?
- Why did water have to be brought to the highest point, and not just to both ends?
- Compare the length of the Canal du Midi (about 240 km) with the voyage round Spain by sea.
"""),
]
