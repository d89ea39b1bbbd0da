"""accounts that hold: the login limit, confirmed emails, account mail in the background

Revision ID: 0005
Revises: 0006
Create Date: 2026-12-04 09:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0006"  # after issue 19's tables (merged first)
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "login_limits",
        sa.Column("key", sa.String(length=300), nullable=False),
        sa.Column("tat", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )
    op.create_index("ix_login_limits_tat", "login_limits", ["tat"])
    op.create_table(
        "email_confirmations",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=254), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_email_confirmations_user_id", "email_confirmations", ["user_id"])
    op.create_table(
        "mail_jobs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("locale", sa.String(length=8), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("next_at", sa.DateTime(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("done_at", sa.DateTime(), nullable=True),
        sa.Column("error", sa.String(length=300), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_mail_jobs_user_id", "mail_jobs", ["user_id"])
    op.create_index("ix_mail_jobs_next_at", "mail_jobs", ["next_at"])
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("pending_email", sa.String(length=254), nullable=True))
    # Guest seats that an earlier login moved into an account's session (issue 17, item 3)
    # become that account's: sessions no longer carry seats from one login to the next.
    op.execute(
        "UPDATE seats SET user_id = (SELECT b.user_id FROM browser_sessions b"
        " WHERE b.id = seats.session_id) WHERE user_id IS NULL AND session_id IN"
        " (SELECT id FROM browser_sessions WHERE user_id IS NOT NULL)"
    )


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("pending_email")
    op.drop_index("ix_mail_jobs_next_at", table_name="mail_jobs")
    op.drop_index("ix_mail_jobs_user_id", table_name="mail_jobs")
    op.drop_table("mail_jobs")
    op.drop_index("ix_email_confirmations_user_id", table_name="email_confirmations")
    op.drop_table("email_confirmations")
    op.drop_index("ix_login_limits_tat", table_name="login_limits")
    op.drop_table("login_limits")
