// Repair's path items and operations (repair.mjs): what no router or fetch can do as a document
// writes it. Templates that differ only in their parameters' names are one route; a GET or HEAD
// carries no request body; a 204, 205 or 304 answer carries no content. Each named as a defect.
import { HTTP_METHODS, templateParams } from "../../../src/core/path-template.js";
import { deref, escapeToken } from "./refs.mjs";
import { fieldsOf, isRecord, keyword } from "./guards.mjs";

/** The methods whose requests the Fetch standard gives no body: `fetch` throws a TypeError for one. */
const BODILESS = ["get", "head"];

/**
 * Where a GET or HEAD operation whose body fetch cannot send keeps the method of the same path that
 * takes the same body (`"post"`), so that the client names that one as the body form of the same
 * request (name-clashes.mjs): `GET /_search` `search.list`, `POST /_search` `search.listWithBody`.
 */
export const BODY_SENT_BY = "x-request-body-sent-by";

/**
 * A request body on a GET or HEAD operation: no `fetch` can send it, so the operation is read without
 * one, and the line names the operation of the same path that takes the same body, where there is one
 * (kept in the operation's `BODY_SENT_BY`).
 * @param {unknown} spec
 * @param {(where: string, text: string) => void} say
 */
export function bodiesFetchCannotSend(spec, say) {
  for (const [path, item] of Object.entries(fieldsOf(keyword(spec, "paths")))) {
    if (!isRecord(item)) continue;
    for (const method of BODILESS) {
      const op = item[method];
      if (!isRecord(op) || op.requestBody === undefined) continue;
      const body = op.requestBody;
      delete op.requestBody;
      const same = Object.keys(item).find((other) => {
        const theirs = keyword(item[other], "requestBody");
        return theirs !== undefined && JSON.stringify(theirs) === JSON.stringify(body);
      });
      if (same) op[BODY_SENT_BY] = same;
      say(
        `#/paths/${escapeToken(path)}/${method}/requestBody`,
        `a ${method.toUpperCase()} request cannot carry a body in fetch; left out, so the method sends none${same ? ` (${same.toUpperCase()} ${path} takes the same body)` : ""}`,
      );
    }
  }
}

/** The answers HTTP gives no body (RFC 9110 §15.3.5, §15.3.6, §15.4.5): fetch reads each as empty. */
const BODILESS_ANSWERS = ["204", "205", "304"];

/**
 * Content declared on a 204, 205 or 304 answer: HTTP sends none, so the answer is read as empty. A
 * shared answer (`$ref`) is replaced at the operation by its description alone, so that the others
 * that use it keep their content.
 * @param {unknown} spec
 * @param {(where: string, text: string) => void} say
 */
export function bodiesNoAnswerCarries(spec, say) {
  for (const [path, item] of Object.entries(fieldsOf(keyword(spec, "paths")))) {
    if (!isRecord(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      const responses = keyword(op, "responses");
      if (!isRecord(responses)) continue;
      for (const status of BODILESS_ANSWERS) {
        const answer = deref(spec, responses[status]);
        if (!isRecord(answer) || answer.content === undefined) continue;
        const { content, ...rest } = answer;
        responses[status] = rest;
        say(
          `#/paths/${escapeToken(path)}/${method}/responses/${status}/content`,
          `a ${status} answer carries no body; read as empty`,
        );
      }
    }
  }
}

/** The fixed fields of a path item that are operations. */
const METHODS = new Set(/** @type {readonly string[]} */ (HTTP_METHODS));
/** A path template with its parameters' names left out: `/a/{id}/b` -> `/a/{}/b`. */
const shapeOf = (/** @type {string} */ path) => path.replace(/\{[^}]*\}/g, "{}");

/**
 * Path templates that differ only in their parameters' names (`/connectors/{connector_id}` beside
 * `/connectors/{connector_id_or_name}`) match the same requests, so no router can tell them apart:
 * the later one's operations join the first's path item, their path parameters renamed to the
 * first's names (a shared parameter copied, not changed). An operation whose method the first
 * already has stays where it is, named as unreachable by a router.
 * @param {unknown} spec
 * @param {(where: string, text: string) => void} say
 */
export function equivalentTemplates(spec, say) {
  const paths = keyword(spec, "paths");
  if (!isRecord(paths)) return;
  /** @type {Map<string, string>} shape -> the first template of that shape */
  const first = new Map();
  for (const path of Object.keys(paths)) {
    const shape = shapeOf(path);
    const kept = first.get(shape);
    if (kept === undefined) {
      first.set(shape, path);
      continue;
    }
    const item = paths[path];
    const into = paths[kept];
    if (!isRecord(item) || !isRecord(into)) continue;
    const renamed = new Map(templateParams(path).map((name, i) => [name, templateParams(kept)[i]]));
    // parameters that are no list (lint names them) are none
    const rename = (/** @type {unknown} */ params) =>
      (Array.isArray(params) ? params : []).map((/** @type {unknown} */ p) => {
        const param = deref(spec, p);
        return isRecord(param) && param.in === "path" && typeof param.name === "string" && renamed.has(param.name)
          ? { ...param, name: renamed.get(param.name) }
          : p;
      });
    const moved = [];
    const stayed = [];
    for (const method of Object.keys(item)) {
      const op = item[method];
      if (!METHODS.has(method) || !isRecord(op)) continue;
      if (into[method] !== undefined) {
        stayed.push(method.toUpperCase());
        continue;
      }
      // the path item's own parameters go with each operation that moves
      const params = [...rename(item.parameters), ...rename(op.parameters)];
      into[method] = { ...op, ...(params.length ? { parameters: params } : {}) };
      delete item[method];
      moved.push(method.toUpperCase());
    }
    if (!Object.keys(item).some((key) => METHODS.has(key))) delete paths[path];
    say(
      `#/paths/${escapeToken(path)}`,
      `the same template as ${kept} but for its parameters' names, so no router tells them apart; ${moved.length ? `its ${moved.join(", ")} read as ${kept}'s` : "nothing moved"}${stayed.length ? `; its ${stayed.join(", ")} stays, which a router sends to ${kept}'s` : ""}`,
    );
  }
}
