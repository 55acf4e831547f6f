// The operations of a bundled document as the bundle-size tests read them, from the document itself:
// which a consumer's bundle must hold, and which of them are plain JSON calls.

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The operations of a bundled spec: path, method and operationId, read from the document itself. */
export const operationsOf = (document: any) =>
  Object.entries<Record<string, any>>(document.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, operationId: item[m].operationId as string })),
  );
/** Whether a JSON operation: a JSON answer, a body of JSON alone or none, no list (x-pagination), no event stream. */
export const jsonOperation = (document: any, op: { path: string; method: string }) => {
  const item = document.paths[op.path][op.method];
  const answers = Object.entries<any>(item.responses).filter(([status]) => /^2/.test(status));
  const media = Object.keys(answers[0]?.[1]?.content ?? {});
  const body = Object.keys(item.requestBody?.content ?? { "application/json": {} });
  return media[0] === "application/json" && body.join() === "application/json" && !item["x-pagination"];
};
