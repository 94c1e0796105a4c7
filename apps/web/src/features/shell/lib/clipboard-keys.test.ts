import { describe, expect, it } from 'vitest';
import { clipboardKey } from './clipboard-keys';

const key = (code: string, mods: Partial<Record<'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey', boolean>>) => ({
  code,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('clipboardKey', () => {
  it('copies on Ctrl+Shift+C and pastes on Ctrl+Shift+V', () => {
    expect(clipboardKey(key('KeyC', { ctrlKey: true, shiftKey: true }))).toBe('copy');
    expect(clipboardKey(key('KeyV', { ctrlKey: true, shiftKey: true }))).toBe('paste');
  });

  it('leaves Ctrl+C and Ctrl+V to the program in the terminal', () => {
    expect(clipboardKey(key('KeyC', { ctrlKey: true }))).toBeNull();
    expect(clipboardKey(key('KeyV', { ctrlKey: true }))).toBeNull();
    expect(clipboardKey(key('KeyC', { ctrlKey: true, shiftKey: true, altKey: true }))).toBeNull();
    expect(clipboardKey(key('KeyX', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });
});
