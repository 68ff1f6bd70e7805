// The calculators' page elements: the site's one element builder and link check.
export { el, svg, siteHref, siteLink } from "../../dom.js";
export { onEveryPage } from "../../on-page.js";   // one definition for every page script
