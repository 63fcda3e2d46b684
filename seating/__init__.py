"""Table and seat rotation engine (pure Python, no Django)."""
