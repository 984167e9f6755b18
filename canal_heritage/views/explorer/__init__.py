"""The heritage explorer: the map of the canals, the timeline, the people, the glossary."""
