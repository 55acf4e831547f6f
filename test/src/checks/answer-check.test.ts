import { describe, expect, it } from "vitest";
import { operations } from "../../../generated/operations.js";
import { checkAnswer } from "../../../src/checks/answer-check.js";
import { AnswerMismatchError } from "../../../src/core/errors.js";

// the organization limits answer's schema, as the generated table points to it
const LIMITS = operations.find((op) => op.name === "organization.limits.retrieve")!.answerSchema;
const drifted = { max_concurrent_sessions: "many", default_project_max_concurrent_sessions: null };
const issue = { path: "response.max_concurrent_sessions", message: "must be integer" };

describe("checkAnswer", () => {
  it("returns an answer that matches the spec without a word to anyone", () => {
    const lines: string[] = [];
    const data = { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: null };

    const answer = checkAnswer(
      { logger: { debug: (line) => lines.push(line) }, onAnswerMismatch: () => lines.push("told") },
      "organization.limits.retrieve",
      LIMITS,
      data,
      new Response(),
    );

    expect([answer, lines]).toEqual([data, []]);
  });

  it("returns an answer that breaks the spec when neither a logger nor onAnswerMismatch is given", () => {
    const answer = checkAnswer({}, "organization.limits.retrieve", LIMITS, drifted, new Response());

    expect(answer).toBe(drifted);
  });

  it("tells the logger alone when no onAnswerMismatch is given", () => {
    const lines: string[] = [];

    const answer = checkAnswer(
      { logger: { debug: (line) => lines.push(line) } },
      "organization.limits.retrieve",
      LIMITS,
      drifted,
      new Response(),
    );

    expect(answer).toBe(drifted);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^browser-cloud-client: .*organization\.limits\.retrieve.*max_concurrent_sessions/);
  });

  it("throws AnswerMismatchError carrying the answer with strictAnswers, and tells no one else", () => {
    const told: unknown[] = [];
    const response = new Response(null, { status: 200 });

    const err = (() => {
      try {
        return checkAnswer(
          { strictAnswers: true, onAnswerMismatch: (m) => told.push(m) },
          "organization.limits.retrieve",
          LIMITS,
          drifted,
          response,
        );
      } catch (e) {
        return e;
      }
    })() as AnswerMismatchError;

    expect(err).toBeInstanceOf(AnswerMismatchError);
    expect([err.data, err.response, err.issues, told]).toEqual([drifted, response, [issue], []]);
  });

  it("names the value it checked with the path given", () => {
    const told: { issues: unknown }[] = [];

    checkAnswer(
      { onAnswerMismatch: (m) => told.push(m) },
      "organization.limits.retrieve",
      LIMITS,
      drifted,
      new Response(),
      "page[2]",
    );

    expect(told.map((m) => m.issues)).toEqual([[{ ...issue, path: "page[2].max_concurrent_sessions" }]]);
  });
});
