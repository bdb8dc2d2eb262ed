import { describe, expect, it } from "vitest";
import { askSelect, SELECT_PROMPT_TEXT, selectAnswer, selectQuestion } from "../../../src/core/auth/select-prompt.js";

const prompt = {
	message: "How?",
	options: [
		{ id: "browser", label: "Browser (default)" },
		{ id: "device_code", label: "Device code" },
	],
};

describe("a sign-in flow's choice asked as a numbered question", () => {
	it("lists the options numbered, then says what to type", () => {
		expect(selectQuestion(prompt).split("\n")).toEqual([
			"How?",
			"  1) Browser (default)",
			"  2) Device code",
			SELECT_PROMPT_TEXT.answer(2),
		]);
	});

	it("Enter takes the first option; a number or an id picks one; anything else picks none", () => {
		expect(selectAnswer(prompt, "")).toBe("browser");
		expect(selectAnswer(prompt, " 2 ")).toBe("device_code");
		expect(selectAnswer(prompt, "device_code")).toBe("device_code");
		expect(selectAnswer(prompt, "3")).toBeUndefined();
		expect(selectAnswer(prompt, "0")).toBeUndefined();
		expect(selectAnswer(prompt, "ssh")).toBeUndefined();
	});

	it("asks again after a wrong answer, naming it; stopped asking (stdin ended, cancelled) takes the default", async () => {
		const answers = ["7", "2"];
		const asked: string[] = [];
		const picked = await askSelect(prompt, async (question) => {
			asked.push(question);
			return answers.shift();
		});
		expect(picked).toBe("device_code");
		expect(asked[1]?.split("\n")[0]).toBe(SELECT_PROMPT_TEXT.invalid("7"));
		expect(await askSelect(prompt, async () => undefined)).toBe("browser");
	});
});
