#!/usr/bin/env node
// Adds lockfile entries for platform-specific optional packages (esbuild, rollup, biome, ...) that npm left out.
//
// Why: npm 11 records an optional dependency only when it can read its manifest from the registry, and the
// registry mirror this project is developed against serves just the packages of the current platform. The lock
// then lacks the other platforms' entries and `npm ci` refuses it ("Missing: @biomejs/cli-darwin-x64@ from lock
// file"). An entry with the exact version and the os/cpu read from the package name is enough: `npm ci` skips
// packages for other platforms without downloading them. Run this after any `npm install` that changed the lock.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const lockPath = join(dirname(fileURLToPath(import.meta.url)), "..", "package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const OS_WORDS = [
	"android",
	"darwin",
	"linux",
	"win32",
	"freebsd",
	"openbsd",
	"netbsd",
	"sunos",
	"aix",
	"openharmony",
	"cygwin",
];
const CPU_WORDS = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32"];

/** Reads os/cpu/libc from names such as `@rollup/rollup-linux-arm64-musl` or `@esbuild/win32-ia32`. */
function platformOf(name) {
	const words = name.split("/").pop().split("-");
	const os = OS_WORDS.find((w) => words.includes(w) || (w === "win32" && words.includes("windows")));
	const cpu = CPU_WORDS.find((w) => words.includes(w) || (w === "arm" && words.includes("eabi")));
	const libc = words.includes("musl")
		? "musl"
		: words.includes("gnu") || words.includes("gnueabihf")
			? "glibc"
			: undefined;
	return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
	const optional = entry.optionalDependencies;
	if (!optional || path === "") continue;
	for (const [name, spec] of Object.entries(optional)) {
		if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact pins (the platform-package pattern)
		const { os, cpu, libc } = platformOf(name);
		if (!os && !cpu) continue;
		const nested = `${path}/node_modules/${name}`;
		const top = `node_modules/${name}`;
		if (packages[nested] || (packages[top] && packages[top].version === spec)) continue;
		const target = packages[top] ? nested : top;
		const record = { version: spec };
		if (cpu) record.cpu = [cpu];
		if (entry.dev) record.dev = true;
		if (libc) record.libc = [libc];
		record.license = entry.license ?? "MIT";
		record.optional = true;
		if (os) record.os = [os];
		packages[target] = record;
		added++;
	}
}

lock.packages = Object.fromEntries(
	Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, "\t")}\n`);
console.log(`added ${added} platform package entries to package-lock.json`);
