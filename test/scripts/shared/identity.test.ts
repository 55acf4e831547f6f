// The package's identity: what package.json's name and client section say, else what the document's
// title gives, each value checked before generate writes it into code.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { derivedNames } from "../../../scripts/lib/shared/derived-names.mjs";
import { IdentityError, identityLines, identityOf, readIdentity } from "../../../scripts/lib/shared/identity.mjs";

describe("the names a document's title gives", () => {
  it.each([
    ["Acme Payments API", "acme-payments-client", "Acme Payments", "ACME_PAYMENTS"],
    ["Browser Cloud API", "browser-cloud-client", "Browser Cloud", "BROWSER_CLOUD"],
    ["Twilio - Conversations", "twilio-conversations-client", "Twilio Conversations", "TWILIO_CONVERSATIONS"],
    ["DigitalOcean API", "digitalocean-client", "DigitalOcean", "DIGITALOCEAN"],
    ["Twilio SendGrid v3 API", "twilio-sendgrid-client", "Twilio SendGrid", "TWILIO_SENDGRID"],
    ["Spotify Web API with fixes and improvements", "spotify-web-client", "Spotify Web", "SPOTIFY_WEB"],
    ["meilisearch", "meilisearch-client", "Meilisearch", "MEILISEARCH"],
    ["Café Über", "cafe-uber-client", "Cafe Uber", "CAFE_UBER"],
    ["Acme Client", "acme-client", "Acme Client", "ACME_CLIENT"],
    ["One Two Three Four Five", "one-two-three-four-client", "One Two Three Four", "ONE_TWO_THREE_FOUR"],
    ["3scale API", "3scale-client", "3scale", "API_3SCALE"],
  ])("%j names %s, displayed %j, its variables %s_…", (title, packageName, displayName, envPrefix) => {
    expect(derivedNames(title)).toEqual({ packageName, displayName, envPrefix });
  });

  it.each([["API"], [""], ["v2 REST API"], [undefined], [42]])(
    "a title %j that names no service gives service-client",
    (title) => {
      expect(derivedNames(title)).toEqual({
        packageName: "service-client",
        displayName: "Service",
        envPrefix: "SERVICE",
      });
    },
  );

  it("takes a package name given instead, its scope and a trailing client left out of the rest", () => {
    expect(derivedNames("Anything API", "@acme/payments-client")).toEqual({
      packageName: "@acme/payments-client",
      displayName: "Payments",
      envPrefix: "PAYMENTS",
    });
    expect(derivedNames("Anything API", "langfuse")).toEqual({
      packageName: "langfuse",
      displayName: "Langfuse",
      envPrefix: "LANGFUSE",
    });
  });
});

