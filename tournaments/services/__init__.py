"""State changes of the tournament domain: keyword-only, typed, transactional."""
