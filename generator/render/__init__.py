"""Render: the model to pages, {path: Markdown with HTML}; record text made safe on the way."""
from generator.render.pages import nav, render_pages

__all__ = ["nav", "render_pages"]
