/**
 * A prerendered page (web/build/prerender.ts) can be typed into before the app is here; React then
 * replaces it with the same page (main.tsx). What was typed moves across, matched by field name,
 * and so does the focus, so a student who started on the login form loses nothing.
 */
export interface Typed {
  values: [name: string, value: string][];
  focused?: string;
}

const fields = (root: ParentNode) => [...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')];

/** The fields of the prerendered copies that hold something typed, and the one with the focus. */
export function typedInto(root: ParentNode): Typed {
  const active = document.activeElement;
  const all = fields(root);
  return {
    values: all.filter((f) => f.value !== f.defaultValue).map((f) => [f.name, f.value]),
    focused: all.find((f) => f === active)?.name,
  };
}

/**
 * Types `typed` into the app's fields of the same names as a user would (the value, then an `input`
 * event, so React and the form library see the change), and gives the focus back.
 */
export function carryOverInput(root: ParentNode, typed: Typed): void {
  for (const [name, value] of typed.values) {
    const field = fields(root).find((f) => f.name === name);
    if (!field) continue;
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    // The prototype's setter, not the element's own: React tracks the value it last set there.
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const focus = typed.focused && fields(root).find((f) => f.name === typed.focused);
  if (focus) {
    focus.focus();
    const end = focus.value.length;
    if (focus.type !== 'email' && focus.type !== 'number') focus.setSelectionRange?.(end, end);
  }
}
