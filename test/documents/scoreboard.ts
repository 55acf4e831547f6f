// The corpus stage's scoreboard: one row per document, as Markdown, and what a score still lacks
// of the goal (every document is read by the lint, builds a package its strict user compiles and a
// docs page; at least 99 % of its calls
// work and the client refuses none of the mock's answers; every list walked, every stream read; no
// name pastes a parameter or the HTTP method in).
import type { Score, Walk } from "./score.js";

/** The share of calls that should work on every document. */
export const CALL_GOAL = 0.99;

const yes = (ok: boolean) => (ok ? "yes" : "**no**");
const calls = (walk?: Walk) =>
  walk ? `${walk.worked}/${walk.operations}${walk.worked / walk.operations < CALL_GOAL ? " **<99 %**" : ""}` : "–";
const refused = (walk?: Walk) => (walk ? (walk.refused ? `**${walk.refused}**` : "0") : "–");
const ratio = (done?: number, all?: number) => (all === undefined ? "–" : `${done}/${all}`);

/** The scoreboard of `scores` as a Markdown table, with the stage's time. */
export function scoreboard(scores: Score[], seconds: number): string {
  const rows = scores.map((s) =>
    [
      s.name,
      `${s.methods}/${s.operations}`,
      s.linted ? String(s.lintProblems) : "**no report**",
      yes(s.generated && s.typeChecked && s.packed),
      yes(s.consumerCompiled),
      yes(s.documented),
      calls(s.written),
      refused(s.written),
      calls(s.noExamples),
      refused(s.noExamples),
      ratio(s.written?.lists.walked, s.written?.lists.detected),
      ratio(s.written?.streams.read, s.written?.streams.total),
      ratio(s.stateful?.passed, s.stateful?.inferred),
      String(s.pasted.length),
      String(s.defects),
      String(s.seconds),
    ].join(" | "),
  );
  return [
    "# The corpus through the pipeline",
    "",
    `${scores.length} documents of ../shared/documents/index.json, ${seconds} s in all (\`npm run test:documents\`).`,
    "",
    "| document | methods/operations | lint problems | package | strict user | docs page | calls | refused | calls, no examples | refused | lists walked/detected | streams read | stateful round trips | pasted names | defects | s |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r} |`),
    "",
  ].join("\n");
}

/** What `score` lacks of the goal, a line each; none when it meets it. */
export function shortfalls(score: Score): string[] {
  const out = [...score.errors];
  if (score.methods !== score.operations) out.push(`${score.methods} methods for ${score.operations} operations`);
  for (const [how, walk] of [
    ["as written", score.written],
    ["examples taken out", score.noExamples],
  ] as const) {
    if (!walk) continue;
    if (walk.worked / walk.operations < CALL_GOAL)
      out.push(`${how}: ${walk.worked} of ${walk.operations} calls worked, short of ${CALL_GOAL * 100} %`);
    if (walk.refused) out.push(`${how}: the client refused ${walk.refused} of the mock's answers`);
    if (walk.lists.walked < walk.lists.detected)
      out.push(`${how}: ${walk.lists.walked} of ${walk.lists.detected} lists walked`);
    if (walk.streams.read < walk.streams.total)
      out.push(`${how}: ${walk.streams.read} of ${walk.streams.total} streams read`);
    for (const failure of walk.failures) out.push(`${how}: ${failure}`);
  }
  for (const name of score.pasted) out.push(`pasted name: ${name}`);
  return out;
}
