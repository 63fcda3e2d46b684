"""tournaments app."""
