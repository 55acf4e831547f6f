import { describe, expect, it } from "vitest";
import { pathPattern } from "../src/policy.js";

describe("pathPattern", () => {
  it("matches the end of a URL's path, one segment per parameter", () => {
    const pattern = pathPattern("/things/{id}/act");

    expect(["/things/t_1/act", "/v1/things/t_1/act", "/things/t_1/act/more", "/things/t_1/t_2/act", "/things//act"].map((path) => pattern.test(path))).toEqual([true, true, false, false, false]);
  });

  it("captures nothing unless asked, and each parameter when asked", () => {
    expect([...pathPattern("/things/{id}/parts/{part}").exec("/v1/things/t_1/parts/p_2")!]).toEqual(["/things/t_1/parts/p_2"]);
    expect(pathPattern("/things/{id}/parts/{part}", true).exec("/v1/things/t_1/parts/p_2")?.slice(1)).toEqual(["t_1", "p_2"]);
  });

  it("takes the template's other characters literally, those special in a regular expression too", () => {
    expect(["/v1.2/things+(old)/t", "/v1x2/things+(old)/t", "/v1.2/thingsss(old)/t", "/v1.2/thingsold/t"].map((path) => pathPattern("/v1.2/things+(old)/{id}").test(path))).toEqual([true, false, false, false]);
  });
});
