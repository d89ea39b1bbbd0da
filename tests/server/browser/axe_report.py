"""Print axe's violations by page family and impact for a running server, in each language.

    .venv/bin/python -m tests.server.browser.axe_report http://127.0.0.1:8000 [--details]

The same walk as ``test_accessibility.py``, for figures (before and after a change)
rather than a verdict.
"""

from __future__ import annotations

import argparse
from collections import Counter

from playwright.sync_api import sync_playwright

from samtempa.server.core.i18n import LOCALES

from .axe import describe, run_axe
from .conftest import ARGS, CHROMIUM
from .site_pages import answer_lesson, lesson_attempts, logged_out_pages, pages, prepare


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--details", action="store_true")
    args = parser.parse_args()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(base_url=args.base)
        made = prepare(context.new_page())
        state = context.storage_state()
        context.close()
        for lang in LOCALES:
            report: dict[str, Counter[str]] = {}
            details: Counter[str] = Counter()
            for logged_in in (True, False):
                ctx = browser.new_context(
                    base_url=args.base, storage_state=state if logged_in else None
                )
                page = ctx.new_page()
                page.goto(f"/?lang={lang}")
                walk = pages(made) if logged_in else logged_out_pages()
                for family, path in walk:
                    page.goto(path.replace("/offline/en", f"/offline/{lang}"))
                    page.wait_for_load_state("networkidle")
                    for v in run_axe(page):
                        report.setdefault(family, Counter())[str(v["impact"])] += 1
                        details[f"{family} {describe(v).split(' (')[0]}"] += 1
                if logged_in:
                    for game, lesson in lesson_attempts():
                        answer_lesson(page, game, lesson)
                        for v in run_axe(page):
                            report.setdefault("learn", Counter())[str(v["impact"])] += 1
                ctx.close()
            print(f"== {lang}")
            for family in sorted(report):
                c = report[family]
                print(
                    f"  {family:10} "
                    + " ".join(f"{k}={c[k]}" for k in ("critical", "serious", "moderate", "minor"))
                )
            if args.details:
                for line, n in sorted(details.items()):
                    print(f"    {n:3} × {line}")
        browser.close()


if __name__ == "__main__":
    main()
