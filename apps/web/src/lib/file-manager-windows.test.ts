import { describe, expect, it } from 'vitest';
import { fileManagerWindows } from './file-manager-windows';

const fakeWindow = () => {
  const w = {
    closed: false,
    close: () => {
      w.closed = true;
    },
  };
  return w;
};

describe('file-manager windows (logout warns while one is open, then closes them)', () => {
  it('reports open windows and forgets the ones the user closed', () => {
    const a = fakeWindow();
    fileManagerWindows.add(a);
    expect(fileManagerWindows.anyOpen()).toBe(true);
    a.close();
    expect(fileManagerWindows.anyOpen()).toBe(false);
  });

  it('closes every open window at logout', () => {
    const a = fakeWindow();
    const b = fakeWindow();
    fileManagerWindows.add(a);
    fileManagerWindows.add(b);
    fileManagerWindows.add(null);
    fileManagerWindows.closeAll();
    expect(a.closed && b.closed).toBe(true);
    expect(fileManagerWindows.anyOpen()).toBe(false);
  });
});
