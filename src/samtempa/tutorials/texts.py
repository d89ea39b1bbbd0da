"""Short interface texts in French, Esperanto and English (the lessons carry their own).

>>> say("en", "your-move")
'Your move'
"""

from __future__ import annotations

from samtempa.tutorials.lessons import pick_lang

TEXTS: dict[str, dict[str, str]] = {
    "snake-syntax": {
        "fr": "Tapez un chemin de 5 lettres (H haut, B bas, G gauche, D droite), puis un pouvoir "
        "si vous voulez : dash 1 · trap 2 H · dig 1 · ghost · breaker (sans chemin) · "
        "shoot 1 1 G (déplacement, portail, direction).",
        "eo": "Tajpu vojon el 5 literoj (U supren, D malsupren, L maldekstren, R dekstren), "
        "poste potencon laŭvole: dash 1 · trap 2 U · dig 1 · ghost · breaker (sen vojo) · "
        "shoot 1 1 L (paŝo, portalo, direkto).",
        "en": "Type a path of 5 letters (U up, D down, L left, R right), then a power if you "
        "like: dash 1 · trap 2 U · dig 1 · ghost · breaker (no path) · shoot 1 1 L (step, "
        "portal, direction).",
    },
    "path": {"fr": "Chemin", "eo": "Vojo", "en": "Path"},
    "power": {"fr": "Pouvoir", "eo": "Potenco", "en": "Power"},
    "no-power": {"fr": "aucun", "eo": "neniu", "en": "none"},
    "at-step": {"fr": "au déplacement", "eo": "ĉe paŝo", "en": "at step"},
    "direction": {"fr": "direction", "eo": "direkto", "en": "direction"},
    "portal": {"fr": "portail", "eo": "portalo", "en": "portal"},
    "shot": {"fr": "Tir", "eo": "Pafo", "en": "Shot"},
    "dash-frames": {"fr": "frames d'avance", "eo": "kadroj da antaŭeco", "en": "frames ahead"},
    "path-help": {
        "fr": "5 lettres : H haut, B bas, G gauche, D droite",
        "eo": "5 literoj: U supren, D malsupren, L maldekstren, R dekstren",
        "en": "5 letters: U up, D down, L left, R right",
    },
    "tutorial": {"fr": "Tutoriel", "eo": "Instruilo", "en": "Tutorial"},
    "tutorial-intro": {
        "fr": "De courtes leçons : une position préparée, une consigne, votre coup, puis ce qui "
        "s'est passé et pourquoi. Pas besoin de compte ; votre progression est gardée dans ce "
        "navigateur.",
        "eo": "Mallongaj lecionoj: preparita pozicio, instrukcio, via movo, kaj poste kio okazis "
        "kaj kial. Neniu konto necesas; via progreso restas en ĉi tiu retumilo.",
        "en": "Short lessons: a prepared position, an instruction, your move, then what happened "
        "and why. No account needed; your progress is kept in this browser.",
    },
    "lessons": {"fr": "Leçons", "eo": "Lecionoj", "en": "Lessons"},
    "start": {"fr": "Commencer", "eo": "Komenci", "en": "Start"},
    "resume": {"fr": "Continuer", "eo": "Daŭrigi", "en": "Continue"},
    "again": {"fr": "Recommencer", "eo": "Rekomenci", "en": "Start again"},
    "done": {"fr": "terminée", "eo": "finita", "en": "done"},
    "next-lesson": {"fr": "Leçon suivante", "eo": "Sekva leciono", "en": "Next lesson"},
    "back-to-lessons": {
        "fr": "Retour aux leçons",
        "eo": "Reen al la lecionoj",
        "en": "Back to the lessons",
    },
    "reset": {
        "fr": "Effacer ma progression",
        "eo": "Forviŝi mian progreson",
        "en": "Reset my progress",
    },
    "send": {"fr": "Jouer", "eo": "Ludi", "en": "Play"},
    "board": {"fr": "Plateau", "eo": "Tabulo", "en": "Board"},
    "board-after": {
        "fr": "Le plateau après le tour",
        "eo": "La tabulo post la vico",
        "en": "The board after the turn",
    },
    "pick-cell": {
        "fr": "Cliquez sur une case vide (ou choisissez-la au clavier).",
        "eo": "Klaku malplenan lokon (aŭ elektu ĝin per la klavaro).",
        "en": "Click an empty cell (or choose it with the keyboard).",
    },
    "show-hint": {"fr": "Afficher l'indice", "eo": "Montri la helpon", "en": "Show the hint"},
    "stale": {
        "fr": "Ce lien de leçon n'est plus valable ; la leçon reprend au début.",
        "eo": "Ĉi tiu leciona ligilo ne plu validas; la leciono rekomenciĝas.",
        "en": "This lesson link is out of date; the lesson starts again.",
    },
    "your-move": {"fr": "Votre coup", "eo": "Via movo", "en": "Your move"},
    "you-are": {"fr": "Vous jouez {who}.", "eo": "Vi ludas {who}.", "en": "You play {who}."},
    "lesson": {"fr": "Leçon {n}/{total}", "eo": "Leciono {n}/{total}", "en": "Lesson {n}/{total}"},
    "step": {"fr": "étape {n}/{total}", "eo": "paŝo {n}/{total}", "en": "step {n}/{total}"},
    "rules": {"fr": "Règles", "eo": "Reguloj", "en": "Rules"},
    "well-done": {"fr": "Bravo !", "eo": "Bone farite!", "en": "Well done!"},
    "not-yet": {"fr": "Pas tout à fait.", "eo": "Ne tute.", "en": "Not quite."},
    "hint": {"fr": "Indice", "eo": "Helpo", "en": "Hint"},
    "try-again": {
        "fr": "Réessayez depuis la même position.",
        "eo": "Provu denove el la sama pozicio.",
        "en": "Try again from the same position.",
    },
    "what-happened": {"fr": "Ce qui s'est passé", "eo": "Kio okazis", "en": "What happened"},
    "why": {"fr": "Pourquoi", "eo": "Kial", "en": "Why"},
    "illegal": {"fr": "Coup refusé", "eo": "Movo rifuzita", "en": "Move refused"},
    "all-done": {
        "fr": "Vous avez terminé toutes les leçons. À vous de jouer !",
        "eo": "Vi finis ĉiujn leciojn. Nun ludu!",
        "en": "You have finished every lesson. Now go and play!",
    },
    "lesson-done": {
        "fr": "Leçon terminée.",
        "eo": "Leciono finita.",
        "en": "Lesson complete.",
    },
    "continue": {
        "fr": "Entrée pour continuer, q pour quitter : ",
        "eo": "Enigu por daŭrigi, q por ĉesi: ",
        "en": "Enter to go on, q to quit: ",
    },
    "progress-reset": {
        "fr": "Progression effacée.",
        "eo": "Progreso forviŝita.",
        "en": "Progress reset.",
    },
    "saved": {
        "fr": "Progression enregistrée : vous reprendrez ici.",
        "eo": "Progreso konservita: vi daŭrigos ĉi tie.",
        "en": "Progress saved: you will start again here.",
    },
    "help-keys": {
        "fr": "(h : indice, q : quitter)",
        "eo": "(h: helpo, q: ĉesi)",
        "en": "(h: hint, q: quit)",
    },
    "unknown-lesson": {
        "fr": "Leçon inconnue : {id}",
        "eo": "Nekonata leciono: {id}",
        "en": "Unknown lesson: {id}",
    },
}


def say(lang: str, key: str, **values: object) -> str:
    """The text ``key`` in ``lang`` (English when the language is unknown)."""
    text = TEXTS[key][pick_lang(lang)]
    return text.format(**values) if values else text


def colon(lang: str) -> str:
    """A colon spaced as each language wants (French puts a space before it)."""
    return " : " if pick_lang(lang) == "fr" else ": "


def label(lang: str, key: str) -> str:
    """``key`` as a label before a colon (``Indice : ``)."""
    return say(lang, key) + colon(lang)
