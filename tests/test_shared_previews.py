"""A page carries each link preview once: a list at the end of the page that links
name by number, instead of the preview repeated in every link (12,000 references in one
record's notes made a 1.8 MB page)."""
from __future__ import annotations

import json
import re

from generator.render.shared_previews import share_previews

LIST = re.compile(r'<script type="application/json" class="cmp-previews">(.*?)</script>', re.S)


def _link(preview: str, href: str = "../x/") -> str:
    return f'<a class="cmp-ref" data-cmp-preview="{preview}" href="{href}">x</a>'


def test_a_preview_named_many_times_is_written_once():
    page = "\n".join([_link("Mare Nostrum · God: +2 towards winning any role card.")] * 1000 + [_link("Other")])
    out = share_previews(page)
    assert out.count("+2 towards winning") == 1
    assert json.loads(LIST.search(out).group(1)) == ["Mare Nostrum · God: +2 towards winning any role card.", "Other"]
    assert out.count('data-cmp-preview-n="0"') == 1000 and out.count('data-cmp-preview-n="1"') == 1
    assert len(out) < 0.6 * len(page)


def test_a_preview_cannot_close_the_list_or_inject_markup():
    hostile = "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;"
    out = share_previews(_link(hostile))
    body = LIST.search(out).group(1)
    assert "<" not in body and ">" not in body
    assert json.loads(body) == ['</script><script>alert(1)</script> & "q"']
    assert out.count("<script") == 1


def test_a_page_without_references_is_unchanged():
    page = "# Title\n\nNo reference here, though the words data-cmp-preview=&quot;x&quot; are.\n"
    assert share_previews(page) == page


def test_every_built_page_names_previews_its_list_holds(site_dir):
    # Every page of the real site: no preview left in a link, every number in its page's list.
    bad = []
    for path in sorted(site_dir.rglob("index.html")):
        page = path.read_text(encoding="utf-8")
        if 'data-cmp-preview="' in page:
            bad.append(f"{path.relative_to(site_dir)}: a preview left in a link")
        numbers = {int(n) for n in re.findall(r'data-cmp-preview-n="(\d+)"', page)}
        if not numbers:
            continue
        lists = LIST.findall(page)
        if len(lists) != 1 or max(numbers) >= len(json.loads(lists[0])):
            bad.append(f"{path.relative_to(site_dir)}: {len(lists)} lists for numbers up to {max(numbers)}")
    assert bad == []
