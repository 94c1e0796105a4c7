import { describe, expect, it } from 'vitest';
import { desktopPagePath, desktopSocketUrl } from './desktop-url';

describe('desktop addresses', () => {
  it('open the viewer at /desktop/<session id>', () => {
    expect(desktopPagePath('abcDEF12_-')).toBe('/desktop/abcDEF12_-');
  });

  it('connect over wss from an https page and ws from an http one, on the same host and port', () => {
    expect(desktopSocketUrl({ protocol: 'https:', host: 'portal.example.org' }, 's1234567', 't/k+n')).toBe(
      'wss://portal.example.org/desktopandapp/api/vncs/s1234567/ws?ticket=t%2Fk%2Bn',
    );
    expect(desktopSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 's1234567', 'tk')).toBe(
      'ws://127.0.0.1:8080/desktopandapp/api/vncs/s1234567/ws?ticket=tk',
    );
  });
});
