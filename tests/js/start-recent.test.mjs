// The start page's recent list (content/assets/start/recent.js): a full, disabled or garbage
// storage is ignored, entries are checked when read, the list is newest first and bounded.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkedEntry, clearRecent, noteRecent, readRecent, RECENT_KEY, RECENT_MAX } from "../../content/assets/start/recent.js";

import { blockedStorage, fullStorage, memoryStorage as memory } from "./fake-storage.mjs";

const ajax = { id: "mn-ajax", title: "Ajax", where: "Mare Nostrum · Heroes", url: "mare-nostrum/heroes/mn-ajax/" };

test("notes newest first, once each, at most RECENT_MAX", () => {
  const s = memory();
  for (let i = 0; i < RECENT_MAX + 3; i++) noteRecent(s, { id: `mn-x${i}`, title: `X${i}`, url: `mare-nostrum/heroes/mn-x${i}/` });
  noteRecent(s, ajax);
  noteRecent(s, { id: "mn-x5", title: "X5", url: "mare-nostrum/heroes/mn-x5/" });
  const list = readRecent(s);
  assert.equal(list.length, RECENT_MAX);
  assert.deepEqual(list.slice(0, 2).map((e) => e.id), ["mn-x5", "mn-ajax"]);
  assert.equal(new Set(list.map((e) => e.id)).size, list.length);
});

test("garbage in storage reads as an empty list or its valid entries only", () => {
  for (const raw of ["not json", "{}", "null", "42", '"x"', "[[]]", JSON.stringify([{ id: 1 }]), "x".repeat(70000)]) {
    assert.deepEqual(readRecent(memory({ [RECENT_KEY]: raw })), [], raw.slice(0, 20));
  }
  const mixed = JSON.stringify([null, ajax, { ...ajax, id: "mn-evil", url: "javascript:alert(1)//" }]);
  assert.deepEqual(readRecent(memory({ [RECENT_KEY]: mixed })).map((e) => e.id), ["mn-ajax"]);
});

test("an entry must point into the site and hold plain text", () => {
  for (const url of ["javascript:alert(1)", "//evil.example/a/", "/abs/path/", "https://evil.example/", "../up/", "a\\b/", "A/", "a/../b/", ""]) {
    assert.equal(checkedEntry({ ...ajax, url }), null, url);
  }
  for (const bad of [{ ...ajax, id: "<b>" }, { ...ajax, title: "" }, { ...ajax, title: "a\u0000b" }, { ...ajax, title: "x".repeat(201) },
    { ...ajax, where: 5 }, [], "mn-ajax", null]) {
    assert.equal(checkedEntry(bad), null, JSON.stringify(bad));
  }
  assert.deepEqual(checkedEntry(ajax), ajax);
  assert.ok(checkedEntry({ ...ajax, url: "mare-nostrum/heroes/mn-ajax/index.html" }));
});

test("a disabled or full storage is ignored", () => {
  const disabled = blockedStorage();
  assert.deepEqual(readRecent(disabled), []);
  assert.equal(noteRecent(disabled, ajax), false);
  clearRecent(disabled);
  const full = fullStorage();
  assert.equal(noteRecent(full, ajax), false);
  assert.deepEqual(readRecent(null), []);
  clearRecent(null);
});

test("clear empties the list", () => {
  const s = memory();
  noteRecent(s, ajax);
  clearRecent(s);
  assert.deepEqual(readRecent(s), []);
  assert.equal(s.getItem(RECENT_KEY), null);
});
