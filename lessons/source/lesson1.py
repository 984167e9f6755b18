"""Lesson 1: Riquet and the canal of the two seas (map, timeline, engineers)."""

from lessons_build import class_book, code, md

LESSON = {
    "number": 1,
    "slug": "riquet-two-seas",
    "title": {"fr": "Riquet et le canal des Deux-Mers", "en": "Riquet and the canal of the two seas"},
    "level": {"fr": "cycle 3 (CM1–6e)", "en": "cycle 3 (CM1–6e)"},
    "age": "9–11",
    "minutes": 60,
    "time": {"fr": "2 séances d'environ 30 min", "en": "two sessions of about 30 min"},
    "objectives": {
        "fr": ["séance 1 : situer le Canal du Midi et le Canal de Garonne sur une carte du Sud-Ouest ;",
               "séance 1 : lire une carte faite à partir de coordonnées (longitude, latitude) ;",
               ("séance 1 : ordonner les grandes dates du canal, de l'édit royal à l'inspection de Vauban, et dater le "
                "Canal de Garonne ;"),
               ("séance 2 : présenter Riquet, les ingénieurs qui ont dirigé ou surveillé les travaux, et Vauban, venu "
                "après l'ouverture pour perfectionner le canal ;"),
               "séance 2 : critiquer une source : pourquoi deux dates ? quel document pourrait trancher ?"],
        "en": ["session 1: locate the Canal du Midi and the Canal de Garonne on a map of south-west France;",
               "session 1: read a map drawn from coordinates (longitude, latitude);",
               ("session 1: put the canal's main dates in order, from the royal edict to Vauban's inspection, and date "
                "the Canal de Garonne;"),
               ("session 2: introduce Riquet, the engineers who directed or oversaw the works, and Vauban, who came "
                "after the opening to improve the canal;"),
               "session 2: question a source: why two dates, and which document could settle it?"],
    },
}


def _table(headers: list[str], rows: list[tuple[str, ...]]) -> str:
    """A markdown table (written row by row: its lines would be too long for the source)."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


#: Documents about Riquet and his canal, oldest first, for the source criticism at the end: each
#: with the year it was written, its kind (primary, secondary, or the project's own
#: reconstruction) and what it says of Riquet's birth. Only documents that can be named; what the
#: project knows only at second hand says so.
SOURCES = {
    "fr": _table(["Document", "Écrit en", "Sorte", "Ce qu'il dit de la naissance de Riquet"], [
        (("L'édit de Louis XIV donné à Saint-Germain-en-Laye en octobre 1666, qui ordonne de construire le "
          "canal"), "1666", "primaire",
         "Rien : il nomme « le sieur Riquet » sans donner son âge. Il date la décision du roi."),
        ("La carte du canal dressée par François Andréossy, l'adjoint de Riquet, publiée en 1669", "1669",
         "primaire", "Rien : elle montre le tracé prévu du canal."),
        ("L'acte de décès de Riquet, à Toulouse", "1680", "primaire",
         ("D'après l'article « Pierre-Paul Riquet » de Wikipédia, il le dit mort à 71 ans, d'où 1609 "
          "(1680 − 71). Le projet n'a pas vu cet acte lui-même.")),
        ("Biographies et sites d'aujourd'hui", "XXe et XXIe siècles", "secondaire",
         ("La plupart écrivent 1609 (le site du château de Bonrepos-Riquet, par exemple), d'autres 1604. Le "
          "jour souvent donné, le 29 juin (fête de saint Pierre et saint Paul), est déduit de ses prénoms : "
          "c'est une supposition.")),
        ("La frise de cette leçon", "aujourd'hui", "reconstitution",
         ("« 1604 ou 1609 » : un résumé fait par le projet à partir des sources secondaires, pas un document "
          "de l'époque.")),
    ]),
    "en": _table(["Document", "Written in", "Kind", "What it says about Riquet's birth"], [
        ("Louis XIV's edict given at Saint-Germain-en-Laye in October 1666, ordering the canal to be built",
         "1666", "primary",
         "Nothing: it names \"the sieur Riquet\" without giving his age. It dates the king's decision."),
        ("The map of the canal drawn by François Andréossy, Riquet's assistant, published in 1669", "1669",
         "primary", "Nothing: it shows the planned course of the canal."),
        ("Riquet's death record, in Toulouse", "1680", "primary",
         ("According to the French Wikipedia article \"Pierre-Paul Riquet\", it gives his age at death as "
          "71, hence 1609 (1680 − 71). The project has not seen the record itself.")),
        ("Biographies and websites of today", "20th and 21st centuries", "secondary",
         ("Most write 1609 (the website of the Château de Bonrepos-Riquet, for instance), others 1604. The "
          "day often given, 29 June (the feast of Saints Peter and Paul), is worked out from his first "
          "names: a guess.")),
        ("This lesson's timeline", "today", "reconstruction",
         ("\"1604 or 1609\": a summary the project made from the secondary sources, not a document of the "
          "time.")),
    ]),
}

CELLS = [
    md(fr="""
