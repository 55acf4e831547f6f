#!/usr/bin/env node
// Writes a synthetic openapi/ tree of the real service's size, for growth benchmarks and tests:
// this repository's index (info, servers, security, the 22 tags) and its own operations, copied
// as they are, plus generated operations of every kind the real service has (header-paginated
// lists, query parameters, server-sent events, binary answers, multipart uploads, oneOf/anyOf/
// allOf/const/pattern bodies, a recursive schema, x-hidden and x-deprecated operations).
// Deterministic: the same options write the same bytes.
//   node scripts/synthetic-spec.mjs --out <dir> [--operations 150] [--no-client-methods]
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseYaml, stringifyYaml } from "@redocly/openapi-core";
import { isMain, root } from "./lib/paths.mjs";

/** The project's own spec, whose index and operations every synthetic tree starts from. */
export const SOURCE = resolve(root, "openapi");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const CLIENT_METHOD = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;

// ---------------------------------------------------------------------------------------------
// schema building blocks. a reference is written as "schema:Name" (or parameter:, response:,
// header:) and turned into a relative file path when the file that holds it is written.

const ref = (name) => ({ $ref: `schema:${name}` });
const str = (description, example, extra = {}) => ({ type: "string", description, ...extra, example });
const int = (description, example, extra = {}) => ({ type: "integer", description, ...extra, example });
const num = (description, example, extra = {}) => ({ type: "number", description, ...extra, example });
const bool = (description, example) => ({ type: "boolean", description, example });
const time = (description, example = "2026-11-22T10:15:00Z") => ({ type: "string", format: "date-time", description, example });
const id = (description, example) => str(description, example, { minLength: 1 });
const enm = (description, values, example = values[0]) => ({ type: "string", description, enum: values, example });
const arr = (description, items, extra = {}) => ({ type: "array", description, items, ...extra });
const maybe = (schema) => ({ ...schema, type: [schema.type, "null"] });
const maybeRef = (name, description) => ({ description, anyOf: [ref(name), { type: "null" }] });
const map = (description, example, extra = {}) => ({ type: "object", description, additionalProperties: { type: "string" }, ...extra, example });
const binary = (description) => ({ type: "string", format: "binary", description });
const obj = (description, required, properties, extra = {}) => ({
  type: "object",
  description,
  ...(required.length ? { required } : {}),
  properties,
  ...extra,
});
const literal = (description, value) => ({ type: "string", description, const: value, example: value });

const NAME_PATTERN = "^[A-Za-z0-9][A-Za-z0-9_-]{0,254}$";
const FILE_MODE = str("Unix permission bits in octal.", "0644", { pattern: "^[0-7]{3,4}$" });
const HOLD_KEYS = arr("Modifier keys held during the action, such as `Shift`, `Alt` or `Control`.", { type: "string" }, { example: ["Shift"] });
const COORD = (axis, example) => int(`${axis} coordinate in screen pixels; must be non-negative.`, example, { minimum: 0 });
const TIMESTAMPS = {
  created_at: time("When it was created."),
  updated_at: time("When it last changed.", "2026-11-22T11:40:00Z"),
};

