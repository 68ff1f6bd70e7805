// Every page: when it is a record's own page, note it in this device's recent list
// (recent.js) for the start page. Reads only what the page shows: the record's id, its
// heading and the breadcrumbs. Pages without a record (lists, tools, the start page) are not noted.
import { onEveryPage } from "../shared/on-page.js";
import { localStore, noteRecent } from "./recent.js";

const ROOT = new URL("../../", import.meta.url);   // this file is assets/start/remember.js

function pagePath() {
  const here = new URL(location.href);
  if (!here.pathname.startsWith(ROOT.pathname)) return null;
  return here.pathname.slice(ROOT.pathname.length);
}

function remember() {
  const record = document.querySelector("article [data-cmp-record]");
  const heading = record?.querySelector("h1");
  const url = pagePath();
  if (!record || !heading || !url) return;
  const crumbs = [...record.querySelectorAll(".cmp-crumbs a")].map((a) => a.textContent.trim()).filter(Boolean);
  noteRecent(localStore(), {
    id: record.dataset.cmpRecord,
    title: heading.textContent.replace(/\s+/g, " ").trim(),
    where: crumbs.slice(0, 2).join(" · "),
    url,
  });
}

onEveryPage(remember);
