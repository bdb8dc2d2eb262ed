#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/. Keeping the bin outside dist/ lets npm link it
// before the workspace is built (npm install runs the build in the root `prepare` script).
import "../dist/cli.js";
