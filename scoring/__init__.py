"""Mahjong Competition Rules scoring engine (pure Python, no Django)."""
