#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/. Keeping the bin outside dist/ lets npm link it
// before the workspace is built (npm install runs the build in the root `prepare` script).
//
// `npm run build` also bundles the CLI into dist/bundle/ (scripts/bundle.mjs): far fewer files to load at start-up.
// The bundle is used only while it is at least as new as every package's compiled output, so a `tsc -b` without the
// bundle step never runs stale code.
import { statSync } from "node:fs";

const here = new URL(".", import.meta.url);
const mtime = (path) => statSync(new URL(path, here), { throwIfNoEntry: false })?.mtimeMs;
const bundled = mtime("../dist/bundle/modules.json");
const compiled = ["../dist/", "../../ai/dist/", "../../agent/dist/", "../../tui/dist/"].map((dir) =>
	mtime(`${dir}.tsbuildinfo`),
);
const fresh = bundled !== undefined && compiled.every((time) => time === undefined || time <= bundled);
await import(fresh ? "../dist/bundle/cli.js" : "../dist/cli.js");
