// The calculators' page elements: the site's one element builder and link check.
export { el, svg, siteHref, siteLink } from "../../shared/dom.js";
export { onEveryPage } from "../../shared/on-page.js";   // one definition for every page script
