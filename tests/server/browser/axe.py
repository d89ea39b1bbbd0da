"""axe-core in the browser tests, and a watch for Content-Security-Policy violations.

axe-core's script comes with the ``axe-playwright-python`` package (a dev
dependency: ``./dev test`` installs it; nothing is downloaded at test time). It is
evaluated through Playwright, which the page's CSP does not block, so pages are
checked under their real policy. Violations are counted by impact; "serious" and
"critical" ones fail a test.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from playwright.sync_api import BrowserContext, Page

BLOCKING = ("serious", "critical")
IMPACTS = ("minor", "moderate", "serious", "critical")

#: Injected before any page script: every CSP violation the page meets is kept.
CSP_WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline") +
    " at " + (e.sourceFile || "") + ":" + (e.lineNumber || 0));
});
"""


@cache
def axe_source() -> str:
    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def watch(context: BrowserContext) -> list[str]:
    """Record CSP violations (DOM events and console reports) of every page of ``context``."""
    console: list[str] = []
    context.add_init_script(CSP_WATCH)

    def on_page(page: Page) -> None:
        page.on(
            "console",
            lambda m: console.append(m.text) if "Content Security Policy" in m.text else None,
        )

    context.on("page", on_page)
    return console


def csp_violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__cspViolations || []")
    return found


def run_axe(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (WCAG 2.1 A/AA and best practices)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())
    result: dict[str, Any] = page.evaluate(
        """async () => await axe.run(document, {
             runOnly: {type: "tag",
                       values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
             resultTypes: ["violations"],
           })"""
    )
    violations: list[dict[str, Any]] = result["violations"]
    return violations


def blocking(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [v for v in violations if v.get("impact") in BLOCKING]


def describe(violation: dict[str, Any]) -> str:
    targets = [" ".join(map(str, n["target"])) for n in violation["nodes"][:3]]
    return f"{violation['impact']} {violation['id']} ({len(violation['nodes'])}): {targets}"