/** Every schema the generated operations may use, by component name. */
const SCHEMAS = {
  // Browsers
  Browser: obj("A browser session.", ["session_id", "status", "cdp_ws_url", "created_at"], {
    session_id: id("The browser session ID.", "brs_2x7q9kd4m1"),
    status: ref("BrowserStatus"),
    cdp_ws_url: str("WebSocket address of the Chrome DevTools Protocol endpoint.", "wss://brs-2x7q9kd4m1.browsers.example.net/cdp", { format: "uri" }),
    browser_live_view_url: maybe(str("Address of the live view, when the session is not headless.", "https://live.example.net/brs_2x7q9kd4m1", { format: "uri" })),
    headless: bool("Whether the browser runs without a display.", false),
    stealth: bool("Whether anti-bot-detection measures are on.", true),
    timeout_seconds: int("Seconds of inactivity after which the session ends.", 600),
    viewport: ref("BrowserViewport"),
    profile: maybeRef("BrowserProfileRef", "The profile loaded into the session, if any."),
    proxy_id: maybe(str("The proxy the session's traffic goes through.", "prx_4hd82k")),
    pool_id: maybe(str("The pool the session was acquired from.", "pool_7s1d0q")),
    created_at: TIMESTAMPS.created_at,
  }),
  MouseButton: enm("Mouse button to use.", ["left", "right", "middle", "back", "forward"]),
  EnvVars: map("Environment variables, name to value.", { NODE_ENV: "production" }, { propertyNames: { pattern: "^[A-Za-z_][A-Za-z0-9_]*$" } }),
  BrowserStatus: enm("Lifecycle state of a browser session.", ["starting", "running", "stopping", "stopped"], "running"),
  BrowserViewport: obj("Screen size of a browser session.", ["width", "height"], {
    width: int("Width in pixels.", 1280, { minimum: 320, maximum: 3840 }),
    height: int("Height in pixels.", 800, { minimum: 240, maximum: 2160 }),
    refresh_rate: int("Refresh rate in hertz.", 60, { enum: [25, 30, 60] }),
  }),
  BrowserProfileRef: obj(
    "A profile to load, by ID or by name; at least one of the two.",
    [],
    {
      id: str("The profile ID.", "prof_9c2n1x"),
      name: str("The profile name.", "checkout-bot", { pattern: NAME_PATTERN }),
      save_changes: bool("Whether changes made during the session are saved back to the profile.", true),
    },
    { anyOf: [{ required: ["id"] }, { required: ["name"] }] },
  ),
  ExtensionRef: obj("An extension to load, by ID or by name.", [], { id: str("The extension ID.", "ext_1m3k8d"), name: str("The extension name.", "ad-blocker") }, {
    anyOf: [{ required: ["id"] }, { required: ["name"] }],
  }),
  CreateBrowserRequest: obj(
    "Options for a new browser session.",
    [],
    {
      headless: bool("Run without a display (no live view).", false),
      stealth: bool("Turn on anti-bot-detection measures.", true),
      timeout_seconds: int("Seconds of inactivity after which the session ends.", 600, { minimum: 10, maximum: 259200 }),
      viewport: ref("BrowserViewport"),
      profile: ref("BrowserProfileRef"),
      proxy_id: str("Route the session's traffic through this proxy.", "prx_4hd82k"),
      extensions: arr("Extensions to load.", ref("ExtensionRef"), { maxItems: 20 }),
      kiosk_mode: bool("Hide the address bar and tabs in the live view.", false),
      invocation_id: str("Tie the session to an invocation, which ends it.", "inv_6t2w9z"),
    },
    { additionalProperties: false },
  ),
  LoadExtensionRequest: obj("A multipart upload of an unpacked extension, zipped, for one session.", ["name", "zip_file"], {
    name: str("A name for the extension in this session.", "ad-blocker", { pattern: NAME_PATTERN }),
    zip_file: binary("The zip archive."),
  }),
  UpdateBrowserRequest: obj("Changes to a running browser session.", [], {
    timeout_seconds: int("New inactivity timeout.", 1200, { minimum: 10, maximum: 259200 }),
    proxy_id: maybe(str("A new proxy, or null to remove the proxy.", "prx_4hd82k")),
    viewport: ref("BrowserViewport"),
  }),
  // Browser Computer Controls
  Point: obj("A screen position.", ["x", "y"], { x: COORD("X", 200), y: COORD("Y", 300) }),
  MoveMouseRequest: obj("Where to move the pointer.", ["x", "y"], { x: COORD("X", 640), y: COORD("Y", 360), hold_keys: HOLD_KEYS }, { additionalProperties: false }),
  DragMouseRequest: obj(
    "A drag along a path of points, with a button held.",
    ["path"],
    {
      path: arr("Points to pass through, in order; the first is where the button goes down.", ref("Point"), { minItems: 2, maxItems: 500 }),
      button: ref("MouseButton"),
      delay_ms: int("Pause between points, in milliseconds.", 10, { minimum: 0, maximum: 5000 }),
      hold_keys: HOLD_KEYS,
    },
    { additionalProperties: false },
  ),
  ScrollRequest: obj("A scroll at a screen position.", ["x", "y"], {
    x: COORD("X", 640),
    y: COORD("Y", 360),
    delta_x: int("Horizontal scroll amount in pixels; negative scrolls left.", 0),
    delta_y: int("Vertical scroll amount in pixels; negative scrolls up.", 480),
    hold_keys: HOLD_KEYS,
  }),
  TypeTextRequest: obj("Text to type as keystrokes.", ["text"], {
    text: str("The text to type.", "hello world", { minLength: 1, maxLength: 10000 }),
    delay_ms: int("Pause between keystrokes, in milliseconds.", 25, { minimum: 0, maximum: 1000 }),
  }),
  PressKeyRequest: obj("Keys to press together.", ["keys"], {
    keys: arr("Key names as xdotool spells them, pressed together.", { type: "string", minLength: 1 }, { minItems: 1, maxItems: 8, example: ["Control", "a"] }),
    duration_ms: int("How long the keys stay down, in milliseconds.", 50, { minimum: 0, maximum: 10000 }),
    hold_keys: HOLD_KEYS,
  }),
  ScreenRegion: obj("A rectangle of the screen.", ["x", "y", "width", "height"], {
    x: COORD("Left edge X", 0),
    y: COORD("Top edge Y", 0),
    width: int("Width in pixels.", 640, { minimum: 1 }),
    height: int("Height in pixels.", 360, { minimum: 1 }),
  }),
  ScreenshotRequest: obj("What to capture; the whole screen when no region is given.", [], { region: ref("ScreenRegion") }),
  SetCursorVisibilityRequest: obj("Whether the pointer is drawn.", ["hidden"], { hidden: bool("Hide the pointer in screenshots and the live view.", true) }),
  WriteClipboardRequest: obj("Text for the clipboard.", ["text"], { text: str("The text.", "order A-100", { minLength: 1, maxLength: 100000 }) }),
  ClickAction: obj("Click at a position.", ["type", "x", "y"], { type: literal("Action kind.", "click"), x: COORD("X", 640), y: COORD("Y", 360), button: ref("MouseButton") }, { additionalProperties: false }),
  MoveAction: obj("Move the pointer.", ["type", "x", "y"], { type: literal("Action kind.", "move"), x: COORD("X", 100), y: COORD("Y", 120) }, { additionalProperties: false }),
  TypeAction: obj("Type text.", ["type", "text"], { type: literal("Action kind.", "type"), text: str("The text to type.", "search terms", { minLength: 1 }) }, { additionalProperties: false }),
  KeyAction: obj("Press keys together.", ["type", "keys"], { type: literal("Action kind.", "key"), keys: arr("Key names.", { type: "string", minLength: 1 }, { minItems: 1, example: ["Return"] }) }, { additionalProperties: false }),
  ScrollAction: obj("Scroll at a position.", ["type", "delta_y"], { type: literal("Action kind.", "scroll"), delta_y: int("Vertical scroll amount in pixels.", 300) }, { additionalProperties: false }),
  WaitAction: obj("Wait before the next action.", ["type", "duration_ms"], { type: literal("Action kind.", "wait"), duration_ms: int("How long to wait.", 500, { minimum: 0, maximum: 60000 }) }, { additionalProperties: false }),
  ComputerAction: {
    description: "One action of a batch, told apart by `type`.",
    oneOf: ["ClickAction", "MoveAction", "TypeAction", "KeyAction", "ScrollAction", "WaitAction"].map(ref),
    discriminator: {
      propertyName: "type",
      mapping: { click: "schema:ClickAction", move: "schema:MoveAction", type: "schema:TypeAction", key: "schema:KeyAction", scroll: "schema:ScrollAction", wait: "schema:WaitAction" },
    },
  },
  ComputerActionBatch: obj("Actions performed in order; the batch stops at the first failure.", ["actions"], {
    actions: arr("The actions.", ref("ComputerAction"), { minItems: 1, maxItems: 100 }),
  }),
  BatchActionResult: obj("What became of one action of a batch.", ["index", "ok"], {
    index: int("Position of the action in the batch.", 0, { minimum: 0 }),
    ok: bool("Whether the action was performed.", true),
    error: maybeRef("ErrorDetail", "Why the action failed."),
  }),
  BatchResult: obj("What became of a batch.", ["completed", "results"], {
    completed: int("How many actions were performed.", 2, { minimum: 0 }),
    results: arr("One entry per action attempted.", ref("BatchActionResult")),
  }),
  // Browser Playwright
  PlaywrightExecuteRequest: obj("Playwright code to run against the session's browser.", ["code"], {
    code: str("TypeScript run with `page`, `context` and `browser` in scope; its return value is the result.", "return await page.title();", { minLength: 1, maxLength: 100000 }),
    timeout_sec: int("How long the code may run.", 60, { minimum: 1, maximum: 300 }),
  }),
  PlaywrightExecution: obj("One run of Playwright code.", ["id", "status"], {
    id: id("The execution ID.", "exe_3p8s2m"),
    status: ref("ExecutionStatus"),
    result: { description: "The code's return value, as JSON.", example: "Checkout | Example Shop" },
    stdout: str("What the code printed.", "navigated\n"),
    error: maybeRef("ExecutionError", "Why the run failed."),
    ...TIMESTAMPS,
  }),
  ExecutionStatus: enm("Where a run of code stands.", ["running", "succeeded", "failed", "cancelled"], "succeeded"),
  ExecutionError: obj("An error thrown by user code, with its call stack.", ["message"], {
    message: str("The error's message.", "Timeout 30000ms exceeded."),
    name: str("The error's class.", "TimeoutError"),
    stack: maybeRef("StackFrame", "The innermost frame; each frame links to its caller."),
  }),
  StackFrame: obj(
    "One frame of a call stack. `caller` is the frame that called this one, so a stack is a chain of frames ending in null.",
    ["function", "file", "line"],
    {
      function: str("Function name, or `<anonymous>`.", "clickCheckout"),
      file: str("Source file.", "index.ts"),
      line: int("Line number, from 1.", 42, { minimum: 1 }),
      column: int("Column number, from 1.", 7, { minimum: 1 }),
      caller: maybeRef("StackFrame", "The calling frame; null at the outermost frame."),
    },
    {
      example: {
        function: "clickCheckout",
        file: "index.ts",
        line: 42,
        column: 7,
        caller: { function: "run", file: "index.ts", line: 12, column: 3, caller: null },
      },
    },
  ),
  // Browser Filesystem
  FileInfo: obj("A file or directory on the browser instance.", ["path", "name", "is_dir"], {
    path: str("Absolute path.", "/tmp/downloads/report.csv"),
    name: str("Base name.", "report.csv"),
    is_dir: bool("Whether it is a directory.", false),
    size_bytes: int("Size in bytes.", 2048, { minimum: 0 }),
    mode: FILE_MODE,
    modified_at: time("Last modification time."),
  }),
  FileTreeNode: obj(
    "A directory tree: each directory lists its entries as nodes of the same shape.",
    ["name", "is_dir"],
    {
      name: str("Base name.", "downloads"),
      is_dir: bool("Whether it is a directory.", true),
      size_bytes: int("Size in bytes, for files.", 0, { minimum: 0 }),
      children: arr("Entries of a directory.", ref("FileTreeNode")),
    },
    {
      example: {
        name: "downloads",
        is_dir: true,
        children: [
          { name: "report.csv", is_dir: false, size_bytes: 2048, children: [] },
          { name: "images", is_dir: true, children: [{ name: "logo.png", is_dir: false, size_bytes: 5120, children: [] }] },
        ],
      },
    },
  ),
  CreateDirectoryRequest: obj("A directory to create, with its parents.", ["path"], { path: str("Absolute path.", "/tmp/downloads/images", { minLength: 1, pattern: "^/" }), mode: FILE_MODE }),
  MoveRequest: obj("A file or directory to move or rename.", ["src_path", "dest_path"], {
    src_path: str("Where it is now.", "/tmp/downloads/report.csv", { minLength: 1, pattern: "^/" }),
    dest_path: str("Where it goes.", "/tmp/archive/report.csv", { minLength: 1, pattern: "^/" }),
  }),
  CopyRequest: obj("A file or directory to copy.", ["src_path", "dest_path"], {
    src_path: str("What to copy.", "/tmp/downloads/report.csv", { minLength: 1, pattern: "^/" }),
    dest_path: str("Where the copy goes.", "/tmp/archive/report-copy.csv", { minLength: 1, pattern: "^/" }),
    overwrite: bool("Replace what is at the destination.", false),
  }),
  SetFilePermissionsRequest: obj("New permissions and owner of a file.", ["path", "mode"], {
    path: str("Absolute path.", "/tmp/downloads/report.csv", { minLength: 1, pattern: "^/" }),
    mode: FILE_MODE,
    owner: str("New owner user name.", "kernel"),
    group: str("New owner group name.", "kernel"),
  }),
  UploadFileRequest: obj("A multipart upload of one file.", ["path", "file"], {
    path: str("Absolute destination path.", "/tmp/uploads/notes.txt", { minLength: 1 }),
    file: binary("The file's bytes."),
  }),
  UploadZipRequest: obj("A multipart upload of a zip archive, unpacked at the destination.", ["dest_path", "zip_file"], {
    dest_path: str("Directory to unpack into.", "/tmp/uploads", { minLength: 1 }),
    zip_file: binary("The archive's bytes."),
  }),
  StartWatchRequest: obj("A directory to watch for changes.", ["path"], { path: str("Absolute path.", "/tmp/downloads", { minLength: 1 }), recursive: bool("Watch subdirectories too.", true) }),
  WatchHandle: obj("A running watch.", ["watch_id"], { watch_id: id("The watch ID.", "watch_8d2k1s") }),
  FileEventType: enm("What happened to an entry.", ["create", "write", "delete", "rename"], "create"),
  FileSystemEvent: obj("A change under a watched directory.", ["type", "path"], {
    type: ref("FileEventType"),
    path: str("Absolute path of the entry.", "/tmp/downloads/report.csv"),
    is_dir: bool("Whether the entry is a directory.", false),
  }),
  // Browser Processes
  ProcessExecRequest: obj("A command to run on the browser instance.", ["command"], {
    command: str("Executable name or path.", "ls", { minLength: 1 }),
    args: arr("Arguments.", { type: "string" }, { example: ["-la", "/tmp"] }),
    cwd: str("Working directory.", "/tmp"),
    env: ref("EnvVars"),
    as_root: bool("Run as root.", false),
    timeout_sec: int("Kill the command after this long.", 30, { minimum: 1, maximum: 3600 }),
  }),
  ProcessExecResult: obj("How a command ended.", ["exit_code"], {
    exit_code: int("The exit status.", 0),
    stdout_b64: str("Standard output, base64.", "dG90YWwgOAo=", { contentEncoding: "base64" }),
    stderr_b64: str("Standard error, base64.", "", { contentEncoding: "base64" }),
    duration_ms: int("How long it ran.", 12, { minimum: 0 }),
  }),
  ProcessSpawnRequest: {
    description: "A command to start in the background, optionally with a terminal.",
    allOf: [ref("ProcessExecRequest"), obj("Spawn options.", [], { allocate_tty: bool("Give the process a pseudo-terminal.", false) })],
  },
  ProcessHandle: obj("A started process.", ["process_id", "pid"], {
    process_id: id("The process ID used by this API.", "proc_5k2j7h"),
    pid: int("The operating system's process ID.", 4242, { minimum: 1 }),
    started_at: time("When it started."),
  }),
  ProcessState: enm("Whether a process runs.", ["running", "exited"], "running"),
  ProcessStatus: obj("Where a process stands.", ["state"], {
    state: ref("ProcessState"),
    exit_code: maybe(int("Exit status, once exited.", 0)),
    cpu_pct: num("CPU use, percent of one core.", 12.5, { minimum: 0 }),
    mem_bytes: int("Resident memory.", 52428800, { minimum: 0 }),
  }),
  ProcessSummary: obj("A process in a list.", ["process_id", "command", "state"], {
    process_id: id("The process ID used by this API.", "proc_5k2j7h"),
    command: str("The command line.", "node server.js"),
    state: ref("ProcessState"),
  }),
  ProcessOutputEvent: obj("A chunk of a process's output, or its exit.", ["stream"], {
    stream: enm("Which output.", ["stdout", "stderr", "exit"], "stdout"),
    data_b64: str("The bytes, base64.", "bGlzdGVuaW5nIG9uIDozMDAwCg==", { contentEncoding: "base64" }),
    exit_code: maybe(int("Exit status, with `stream: exit`.", 0)),
  }),
  ProcessStdinRequest: obj("Bytes to write to a process's standard input.", ["data_b64"], {
    data_b64: str("The bytes, base64.", "eWVzCg==", { pattern: "^[A-Za-z0-9+/]*={0,2}$", contentEncoding: "base64" }),
  }),
  ProcessStdinResult: obj("How much was written.", ["written_bytes"], { written_bytes: int("Bytes written.", 4, { minimum: 0 }) }),
  ResizeTerminalRequest: obj("A terminal size.", ["rows", "cols"], {
    rows: int("Rows.", 40, { minimum: 1, maximum: 500 }),
    cols: int("Columns.", 120, { minimum: 1, maximum: 1000 }),
  }),
  ProcessKillRequest: obj("A signal to send.", ["signal"], { signal: enm("The signal.", ["TERM", "KILL", "INT", "HUP"], "TERM") }),
  // Browser Replays
  Replay: obj("A video recording of a session.", ["replay_id", "started_at"], {
    replay_id: id("The replay ID.", "rep_0f3k9a"),
    view_url: maybe(str("Where to watch it, once stopped.", "https://replays.example.net/rep_0f3k9a", { format: "uri" })),
    started_at: time("When recording started."),
    finished_at: maybe(time("When recording stopped.", "2026-11-22T10:25:00Z")),
  }),
  StartReplayRequest: obj("Recording options.", [], {
    framerate: int("Frames per second.", 10, { minimum: 1, maximum: 20 }),
    max_duration_in_seconds: int("Stop recording after this long.", 600, { minimum: 1, maximum: 7200 }),
  }),
  // Browser Logs
  LogSource: enm("Which log of a browser instance.", ["browser", "system", "path"], "browser"),
  LogLevel: enm("Severity of a log line.", ["debug", "info", "warn", "error"], "info"),
  LogEvent: obj("One log line of a browser instance.", ["timestamp", "message"], {
    timestamp: time("When it was logged."),
    source: ref("LogSource"),
    level: ref("LogLevel"),
    message: str("The line.", "Navigated to https://shop.example.com/checkout"),
  }),
  // Browser Telemetry
  NetworkTelemetry: obj("A network request the page made.", ["category", "url", "status"], {
    category: literal("Telemetry kind.", "network"),
    url: str("The request's address.", "https://shop.example.com/api/cart", { format: "uri" }),
    status: int("The answer's status.", 200),
    duration_ms: int("How long it took.", 84, { minimum: 0 }),
  }),
  ConsoleTelemetry: obj("A console message of the page.", ["category", "level", "text"], {
    category: literal("Telemetry kind.", "console"),
    level: enm("Console level.", ["log", "info", "warn", "error"], "warn"),
    text: str("The message.", "Deprecated API used"),
  }),
  PageTelemetry: obj("A page load.", ["category", "url"], {
    category: literal("Telemetry kind.", "page"),
    url: str("The page's address.", "https://shop.example.com/checkout", { format: "uri" }),
    load_ms: int("Time to the load event.", 950, { minimum: 0 }),
  }),
  TelemetryEvent: obj("One telemetry event of a session.", ["timestamp", "data"], {
    timestamp: time("When it happened."),
    data: { description: "The event, by category.", anyOf: [ref("NetworkTelemetry"), ref("ConsoleTelemetry"), ref("PageTelemetry")] },
  }),
  TelemetryConfig: obj("What telemetry a session collects.", ["enabled"], {
    enabled: bool("Collect telemetry.", true),
    sample_rate: num("Share of events kept, from 0 to 1.", 0.5, { minimum: 0, maximum: 1 }),
    categories: arr("Categories to collect.", { type: "string", enum: ["network", "console", "page"] }, { uniqueItems: true, example: ["network", "page"] }),
  }),
  // Profiles
  Profile: obj("A browser profile: cookies, local storage and logins kept between sessions.", ["id", "created_at"], {
    id: id("The profile ID.", "prof_9c2n1x"),
    name: maybe(str("A unique name.", "checkout-bot", { pattern: NAME_PATTERN })),
    size_bytes: int("Stored size.", 1048576, { minimum: 0 }),
    last_used_at: maybe(time("When a session last loaded it.", "2026-11-21T18:02:00Z")),
    ...TIMESTAMPS,
  }),
  CreateProfileRequest: obj("A new profile.", [], { name: str("A unique name.", "checkout-bot", { pattern: NAME_PATTERN }) }),
  CloneProfileRequest: obj("The copy's name.", ["name"], { name: str("A unique name.", "checkout-bot-copy", { pattern: NAME_PATTERN }) }),
  UpdateProfileRequest: obj("Changes to a profile.", ["name"], { name: str("A new unique name.", "checkout-bot-2", { pattern: NAME_PATTERN }) }),
  // Proxies
  ProxyType: enm("Kind of proxy.", ["datacenter", "isp", "residential", "mobile", "custom"], "residential"),
  ProxyProtocol: enm("Protocol spoken to the proxy.", ["http", "https"], "https"),
  Proxy: obj("A proxy configuration.", ["id", "type", "name"], {
    id: id("The proxy ID.", "prx_4hd82k"),
    name: str("A readable name.", "us-residential"),
    type: ref("ProxyType"),
    protocol: ref("ProxyProtocol"),
    status: enm("Result of the last check.", ["available", "unavailable", "unchecked"], "available"),
    ip_address: maybe(str("Exit address seen at the last check.", "203.0.113.24")),
    last_checked_at: maybe(time("When it was last checked.", "2026-11-22T09:00:00Z")),
  }),
  DatacenterProxyRequest: obj("A datacenter proxy.", ["type", "name"], { type: literal("Kind of proxy.", "datacenter"), name: str("A readable name.", "dc-eu"), country: str("ISO 3166 country code.", "DE", { pattern: "^[A-Z]{2}$" }) }),
  IspProxyRequest: obj("An ISP proxy.", ["type", "name"], { type: literal("Kind of proxy.", "isp"), name: str("A readable name.", "isp-us"), country: str("ISO 3166 country code.", "US", { pattern: "^[A-Z]{2}$" }) }),
  ResidentialProxyRequest: obj("A residential proxy.", ["type", "name"], {
    type: literal("Kind of proxy.", "residential"),
    name: str("A readable name.", "us-residential"),
    country: str("ISO 3166 country code.", "US", { pattern: "^[A-Z]{2}$" }),
    city: str("City, lowercase without spaces.", "newyork", { pattern: "^[a-z]+$" }),
    zip: str("US ZIP code.", "10001", { pattern: "^[0-9]{5}$" }),
  }),
  MobileProxyRequest: obj("A mobile proxy.", ["type", "name"], {
    type: literal("Kind of proxy.", "mobile"),
    name: str("A readable name.", "mobile-us"),
    carrier: enm("Mobile carrier.", ["att", "tmobile", "verizon"], "tmobile"),
  }),
  CustomProxyRequest: obj("A proxy of your own.", ["type", "name", "host", "port"], {
    type: literal("Kind of proxy.", "custom"),
    name: str("A readable name.", "office"),
    host: str("Host name or address.", "proxy.example.net", { minLength: 1 }),
    port: int("Port.", 3128, { minimum: 1, maximum: 65535 }),
    username: str("User name, when the proxy asks for one.", "agent"),
    password: str("Password; never returned.", "s3cret-pass", { writeOnly: true, minLength: 1 }),
  }),
  CreateProxyRequest: {
    description: "A new proxy, by kind.",
    oneOf: ["DatacenterProxyRequest", "IspProxyRequest", "ResidentialProxyRequest", "MobileProxyRequest", "CustomProxyRequest"].map(ref),
    discriminator: {
      propertyName: "type",
      mapping: {
        datacenter: "schema:DatacenterProxyRequest",
        isp: "schema:IspProxyRequest",
        residential: "schema:ResidentialProxyRequest",
        mobile: "schema:MobileProxyRequest",
        custom: "schema:CustomProxyRequest",
      },
    },
  },
  UpdateProxyRequest: obj("Changes to a proxy.", [], { name: str("A readable name.", "us-residential-2"), protocol: ref("ProxyProtocol") }),
  ProxyCheckResult: obj("The result of a proxy check.", ["ok", "checked_at"], {
    ok: bool("Whether a request went through.", true),
    latency_ms: int("Round trip through the proxy.", 180, { minimum: 0 }),
    ip_address: maybe(str("Exit address seen.", "203.0.113.24")),
    error: maybe(str("What went wrong.", "connection refused")),
    checked_at: time("When it was checked."),
  }),
  // Extensions
  Extension: obj("A browser extension that sessions can load.", ["id", "name"], {
    id: id("The extension ID.", "ext_1m3k8d"),
    name: str("A unique name.", "ad-blocker", { pattern: NAME_PATTERN }),
    size_bytes: int("Packed size.", 348160, { minimum: 0 }),
    last_used_at: maybe(time("When a session last loaded it.", "2026-11-21T18:02:00Z")),
    created_at: TIMESTAMPS.created_at,
  }),
  UploadExtensionRequest: obj("A multipart upload of an unpacked extension, zipped.", ["file"], {
    name: str("A unique name.", "ad-blocker", { pattern: NAME_PATTERN }),
    file: binary("The zip archive."),
  }),
  // Browser Pools
  BrowserPoolConfig: obj("How every browser of a pool is started.", [], {
    headless: bool("Run without a display.", false),
    stealth: bool("Turn on anti-bot-detection measures.", true),
    timeout_seconds: int("Inactivity timeout of acquired browsers.", 600, { minimum: 10 }),
    viewport: ref("BrowserViewport"),
    profile: ref("BrowserProfileRef"),
    proxy_id: str("Proxy for every browser.", "prx_4hd82k"),
    extensions: arr("Extensions to load.", ref("ExtensionRef")),
  }),
  BrowserPool: obj("A pool of warm browsers, acquired and released.", ["id", "name", "size", "config"], {
    id: id("The pool ID.", "pool_7s1d0q"),
    name: str("A unique name.", "checkout-pool"),
    size: int("Browsers kept warm.", 10, { minimum: 1 }),
    available: int("Browsers ready to acquire.", 7, { minimum: 0 }),
    acquired: int("Browsers in use.", 3, { minimum: 0 }),
    config: ref("BrowserPoolConfig"),
    created_at: TIMESTAMPS.created_at,
  }),
  CreateBrowserPoolRequest: obj("A new pool.", ["name", "size"], {
    name: str("A unique name.", "checkout-pool", { pattern: NAME_PATTERN }),
    size: int("Browsers kept warm.", 10, { minimum: 1, maximum: 1000 }),
    fill_rate_per_minute: int("Browsers started per minute while filling.", 30, { minimum: 1 }),
    config: ref("BrowserPoolConfig"),
  }),
  UpdateBrowserPoolRequest: obj("Changes to a pool.", [], {
    size: int("Browsers kept warm.", 20, { minimum: 1, maximum: 1000 }),
    discard_all_idle: bool("Replace idle browsers with ones of the new config.", true),
    config: ref("BrowserPoolConfig"),
  }),
  AcquireBrowserRequest: obj("How long to wait for a browser.", [], { acquire_timeout_seconds: int("Give up after this long.", 30, { minimum: 0, maximum: 600 }) }),
  ReleaseBrowserRequest: obj("A browser to give back.", ["session_id"], {
    session_id: id("The browser session ID.", "brs_2x7q9kd4m1"),
    reuse: bool("Return it to the pool instead of replacing it.", true),
  }),
  ScheduleRule: obj("A pool size for some hours of some days.", ["days", "start_time", "end_time", "size"], {
    days: arr("Days of the week.", { type: "string", enum: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] }, { minItems: 1, uniqueItems: true, example: ["mon", "tue", "wed", "thu", "fri"] }),
    start_time: str("From, 24-hour HH:MM.", "08:00", { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" }),
    end_time: str("Until, 24-hour HH:MM.", "18:00", { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" }),
    size: int("Pool size in that window.", 25, { minimum: 0 }),
  }),
  BrowserPoolSchedule: obj("When a pool grows and shrinks.", ["timezone", "rules"], {
    timezone: str("IANA time zone.", "Europe/Berlin", { minLength: 1 }),
    rules: arr("Rules, first match wins.", ref("ScheduleRule"), { maxItems: 50 }),
  }),
  FlushResult: obj("What a flush discarded.", ["discarded"], { discarded: int("Idle browsers discarded.", 7, { minimum: 0 }) }),
  // Managed Auth
  CredentialRef: obj("Where a connection's login comes from: a stored credential, or an item of a credential provider.", [], {
    name: str("A stored credential's name.", "shop-login"),
    provider: str("A credential provider's ID.", "cp_2d8f1k"),
    path: str("The item's path in the provider.", "Shared/shop.example.com"),
  }, { anyOf: [{ required: ["name"] }, { required: ["provider", "path"] }] }),
  ConnectionStatus: enm("Whether a managed login is alive.", ["authenticated", "needs_auth", "pending"], "authenticated"),
  AuthConnection: obj("A managed login to one site, kept alive in a profile.", ["id", "domain", "profile_name", "status"], {
    id: id("The auth connection ID.", "conn_8f3k2m9p"),
    domain: str("The site's domain.", "shop.example.com"),
    profile_name: str("The profile the login lives in.", "shop-login-profile"),
    status: ref("ConnectionStatus"),
    credential: ref("CredentialRef"),
    health_check_interval_seconds: int("How often the login is checked.", 3600, { minimum: 300 }),
    last_login_at: maybe(time("When it last logged in.", "2026-11-22T07:30:00Z")),
    created_at: TIMESTAMPS.created_at,
  }),
  CreateAuthConnectionRequest: obj("A new managed login.", ["domain", "profile_name"], {
    domain: str("The site's domain.", "shop.example.com", { pattern: "^([a-z0-9-]+\\.)+[a-z]{2,}$" }),
    profile_name: str("A profile to keep the login in; created when missing.", "shop-login-profile", { pattern: NAME_PATTERN }),
    login_url: str("Where the login form is.", "https://shop.example.com/login", { format: "uri" }),
    credential: ref("CredentialRef"),
    health_check_interval_seconds: int("How often the login is checked.", 3600, { minimum: 300, maximum: 86400 }),
  }),
  UpdateAuthConnectionRequest: obj("Changes to a managed login.", [], {
    login_url: str("Where the login form is.", "https://shop.example.com/signin", { format: "uri" }),
    credential: ref("CredentialRef"),
    health_check_interval_seconds: int("How often the login is checked.", 7200, { minimum: 300, maximum: 86400 }),
  }),
  LoginRequest: obj("Options for a login flow.", [], { proxy_id: str("Log in through this proxy.", "prx_4hd82k"), save_credentials: bool("Store what is typed in the flow.", false) }),
  PendingField: obj("A field the login form asks for.", ["name", "type"], {
    name: str("The field's name.", "otp"),
    type: enm("What it takes.", ["text", "password", "email", "totp"], "totp"),
    label: str("The form's label.", "One-time code"),
  }),
  LoginFlowStatus: enm("Where a login flow stands.", ["running", "awaiting_input", "succeeded", "failed", "expired"], "awaiting_input"),
  LoginFlow: obj("A login in progress.", ["flow_id", "status"], {
    flow_id: id("The flow ID.", "flow_3j9d2k"),
    status: ref("LoginFlowStatus"),
    live_view_url: maybe(str("Watch or help the login here.", "https://live.example.net/flow_3j9d2k", { format: "uri" })),
    pending_fields: arr("What the form asks for now.", ref("PendingField")),
    expires_at: time("When the flow gives up.", "2026-11-22T10:30:00Z"),
  }),
  SubmitFields: obj("Values for the fields the form asks for.", ["fields"], { fields: map("Field name to value.", { otp: "492817" }, { minProperties: 1 }) }, { additionalProperties: false }),
  SubmitMfaOption: obj("The second factor to use.", ["mfa_option"], { mfa_option: enm("The option.", ["sms", "email", "totp", "push"], "totp") }, { additionalProperties: false }),
  SubmitSsoButton: obj("A single sign-on button to press.", ["sso_button"], { sso_button: str("The button's label.", "Continue with Google", { minLength: 1 }) }, { additionalProperties: false }),
  SubmitLoginRequest: { description: "Input for a waiting login flow: field values, a second-factor choice or a single sign-on button.", anyOf: [ref("SubmitFields"), ref("SubmitMfaOption"), ref("SubmitSsoButton")] },
  AuthEvent: obj("A step of a login flow.", ["flow_id", "event", "timestamp"], {
    flow_id: id("The flow ID.", "flow_3j9d2k"),
    event: enm("What happened.", ["started", "awaiting_input", "submitted", "succeeded", "failed"], "awaiting_input"),
    message: str("Details.", "The site asks for a one-time code."),
    timestamp: time("When it happened."),
  }),
  // Credentials
  Credential: obj("Login details stored for managed auth; values are never returned.", ["id", "name", "domain"], {
    id: id("The credential ID.", "cred_7h2k4d"),
    name: str("A unique name.", "shop-login"),
    domain: str("The site's domain.", "shop.example.com"),
    has_totp_secret: bool("Whether a TOTP secret is stored.", true),
    ...TIMESTAMPS,
  }),
  CreateCredentialRequest: obj("New login details.", ["name", "domain", "values"], {
    name: str("A unique name.", "shop-login", { pattern: NAME_PATTERN }),
    domain: str("The site's domain.", "shop.example.com", { minLength: 1 }),
    values: map("Field name to value, as the login form names them.", { email: "agent@example.com", password: "s3cret-pass" }, { minProperties: 1, writeOnly: true }),
    totp_secret: str("Base32 TOTP secret.", "JBSWY3DPEHPK3PXP", { pattern: "^[A-Z2-7]+=*$", writeOnly: true }),
  }),
  UpdateCredentialRequest: obj("Changes to login details.", [], {
    values: map("Field name to value.", { password: "n3w-pass" }, { minProperties: 1, writeOnly: true }),
    totp_secret: maybe(str("Base32 TOTP secret, or null to remove it.", "JBSWY3DPEHPK3PXP", { pattern: "^[A-Z2-7]+=*$", writeOnly: true })),
  }),
  TotpCode: obj("A current one-time code.", ["code", "expires_at"], {
    code: str("Six digits.", "492817", { pattern: "^[0-9]{6}$" }),
    expires_at: time("When it stops working.", "2026-11-22T10:15:30Z"),
  }),
  // Credential Providers
  CredentialProvider: obj("An external password manager that managed auth reads logins from.", ["id", "provider_type", "name"], {
    id: id("The provider ID.", "cp_2d8f1k"),
    provider_type: enm("Which product.", ["onepassword"], "onepassword"),
    name: str("A readable name.", "team-vault"),
    enabled: bool("Whether it is used.", true),
    cache_ttl_seconds: int("How long items are cached.", 300, { minimum: 0 }),
    created_at: TIMESTAMPS.created_at,
  }),
  CreateCredentialProviderRequest: obj("A new provider.", ["provider_type", "token", "name"], {
    provider_type: literal("Which product.", "onepassword"),
    name: str("A readable name.", "team-vault", { minLength: 1 }),
    token: str("A service account token; never returned.", "ops_eyJzaWduSW5BZGRyZXNzIjoi", { minLength: 16, writeOnly: true }),
    cache_ttl_seconds: int("How long items are cached.", 300, { minimum: 0, maximum: 86400 }),
  }),
  UpdateCredentialProviderRequest: obj("Changes to a provider.", [], {
    enabled: bool("Whether it is used.", false),
    token: str("A new service account token.", "ops_eyJzaWduSW5BZGRyZXNzIjoi", { minLength: 16, writeOnly: true }),
    cache_ttl_seconds: int("How long items are cached.", 600, { minimum: 0, maximum: 86400 }),
  }),
  CredentialProviderTestResult: obj("Whether the provider answered.", ["ok"], {
    ok: bool("Whether it answered.", true),
    vaults: arr("Vaults the token can read.", { type: "string" }, { example: ["Shared"] }),
    error: maybe(str("What went wrong.", "token expired")),
  }),
  CredentialProviderItem: obj("A login item in a provider.", ["id", "title"], {
    id: id("The item's ID in the provider.", "vgyz4k2hyy3xnp"),
    title: str("The item's title.", "shop.example.com"),
    vault: str("The vault it is in.", "Shared"),
    url: str("The site it is for.", "https://shop.example.com", { format: "uri" }),
    updated_at: TIMESTAMPS.updated_at,
  }),
  // Apps
  Region: enm("Where apps run.", ["aws.us-east-1a"], "aws.us-east-1a"),
  AppAction: obj("An action an app exposes.", ["name"], { name: str("The action's name.", "checkout") }),
  App: obj("An application deployed to the service.", ["id", "app_name", "version"], {
    id: id("The app ID.", "app_4k1p0s"),
    app_name: str("The app's name.", "shop-agent"),
    version: str("The current version.", "1.4.0"),
    region: ref("Region"),
    deployment_id: str("The deployment serving this version.", "dep_5n1v7c2x"),
    env_vars: ref("EnvVars"),
    actions: arr("Its actions.", ref("AppAction")),
    created_at: TIMESTAMPS.created_at,
  }),
  AppVersion: obj("One version of an app.", ["version", "deployment_id"], {
    version: str("The version.", "1.4.0"),
    deployment_id: str("The deployment that built it.", "dep_5n1v7c2x"),
    actions: arr("Its actions.", ref("AppAction")),
    created_at: TIMESTAMPS.created_at,
  }),
  // Deployments
  DeploymentStatus: enm("Where a deployment stands.", ["queued", "in_progress", "running", "failed", "stopped"], "running"),
  Deployment: obj("A build and rollout of an app version.", ["id", "status", "created_at"], {
    id: id("The deployment ID.", "dep_5n1v7c2x"),
    app_name: str("The app's name.", "shop-agent"),
    version: str("The version deployed.", "1.4.0"),
    region: ref("Region"),
    status: ref("DeploymentStatus"),
    status_reason: maybe(str("Why it is in that state.", null)),
    entrypoint_rel_path: str("The entry file, relative to the upload's root.", "src/index.ts"),
    env_vars: ref("EnvVars"),
    ...TIMESTAMPS,
  }),
  CreateDeploymentRequest: obj("A multipart upload of an app's source.", ["file", "entrypoint_rel_path"], {
    file: binary("The source as a zip archive."),
    entrypoint_rel_path: str("The entry file, relative to the archive's root.", "src/index.ts", { minLength: 1 }),
    version: str("The version to deploy as.", "1.4.0", { pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" }),
    region: literal("Where it runs; the one region there is.", "aws.us-east-1a"),
    force: bool("Replace a deployment of the same version.", false),
  }),
  RedeployRequest: obj("Options for a redeploy.", [], { force: bool("Redeploy even when nothing changed.", false), env_vars: map("Environment variables to set.", { LOG_LEVEL: "debug" }) }),
  LogLineEvent: obj("A log line of a deployment or an invocation.", ["event", "message", "timestamp"], {
    event: literal("Event kind.", "log"),
    message: str("The line.", "Installing dependencies"),
    timestamp: time("When it was logged."),
  }),
  ErrorEvent: obj("An error that ends a stream.", ["event", "error", "timestamp"], { event: literal("Event kind.", "error"), error: ref("ErrorDetail"), timestamp: time("When it happened.") }),
  DeploymentStateEvent: obj("A change of a deployment's state.", ["event", "deployment", "timestamp"], {
    event: literal("Event kind.", "deployment_state"),
    deployment: ref("Deployment"),
    timestamp: time("When it happened."),
  }),
  DeploymentEvent: {
    description: "An event of a deployment's stream, told apart by `event`.",
    oneOf: [ref("DeploymentStateEvent"), ref("LogLineEvent"), ref("ErrorEvent")],
    discriminator: { propertyName: "event", mapping: { deployment_state: "schema:DeploymentStateEvent", log: "schema:LogLineEvent", error: "schema:ErrorEvent" } },
  },
  // Invocations
  InvocationStatus: enm("Where an invocation stands.", ["queued", "running", "succeeded", "failed", "cancelled"], "succeeded"),
  Invocation: obj("A run of an app's action.", ["id", "app_name", "action_name", "status"], {
    id: id("The invocation ID.", "inv_6t2w9z"),
    app_name: str("The app's name.", "shop-agent"),
    action_name: str("The action's name.", "checkout"),
    status: ref("InvocationStatus"),
    payload: maybe(str("The input, as given.", "{\"sku\":\"A-100\"}")),
    output: maybe(str("The output, once succeeded.", "{\"order_id\":\"ord_81\"}")),
    error: maybeRef("ExecutionError", "Why it failed, with the call stack."),
    started_at: time("When it started."),
    finished_at: maybe(time("When it ended.", "2026-11-22T10:16:05Z")),
  }),
  CreateInvocationRequest: obj("An action to run.", ["app_name", "action_name"], {
    app_name: str("The app's name.", "shop-agent", { minLength: 1 }),
    action_name: str("The action's name.", "checkout", { minLength: 1 }),
    version: str("The app version; the latest when left out.", "1.4.0"),
    payload: str("The input, a JSON string.", "{\"sku\":\"A-100\"}", { maxLength: 65536 }),
    async: bool("Answer at once instead of waiting for the result.", true),
    async_timeout_seconds: int("How long an async run may take.", 900, { minimum: 10, maximum: 3600 }),
  }),
  UpdateInvocationRequest: obj("The end of a run reported by the app itself.", ["status"], {
    status: enm("How it ended.", ["succeeded", "failed"], "succeeded"),
    output: str("The output, a JSON string.", "{\"order_id\":\"ord_81\"}"),
  }),
  InvocationStateEvent: obj("A change of an invocation's state.", ["event", "invocation", "timestamp"], {
    event: literal("Event kind.", "invocation_state"),
    invocation: ref("Invocation"),
    timestamp: time("When it happened."),
  }),
  InvocationEvent: {
    description: "An event of an invocation's stream, told apart by `event`.",
    oneOf: [ref("InvocationStateEvent"), ref("LogLineEvent"), ref("ErrorEvent")],
    discriminator: { propertyName: "event", mapping: { invocation_state: "schema:InvocationStateEvent", log: "schema:LogLineEvent", error: "schema:ErrorEvent" } },
  },
  // Organization
  Plan: enm("An organization's plan.", ["free", "developer", "startup", "enterprise"], "startup"),
  Organization: obj("The authenticated organization.", ["id", "name", "plan"], {
    id: id("The organization ID.", "org_1a2b3c"),
    name: str("Its name.", "Example Shop"),
    plan: ref("Plan"),
    billing_email: str("Where invoices go.", "billing@example.com", { format: "email" }),
    created_at: TIMESTAMPS.created_at,
  }),
  UpdateOrganizationRequest: obj("Changes to the organization.", [], {
    name: str("Its name.", "Example Shop GmbH", { minLength: 1, maxLength: 200 }),
    billing_email: str("Where invoices go.", "invoices@example.com", { format: "email" }),
  }),
  UpdateOrgLimitsRequest: obj("Changes to the organization's limits.", ["default_project_max_concurrent_sessions"], {
    default_project_max_concurrent_sessions: maybe(int("Default cap for projects without their own; null for none.", 10, { minimum: 0 })),
  }),
  ProjectUsage: obj("One project's share of usage.", ["project_id", "browser_hours"], {
    project_id: str("The project ID.", "proj_3n8c1v"),
    browser_hours: num("Browser hours.", 120.5, { minimum: 0 }),
    sessions: int("Sessions started.", 4210, { minimum: 0 }),
  }),
  OrgUsage: obj("Usage over a period.", ["period_start", "period_end", "browser_hours"], {
    period_start: time("Start of the period.", "2026-11-01T00:00:00Z"),
    period_end: time("End of the period.", "2026-11-22T00:00:00Z"),
    browser_hours: num("Browser hours.", 340.25, { minimum: 0 }),
    sessions: int("Sessions started.", 11800, { minimum: 0 }),
    invocations: int("Invocations run.", 950, { minimum: 0 }),
    by_project: arr("Per project.", ref("ProjectUsage")),
  }),
  MemberRole: enm("What a member may do.", ["owner", "admin", "member"], "member"),
  Member: obj("A member of the organization.", ["id", "email", "role"], {
    id: id("The member ID.", "mem_5r2t8y"),
    email: str("Their email address.", "dev@example.com", { format: "email" }),
    role: ref("MemberRole"),
    joined_at: time("When they joined."),
  }),
  InviteMemberRequest: obj("Someone to invite.", ["email"], {
    email: str("Their email address.", "new-dev@example.com", { format: "email" }),
    role: enm("Their role.", ["admin", "member"], "member"),
  }),
  UpdateMemberRequest: obj("A new role.", ["role"], { role: ref("MemberRole") }),
  // Projects
  Project: obj("A project: browsers, profiles and keys isolated from the rest of the organization.", ["id", "name"], {
    id: id("The project ID.", "proj_3n8c1v"),
    name: str("A unique name.", "checkout"),
    description: maybe(str("What it is for.", "Checkout automation")),
    archived: bool("Whether it is archived.", false),
    ...TIMESTAMPS,
  }),
  CreateProjectRequest: obj("A new project.", ["name"], {
    name: str("A unique name.", "checkout", { pattern: NAME_PATTERN }),
    description: str("What it is for.", "Checkout automation", { maxLength: 500 }),
  }),
  UpdateProjectRequest: obj("Changes to a project.", [], {
    name: str("A unique name.", "checkout-eu", { pattern: NAME_PATTERN }),
    description: maybe(str("What it is for, or null.", "Checkout automation, EU shops", { maxLength: 500 })),
    archived: bool("Archive or restore it.", false),
  }),
  ProjectLimits: obj("A project's own limits.", ["max_concurrent_sessions"], {
    max_concurrent_sessions: maybe(int("Cap on browsers running at once in the project; null for the organization's default.", 5, { minimum: 0 })),
  }),
  // API Keys
  ApiKeyScope: enm("What an API key reaches.", ["organization", "project"], "project"),
  ApiKey: obj("An API key; its secret is shown once, at creation.", ["id", "name", "scope", "prefix"], {
    id: id("The API key ID.", "key_9f1x3c"),
    name: str("A readable name.", "ci"),
    scope: ref("ApiKeyScope"),
    project_id: maybe(str("The project, for project keys.", "proj_3n8c1v")),
    prefix: str("The secret's first characters, to recognise it.", "sk_live_4f2a", { pattern: "^sk_[a-z]+_[A-Za-z0-9]{4}$" }),
    expires_at: maybe(time("When it stops working.", "2027-11-22T00:00:00Z")),
    last_used_at: maybe(time("When it was last used.", "2026-11-22T09:58:00Z")),
    created_at: TIMESTAMPS.created_at,
  }),
  ApiKeyWithSecret: {
    description: "A new or rotated API key, with its secret.",
    allOf: [ref("ApiKey"), obj("The secret.", ["secret"], { secret: str("The key; shown only now.", "sk_live_4f2aH8kQ0zR3mW9x", { pattern: "^sk_[a-z]+_[A-Za-z0-9]{16,}$" }) })],
    example: {
      id: "key_9f1x3c",
      name: "ci",
      scope: "project",
      project_id: "proj_3n8c1v",
      prefix: "sk_live_4f2a",
      expires_at: null,
      created_at: "2026-11-22T10:15:00Z",
      secret: "sk_live_4f2aH8kQ0zR3mW9x",
    },
  },
  ApiKeyFields: obj("Fields of every new key.", ["name"], {
    name: str("A readable name.", "ci", { minLength: 1, maxLength: 100 }),
    expires_in_days: int("Lifetime; never expires when left out.", 365, { minimum: 1, maximum: 3650 }),
  }),
  OrganizationKeyScope: obj("An organization-wide key.", ["scope"], { scope: literal("Scope.", "organization") }),
  ProjectKeyScope: obj("A key for one project.", ["scope", "project_id"], { scope: literal("Scope.", "project"), project_id: str("The project.", "proj_3n8c1v", { minLength: 1 }) }),
  CreateApiKeyRequest: {
    description: "A new key: its fields, and either an organization or a project scope.",
    oneOf: [{ allOf: [ref("ApiKeyFields"), ref("OrganizationKeyScope")] }, { allOf: [ref("ApiKeyFields"), ref("ProjectKeyScope")] }],
    example: { name: "ci", expires_in_days: 365, scope: "project", project_id: "proj_3n8c1v" },
  },
  UpdateApiKeyRequest: obj("Changes to a key.", ["name"], { name: str("A readable name.", "ci-main", { minLength: 1, maxLength: 100 }) }),
  // Audit Logs
  AuditActor: obj("Who did it.", ["type", "id"], {
    type: enm("Kind of actor.", ["user", "api_key", "system"], "api_key"),
    id: str("Their ID.", "key_9f1x3c"),
    email: maybe(str("Their email, for users.", null)),
  }),
  AuditResource: obj("What it was done to.", ["type", "id"], { type: str("Kind of resource.", "browser"), id: str("Its ID.", "brs_2x7q9kd4m1") }),
  AuditLogEntry: obj("One audited action.", ["id", "occurred_at", "actor", "action"], {
    id: id("The audit log entry ID.", "aud_8k2d1f"),
    occurred_at: time("When it happened."),
    actor: ref("AuditActor"),
    action: str("What was done, `<resource>.<verb>`.", "browser.create", { pattern: "^[a-z_]+\\.[a-z_]+$" }),
    resource: ref("AuditResource"),
    ip_address: maybe(str("Where the request came from.", "198.51.100.7")),
    metadata: map("Further details.", { project_id: "proj_3n8c1v" }),
  }),
  AuditLogSearchRequest: obj(
    "Filters, all of which an entry must pass; at least one.",
    [],
    {
      actor_ids: arr("Only actions of these actors.", { type: "string", minLength: 1 }, { minItems: 1, uniqueItems: true, example: ["key_9f1x3c"] }),
      actions: arr("Only these actions.", { type: "string", pattern: "^[a-z_]+\\.[a-z_]+$" }, { minItems: 1, uniqueItems: true, example: ["browser.create", "browser.delete"] }),
      resource: ref("AuditResource"),
      since: time("From.", "2026-11-01T00:00:00Z"),
      until: time("Until.", "2026-11-22T00:00:00Z"),
      limit: int("Most entries per page.", 50, { minimum: 1, maximum: 500 }),
      page_token: str("Where to continue; the previous page's `X-Next-Page-Token`.", "eyJvIjo1MH0", { minLength: 1 }),
    },
    { minProperties: 1, additionalProperties: false },
  ),
  ExportFormat: enm("File format of an export.", ["jsonl", "csv"], "jsonl"),
  CreateAuditExportRequest: obj("What to export.", ["since"], {
    since: time("From.", "2026-11-01T00:00:00Z"),
    until: time("Until; now when left out.", "2026-11-22T00:00:00Z"),
    format: ref("ExportFormat"),
  }),
  AuditExport: obj("An export of audit log entries.", ["id", "status", "format"], {
    id: id("The export ID.", "exp_1c7v4n"),
    status: enm("Where it stands.", ["pending", "ready", "failed"], "ready"),
    format: ref("ExportFormat"),
    row_count: maybe(int("Entries in the file, once ready.", 1832, { minimum: 0 })),
    created_at: TIMESTAMPS.created_at,
  }),
};

// ---------------------------------------------------------------------------------------------
// parameters and headers

const pathParam = (name, description, example) => ({ name, in: "path", required: true, description, schema: { type: "string", minLength: 1 }, example });
const query = (name, description, schema, example) => ({ name, in: "query", required: false, description, schema, example });

/** Parameters of the generated operations, by component name (the project's own are reused). */
const PARAMETERS = {
  ProfileIdOrName: pathParam("id_or_name", "The profile ID or name.", "checkout-bot"),
  ProxyId: pathParam("id", "The proxy ID.", "prx_4hd82k"),
  ExtensionIdOrName: pathParam("id_or_name", "The extension ID or name.", "ad-blocker"),
  BrowserPoolIdOrName: pathParam("id_or_name", "The browser pool ID or name.", "checkout-pool"),
  CredentialIdOrName: pathParam("id_or_name", "The credential ID or name.", "shop-login"),
  CredentialProviderId: pathParam("id", "The credential provider ID.", "cp_2d8f1k"),
  AppId: pathParam("id", "The app ID.", "app_4k1p0s"),
  InvocationId: pathParam("id", "The invocation ID.", "inv_6t2w9z"),
  ProjectId: pathParam("id", "The project ID.", "proj_3n8c1v"),
  ApiKeyId: pathParam("id", "The API key ID.", "key_9f1x3c"),
  AuditLogId: pathParam("id", "The audit log entry ID.", "aud_8k2d1f"),
  AuditExportId: pathParam("export_id", "The export ID.", "exp_1c7v4n"),
  ReplayId: pathParam("replay_id", "The replay ID.", "rep_0f3k9a"),
  ProcessId: pathParam("process_id", "The process ID.", "proc_5k2j7h"),
  WatchId: pathParam("watch_id", "The watch ID.", "watch_8d2k1s"),
  ExecutionId: pathParam("execution_id", "The execution ID.", "exe_3p8s2m"),
  MemberId: pathParam("member_id", "The member ID.", "mem_5r2t8y"),
  Limit: query("limit", "Most items to return.", { type: "integer", minimum: 1, maximum: 100, default: 20 }, 20),
  Offset: query("offset", "Items to skip; the previous page's `X-Next-Offset`.", { type: "integer", minimum: 0, default: 0 }, 0),
  PageToken: query("page_token", "Where to continue; the previous page's `X-Next-Page-Token`.", { type: "string", minLength: 1 }, "eyJvIjoyMH0"),
  FilePath: { ...query("path", "Absolute path on the browser instance.", { type: "string", minLength: 1, pattern: "^/" }, "/tmp/downloads/report.csv"), required: true },
  DirectoryPath: { ...query("path", "Absolute directory path on the browser instance.", { type: "string", minLength: 1, pattern: "^/" }, "/tmp/downloads"), required: true },
  FileWriteMode: query("mode", "Permission bits of a new file, in octal.", { type: "string", pattern: "^[0-7]{3,4}$" }, "0644"),
  BrowserStatusFilter: query("status", "Only browsers in this state.", { type: "string", enum: ["starting", "running", "stopping", "stopped"] }, "running"),
  IncludeDeleted: query("include_deleted", "Include deleted items.", { type: "boolean", default: false }, false),
  PersistentId: { ...query("persistent_id", "The persistent ID given at creation.", { type: "string", minLength: 1 }, "nightly-crawl"), required: true },
  LogSource: query("source", "Which log to read.", { type: "string", enum: ["browser", "system", "path"], default: "browser" }, "browser"),
  LogPath: query("path", "The file to follow, with `source=path`.", { type: "string", pattern: "^/" }, "/var/log/app.log"),
  Follow: query("follow", "Keep the stream open for new lines.", { type: "boolean", default: true }, true),
  TelemetryCategory: query("category", "Only events of this category.", { type: "string", enum: ["network", "console", "page"] }, "network"),
  ChromeStoreUrl: { ...query("url", "The extension's Chrome Web Store address.", { type: "string", pattern: "^https://chromewebstore\\.google\\.com/detail/" }, "https://chromewebstore.google.com/detail/ad-blocker/gighmmpiobklfepjocnamgkkbiglidom"), required: true },
  AppNameFilter: query("app_name", "Only this app.", { type: "string", minLength: 1 }, "shop-agent"),
  VersionFilter: query("version", "Only this version.", { type: "string", minLength: 1 }, "1.4.0"),
  DeploymentStatusFilter: query("status", "Only deployments in this state.", { type: "string", enum: ["queued", "in_progress", "running", "failed", "stopped"] }, "running"),
  InvocationStatusFilter: query("status", "Only invocations in this state.", { type: "string", enum: ["queued", "running", "succeeded", "failed"] }, "failed"),
  Since: query("since", "Only items at or after this time.", { type: "string", format: "date-time" }, "2026-11-01T00:00:00Z"),
  Until: query("until", "Only items before this time.", { type: "string", format: "date-time" }, "2026-11-22T00:00:00Z"),
  ActorFilter: query("actor_id", "Only actions of this actor.", { type: "string", minLength: 1 }, "key_9f1x3c"),
  ActionFilter: query("action", "Only this action, `<resource>.<verb>`.", { type: "string", pattern: "^[a-z_]+\\.[a-z_]+$" }, "browser.create"),
  RoleFilter: query("role", "Only members with this role.", { type: "string", enum: ["owner", "admin", "member"] }, "admin"),
  SearchQuery: query("query", "Only items whose name contains this text.", { type: "string", minLength: 1, maxLength: 100 }, "checkout"),
};

/** Response headers of paginated lists. */
const HEADERS = {
  XHasMore: { description: "Whether another page follows.", schema: { type: "boolean" }, example: true },
  XNextOffset: { description: "The `offset` of the next page, when there is one.", schema: { type: "integer", minimum: 0 }, example: 20 },
  XNextPageToken: { description: "The `page_token` of the next page, when there is one.", schema: { type: "string" }, example: "eyJvIjoyMH0" },
};

// path parameter components by "<segment>/{<param>}"; the project's own are reused
const PATH_PARAMETERS = {
  "browsers/{id}": "BrowserId",
  "connections/{id}": "AuthConnectionId",
  "deployments/{id}": "DeploymentId",
  "profiles/{id_or_name}": "ProfileIdOrName",
  "proxies/{id}": "ProxyId",
  "extensions/{id_or_name}": "ExtensionIdOrName",
  "browser_pools/{id_or_name}": "BrowserPoolIdOrName",
  "credentials/{id_or_name}": "CredentialIdOrName",
  "credential_providers/{id}": "CredentialProviderId",
  "apps/{id}": "AppId",
  "invocations/{id}": "InvocationId",
  "projects/{id}": "ProjectId",
  "api_keys/{id}": "ApiKeyId",
  "audit_logs/{id}": "AuditLogId",
  "exports/{export_id}": "AuditExportId",
  "replays/{replay_id}": "ReplayId",
  "process/{process_id}": "ProcessId",
  "watch/{watch_id}": "WatchId",
  "executions/{execution_id}": "ExecutionId",
  "members/{member_id}": "MemberId",
};

// ---------------------------------------------------------------------------------------------
// operations, by tag. `answer` is one of:
//   { json: Name, status? }   a JSON body          { list: Name, paging: "offset"|"token" }  a page
//   { array: Name }           an unpaginated list  { stream: Name }  server-sent events of Name
//   { binary: media }         bytes                { empty: 200|204 }  no body
// `body` is { json: Name } | { multipart: Name } | { binary: media }, optional with `optional`.

const o = (method, path, operationId, client, summary, description, more = {}) => ({ method, path, operationId, client, summary, description, ...more });

/** The generated operations of each tag, most common first. */
const CATALOGUE = {
  Browsers: [
    o("get", "/browsers", "listBrowsers", "browsers.list", "List browsers", "Lists the organization's browser sessions, newest first.", { query: ["BrowserStatusFilter", "IncludeDeleted"], answer: { list: "Browser", paging: "offset" } }),
    o("post", "/browsers", "createBrowser", "browsers.create", "Create a browser session", "Starts a browser session with the given options.", { body: { json: "CreateBrowserRequest", optional: true }, answer: { json: "Browser" }, idempotent: false }),
    o("get", "/browsers/{id}", "getBrowser", "browsers.retrieve", "Get a browser session", "Reads one browser session.", { answer: { json: "Browser" } }),
    o("patch", "/browsers/{id}", "updateBrowser", "browsers.update", "Update a browser session", "Changes the timeout, proxy or viewport of a running session.", { body: { json: "UpdateBrowserRequest" }, answer: { json: "Browser" } }),
    o("delete", "/browsers/{id}", "deleteBrowser", "browsers.delete", "Delete a browser session", "Ends a browser session and frees its slot.", { answer: { empty: 204 } }),
    o("delete", "/browsers", "deleteBrowserByPersistentId", "browsers.deleteByPersistentId", "Delete a browser session by persistent ID", "Ends the session created with this persistent ID. Deprecated: persistent IDs are replaced by profiles.", { query: ["PersistentId"], answer: { empty: 204 }, deprecated: true }),
    o("put", "/browsers/{id}/viewport", "setBrowserViewport", "browsers.setViewport", "Set a session's viewport", "Resizes the screen of a running session.", { body: { json: "BrowserViewport" }, answer: { json: "Browser" } }),
    o("post", "/browsers/{id}/extensions", "loadBrowserExtensions", "browsers.loadExtensions", "Load an extension into a session", "Uploads an unpacked extension, zipped, as multipart form data, and loads it into the running browser.", { body: { multipart: "LoadExtensionRequest" }, answer: { empty: 204 } }),
    o("post", "/browsers/{id}/keepalive", "keepBrowserAlive", "browsers.keepAlive", "Keep a session alive", "Resets the session's inactivity timer.", { answer: { json: "Browser" }, idempotent: true }),
  ],
  "Browser Computer Controls": [
    o("post", "/browsers/{id}/computer/move_mouse", "moveMouse", "browsers.computer.moveMouse", "Move the mouse", "Moves the pointer to a position without clicking.", { body: { json: "MoveMouseRequest" }, answer: { empty: 200 } }),
    o("post", "/browsers/{id}/computer/screenshot", "captureScreenshot", "browsers.computer.captureScreenshot", "Capture a screenshot", "Captures the screen, or a region of it, as a PNG image.", { body: { json: "ScreenshotRequest", optional: true }, answer: { binary: "image/png" } }),
    o("post", "/browsers/{id}/computer/type_text", "typeText", "browsers.computer.typeText", "Type text", "Types text as keystrokes into the focused element.", { body: { json: "TypeTextRequest" }, answer: { empty: 200 } }),
    o("post", "/browsers/{id}/computer/press_key", "pressKey", "browsers.computer.pressKey", "Press keys", "Presses keys together, as a shortcut.", { body: { json: "PressKeyRequest" }, answer: { empty: 200 } }),
    o("post", "/browsers/{id}/computer/scroll", "scroll", "browsers.computer.scroll", "Scroll", "Scrolls at a screen position.", { body: { json: "ScrollRequest" }, answer: { empty: 200 } }),
    o("post", "/browsers/{id}/computer/drag_mouse", "dragMouse", "browsers.computer.dragMouse", "Drag the mouse", "Drags along a path of points with a button held.", { body: { json: "DragMouseRequest" }, answer: { empty: 200 } }),
    o("post", "/browsers/{id}/computer/cursor_visibility", "setCursorVisibility", "browsers.computer.setCursorVisibility", "Show or hide the pointer", "Shows or hides the pointer in screenshots and the live view.", { body: { json: "SetCursorVisibilityRequest" }, answer: { empty: 204 } }),
    o("post", "/browsers/{id}/computer/clipboard", "writeClipboard", "browsers.computer.writeClipboard", "Write the clipboard", "Puts text on the session's clipboard.", { body: { json: "WriteClipboardRequest" }, answer: { empty: 204 } }),
    o("post", "/browsers/{id}/computer/batch", "batchComputerActions", "browsers.computer.batch", "Perform a batch of actions", "Performs clicks, moves, typing, keys, scrolls and waits in order, in one request.", { body: { json: "ComputerActionBatch" }, answer: { json: "BatchResult" }, idempotent: false }),
  ],
  "Browser Playwright": [
    o("post", "/browsers/{id}/playwright/execute", "executePlaywright", "browsers.playwright.execute", "Run Playwright code", "Runs Playwright code against the session's browser and answers with its result.", { body: { json: "PlaywrightExecuteRequest" }, answer: { json: "PlaywrightExecution" }, idempotent: false }),
    o("get", "/browsers/{id}/playwright/executions/{execution_id}", "getPlaywrightExecution", "browsers.playwright.retrieve", "Get a Playwright run", "Reads a run of Playwright code, with its result or error.", { answer: { json: "PlaywrightExecution" } }),
    o("post", "/browsers/{id}/playwright/executions/{execution_id}/cancel", "cancelPlaywrightExecution", "browsers.playwright.cancel", "Cancel a Playwright run", "Stops a run of Playwright code.", { answer: { json: "PlaywrightExecution" }, idempotent: true }),
  ],
  "Browser Filesystem": [
    o("get", "/browsers/{id}/fs/read_file", "readFile", "browsers.fs.readFile", "Read a file", "Downloads a file's bytes.", { query: ["FilePath"], answer: { binary: "application/octet-stream" } }),
    o("put", "/browsers/{id}/fs/write_file", "writeFile", "browsers.fs.writeFile", "Write a file", "Writes the request's bytes to a file, replacing it.", { query: ["FilePath", "FileWriteMode"], body: { binary: "application/octet-stream" }, answer: { empty: 204 } }),
    o("get", "/browsers/{id}/fs/list_files", "listFiles", "browsers.fs.listFiles", "List a directory", "Lists the entries of a directory.", { query: ["DirectoryPath"], answer: { array: "FileInfo" } }),
    o("get", "/browsers/{id}/fs/file_info", "getFileInfo", "browsers.fs.fileInfo", "Get file information", "Reads a file's size, mode and modification time.", { query: ["FilePath"], answer: { json: "FileInfo" } }),
    o("put", "/browsers/{id}/fs/create_directory", "createDirectory", "browsers.fs.createDirectory", "Create a directory", "Creates a directory and its parents.", { body: { json: "CreateDirectoryRequest" }, answer: { empty: 204 } }),
    o("delete", "/browsers/{id}/fs/delete_file", "deleteFile", "browsers.fs.deleteFile", "Delete a file", "Deletes a file.", { query: ["FilePath"], answer: { empty: 204 } }),
    o("post", "/browsers/{id}/fs/upload", "uploadFile", "browsers.fs.upload", "Upload a file", "Uploads one file, as multipart form data.", { body: { multipart: "UploadFileRequest" }, answer: { json: "FileInfo" } }),
    o("get", "/browsers/{id}/fs/download_dir_zip", "downloadDirectoryZip", "browsers.fs.downloadDirZip", "Download a directory as zip", "Packs a directory into a zip archive and downloads it.", { query: ["DirectoryPath"], answer: { binary: "application/zip" } }),
    o("get", "/browsers/{id}/fs/tree", "getFileTree", "browsers.fs.tree", "Get a directory tree", "Reads a directory and everything below it as a tree.", { query: ["DirectoryPath"], answer: { json: "FileTreeNode" } }),
    o("delete", "/browsers/{id}/fs/delete_directory", "deleteDirectory", "browsers.fs.deleteDirectory", "Delete a directory", "Deletes a directory and everything in it.", { query: ["DirectoryPath"], answer: { empty: 204 } }),
    o("post", "/browsers/{id}/fs/move", "moveFile", "browsers.fs.move", "Move a file or directory", "Moves or renames a file or directory.", { body: { json: "MoveRequest" }, answer: { empty: 204 } }),
    o("put", "/browsers/{id}/fs/set_file_permissions", "setFilePermissions", "browsers.fs.setFilePermissions", "Set file permissions", "Changes a file's mode and owner.", { body: { json: "SetFilePermissionsRequest" }, answer: { empty: 204 } }),
    o("post", "/browsers/{id}/fs/copy", "copyFile", "browsers.fs.copy", "Copy a file or directory", "Copies a file or a directory and everything in it.", { body: { json: "CopyRequest" }, answer: { empty: 204 } }),
    o("post", "/browsers/{id}/fs/upload_zip", "uploadZip", "browsers.fs.uploadZip", "Upload a zip archive", "Uploads a zip archive, as multipart form data, and unpacks it.", { body: { multipart: "UploadZipRequest" }, answer: { empty: 204 } }),
    o("post", "/browsers/{id}/fs/watch", "startWatch", "browsers.fs.watch.start", "Watch a directory", "Starts watching a directory for changes.", { body: { json: "StartWatchRequest" }, answer: { json: "WatchHandle" } }),
    o("get", "/browsers/{id}/fs/watch/{watch_id}/events", "streamWatchEvents", "browsers.fs.watch.events", "Stream directory changes", "Streams the changes under a watched directory as server-sent events.", { answer: { stream: "FileSystemEvent" } }),
    o("delete", "/browsers/{id}/fs/watch/{watch_id}", "stopWatch", "browsers.fs.watch.stop", "Stop watching a directory", "Stops a watch.", { answer: { empty: 204 } }),
  ],
  "Browser Processes": [
    o("post", "/browsers/{id}/process/exec", "execProcess", "browsers.process.exec", "Run a command", "Runs a command to its end and answers with its exit status and output.", { body: { json: "ProcessExecRequest" }, answer: { json: "ProcessExecResult" }, idempotent: false }),
    o("post", "/browsers/{id}/process/spawn", "spawnProcess", "browsers.process.spawn", "Start a process", "Starts a command in the background.", { body: { json: "ProcessSpawnRequest" }, answer: { json: "ProcessHandle" }, idempotent: false }),
    o("get", "/browsers/{id}/process/{process_id}/status", "getProcessStatus", "browsers.process.status", "Get a process's status", "Reads whether a process runs and what it uses.", { answer: { json: "ProcessStatus" } }),
    o("get", "/browsers/{id}/process/{process_id}/stdout/stream", "streamProcessOutput", "browsers.process.stdoutStream", "Stream a process's output", "Streams a process's output and exit as server-sent events.", { answer: { stream: "ProcessOutputEvent" } }),
    o("post", "/browsers/{id}/process/{process_id}/kill", "killProcess", "browsers.process.kill", "Signal a process", "Sends a signal to a process.", { body: { json: "ProcessKillRequest" }, answer: { empty: 204 } }),
    o("post", "/browsers/{id}/process/{process_id}/resize", "resizeProcessTerminal", "browsers.process.resize", "Resize a process's terminal", "Changes the size of a process's pseudo-terminal.", { body: { json: "ResizeTerminalRequest" }, answer: { empty: 204 } }),
    o("get", "/browsers/{id}/process", "listProcesses", "browsers.process.list", "List processes", "Lists the processes started through this API.", { answer: { array: "ProcessSummary" } }),
    o("post", "/browsers/{id}/process/{process_id}/stdin", "writeProcessStdin", "browsers.process.stdin", "Write to a process's input", "Writes bytes to a process's standard input.", { body: { json: "ProcessStdinRequest" }, answer: { json: "ProcessStdinResult" }, hidden: true }),
  ],
  "Browser Replays": [
    o("get", "/browsers/{id}/replays", "listReplays", "browsers.replays.list", "List replays", "Lists a session's recordings.", { answer: { array: "Replay" } }),
    o("post", "/browsers/{id}/replays", "startReplay", "browsers.replays.start", "Start recording", "Starts recording the session's screen.", { body: { json: "StartReplayRequest", optional: true }, answer: { json: "Replay", status: 201 } }),
    o("post", "/browsers/{id}/replays/{replay_id}/stop", "stopReplay", "browsers.replays.stop", "Stop recording", "Stops a recording.", { answer: { empty: 204 }, idempotent: true }),
    o("get", "/browsers/{id}/replays/{replay_id}", "downloadReplay", "browsers.replays.download", "Download a replay", "Downloads a recording as an MP4 video.", { answer: { binary: "video/mp4" } }),
    o("delete", "/browsers/{id}/replays/{replay_id}", "deleteReplay", "browsers.replays.delete", "Delete a replay", "Deletes a recording.", { answer: { empty: 204 } }),
  ],
  "Browser Logs": [
    o("get", "/browsers/{id}/logs/stream", "streamLogs", "browsers.logs.stream", "Stream logs", "Streams a log of the browser instance as server-sent events.", { query: ["LogSource", "LogPath", "Follow"], answer: { stream: "LogEvent" } }),
    o("get", "/browsers/{id}/logs", "listLogs", "browsers.logs.list", "List log lines", "Lists past log lines of the browser instance, oldest first.", { query: ["LogSource", "Since"], answer: { list: "LogEvent", paging: "token" } }),
  ],
  "Browser Telemetry": [
    o("get", "/browsers/{id}/telemetry/stream", "streamTelemetry", "browsers.telemetry.stream", "Stream telemetry", "Streams the session's network, console and page events as server-sent events.", { query: ["TelemetryCategory"], answer: { stream: "TelemetryEvent" } }),
    o("put", "/browsers/{id}/telemetry/config", "configureTelemetry", "browsers.telemetry.configure", "Configure telemetry", "Chooses what telemetry the session collects.", { body: { json: "TelemetryConfig" }, answer: { json: "TelemetryConfig" }, hidden: true }),
  ],
  Profiles: [
    o("get", "/profiles", "listProfiles", "profiles.list", "List profiles", "Lists browser profiles.", { query: ["SearchQuery"], answer: { list: "Profile", paging: "offset" } }),
    o("post", "/profiles", "createProfile", "profiles.create", "Create a profile", "Creates an empty browser profile.", { body: { json: "CreateProfileRequest" }, answer: { json: "Profile", status: 201 } }),
    o("get", "/profiles/{id_or_name}", "getProfile", "profiles.retrieve", "Get a profile", "Reads a browser profile.", { answer: { json: "Profile" } }),
    o("delete", "/profiles/{id_or_name}", "deleteProfile", "profiles.delete", "Delete a profile", "Deletes a browser profile.", { answer: { empty: 204 } }),
    o("patch", "/profiles/{id_or_name}", "updateProfile", "profiles.update", "Rename a profile", "Gives a profile a new name.", { body: { json: "UpdateProfileRequest" }, answer: { json: "Profile" } }),
    o("post", "/profiles/{id_or_name}/clone", "cloneProfile", "profiles.clone", "Clone a profile", "Copies a profile's data into a new profile.", { body: { json: "CloneProfileRequest" }, answer: { json: "Profile", status: 201 }, idempotent: false }),
    o("get", "/profiles/{id_or_name}/download", "downloadProfile", "profiles.download", "Download a profile", "Downloads a profile's data as a zip archive.", { answer: { binary: "application/zip" } }),
  ],
  Proxies: [
    o("get", "/proxies", "listProxies", "proxies.list", "List proxies", "Lists proxy configurations.", { answer: { array: "Proxy" } }),
    o("post", "/proxies", "createProxy", "proxies.create", "Create a proxy", "Creates a proxy configuration of one of five kinds.", { body: { json: "CreateProxyRequest", examples: ["ResidentialProxyRequest", "CustomProxyRequest"] }, answer: { json: "Proxy", status: 201 } }),
    o("get", "/proxies/{id}", "getProxy", "proxies.retrieve", "Get a proxy", "Reads a proxy configuration.", { answer: { json: "Proxy" } }),
    o("delete", "/proxies/{id}", "deleteProxy", "proxies.delete", "Delete a proxy", "Deletes a proxy configuration.", { answer: { empty: 204 } }),
    o("patch", "/proxies/{id}", "updateProxy", "proxies.update", "Update a proxy", "Renames a proxy or changes its protocol.", { body: { json: "UpdateProxyRequest" }, answer: { json: "Proxy" } }),
    o("post", "/proxies/{id}/rotate_ip", "rotateProxyIp", "proxies.rotateIp", "Rotate a proxy's exit address", "Asks a residential or mobile proxy for a new exit address.", { answer: { json: "Proxy" }, idempotent: false }),
    o("post", "/proxies/{id}/check", "checkProxy", "proxies.check", "Check a proxy", "Sends a request through the proxy and reports the result.", { answer: { json: "ProxyCheckResult" }, idempotent: true }),
  ],
  Extensions: [
    o("get", "/extensions", "listExtensions", "extensions.list", "List extensions", "Lists uploaded browser extensions.", { answer: { array: "Extension" } }),
    o("post", "/extensions", "uploadExtension", "extensions.upload", "Upload an extension", "Uploads an unpacked extension, zipped, as multipart form data.", { body: { multipart: "UploadExtensionRequest" }, answer: { json: "Extension", status: 201 } }),
    o("get", "/extensions/{id_or_name}", "getExtension", "extensions.retrieve", "Get an extension", "Reads an extension.", { answer: { json: "Extension" } }),
    o("delete", "/extensions/{id_or_name}", "deleteExtension", "extensions.delete", "Delete an extension", "Deletes an extension.", { answer: { empty: 204 } }),
    o("get", "/extensions/{id_or_name}/download", "downloadExtension", "extensions.download", "Download an extension", "Downloads an extension's zip archive.", { answer: { binary: "application/zip" } }),
    o("get", "/extensions/from_chrome_store", "downloadFromChromeStore", "extensions.downloadFromChromeStore", "Download from the Chrome Web Store", "Fetches an extension from the Chrome Web Store as a CRX file. Deprecated: upload the extension instead.", { query: ["ChromeStoreUrl"], answer: { binary: "application/octet-stream" }, deprecated: true }),
  ],
  "Browser Pools": [
    o("get", "/browser_pools", "listBrowserPools", "browserPools.list", "List browser pools", "Lists browser pools.", { answer: { array: "BrowserPool" } }),
    o("post", "/browser_pools", "createBrowserPool", "browserPools.create", "Create a browser pool", "Creates a pool and starts filling it.", { body: { json: "CreateBrowserPoolRequest" }, answer: { json: "BrowserPool", status: 201 } }),
    o("get", "/browser_pools/{id_or_name}", "getBrowserPool", "browserPools.retrieve", "Get a browser pool", "Reads a pool and its counts.", { answer: { json: "BrowserPool" } }),
    o("patch", "/browser_pools/{id_or_name}", "updateBrowserPool", "browserPools.update", "Update a browser pool", "Resizes a pool or changes its browsers' config.", { body: { json: "UpdateBrowserPoolRequest" }, answer: { json: "BrowserPool" } }),
    o("delete", "/browser_pools/{id_or_name}", "deleteBrowserPool", "browserPools.delete", "Delete a browser pool", "Deletes a pool and its idle browsers.", { answer: { empty: 204 } }),
    o("post", "/browser_pools/{id_or_name}/acquire", "acquireBrowser", "browserPools.acquire", "Acquire a browser", "Takes a warm browser from the pool, waiting for one when none is free.", { body: { json: "AcquireBrowserRequest", optional: true }, answer: { json: "Browser" }, idempotent: false }),
    o("post", "/browser_pools/{id_or_name}/release", "releaseBrowser", "browserPools.release", "Release a browser", "Gives a browser back to its pool.", { body: { json: "ReleaseBrowserRequest" }, answer: { empty: 204 }, idempotent: true }),
    o("post", "/browser_pools/{id_or_name}/flush", "flushBrowserPool", "browserPools.flush", "Flush idle browsers", "Discards the pool's idle browsers; new ones replace them.", { answer: { json: "FlushResult" }, hidden: true }),
    o("put", "/browser_pools/{id_or_name}/schedule", "setBrowserPoolSchedule", "browserPools.setSchedule", "Set a pool's schedule", "Replaces the rules that resize the pool by time of day.", { body: { json: "BrowserPoolSchedule" }, answer: { json: "BrowserPoolSchedule" } }),
  ],
  "Managed Auth": [
    o("get", "/auth/connections", "listAuthConnections", "auth.connections.list", "List auth connections", "Lists managed logins.", { query: ["SearchQuery"], answer: { list: "AuthConnection", paging: "offset" } }),
    o("post", "/auth/connections", "createAuthConnection", "auth.connections.create", "Create an auth connection", "Creates a managed login for a site.", { body: { json: "CreateAuthConnectionRequest" }, answer: { json: "AuthConnection", status: 201 } }),
    o("get", "/auth/connections/{id}", "getAuthConnection", "auth.connections.retrieve", "Get an auth connection", "Reads a managed login.", { answer: { json: "AuthConnection" } }),
    o("patch", "/auth/connections/{id}", "updateAuthConnection", "auth.connections.update", "Update an auth connection", "Changes a managed login's credential, login address or checks.", { body: { json: "UpdateAuthConnectionRequest" }, answer: { json: "AuthConnection" } }),
    o("post", "/auth/connections/{id}/login", "startLogin", "auth.connections.login", "Start a login", "Starts a login flow for the connection.", { body: { json: "LoginRequest", optional: true }, answer: { json: "LoginFlow", status: 202 }, idempotent: false }),
    o("post", "/auth/connections/{id}/submit", "submitLogin", "auth.connections.submit", "Submit login input", "Answers what a waiting login flow asks for.", { body: { json: "SubmitLoginRequest", examples: ["SubmitFields", "SubmitMfaOption", "SubmitSsoButton"] }, answer: { json: "LoginFlow" } }),
    o("post", "/auth/connections/{id}/check", "checkAuthConnection", "auth.connections.check", "Check an auth connection", "Checks now whether the login is still alive.", { answer: { json: "AuthConnection" }, idempotent: true }),
    o("get", "/auth/connections/{id}/events", "followLogin", "auth.connections.follow", "Follow a login", "Streams the steps of the connection's login flows as server-sent events.", { answer: { stream: "AuthEvent" } }),
  ],
  Credentials: [
    o("get", "/credentials", "listCredentials", "credentials.list", "List credentials", "Lists stored login details, without their values.", { query: ["SearchQuery"], answer: { list: "Credential", paging: "offset" } }),
    o("post", "/credentials", "createCredential", "credentials.create", "Create a credential", "Stores login details for a site.", { body: { json: "CreateCredentialRequest" }, answer: { json: "Credential", status: 201 } }),
    o("get", "/credentials/{id_or_name}", "getCredential", "credentials.retrieve", "Get a credential", "Reads stored login details, without their values.", { answer: { json: "Credential" } }),
    o("patch", "/credentials/{id_or_name}", "updateCredential", "credentials.update", "Update a credential", "Replaces values or the TOTP secret of stored login details.", { body: { json: "UpdateCredentialRequest" }, answer: { json: "Credential" } }),
    o("delete", "/credentials/{id_or_name}", "deleteCredential", "credentials.delete", "Delete a credential", "Deletes stored login details.", { answer: { empty: 204 } }),
    o("get", "/credentials/{id_or_name}/totp_code", "getTotpCode", "credentials.totpCode", "Get a one-time code", "Computes the current code from the stored TOTP secret.", { answer: { json: "TotpCode" } }),
  ],
  "Credential Providers": [
    o("get", "/org/credential_providers", "listCredentialProviders", "credentialProviders.list", "List credential providers", "Lists external password managers.", { answer: { array: "CredentialProvider" } }),
    o("post", "/org/credential_providers", "createCredentialProvider", "credentialProviders.create", "Create a credential provider", "Connects an external password manager.", { body: { json: "CreateCredentialProviderRequest" }, answer: { json: "CredentialProvider", status: 201 } }),
    o("get", "/org/credential_providers/{id}", "getCredentialProvider", "credentialProviders.retrieve", "Get a credential provider", "Reads a credential provider.", { answer: { json: "CredentialProvider" } }),
    o("patch", "/org/credential_providers/{id}", "updateCredentialProvider", "credentialProviders.update", "Update a credential provider", "Turns a provider on or off, or replaces its token.", { body: { json: "UpdateCredentialProviderRequest" }, answer: { json: "CredentialProvider" } }),
    o("delete", "/org/credential_providers/{id}", "deleteCredentialProvider", "credentialProviders.delete", "Delete a credential provider", "Disconnects a password manager.", { answer: { empty: 204 } }),
    o("post", "/org/credential_providers/{id}/test", "testCredentialProvider", "credentialProviders.test", "Test a credential provider", "Checks that the provider answers with its token.", { answer: { json: "CredentialProviderTestResult" }, idempotent: true }),
    o("get", "/org/credential_providers/{id}/items", "listCredentialProviderItems", "credentialProviders.items.list", "List provider items", "Lists the login items the provider's token can read.", { query: ["SearchQuery"], answer: { list: "CredentialProviderItem", paging: "token" } }),
  ],
  Apps: [
    o("get", "/apps", "listApps", "apps.list", "List apps", "Lists deployed apps.", { query: ["AppNameFilter", "VersionFilter"], answer: { list: "App", paging: "offset" } }),
    o("get", "/apps/{id}", "getApp", "apps.retrieve", "Get an app", "Reads an app and its actions.", { answer: { json: "App" } }),
    o("get", "/apps/{id}/versions", "listAppVersions", "apps.versions.list", "List app versions", "Lists an app's versions, newest first.", { answer: { list: "AppVersion", paging: "offset" } }),
  ],
  Deployments: [
    o("get", "/deployments", "listDeployments", "deployments.list", "List deployments", "Lists deployments, newest first.", { query: ["AppNameFilter", "DeploymentStatusFilter"], answer: { list: "Deployment", paging: "offset" } }),
    o("post", "/deployments", "createDeployment", "deployments.create", "Create a deployment", "Uploads an app's source, as multipart form data, and deploys it.", { body: { multipart: "CreateDeploymentRequest" }, answer: { json: "Deployment", status: 202 }, idempotent: false }),
    o("get", "/deployments/{id}", "getDeployment", "deployments.retrieve", "Get a deployment", "Reads a deployment.", { answer: { json: "Deployment" } }),
    o("get", "/deployments/{id}/events", "followDeployment", "deployments.follow", "Follow a deployment", "Streams a deployment's state changes and build logs as server-sent events.", { answer: { stream: "DeploymentEvent" } }),
    o("post", "/deployments/{id}/stop", "stopDeployment", "deployments.stop", "Stop a deployment", "Stops a running deployment without deleting it.", { answer: { json: "Deployment" }, idempotent: true }),
    o("post", "/deployments/{id}/redeploy", "redeployDeployment", "deployments.redeploy", "Redeploy", "Builds and rolls out the same source again.", { body: { json: "RedeployRequest", optional: true }, answer: { json: "Deployment", status: 202 }, idempotent: false }),
  ],
  Invocations: [
    o("get", "/invocations", "listInvocations", "invocations.list", "List invocations", "Lists runs of app actions, newest first.", { query: ["AppNameFilter", "InvocationStatusFilter", "Since"], answer: { list: "Invocation", paging: "token" } }),
    o("post", "/invocations", "createInvocation", "invocations.create", "Invoke an action", "Runs an app's action; with `async` answers at once.", { body: { json: "CreateInvocationRequest" }, answer: { json: "Invocation", status: 202 }, idempotent: false }),
    o("get", "/invocations/{id}", "getInvocation", "invocations.retrieve", "Get an invocation", "Reads a run, with its output or its error and call stack.", { answer: { json: "Invocation" } }),
    o("patch", "/invocations/{id}", "updateInvocation", "invocations.update", "Finish an invocation", "Reports the end of a run from inside the app.", { body: { json: "UpdateInvocationRequest" }, answer: { json: "Invocation" } }),
    o("post", "/invocations/{id}/cancel", "cancelInvocation", "invocations.cancel", "Cancel an invocation", "Stops a queued or running invocation.", { answer: { json: "Invocation" }, idempotent: true }),
    o("get", "/invocations/{id}/events", "followInvocation", "invocations.follow", "Follow an invocation", "Streams a run's state changes and logs as server-sent events.", { answer: { stream: "InvocationEvent" } }),
  ],
  Organization: [
    o("patch", "/org/limits", "updateOrgLimits", "organization.limits.update", "Update organization limits", "Changes the default cap of projects without their own.", { body: { json: "UpdateOrgLimitsRequest" }, answer: { json: "OrgLimits" } }),
    o("get", "/org", "getOrganization", "organization.retrieve", "Get the organization", "Reads the authenticated organization.", { answer: { json: "Organization" } }),
    o("patch", "/org", "updateOrganization", "organization.update", "Update the organization", "Renames the organization or changes its billing address.", { body: { json: "UpdateOrganizationRequest" }, answer: { json: "Organization" } }),
    o("get", "/org/usage", "getOrgUsage", "organization.usage.retrieve", "Get usage", "Reads browser hours, sessions and invocations over a period.", { query: ["Since", "Until"], answer: { json: "OrgUsage" } }),
    o("get", "/org/members", "listMembers", "organization.members.list", "List members", "Lists the organization's members.", { query: ["RoleFilter"], answer: { list: "Member", paging: "offset" } }),
    o("post", "/org/members", "inviteMember", "organization.members.invite", "Invite a member", "Sends an invitation by email.", { body: { json: "InviteMemberRequest" }, answer: { json: "Member", status: 201 }, idempotent: false }),
    o("patch", "/org/members/{member_id}", "updateMember", "organization.members.update", "Change a member's role", "Gives a member a new role.", { body: { json: "UpdateMemberRequest" }, answer: { json: "Member" } }),
    o("post", "/org/members/{member_id}/resend_invite", "resendInvite", "organization.members.resendInvite", "Resend an invitation", "Sends a pending member's invitation again.", { answer: { empty: 204 }, idempotent: false }),
    o("delete", "/org/members/{member_id}", "removeMember", "organization.members.remove", "Remove a member", "Removes a member from the organization.", { answer: { empty: 204 } }),
  ],
  Projects: [
    o("get", "/projects", "listProjects", "projects.list", "List projects", "Lists the organization's projects.", { query: ["SearchQuery", "IncludeDeleted"], answer: { list: "Project", paging: "offset" } }),
    o("post", "/projects", "createProject", "projects.create", "Create a project", "Creates a project.", { body: { json: "CreateProjectRequest" }, answer: { json: "Project", status: 201 } }),
    o("get", "/projects/{id}", "getProject", "projects.retrieve", "Get a project", "Reads a project.", { answer: { json: "Project" } }),
    o("patch", "/projects/{id}", "updateProject", "projects.update", "Update a project", "Renames, describes, archives or restores a project.", { body: { json: "UpdateProjectRequest" }, answer: { json: "Project" } }),
    o("delete", "/projects/{id}", "deleteProject", "projects.delete", "Delete a project", "Deletes a project and everything in it.", { answer: { empty: 204 } }),
    o("put", "/projects/{id}/limits", "setProjectLimits", "projects.limits.set", "Set project limits", "Replaces a project's own limits.", { body: { json: "ProjectLimits" }, answer: { json: "ProjectLimits" } }),
  ],
  "API Keys": [
    o("get", "/api_keys", "listApiKeys", "apiKeys.list", "List API keys", "Lists API keys, without their secrets.", { answer: { list: "ApiKey", paging: "offset" } }),
    o("post", "/api_keys", "createApiKey", "apiKeys.create", "Create an API key", "Creates an organization or project key and answers with its secret, once.", { body: { json: "CreateApiKeyRequest" }, answer: { json: "ApiKeyWithSecret", status: 201 }, idempotent: false }),
    o("get", "/api_keys/{id}", "getApiKey", "apiKeys.retrieve", "Get an API key", "Reads an API key, without its secret.", { answer: { json: "ApiKey" } }),
    o("delete", "/api_keys/{id}", "revokeApiKey", "apiKeys.revoke", "Revoke an API key", "Revokes a key at once.", { answer: { empty: 204 } }),
    o("post", "/api_keys/{id}/rotate", "rotateApiKey", "apiKeys.rotate", "Rotate an API key", "Replaces a key's secret; the old one stops working.", { answer: { json: "ApiKeyWithSecret" }, idempotent: false }),
    o("patch", "/api_keys/{id}", "updateApiKey", "apiKeys.update", "Rename an API key", "Gives a key a new name.", { body: { json: "UpdateApiKeyRequest" }, answer: { json: "ApiKey" } }),
  ],
  "Audit Logs": [
    o("get", "/audit_logs", "listAuditLogs", "auditLogs.list", "List audit log entries", "Lists audited actions, newest first.", { query: ["Since", "Until", "ActorFilter", "ActionFilter"], answer: { list: "AuditLogEntry", paging: "token" } }),
    o("post", "/audit_logs/search", "searchAuditLogs", "auditLogs.search", "Search audit log entries", "Finds audited actions by actors, actions, resources and period.", { body: { json: "AuditLogSearchRequest" }, answer: { list: "AuditLogEntry", paging: "token" }, idempotent: true }),
    o("post", "/audit_logs/exports", "createAuditExport", "auditLogs.exports.create", "Export audit log entries", "Starts an export of the entries of a period.", { body: { json: "CreateAuditExportRequest" }, answer: { json: "AuditExport", status: 202 }, idempotent: false }),
    o("get", "/audit_logs/exports/{export_id}", "getAuditExport", "auditLogs.exports.retrieve", "Get an export", "Reads where an export stands.", { answer: { json: "AuditExport" } }),
    o("get", "/audit_logs/exports/{export_id}/download", "downloadAuditExport", "auditLogs.exports.download", "Download an export", "Downloads a ready export's file.", { answer: { binary: "application/octet-stream" } }),
  ],
};

// names of the project's own operations in the client, for specs that do not carry them yet
const PROJECT_CLIENT_METHODS = {
  getOrgLimits: "organization.limits.retrieve",
  clickMouse: "browsers.computer.clickMouse",
  deleteAuthConnection: "auth.connections.delete",
  deleteDeployment: "deployments.delete",
};

const camel = (text) => text.toLowerCase().replace(/[^a-z0-9]+([a-z0-9])/g, (_, c) => c.toUpperCase());

// ---------------------------------------------------------------------------------------------
// the project's own spec

/**
 * Reads the project's index and the operations of its path files.
 * @returns {{ indexText: string, index: any, operations: { path: string, method: string, tag: string, operationId: string, client: string, file: string }[], schemas: Record<string, any> }}
 */
function readProject(source) {
  const indexText = readFileSync(join(source, "openapi.yaml"), "utf8");
  const index = /** @type {any} */ (parseYaml(indexText));
  const operations = [];
  for (const [path, item] of Object.entries(index.paths ?? {})) {
    if (typeof item?.$ref !== "string") throw new Error(`${source}/openapi.yaml: paths["${path}"] is not a $ref to a file in paths/`);
    const pathItem = parseYaml(readFileSync(join(source, item.$ref), "utf8"));
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "default";
      const client = op["x-client-method"] ?? PROJECT_CLIENT_METHODS[op.operationId] ?? `${camel(tag)}.${op.operationId}`;
      operations.push({ path, method, tag, operationId: op.operationId, client, file: item.$ref });
    }
  }
  const schemas = {};
  const dir = join(source, "components/schemas");
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    if (file.endsWith(".yaml")) schemas[file.slice(0, -".yaml".length)] = parseYaml(readFileSync(join(dir, file), "utf8"));
  }
  return { indexText, index, operations, schemas };
}

// ---------------------------------------------------------------------------------------------
// choosing the operations

/**
 * The catalogue in the order a spec takes it: each next operation is of the HTTP method furthest
 * behind its share of the whole catalogue, and within a method one tag after another (the index's
 * tag order), so that a smaller spec keeps the proportions and still spreads over the tags.
 */
function catalogueOrder(tags) {
  const byMethod = new Map();
  const queues = tags.map((tag) => CATALOGUE[tag] ?? []);
  for (let i = 0; queues.some((queue) => i < queue.length); i++) {
    for (const queue of queues) if (i < queue.length) byMethod.set(queue[i].method, [...(byMethod.get(queue[i].method) ?? []), queue[i]]);
  }
  const total = [...byMethod.values()].reduce((sum, ops) => sum + ops.length, 0);
  const share = new Map([...byMethod].map(([method, ops]) => [method, ops.length / total]));
  const taken = new Map([...byMethod.keys()].map((method) => [method, 0]));
  const order = [];
  while (order.length < total) {
    let best;
    for (const [method, ops] of byMethod) {
      if (taken.get(method) === ops.length) continue;
      const behind = share.get(method) * (order.length + 1) - taken.get(method);
      if (best === undefined || behind > best.behind) best = { method, behind };
    }
    order.push(byMethod.get(best.method)[taken.get(best.method)]);
    taken.set(best.method, taken.get(best.method) + 1);
  }
  return order;
}

/**
 * The generated operations to add, in catalogue order; past the catalogue, further rounds repeat
 * it under `/r<round>` with suffixed names. Operations that the project's spec already has (the
 * same path and method, operationId or client method) are left out.
 */
function chooseOperations(count, project) {
  const tags = project.index.tags.map((tag) => tag.name);
  for (const tag of Object.keys(CATALOGUE)) if (!tags.includes(tag)) throw new Error(`openapi/openapi.yaml has no tag "${tag}"`);
  const once = catalogueOrder(tags);

  const taken = new Set(project.operations.flatMap((op) => [`${op.method} ${op.path}`, op.operationId, op.client]));
  const chosen = [];
  for (let round = 1; chosen.length < count; round++) {
    for (const template of once) {
      if (chosen.length === count) break;
      const op = round === 1 ? { ...template } : {
        ...template,
        path: `/r${round}${template.path}`,
        operationId: `${template.operationId}R${round}`,
        client: `r${round}.${template.client}`,
        summary: `${template.summary} (r${round})`,
      };
      op.tag = tags.find((tag) => CATALOGUE[tag]?.includes(template));
      if ([`${op.method} ${op.path}`, op.operationId, op.client].some((key) => taken.has(key))) continue;
      chosen.push(op);
    }
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// examples, composed from the examples of the schemas' properties

function lookup(name, project) {
  const schema = SCHEMAS[name] ?? project.schemas[name];
  if (!schema) throw new Error(`no schema ${name}`);
  return schema;
}

const refName = (value) => value.replace(/^schema:/, "").replace(/^(\.\.\/)*(components\/schemas\/)?/, "").replace(/\.yaml$/, "");

/** An example of `schema`: its own, else one built from its parts; recursion needs an own example. */
function exampleOf(schema, project, seen = []) {
  if (schema.example !== undefined) return schema.example;
  if (schema.$ref) {
    const name = refName(schema.$ref);
    if (seen.includes(name)) throw new Error(`schema ${name} is recursive; give it an example of its own`);
    return exampleOf(lookup(name, project), project, [...seen, name]);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = [schema.type].flat().find((t) => t !== "null");
  // an object's anyOf/oneOf of bare `required` lists only constrains its properties
  if (!type && (schema.oneOf || schema.anyOf)) return exampleOf((schema.oneOf ?? schema.anyOf).find((branch) => branch.type !== "null"), project, seen);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, project, seen)));
  if (type === "object") {
    const example = {};
    for (const [key, property] of Object.entries(schema.properties ?? {})) example[key] = exampleOf(property, project, seen);
    return example;
  }
  if (type === "array") return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => exampleOf(schema.items, project, seen));
  if (type === "string" && schema.format === "binary") return "(file bytes)";
  throw new Error(`no example for ${JSON.stringify(schema).slice(0, 120)}`);
}

// what a mock serves for a binary answer: text standing in for the bytes
const BINARY_EXAMPLES = {
  "image/png": "(PNG image bytes)",
  "video/mp4": "(MP4 video bytes)",
  "application/zip": "(zip archive bytes)",
  "application/octet-stream": "sku,quantity\nA-100,2\n",
};

// ---------------------------------------------------------------------------------------------
// operation objects; references are still "kind:Name" here

const response = (name) => ({ $ref: `response:${name}` });

function mediaExample(name, project) {
  return exampleOf({ $ref: `schema:${name}` }, project);
}

function requestBody(body, project) {
  if (body.json) {
    const media = { schema: { $ref: `schema:${body.json}` } };
    if (body.examples) {
      media.examples = Object.fromEntries(body.examples.map((name) => [camel(name.replace(/([a-z])([A-Z])/g, "$1 $2")), { summary: lookup(name, project).description, value: mediaExample(name, project) }]));
    } else {
      media.example = mediaExample(body.json, project);
    }
    return { required: !body.optional, description: lookup(body.json, project).description, content: { "application/json": media } };
  }
  if (body.multipart) {
    const schema = lookup(body.multipart, project);
    const files = Object.entries(schema.properties).filter(([, property]) => property.format === "binary");
    return {
      required: true,
      description: schema.description,
      content: {
        "multipart/form-data": {
          schema: { $ref: `schema:${body.multipart}` },
          encoding: Object.fromEntries(files.map(([key]) => [key, { contentType: "application/octet-stream" }])),
          example: mediaExample(body.multipart, project),
        },
      },
    };
  }
  return {
    required: true,
    description: "The file's new content.",
    content: { [body.binary]: { schema: { type: "string", format: "binary", description: "The bytes to write." }, example: BINARY_EXAMPLES[body.binary] } },
  };
}

function success(answer, project) {
  if (answer.json) {
    return [answer.status ?? 200, { description: lookup(answer.json, project).description, content: { "application/json": { schema: { $ref: `schema:${answer.json}` }, example: mediaExample(answer.json, project) } } }];
  }
  if (answer.list || answer.array) {
    const name = answer.list ?? answer.array;
    const headers = answer.paging === "token" ? { "X-Has-More": "XHasMore", "X-Next-Page-Token": "XNextPageToken" } : { "X-Has-More": "XHasMore", "X-Next-Offset": "XNextOffset" };
    return [
      200,
      {
        description: answer.list ? "One page of the list; the headers say whether another follows and where it starts." : "Every item; the list is not paginated.",
        ...(answer.list ? { headers: Object.fromEntries(Object.entries(headers).map(([header, component]) => [header, { $ref: `header:${component}` }])) } : {}),
        content: { "application/json": { schema: { type: "array", items: { $ref: `schema:${name}` } }, example: [mediaExample(name, project)] } },
      },
    ];
  }
  if (answer.stream) {
    const event = mediaExample(answer.stream, project);
    return [
      200,
      {
        description: `A stream of server-sent events; the \`data\` of each is one JSON \`${answer.stream}\`.`,
        content: {
          "text/event-stream": {
            schema: { type: "string", description: `Server-sent events, each \`data\` a JSON \`${answer.stream}\`.`, contentMediaType: "text/event-stream", contentSchema: { $ref: `schema:${answer.stream}` } },
            example: quoted(`id: 1\ndata: ${JSON.stringify(event)}\n\n`),
          },
        },
      },
    ];
  }
  if (answer.binary) {
    return [200, { description: `The bytes, as \`${answer.binary}\`.`, content: { [answer.binary]: { schema: { type: "string", format: "binary", description: "The bytes." }, example: BINARY_EXAMPLES[answer.binary] } } }];
  }
  return [answer.empty, { description: "Done. The response has no body." }];
}

function operationObject(op, project, clientMethods) {
  const paging = op.answer.list ? (op.answer.paging === "token" ? ["Limit", "PageToken"] : ["Limit", "Offset"]) : [];
  const parameters = [...(op.query ?? []), ...paging].map((name) => ({ $ref: `parameter:${name}` }));
  let description = op.description;
  if (op.answer.list) description += op.answer.paging === "token"
    ? "\n\nPaginated by headers: `X-Has-More` says whether another page follows, and `X-Next-Page-Token` is the `page_token` that fetches it."
    : "\n\nPaginated by headers: `X-Has-More` says whether another page follows, and `X-Next-Offset` is the `offset` that fetches it.";
  if (op.idempotent === false) description += "\n\nNot idempotent: sending it twice does it twice.";
  const [status, ok] = success(op.answer, project);
  const responses = { [String(status)]: ok };
  if (op.body || parameters.length) responses["400"] = response("BadRequest");
  responses["401"] = response("Unauthorized");
  if (op.path.includes("{")) responses["404"] = response("NotFound");
  responses["500"] = response("InternalServerError");
  return {
    operationId: op.operationId,
    ...(clientMethods ? { "x-client-method": op.client } : {}),
    tags: [op.tag],
    summary: op.summary,
    description,
    ...(op.idempotent !== undefined ? { "x-idempotent": op.idempotent } : {}),
    ...(op.hidden ? { "x-hidden": true } : {}),
    ...(op.deprecated ? { deprecated: true, "x-deprecated": true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: requestBody(op.body, project) } : {}),
    responses,
  };
}

/** The path parameters of `path`, as component references, from its "<segment>/{<param>}" pairs. */
function pathParameters(path) {
  return [...path.matchAll(/([^/]+)\/\{([^}]+)\}/g)].map(([pair]) => {
    const name = PATH_PARAMETERS[pair];
    if (!name) throw new Error(`no parameter component for ${pair} in ${path}`);
    return { $ref: `parameter:${name}` };
  });
}

// ---------------------------------------------------------------------------------------------
// references and files

const KINDS = { schema: "schemas", parameter: "parameters", response: "responses", header: "headers" };

/** Every "kind:Name" reference in `value`. */
function references(value, found = new Set()) {
  if (Array.isArray(value)) for (const item of value) references(item, found);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if ((key === "$ref" || key === "mapping") && typeof item === "string" && /^\w+:/.test(item)) found.add(item);
      else references(item, found);
    }
  }
  return found;
}

