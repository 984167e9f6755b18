"""Lesson 3: scoring Canal du Midi."""

from lessons_build import class_book, code, md

LESSON = {
    "number": 3,
    "slug": "midi-scoring",
    "title": {"fr": "Compter les points du Canal du Midi", "en": "Scoring Canal du Midi"},
    "level": {"fr": "cycle 4 (5e–4e)", "en": "cycle 4 (5e–4e)"},
    "age": "12–14",
    "minutes": 45,
    "objectives": {
        "fr": ["calculer la valeur d'un chantier tenu seul, partagé ou gagné par voisinage ;",
               "utiliser la division par deux arrondie à l'entier inférieur ;",
               "compter les pièces restantes et faire le total d'une feuille de score ;",
               "vérifier un calcul avec la feuille de score du moteur."],
        "en": ["work out what a site is worth held alone, shared, or won by adjacency;",
               "halve and round down;",
               "count the unused coins and total a score sheet;",
               "check a calculation against the engine's score sheet."],
    },
}

CELLS = [
    md(fr="""
## Comment on compte

À la fin de la partie :

- un chantier rapporte sa **valeur**, le nombre imprimé pour deux joueurs sur la carte (même à
  trois ou quatre joueurs) ;
- un chantier **partagé** par plusieurs joueurs rapporte à chacun la moitié de sa valeur,
  arrondie à l'entier inférieur, quel que soit le nombre de joueurs qui le partagent ;
- un chantier **retardé** revient à la fin à chaque joueur qui tient ses deux voisins le long du
  canal : c'est un gain **par voisinage**, qui vaut lui aussi la moitié, arrondie vers le bas ;
  s'il est aussi partagé, on divise deux fois ;
- chaque **pièce** non dépensée rapporte 2 points.

Le plus grand total gagne ; en cas d'égalité, celui qui tient le plus de chantiers.
""", en="""
## How scoring works

At the end of the game:

- a site brings its **worth**, the number printed for two players on the card (even with three
  or four players);
- a site **shared** by several players brings each of them half its worth, rounded down,
  however many share it;
- a **delayed** site goes at the end to every player who holds both its neighbours along the
  canal: it is won **by adjacency**, which is also worth half, rounded down; if it is shared as
  well, it is halved twice;
- every unused **coin** brings 2 points.

The highest total wins; in a tie, whoever holds more sites.
""", minutes=8),
    code("""
from canal_heritage.lessons import midi, questions
from canal_heritage.lessons.common import Storyteller
from canal_heritage.midi.narration import Narrator
"""),
    *class_book(3),
    md(fr="""
## Une fin de partie

Il ne reste que le dernier tour : le chantier IX, à Agde. Clerville n'a plus qu'un Pétardier
(6), Andréossy un Porteur (3). Voici qui tient quoi avant ce dernier tour, et quels chantiers
sont des villes (un cercle rouge sur la carte du chantier).
""", en="""
## The end of a game

Only the last round is left: site IX, at Agde. Clerville has one Blaster (6) left, Andréossy
one Carrier (3). Here is who holds what before that last round, and which sites are cities (a
red circle on the site card).
""", minutes=15),
    code("""
final = midi.prepared_round(2, built={"I": [0], "II": [0, 1], "III": [1], "V": [1], "VI": [0], "VIII": [0, 1]},
                            delayed=["IV", "VII"], current="IX", hands=[[6], [3]], coins=[1, 0], spent=3)
midi.holdings_html(final, lang)
"""),
    md(fr="""
**À vous.** Chaque joueur mise sa dernière carte ; personne n'envoie de renforts. Répondez
avant de lancer le moteur.

1. Les Écluses de Fonseranes (VIII, valeur 9) sont tenues par les deux joueurs. Combien de
   points rapportent-elles à Clerville ?
2. L'Épanchoir de Foucaud (IV) est retardé. À qui revient-il à la fin ?
3. Le Tunnel du Malpas (VII, valeur 8) est retardé aussi. Combien rapporte-t-il à Clerville ?
4. Combien de points Clerville gagne-t-il avec ses pièces ? (Attention : un joueur qui a ses
   pions sur deux villes voisines le long du canal, et sur tous les chantiers entre elles, gagne
   une pièce. La colonne *Ville* du tableau dit quels chantiers sont des villes, et Clerville va
   gagner Agde.)
5. Quel est le total d'Andréossy ?
""", en="""
**Your turn.** Each player bets their last card; nobody sends reinforcements. Answer before
running the engine.

1. The Fonseranes locks (VIII, worth 9) are held by both players. How many points do they
   bring Clerville?
2. The Épanchoir de Foucaud (IV) is delayed. Who gets it at the end?
3. The Malpas tunnel (VII, worth 8) is delayed too. How many points does it bring Clerville?
4. How many points does Clerville get from coins? (Careful: a player whose pawns are on two
   neighbouring cities along the canal, and on every site between them, earns a coin. The
   table's *City* column says which sites are cities, and Clerville is about to win Agde.)
5. What is Andréossy's total?
"""),
    code("""
questions.site_score(lang, final, 0, "VIII", hint="shared")
"""),
    code("""
questions.adjacency_owner(lang, final, "IV")
"""),
    code("""
questions.site_score(lang, final, 0, "VII", hint="adjacency")
"""),
    code("""
questions.coin_points(lang, final, 0)
"""),
    code("""
questions.total_score(lang, final, 1)
"""),
    md(fr="""
## Le moteur joue le dernier tour

Le narrateur raconte le dernier tour, l'attribution des chantiers retardés et le résultat ;
puis la feuille de score détaille chaque ligne.
""", en="""
## The engine plays the last round

The narrator tells the last round, who gets the delayed sites and the result; then the score
sheet shows every line.
""", minutes=10),
    code("""
played = final.clone()  # on a copy: run again, the cell tells the same round again
story = Storyteller(played, Narrator(lang, played.game))
story.told = len(played.log(None))
midi.play_round(played)
story.tell()
""", reveals=True, check={
        "fr": "Clerville pose sa mise, face cachée.\n"
              "Andréossy pose sa mise, face cachée.\n"
              "Les mises sont révélées : Clerville 6 et Andréossy 3. Total : 9.\n"
              "Clerville n'envoie pas de renforts.\n"
              "Le chantier Écluse ronde d'Agde (IX) est construit (9 pour 5 requis). Clerville le remporte avec 6 et "
              "pose un pion.\n"
              "Clerville relie les chantiers-villes VIII et IX et gagne une pièce Riquet.\n"
              "À la fin, le chantier Épanchoir de Foucaud (IV) revient à Andréossy, qui détient les deux chantiers "
              "voisins.\n"
              "À la fin, le chantier Tunnel du Malpas (VII) revient à Clerville, qui détient les deux chantiers "
              "voisins.\n"
              "Le canal est achevé. Clerville gagne avec 28 points.",
        "en": "Clerville places a bet, face down.\n"
              "Andréossy places a bet, face down.\n"
              "The bets are revealed: Clerville 6 and Andréossy 3. Total: 9.\n"
              "Clerville sends no reinforcements.\n"
              "Site Écluse ronde d'Agde (IX) is built (9 for 5 needed). Clerville wins it with 6 and places a pawn.\n"
              "Clerville links the city sites VIII and IX and earns a Riquet coin.\n"
              "At the end, site Épanchoir de Foucaud (IV) goes to Andréossy, who holds both neighbouring sites.\n"
              "At the end, site Tunnel du Malpas (VII) goes to Clerville, who holds both neighbouring sites.\n"
              "The canal is finished. Clerville wins with 28 points."}),
    code("""
midi.score_sheet(played, lang)
""", reveals=True),
    md(fr="""
## À trois ou quatre joueurs

La règle du partage ne dépend pas du nombre de joueurs qui partagent.

1. Un chantier de valeur 7 est tenu par trois joueurs. Combien de points pour chacun ?
2. Un chantier de valeur 9, retardé, revient par voisinage à deux joueurs. Combien pour chacun ?
""", en="""
## With three or four players

The sharing rule does not depend on how many players share.

1. A site worth 7 is held by three players. How many points does each get?
2. A delayed site worth 9 goes by adjacency to two players. How many points does each get?
""", minutes=7),
    code("""
questions.halving(lang, 7, 3, False)
"""),
    code("""
questions.halving(lang, 9, 2, True)
"""),
    md(fr="""
> **Histoire ou jeu ?** Dans le jeu, chaque ingénieur marque des points pour les chantiers qu'il
> remporte, et le meilleur total gagne. Dans l'histoire, il n'y avait pas de concours entre eux :
> le canal fut donné à Riquet et à ses héritiers comme un fief, et sa famille l'exploita jusqu'à la
> Révolution.
""", en="""
> **History or game?** In the game, each engineer scores points for the sites they win, and the
> best total wins. In history there was no contest between them: the canal was granted to Riquet
> and his heirs as a fief, and his family ran it until the Revolution.
"""),
    md(fr="""
## Pour discuter

- Pourquoi diviser par deux un chantier partagé plutôt que le diviser entre les joueurs ?
- Tenir deux chantiers voisins d'un chantier difficile est-il une bonne stratégie ?
- Une pièce vaut 2 points à la fin : quand vaut-il mieux la garder ?
""", en="""
## To discuss

- Why halve a shared site rather than split it between the players?
- Is holding both neighbours of a hard site a good strategy?
- A coin is worth 2 points at the end: when is it better to keep it?
""", minutes=5),
]
