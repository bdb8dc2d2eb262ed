/**
 * Where the hardware cursor belongs. A focused component puts this zero-width APC sequence right before the
 * cell the cursor should sit on; the renderer finds it, strips it and moves the terminal cursor there (so IME
 * candidate windows and screen readers follow the caret). Terminals ignore APC strings they do not know.
 */
export const CURSOR_MARKER = "\x1b_pi:c\x07";
