"""The races' powers (SS-8), each as a change to the inputs of a frame step.

No power runs a second engine; each plugs into the frame pipeline of
:mod:`samtempa.games.snake.frame`:

=========  ==================================================  ==================
race       what the power changes                              where
=========  ==================================================  ==================
breaker    who moves: nobody steps for it this turn            ``schedule``
dasher     who moves: its steps start N frames early           ``schedule``
trapper    walls added: a ``T`` cell at step 8                 :mod:`.trapper`
digger     what counts as a wall for its head (step 3)         :mod:`.digger`
ghost      who collides (steps 3, 4) and its expiry (step 6)   :mod:`.ghost`
shooter    where a head goes (step 2), portals added (step 9)  :mod:`.shooter`
=========  ==================================================  ==================
"""
