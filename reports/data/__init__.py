"""Plain data of each printed form, built from the selectors: what is laid out and fingerprinted."""