## Séance 1 · Où et quand ? (environ 30 minutes)

À la fin de cette séance, vous saurez :

- montrer sur une carte le Canal du Midi et le Canal de Garonne, et lire les coordonnées d'un lieu ;
- dire de combien l'eau du canal monte entre Toulouse et son point le plus haut ;
- ranger dans l'ordre les grandes dates du canal.
""", en="""
## Session 1 · Where and when? (about 30 minutes)

By the end of this session you will be able to:

- show the Canal du Midi and the Canal de Garonne on a map, and read a place's coordinates;
- say how far the canal's water climbs from Toulouse to its highest point;
- put the canal's main dates in order.
""", on_paper={"fr": """
## Séance 1 · Où et quand ? (environ 30 minutes)
""", "en": """
## Session 1 · Where and when? (about 30 minutes)
"""}),
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
""", paper=False),  # on paper, the table below says it all (at most four pages a worksheet)
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
**À vous.** Cherchez les réponses dans la frise.

1. En quelle année le canal s'ouvre-t-il aux bateaux ?
2. Combien d'années séparent l'édit royal de l'ouverture du canal ?
""", en="""
**Your turn.** Look for the answers in the timeline.

1. In which year did the canal open to boats?
2. How many years passed between the royal edict and the opening of the canal?
"""),
    code("""
questions.opening_year(lang)
"""),
    code("""
questions.years_of_works(lang)
"""),
    md(fr="""
Vérifiez votre première réponse : la cellule suivante lit une seule date dans les données,
l'ouverture du canal.
""", en="""
Check your first answer: the next cell reads one date from the data, the opening of the canal.
"""),
    code("""
from canal_heritage.heritage import load_heritage

opening = load_heritage().get("canal-opens")
print(opening.date.label(lang), "·", opening.localized("title", lang).text)
""", reveals=True, check={
        "fr": "1681 · Le canal est ouvert aux bateaux",
        "en": "1681 · The canal opens to boats"}),
    md(fr="""
**À vous.** Sur la carte, le **Canal de Garonne** part de Toulouse vers le nord-ouest : il prolonge
le Canal du Midi vers Bordeaux, et c'est sur lui que se joue *Arriala*. Cherchez-le dans le tableau
de la frise. Combien d'années après l'ouverture du Canal du Midi ses travaux s'achèvent-ils ?
""", en="""
**Your turn.** On the map, the **Canal de Garonne** leaves Toulouse towards the north-west: it
carries the Canal du Midi on towards Bordeaux, and *Arriala* is played on it. Find it in the
timeline table. How many years after the Canal du Midi opened were its works finished?
"""),
    code("""
questions.years_between(lang, "canal-opens", "garonne-canal-works", until_end=True)
"""),
    md(fr="""
## Fin de la séance 1

Vous savez maintenant **où** passe le canal (de Toulouse à l'étang de Thau, prolongé vers Bordeaux
par le Canal de Garonne) et **quand** il a été construit (de l'édit de 1666 à l'ouverture de 1681).
C'est le bon moment pour s'arrêter.

**Pour finir la séance**, chacun écrit sur son cahier une phrase qui commence par « Le Canal du
Midi relie… » et une date à retenir. La prochaine fois, nous verrons **qui** a bâti le canal, et
comment on sait ce que l'on sait.
""", en="""
## End of session 1

You now know **where** the canal runs (from Toulouse to the Étang de Thau, carried on towards
Bordeaux by the Canal de Garonne) and **when** it was built (from the edict of 1666 to the opening
in 1681). This is a good place to stop.

**To end the session**, everyone writes in their exercise book one sentence beginning "The Canal du
Midi joins…" and one date to remember. Next time we will see **who** built the canal, and how we
know what we know.
""", minutes=5),
    md(fr="""
## Séance 2 · Qui a bâti le canal ? (environ 30 minutes)

À la fin de cette séance, vous saurez :

- présenter Riquet et les ingénieurs du jeu, et dire lesquels étaient là pendant les travaux ;
- dire qui a fini le canal après la mort de Riquet ;
- distinguer une source écrite à l'époque d'un texte écrit plus tard, et dire laquelle croire.

**Pour se souvenir de la séance 1 :** quelles sont les deux mers que le canal relie ? En quelle
année s'ouvre-t-il aux bateaux ? Si le carnet a été fermé depuis, exécutez d'abord la toute
première cellule (la langue), puis la cellule suivante.
""", en="""
## Session 2 · Who built the canal? (about 30 minutes)

By the end of this session you will be able to:

- introduce Riquet and the game's engineers, and say which of them were there during the works;
- say who finished the canal after Riquet's death;
- tell a source written at the time from a text written later, and say which to trust.

