// Loaded with --import by npm run bench: prints the process's peak resident set size when it
// exits, on stderr, as "maxrss <KB>".
process.on("exit", () => {
  process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\n`);
});
