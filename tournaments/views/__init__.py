"""Server-rendered pages outside the admin: a player's (and a team captain's) own pages."""