**To remember session 1:** which two seas does the canal join? In which year did it open to boats?
If the notebook was closed since, run the very first cell (the language) first, then the next cell.
""", on_paper={"fr": """
## Séance 2 · Qui a bâti le canal ? (environ 30 minutes)

**Pour se souvenir de la séance 1 :** quelles sont les deux mers que le canal relie ? En quelle
année s'ouvre-t-il aux bateaux ?
""", "en": """
## Session 2 · Who built the canal? (about 30 minutes)

**To remember session 1:** which two seas does the canal join? In which year did it open to boats?
"""}),
    code("""
from canal_heritage.lessons import history, questions
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
**À vous.** Servez-vous des fiches ci-dessus et de la frise.

1. Combien d'années après la mort de Clerville le canal s'ouvre-t-il aux bateaux ?
2. Combien d'années après l'ouverture du canal Vauban vient-il l'inspecter ?
""", en="""
**Your turn.** Use the cards above and the timeline.

1. How many years after Clerville's death did the canal open to boats?
2. How many years after the canal opened did Vauban come to inspect it?
"""),
    code("""
questions.years_after_death(lang, "clerville", "canal-opens")
"""),
    code("""
questions.years_between(lang, "canal-opens", "vauban-inspection")
"""),
    md(fr="""
> **Histoire ou jeu ?** Dans le jeu *Canal du Midi*, les quatre ingénieurs misent sur les
> chantiers du premier tour au dernier. Vos deux réponses montrent que, dans l'histoire, ils ne se
> sont pas tous croisés sur le canal : Clerville est mort avant la fin des travaux, et Vauban n'est
> venu qu'après l'ouverture, pour inspecter le canal et le perfectionner. Le jeu les réunit pour
> donner un ingénieur à chaque joueur.
""", en="""
> **History or game?** In the *Canal du Midi* game, the four engineers bid for sites from the
> first round to the last. Your two answers show that in history they did not all meet on the
> canal: Clerville died before the works ended, and Vauban came only after the opening, to
> inspect the canal and improve it. The game brings them together so that every player has an
> engineer.
"""),
    md(fr="""
## Qui a fini le travail ?

Riquet meurt à Toulouse le 1er octobre 1680, quelques mois avant l'ouverture.

**À vous.** Après sa mort, qui prend la direction des travaux, avec Andréossy, jusqu'à
l'ouverture ? Relisez ce que la frise dit de ces mois-là.
""", en="""
## Who finished the work?

Riquet died in Toulouse on 1 October 1680, a few months before the opening.

**Your turn.** After his death, who took charge of the works, with Andréossy, until the
opening? Reread what the timeline says about those months.
""", minutes=5),
    code("""
questions.who_finished(lang)
"""),
    md(fr="""
Voici cette personne, et le ministre qui suivait les travaux pour le roi.
""", en="""
Here is that person, and the minister who watched over the works for the king.
"""),
    code("""
history.people(lang, ["jean-mathias-riquet", "colbert"])
""", reveals=True),
    md(fr=f"""
## D'où viennent les dates ?

La frise donne deux années pour la naissance de Riquet : 1604 ou 1609. Pour savoir d'où
viennent les dates, on remonte aux **sources**. Une source **primaire** a été écrite à l'époque,
par des gens qui y étaient ; une source **secondaire** a été écrite plus tard, à partir d'autres
documents. Voici quelques documents sur Riquet et son canal, du plus ancien au plus récent.

{SOURCES["fr"]}
""", en=f"""
## Where do the dates come from?

The timeline gives two years for Riquet's birth: 1604 or 1609. To find out where dates come
from, we go back to the **sources**. A **primary** source was written at the time, by people who
were there; a **secondary** source was written later, from other documents. Here are a few
documents about Riquet and his canal, oldest first.

{SOURCES["en"]}
""", minutes=10),
    md(fr="""
**À vous.**

1. Combien d'années séparent les deux dates de naissance que donnent les sources ?
2. Parmi les documents proposés ci-dessous, lequel pourrait le mieux trancher entre les deux
   dates ?
""", en="""
**Your turn.**

1. How many years apart are the two birth years the sources give?
2. Of the documents offered below, which could best settle the question?
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
- Si l'on retrouvait l'acte de baptême de Riquet dans les registres de Béziers, que faudrait-il
  vérifier avant de le croire ?
""", en="""
## Going further

- Why did water have to be brought to the highest point, and not just to both ends?
- Compare the length of the Canal du Midi (about 240 km) with the voyage round Spain by sea.
- The sources give the Malpas tunnel a length of 160 to 173 metres. Suggest reasons for the
  difference (what exactly is measured?), then look for a source.
- If Riquet's baptism record turned up in the registers of Béziers, what would you check before
  believing it?
""", minutes=7, paper="key"),  # on paper, questions for the teacher to ask (four pages a worksheet)
]
