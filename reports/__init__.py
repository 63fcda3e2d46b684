"""reports app."""
