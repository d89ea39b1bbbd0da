"""Setting up a correspondence game: the rule book's ritual, step by step.

Snake Synapse (``seeds/snake-synapse.fr.txt``): the game master chooses the
terrain, whose changes at each death count everyone sees from the start; the
registration fills 6 or 8 seats (2 to the terrain's count here); then the
colour draft: a player drawn at random chooses a colour and names the next
player, who chooses and names the next, and so on; then every player chooses
a race in secret, and the races are revealed together once all are in (a
terrain that allows one race only skips this step). Then turn 1 opens.

What the Shell by correspondence has no ritual: two registrations, the first
player plays black, and the game starts.

A choice not made within the time of one turn is made at random for the
late player (logged), so one silent player never blocks an edition.
Functions named ``*_tx`` run inside the caller's write transaction and lock
the match row, like the coordinator's.

The package, one step a module: :mod:`.form` (the game master's form, the
clock limits), :mod:`.lookup` (finding editions), :mod:`.registration`,
:mod:`.draft` (colours), :mod:`.races` (secret races), :mod:`.opening` (the
first turn, and every turn announced), :mod:`.late` (choices not made in
time). A terrain's changes in words live below, in :mod:`..terrains`.
"""

from samtempa.server.services.editions.draft import choose_colour_tx, free_colours
from samtempa.server.services.editions.form import (
    CLOCKS,
    HOUR,
    N_,
    PHASES,
    WHOLE_DAYS,
    NewEdition,
)
from samtempa.server.services.editions.late import ritual_due_tx
from samtempa.server.services.editions.lookup import edition_of, open_editions
from samtempa.server.services.editions.opening import announce_turn, edition_title
from samtempa.server.services.editions.races import choose_race_tx, my_secret_race, races_chosen
from samtempa.server.services.editions.registration import (
    create_edition_tx,
    register_tx,
    unregister_tx,
)
from samtempa.server.services.terrains import (
    TERRAIN_NAMES,
    allowed_races,
    change_sentences,
    terrain_changes,
    terrain_data,
)

__all__ = [
    "CLOCKS",
    "HOUR",
    "N_",
    "PHASES",
    "TERRAIN_NAMES",
    "WHOLE_DAYS",
    "NewEdition",
    "allowed_races",
    "announce_turn",
    "change_sentences",
    "choose_colour_tx",
    "choose_race_tx",
    "create_edition_tx",
    "edition_of",
    "edition_title",
    "free_colours",
    "my_secret_race",
    "open_editions",
    "races_chosen",
    "register_tx",
    "ritual_due_tx",
    "terrain_changes",
    "terrain_data",
    "unregister_tx",
]