/** `value` with each "kind:Name" reference made a file path relative to a file in `from` ("paths", "components/<kind>" or "."). */
function place(value, from) {
  if (Array.isArray(value)) return value.map((item) => place(item, from));
  if (!value || typeof value !== "object") return value;
  const out = {};
  for (const [key, item] of Object.entries(value)) {
    const reference = typeof item === "string" && (key === "$ref" || from.mapping) && /^(schema|parameter|response|header):(\w+)$/.exec(item);
    if (reference) {
      const target = `components/${KINDS[reference[1]]}/${reference[2]}.yaml`;
      out[key] = relative(from.dir, target) || target;
    } else {
      out[key] = place(item, key === "mapping" ? { ...from, mapping: true } : { ...from, mapping: false });
    }
  }
  return out;
}

// prism's yaml parser drops the blank line that ends a block scalar, and that blank line ends a
// server-sent event: such text is marked here and written as a double-quoted (json) string
const QUOTED = /quoted-text:([A-Za-z0-9_-]*)/g;
const quoted = (text) => `quoted-text:${Buffer.from(text).toString("base64url")}`;

// no folding, so that prose keeps its lines (a literal block); no anchors for shared objects
const yaml = (value) => stringifyYaml(value, { lineWidth: -1, noRefs: true }).replace(QUOTED, (_, text) => JSON.stringify(Buffer.from(text, "base64url").toString()));

