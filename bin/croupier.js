#!/usr/bin/env node
// Runs the CLI compiled into dist/ (scripts/build.mjs). A checkout this process may write is rebuilt first
// when src/ changed since (no build step stands between a clone and a run); an install it may not write runs
// the build made by its install or upgrade step, and never writes there.
import { ensureBuilt, runBuilt } from '../scripts/build.mjs';

let entry;
try {
  entry = await ensureBuilt();
} catch (err) {
  process.stderr.write(`croupier: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
runBuilt(entry);
