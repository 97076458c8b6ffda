"""One ``LanguageSpec`` per grammar: the query and import handlers of each language."""
