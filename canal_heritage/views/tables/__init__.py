"""A game at the table: the shell both games share, each game's table and its parts."""
