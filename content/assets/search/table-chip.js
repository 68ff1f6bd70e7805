// The "In play at my table" chip of the search panel: shown only when this device has a table
// stored (the play-along page keeps it, content/assets/play/stored-table.js), pressed when the
// query holds in:table, and a tap adds the clause to the box or takes it out, so the box always
// says what is searched. The engine does the filtering (in:table, engine/evaluate.js).
import { readStoredTable } from "../play/stored-table.js";

export const TABLE_CHIP_LABEL = "In play at my table";

/** The chip button, placed before the panel's chips; hidden until a table is known. */
export function makeTableChip(parts, onToggle) {
  const chip = document.createElement("button");
  chip.type = "button";
  chip.className = "cmp-search__table-chip";
  chip.dataset.cmpTableChip = "";
  chip.textContent = TABLE_CHIP_LABEL;
  chip.hidden = true;
  chip.setAttribute("aria-pressed", "false");
  chip.addEventListener("click", (event) => {
    event.preventDefault();
    onToggle(chip.getAttribute("aria-pressed") !== "true");
  });
  parts.chips.before(chip);
  return chip;
}

/** The device's table as the engine takes it ({table, error}); read at each search, so a table
 * set or forgotten on Play along (or in another tab) counts at the next keystroke. */
export function storedForSearch() {
  return readStoredTable();
}

/** Shows the chip when a table is stored, pressed when the query keeps only the records in play. */
export function showTableChip(chip, stored, pressed) {
  if (!chip) return;
  const count = stored?.table?.inPlay?.length ?? 0;
  chip.hidden = !stored?.table;
  chip.setAttribute("aria-pressed", pressed ? "true" : "false");
  chip.title = count === 1 ? "1 record is in play at your table" : `${count} records are in play at your table`;
}
