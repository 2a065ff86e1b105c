// Only a comment: no code.
