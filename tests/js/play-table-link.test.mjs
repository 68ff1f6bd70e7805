// The table's own link, which the QR codes and the printed sheet hold (content/assets/play/page/table-link.js):
// on the site, the page's own address; in the downloadable copy opened from a file, the site's
// public address (the canonical link), never a file:/// address no other phone can open; null when the copy
// knows no public address (the page then says the code works only from the site).
// Run: node --test tests/js/play-table-link.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { tableLink } from "../../content/assets/play/page/table-link.js";

const SITE = { protocol: "https:", origin: "https://example.org", pathname: "/compendium/play-along/", canonical: "https://example.org/compendium/play-along/" };
const FILE = { protocol: "file:", origin: "null", pathname: "/home/me/ancient-games-compendium/play-along/index.html",
  canonical: "https://example.org/compendium/play-along/" };

test("on the site, the page's own address with the table", () => {
  assert.equal(tableLink("g=mare-nostrum&n=4", SITE), "https://example.org/compendium/play-along/?g=mare-nostrum&n=4");
  assert.equal(tableLink("", SITE), "https://example.org/compendium/play-along/");
});

test("from a file, the site's public address, never file:///", () => {
  assert.equal(tableLink("g=mare-nostrum&n=4", FILE), "https://example.org/compendium/play-along/?g=mare-nostrum&n=4");
  for (const canonical of ["", "file:///home/me/play-along/index.html", "javascript:alert(1)", "not a url"]) {
    assert.equal(tableLink("g=mare-nostrum", { ...FILE, canonical }), null, canonical);
  }
});
