"""Reads of the tournament domain (standings, score sheets)."""
