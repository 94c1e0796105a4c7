import { describe, expect, it } from 'vitest';
import { presetTypeOf } from './asset-paths';

describe('presetTypeOf', () => {
  it('reads the type from the resource page path, also below a base path', () => {
    expect(presetTypeOf('/manage/resourceManage/server')).toBe('SERVER');
    expect(presetTypeOf('/portal/manage/resourceManage/switch')).toBe('SWITCH');
    expect(presetTypeOf('/manage/resourceManage/chassis')).toBe('BLADECHASSIS');
    expect(presetTypeOf('/manage/resourceManage/assets')).toBeUndefined();
  });
});
