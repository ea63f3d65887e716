import type { UserEvent } from '@testing-library/user-event';

/**
 * Enters `text` into a field as one paste (a click, then one input event) instead of a keystroke
 * per character: for fields whose value, not their keystrokes, a test is about. Each keystroke
 * re-renders the screen's whole form, which is most of a long form test's time. Like `user.type`,
 * it adds to the end of what the field holds. Keep `user.type` where a test is about keystrokes
 * (masks, number inputs that drop characters, a debounce between keys).
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
