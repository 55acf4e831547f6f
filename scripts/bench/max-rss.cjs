// Loaded with `node --require` into a tool the bench times: at exit, the process's peak resident set
// (process.resourceUsage().maxRSS, in KiB, worker threads included) as one line on standard error,
// which peers.mjs `maxRssOf` reads back.
process.once("exit", () => {
  process.stderr.write(`\nbench-max-rss-kib: ${process.resourceUsage().maxRSS}\n`);
});