/** A path's file name: the URL without its leading slash, `/` as `_`. */
export function pathFile(path) {
  return `${path.slice(1).replaceAll("/", "_")}.yaml`;
}

/**
 * What writeSyntheticSpec wrote.
 * @typedef {object} SyntheticSpec
 * @property {string} dir the directory written, absolute
 * @property {string} index its openapi.yaml, absolute
 * @property {number} operations
 * @property {number} paths
 * @property {number} schemas
 * @property {Record<string, number>} byMethod operations by lowercase HTTP method
 * @property {string[]} tags the index's tags that have at least one operation, in index order
 * @property {number} files files generated (the project's copied files not counted)
 */

/**
 * Writes a synthetic openapi/ tree into `dir`: the project's index (info, servers, security, tags)
 * and its own operations, copied as they are, plus generated operations up to `operations` in all,
 * with path, schema, parameter and header components one per file. Deterministic.
 *
 * @param {string} dir where to write; must be missing or empty
 * @param {{ operations?: number, clientMethods?: boolean, source?: string }} [options] `operations` counts the
 *   project's own too (default 150, at least as many as the project has); `clientMethods`
 *   (default true) gives every operation a unique `x-client-method`, false leaves them all out;
 *   `source` is the openapi/ folder it starts from (default the project's own)
 * @returns {SyntheticSpec}
 * @example
 * const { index } = writeSyntheticSpec(mkdtempSync(join(tmpdir(), "spec-")), { operations: 150 });
 * // redocly lint <index> --config redocly.yaml
 */
