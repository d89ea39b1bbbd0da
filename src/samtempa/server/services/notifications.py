"""Mail: through SMTP when configured, else written to the server log (a one-machine setup)."""

from __future__ import annotations

import logging
import smtplib
from email.message import EmailMessage

from samtempa.server.core.config import Settings

log = logging.getLogger("samtempa.mail")


def send_mail(settings: Settings, to: str, subject: str, body: str) -> None:
    """Send one plain-text message; without SMTP settings, log it (links included)."""
    if not settings.smtp_host:
        log.warning("mail to %s (no SMTP configured): %s\n%s", to, subject, body)
        return
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=30) as smtp:
        if settings.smtp_starttls:
            smtp.starttls()
        if settings.smtp_user:
            smtp.login(settings.smtp_user, settings.smtp_password)
        smtp.send_message(message)
