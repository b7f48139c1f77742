#!/usr/bin/env node
// Runs the CLI compiled into dist/ (scripts/build.mjs), rebuilding it first when src/ changed since:
// no build step stands between a clone and a run, and TypeScript is not compiled on every start.
import { ensureBuilt, runBuilt } from '../scripts/build.mjs';

runBuilt(await ensureBuilt());
