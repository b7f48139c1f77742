#!/usr/bin/env node
// Runs the CLI compiled into dist/ (scripts/build.mjs). A checkout this process may write is rebuilt first
// when src/ changed since (no build step stands between a clone and a run); an install it may not write runs
// the build made by its install or upgrade step, and never writes there. CommonJS (bin/package.json), as is
// scripts/run-build.cjs: an ES module entry has Node start its ES module loader first, in every run.
const { ensureBuilt, runBuilt } = require('../scripts/run-build.cjs');

ensureBuilt().then(runBuilt, (err) => {
  process.stderr.write(`croupier: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
