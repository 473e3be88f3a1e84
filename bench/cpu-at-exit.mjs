// Loaded with --import by npm run bench: prints the process's CPU time (user + system) when it
// exits, on stderr, as "cpu <ms>".
process.on("exit", () => {
  const used = process.cpuUsage();
  process.stderr.write(`cpu ${Math.round((used.user + used.system) / 1000)}\n`);
});
