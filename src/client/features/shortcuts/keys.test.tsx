import { afterEach, describe, expect, it } from 'vitest';
import { isPaletteShortcut, isPlainShortcut, isTyping } from './keys';

function key(target: HTMLElement, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

function element(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('back-office shortcuts', () => {
  it('never fire while typing in a text field, a text area, a select or an editable area', () => {
    for (const html of [
      '<input type="search">',
      '<input>',
      '<textarea></textarea>',
      '<select><option>a</option></select>',
      '<div contenteditable="true"></div>',
    ]) {
      const field = element(html);
      expect(isTyping(field), html).toBe(true);
      expect(isPlainShortcut(key(field, { key: 'j' })), html).toBe(false);
      expect(isPaletteShortcut(key(field, { key: 'k', ctrlKey: true })), html).toBe(false);
    }
  });

  it('fire from a link, a button or a selection box, but not with Alt or over an open dialog', () => {
    for (const html of ['<a href="/x">VH1</a>', '<button>b</button>', '<input type="checkbox">']) {
      const control = element(html);
      expect(isPlainShortcut(key(control, { key: 'j' })), html).toBe(true);
      expect(isPaletteShortcut(key(control, { key: 'k', metaKey: true })), html).toBe(true);
    }
    const link = element('<a href="/x">VH1</a>');
    expect(isPlainShortcut(key(link, { key: 'j', altKey: true }))).toBe(false);
    expect(isPlainShortcut(key(link, { key: 'j', ctrlKey: true }))).toBe(false);
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog"></div>');
    expect(isPlainShortcut(key(link, { key: 'j' }))).toBe(false);
  });
});
