// The game's tools offered at this step (the engine's toolsAt: a game record's tools[].at), on
// the now card: a fold per tool, and for a battle calculator of two sides the sides, one tap
// each, then the link the engine writes (toolLink) with what the table holds for them. Four taps from a
// Combat step to the calculator filled in: the fold, the attacker, the defender, the link.
import { el, siteHref } from "../../shared/dom.js";
import { SITE_ROOT } from "../../shared/tool-page.js";
import { playerName, seatCount } from "./form.js";
import { keyOf } from "./keyed.js";

const SIDE_WORDS = { attacker: "Attacker", defender: "Defender" };

/** One side's chips: a radio button per player. onPick(player) at each tap. */
function sideChips(g, table, id, side, onPick) {
  const n = seatCount(table);
  const row = el("div", { class: "pa-chip-row" });
  for (let p = 1; p <= n; p += 1) {
    const input = el("input", { type: "radio", name: `${id}-${side}`, id: `${id}-${side}-${p}`, value: String(p),
      onchange: () => onPick(p) });
    row.append(el("label", { class: "pa-chip", for: input.id }, input, el("span", { text: playerName(g, table, p) })));
  }
  return el("fieldset", { class: "pa-chips", id: `${id}-${side}`, "data-field": side, "data-field-row": "" },
    el("legend", { text: SIDE_WORDS[side] }), row);
}

/**
 * The keyed children (keyed.js) of the tools offered at the moment's step: [] when none.
 * current() gives {rules, table} as they are when a side is picked, so a link written after a
 * change elsewhere on the card reads the table of now; toolsAt and toolLink are the engine's.
 */
export function toolItems(g, table, moment, { current, toolsAt, toolLink }) {
  const { rules } = current();
  const tools = toolsAt(rules, table, moment.pos);
  return tools.map((tool, i) => ({ key: keyOf(g.game, table.players, table.seats, moment.pos, tool), build: () => {
    const id = `pa-tool-${i}`;
    const picked = { attacker: null, defender: null };
    const link = el("a", { class: "th-button" });
    const out = el("p", { class: "pa-tool-link", id: `${id}-link` }, link);
    const problems = el("div", { class: "pa-tool-errors", role: "status" });
    // The link is written from the table of now: at each pick, and again as it is followed (a
    // record entered on the card since keeps this fold, which is drawn once per step).
    const draw = () => {
      const now = current();
      const r = toolLink(now.rules, now.table, tool.page, picked, moment.pos);
      problems.replaceChildren(...r.errors.map((e) => el("p", { class: "th-field-error", text: e.message })));
      const href = siteHref(r.href, SITE_ROOT);
      out.hidden = !href;
      if (!href) { link.removeAttribute("href"); return; }
      const who = tool.sides && picked.attacker && picked.defender
        ? `: ${playerName(g, now.table, picked.attacker)} against ${playerName(g, now.table, picked.defender)}` : "";
      link.href = href;
      link.textContent = `Open ${tool.title}${who}`;
    };
    link.addEventListener("click", draw, true);   // before the theme's own handler reads the address
    const body = [];
    if (tool.sides) {
      for (const side of ["attacker", "defender"]) body.push(sideChips(g, table, id, side, (p) => { picked[side] = p; draw(); }));
      body.push(el("p", { class: "pa-cite", text: "Each side's civilization (and so its creature), heroes and gods in play are filled in; enter the pieces that fight there." }));
    } else body.push(el("p", { class: "pa-cite", text: "The table's optional rules that change a battle are filled in; enter the units and the ground." }));
    body.push(problems, out);
    draw();
    return el("details", { class: "pa-more pa-tool", id, "data-tool": tool.page }, el("summary", { text: tool.title }), ...body);
  } }));
}
