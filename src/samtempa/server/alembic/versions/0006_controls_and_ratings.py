"""game controls and identity: draw offers, final standings, ratings

Revision ID: 0006
Revises: 0003
Create Date: 2026-12-01 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "draw_offers",
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("player", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("match_id", "turn", "player"),
    )
    op.create_table(
        "match_standings",
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("places", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("settled_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("match_id"),
    )
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "game"),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("match_id", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("of", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("match_id", "user_id"),
    )
    op.create_index("ix_rating_changes_user_id", "rating_changes", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_rating_changes_user_id", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    op.drop_table("match_standings")
    op.drop_table("draw_offers")