export function writeSyntheticSpec(dir, { operations = 150, clientMethods = true, source = SOURCE } = {}) {
  dir = resolve(dir);
  const project = readProject(source);
  const own = project.operations.length;
  if (!Number.isInteger(operations) || operations < own) throw new RangeError(`operations must be an integer of at least ${own} (the project's own), not ${operations}`);
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} is not empty; give a new or empty directory`);

  const chosen = chooseOperations(operations - own, project);
  if (clientMethods) {
    const names = [...project.operations, ...chosen].map((op) => op.client);
    const bad = names.filter((name, i) => !CLIENT_METHOD.test(name) || names.indexOf(name) !== i);
    if (bad.length) throw new Error(`client method names malformed or taken twice: ${bad.join(", ")}`);
  }
  const ownPaths = new Map(project.operations.map((op) => [op.path, op.file]));
  const clients = new Map(project.operations.map((op) => [op.operationId, op.client]));

  // the generated path items, in the order their paths first appear
  const items = new Map();
  for (const op of chosen) {
    if (!items.has(op.path)) items.set(op.path, ownPaths.has(op.path) ? {} : { parameters: pathParameters(op.path) });
    const item = items.get(op.path);
    if (!item.parameters?.length) delete item.parameters;
    item[op.method] = operationObject(op, project, clientMethods);
  }

  // schemas: those the operations name, and those those name, in catalogue order
  const used = references([...items.values()]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const reference of [...used]) {
      const [kind, name] = reference.split(":");
      const component = kind === "schema" ? SCHEMAS[name] : kind === "parameter" ? PARAMETERS[name] : kind === "header" ? HEADERS[name] : undefined;
      for (const inner of references(component ?? {})) if (!used.has(inner)) used.add(inner), (grew = true);
    }
  }
  const generated = { schema: SCHEMAS, parameter: PARAMETERS, header: HEADERS };
  const components = [];
  for (const [kind, all] of Object.entries(generated)) {
    for (const name of Object.keys(all)) {
      if (!used.has(`${kind}:${name}`)) continue;
      if (existsSync(join(source, "components", KINDS[kind], `${name}.yaml`))) throw new Error(`openapi/components/${KINDS[kind]}/${name}.yaml exists; rename the generated ${kind} ${name} in scripts/synthetic-spec.mjs`);
      components.push({ kind, name, value: all[name] });
    }
  }

  // the project's own files, then the generated ones over them
  mkdirSync(dir, { recursive: true });
  cpSync(source, dir, { recursive: true, filter: (file) => relative(source, file).split("/")[0] !== "released" });
  let files = 0;
  const write = (file, text) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
    files++;
  };
  for (const op of project.operations) {
    const file = join(dir, op.file);
    const text = readFileSync(file, "utf8");
    // the project's own operations gain their client method name, or lose it for a spec without them
    const named = clientMethods
      ? text.replace(/^(\s+)operationId: (\S+)\n(?!\1x-client-method:)/m, (line, indent, operationId) => (operationId === op.operationId ? `${line}${indent}x-client-method: ${clients.get(operationId)}\n` : line))
      : text.replace(/^\s+x-client-method: .*\n/gm, "");
    writeFileSync(file, named);
  }
  for (const [path, item] of items) {
    const file = `paths/${ownPaths.get(path) ? ownPaths.get(path).replace(/^paths\//, "") : pathFile(path)}`;
    const placed = yaml(place(item, { dir: "paths" }));
    if (ownPaths.has(path)) writeFileSync(join(dir, file), readFileSync(join(dir, file), "utf8") + placed);
    else write(file, placed);
  }
  for (const { kind, name, value } of components) write(`components/${KINDS[kind]}/${name}.yaml`, yaml(place(value, { dir: `components/${KINDS[kind]}` })));
  if (components.some(({ kind }) => kind === "header")) {
    write("components/headers/README.md", "# headers/\n\nShared response headers, one per file, named after the header in PascalCase without dashes:\n`XHasMore.yaml` is `X-Has-More`.\n");
  }

  // the index: the project's own up to `paths:`, then every path and schema
  const head = project.indexText.slice(0, project.indexText.search(/^paths:/m));
  const paths = { ...project.index.paths };
  for (const path of items.keys()) if (!ownPaths.has(path)) paths[path] = { $ref: `paths/${pathFile(path)}` };
  const schemas = { ...project.index.components?.schemas };
  for (const { kind, name } of components) if (kind === "schema") schemas[name] = { $ref: `components/schemas/${name}.yaml` };
  write("openapi.yaml", head + yaml({ paths, components: { ...project.index.components, schemas } }));
  writeFileSync(
    join(dir, "README.md"),
    `# openapi/ (synthetic)\n\nWritten by \`scripts/synthetic-spec.mjs\`: the project's own spec and operations, plus generated ones,\n${operations} operations in all, for growth benchmarks and tests. Not the service's real interface.\n\n` +
      readFileSync(join(source, "README.md"), "utf8").replace(/^# .*\n\n/, ""),
  );

  /** @type {Record<string, number>} */
  const byMethod = {};
  for (const op of [...project.operations, ...chosen]) byMethod[op.method] = (byMethod[op.method] ?? 0) + 1;
  return {
    dir,
    index: join(dir, "openapi.yaml"),
    operations: own + chosen.length,
    paths: Object.keys(paths).length,
    schemas: Object.keys(schemas).length,
    byMethod,
    tags: project.index.tags.map((tag) => tag.name).filter((tag) => [...project.operations, ...chosen].some((op) => op.tag === tag)),
    files,
  };
}

function main() {
  const { values } = parseArgs({
    options: {
      operations: { type: "string", default: "150" },
      out: { type: "string" },
      "no-client-methods": { type: "boolean", default: false },
    },
  });
  if (!values.out) throw new Error("give --out <dir>, a new or empty directory");
  if (!/^\d+$/.test(values.operations)) throw new Error(`--operations takes a whole number, not ${values.operations}`);
  const started = performance.now();
  const written = writeSyntheticSpec(values.out, { operations: Number(values.operations), clientMethods: !values["no-client-methods"] });
  const methods = Object.entries(written.byMethod).map(([method, n]) => `${n} ${method.toUpperCase()}`).join(", ");
  console.log(
    `synthetic-spec: wrote ${written.index}: ${written.operations} operations (${methods}) over ${written.paths} paths, ${written.schemas} schemas, ` +
      `${written.files} generated files, in ${Math.round(performance.now() - started)} ms`,
  );
}

if (isMain(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(`synthetic-spec: ${err.message}`);
    process.exit(1);
  }
}
