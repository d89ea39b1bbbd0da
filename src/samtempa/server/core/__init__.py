"""Settings, database and security: the pieces every other server module builds on."""
