"""Model: the checked records indexed the ways pages need them, and the facts derived from them."""
from generator.model.records import (KIND_PAGES, Model, build_model, display_name, fold, list_page_path, page_url,
                                     record_page_path, rel_href, rel_url, shared_names)

__all__ = ["KIND_PAGES", "Model", "build_model", "display_name", "fold", "list_page_path", "page_url",
           "record_page_path", "rel_href", "rel_url", "shared_names"]
