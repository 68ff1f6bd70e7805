// Play-along data for the engine's Node tests while the real data is being written: each
// game record that has no `play_along` in the export gets a small hand-made block shaped as
// notes/play-design.md 1a/1b say, naming real records (the timing, step_of and objectives
// they read are the real ones). A game whose record already has play_along is left as the
// export has it, so the tests move to the real data game by game as it lands.
// `fixtureGames(data)` says which games are still on the fixture.
import { recordIn } from "./helper-records.mjs";

const BLOCKS = {
  "mn-mare-nostrum-mythology": {
    play_along: {
      players: { min: 3, max: 6 },
      seats: { kind: "civilization", label: "Civilization" },
      options: ["mn-longer-game", "mn-free-setup"],
      setup: ["mn-starting-setup", "mn-fewer-than-six-players"],
      turn: "mn-phases-of-a-turn",
      rounds: { label: "Turn" },
      in_play: ["hero", "wonder", "god", "creature"],
      always: ["role"],
      end: ["mn-object-of-the-game"],
    },
    setup: {
      "mn-starting-setup": [
        { id: "aside", do: "Set 8 heroes and wonders aside.", counts: [{ label: "Heroes and wonders set aside", value: 8 }] },
        { id: "free-builds", do: "Build 45 points in five builds of 9.", with: ["mn-free-setup"],
          counts: [{ label: "Points", value: 45 }, { label: "Builds", value: 5 }] },
        { id: "civilization", do: "Take your civilization's pieces.", per: "player" },
      ],
      "mn-fewer-than-six-players": [
        { id: "neutral", do: "Make this civilization neutral.", per: "unplayed", players: [3, 4, 5] },
        { id: "building-tokens", do: "Keep only the {mn-building-token|building tokens} for your player count.", players: [3, 4, 5],
          counts: [3, 4, 5].flatMap((n) => [
            ["Caravans", "mn-caravan", "Caravan", [18, 23, 28]], ["Cities", "mn-city", "City", [8, 10, 12]],
            ["Markets", "mn-market", "Market", [8, 10, 12]], ["Temples", "mn-temple", "Temple", [4, 5, 6]],
          ].map(([label, of, row, v]) => ({ label, of, players: [n], value: v[n - 3], unit: "tokens",
            from: { table: "mn-building-tokens-by-player-count", row, column: `p${n}` } }))) },
      ],
    },
  },
  "ac-ancient-conquest": {
    play_along: {
      players: { min: 2, max: 4 },
      seats: { kind: "people", by: "group", label: "Group" },
      options: ["ac-hegemonic-city", "ac-sowing"],
      setup: ["ac-nation-groups"],
      turn: "ac-turn-sequence",
      rounds: { label: "Turn", count: { from: { record: "ac-end-of-the-game", fact: "Last turn" } } },
      in_play: ["hero", "god"],
      end: ["ac-end-of-the-game"],
      scoring: "calculators/ancient-conquest-victory.md",
    },
    setup: { "ac-nation-groups": [{ id: "peoples", do: "Take the peoples of your group.", per: "player" },
      { id: "unknown-step", do: "Something the source leaves open.", unknown: "The source does not say." }] },
  },
  "dip-diplomacy-variant": {
    play_along: {
      players: { min: "unknown", max: "unknown", note: "The fragment does not say." },
      seats: { kind: "civilization", label: "Power" },
      setup: ["dip-game-length"],
      turn: "dip-game-length",
      rounds: { label: "Year", count: 6, first: 1, suffix: "AD" },
      in_play: ["place"],
      end: ["dip-victory-condition"],
      scoring: "calculators/diplomacy-score.md",
      gaps: ["The phases of a year run as in a standard game; the fragment gives none, so they are not given here."],
    },
    setup: { "dip-game-length": [{ id: "start", do: "The game starts in 1 AD.", counts: [{ label: "Start year", value: 1 }] }] },
  },
  "mos-mosaic-wars-disasters": {
    play_along: {
      players: { min: 2, max: 6 },
      seats: { kind: "civilization", label: "Civilization" },
      setup: ["mos-setup-wonders"],
      turn: "mos-moments-of-play",
      in_play: ["technology", "wonder"],
      gaps: ["The rest of the turn belongs to the base game and is not in the source."],
    },
    setup: { "mos-setup-wonders": [{ id: "wonders", do: "Lay out 9 wonders.", counts: [{ label: "Wonders", value: 9 }] }] },
  },
  "swm-seven-wonders-myths": {
    play_along: {
      players: { min: 2, max: 7 },
      seats: { kind: "wonder", label: "Wonder board" },
      options: [],
      setup: ["swm-prayer-phase"],
      turn: "swm-myths-gameplay",
      rounds: { label: "Age", count: 3, opens_with: ["swm-prayer-phase"] },
      in_play: ["card", "hero"],
    },
    setup: { "swm-prayer-phase": [{ id: "coins", do: "Take 3 coins.", counts: [{ label: "Coins", value: 3 }] }] },
  },
};

/** The export with a hand-made play_along on each game record that lacks one (edits `data` in place). */
export function withPlayAlong(data) {
  for (const [gameId, block] of Object.entries(BLOCKS)) {
    const game = recordIn(data, gameId);
    if (game.play_along !== undefined) continue;
    game.play_along = JSON.parse(JSON.stringify(block.play_along));
    for (const [ruleId, steps] of Object.entries(block.setup)) recordIn(data, ruleId).setup = JSON.parse(JSON.stringify(steps));
  }
  return data;
}

/** The game slugs whose play_along is still this fixture's, in `data` as the export gives it. */
export function fixtureGames(data) {
  return Object.keys(BLOCKS).filter((id) => recordIn(data, id).play_along === undefined).map((id) => recordIn(data, id).game);
}
