"""One module per resource: pages, accounts, lobby, matches, live (the websocket)."""
