"""Lesson 1: Riquet and the canal of the two seas (map, timeline, engineers)."""

from lessons_build import class_book, code, md

LESSON = {
    "number": 1,
    "slug": "riquet-two-seas",
    "title": {"fr": "Riquet et le canal des Deux-Mers", "en": "Riquet and the canal of the two seas"},
    "age": "9–14",
    "minutes": 55,
    "objectives": {
        "fr": ["situer le Canal du Midi et le Canal de Garonne sur une carte du Sud-Ouest ;",
               "ordonner les grandes dates du canal, de l'édit royal à l'ouverture ;",
               "présenter Riquet et les ingénieurs qui ont conduit les travaux ;",
               "lire une carte faite à partir de coordonnées (longitude, latitude) ;",
               "critiquer une source : pourquoi deux dates ? quel document pourrait trancher ?"],
        "en": ["locate the Canal du Midi and the Canal de Garonne on a map of south-west France;",
               "put the canal's main dates in order, from the royal edict to the opening;",
               "introduce Riquet and the engineers who led the works;",
               "read a map drawn from coordinates (longitude, latitude);",
               "question a source: why two dates, and which document could settle it?"],
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
""", minutes=5),
    code("""
from canal_heritage.lessons import history, questions
"""),
    *class_book(1),
    md(fr="""
## La carte

La carte est dessinée à partir des coordonnées des lieux (longitude en abscisse, latitude en
ordonnée), sur le fond de carte de l'exposition : la terre, la mer, les étangs, les rivières (en
bleu clair) et quelques villes (en gris). Le **Canal du Midi** va de Toulouse à l'étang de Thau ; le
**Canal de Garonne** le prolonge vers Bordeaux. Les **rigoles** (en pointillés) amènent l'eau de
la Montagne Noire jusqu'au point le plus haut du canal. Les carrés rouges sont les neuf chantiers
du jeu *Canal du Midi*, numérotés de I à IX dans l'ordre du canal ; les points bruns sont les
villes du jeu *Arriala*.
""", en="""
## The map

The map is drawn from the coordinates of the places (longitude across, latitude up), on the
exhibit's base map: land, sea, lagoons, rivers (light blue) and a few towns (grey). The **Canal du
Midi** runs from Toulouse to the Étang de Thau; the **Canal de
Garonne** carries on towards Bordeaux. The **feeder channels** (dashed) bring the water of the
Montagne Noire to the highest point of the canal. The red squares are the nine work sites of
the *Canal du Midi* game, numbered I to IX along the canal; the brown dots are the towns of the
*Arriala* game.
""", minutes=10),
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
**Lire la carte.** Chaque lieu a deux coordonnées : sa **longitude** (sur l'axe du bas, en
degrés vers l'est) et sa **latitude** (sur l'axe de gauche, en degrés vers le nord). Pour lire
celles d'un lieu, suivez la grille depuis son symbole jusqu'à chaque axe. Un dixième de degré
de latitude, c'est environ 11 km.
""", en="""
**Reading the map.** Every place has two coordinates: its **longitude** (on the bottom axis,
in degrees east) and its **latitude** (on the left axis, in degrees north). To read a place's
coordinates, follow the grid from its symbol to each axis. A tenth of a degree of latitude is
about 11 km.
"""),
    code("""
questions.site_latitude(lang, "I")
"""),
    code("""
questions.site_at(lang, "IX")
"""),
    md(fr="""
**Le canal vu de côté.** Sur la carte, on ne voit pas les hauteurs. Ce profil montre l'eau du
canal de Toulouse à l'étang de Thau : elle monte d'écluse en écluse jusqu'au seuil de Naurouze,
puis redescend jusqu'à la mer. Les marches figurent les écluses (le dessin en montre moins qu'il
n'y en a) ; les numéros rouges sont les chantiers du jeu.
""", en="""
**The canal seen from the side.** The map does not show heights. This profile shows the canal's
water from Toulouse to the Étang de Thau: it climbs lock after lock to the Naurouze summit, then
steps down to the sea. The steps stand for the locks (the drawing shows fewer than there are);
the red numbers are the game's sites.
"""),
    code("""
history.long_profile(lang)
"""),
    md(fr="""
**À vous.** De combien de mètres le canal monte-t-il entre Toulouse et le seuil de Naurouze ?
""", en="""
**Your turn.** By how many metres does the canal climb from Toulouse to the Naurouze summit?
"""),
    code("""
questions.summit_climb(lang)
"""),
    md(fr="""
## La frise chronologique

Chaque date vient des données du projet ; quand les sources ne sont pas d'accord (la naissance
de Riquet, par exemple), la frise donne les deux années au lieu de choisir.
""", en="""
## The timeline

Every date comes from the project's data; where the sources disagree (Riquet's birth, for
instance), the timeline gives both years rather than picking one.
""", minutes=10),
    code("""
history.timeline_figure(lang, start=1600, end=1700)
"""),
    code("""
history.timeline(lang)
"""),
    md(fr="""
**À vous.** Remettez ces cinq événements dans l'ordre, du plus ancien au plus récent : tapez
leurs lettres dans l'ordre (par exemple `C A E B D`), puis cliquez sur *Vérifier*.
""", en="""
**Your turn.** Put these five events in order, oldest first: type their letters in order (for
example `C A E B D`), then press *Check*.
"""),
    code("""
questions.order_events(lang, ["canal-opens", "edict-of-1666", "vauban-inspection", "repudre-aqueduct", "riquet-dies"])
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
""", minutes=8),
    code("""
history.people(lang)
"""),
    md(fr="""
> **Histoire ou jeu ?** Dans le jeu *Canal du Midi*, les quatre ingénieurs misent sur les
> chantiers du premier tour au dernier. Dans l'histoire, ils ne se sont pas tous croisés sur le
> canal : Clerville meurt en 1677, avant la fin des travaux, et Vauban ne vient qu'en 1686, après
> l'ouverture, pour inspecter le canal et l'améliorer. Le jeu les réunit pour donner un
> ingénieur à chaque joueur.

**À vous.**

1. Combien d'années après la mort de Clerville le canal s'ouvre-t-il aux bateaux ?
2. En quelle année Vauban vient-il inspecter le canal ?
""", en="""
> **History or game?** In the *Canal du Midi* game, the four engineers bid for sites from the
> first round to the last. In history they did not all meet on the canal: Clerville died in
> 1677, before the works ended, and Vauban came only in 1686, after the opening, to inspect the
> canal and improve it. The game brings them together so that every player has an engineer.

**Your turn.**

1. How many years after Clerville's death did the canal open to boats?
2. In which year did Vauban come to inspect the canal?
"""),
    code("""
questions.years_after_death(lang, "clerville", "canal-opens")
"""),
    code("""
questions.year_of(lang, "vauban-inspection")
"""),
    md(fr="""
## Qui a fini le travail ?

Riquet meurt à Toulouse le 1er octobre 1680, quelques mois avant l'ouverture. Voici deux autres
personnes de l'époque.
""", en="""
## Who finished the work?

Riquet died in Toulouse on 1 October 1680, a few months before the opening. Here are two more
people of the time.
""", minutes=5),
    code("""
history.people(lang, ["jean-mathias-riquet", "colbert"])
"""),
    md(fr="""
**À vous.** Après la mort de Riquet, qui prend la direction des travaux, avec Andréossy,
jusqu'à l'ouverture ?
""", en="""
**Your turn.** After Riquet's death, who took charge of the works, with Andréossy, until the
opening?
"""),
    code("""
questions.who_finished(lang)
"""),
    md(fr="""
## D'où viennent les dates ?

La frise donne deux années pour la naissance de Riquet : 1604 ou 1609. Chaque fait des données
du projet garde la trace de ses **sources**. Voici celles de cette naissance.
""", en="""
## Where do the dates come from?

The timeline gives two years for Riquet's birth: 1604 or 1609. Every fact in the project's
data keeps a note of its **sources**. Here are those of his birth.
""", minutes=10),
    code("""
history.sources(lang, "riquet-born")
"""),
    md(fr="""
**À vous.**

1. Combien d'années séparent les deux dates de naissance que donnent les sources ?
2. Lequel de ces documents pourrait le mieux trancher entre les deux dates ?
""", en="""
**Your turn.**

1. How many years apart are the two birth years the sources give?
2. Which of these documents could best settle the question?
"""),
    code("""
questions.birth_years_apart(lang)
"""),
    code("""
questions.best_source(lang)
"""),
    md(fr="""
## Pour aller plus loin

- Pourquoi fallait-il amener de l'eau au point le plus haut, et pas seulement aux deux bouts ?
- Comparez la longueur du Canal du Midi (environ 240 km) au tour de l'Espagne par la mer.
- Selon les sources, le tunnel du Malpas mesure de 160 à 173 mètres. Proposez des raisons à
  cet écart (que mesure-t-on exactement ?), puis cherchez-en une source.
""", en="""
## Going further

- Why did water have to be brought to the highest point, and not just to both ends?
- Compare the length of the Canal du Midi (about 240 km) with the voyage round Spain by sea.
- The sources give the Malpas tunnel a length of 160 to 173 metres. Suggest reasons for the
  difference (what exactly is measured?), then look for a source.
""", minutes=7),
]
