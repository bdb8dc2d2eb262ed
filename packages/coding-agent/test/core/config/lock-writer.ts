/**
 * Child process for the lock contention test: sets one settings key `count` times, each write under the file lock,
 * then prints the warnings it received as JSON.
 */
import { SettingsManager } from "../../../src/core/config/settings.js";

const [agentDir, cwd, key, countText] = process.argv.slice(2) as [
	string,
	string,
	"theme" | "lastChangelogVersion",
	string,
];
const warnings: string[] = [];
const settings = SettingsManager.create({ agentDir, cwd, onWarning: (message) => warnings.push(message) });
for (let i = 1; i <= Number(countText); i++) settings.set(key, `${key}-${i}`);
process.stdout.write(JSON.stringify(warnings));
