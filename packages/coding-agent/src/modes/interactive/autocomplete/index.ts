export { CombinedAutocompleteProvider } from "./combined.js";
export { FileMentionProvider, type FileMentionProviderOptions, listProjectFiles } from "./file-mentions.js";
export {
	completionCommands,
	SLASH_TEXT,
	type SlashCommandInfo,
	SlashCommandProvider,
	type SlashCommandProviderOptions,
} from "./slash-commands.js";
