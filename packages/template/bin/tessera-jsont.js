#!/usr/bin/env node
// The tessera-jsont command: a shim over the built CLI (run `npx tsc -b packages/template` first).
import '../dist/cli.js';