describe("identityOf", () => {
  it("derives every name from info.title where package.json says nothing, and says so", () => {
    const identity = identityOf({ version: "1.2.3" }, { title: "Acme Payments API" });

    expect(identity).toMatchObject({
      packageName: "acme-payments-client",
      displayName: "Acme Payments",
      errorName: "AcmePaymentsError",
      clientName: "AcmePaymentsClient",
      apiKeyEnv: "ACME_PAYMENTS_API_KEY",
      baseUrlEnv: "ACME_PAYMENTS_BASE_URL",
      logEnv: "ACME_PAYMENTS_LOG",
      userAgent: "acme-payments-client/1.2.3",
      docsTitle: undefined,
    });
    expect(identityLines(identity)).toEqual([
      'package acme-payments-client (from info.title "Acme Payments API")',
      'display name "Acme Payments" (from info.title "Acme Payments API"): root error AcmePaymentsError, client type AcmePaymentsClient',
      "environment variables ACME_PAYMENTS_API_KEY, ACME_PAYMENTS_BASE_URL, ACME_PAYMENTS_LOG (prefix ACME_PAYMENTS, from the display name)",
      'User-Agent "acme-payments-client/1.2.3" (from the package name and version)',
      "docs page title (the page's own: info.title)",
    ]);
  });

  it("takes each value package.json gives over the title's, and says where it came from", () => {
    const identity = identityOf(
      {
        name: "@acme/pay",
        version: "2.0.0",
        client: {
          displayName: "Acme Pay",
          envPrefix: "ACME",
          userAgent: "acme-js/{version} (+https://acme.test)",
          docsTitle: "Acme Pay reference",
        },
      },
      { title: "Something Else API" },
    );

    expect(identity).toMatchObject({
      packageName: "@acme/pay",
      errorName: "AcmePayError",
      clientName: "AcmePayClient",
      apiKeyEnv: "ACME_API_KEY",
      userAgent: "acme-js/2.0.0 (+https://acme.test)",
      docsTitle: "Acme Pay reference",
    });
    expect(identityLines(identity)).toEqual([
      "package @acme/pay (package.json name)",
      'display name "Acme Pay" (package.json client.displayName): root error AcmePayError, client type AcmePayClient',
      "environment variables ACME_API_KEY, ACME_BASE_URL, ACME_LOG (prefix ACME, package.json client.envPrefix)",
      'User-Agent "acme-js/2.0.0 (+https://acme.test)" (package.json client.userAgent)',
      'docs page title "Acme Pay reference" (package.json client.docsTitle)',
    ]);
  });

  it("makes a scoped name a User-Agent product without @ or /", () => {
    expect(identityOf({ name: "@acme/pay", version: "1.0.0" }, { title: "Acme" }).userAgent).toBe("acme-pay/1.0.0");
  });

  it("keeps the root error and the client off the names the package exports already", () => {
    expect(identityOf({ name: "v" }, { title: "Validation API" })).toMatchObject({
      errorName: "ValidationServiceError",
      clientName: "ValidationServiceClient",
    });
    expect(identityOf({ name: "r" }, { title: "Raw API" })).toMatchObject({
      errorName: "RawServiceError",
      clientName: "RawServiceClient",
    });
    // nor src/'s own generic names for them
    expect(identityOf({ name: "c" }, { title: "Client API" })).toMatchObject({
      errorName: "ClientServiceError",
      clientName: "ClientServiceClient",
    });
  });

  it.each([
    [{ name: "Not A Name" }, "package.json name must be an npm package name"],
    [{ name: `a${"b".repeat(214)}` }, "package.json name must be an npm package name"],
    [{ name: 7 }, "package.json name must be an npm package name"],
    [{ client: [] }, "package.json client must be an object"],
    [{ client: { envprefix: "X" } }, 'package.json client has no field "envprefix"'],
    [{ client: { displayName: "--" } }, "package.json client.displayName must be text with a letter or digit"],
    [{ client: { displayName: "A\nB" } }, "package.json client.displayName must be text"],
    [{ client: { envPrefix: "acme" } }, "package.json client.envPrefix must be capitals"],
    [{ client: { envPrefix: "1ACME" } }, "package.json client.envPrefix must be capitals"],
    [{ client: { userAgent: "acme\r\nX-Injected: 1" } }, "package.json client.userAgent must be visible ASCII"],
    [{ client: { userAgent: "é/1" } }, "package.json client.userAgent must be visible ASCII"],
    [{ client: { docsTitle: 3 } }, "package.json client.docsTitle must be one line of text"],
  ])("refuses %j with IdentityError", (pkg, message) => {
    const refused = (() => {
      try {
        identityOf(pkg as never, { title: "Acme API" });
      } catch (err) {
        return err;
      }
    })();

    expect(refused).toBeInstanceOf(IdentityError);
    expect((refused as Error).message).toContain(message);
  });
});

describe("readIdentity", () => {
  it("reads package.json, and names it when it cannot", () => {
    const dir = mkdtempSync(join(tmpdir(), "identity-"));
    try {
      const file = join(dir, "package.json");
      writeFileSync(file, JSON.stringify({ name: "acme-client", version: "0.2.0" }));
      expect(readIdentity({ title: "Acme API" }, file).userAgent).toBe("acme-client/0.2.0");
      writeFileSync(file, "{ not json");
      expect(() => readIdentity({ title: "Acme API" }, file)).toThrow(/^package\.json cannot be read: /);
      writeFileSync(file, "[]");
      expect(() => readIdentity({ title: "Acme API" }, file)).toThrow("package.json must hold an object");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
