/** /model: fuzzy search over the available models with provider, context window and price; current marked. */
import type { Model } from "@pi/ai";
import { formatTokens } from "../components/format.js";
import type { Theme } from "../theme/theme.js";
import { SearchList, SearchListSelector } from "./search-list.js";

export const MODEL_SELECTOR_TEXT = {
	title: "Select model",
	current: " ✓",
	price: (input: number, output: number) => `$${formatPrice(input)}/$${formatPrice(output)} per M`,
	free: "free",
	context: (tokens: number) => `${formatTokens(tokens)} ctx`,
} as const;

function formatPrice(usd: number): string {
	return Number.isInteger(usd) ? String(usd) : usd.toFixed(2).replace(/0$/, "");
}

export interface ModelSelectorOptions {
	theme: Theme;
	models: readonly Model[];
	/** The model in use (marked with ✓ and highlighted first). */
	current?: { provider: string; id: string };
	onSelect: (model: Model) => void;
	onCancel: () => void;
}

/** The description of a model row: name, context window, price. */
export function describeModel(model: Model): string {
	const price =
		model.cost.input === 0 && model.cost.output === 0
			? MODEL_SELECTOR_TEXT.free
			: MODEL_SELECTOR_TEXT.price(model.cost.input, model.cost.output);
	return [model.name !== model.id ? model.name : "", MODEL_SELECTOR_TEXT.context(model.contextWindow), price]
		.filter(Boolean)
		.join(" · ");
}

export class ModelSelector extends SearchListSelector<Model> {
	protected readonly list: SearchList<Model>;

	constructor(options: ModelSelectorOptions) {
		super();
		const isCurrent = (model: Model) => options.current?.provider === model.provider && options.current.id === model.id;
		this.list = new SearchList<Model>({
			theme: options.theme,
			title: MODEL_SELECTOR_TEXT.title,
			entries: options.models,
			toItem: (model) => ({
				value: `${model.provider}/${model.id}`,
				label: `${model.provider}/${model.id}${isCurrent(model) ? MODEL_SELECTOR_TEXT.current : ""}`,
				description: describeModel(model),
			}),
			searchText: (model) => `${model.provider}/${model.id} ${model.name}`,
			onSelect: options.onSelect,
			onCancel: options.onCancel,
		});
		this.list.highlight(isCurrent);
	}

	/** The models matching the search, best first. */
	getVisibleModels(): Model[] {
		return this.list.getVisibleEntries();
	}
}
