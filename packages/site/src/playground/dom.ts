// The few DOM helpers the playground is built from: an element with attributes and text, a
// labelled field, a select of options and a row of controls.

/** An element with attributes and, when given, text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  text = '',
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== '') e.textContent = text;
  return e;
}

/** A control with its label above it. */
export function field(label: string, control: HTMLElement): HTMLLabelElement {
  const wrap = el('label', { class: 'playq-field' });
  wrap.append(el('span', {}, label), control);
  return wrap;
}

/** Replaces a select's options (value, text) and keeps its value when it is still offered. */
export function setOptions(
  s: HTMLSelectElement,
  options: readonly (readonly [string, string])[],
  value = s.value,
) {
  s.replaceChildren(...options.map(([v, text]) => el('option', { value: v }, text)));
  s.value = options.some(([v]) => v === value) ? value : (options[0]?.[0] ?? '');
}

/** A select with a test id, its options and a value. */
export function select(
  id: string,
  options: readonly (readonly [string, string])[],
  value: string,
): HTMLSelectElement {
  const s = el('select', { 'data-testid': id });
  setOptions(s, options, value);
  return s;
}

/** A text input with a test id, a value and a width in characters. */
export function input(id: string, value: string, size: number): HTMLInputElement {
  return el('input', { 'data-testid': id, value, size: String(size) });
}

/** Controls side by side. */
export function row(...children: HTMLElement[]): HTMLDivElement {
  const r = el('div', { class: 'playq-row' });
  r.append(...children);
  return r;
}
