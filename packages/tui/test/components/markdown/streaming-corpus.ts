/**
 * Markdown documents for the streaming equivalence test, chosen for blocks that change type or extend as text
 * arrives: setext headings, lists continuing after blank lines, open code fences, tables, HTML blocks spanning
 * blank lines, reference definitions, raw <a> tags, indented code.
 */

const mixed = `# Streaming answer

Here is an overview with **bold**, *italic*, \`code\` and a [link](https://example.com/a "title").
It continues on a second line & has entities like &amp; and &#x1F600; and an autolink https://example.org/x.

Setext heading
==============

Another setext
--------------

1. first step
2. second step

3. third step after a blank line (the list becomes loose)

- bullet
  continued lazily
- [ ] task open
- [x] task done

  indented paragraph inside the item

    indented code after the list?

Final paragraph before code:

\`\`\`ts
export function add(a: number, b: number): number {

	return a + b; // blank line above stays inside the fence
}
\`\`\`

\`\`\`python
def greet(name):
    """Doc string

    with a blank line."""
    return f"hi {name}"
\`\`\`

| Column | Other | Right |
|:-------|:-----:|------:|
| a | **b** | 1 |
| longer cell text that wraps | c | 22 |

> A quote
> spanning lines
>
> and a second paragraph

> separate quote

***

The end.
`;

const html = `Some text first.

<div class="note">

Markdown *inside* the div after a blank line.

</div>

<!-- a comment

that spans a blank line -->

Raw <a href="https://example.com">open anchor without close

https://autolink.example/after-anchor is not linked while inside the anchor</a>

Now https://linked.example/again is linked.

<details>
<summary>More</summary>

Hidden text.

</details>

<pre>
preformatted

  text
</pre>

Trailing paragraph with <span>inline html</span>.
`;

const references = `Use [the guide][guide] and [Docs] and [missing][nope].

A paragraph in between.

- a list item linking [guide]

[guide]: https://example.com/guide "The Guide"

More text after the first definition.

[docs]: <https://example.com/docs>

[guide]: https://example.com/second-definition-ignored

Closing [guide] reference.
`;

const lists = `- one
- two

- three (loose now)

1) parenthesis list
2) second

10. ten
11. eleven

* star
    * nested deeper
        * deepest

  continued paragraph of star

Paragraph ending the list.

2. starts at two
3. three

- a

      indented code inside item

- b
`;

const fences = `Intro paragraph.
\`\`\`js
const a = 1;

const b = 2;
\`\`\`
Paragraph right after the fence.

~~~
tilde fence with \`\`\` inside
~~~

\`\`\`\`md
\`\`\`
nested backticks
\`\`\`
\`\`\`\`

    indented code line one

    indented code line two after blank

Text.

\`\`\`unknownlang
plain text in an unknown language
\`\`\`

\`\`\`
unterminated fence at the end
with more lines

and a blank line
`;

const tables = `| a | b |
|---|---|
| 1 | 2 |
| 3 | 4 |

Paragraph
| not | a table header |
|---|---|
| x | y |

| only header |
|---|

| escaped \\| pipe | \`code | span\` |
|---|---|
| v | w |
`;

const longParagraphs = Array.from(
	{ length: 12 },
	(_, i) =>
		`Paragraph ${i} ${"lorem ipsum dolor sit amet, consectetur adipiscing elit ".repeat(1 + (i % 4))}with a final word.`,
).join("\n\n");

const headings = `# One
## Two
### Three ###
#### Four
##### Five
###### Six
####### not a heading

Text
===

Text with trailing
---

- list then setext?
---

#Not a heading without space

---
Heading-like after hr
===
`;

const crlf = "Line one\r\n\r\nLine two\r\n\r\n- item\r\n- item two\r\n\r\nEnd\r\n";

/** Name → document. */
export const STREAMING_CORPUS: Record<string, string> = {
	mixed,
	html,
	references,
	lists,
	fences,
	tables,
	longParagraphs,
	headings,
	crlf,
};
