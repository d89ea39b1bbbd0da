"""The platform's logic, without HTTP: accounts, lobby, matches (the coordinator), deadlines,
live fan-out and mail. Routes call these; tests call them directly too."""
